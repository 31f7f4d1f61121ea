"""The panel's log and its file download: two small browser widgets that send only what is new.

A log grows by one line an action; sending the whole log at every action would grow with the
game, so the kernel sends each line once (a custom message) and a new view asks for all of them.
The download hands a file to the browser only when asked: nothing of it stays in the page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent


class Log(anywidget.AnyWidget):
    """Lines in order, one per action; `shown` lines are reached by the position on view (the
    others are greyed out). `lines` holds them all in Python."""

    _esm = HERE / "log.js"
    _css = HERE / "log.css"
    shown = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.on_msg(self._answer)

    def put(self, start: int, lines: Sequence[str]) -> None:
        """Replace the lines from `start` on by `lines` (an undo or a load drops the later ones)."""
        if start == len(self.lines) and not lines:
            return
        self.lines[start:] = lines
        self.send({"start": start, "lines": list(lines)})

    def _answer(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        if content.get("want") == "lines":
            self.send({"start": 0, "lines": self.lines})


class Download(anywidget.AnyWidget):
    """Shows nothing; `send_file(name, text)` makes the browser download the text as a file."""

    _esm = HERE / "download.js"

    def send_file(self, name: str, text: str) -> None:
        self.send({"name": name, "text": text})
