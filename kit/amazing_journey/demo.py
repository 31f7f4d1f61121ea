"""`kit demo`: the reference board in brief, then one game of greedy bots and its score sheets."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from kit.amazing_journey.bots import GreedyBot
from kit.amazing_journey.game import AmazingJourney
from kit.core import ranking
from kit.core.bots import play
from kit.solve import eighty_days


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
    eighty_days.demo(out, seed, time_limit=20.0)
