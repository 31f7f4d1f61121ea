"""Orienteering benchmark: the kit's CP-SAT model against the plain `AddCircuit` model on
Tsiligirides' sets 1-3, in the same run, with the published best known scores beside them.

    python benchmarks/orienteering.py [--sets 1 2 3] [--time-limit S] [--workers 2]
                                      [--kit prune,hint,...]

Prints one line per instance (kit and plain score, status and seconds), then per set and
overall: the number of scores matched and proven optimal, the total seconds and the speed ratio
plain / kit. `--kit` picks which parts of `Strengthening` are on, to measure what each brings.
Ctrl-C stops at the instance being solved and prints the figures of those finished."""

from __future__ import annotations

import csv
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

from kit.core.commands import ArgumentParser, UsageError, count, run, seconds
from kit.solve.orienteering import (
    OPResult,
    Strengthening,
    read_op_file,
    solve,
    solve_plain,
)

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "op-tsiligirides"


def best_known(data: Path) -> list[tuple[int, Path, int]]:
    """(set, file, best known score) for every instance listed in `best_known.tsv`."""
    with open(data / "best_known.tsv", encoding="utf-8") as table:
        rows = csv.DictReader(table, delimiter="\t")
        return [(int(r["set"]), data / r["file"], int(r["best_known_score"])) for r in rows]


def cell(result: OPResult) -> str:
    return f"{result.score:>5} {result.status:<9} {result.wall_time:>7.2f}"


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="orienteering", description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, nargs="+", choices=[1, 2, 3], default=[1, 2, 3])
    parser.add_argument("--time-limit", type=seconds, default=60.0)
    parser.add_argument("--workers", type=count, default=2)
    parser.add_argument("--data", type=Path, default=DATA)
    names = [f.name for f in dataclasses.fields(Strengthening)]
    parser.add_argument(
        "--kit",
        default=None,
        help=f"comma-separated parts to turn on, among {', '.join(names)} "
        "(default: the kit's choice)",
    )
    args = parser.parse_args(list(argv))
    strengthening = Strengthening()
    if args.kit is not None:
        chosen = {part for part in args.kit.split(",") if part}
        if unknown := chosen - set(names):
            raise UsageError(
                f"argument --kit: unknown parts {sorted(unknown)}; choose among {names}"
            )
        strengthening = Strengthening(**{name: name in chosen for name in names})
    print(f"kit model: {strengthening}; time limit {args.time_limit:g} s, {args.workers} workers")
    print(
        f"{'instance':<36} {'best':>5} | {'kit':>5} {'status':<9} {'s':>7} | "
        f"{'plain':>5} {'status':<9} {'s':>7}"
    )
    totals: dict[int | str, dict[str, float]] = {}
    for number, path, best in best_known(args.data):
        if number not in args.sets:
            continue
        instance = read_op_file(path)
        kit = solve(
            instance, time_limit=args.time_limit, workers=args.workers, strengthening=strengthening
        )
        if kit.interrupted:
            break
        plain = solve_plain(instance, time_limit=args.time_limit, workers=args.workers)
        if plain.interrupted:
            break
        print(f"{instance.name:<36} {best:>5} | {cell(kit)} | {cell(plain)}", flush=True)
        for key in (number, "all"):
            total = totals.setdefault(
                key,
                dict.fromkeys(
                    ["n", "kit_s", "plain_s", "kit_ok", "plain_ok", "kit_proven", "plain_proven"], 0
                ),
            )
            total["n"] += 1
            for label, result in (("kit", kit), ("plain", plain)):
                total[f"{label}_s"] += result.wall_time
                total[f"{label}_ok"] += result.score == best
                total[f"{label}_proven"] += result.score == best and result.optimal
    print()
    for key in [*sorted(k for k in totals if k != "all"), "all"]:
        t = totals[key]
        name = f"set {key}" if key != "all" else "all sets"
        ratio = t["plain_s"] / t["kit_s"] if t["kit_s"] else float("nan")
        print(
            f"{name:<9} {t['n']:>3.0f} instances | kit: {t['kit_ok']:.0f} matched, "
            f"{t['kit_proven']:.0f} proven, {t['kit_s']:7.2f} s | plain: {t['plain_ok']:.0f} "
            f"matched, {t['plain_proven']:.0f} proven, {t['plain_s']:7.2f} s | "
            f"plain/kit {ratio:.2f}x"
        )
    everything = totals.get("all", {})
    return 0 if everything and everything["kit_proven"] == everything["n"] else 1


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="orienteering"))
