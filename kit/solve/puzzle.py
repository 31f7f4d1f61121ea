"""What every game planner's puzzle offers, and the command line made from its options.

The three game planners (`amazing_journey`, `timeless_journeys`, `four_weeks`) each have a
`Puzzle`: a position of the game and what the plan assumes. The solver panel, the play panel's
advisor and the planners' commands use a puzzle only through `Puzzle` below, so the three answer
the same calls. Each planner declares the options of its standard puzzles once (`OPTIONS` beside
its `standard_puzzle`, `kit.core.options.Option`s): `planner_main` makes its command's flags
from them, and the solver panel its controls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from kit.core import Option, ScoreSheet, State
from kit.core.commands import ArgumentParser, add_options, count, seconds
from kit.solve.plan import Plan, command_result, show_progress


class Puzzle(Protocol):
    """A game planner's puzzle: a position and the plan's assumptions."""

    @property
    def position(self) -> State:
        """The position the plan starts from, as the game has it."""

    @property
    def player(self) -> int:
        """The seat the plan is for."""

    def state(self) -> State:
        """A fresh engine state at the puzzle's start."""

    def before(self, history: Sequence[str]) -> State:
        """The fresh engine state a plan's `history` (`Plan.history`) is played from."""

    def replay(self, history: Sequence[str]) -> State:
        """The engine state after a plan's `history`; `PlanError` naming a refused action."""

    def assumptions(self) -> tuple[str, ...]:
        """What the plan takes as known, in words, printed with every plan."""

    def greedy_sheet(self) -> ScoreSheet:
        """The greedy bot's score sheet on the puzzle: the yardstick beside every plan."""


P = TypeVar("P", bound=Puzzle)

OnSolution = Callable[[int, float, float], None]
Solve = Callable[[P, float, int, OnSolution], Plan]


def planner_parser(
    prog: str, description: str, options: Sequence[Option], time_limit: float, workers: str
) -> ArgumentParser:
    """A planner's command line: a flag per option of its puzzle, then `--time-limit` (by
    default `time_limit` seconds) and `--workers` (2; `workers` says what they are)."""
    parser = ArgumentParser(prog=prog, description=description)
    add_options(parser, options)
    help_limit = f"seconds (default {time_limit:g})"
    parser.add_argument("--time-limit", type=seconds, default=time_limit, help=help_limit)
    parser.add_argument("--workers", type=count, default=2, help=workers)
    return parser


def planner_main(
    argv: Sequence[str],
    parser: ArgumentParser,
    options: Sequence[Option],
    standard_puzzle: Callable[..., P],
    solve: Solve[P],
    text: Callable[[P, Plan], str] | None = None,
) -> int:
    """`kit solve <planner> ...`: the standard puzzle the options give, solved within the time
    limit, printed as `text(puzzle, plan)` (the plan's timeline by default); the exit status
    as `command_result` gives it."""
    args = parser.parse_args(list(argv))
    puzzle = standard_puzzle(**{option.name: getattr(args, option.name) for option in options})

    def run() -> Plan:
        return solve(puzzle, args.time_limit, args.workers, show_progress)

    if text is None:
        return command_result(run)
    return command_result(run, lambda plan: text(puzzle, plan))
