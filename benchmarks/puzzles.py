"""Puzzle generation benchmark: how long `kit.puzzles` takes to make and prove a puzzle, per kind
and difficulty, over a number of seeds.

    python benchmarks/puzzles.py [--kinds orienteering amazing_journey] [--seeds 10] [--first 0]
                                 [--difficulties easy medium hard] [--planner]

For each puzzle: the generation time (every draw of its attempts, each with its proof, until one
is kept), wall and CPU (the process's own, the fairer figure on a shared machine), and the proof
time of the puzzle kept (orienteering: the exact search over every set of points and the CP-SAT
planner's own proof; 80 days and Grand Tour: the exhaustive search over engine states); then
per kind and difficulty the median and the worst, and how many of the seeds were made within
`TARGET` seconds (wall, and CPU). Last, the puzzle panel on the first seed's easy puzzle of
each kind: the time to build it, and for each step of the optimal route clicked on the map (the
Python side, from the browser's message to the redrawn panel) the time and the bytes sent.
`--planner` also times the CP-SAT 80-day planner (`kit.solve.amazing_journey.solve`, 2 workers)
on each 80-day puzzle kept and says whether it proves the same optimum. The load average is
printed at the start and the end: the machine is shared."""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Sequence

from kit.core.commands import ArgumentParser, count, run, whole
from kit.puzzles import DIFFICULTIES, KINDS, JourneyPuzzle, PointsPuzzle, TourPuzzle, generate
from kit.solve.amazing_journey import solve as plan_journey
from kit.widgets import PuzzlePanel, puzzle
from kit.widgets.traffic import recorded

TARGET = 5.0
"""A classroom puzzle (easy or medium) is made and proven within this many seconds."""

PLANNER_SECONDS = 60.0


def proof_seconds(puzzle: PointsPuzzle | JourneyPuzzle | TourPuzzle) -> float:
    if isinstance(puzzle, PointsPuzzle):
        return puzzle.optimum.solve_time + puzzle.planner.solve_time
    return puzzle.optimum.solve_time


def main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--seeds", type=count, default=10)
    parser.add_argument("--first", type=whole, default=0)
    parser.add_argument("--difficulties", nargs="+", choices=DIFFICULTIES, default=DIFFICULTIES)
    parser.add_argument("--planner", action="store_true")
    args = parser.parse_args(list(argv))
    print(f"{args.seeds} seeds from {args.first}; load {os.getloadavg()[0]:.1f}")
    print(
        f"{'kind':<17} {'level':<7} {'seed':>4} {'tries':>5} {'made s':>7} {'cpu s':>7} "
        f"{'proof s':>7}  optimum"
    )
    summary = []
    for kind in args.kinds:
        for difficulty in args.difficulties:
            made, cpu, proofs = [], [], []
            for seed in range(args.first, args.first + args.seeds):
                began, used = time.perf_counter(), time.process_time()
                puzzle = generate(kind, seed, difficulty)
                made.append(time.perf_counter() - began)
                cpu.append(time.process_time() - used)
                proofs.append(proof_seconds(puzzle))
                optimum = (
                    puzzle.optimum.objective if isinstance(puzzle, PointsPuzzle) else puzzle.score
                )
                line = (
                    f"{kind:<17} {difficulty:<7} {seed:>4} {puzzle.attempt + 1:>5} "
                    f"{made[-1]:>7.2f} {cpu[-1]:>7.2f} {proofs[-1]:>7.2f}  {optimum}"
                )
                if args.planner and isinstance(puzzle, JourneyPuzzle):
                    plan = plan_journey(puzzle.puzzle, time_limit=PLANNER_SECONDS, workers=2)
                    agrees = plan.is_optimal and plan.objective == puzzle.score
                    line += (
                        f"  planner {plan.status} {plan.objective} in {plan.solve_time:.2f} s"
                        + ("" if agrees else "  (does not prove the optimum)")
                    )
                print(line, flush=True)
            within = sum(t <= TARGET for t in made)
            within_cpu = sum(t <= TARGET for t in cpu)
            summary.append(
                f"{kind:<17} {difficulty:<7} made: median {statistics.median(made):.2f} s, "
                f"worst {max(made):.2f} s (CPU median {statistics.median(cpu):.2f} s, worst "
                f"{max(cpu):.2f} s); proof: median {statistics.median(proofs):.2f} s, worst "
                f"{max(proofs):.2f} s; {within}/{len(made)} within {TARGET:g} s "
                f"({within_cpu}/{len(cpu)} by CPU)"
            )
    print(f"\nload {os.getloadavg()[0]:.1f}")
    print("\n".join(summary))
    for kind in args.kinds:
        print(panel_figures(generate(kind, args.first, "easy")))
    return 0


def click(panel: PuzzlePanel, place: str) -> None:
    """What the browser sends when a place of the map is clicked."""
    state = {"selected": place}
    message = {"method": "update", "state": state, "buffer_paths": []}
    panel.board._handle_msg({"content": {"data": message}, "buffers": []})


def panel_figures(made: PointsPuzzle | JourneyPuzzle | TourPuzzle) -> str:
    """The panel built, then each step of the optimal route by a click (and a button where the
    place offers several ways): milliseconds and bytes sent, median and worst."""
    began = time.perf_counter()
    with recorded() as messages:
        panel = puzzle(made)
    built, built_bytes = time.perf_counter() - began, sum(m.size for m in messages)
    times, sizes = [], []
    if isinstance(made, PointsPuzzle):
        route = [str(place) for place in made.optimum.route[1:]]
    else:
        route = list(made.route)
    for step in route:
        with recorded() as messages:
            began = time.perf_counter()
            if isinstance(made, PointsPuzzle):
                click(panel, step)
            else:
                walk = panel.walk
                action = next(a for a in walk.legal() if str(a) == step)  # type: ignore[union-attr]
                done = len(walk.route)
                if action.place:
                    click(panel, str(action.place))
                if len(walk.route) == done:
                    next(b for b in panel.choice_buttons if b.description == step).click()
            times.append(time.perf_counter() - began)
        sizes.append(sum(m.size for m in messages))
    kind = type(made).__name__
    return (
        f"panel {kind}: built {built * 1000:.0f} ms, {built_bytes / 1000:.1f} KB; a step of "
        f"{len(route)}: median {statistics.median(times) * 1000:.1f} ms, "
        f"{statistics.median(sizes) / 1000:.1f} KB (worst {max(times) * 1000:.1f} ms, "
        f"{max(sizes) / 1000:.1f} KB)"
    )


if __name__ == "__main__":
    sys.exit(run(lambda: main(sys.argv[1:]), program="puzzles"))
