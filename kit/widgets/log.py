"""The panel's log, its replay slider and its file download: small browser widgets that send
only what is new.

A log grows by one line an action; sending the whole log at every action would grow with the
game, so the kernel sends each line once (a custom message) and a new view asks for all of them.
The setup's chance steps (tens of tokens placed, cards dealt) open the log folded in one line.
The replay slider is the browser's own range input, whose Home and End keys and clicks reach
every step, the last included, however long the history has grown. The download hands a file
to the browser only when asked: nothing of it stays in the page."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent


class Log(anywidget.AnyWidget):
    """Lines in order, one per action; `shown` lines are reached by the position on view (the
    others are greyed out). `lines` holds them all in Python; the first `fold` lines show as
    one line, `title`, that unfolds on a click."""

    _esm = HERE / "log.js"
    _css = HERE / "log.css"
    shown = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.fold, self.title = 0, ""
        self.on_msg(self._answer)

    def put(self, start: int, lines: Sequence[str], fold: int = 0, title: str = "") -> None:
        """Replace the lines from `start` on by `lines` (an undo or a load drops the later
        ones); the first `fold` lines fold under `title`."""
        if start == len(self.lines) and not lines and (fold, title) == (self.fold, self.title):
            return
        self.lines[start:] = lines
        self.fold, self.title = fold, title
        self.send({"start": start, "lines": list(lines), "fold": fold, "title": title})

    def _answer(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        if content.get("want") == "lines":
            self.send({"start": 0, "lines": self.lines, "fold": self.fold, "title": self.title})


class Replay(anywidget.AnyWidget):
    """A slider over the steps of a history, from 0 to `max`; `value` is the step on view, set
    when the slider is let go (or by Home, End and the arrow keys)."""

    _esm = HERE / "replay.js"
    _css = HERE / "replay.css"
    value = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kit-replay-slider")

    @traitlets.validate("value")
    def _check_value(self, proposal: dict[str, Any]) -> int:
        step = int(proposal["value"])
        if not 0 <= step <= self.max:
            raise traitlets.TraitError(f"step {step} is not one of the history's: 0 to {self.max}")
        return step


class Download(anywidget.AnyWidget):
    """Shows nothing; `send_file(name, text)` makes the browser download the text as a file."""

    _esm = HERE / "download.js"

    def send_file(self, name: str, text: str) -> None:
        self.send({"name": name, "text": text})
