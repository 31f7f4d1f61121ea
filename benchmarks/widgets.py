"""The board widget's speed and traffic, per game's board, on the Python side.

    python benchmarks/widgets.py [--repeat 50]

For each board it prints the one-time cost (laying out and drawing the still picture, and the
bytes of that picture sent once when the widget is shown), then for each kind of update the
median and worst time from the change to the widget's new state (the comm message handed to the
kernel) and the bytes of that message:

- click: the browser's message that a place was clicked, handled up to `selected` set (and the
  echo the widget sends back);
- pieces: a full board's pieces replaced (every city with a token, each player's pawn, the flags);
- highlight: a plan of twelve steps drawn on top.

Bytes are the JSON text of the comm messages the widget sends, as the kernel would send them."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

import networkx as nx

import kit
from kit.widgets import Board, Piece

BOARDS = {
    "amazing_journey (regular)": ("amazing_journey", {}),
    "amazing_journey (fast)": ("amazing_journey", {"side": "fast"}),
    "timeless_journeys": ("timeless_journeys", {}),
    "four_weeks": ("four_weeks", {}),
}


def full_board(graph: nx.Graph, start: str) -> list[Piece]:
    """A busy position's pieces: a face-down token on every place, four pawns at the start, and
    flags on three places."""
    places = [str(node) for node in graph.nodes]
    pieces = [Piece(place, "token", "A", title=f"face-down token of {place}") for place in places]
    pieces += [Piece(start, "pawn", str(p), title=f"pawn of player {p}") for p in range(1, 5)]
    pieces += [Piece(place, "flag", f"day {10 * i}") for i, place in enumerate(places[:3], 1)]
    return pieces


def plan(graph: nx.Graph, start: str, steps: int = 12) -> list[str]:
    """A walk of `steps` moves from the start, always to the next neighbour not yet visited."""
    walk = [start]
    while len(walk) <= steps:
        options = [str(n) for n in graph.neighbors(walk[-1]) if str(n) not in walk]
        if not options:
            break
        walk.append(sorted(options)[0])
    return walk


def measure(board: Board, change: Callable[[int], None], repeat: int) -> tuple[list[float], int]:
    """Times of `change` (milliseconds) and the largest message it sent (bytes)."""
    sent: list[int] = []
    board.comm.send = lambda data=None, buffers=None, **_: sent.append(len(json.dumps(data)))
    times = []
    for i in range(repeat):
        sent.clear()
        begin = time.perf_counter()
        change(i)
        times.append((time.perf_counter() - begin) * 1000)
    return times, sum(sent)


def click(board: Board, place: str) -> None:
    """The message the browser sends when a place is clicked."""
    message = {"method": "update", "state": {"selected": place}, "buffer_paths": []}
    board._handle_msg({"content": {"data": message}, "buffers": []})


def report(label: str, graph: nx.Graph, repeat: int) -> None:
    """Print one board's figures."""
    begin = time.perf_counter()
    board = Board(graph)
    built = (time.perf_counter() - begin) * 1000
    picture = len(json.dumps(board.get_state("_picture")))
    print(f"{label:28} {'picture':10} {built:10.1f} {'(once)':>9} {picture:8}")
    places = [str(node) for node in graph.nodes]
    pieces = [full_board(graph, places[0]), full_board(graph, places[1])]
    plans = [plan(graph, places[0]), plan(graph, places[1])]
    changes = {
        "click": lambda i: click(board, places[i % len(places)]),
        "pieces": lambda i: setattr(board, "pieces", pieces[i % 2]),
        "highlight": lambda i: setattr(board, "highlight", plans[i % 2]),
    }
    for what, change in changes.items():
        times, size = measure(board, change, repeat)
        median, worst = statistics.median(times), max(times)
        print(f"{'':28} {what:10} {median:10.2f} {worst:9.2f} {size:8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    print(f"{'board':28} {'update':10} {'median ms':>10} {'worst ms':>9} {'bytes':>8}")
    for label, (name, options) in BOARDS.items():
        report(label, kit.load(name, **options).board(), args.repeat)


if __name__ == "__main__":
    main()
