"""Take the README's screenshot of the play panel: Voila serves `notebooks/play.ipynb` on a free
port, Debian's Chromium (driven by Playwright, `--no-sandbox`) opens it, player 0 takes the
first travel on offer, and the first panel (The Amazing Journey) is saved as `play_panel.png`
beside this script.

    python docs/screenshot.py

The servers and the browser are the browser tests' own (`tests/widgets/servers.py`)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.widgets.servers import ROOT, STARTUP, NoBrowser, chromium, voila

NOTEBOOK = ROOT / "notebooks" / "play.ipynb"
PICTURE = Path(__file__).with_name("play_panel.png")


def main() -> None:
    from playwright.sync_api import expect

    with (
        tempfile.TemporaryDirectory() as folder,
        chromium() as browser,
        voila(NOTEBOOK, Path(folder)) as url,
    ):
        # A window as tall as the panel: Voila scrolls inside its page and paints what shows.
        page = browser.new_page(viewport={"width": 1400, "height": 2800})
        page.goto(url, timeout=STARTUP * 1000)
        panel = page.locator(".kit-play").first
        log = panel.locator(".kit-log li")
        expect(log).not_to_have_count(0, timeout=STARTUP * 1000)
        steps = log.count()
        panel.locator(".kit-actions button", has_text="take the").first.click()
        expect(log).to_have_count(steps + 1, timeout=20_000)
        panel.screenshot(path=PICTURE)
        page.close()
    print(f"{PICTURE.name}: {PICTURE.stat().st_size / 1000:.0f} KB")


if __name__ == "__main__":
    try:
        main()
    except NoBrowser as why:
        sys.exit(f"no screenshot: {why}")
