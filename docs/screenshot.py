"""Take the README's screenshots: Voila serves a notebook on a free port, Debian's Chromium
(driven by Playwright, `--no-sandbox`) opens it, plays a step or two in a panel and saves the
picture beside this script:

- `play_panel.png`: `notebooks/play.ipynb`, player 0 takes the first travel on offer, and the
  first panel (The Amazing Journey) is saved;
- `classroom.png`: `notebooks/08_classroom.ipynb` as a classroom screen shows it (no code), from
  the lesson's title down to the first puzzle panel, after a route of two clicks and Check;
- `solver_panel.png`: the 80-day planner's panel on the Regular side (Paulo, Explore 3 days, 20
  seconds, from `SOLVER`, a notebook written for it) once its plan is drawn, the step slider
  half-way along it;
- `puzzle_panel.png`: the orienteering puzzle of `tests/widgets/puzzle.ipynb` after three clicks
  and Check (the picture of `docs/widgets.md`);
- `puzzle_tour.png`: the Grand Tour puzzle of the same notebook after its first four actions
  (`docs/widgets.md`).

    python -m docs.screenshot                  # all, from the project folder
    python -m docs.screenshot classroom.png    # one

The servers and the browser are the browser tests' own (`tests/widgets/servers.py`)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.core.files import FileWriteError, write_file
from tests.puzzles.test_timeless_journeys import OPTIMUM as TOUR
from tests.widgets.servers import ROOT, STARTUP, NoBrowser, chromium, click_place, voila

HERE = Path(__file__).parent
WIDTH = 1400
SOLVER = """
from kit.solve.amazing_journey import standard_puzzle
from kit.widgets import solve

panel = solve(standard_puzzle("regular", "Paulo", explore=3))
panel.time_limit.value = 20
panel.solve_button.click()
panel
"""


def play_panel(page: Any, picture: Path) -> None:
    from playwright.sync_api import expect

    panel = page.locator(".kit-play").first
    log = panel.locator(".kit-log li")
    expect(log).not_to_have_count(0, timeout=STARTUP * 1000)
    steps = log.count()
    panel.locator(".kit-actions button", has_text="take the").first.click()
    expect(log).to_have_count(steps + 1, timeout=20_000)
    write_file(picture, panel.screenshot())


def classroom(page: Any, picture: Path) -> None:
    """The lesson's top as the class sees it: the title, the first puzzle's words and its panel
    with a short route checked."""
    from playwright.sync_api import expect

    panel = page.locator(".kit-puzzle").first
    status = panel.locator(".kit-status")
    expect(status).to_contain_text("budget used 0 of 27", timeout=STARTUP * 1000)
    click_place(panel, "B")
    expect(status).to_contain_text("route: Start → B (at B)", timeout=20_000)
    click_place(panel, "Finish")
    expect(status).to_contain_text("(ended at Finish)", timeout=20_000)
    panel.get_by_role("button", name="Check").click()
    expect(panel.locator(".kit-verdict")).to_contain_text("short of the proven optimum")
    box = panel.bounding_box()
    clip = {"x": 0, "y": 0, "width": WIDTH, "height": box["y"] + box["height"] + 8}
    write_file(picture, page.screenshot(clip=clip))


def solver_panel(page: Any, picture: Path) -> None:
    """The panel with its plan drawn, the slider moved half-way: the map, the chart, the list."""
    from playwright.sync_api import expect

    panel = page.locator(".kit-solve").first
    expect(panel.locator(".kit-chart")).to_be_visible(timeout=STARTUP * 1000)
    track = panel.locator(".widget-slider .noUi-target").first
    box = track.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.55, box["y"] + box["height"] / 2)
    expect(panel.locator(".kit-step")).to_contain_text("step ", timeout=20_000)
    expect(panel.locator(".kit-board")).to_have_attribute("data-settled", "yes")
    write_file(picture, panel.screenshot())


def puzzle_panel(page: Any, picture: Path) -> None:
    """The orienteering puzzle after a route of three clicks and Check."""
    from playwright.sync_api import expect

    panel = page.locator(".puzzle-orienteering").first
    for place in ("D", "F", "Finish"):
        click_place(panel, place)
    expect(panel.locator(".kit-status")).to_contain_text("(ended at Finish)", timeout=20_000)
    panel.get_by_role("button", name="Check").click()
    expect(panel.locator(".kit-verdict")).not_to_be_empty()
    write_file(picture, panel.screenshot())


def puzzle_tour(page: Any, picture: Path) -> None:
    """The Grand Tour puzzle after its first four actions (card 22 writes an Art idea)."""
    from playwright.sync_api import expect

    panel = page.locator(".puzzle-tour").first
    for action in TOUR[:4]:
        button = panel.get_by_role("button", name=action, exact=True)
        expect(button).to_be_visible(timeout=STARTUP * 1000)
        button.click()
    expect(panel.locator(".kit-status")).to_contain_text("2 Art", timeout=20_000)
    write_file(picture, panel.screenshot())


SHOTS: dict[str, tuple[Path, Callable[[Any, Path], None]]] = {
    "play_panel.png": (ROOT / "notebooks" / "play.ipynb", play_panel),
    "classroom.png": (ROOT / "notebooks" / "08_classroom.ipynb", classroom),
    "solver_panel.png": (HERE / "solver_panel.ipynb", solver_panel),
    "puzzle_panel.png": (ROOT / "tests" / "widgets" / "puzzle.ipynb", puzzle_panel),
    "puzzle_tour.png": (ROOT / "tests" / "widgets" / "puzzle.ipynb", puzzle_tour),
}


def written(path: Path, code: str) -> Path:
    """A notebook of one code cell, `code`, at `path`."""
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code.strip())])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, path)
    return path


def main(names: list[str]) -> None:
    unknown = [name for name in names if name not in SHOTS]
    if unknown:
        sys.exit(f"no screenshot named {', '.join(unknown)}; there are {', '.join(SHOTS)}")
    with chromium() as browser:
        for name in names or list(SHOTS):
            notebook, take = SHOTS[name]
            with tempfile.TemporaryDirectory() as folder:
                if notebook.name == "solver_panel.ipynb":
                    notebook = written(Path(folder) / "source" / notebook.name, SOLVER)
                with voila(notebook, Path(folder) / "page") as url:
                    # A window as tall as the panel: Voila scrolls inside its page and paints
                    # what shows.
                    page = browser.new_page(viewport={"width": WIDTH, "height": 2800})
                    page.goto(url, timeout=STARTUP * 1000)
                    picture = HERE / name
                    take(page, picture)
                    page.close()
            print(f"{picture.name}: {picture.stat().st_size / 1000:.0f} KB")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except NoBrowser as why:
        sys.exit(f"no screenshot: {why}")
    except FileWriteError as error:
        sys.exit(f"screenshot: {error}")
