"""The solver panel in a real browser: Voila serves `solver.ipynb` (the 80-day planner on the
tiny board); Chromium clicks Solve, waits for the plan, and the page shows its score, its steps
and its route on the map, numbered. A screenshot is saved in the test's temporary folder.
Skipped, saying why, only where Chromium cannot start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.widgets.servers import STARTUP, voila

pytestmark = pytest.mark.slow  # a browser and a server each

NOTEBOOK = Path(__file__).with_name("solver.ipynb")


def test_voila_solves_and_shows_the_plan_on_the_map(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with voila(NOTEBOOK, tmp_path / "voila") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1600})
        page.goto(url, timeout=STARTUP * 1000)
        panel = page.locator(".kit-solve")
        solve = panel.get_by_role("button", name="Solve")
        expect(solve).to_be_visible(timeout=STARTUP * 1000)
        expect(panel.locator(".kit-board svg.kit-map")).to_be_visible(timeout=20_000)
        solve.click()
        status = panel.locator(".kit-solve-status")
        expect(status).to_contain_text(
            "a plan scoring 15; the best possible: no plan can score more (proven)",
            timeout=150_000,
        )
        sheets = panel.locator(".kit-sheets")
        expect(sheets).to_contain_text("greedy bot")
        expect(sheets.locator("tr").last).to_contain_text("Total159")
        steps = panel.locator(".kit-plan ol li")
        expect(steps.first).to_contain_text("take the B1 bus to Pine with a bus ticket")
        count = steps.count()
        assert count >= 5
        # The route on the map: the start ringed at Home, every step numbered once, in badges
        # of ranges ("1–2, 5"), the last step's at Home.
        route = panel.locator(".kit-board g.steps g[data-node]")
        expect(route.first).to_be_attached()
        numbers = [
            n for text in route.locator("text").all_text_contents() for n in numbers_in(text)
        ]
        assert sorted(numbers) == list(range(1, count + 1))
        home = panel.locator('.kit-board g.steps g[data-node="Home"] text')
        assert count in numbers_in(home.text_content() or "")
        start = panel.locator(".kit-board .kit-highlight > circle[data-node='Home']")
        expect(start).to_be_attached()
        # The step slider at the last step: the pawn at Home, its step standing out.
        track = panel.locator(".widget-slider .noUi-target").first
        box = track.bounding_box()
        page.mouse.click(box["x"] + box["width"] - 1, box["y"] + box["height"] / 2)
        expect(panel.locator(".kit-step")).to_contain_text(f"step {count} of {count}:")
        current = panel.locator('.kit-board g.steps g[data-node="Home"] rect[fill="#111111"]')
        expect(current).to_have_count(1, timeout=20_000)
        expect(panel.locator(".kit-board circle.current")).to_have_count(1)
        panel.screenshot(path=tmp_path / "voila-solver.png")
        page.close()


def numbers_in(badge: str) -> list[int]:
    """The step numbers a badge names: "1–3, 7" is 1, 2, 3 and 7."""
    found = []
    for part in badge.split(", "):
        low, _, high = part.partition("–")
        found += list(range(int(low), int(high or low) + 1))
    return found
