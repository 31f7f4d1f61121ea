"""The widgets' speed and traffic on the Python side: the board of each game, then the play panel
of each game on its reference board.

    PYTHONPATH=. python benchmarks/widgets.py [--repeat 50] [--moves 40] [--parts ... layout]

For each board it prints the one-time cost (laying out and drawing the still picture, and the
bytes of that picture sent once when the widget is shown), then for each kind of update the
median and worst time from the change to the widget's new state (the comm message handed to the
kernel) and the bytes of that message:

- click: the browser's message that a place was clicked, handled up to `selected` set (and the
  echo the widget sends back);
- pieces: a full board's pieces replaced (every city with a token, each player's pawn, the flags);
- highlight: a plan of twelve steps drawn on top.

For each game's play panel (player 0 against a greedy bot, player 0's moves chosen by a greedy
bot too) it plays up to `--moves` of player 0's decisions and times, at each:

- select: the browser's message that a place of one of the legal actions was clicked on the
  map, handled up to the buttons and the question redrawn;
- action: a click on an action button, handled up to the whole panel redrawn (the board, the
  timeline, the tables, the log, the buttons), chance resolved by the seed on the way;

then the bot plays to player 0's turn (not timed). Each line gives the median and the worst of
the times and of the bytes every widget sent (`kit.widgets.traffic`, the comm messages as JSON
text, as the kernel would send them).

For the solver panel of each planner (`kit.widgets.solve`: the 80-day reference puzzle, the
five-round introductory set, the four-week deal 1, Chao's set 64 with Tmax 80), Solve is
clicked and the search runs for `--limit` seconds; it prints:

- first plan: the seconds from the click to the planner's first streamed plan, then how much
  later the panel showed it (its status line and its chart, on the planner's thread);
- redraw: the time the panel takes per streamed plan (the status line and the chart of the
  best score and the bound, which draws all the plans so far), median and worst;
- plan drawn: the time from the planner's return to the plan on the board, the timeline chart,
  the score sheets and the steps (the greedy bot's game on the puzzle included), once;
- step slider: the slider moved to each step in turn, handled up to the pawn and the pieces at
  that step, the route with that step standing out, the chart and the list redrawn: median and
  worst time and bytes.

With `--parts browser`, the same solver panels in a real browser (Voila serving a notebook that
makes the panel, Chromium driven by Playwright, as the browser tests do; `--browser` chooses
the planners): Solve is clicked on the page and the page's status line is watched (a
MutationObserver records each change with the browser's clock), while the kernel records when
the planner streamed each plan and when it returned (the same machine's clock). It prints:

- first plan on screen: the seconds from the click on the page to the first streamed plan's
  status on the page, and of those, the planner's (the click to the kernel's `on_solution`);
- found to on screen: for each streamed plan, from the planner streaming it to the page
  showing it (median and worst, and how many of them were on the page within 1 s);
- plan on screen: from the planner's return to the page's status line naming the plan.

With `--parts layout`, each game's play panel on the classroom screen: JupyterLab 4 at
1366×768 with its file browser open serves `tests/widgets/panels.ipynb`, and Chromium measures
each panel scrolled to the top of the notebook's view (`tests/widgets/test_play_browser.py`):
its height as it opens and with its timeline's tab open, whether its map and its first action
button are both in view, the smallest text of
the panel itself, of the board's place names, of the board's other text and of the timeline
(font size times the picture's scale on the screen), the smallest click target, and how many
pairs of place names overlap.

The machine's load average is printed first and last."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx

import kit
from kit.core import State
from kit.widgets import Board, Piece, PlayPanel, play, solve
from kit.widgets.traffic import recorded

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


PANELS = {  # the name and the number of players of each game
    "amazing_journey (regular)": ("amazing_journey", 2),
    "timeless_journeys": ("timeless_journeys", 2),
    "four_weeks": ("four_weeks", 2),
}


def timed(change: Callable[[], None]) -> tuple[float, int]:
    """The time of `change` (milliseconds) and the bytes every widget sent meanwhile."""
    with recorded() as messages:
        begin = time.perf_counter()
        change()
        elapsed = (time.perf_counter() - begin) * 1000
    return elapsed, sum(message.size for message in messages)


def select(panel: PlayPanel, place: str) -> None:
    """The message the browser sends when a place is clicked on the panel's map."""
    click(panel.board, place)


def press(panel: PlayPanel, label: str) -> None:
    (button,) = [b for b in panel.action_buttons if b.description == label]
    button.click()


