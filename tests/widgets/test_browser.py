"""The board in a real browser: Voila and JupyterLab 4 serve `boards.ipynb` on 127.0.0.1, Chromium
(Debian's, driven by Playwright) clicks a place of each game's map, and the page shows the
selection both as the board draws it and as the kernel wrote it back. At the classroom's screen
(1366x768, JupyterLab with its file browser open) every name on each board is at least 12 pixels
high and every other text 11, as the browser renders them, no two names overlap, and zooming to
Europe names every European city at the same size and a drag pans the map. A screenshot of each
board is saved in the test's temporary folder (`tmp_path`, kept by pytest under
/tmp/pytest-of-<user>/). Skipped, saying why, only where Chromium cannot start."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.widgets.servers import STARTUP, jupyterlab, run_all_cells, voila

pytestmark = pytest.mark.slow  # a browser and a server each

NOTEBOOK = Path(__file__).with_name("boards.ipynb")
# A place to click on each game's board, as the board names it.
CLICKS = {"amazing_journey": "Paris", "timeless_journeys": "Roma", "four_weeks": "FRA"}


def click_each_board(page: Any, shots: Path, prefix: str) -> None:
    """Click one place on each game's board; the board marks it and the kernel writes it back."""
    from playwright.sync_api import expect

    for game, place in CLICKS.items():
        board = page.locator(f".game-{game}")
        mark = board.locator(f'.kit-board .place[data-node="{place}"] .mark')
        expect(board.locator(".kit-board")).to_have_attribute(
            "data-settled", "yes", timeout=STARTUP * 1000
        )
        mark.click()
        expect(board.locator(".kernel-echo")).to_have_text(
            f"selected in the kernel: {place}", timeout=20_000
        )
        selected = board.locator(".kit-board .place.selected")
        expect(selected).to_have_count(1)
        assert selected.get_attribute("data-node") == place
        board.screenshot(path=shots / f"{prefix}-{game}.png")


def label_boxes_overlap(page: Any, game: str) -> list[tuple[str, str]]:
    """Pairs of place names whose drawn boxes overlap in the browser's own layout."""
    boxes = page.locator(f".game-{game} .kit-board .place text").evaluate_all(
        "texts => texts.map(t => { const b = t.getBBox();"
        " return [t.textContent, b.x, b.y, b.x + b.width, b.y + b.height]; })"
    )
    return [
        (a[0], b[0])
        for a, b in itertools.combinations(boxes, 2)
        if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5
    ]


def test_voila_shows_every_board_and_a_click_reaches_the_kernel(
    browser: Any, tmp_path: Path
) -> None:
    with voila(NOTEBOOK, tmp_path / "voila") as url:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(url, timeout=STARTUP * 1000)
        click_each_board(page, tmp_path, "voila")
        for game in CLICKS:
            assert label_boxes_overlap(page, game) == [], game
        page.close()


def test_jupyterlab_renders_the_board_and_a_click_comes_back(browser: Any, tmp_path: Path) -> None:
    with jupyterlab(NOTEBOOK, tmp_path / "lab") as url:
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        page.goto(url)
        run_all_cells(page)
        click_each_board(page, tmp_path, "lab")
        page.close()


TEXT_SIZES = """
board => Array.from(board.querySelectorAll("svg.kit-map text")).map(t => {
  const scale = t.ownerSVGElement.getScreenCTM().a * t.getCTM().a;
  const name = t.closest(".place") !== null;
  const size = parseFloat(getComputedStyle(t).fontSize) * scale;
  return [size, name, t.textContent];
})
"""


def rendered_sizes(page: Any, game: str) -> tuple[float, float]:
    """The smallest name and the smallest other text on a board, in screen pixels."""
    texts = page.locator(f".game-{game} .kit-board").evaluate(TEXT_SIZES)
    names = [size for size, name, words in texts if name and words.strip()]
    others = [size for size, name, words in texts if not name and words.strip()]
    return min(names), min(others)


def test_boards_read_on_a_classroom_screen_and_zoom_to_europe(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with jupyterlab(NOTEBOOK, tmp_path / "lab") as url:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(url)
        run_all_cells(page)
        for game in CLICKS:
            board = page.locator(f".game-{game} .kit-board")
            expect(board.locator("svg.kit-map")).to_be_visible(timeout=STARTUP * 1000)
            name, other = rendered_sizes(page, game)
            assert name >= 11.99 and other >= 10.99, (game, name, other)
            assert label_boxes_overlap(page, game) == [], game
        world = page.locator(".game-amazing_journey .kit-board")
        world.scroll_into_view_if_needed()
        world.locator("select").select_option("Europe")
        europe = ["London", "Paris", "Amsterdam", "Berlin", "Vienna", "Rome", "Madrid", "Lisbon"]
        for city in europe:
            expect(world.locator(f'.place[data-node="{city}"] text')).to_have_text(
                city, timeout=30_000
            )
        name, other = rendered_sizes(page, "amazing_journey")
        assert name >= 11.99 and other >= 10.99, (name, other)
        assert label_boxes_overlap(page, "amazing_journey") == []
        view = world.locator(".kit-view")
        before = view.evaluate("v => [v.scrollLeft, v.scrollTop]")
        box = view.bounding_box()
        page.mouse.move(box["x"] + 300, box["y"] + 150)
        page.mouse.down()
        page.mouse.move(box["x"] + 180, box["y"] + 90, steps=6)
        page.mouse.up()
        after = view.evaluate("v => [v.scrollLeft, v.scrollTop]")
        assert after[0] > before[0] and after[1] > before[1], (before, after)
        world.screenshot(path=tmp_path / "lab-europe.png")
        world.get_by_role("button", name="whole map").click()
        expect(world.locator(".kit-view")).not_to_have_class("kit-view zoomed", timeout=30_000)
        page.close()
