"""The four-week planner on its ten standard deals (`STANDARD_SEEDS`).

    python benchmarks/four_weeks.py [--seeds 1 2 ...] [--time-limit 10] [--workers 2]
                                    [--plays 1000] [--weeks 4]

Prints, per deal: the plan's score, the proof status, the bound and the gap, the solve time
and its CPU seconds (this process's and the refining processes'), the best greedy-bot score
over `--plays` plays of the same deal (play 0 the bot itself, the others randomised near its
choices; `--plays 50` for a quick run) and the plan's margin over it. `--weeks 1` plays a
shorter game on the same content (the rules' `weeks` changed in a copy of it): how far proofs
reach. The machine's load average is printed first and last: the times are only comparable on
a quiet machine."""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import tempfile
import time
from pathlib import Path

from kit.core.bench import load_average
from kit.four_weeks.content import DATA_DIR
from kit.solve.four_weeks import STANDARD_SEEDS, greedy_score, solve, standard_puzzle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", nargs="*", type=int, default=list(STANDARD_SEEDS))
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plays", type=int, default=1000, help="greedy plays per deal")
    parser.add_argument("--weeks", type=int, default=None, help="a shorter game: its weeks")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        content = None if args.weeks is None else shortened(Path(folder), args.weeks)
        run(args, content)


def shortened(folder: Path, weeks: int) -> str:
    """A copy of the built-in content in `folder` with the rules' `weeks` changed."""
    copy = folder / "four_weeks"
    shutil.copytree(DATA_DIR, copy)
    rules = copy / "rules.toml"
    text, found = re.subn(r"(?m)^weeks = \d+", f"weeks = {weeks}", rules.read_text())
    if found != 1:
        raise SystemExit("rules.toml: no line 'weeks = N' to change")
    rules.write_text(text)
    return str(copy)


def run(args: argparse.Namespace, content: str | None) -> None:
    print(load_average())
    print(
        f"{'deal':>4} {'score':>5} {'status':<10} {'bound':>6} {'gap':>6} {'time s':>7} "
        f"{'cpu s':>6} {'greedy':>6} {'plays':>5} {'greedy s':>8} {'margin':>6}"
    )
    beaten = proven = 0
    for seed in args.seeds:
        puzzle = standard_puzzle(seed, content=content)
        cpu = _cpu_seconds()
        plan = solve(puzzle, args.time_limit, args.workers)
        cpu = _cpu_seconds() - cpu
        began = time.perf_counter()
        greedy = greedy_score(puzzle, args.plays)
        greedy_time = time.perf_counter() - began
        score = "-" if plan.objective is None else plan.objective
        bound = "-" if plan.bound is None else f"{plan.bound:g}"
        gap = "-" if plan.gap is None else f"{plan.gap:.0%}"
        margin = "-" if plan.objective is None else f"{plan.objective - greedy:+d}"
        beaten += plan.objective is not None and plan.objective > greedy
        proven += plan.is_optimal
        print(
            f"{seed:>4} {score:>5} {plan.status:<10} {bound:>6} {gap:>6} {plan.solve_time:>7.1f} "
            f"{cpu:>6.1f} {greedy:>6} {args.plays:>5} {greedy_time:>8.1f} {margin:>6}",
            flush=True,
        )
    print(f"proven optimal: {proven} of {len(args.seeds)}; beats the greedy bot's best: {beaten}")
    print(load_average())


def _cpu_seconds() -> float:
    """The CPU seconds of this process and of its ended children (the refining processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


if __name__ == "__main__":
    main()