def play_panel(state: State, moves: int) -> dict[str, list[tuple[float, int]]]:
    """The figures of a panel played for up to `moves` of player 0's decisions."""
    name = state.game.name
    chooser = kit.game_module(name).BOTS["greedy"](state.game.seed, 0)
    panel = play(state, seat=0, bots={1: "greedy"})
    figures: dict[str, list[tuple[float, int]]] = {"select": [], "action": []}
    for _ in range(moves):
        if panel.state.current_player == 1:
            panel.play_button.click()
        if panel.state.is_terminal:
            break
        action = chooser.choose(panel.state)
        places = [a.place for a in panel.state.legal_actions() if a.place]
        if action.place or places:
            place = str(action.place or places[0])
            figures["select"].append(timed(partial(select, panel, place)))
            if str(action) not in [b.description for b in panel.action_buttons]:
                select(panel, "")  # the place clicked again: every action shows
        figures["action"].append(timed(partial(press, panel, str(action))))
    return figures


def report_panel(label: str, state: State, moves: int) -> None:
    """Print one game's panel figures."""
    begin = time.perf_counter()
    play(state.clone(), seat=0, bots={1: "greedy"})
    built = (time.perf_counter() - begin) * 1000
    print(f"{label:28} {'panel':10} {built:10.1f} {'(once)':>9}")
    for what, pairs in play_panel(state, moves).items():
        times, sizes = [t for t, _ in pairs], [b for _, b in pairs]
        print(
            f"{'':28} {what:10} {statistics.median(times):10.2f} {max(times):9.2f} "
            f"{statistics.median(sizes):8.0f} {max(sizes):8} {len(pairs):6}"
        )


def solver_puzzles() -> dict[str, Callable[[], Any]]:
    """The puzzle of each planner the solver panel is measured on."""
    from kit.solve import amazing_journey, four_weeks, timeless_journeys
    from kit.solve.orienteering import read_op_file

    chao = Path(__file__).parents[1] / "tests/data/op-chao/set-64/chao_set_64_1_80.txt"
    return {
        "80 days (regular, Paulo)": lambda: amazing_journey.standard_puzzle("regular", "Paulo", 3),
        "five rounds (intro, en)": lambda: timeless_journeys.standard_puzzle("intro", "en", 1),
        "four weeks (deal 1)": lambda: four_weeks.standard_puzzle(1),
        "orienteering (Chao 64, 80)": lambda: read_op_file(chao),
    }


def report_solver(label: str, puzzle: Any, limit: float) -> None:
    """Print one planner's solver panel figures."""
    panel = solve(puzzle)
    panel.time_limit.value = limit
    redraws: list[float] = []
    draw = panel._draw_chart

    def chart_timed() -> None:
        begin = time.perf_counter()
        before = panel._drawn
        draw()
        if panel._drawn != before:
            redraws.append((time.perf_counter() - begin) * 1000)

    panel._draw_chart = chart_timed  # type: ignore[method-assign]
    answer = panel.planner.answer
    returned: list[float] = []

    def answered(*args: Any) -> Any:
        returned.append(time.perf_counter())
        return answer(*args)

    panel.planner.answer = answered  # type: ignore[method-assign]
    clicked = time.perf_counter()
    panel.solve_button.click()
    panel.wait()
    ended = time.perf_counter()
    if not panel.shown:
        print(f"{label:28} no plan streamed within {limit:g} s: {panel.message}")
        return
    heard, on_screen = panel.shown[0]
    print(
        f"{label:28} first plan {heard - clicked:6.2f} s after Solve, on screen "
        f"{(on_screen - heard) * 1000:.2f} ms later; {len(panel.shown)} plans streamed"
    )
    per_plan = [(shown - heard) * 1000 for heard, shown in panel.shown]
    print(
        f"{'':28} redraw per streamed plan {statistics.median(per_plan):6.2f} ms median, "
        f"{max(per_plan):6.2f} ms worst (the chart alone {statistics.median(redraws):.2f} ms)"
    )
    if returned:
        print(
            f"{'':28} plan drawn {(ended - returned[0]) * 1000:6.0f} ms after the planner "
            "returned (the greedy bot's game, the board, the timeline chart, the sheets)"
        )
    if panel.answer is not None and panel.answer.steps:
        moves = [step_to(panel, k) for k in range(1, len(panel.answer.steps) + 1)]
        times, sizes = [t for t, _ in moves], [b for _, b in moves]
        print(
            f"{'':28} step slider {statistics.median(times):6.2f} ms median, "
            f"{max(times):6.2f} ms worst, {statistics.median(sizes) / 1000:.1f} KB median, "
            f"{max(sizes) / 1000:.1f} KB worst a step (the pawn, the current step on the map, "
            "the chart, the list)"
        )
    print(f"{'':28} {panel.message}")


