"""A lesson on a classroom screen: Voila serves `notebooks/08_classroom.ipynb` as a page without
its code; Chromium reads what the lesson printed and drew (the tournament and its plot as an
image, the board of one's own as an image, the refusal of a misspelt key naming the file, and
no puzzle's solution), then answers in the first puzzle panel: two clicks build a route, Check
says how it falls short without the optimal route, Show solution names it. And a lesson run in
JupyterLab and saved leaves a copy of the checkout as it was (`git status` clean), its file
browser listing each lesson once. Screenshots are saved in the tests' temporary folders.
Skipped, saying why, only where Chromium cannot start."""

from __future__ import annotations

import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kit.saving import enable
from tests.widgets.servers import (
    ROOT,
    STARTUP,
    click_place,
    free_port,
    run_all_cells,
    serving,
    voila,
)

pytestmark = pytest.mark.slow  # a browser and a server each

LESSON = ROOT / "notebooks" / "08_classroom.ipynb"
MEDIUM_OPTIMUM = "B 8, I 3, H 9, A 8"  # the points the medium puzzle's optimal route collects


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
        plot = page.locator(".jp-OutputArea-output img[src^='data:image/png']")
        expect(plot).to_have_count(1)
        assert plot.evaluate("img => img.naturalWidth") > 500
        assert page.get_by_text("with 2 Axes>").count() == 0  # the plot, not its text
        assert page.get_by_text(MEDIUM_OPTIMUM).count() == 0

        panel = page.locator(".kit-puzzle").first
        status = panel.locator(".kit-status")
        expect(status).to_contain_text("budget used 0 of 27, 27 left")
        page.wait_for_function(DRAWN_AS_WIDE_AS_SHOWN, arg=panel.element_handle())
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
        expect(verdict).to_contain_text("better exists: press Show solution to see the optimal")
        expect(verdict).not_to_contain_text("Start → B → I")
        panel.screenshot(path=tmp_path / "voila-classroom-puzzle.png")
        panel.get_by_role("button", name="Show solution").click()
        expect(verdict).to_contain_text("the optimal route: Start → B → I → H → A → Finish")
        page.close()


DRAWN_AS_WIDE_AS_SHOWN = """panel => {
  const view = panel.querySelector('.kit-board .kit-view'), svg = view?.querySelector('svg');
  return !!svg && Math.abs(svg.getBoundingClientRect().width - view.clientWidth) <= 4;
}"""
"""The panel's board is drawn at the width the page gives it: the board draws itself again when
its width changes (as the page settles), and a click meanwhile may meet a mark on its way out."""


def checkout_copy(folder: Path) -> Path:
    """A git repository holding this checkout's files as they are now, committed."""
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\0")
    for name in filter(None, tracked):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.org"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the checkout"]):
        subprocess.run(git + command, cwd=folder, check=True)
    return folder


def git_status(folder: Path) -> str:
    command = ["git", "status", "--porcelain", "--untracked-files=all"]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True).stdout


def test_a_lesson_run_and_saved_in_jupyterlab_leaves_the_checkout_as_it_was(
    browser: Any, tmp_path: Path
) -> None:
    """JupyterLab with the kit's save extension enabled (`python -m kit.saving` does it in the
    environment; here in the server's own configuration folder) on a copy of the checkout: lesson
    1 runs to its end, is saved, and git finds nothing changed; the notebooks' folder lists each
    lesson once (the paired scripts are in `py/`)."""
    from playwright.sync_api import expect

    checkout = checkout_copy(tmp_path / "checkout")
    lesson = checkout / "notebooks" / "01_welcome.ipynb"
    home = tmp_path / "home"
    home.mkdir()
    enable(home / "config")  # the servers' JUPYTER_CONFIG_DIR (tests/widgets/servers.py)
    port, token = free_port(), secrets.token_hex(16)
    command = [
        *(sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}"),
        *("--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--allow-root"),
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={checkout}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
    ]
    with serving(command, f"http://127.0.0.1:{port}/api/status?token={token}", home):
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(f"http://127.0.0.1:{port}/lab/tree/notebooks/{lesson.name}?token={token}")
        run_all_cells(page)
        page.wait_for_function(RAN, timeout=STARTUP * 1000)
        expect(page.get_by_text("Not answered yet: replace None with")).to_be_visible()
        saved = lesson.stat().st_mtime_ns
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(SAVED, timeout=STARTUP * 1000)
        assert lesson.stat().st_mtime_ns > saved  # written again, without its outputs
        listed = page.locator(".jp-DirListing-content .jp-DirListing-itemText")
        names = sorted(listed.all_text_contents())
        page.screenshot(path=tmp_path / "lab-lesson-saved.png")
        page.close()
    notebooks = sorted(path.name for path in (checkout / "notebooks").glob("*.ipynb"))
    assert names == sorted([*notebooks, "jupytext.toml", "py"])
    assert git_status(checkout) == ""


RAN = """() => {
  const notebook = window.jupyterapp.shell.currentWidget;
  return notebook.sessionContext.session.kernel.status === 'idle' && notebook.content.widgets
    .every(cell => cell.model.type !== 'code' || cell.model.executionCount !== null);
}"""
"""Every code cell of the notebook in view has run, and its kernel is idle."""

SAVED = "() => !window.jupyterapp.shell.currentWidget.context.model.dirty"
