"""Orienteering benchmark: the kit's CP-SAT model against the plain `AddCircuit` model on
Tsiligirides' sets 1-3 and Chao, Golden and Wasil's sets 64 and 66, in the same run, with the
best known scores beside them.

    python benchmarks/orienteering.py [--sets 1 2 3 64 66] [--time-limit S] [--plain-limit S]
                                      [--workers 2] [--kit prune,hint,...]

Prints one line per instance (kit and plain score, status and seconds), then per set and
overall: the number of instances proven optimal, the total seconds and the speed ratio
plain / kit. The optimum to match is the best known score, except where the kit proves a higher
one (`PROVEN_ABOVE_BEST_KNOWN`); a kit route longer than Tmax in exact arithmetic (legs are
rounded down) would be flagged. `--plain-limit` caps the plain model's time on each instance
(default: the same as `--time-limit`). A run stopped unproven counts in the totals with the time
it ran, which is less than a proof would take: a plain total with such runs is a lower bound,
marked ">=", and so is the ratio plain / kit as long as the kit proved every instance (when the
kit too stops unproven, both totals are lower bounds and their ratio bounds nothing; the totals
say so). `--kit` picks which parts of `Strengthening` are on, to measure what each brings.
Ctrl-C stops at the instance being solved and prints the figures of those finished."""

from __future__ import annotations

import csv
import dataclasses
import os
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

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
FOLDERS = {1: "op-tsiligirides", 2: "op-tsiligirides", 3: "op-tsiligirides"}
FOLDERS |= {64: "op-chao", 66: "op-chao"}

PROVEN_ABOVE_BEST_KNOWN = {"chao_set_64_1_80": 1284}
"""Instances whose proven optimum is above every published score (set 64 with Tmax 80: 1272)."""


def best_known(data: Path, sets: Sequence[int]) -> list[tuple[int, Path, int]]:
    """(set, file, best known score) for every instance of `sets` listed in the tables."""
    found = []
    for folder in sorted({FOLDERS[number] for number in sets}):
        with open(data / folder / "best_known.tsv", encoding="utf-8") as table:
            for row in csv.DictReader(table, delimiter="\t"):
                if int(row["set"]) in sets:
                    path = data / folder / row["file"]
                    found.append((int(row["set"]), path, int(row["best_known_score"])))
    return found


def cell(result: OPResult) -> str:
    return f"{result.objective:>5} {result.status:<9} {result.solve_time:>7.2f}"


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="orienteering", description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, nargs="+", choices=sorted(FOLDERS), default=None)
    parser.add_argument("--time-limit", type=seconds, default=60.0)
    parser.add_argument("--plain-limit", type=seconds, default=None)
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
    sets = sorted(FOLDERS) if args.sets is None else args.sets
    plain_limit = args.time_limit if args.plain_limit is None else args.plain_limit
    strengthening = Strengthening()
    if args.kit is not None:
        chosen = {part for part in args.kit.split(",") if part}
        if unknown := chosen - set(names):
            raise UsageError(
                f"argument --kit: unknown parts {sorted(unknown)}; choose among {names}"
            )
        strengthening = Strengthening(**{name: name in chosen for name in names})
    print(
        f"kit model: {strengthening}; time limit {args.time_limit:g} s (plain model "
        f"{plain_limit:g} s), {args.workers} workers; load {os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'instance':<36} {'best':>5} | {'kit':>5} {'status':<9} {'s':>7} | "
        f"{'plain':>5} {'status':<9} {'s':>7}"
    )
    totals: dict[int | str, dict[str, float]] = {}
    for number, path, best in best_known(args.data, sets):
        instance = read_op_file(path)
        optimum = PROVEN_ABOVE_BEST_KNOWN.get(instance.name, best)
        kit = solve(
            instance, time_limit=args.time_limit, workers=args.workers, strengthening=strengthening
        )
        if kit.interrupted:
            break
        plain = solve_plain(instance, time_limit=plain_limit, workers=args.workers)
        if plain.interrupted:
            break
        note = "" if optimum == best else f"  (proven {optimum}, above the best known)"
        if kit.indices and not instance.fits_exactly(kit.indices):
            note += "  (the kit's route is over Tmax in exact arithmetic)"
        print(f"{instance.name:<36} {best:>5} | {cell(kit)} | {cell(plain)}{note}", flush=True)
        for key in (number, "all"):
            total = totals.setdefault(
                key, dict.fromkeys(["n", "kit_s", "plain_s", "kit_proven", "plain_proven"], 0)
            )
            total["n"] += 1
            for label, result in (("kit", kit), ("plain", plain)):
                total[f"{label}_s"] += result.solve_time
                total[f"{label}_proven"] += result.objective == optimum and result.is_optimal
    print(f"\nload {os.getloadavg()[0]:.1f}")
    for key in [*sorted(k for k in totals if k != "all"), "all"]:
        t = totals[key]
        name = f"set {key}" if key != "all" else "all sets"
        plain_capped, kit_capped = t["n"] - t["plain_proven"], t["n"] - t["kit_proven"]
        plain_total = f"{'>=' if plain_capped else ''}{t['plain_s']:.2f} s"
        ratio = t["plain_s"] / t["kit_s"] if t["kit_s"] else float("nan")
        if kit_capped:  # both totals are lower bounds: their ratio bounds nothing
            ratio_text = f"{ratio:.2f}x, not a bound ({kit_capped:.0f} kit runs stopped unproven)"
        else:
            ratio_text = f"{'>=' if plain_capped else ''}{ratio:.2f}x"
        print(
            f"{name:<9} {t['n']:>3.0f} instances | kit: {t['kit_proven']:.0f} proven, "
            f"{t['kit_s']:7.2f} s | plain: {t['plain_proven']:.0f} proven, {plain_total} "
            f"({plain_capped:.0f} stopped unproven, counted at the time they ran) "
            f"| plain/kit {ratio_text}"
        )
    everything = totals.get("all", {})
    return 0 if everything and everything["kit_proven"] == everything["n"] else 1


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="orienteering"))