def step_to(panel: Any, step: int) -> tuple[float, int]:
    """The time and the bytes of the step slider moved to `step`."""

    def move() -> None:
        panel.step.value = step

    return timed(move)


# --- in a real browser ----------------------------------------------------------------------
BROWSER_PUZZLES = {
    "80 days (regular, Paulo)": (
        "from kit.solve.amazing_journey import standard_puzzle\n"
        "puzzle = standard_puzzle('regular', 'Paulo', 3)"
    ),
    "five rounds (intro, en)": (
        "from kit.solve.timeless_journeys import standard_puzzle\n"
        "puzzle = standard_puzzle('intro', 'en', 1)"
    ),
    "four weeks (deal 1)": (
        "from kit.solve.four_weeks import standard_puzzle\npuzzle = standard_puzzle(1)"
    ),
    "orienteering (Chao 64, 80)": (
        "from kit.solve.orienteering import read_op_file\n"
        "puzzle = read_op_file('tests/data/op-chao/set-64/chao_set_64_1_80.txt')"
    ),
}

# The kernel's side: the wall-clock time of each plan the planner streams (as the panel hears
# it) and of its return, written to timings.json once the plan is drawn.
KERNEL_CODE = """
import json, os, time
from pathlib import Path
from kit.widgets import solve
os.chdir({root!r})
{puzzle}
panel = solve(puzzle)
panel.time_limit.value = {limit}
heard = []
found, finished = panel._found, panel._finished

def timed(job, score, bound, elapsed):
    heard.append((time.time(), score, round(elapsed, 2)))
    found(job, score, bound, elapsed)

def ended(job, *args):
    returned = time.time()
    finished(job, *args)
    Path({out!r}).write_text(json.dumps({{"heard": heard, "returned": returned}}))

panel._found, panel._finished = timed, ended
panel
"""

# The page's side: each change of the status line, with the browser's clock (ms since 1970).
WATCH = """() => {
  const now = () => performance.timeOrigin + performance.now();
  const panel = document.querySelector('.kit-solve');
  window.kitLog = [];
  window.kitClick = null;
  window.kitPlan = null;
  panel.addEventListener('click', () => { if (window.kitClick === null) window.kitClick = now(); },
                         true);
  const status = () => {
    const line = panel.querySelector('.kit-solve-status');
    return line ? line.textContent : '';
  };
  new MutationObserver(() => {
    const text = status(), log = window.kitLog;
    if (!log.length || log[log.length - 1][1] !== text) log.push([now(), text]);
    if (window.kitPlan === null && panel.querySelector('.kit-plan li')) window.kitPlan = now();
  }).observe(panel, {subtree: true, childList: true, characterData: true});
}"""


def notebook(code: str) -> dict[str, Any]:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "panel",
                "metadata": {},
                "outputs": [],
                "source": code,
            },
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def report_browser(browser: Any, label: str, limit: float, folder: Path) -> None:
    """Print one planner's solver panel figures in a real browser."""
    from playwright.sync_api import expect

    from tests.widgets.servers import ROOT, STARTUP, voila

    folder.mkdir(parents=True, exist_ok=True)
    out = folder / "timings.json"
    puzzle = BROWSER_PUZZLES[label]
    code = KERNEL_CODE.format(root=str(ROOT), puzzle=puzzle, limit=limit, out=str(out))
    source = folder / "bench_solver.ipynb"
    source.write_text(json.dumps(notebook(code)))
    with voila(source, folder / "voila") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1600})
        page.goto(url, timeout=STARTUP * 1000)
        panel = page.locator(".kit-solve")
        button = panel.get_by_role("button", name="Solve")
        expect(button).to_be_visible(timeout=STARTUP * 1000)
        page.evaluate(WATCH)
        button.click()
        expect(panel.locator(".kit-solve-status")).to_contain_text(
            "plan scoring", timeout=(limit + 60) * 1000
        )
        deadline = time.monotonic() + 60
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        expect(panel.locator(".kit-plan li").first).to_be_attached(timeout=60_000)
        clicked, log, drawn = page.evaluate("[window.kitClick, window.kitLog, window.kitPlan]")
        page.close()
    kernel = json.loads(out.read_text())
    heard = kernel["heard"]
    if not heard:
        print(f"{label:28} no plan streamed within {limit:g} s")
        return
    latencies = []
    for when, score, elapsed in heard:
        wanted = (f"best so far {score} (", f"after {elapsed:.2f} s")
        seen = next((t for t, text in log if all(w in text for w in wanted)), None)
        if seen is not None:
            latencies.append(seen - when * 1000)
    first = next(t for t, text in log if text.startswith("best so far"))
    print(
        f"{label:28} first plan on screen {(first - clicked) / 1000:6.2f} s after the click on "
        f"Solve (the planner's first plan {heard[0][0] - clicked / 1000:.2f} s after it)"
    )
    within = sum(latency <= 1000 for latency in latencies)
    if latencies:
        print(
            f"{'':28} found to on screen {statistics.median(latencies):7.1f} ms median, "
            f"{max(latencies):7.1f} ms worst; {within} of {len(heard)} streamed plans on "
            f"screen within 1 s ({len(heard) - len(latencies)} never shown alone)"
        )
    final = next((t for t, text in log if "plan scoring" in text), None)
    if final is not None and drawn is not None:
        returned = kernel["returned"] * 1000
        print(
            f"{'':28} plan on screen {drawn - returned:7.0f} ms after the planner returned "
            f"(its status line {final - returned:.0f} ms; the steps after the greedy bot's "
            "game, the board, the charts, the sheets)"
        )


