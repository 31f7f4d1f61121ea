"""The solver panel in a real browser: Voila serves `solver.ipynb` (the 80-day planner on the
tiny board); Chromium clicks Solve, waits for the plan, and the page shows its score, its steps
and its route on the map, numbered. A screenshot is saved in the test's temporary folder.
Skipped, saying why, only where Chromium cannot start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.widgets.servers import STARTUP, voila

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
        expect(status).to_contain_text("optimal plan scoring 15, bound 15", timeout=150_000)
        sheets = panel.locator(".kit-sheets")
        expect(sheets).to_contain_text("greedy bot")
        expect(sheets.locator("tr").last).to_contain_text("Total159")
        steps = panel.locator(".kit-plan ol li")
        expect(steps.first).to_contain_text("take the B1 bus to Pine with a bus ticket")
        count = steps.count()
        assert count >= 5
        # The route on the map: the start ringed at Home, the last step numbered at Home.
        route = panel.locator(".kit-board g.steps g[data-node]")
        expect(route.first).to_be_attached()
        numbers = ",".join(route.locator("text").all_text_contents()).split(",")
        assert sorted(int(n) for n in numbers) == list(range(1, count + 1))
        home = panel.locator('.kit-board g.steps g[data-node="Home"]')
        expect(home.locator("text")).to_have_text(str(count))
        expect(panel.locator(".kit-board circle[data-node='Home']")).to_be_attached()
        panel.screenshot(path=tmp_path / "voila-solver.png")
        page.close()
