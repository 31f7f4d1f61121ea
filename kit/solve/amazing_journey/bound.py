"""An upper bound on the score of every plan of a puzzle, valid whenever its time runs out.

Three bounds, the smallest one is returned. The first counts, then scores: `most_explores` is the
most Explores of the relaxed journey of `relax.py` (the value of its backward programme at the
puzzle's start), and `sheet_bound` the best score sheet of that many tokens chosen among the
puzzle's (those held and those on the map, every face-down city's candidates included), by their
counts alone: per Experience type how many (at most the spaces and the tokens of that type), the
Souvenirs by value (the best ones), the rows they fill, the all-types bonus, 2 points a region
for at most as many regions as tokens, an Objective for each token up to the hand. Every plan's
sheet is one of those choices, so none scores more; with the checkpoints' best bars and the
points already earned it is a valid bound. It is loose: the relaxed journey may shuttle between
two neighbouring token cities, each Souvenir's two Tickets paying the one-day hop back (19
Explores on the Regular side with Paulo, where plans collect 9 to 16), and the sheet takes the
best tokens wherever they lie (94 against plans of 53).

The second keeps routing and scoring together (`branch.py`): a best-first tree over the sets of
tokens explored, each once, with the tokens in the way, the forced stops, Catalina's empty stop,
the starting Tickets' types, the die's discard, the powers' exhaustion and Yuki's step back as
the rules have them, and the exact score sheet of each set. Its optimism starts near the first
bound and only ever falls; at the time limit the most optimistic open node is the bound. On the
tiny board it closes at the exhaustive optimum on most puzzles; on the reference board a minute
takes it a few points below the first bound (see `branch.py` for what limits it).

The third prices the tokens (`lagrange.py`): each token city gets a prize, the relaxed journey of
`relax.py` collects the most prizes and checkpoint bars, and the score sheet of any set of tokens
pays its prizes back; the two maxima together bound every plan whatever the prizes, and
subgradient steps on the prizes lower it. On the reference board it takes the place of the
others: the sheet can no longer take the best tokens wherever they lie, nor the journey shuttle
between two cities, without the prizes making it pay (Regular, Paulo, explore 3, plans of 55:
94 counted, the tree a few points below, the prices 80 after 20 steps and 76 after 40, each
step half a second to a second of CPU; with the die at 2 days the relaxed journey explores 25
times and no prizes bring the bound below the counting one's 102).

The prices then bound the tree's nodes (`lagrange.Completion`): a node whose journey passed by
the prizes the relaxed journey collects pays for them, so the tree runs again, and lower, with
the prices' relaxed journey from its labels as its completion.

`upper_bound` runs the tree first (`TREE_SHARE` of the time: on the tiny board it closes there;
all of it when what is left would not hold a step of the prices, as at the planner's short
limits), then the prices until `PRICES_SHARE` of it, then the tree with them for the rest, and
returns the smallest of all."""

from __future__ import annotations

import itertools
import time

from kit.solve.amazing_journey.board import Board
from kit.solve.amazing_journey.branch import Branch
from kit.solve.amazing_journey.lagrange import Completion, Lagrange
from kit.solve.amazing_journey.puzzle import Puzzle
from kit.solve.amazing_journey.relax import HAND, NONE, Values, explore_table
from kit.solve.plan import OutOfTime

BOUND_SECONDS = 5.0
"""The time the tree search and the prices may take by default (`upper_bound`'s
`time_limit`)."""

TREE_SHARE = 0.1
"""The share of `upper_bound`'s time the tree search takes first: on the tiny board it closes
there (in a fraction of a second); on the reference board it stays above the prices."""

PRICES_SHARE = 0.75
"""The share of `upper_bound`'s time by which the prices (`lagrange.py`) stop, for the tree
to run again with them as its nodes' completion (`lagrange.Completion`) for the rest: late
enough for the prices to come down, early enough to leave the second tree its completion's
tables (`COMPLETION_SECONDS`); the shares tried are in `benchmarks/RESULTS.md`."""

COMPLETION_SECONDS = 8.0
"""No second tree is started with less time left than this: the completion's tables (a relaxed
journey's for each of the prizes kept) take several seconds on the reference board."""

PRICES_SECONDS = 1.0
"""About one step of the prices on the reference board: with less time left after the tree,
`upper_bound` does not start them (a step cannot be stopped in the middle)."""