def report_browsers(labels: list[str], limit: float) -> None:
    import tempfile

    from tests.widgets.servers import NoBrowser, chromium

    try:
        with chromium() as browser, tempfile.TemporaryDirectory() as folder:
            for number, label in enumerate(labels):
                report_browser(browser, label, limit, Path(folder) / str(number))
    except NoBrowser as why:
        print(f"no browser: {why}")


def report_layout() -> None:
    """Print each play panel's figures on the classroom screen (see the module docstring)."""
    import tempfile

    from tests.widgets.servers import NoBrowser, chromium, jupyterlab, run_all_cells
    from tests.widgets.test_play_browser import CLASSROOM, MOVES, NOTEBOOK, inside, measure

    print(
        f"{'panel at 1366x768':28} {'height':>7} {'+ timeline':>10} {'in view':>8} {'text':>5} "
        f"{'places':>7} {'map':>5} {'timeline':>8} {'target':>7} {'overlaps':>8}"
    )
    try:
        with (
            chromium() as browser,
            tempfile.TemporaryDirectory() as folder,
            jupyterlab(NOTEBOOK, Path(folder)) as url,
        ):
            page = browser.new_page(viewport=CLASSROOM)
            page.goto(url)
            run_all_cells(page)
            for game in MOVES:
                seen = measure(page, game)
                view = seen["view"]
                both = inside(seen["map"], view) and inside(seen["button"], view)
                height, opened = (box[3] - box[1] for box in (seen["panel"], seen["opened"]))
                print(
                    f"{game:28} {height:7.0f} {opened:10.0f} {'yes' if both else 'no':>8} "
                    f"{seen['panel_text']:5.1f} {seen['place_text']:7.1f} "
                    f"{seen['map_text']:5.1f} {seen['timeline_text']:8.1f} "
                    f"{seen['target']:7.1f} {len(seen['overlaps']):8}"
                )
    except NoBrowser as why:
        print(f"no browser: {why}")


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--limit", type=float, default=10.0, help="the solver panel's seconds")
    parser.add_argument(
        "--parts",
        nargs="+",
        choices=("boards", "panels", "solver", "browser", "layout"),
        default=("boards", "panels", "solver"),
    )
    parser.add_argument(
        "--browser",
        nargs="+",
        choices=tuple(BROWSER_PUZZLES),
        default=("80 days (regular, Paulo)", "orienteering (Chao 64, 80)"),
        help="the planners whose solver panel is measured in a real browser",
    )
    args = parser.parse_args()
    print(load())
    if "boards" in args.parts:
        print(f"{'board':28} {'update':10} {'median ms':>10} {'worst ms':>9} {'bytes':>8}")
        for label, (name, options) in BOARDS.items():
            report(label, kit.load(name, **options).board(), args.repeat)
        print()
    if "panels" in args.parts:
        print(
            f"{'panel':28} {'update':10} {'median ms':>10} {'worst ms':>9} {'bytes':>8} "
            f"{'worst B':>8} {'times':>6}"
        )
        for label, (name, players) in PANELS.items():
            state = kit.load(name, players=players, seed=7).new_game()
            report_panel(label, state, args.moves)
        print()
    if "solver" in args.parts:
        for label, make in solver_puzzles().items():
            report_solver(label, make(), args.limit)
    if "browser" in args.parts:
        print(load())
        report_browsers(list(args.browser), args.limit)
    if "layout" in args.parts:
        report_layout()
    print(load())


if __name__ == "__main__":
    main()
