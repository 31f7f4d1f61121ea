"""A lesson on a classroom screen: Voila serves `notebooks/08_classroom.ipynb` as a page without
its code; Chromium reads what the lesson printed and drew (the tournament, the board of one's own
as an image, the refusal of a misspelt key naming the file), then answers in the first puzzle
panel: two clicks build a route, Check says how it falls short without the optimal route, Show
solution names it. A screenshot is saved in the test's temporary folder. Skipped, saying why,
only where Chromium cannot start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.widgets.servers import ROOT, STARTUP, click_place, voila

LESSON = ROOT / "notebooks" / "08_classroom.ipynb"


def test_voila_serves_the_classroom_lesson_without_code_and_its_panels_respond(
    browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    with voila(LESSON, tmp_path / "voila") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1200})
        page.goto(url, timeout=STARTUP * 1000)
        expect(page.get_by_role("heading", name="Classroom: puzzles, a tournament")).to_be_visible(
            timeout=STARTUP * 1000
        )
        # The whole lesson ran: its last output is the exercise's reply, in words.
        expect(page.get_by_text("Not answered yet: write your bot")).to_be_visible(
            timeout=STARTUP * 1000
        )
        assert page.get_by_text("from kit.puzzles import").count() == 0  # no code on the page
        expect(page.locator("img[alt='my Lakes, with Bay']")).to_be_visible()
        expect(
            page.get_by_text("refused: my_lakes/routes.toml: routes[2].extra_dayz: unknown key")
        ).to_be_visible()
        expect(page.get_by_text("greedy     100% [84, 100]")).to_be_visible()

        panel = page.locator(".kit-puzzle").first
        status = panel.locator(".kit-status")
        expect(status).to_contain_text("budget used 0 of 27, 27 left")
        click_place(panel, "B")
        expect(status).to_contain_text("route: Start → B (at B)", timeout=20_000)
        click_place(panel, "Finish")
        expect(status).to_contain_text("route: Start → B → Finish (ended at Finish)")
        expect(status).to_contain_text("score 8")
        panel.get_by_role("button", name="Check").click()
        verdict = panel.locator(".kit-verdict")
        expect(verdict).to_contain_text(
            "Legal, 8 points: 20 short of the proven optimum, 28.", timeout=20_000
        )
        expect(verdict).to_contain_text("B (8 points for 0.89 more: 8.95 a unit)")
        expect(verdict).not_to_contain_text("Start → B → I")
        panel.screenshot(path=tmp_path / "voila-classroom-puzzle.png")
        panel.get_by_role("button", name="Show solution").click()
        expect(verdict).to_contain_text("the optimal route: Start → B → I → H → A → Finish")
        page.close()
