"""How large the panels draw things, in CSS pixels, for a classroom screen.

The reference screen is a school laptop on a projector: 1366×768, JupyterLab with its file
browser open, which leaves a notebook's output about 930 pixels wide. Read from the back of a
room, a place's name needs 12 pixels, any other text 11, and something to click 20 pixels
across. Every picture of the panels is drawn at one canvas unit per CSS pixel and shown at its
own width (a page narrower than the picture shrinks it, never a wider one stretches it), so the
sizes below are the sizes on the screen.

`size="large"` (a panel's option) draws everything a third larger, for a large room."""

from __future__ import annotations

from dataclasses import dataclass

from kit.core import KitError


@dataclass(frozen=True, slots=True)
class Sizes:
    """The sizes of one setting, in CSS pixels: `place` a place's name, `text` any other text
    (legends, badges, timelines, tables), `target` the smallest thing to click, and `scale` how
    much larger than the normal setting it draws marks and pieces."""

    name: str
    place: float
    text: float
    target: float
    scale: float


SIZES = {
    "normal": Sizes("normal", place=12.0, text=11.0, target=20.0, scale=1.0),
    "large": Sizes("large", place=16.0, text=14.5, target=26.0, scale=4 / 3),
}
NORMAL = SIZES["normal"]
PANEL_WIDTH = 930
"""The width of a notebook's output at the reference screen, in CSS pixels."""


def sizes(name: str | Sizes) -> Sizes:
    """The sizes of a setting by name ("normal" or "large"); an unknown name is refused with
    the names there are."""
    if isinstance(name, Sizes):
        return name
    try:
        return SIZES[name]
    except (KeyError, TypeError):
        raise KitError(f"size {name!r} is unknown; the panels draw {', '.join(SIZES)}") from None
