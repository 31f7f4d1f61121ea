"""The play panel in a real browser: Voila and JupyterLab 4 serve `panels.ipynb` (a panel of each
game, seat 0 against a greedy bot); Chromium clicks a place on each map, sees the buttons keep
that place's actions, clicks one, and the page shows the new position: the log's new line, the
player's table and the timeline. In Voila, Save downloads the game and Load takes the file back;
in JupyterLab, a notebook saved with a state's still picture shows it though it is not trusted.
A screenshot of each panel is saved in the test's temporary folder. Skipped, saying why, only
where Chromium cannot start."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from tests.widgets.servers import STARTUP, jupyterlab, run_all_cells, voila

NOTEBOOK = Path(__file__).with_name("panels.ipynb")


class Move(NamedTuple):
    """A place to click, the action to take there, and what player 0's table and the game's
    timeline then show."""

    place: str
    offered: tuple[str, ...]  # every action of that place, as the buttons show them
    action: str
    table: tuple[str, ...]
    timeline: str  # the position the timeline's corner names


MOVES = {
    "amazing_journey": Move(
        "Paris",
        (
            "take the T1 train to Paris",
            "take the T1 train to Paris by Paulo's power",
            "take the L21 balloon to Paris",
        ),
        "take the T1 train to Paris",
        ("Day", "day 2", "City", "Paris"),
        "day 2; player 0 to move",
    ),
    "timeless_journeys": Move(
        "Milano",
        ("move to Milano for 1 coin",),
        "move to Milano for 1 coin",
        ("Marker", "Milano"),
        "round I: Action phase; player 1 to move",
    ),
    "four_weeks": Move(
        "FRA",
        ("start in FRA for free",),
        "start in FRA for free",
        ("Pawn", "FRA"),
        "week 1, Mon: player 0's Activity step",
    ),
}


def play_a_move(page: Any, game: str, shots: Path, prefix: str) -> None:
    """Click the place, check the buttons, click the action; the log and the table follow."""
    from playwright.sync_api import expect

    move = MOVES[game]
    panel = page.locator(f".game-{game}")
    board = panel.locator(".kit-board:has(svg.kit-map)")  # the timeline is drawn as a board too
    mark = board.locator(f'.place[data-node="{move.place}"] .mark')
    expect(mark).to_be_visible(timeout=STARTUP * 1000)
    expect(panel.locator(".kit-log li")).not_to_have_count(0, timeout=20_000)
    timeline = panel.locator("svg.kit-timeline")
    expect(timeline).to_be_visible()
    expect(timeline).not_to_contain_text(move.timeline)
    # Where a place has pieces, their invisible spot lies over the place's mark and takes the
    # click for it, as it does for a reader's pointer: click the point, whatever lies on top.
    mark.click(force=True)
    expect(board).to_have_attribute("data-selected", move.place)
    expect(panel.get_by_text(f"the actions at {move.place}")).to_be_visible(timeout=20_000)
    actions = panel.locator(".kit-actions")
    expect(actions.get_by_role("button")).to_have_text(list(move.offered))
    actions.get_by_role("button", name=move.action, exact=True).click()
    last = panel.locator(".kit-log li").last
    expect(last).to_have_text(f"player 0: {move.action}", timeout=20_000)
    table = panel.locator(".kit-table").first
    for words in move.table:
        expect(table).to_contain_text(words)
    expect(timeline).to_contain_text(move.timeline)
    panel.screenshot(path=shots / f"{prefix}-{game}.png")


def save_and_load(page: Any, game: str, folder: Path) -> None:
    """Save downloads the game's JSON, which names the move just made; Load takes it back."""
    from playwright.sync_api import expect

    panel = page.locator(f".game-{game}")
    with page.expect_download() as download:
        panel.get_by_role("button", name="Save").click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["game"] == game and MOVES[game].action in saved["history"]
    steps = len(saved["history"])
    # The upload's file input lies outside the page: its button opens the file chooser.
    with page.expect_file_chooser() as chooser:
        panel.locator(".widget-upload").click()
    chooser.value.set_files(path)
    expect(panel.get_by_text(f"loaded {path.name} (step {steps})")).to_be_visible(timeout=20_000)


def test_voila_plays_a_move_on_each_games_panel(browser: Any, tmp_path: Path) -> None:
    with voila(NOTEBOOK, tmp_path / "voila") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        page.goto(url, timeout=STARTUP * 1000)
        for game in MOVES:
            play_a_move(page, game, tmp_path, "voila")
        save_and_load(page, "amazing_journey", tmp_path)
        page.close()


def still_notebook(folder: Path) -> Path:
    """A notebook saved with a state's rich display in its output, as one receives it: not
    trusted, so JupyterLab sanitises its HTML."""
    import kit
    from kit.widgets import state_html

    state = kit.load("amazing_journey", players=2, seed=3).new_game()
    state.resolve_chance()
    output = {
        "output_type": "display_data",
        "metadata": {},
        "data": {"text/html": state_html(state), "text/plain": "a state"},
    }
    cell = {
        "cell_type": "code",
        "id": "still",
        "metadata": {},
        "execution_count": 1,
        "source": "state",
        "outputs": [output],
    }
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "still.ipynb"
    path.write_text(json.dumps(notebook))
    return path


def test_jupyterlab_plays_a_move_on_the_panel_and_shows_a_still_state(
    browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    still = still_notebook(tmp_path / "lab")
    with jupyterlab(NOTEBOOK, tmp_path / "lab") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        run_all_cells(page)
        for game in MOVES:
            play_a_move(page, game, tmp_path, "lab")
        page.goto(url.replace(NOTEBOOK.name, still.name))
        picture = page.locator(".jp-OutputArea-output img[alt='The Amazing Journey: the board']")
        expect(picture).to_be_visible(timeout=STARTUP * 1000)
        assert picture.evaluate("img => img.naturalWidth") > 500
        expect(page.locator(".jp-OutputArea-output")).to_contain_text("player 0: choose an action")
        page.locator(".jp-OutputArea-output").first.screenshot(path=tmp_path / "lab-still.png")
        page.close()
