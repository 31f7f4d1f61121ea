"""How many cases of each class of bad input and fault the tests hold the kit to: saves and
files, seeds, processes and limits, content mistakes, true messages, and the tests that hold at
any speed. Each class is a set of test files (and name filters); the cases are the tests pytest
collects there, parametrised cases and Hypothesis tests counted once each. With `--run` they
are run too, and each class prints how many pass (and the name of any that does not).

    python benchmarks/reliability.py          # counts, from collection (seconds)
    python benchmarks/reliability.py --run    # and how many hold now (minutes)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from kit.core.bench import load_average
from kit.core.commands import ArgumentParser, run

ROOT = Path(__file__).resolve().parents[1]
CLASSES: dict[str, list[str]] = {
    "nothing lost (files, saves, signals)": [
        "tests/core/test_files.py",
        "tests/core/test_saves.py",
    ],
    "seeds": ["tests/core/test_rng.py"],
    "processes and limits": ["tests/core/test_pools.py", "tests/core/test_limits.py"],
    "content mistakes": ["tests/core/test_data.py"],
    "orienteering files and messages": [
        "tests/solve/test_orienteering.py -k 'instance or read or infeasible or budget'"
    ],
    "commands (plot, seed, save, signals)": ["tests/test_cli.py -k 'plot or seed or save or sig'"],
    "tournament arguments": ["tests/tournament/test_tournament.py -k 'argument or seed'"],
    "exercises' hints": ["tests/test_lessons.py -k 'answer or hint or nan'"],
}


def cases(target: str, execute: bool) -> tuple[int, int]:
    """The cases of `target` (a file, perhaps with a `-k` filter) and, run, how many pass."""
    file, _, keep = target.partition(" -k ")
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", file]
    argv += ["-k", keep.strip("'")] if keep else []
    if not execute:
        out = subprocess.run(argv + ["--collect-only"], cwd=ROOT, capture_output=True, text=True)
        return sum("::" in line for line in out.stdout.splitlines()), 0
    out = subprocess.run(argv + ["-rA"], cwd=ROOT, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    ran = [line for line in lines if re.match(r"(PASSED|FAILED|ERROR) ", line)]
    for line in ran:
        if not line.startswith("PASSED "):
            print(f"  {line}", flush=True)
    return len(ran), sum(line.startswith("PASSED ") for line in ran)


def main() -> int:
    parser = ArgumentParser(prog="reliability", description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", action="store_true", help="run the cases, not only count them")
    args = parser.parse_args()
    print(load_average(), flush=True)
    print(f"{'class':<40} {'cases':>6}" + (f" {'hold':>6}" if args.run else ""))
    for name, targets in CLASSES.items():
        counted = [cases(target, args.run) for target in targets]
        total, held = sum(c for c, _ in counted), sum(h for _, h in counted)
        print(f"{name:<40} {total:>6}" + (f" {held:>6}" if args.run else ""), flush=True)
    print(load_average())
    return 0


if __name__ == "__main__":
    sys.exit(run(main, "reliability"))
