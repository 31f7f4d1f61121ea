"""`kit demo`: The Amazing Journey's reference board in brief, one game of greedy bots and its
score sheets, then the 80-day planner's journey beside the greedy bot's. It shows a game and its
planner together, so it stands beside both: a game's package never imports its planner."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from kit.amazing_journey.bots import GreedyBot
from kit.amazing_journey.game import AmazingJourney
from kit.core import ranking
from kit.core.bots import play
from kit.solve.amazing_journey import greedy_game, solve, standard_puzzle
from kit.solve.plan import Plan


def map_summary(game: AmazingJourney) -> str:
    """Regions, cities, routes by type, Long routes and checkpoints of the board in a few lines."""
    board = game.content.board
    kinds = Counter(route.type for route in board.routes)
    long_routes = sum(route.extra_days > 0 for route in board.routes)
    rows = [
        f"The Amazing Journey, {board.side} side: {len(board.cities)} cities in "
        f"{len(board.regions)} regions, starting from {board.starting_city}",
        "  routes: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()),
        f"  {long_routes} Long routes, "
        f"{sum(route.edge is not None for route in board.routes)} across the map's edge",
    ]
    for checkpoint in board.checkpoints:
        bars = ", ".join(f"days {b.first}-{b.last}: {b.points}" for b in checkpoint.bars)
        rows.append(
            f"  {checkpoint.name} checkpoint {checkpoint.city} from day {checkpoint.activation} "
            f"({bars})"
        )
    return "\n".join(rows)


def main(seed: int, out: TextIO) -> None:
    """Print the map summary, a 2-player greedy game's result and its score sheets, then the
    80-day planner's best journey on a solo puzzle beside the greedy bot's on the same one."""
    game = AmazingJourney(players=2, seed=seed, side="regular")
    print(map_summary(game), file=out)
    final = play(game.new_game(), [GreedyBot(seed, seat) for seat in range(game.num_players)])
    sheets = final.scores()
    print(f"\nGreedy bots, seed {seed}: {len(final.history)} actions", file=out)
    for sheet, place in zip(sheets, ranking(sheets), strict=True):
        print(f"\n#{place} {sheet}", file=out)
    planned_journey(out, seed, time_limit=20.0)


def planned_journey(
    out: TextIO,
    seed: int = 1,
    side: str = "regular",
    traveller: str = "Paulo",
    time_limit: float = 20.0,
) -> Plan:
    """The 80-day planner's journey on a solo puzzle of the reference board beside the greedy
    bot's game on the same puzzle (the die fixed at 3 days for both)."""
    puzzle = standard_puzzle(side, traveller, 3, seed)
    plan = solve(puzzle, time_limit, seed=seed)
    sheet = greedy_game(puzzle, seed).final.scores()[puzzle.player]
    print(
        f"\nThe 80-day planner on a solo puzzle ({side} side, {traveller}, seed {seed}):", file=out
    )
    print(plan, file=out)
    print(
        f"\nThe greedy bot on the same puzzle scores {sheet.total} (the planner "
        f"{plan.objective if plan.objective is not None else 'found no plan'}; the bot sees the "
        "types of the Tickets it draws, the plan does not count on them):",
        file=out,
    )
    print(sheet, file=out)
    return plan
