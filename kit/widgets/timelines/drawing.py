"""What the three timelines share: the position as the viewer sees it, the still and moving parts
of a picture, the SVG document the board's browser side fills, and small drawing helpers."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from kit.core import Game, State
from kit.widgets.labels import text_width
from kit.widgets.picture import FONT, ROUTE_STYLES, SHAPES, _dark, _e, _n

WIDTH, PAD, TITLE_HEIGHT = 1000, 12, 34
BACKGROUND, INK, FAINT = "#f7f5ef", "#222", "#777"


# --- what a view is drawn from ---------------------------------------------------------------
@dataclass(frozen=True)
class Seen:
    """A position as the view's viewer sees it: the state (for the game's content and public
    history), the viewer's observation, and the viewer's seat (None: everyone)."""

    state: State
    view: dict[str, Any]
    seat: int | None


def seen(state: State, seat: int | None) -> Seen:
    """The position seen by `seat`; with no seat, the public part of the first player's view
    (a timeline shows only what lies face up on the table)."""
    return Seen(state, state.observation(0 if seat is None else seat), seat)


@dataclass(frozen=True)
class Still:
    """The still part of a picture: its size, its drawing, and the names of what a click may
    select (each element with a `data-node`)."""

    width: float
    height: float
    body: str
    nodes: frozenset[str]


class Drawing:
    """One game's timeline picture. The still part depends only on the game (and on
    `still_key`: what setup draws, where the still part depends on it); `highlight` (the current
    day or round) and `pieces` (pawns, tokens, discs) change with the position."""

    game_name: ClassVar[str]
    title: ClassVar[str]

    def __init__(self, game: Game, seat: int | None) -> None:
        self.game = game
        self.seat = seat
        self._stills: dict[Hashable, Still] = {}

    def still_key(self, seen: Seen) -> Hashable:
        return ()

    def still(self, seen: Seen) -> Still:
        key = self.still_key(seen)
        if key not in self._stills:
            self._stills[key] = self.draw_still(seen)
        return self._stills[key]

    def draw_still(self, seen: Seen) -> Still:
        raise NotImplementedError

    def highlight(self, seen: Seen) -> str:
        raise NotImplementedError

    def pieces(self, seen: Seen) -> str:
        raise NotImplementedError

    def heading(self) -> str:
        """The title, and whose view it is."""
        if self.seat is None:
            return self.title
        return f"{self.title}, as player {self.seat} sees it"

    def document(self, seen: Seen, *, moving: bool = True) -> str:
        """The whole picture as SVG text; with `moving` False its two layers are left empty
        (the widget fills them)."""
        still = self.still(seen)
        highlight = self.highlight(seen) if moving else ""
        pieces = self.pieces(seen) if moving else ""
        return document(still, self.heading(), highlight, pieces)


def document(still: Still, title: str, highlight: str = "", pieces: str = "") -> str:
    """A picture's SVG text: the background, the still drawing, the title and the two layers
    the board's browser side fills (`kit-highlight` and `kit-pieces`)."""
    w, h = _n(still.width), _n(still.height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-timeline" viewBox="0 0 {w} {h}" '
        f'width="100%" style="max-width:{w}px" font-family="{FONT}" font-size="10" '
        f'role="img" aria-label="{_e(title)}"><rect width="{w}" height="{h}" fill="{BACKGROUND}"/>'
        f'{still.body}<text x="{PAD}" y="22" font-size="16" font-weight="bold">{_e(title)}</text>'
        f'<g class="kit-highlight">{highlight}</g><g class="kit-pieces">{pieces}</g></svg>'
    )


# --- small drawing helpers shared by the three views ----------------------------------------
def fit(text: str, width: float, size: float = 10) -> str:
    """`text`, shortened with an ellipsis until it fits `width` at `size` (the whole text is
    in the hover title)."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def cell(name: str, title: str, x: float, y: float, w: float, h: float, fill: str) -> str:
    """A clickable cell: a `place` with its `data-node` (the board's browser side sends a click
    on it back as `selected`), a `mark` the board's style rings on hover, and a hover text."""
    return (
        f'<g class="place" data-node="{_e(name)}" tabindex="0"><title>{_e(title)}</title>'
        f'<rect class="mark" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'fill="{fill}" stroke="#bbb" stroke-width="0.6"/></g>'
    )


def text(x: float, y: float, words: str, size: float = 10, extra: str = "") -> str:
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{extra}>{_e(words)}</text>'


def sample(kind: str, x: float, y: float, length: float) -> str:
    """A short line in a transport type's colour and dash pattern (the board's route style)."""
    style = ROUTE_STYLES[kind]
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    return (
        f'<path d="M{_n(x)} {_n(y)}h{_n(length)}" stroke="{style.colour}"{dash} '
        'stroke-width="2.5"/>'
    )


def shape(kind: str, colour: str, label: str = "") -> str:
    """A board piece's shape (`SHAPES`: pawn, flag, disc, ...) around the origin, with a label
    of one or two characters written on it."""
    drawn = SHAPES[kind].format(colour)
    if not label:
        return drawn
    ink = "#fff" if _dark(colour) else INK
    return (
        f'{drawn}<text y="2.8" font-size="7.5" font-weight="bold" text-anchor="middle" '
        f'fill="{ink}">{_e(label)}</text>'
    )


def glyph(kind: str, x: float, y: float, colour: str, label: str = "") -> str:
    """`shape` moved to (x, y)."""
    return f'<g transform="translate({_n(x)} {_n(y)})">{shape(kind, colour, label)}</g>'


def legend(items: Sequence[tuple[str, float, str]], x: float, y: float, width: float) -> str:
    """A legend in lines: each item a glyph (drawn around the origin, `size` wide; none where
    `size` is 0) and its words, flowing left to right and on to the next line where the line
    is full."""
    parts, left = [], x
    for drawn, size, words in items:
        room = _room(size, words)
        if left + room > x + width and left > x:
            left, y = x, y + 16
        if drawn:
            parts.append(f'<g transform="translate({_n(left + size / 2)} {_n(y)})">{drawn}</g>')
        parts.append(text(left + size + (5 if size else 0), y + 3, words, 9))
        left += room
    return f'<g class="legend">{"".join(parts)}</g>'


def legend_height(items: Sequence[tuple[str, float, str]], width: float) -> float:
    """The height `legend` takes for these items in `width`."""
    lines, left = 1, 0.0
    for _, size, words in items:
        room = _room(size, words)
        if left + room > width and left > 0:
            lines, left = lines + 1, 0.0
        left += room
    return 16.0 * lines


def _room(size: float, words: str) -> float:
    """The width a legend item takes: its glyph, its words and the space before the next."""
    return size + (5 if size else 0) + text_width(words, 9) + 16


def you(seat: int | None, player: int) -> str:
    return " (you)" if seat == player else ""


def status(seen: Seen) -> str:
    """The position in words at the top right: its phase, and who is to move."""
    view = seen.view
    mover = view["to_move"]
    words = view["phase"] + (f"; player {mover} to move" if mover is not None else "")
    return text(WIDTH - PAD, 22, words, 11, ' text-anchor="end" fill="#444"')
