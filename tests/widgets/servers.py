"""Chromium, Voila and JupyterLab for the browser tests (and the README's screenshot script).

Debian's Chromium is driven by Playwright (`executable_path`, `--no-sandbox`: no browser download
is needed); Voila and JupyterLab 4 are started on 127.0.0.1 on a free port, with this checkout's
kit first on the path and Jupyter's own folders in a temporary folder, and stopped afterwards."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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
STARTUP = 90  # seconds a server and its kernel may take on a loaded machine


class NoBrowser(Exception):
    """Chromium or Playwright is not there, or Chromium cannot start: the reason, in words."""


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser on Debian's Chromium, or `NoBrowser` saying why there is none."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise NoBrowser("playwright is not installed") from None
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise NoBrowser("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except Exception as error:  # noqa: BLE001 - any failure to start means no browser here
            raise NoBrowser(f"Chromium at {executable} cannot be started: {error}") from None
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(home: Path) -> dict[str, str]:
    """The servers' environment: this checkout's kit first, the venv's Python for the kernel,
    and Jupyter's own folders kept in `home`."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    for name in ("CONFIG", "RUNTIME"):
        env[f"JUPYTER_{name}_DIR"] = str(home / name.lower())
    env["IPYTHONDIR"] = str(home / "ipython")
    return env


@contextmanager
def serving(command: list[str], url: str, home: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A server started in `home`, once `url` answers; stopped on leaving."""
    log = (home / "server.log").open("wb")
    server = subprocess.Popen(command, cwd=home, env=environment(home), stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + STARTUP
        while True:
            if server.poll() is not None:
                tail = (home / "server.log").read_text()[-2000:]
                raise RuntimeError(f"{command[0]} stopped: {tail}")
            try:
                with urllib.request.urlopen(url, timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{command[0]} did not answer within {STARTUP} s") from None
                time.sleep(0.3)
        yield server
    finally:
        stop(server)
        log.close()


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def copy_notebook(notebook: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(notebook, folder / notebook.name))


@contextmanager
def voila(notebook: Path, folder: Path) -> Iterator[str]:
    """Voila serving a copy of `notebook` in `folder`: the page's address."""
    executable = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which(
        "voila"
    )
    if executable is None:
        raise RuntimeError("voila is not installed")
    port = free_port()
    copy = copy_notebook(notebook, folder)
    url = f"http://127.0.0.1:{port}/"
    command = [executable, copy.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    command.append("--ServerApp.port_retries=0")
    with serving(command, url, folder):
        yield url


@contextmanager
def jupyterlab(notebook: Path, folder: Path) -> Iterator[str]:
    """JupyterLab 4 serving a copy of `notebook` in `folder`: the notebook's address."""
    port, token = free_port(), secrets.token_hex(16)
    copy = copy_notebook(notebook, folder)
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
        f"--ServerApp.root_dir={folder}",
        f"--LabApp.workspaces_dir={folder / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
    ]
    with serving(command, f"http://127.0.0.1:{port}/api/status?token={token}", folder):
        yield f"http://127.0.0.1:{port}/lab/tree/{copy.name}?token={token}"


def click_place(panel: Any, place: str) -> None:
    """Click a place's mark on a panel's board (pieces lying over it take the click for it, as
    for a pointer), once the board is drawn for the width the page gives it (a first drawing
    at another width is drawn again at once: a click in between would land on the old one)."""
    from playwright.sync_api import expect

    board = panel.locator(f'.kit-board:has(.place[data-node="{place}"])').first
    expect(board).to_have_attribute("data-settled", "yes", timeout=STARTUP * 1000)
    mark = board.locator(f'.place[data-node="{place}"] .mark')
    expect(mark).to_be_visible(timeout=STARTUP * 1000)
    mark.click(force=True)


def run_all_cells(page: Any) -> None:
    """In JupyterLab, once the notebook's kernel is up, run every cell."""
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
