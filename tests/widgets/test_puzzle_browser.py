"""The puzzle panel in a real browser: Voila serves `puzzle.ipynb` (an orienteering puzzle, an
80-day puzzle, a four-week deal and a Grand Tour's last turn); Chromium clicks three places of
the orienteering map (D, F, then the Finish), reads the running figures, clicks Check and reads
the verdict (how the route falls short, the optimal route unnamed), then Show solution and
reads the optimal route; on the 80-day map it clicks a city the pawn cannot reach and reads the
refusal, then a city it can and reads the new day; on the four-week map it starts in a region,
clicks one where no play is and reads the engine's reason, plays the rest of the optimum by its
buttons and reads Check's verdict; on the Grand Tour's map it clicks a city no action concerns
and reads the refusal, then plays the optimum by buttons and a click on the marker's city and
reads Check's verdict. A screenshot of each panel is saved in the test's temporary folder. In
JupyterLab on a classroom screen, the map and its buttons are in view together. Skipped, saying
why, only where Chromium cannot start."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from kit.widgets.sizes import NORMAL
from tests.puzzles.test_four_weeks import OPTIMUM
from tests.puzzles.test_timeless_journeys import OPTIMUM as TOUR
from tests.widgets.servers import STARTUP, click_place, jupyterlab, run_all_cells, voila

pytestmark = pytest.mark.slow  # a browser and a server each

NOTEBOOK = Path(__file__).with_name("puzzle.ipynb")
SCREEN = {"width": 1366, "height": 768}  # the classroom's projector
BUTTONS = ("Undo", "Reset", "Check", "Show solution")


def test_voila_builds_a_route_by_clicks_and_checks_it(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with voila(NOTEBOOK, tmp_path / "voila") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url, timeout=STARTUP * 1000)
        panel = page.locator(".puzzle-orienteering")
        status = panel.locator(".kit-status")
        expect(status).to_contain_text("budget used 0 of 34, 34 left", timeout=STARTUP * 1000)
        click_place(panel, "D")
        expect(status).to_contain_text("route: Start → D (at D)", timeout=20_000)
        click_place(panel, "F")
        expect(status).to_contain_text("score 8", timeout=20_000)
        click_place(panel, "Finish")
        expect(status).to_contain_text("route: Start → D → F → Finish (ended at Finish)")
        expect(status).to_contain_text("budget used 27.42 of 34, 6.58 left")
        panel.get_by_role("button", name="Check").click()
        verdict = panel.locator(".kit-verdict")
        expect(verdict).to_contain_text(
            "Legal, 8 points: 7 short of the proven optimum, 15.", timeout=20_000
        )
        expect(verdict).to_contain_text("F (5 points for 3.35 more: 1.49 a unit)")
        expect(verdict).to_contain_text(
            "better exists: press Show solution to see the optimal route"
        )
        expect(verdict).not_to_contain_text("Start → D → F → B")
        panel.screenshot(path=tmp_path / "voila-puzzle-orienteering.png")
        panel.get_by_role("button", name="Show solution").click()
        expect(verdict).to_contain_text("the optimum visits B, A, which you miss: 7 points")
        expect(verdict).to_contain_text("the optimal route: Start → D → F → B → A → Finish")

        journey = page.locator(".puzzle-amazing-journey")
        days = journey.locator(".kit-status")
        expect(days).to_contain_text("day 0 of 10, 10 days left, in Home")
        click_place(journey, "Cove")
        expect(journey).to_contain_text(
            "refused: no action takes you to Cove from Home on day 0", timeout=20_000
        )
        click_place(journey, "Mill")
        expect(days).to_contain_text("day 2 of 10, 8 days left, in Mill", timeout=20_000)
        journey.screenshot(path=tmp_path / "voila-puzzle-amazing-journey.png")

        weeks = page.locator(".puzzle-four-weeks")
        figures = weeks.locator(".kit-status")
        expect(figures).to_contain_text("day 0 of 3 spent, 3 left")
        click_place(weeks, "AAA")
        expect(figures).to_contain_text("Activity step; in AAA", timeout=20_000)
        click_place(weeks, "CCC")
        expect(weeks).to_contain_text(
            "refused: no play of yours concerns CCC now: visit CCC1 (C castle): CCC1 is in CCC, "
            "the pawn is in AAA",
            timeout=20_000,
        )
        press(weeks, OPTIMUM[1:])
        expect(figures).to_contain_text("score so far 31", timeout=20_000)
        weeks.get_by_role("button", name="Check").click()
        expect(weeks.locator(".kit-verdict")).to_contain_text(
            "Optimal: 31 points, as many as the proven optimum.", timeout=20_000
        )
        weeks.screenshot(path=tmp_path / "voila-puzzle-four-weeks.png")

        tour = page.locator(".puzzle-tour")
        figures = tour.locator(".kit-status")
        expect(figures).to_contain_text("round V, turn 5 of 5; the marker in Torino")
        expect(tour).to_contain_text("card 22: Take an Idea of your choice, or write in a Journal.")
        click_place(tour, "Roma")
        expect(tour).to_contain_text(
            "refused: no action of yours concerns Roma now; the question is which card to play",
            timeout=20_000,
        )
        press(tour, TOUR[:4])
        expect(figures).to_contain_text("Ideas: 2 Art, 1 History, 1 Philosophy", timeout=20_000)
        click_place(tour, "Torino")  # the marker's city: Dickens explores it
        expect(tour).to_contain_text("step 5: pay 2 coins to explore in Torino", timeout=20_000)
        press(tour, TOUR[5:])
        expect(figures).to_contain_text("the score if the game ended now: 77 VP", timeout=20_000)
        tour.get_by_role("button", name="Check").click()
        expect(tour.locator(".kit-verdict")).to_contain_text(
            "Optimal: 77 VP, as many as the proven optimum.", timeout=20_000
        )
        tour.screenshot(path=tmp_path / "voila-puzzle-tour.png")
        page.close()


def test_jupyterlab_shows_the_map_and_its_buttons_together_on_a_classroom_screen(
    browser: Any, tmp_path: Path
) -> None:
    """At 1366x768 with the file browser open (a notebook's output some 930 pixels wide), once
    the panel is scrolled into view the map and its four buttons are all on the screen, side by
    side, with text and buttons of the classroom's sizes; a click then reads on the panel."""
    from playwright.sync_api import expect

    with jupyterlab(NOTEBOOK, tmp_path / "lab") as url:
        page = browser.new_page(viewport=SCREEN)
        page.goto(url, timeout=STARTUP * 1000)
        run_all_cells(page)
        panel = page.locator(".puzzle-orienteering")
        status = panel.locator(".kit-status")
        expect(status).to_contain_text("budget used 0 of 34, 34 left", timeout=STARTUP * 1000)
        assert page.locator(".jp-FileBrowser").is_visible()
        panel.evaluate("panel => panel.scrollIntoView({block: 'start'})")
        # A map first drawn at another width is drawn again for the page's: measure that one.
        expect(panel.locator(".kit-board").first).to_have_attribute(
            "data-settled", "yes", timeout=STARTUP * 1000
        )
        board = panel.locator(".kit-board svg").first
        buttons = [panel.get_by_role("button", name=name) for name in BUTTONS]
        for shown in [board, *buttons]:
            box = shown.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= SCREEN["width"], box
            assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], box
        map_box, undo = board.bounding_box(), buttons[0].bounding_box()
        assert map_box["x"] + map_box["width"] <= undo["x"]  # beside the map, not under it
        assert map_box["width"] >= 500
        assert pixels(status, "font-size") >= NORMAL.text
        assert min(button.bounding_box()["height"] for button in buttons) >= NORMAL.target
        page.screenshot(path=tmp_path / "lab-puzzle.png")
        click_place(panel, "D")
        expect(status).to_contain_text("route: Start → D (at D)", timeout=20_000)
        page.close()


def press(panel: Any, names: Sequence[str]) -> None:
    """Click the panel's buttons named `names`, in order, each once it shows."""
    from playwright.sync_api import expect

    for name in names:
        button = panel.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible(timeout=20_000)
        button.click()


def pixels(element: Any, style: str) -> float:
    """A computed style of `element` in CSS pixels ("13px" is 13)."""
    return float(element.evaluate(f"e => getComputedStyle(e)['{style}']").removesuffix("px"))
