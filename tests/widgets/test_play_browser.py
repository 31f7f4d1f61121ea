"""The play panel in a real browser: Voila and JupyterLab 4 serve `panels.ipynb` (a panel of each
game, seat 0 against a greedy bot); Chromium clicks a place on each map, sees the buttons keep
that place's actions, clicks one, and the page shows the new position: the log's new line, the
player's table and the timeline. In Voila, Save downloads the game and Load takes the file back;
in JupyterLab, a notebook saved with a state's still picture shows it though it is not trusted.

On the classroom screen (1366×768, JupyterLab with its file browser open) each panel, scrolled
into view, shows its map and its buttons together; its text, the board's and the timeline's are
as large as `kit.widgets.sizes` asks, its buttons, tabs and slider handle as large as a click
target; no two names of places overlap; the replay slider's End key comes back to now, the
buttons staying where they are, greyed out while the past is on view.

A screenshot of each panel is saved in the test's temporary folder. Skipped, saying why, only
where Chromium cannot start."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from kit.widgets.sizes import NORMAL
from tests.widgets.servers import STARTUP, jupyterlab, run_all_cells, voila

pytestmark = pytest.mark.slow  # a browser and a server each

NOTEBOOK = Path(__file__).with_name("panels.ipynb")
CLASSROOM = {"width": 1366, "height": 768}
TIMELINES = {
    "amazing_journey": "Timeline",
    "timeless_journeys": "Gazette",
    "four_weeks": "Calendar",
}


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
    """Click the place, check the buttons, click the action; the log, the table and the
    timeline (each in its tab) follow."""
    from playwright.sync_api import expect

    move = MOVES[game]
    panel = page.locator(f".game-{game}")
    board = panel.locator(".kit-board:has(svg.kit-map)")  # the timeline is drawn as a board too
    mark = board.locator(f'.place[data-node="{move.place}"] .mark')
    expect(mark).to_be_visible(timeout=STARTUP * 1000)
    expect(panel.locator(".kit-log li")).not_to_have_count(0, timeout=20_000)
    timeline = panel.locator("svg.kit-timeline")
    panel.get_by_role("tab", name=TIMELINES[game]).click()
    expect(timeline).to_be_visible()
    expect(timeline).not_to_contain_text(move.timeline)
    # JupyterLab lays out a cell far down the notebook only once it is scrolled into view
    # (content-visibility: auto), a frame or two later: a click that scrolls there itself may
    # land before the layout, so scroll first and let two frames pass. The board is scrolled,
    # not the mark: a board drawn again for the page's width replaces its marks meanwhile.
    board.scroll_into_view_if_needed()
    board.evaluate(
        "b => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    # A board first drawn at another width is drawn again for the page's: click the new one.
    expect(board).to_have_attribute("data-settled", "yes", timeout=STARTUP * 1000)
    # Where a place has pieces, their invisible spot lies over the place's mark and takes the
    # click for it, as it does for a reader's pointer: click the point, whatever lies on top.
    mark.click(force=True)
    expect(board).to_have_attribute("data-selected", move.place)
    expect(panel.get_by_text(f"the actions at {move.place}")).to_be_visible(timeout=20_000)
    actions = panel.locator(".kit-actions")
    expect(actions.get_by_role("button")).to_have_text(list(move.offered))
    actions.get_by_role("button", name=move.action, exact=True).click()
    expect(timeline).to_contain_text(move.timeline, timeout=20_000)
    panel.get_by_role("tab", name="Players").click()
    table = panel.locator(".kit-table").first
    for words in move.table:
        expect(table).to_contain_text(words)
    panel.get_by_role("tab", name="Log").click()
    last = panel.locator(".kit-log li").last
    expect(last).to_have_text(f"player 0: {move.action}", timeout=20_000)
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


# --- the classroom screen ---------------------------------------------------------------------
# What a panel looks like on the page, measured by the browser: the part of the page in view
# (the viewport less what JupyterLab's notebook area hides), the boxes of the panel, the map
# and the first button, whether the buttons' column scrolls and which buttons their row cuts,
# the smallest text of the board (place names apart), of the timeline and of the panel itself
# (font size times the SVG's scale on the screen), the smallest click target, and the pairs of
# place names whose boxes overlap.
MEASURE = """panel => {
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (let up = panel.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (/(auto|scroll)/.test(style.overflowY) && up.scrollHeight > up.clientHeight) {
      const box = up.getBoundingClientRect();
      view.left = Math.max(view.left, box.left);
      view.top = Math.max(view.top, box.top);
      view.right = Math.min(view.right, box.left + up.clientWidth);
      view.bottom = Math.min(view.bottom, box.top + up.clientHeight);
      break;
    }
  }
  const rect = el => {
    const b = el.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom];
  };
  const shown = el => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0;
  };
  const onScreen = text => {
    const ctm = text.getScreenCTM();
    return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
  };
  const least = (texts, size) => Math.min(...[...texts].filter(shown).map(size), Infinity);
  const written = [...panel.querySelectorAll("*")].filter(
    el => !el.closest("svg") && shown(el) &&
      [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()));
  const targets = panel.querySelectorAll(
    "button, .lm-TabBar-tab, input[type=range], summary, .widget-upload");
  const names = [...panel.querySelectorAll("svg.kit-map .place text")].filter(shown);
  const overlaps = [];
  names.forEach((a, i) => names.slice(i + 1).forEach(b => {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 &&
        q.top < p.bottom - 0.5)
      overlaps.push([a.closest(".place").dataset.node, b.closest(".place").dataset.node]);
  }));
  const map = panel.querySelector("svg.kit-map");
  const actions = panel.querySelector(".kit-actions");
  const button = actions && actions.querySelector("button");
  const clipped = [...panel.querySelectorAll(".kit-actions button")].filter(b => {
    const p = b.parentElement.getBoundingClientRect(), q = b.getBoundingClientRect();
    return q.top < p.top - 0.5 || q.bottom > p.bottom + 0.5;
  });
  return {
    view: [view.left, view.top, view.right, view.bottom],
    panel: rect(panel),
    map: map && rect(map),
    button: button && rect(button),
    scrolls: Boolean(actions) && actions.scrollHeight > actions.clientHeight + 1,
    clipped: clipped.map(b => b.textContent),
    place_text: least(names, onScreen),
    map_text: least(panel.querySelectorAll("svg.kit-map text:not(.place text)"), onScreen),
    timeline_text: least(panel.querySelectorAll("svg.kit-timeline text"), onScreen),
    panel_text: least(written, el => parseFloat(getComputedStyle(el).fontSize)),
    target: least(targets, el => Math.min(el.getBoundingClientRect().height,
                                          el.getBoundingClientRect().width)),
    overlaps,
  };
}"""


def to_top(panel: Any) -> None:
    """Scroll `panel` to the top of the notebook's view and let two frames pass, for JupyterLab
    to lay it out (cells far down are laid out only once in view)."""
    panel.evaluate(
        "el => { el.scrollIntoView({block: 'start'});"
        " return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))); }"
    )


def inside(box: list[float], view: list[float]) -> bool:
    left, top, right, bottom = box
    return left >= view[0] and top >= view[1] and right <= view[2] and bottom <= view[3]


def measure(page: Any, game: str) -> dict[str, Any]:
    """The panel of `game` scrolled to the top of the notebook's view, measured (`MEASURE`) as
    it opens, and its timeline's text once the timeline's tab is open ("opened": the panel's
    box then)."""
    from playwright.sync_api import expect

    panel = page.locator(f".game-{game}")
    expect(panel.locator(".kit-actions button").first).to_be_attached(timeout=STARTUP * 1000)
    to_top(panel)
    board = panel.locator(".kit-board:has(svg.kit-map)")
    expect(board).to_have_attribute("data-settled", "yes", timeout=STARTUP * 1000)
    seen = dict(panel.evaluate(MEASURE))
    tab = panel.get_by_role("tab", name=TIMELINES[game])
    if tab.count():  # a panel with tabs (the benchmark measures the one before them too)
        tab.click()
    expect(panel.locator("svg.kit-timeline")).to_be_visible()
    to_top(panel)
    opened = panel.evaluate(MEASURE)
    return {**seen, "timeline_text": opened["timeline_text"], "opened": opened["panel"]}


@pytest.fixture(scope="module")
def lab_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """JupyterLab at the classroom screen's size, as it opens (the file browser open), with
    `panels.ipynb` run."""
    from playwright.sync_api import expect

    with jupyterlab(NOTEBOOK, tmp_path_factory.mktemp("classroom")) as url:
        page = browser.new_page(viewport=CLASSROOM)
        page.goto(url)
        run_all_cells(page)
        expect(page.locator(".jp-FileBrowser")).to_be_visible()
        news = page.get_by_role("button", name="No", exact=True)  # "get notified of news?"
        if news.is_visible():
            news.click()
        yield page
        page.close()


@pytest.mark.parametrize("game", list(MOVES))
def test_the_panel_fits_the_classroom_screen(lab_page: Any, game: str, tmp_path: Path) -> None:
    seen = measure(lab_page, game)
    lab_page.screenshot(path=tmp_path / f"classroom-{game}.png")
    view = seen["view"]
    assert view[2] - view[0] > 1000 and view[3] - view[1] > 600  # the notebook's part of it
    assert inside(seen["map"], view), seen
    assert inside(seen["button"], view), seen  # beside the map, not under it
    assert seen["map"][2] <= seen["button"][0]
    assert seen["panel"][3] - seen["panel"][1] <= CLASSROOM["height"]  # about one screen high
    assert seen["clipped"] == []  # every button whole, the column scrolling for more
    assert seen["scrolls"] == (game == "amazing_journey")  # 16 actions at London, day 0
    assert seen["panel_text"] >= NORMAL.text and seen["target"] >= NORMAL.target, seen
    assert seen["overlaps"] == []
    small = {  # the board's and the timeline's own text, drawn by their pictures
        "place names": (seen["place_text"], NORMAL.place),
        "other map text": (seen["map_text"], NORMAL.text),
        "timeline text": (seen["timeline_text"], NORMAL.text),
    }  # to a tenth of a pixel: a picture 930 pixels wide may be laid out at 929.98
    too_small = {what: size for what, (size, least) in small.items() if round(size, 1) < least}
    assert not too_small, small


def test_the_slider_comes_back_to_now_without_moving_the_page(
    lab_page: Any, tmp_path: Path
) -> None:
    """After a move: Home shows the start, the buttons greyed out where they were and the page
    where it was; End comes back to now and the buttons play again; so does Back to now."""
    from playwright.sync_api import expect

    panel = lab_page.locator(".game-four_weeks")
    to_top(panel)
    readout = panel.locator(".kit-replay-slider .readout")
    steps = int(readout.inner_text().split()[0])
    panel.get_by_role("button", name="start in FRA for free", exact=True).click()
    end = f"{steps + 1} of {steps + 1}"  # one step: no chance follows
    expect(readout).to_have_text(end, timeout=20_000)
    first = panel.get_by_role("button", name="skip the Activity and lose 1 day")
    expect(first).to_be_enabled(timeout=20_000)
    before = first.bounding_box()
    slider = panel.locator(".kit-replay-slider input")
    slider.focus()
    lab_page.keyboard.press("Home")
    expect(readout).to_have_text(re.compile(r"^0 of "))
    expect(first).to_be_disabled(timeout=20_000)
    assert first.bounding_box() == before
    lab_page.keyboard.press("ArrowRight")  # the arrow keys are the slider's, not the notebook's
    expect(readout).to_have_text(re.compile(r"^1 of "))
    lab_page.keyboard.press("End")
    expect(readout).to_have_text(end)
    expect(first).to_be_enabled(timeout=20_000)
    assert first.bounding_box() == before
    lab_page.keyboard.press("Home")
    expect(first).to_be_disabled(timeout=20_000)
    panel.get_by_role("button", name="Back to now").click()
    expect(readout).to_have_text(end)
    expect(first).to_be_enabled(timeout=20_000)
    lab_page.screenshot(path=tmp_path / "classroom-slider.png")