def upper_bound(
    puzzle: Puzzle,
    board: Board | None = None,
    time_limit: float = BOUND_SECONDS,
    floor: int | None = None,
) -> int | None:
    """No plan of `puzzle` scores more than this (see the module's docstring); None if no
    journey of the relaxation ends in time (nor then does one of the puzzle). The tree searches
    and the prices stop after `time_limit` seconds in all (the relaxed journey's table takes a
    second or two on the reference board before them, and each step of the prices half a
    second to a second: none is started with less than `PRICES_SECONDS` left). `floor`, if given,
    is a real plan's score: the searches drop what cannot beat it, and the bound is then never
    below it. `OutOfTime` if the board's deadline (`Board`: the planner's) passes before the
    relaxed journey's table is made."""
    began = time.perf_counter()
    branch = Branch(puzzle, board)
    counted = counted_bound(puzzle, branch.board, branch.table)
    if counted is None:
        return None
    left = _left(began, time_limit)
    tree_time = TREE_SHARE * time_limit
    if left - tree_time < PRICES_SECONDS:
        tree_time = left  # no time for the prices: all of it to the tree
    tree = branch.run(tree_time, floor)
    if tree.bound is None:
        return None
    if tree.closed or _left(began, time_limit) < PRICES_SECONDS:
        return min(counted, tree.bound)
    most = most_explores(branch.board, branch.table)
    lagrange = Lagrange(puzzle, most or 0, branch.board)
    prices_until = PRICES_SHARE * time_limit - (time.perf_counter() - began)
    priced = lagrange.run(max(prices_until, 0.0), floor).bound
    best = min(counted, tree.bound, counted if priced is None else priced)
    if priced is None or _left(began, time_limit) < COMPLETION_SECONDS:
        return best
    try:
        completion = Completion(lagrange, floor)
    except OutOfTime:  # the board's deadline (the planner's) came first
        return best
    again = branch.run(_left(began, time_limit), floor, completion)
    return best if again.bound is None else min(best, again.bound)


def _left(began: float, time_limit: float) -> float:
    return time_limit - (time.perf_counter() - began)


def counted_bound(puzzle: Puzzle, board: Board, values: Values | None = None) -> int | None:
    """The first bound: the best sheet of as many tokens as the relaxed journey can explore,
    with the checkpoints' best bars (None if no relaxed journey ends in time)."""
    explores = most_explores(board, values)
    if explores is None:
        return None
    state, p = puzzle.position, puzzle.player
    scoring = puzzle.content.scoring
    fixed = state.points[p] + scoring.objective_points * len(state.played[p])
    checkpoints = sum(
        max(board.bars[stage][max(board.start_day, 0) :], default=0)
        for stage in range(board.start_stage, board.stages)
    )
    return fixed + sheet_bound(puzzle, explores) + checkpoints


def sheet_bound(puzzle: Puzzle, explores: int) -> int:
    """The best token and Objective lines of a score sheet with at most `explores` more tokens
    than those held (see the module's docstring)."""
    content = puzzle.content
    scoring = content.scoring
    tokens = content.tokens
    state, p = puzzle.position, puzzle.player
    held = list(state.experiences[p] + state.souvenirs[p])
    available = set(held) | {t for t in state.city_token if t >= 0}
    for region in puzzle.hidden.values():
        available |= set(region.pool)
    most = explores + len(held)
    kinds = scoring.experience_types
    of_kind = [sum(tokens[t].experience == kind for t in available) for kind in kinds]
    values = sorted(
        (tokens[t].souvenir or 0 for t in available if tokens[t].experience is None), reverse=True
    )
    room = scoring.souvenir_rows * scoring.souvenir_row_length
    regions = len({tokens[t].region for t in available})
    hand = sum(state.hand[p])
    best = 0
    spaces = scoring.experience_spaces
    for counts in itertools.product(*(range(min(spaces, n) + 1) for n in of_kind)):
        experiences = sum(counts)
        if experiences > most:
            continue
        points = sum(scoring.experience_points[n] for n in counts)
        points += scoring.all_types_bonus if all(counts) else 0
        for souvenirs in range(min(room, len(values), most - experiences) + 1):
            kept = experiences + souvenirs
            total = points + sum(values[:souvenirs])
            total += scoring.souvenir_row_points[souvenirs // scoring.souvenir_row_length]
            total += scoring.region_points * min(regions, kept)
            best = max(best, total)
    return best + scoring.objective_points * min(hand, explores)


def most_explores(board: Board, values: Values | None = None) -> int | None:
    """The most Explores a journey of the relaxation can make from the puzzle's position, or
    None if none ends in time (`values`: the relaxation's table, if already made)."""
    values = explore_table(board) if values is None else values
    hand = min(sum(board.start_tickets), HAND)
    value = int(values[board.start_stage, board.start_day, board.start_city][
        int(board.start_fresh), 0, hand, 0
    ])  # fmt: skip
    return None if value <= NONE // 2 else value
