"""The browser every real-browser test drives: Chromium by Playwright, one per test module;
the tests skip, saying why, only where Chromium cannot start."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.widgets.servers import NoBrowser, chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        with chromium() as browser:
            yield browser
    except NoBrowser as why:
        pytest.skip(str(why))
