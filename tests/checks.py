"""Checks every game's tests share: a refused action changes nothing; a broken data file; the
picture inside a rich display."""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import pytest

from kit.core import IllegalAction


def refused(state, action, reason: str) -> None:
    """`action` raises IllegalAction whose message matches `reason`, and the state is unchanged."""
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert state == before


def broken_copy(seeds: Path, folder: Path, file: str, old: str, new: str) -> Path:
    """A copy of a game's `seeds` folder in `folder` with `old` replaced by `new` in `file`."""
    shutil.copytree(seeds, folder, dirs_exist_ok=True)
    path = folder / file
    text = path.read_text()
    assert old in text, f"{file} no longer contains {old!r}"
    path.write_text(text.replace(old, new, 1))
    return folder


def shown_svg(html: str) -> str:
    """The SVG picture `html` shows as an `<img>` of data (`kit.widgets.picture.image_html`)."""
    found = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert found, html[:200]
    return base64.b64decode(found[1]).decode()
