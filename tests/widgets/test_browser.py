"""The board in a real browser: Voila and JupyterLab 4 serve `boards.ipynb` on 127.0.0.1, Chromium
(Debian's, driven by Playwright) clicks a place of each game's map, and the page shows the
selection both as the board draws it and as the kernel wrote it back. A screenshot of each board
is saved in the test's temporary folder. Skipped, saying why, only where Chromium cannot start."""

from __future__ import annotations

import itertools
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).with_name("boards.ipynb")
ROOT = Path(__file__).parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A place to click on each game's board, as the board names it.
CLICKS = {"amazing_journey": "Paris", "timeless_journeys": "Roma", "four_weeks": "FRA"}
STARTUP = 90  # seconds a server and its kernel may take on a loaded machine


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except Exception as error:  # noqa: BLE001 - any failure to start means no browser here
            pytest.skip(f"Chromium at {executable} cannot be started: {error}")
        yield chromium
        chromium.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(home: Path) -> dict[str, str]:
    """The servers' environment: this checkout's kit first, the venv's Python for the kernel,
    and Jupyter's own folders kept in the test's temporary folder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    for name in ("CONFIG", "RUNTIME"):
        env[f"JUPYTER_{name}_DIR"] = str(home / name.lower())
    env["IPYTHONDIR"] = str(home / "ipython")
    return env


def serve(command: list[str], url: str, home: Path) -> subprocess.Popen[bytes]:
    """Start a server and wait until `url` answers."""
    log = (home / "server.log").open("wb")
    server = subprocess.Popen(command, cwd=home, env=environment(home), stdout=log, stderr=log)
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"{command[0]} stopped: {(home / 'server.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return server
        except OSError:
            time.sleep(0.3)
    stop(server)
    raise RuntimeError(f"{command[0]} did not answer within {STARTUP} s")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def copy_notebook(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(NOTEBOOK, folder / NOTEBOOK.name))


def click_each_board(page: object, shots: Path, prefix: str) -> None:
    """Click one place on each game's board; the board marks it and the kernel writes it back."""
    from playwright.sync_api import expect

    for game, place in CLICKS.items():
        board = page.locator(f".game-{game}")
        mark = board.locator(f'.kit-board .place[data-node="{place}"] .mark')
        expect(mark).to_be_visible(timeout=STARTUP * 1000)
        mark.click()
        expect(board.locator(".kernel-echo")).to_have_text(
            f"selected in the kernel: {place}", timeout=20_000
        )
        selected = board.locator(".kit-board .place.selected")
        expect(selected).to_have_count(1)
        assert selected.get_attribute("data-node") == place
        board.screenshot(path=shots / f"{prefix}-{game}.png")


def label_boxes_overlap(page: object, game: str) -> list[tuple[str, str]]:
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


def test_voila_shows_every_board_and_a_click_reaches_the_kernel(browser, tmp_path):
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila")
    assert voila, "voila is not installed"
    port = free_port()
    notebook = copy_notebook(tmp_path / "voila")
    url = f"http://127.0.0.1:{port}/"
    command = [voila, notebook.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    command.append("--ServerApp.port_retries=0")
    server = serve(command, url, notebook.parent)
    try:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(url, timeout=STARTUP * 1000)
        click_each_board(page, tmp_path, "voila")
        for game in CLICKS:
            assert label_boxes_overlap(page, game) == [], game
        page.close()
    finally:
        stop(server)


def test_jupyterlab_renders_the_board_and_a_click_comes_back(browser, tmp_path):
    port, token = free_port(), secrets.token_hex(16)
    notebook = copy_notebook(tmp_path / "lab")
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--allow-root",
        f"--ServerApp.root_dir={notebook.parent}",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
    ]
    server = serve(command, f"http://127.0.0.1:{port}/api/status?token={token}", notebook.parent)
    try:
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        page.goto(f"http://127.0.0.1:{port}/lab/tree/{notebook.name}?token={token}")
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.sessionContext"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session"
            " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
            timeout=STARTUP * 1000,
        )
        page.evaluate(
            "async () => { const panel = window.jupyterapp.shell.currentWidget;"
            " await panel.sessionContext.ready;"
            " await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
        click_each_board(page, tmp_path, "lab")
        page.close()
    finally:
        stop(server)
