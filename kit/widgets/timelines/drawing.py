"""What the three timelines share: the position as the viewer sees it, the still and moving parts
of a picture, the SVG document the board's browser side fills, and small drawing helpers.

Every picture is `PANEL_WIDTH` wide, drawn at one unit per CSS pixel, so that a notebook's output
at the reference screen shows it at its own size: the sizes of `kit.widgets.sizes` are then the
sizes on the screen. A setting (`Sizes`) gives the text's sizes and `scale`, by which every mark,
gap and piece grows; each timeline then lays itself out in the same width (more rows, more
lines), never wider."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from kit.core import Game, State
from kit.widgets.labels import ASCENT, DESCENT, text_width
from kit.widgets.picture import FONT, ROUTE_STYLES, SHAPE_RADIUS, SHAPES, _e, _n, ink_on
from kit.widgets.sizes import PANEL_WIDTH, Sizes

WIDTH = PANEL_WIDTH
BACKGROUND, INK = "#f7f5ef", "#222"
MUTED = "#595959"
"""Grey text: 6.4:1 against the background, 7:1 on white and 5:1 on a covered slot's grey, above
the 4.5:1 that WCAG AA asks, so that it still reads on a projector."""
BOLD = 1.1
"""How much wider than `text_width` (Helvetica's regular face) bold text is set: Liberation Sans
Bold runs up to 9 % wider than the regular face on the timelines' words."""
TITLE = 16.0
"""The heading's size at the normal setting (the setting's `scale` enlarges it)."""
MIDDLE = 0.36
"""How far below a point, in font sizes, a text's baseline goes for its capitals and digits
to stand centred on the point (they are about 0.72 of the size high)."""


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
    """The still part of a picture: its size, its drawing (the heading included), and the names
    of what a click may select (each element with a `data-node`)."""

    width: float
    height: float
    body: str
    nodes: frozenset[str]


class Drawing:
    """One game's timeline picture at a setting's sizes. The still part depends only on the game
    (and on `still_key`: what setup draws, where the still part depends on it); `highlight` (the
    current day or round) and `pieces` (pawns, tokens, discs) change with the position."""

    game_name: ClassVar[str]
    title: ClassVar[str]

    def __init__(self, game: Game, seat: int | None, sizes: Sizes) -> None:
        self.game = game
        self.seat = seat
        self.sizes = sizes
        self.u = sizes.scale  # the length of one unit of the normal setting
        self.pad = 10 * self.u
        # where the timeline begins: under the title and, under it, the position's status
        self.top = 6 * self.u + TITLE * self.u + 5 * self.u + sizes.text + 6 * self.u
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

    def still_part(self, height: float, body: Sequence[str], nodes: frozenset[str]) -> Still:
        """The still part: the heading, then `body`, `height` high."""
        size = TITLE * self.u
        title = text(self.pad, 6 * self.u + size * ASCENT, self.heading(), size, bold=True)
        return Still(WIDTH, height, title + "".join(body), nodes)

    def status(self, seen: Seen) -> str:
        """The position in words under the heading: its phase, and who is to move."""
        view = seen.view
        mover = view["to_move"]
        words = view["phase"] + (f"; player {mover} to move" if mover is not None else "")
        size = self.sizes.text
        return text(self.pad, self.top - 6 * self.u - size * DESCENT, words, size, fill=MUTED)

    def document(self, seen: Seen) -> str:
        """The whole picture as SVG text."""
        still = self.still(seen)
        return document(still, self.heading(), self.sizes, self.highlight(seen), self.pieces(seen))


def document(still: Still, title: str, sizes: Sizes, highlight: str = "", pieces: str = "") -> str:
    """A picture's SVG text: the background, the still drawing and the two layers the board's
    browser side fills (`kit-highlight` and `kit-pieces`)."""
    w, h = _n(still.width), _n(still.height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kit-timeline" viewBox="0 0 {w} {h}" '
        f'width="100%" style="max-width:{w}px" font-family="{FONT}" '
        f'font-size="{_n(sizes.text)}" fill="{INK}" role="img" aria-label="{_e(title)}">'
        f'<rect width="{w}" height="{h}" fill="{BACKGROUND}"/>{still.body}'
        f'<g class="kit-highlight">{highlight}</g><g class="kit-pieces">{pieces}</g></svg>'
    )


# --- text --------------------------------------------------------------------------------------
def width_of(words: str, size: float, *, bold: bool = False) -> float:
    """The width `text` gives `words` on the screen."""
    return text_width(words, size) * (BOLD if bold else 1.0)


def text(
    x: float,
    y: float,
    words: str,
    size: float,
    *,
    anchor: str = "start",
    bold: bool = False,
    fill: str = "",
    extra: str = "",
) -> str:
    """A line of text with its baseline at `y`, set exactly `width_of` wide (`textLength`), so
    that the boxes the layout computes are the boxes the browser draws whatever font it falls
    back to."""
    size = float(_n(size))  # as written, so that the width is that of the size drawn
    width = width_of(words, size, bold=bold)
    attributes = f' font-size="{_n(size)}" textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs"'
    if anchor != "start":
        attributes += f' text-anchor="{anchor}"'
    if bold:
        attributes += ' font-weight="bold"'
    if fill:
        attributes += f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}"{attributes}{extra}>{_e(words)}</text>'


def wrap(words: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """`words` in lines no wider than `width` at `size`, broken between words (a single word
    longer than the width keeps a line of its own)."""
    lines: list[str] = []
    for word in words.split():
        line = f"{lines[-1]} {word}" if lines else word
        if lines and width_of(line, size, bold=bold) <= width:
            lines[-1] = line
        else:
            lines.append(word)
    return lines or [""]


# --- marks and pieces --------------------------------------------------------------------------
def cell(name: str, title: str, x: float, y: float, w: float, h: float, fill: str) -> str:
    """A clickable cell: a `place` with its `data-node` (the board's browser side sends a click
    on it back as `selected`), a `mark` the board's style rings on hover, and a hover text."""
    return (
        f'<g class="place" data-node="{_e(name)}" tabindex="0"><title>{_e(title)}</title>'
        f'<rect class="mark" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'fill="{fill}" stroke="#bbb" stroke-width="0.6"/></g>'
    )


def sample(kind: str, x: float, y: float, length: float, width: float) -> str:
    """A short line in a transport type's colour and dash pattern (the board's route style)."""
    style = ROUTE_STYLES[kind]
    dash = f' stroke-dasharray="{style.dash}"' if style.dash else ""
    return (
        f'<path d="M{_n(x)} {_n(y)}h{_n(length)}" stroke="{style.colour}"{dash} '
        f'stroke-width="{_n(width)}"/>'
    )


def shape(kind: str, colour: str, radius: float, label: str = "", size: float = 0) -> str:
    """A board piece's shape (`SHAPES`: pawn, flag, ...) around the origin, grown to `radius`,
    with a label of one or two characters written on it at `size`."""
    drawn = f'<g transform="scale({_n(radius / SHAPE_RADIUS)})">{SHAPES[kind].format(colour)}</g>'
    return drawn + (on_piece(label, size, colour) if label else "")


def on_piece(label: str, size: float, colour: str) -> str:
    """A piece's label, bold and centred on the origin, in the ink that reads on `colour`."""
    return (
        f'<text y="{_n(size * MIDDLE)}" font-size="{_n(size)}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink_on(colour)}">{_e(label)}</text>'
    )


def glyph(drawn: str, x: float, y: float, kind: str = "glyph") -> str:
    """A piece drawn around the origin, moved to (x, y), in a group of its `kind`."""
    return f'<g class="{kind}" transform="translate({_n(x)} {_n(y)})">{drawn}</g>'


# --- legends -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """A legend's item: a piece or mark drawn around the origin, `width` wide and `height` high
    (none where the width is 0), and its words, at a place's size where they name places."""

    drawn: str
    width: float
    height: float
    words: str
    place: bool = False


def legend(
    items: Sequence[Item], x: float, y: float, width: float, sizes: Sizes
) -> tuple[str, float]:
    """A legend in lines from (x, y) down: the items flow left to right and on to the next line
    where the line is full. The SVG and the height it takes."""
    u = sizes.scale
    lines: list[list[tuple[float, Item]]] = [[]]  # each line's items, with where each begins
    left = x
    for item in items:
        room = _room(item, sizes)
        if left + room > x + width and left > x:
            lines.append([])
            left = x
        lines[-1].append((left, item))
        left += room
    parts, top = [], y
    for line in lines:
        step = max([sizes.place * 1.5, *(item.height + 4 * u for _, item in line)])
        middle = top + step / 2
        for left, item in line:
            size = sizes.place if item.place else sizes.text
            if item.width:
                parts.append(glyph(item.drawn, left + item.width / 2, middle))
            words_x = left + item.width + (6 * u if item.width else 0)
            parts.append(text(words_x, middle + size * MIDDLE, item.words, size))
        top += step
    return f'<g class="legend">{"".join(parts)}</g>', top - y


def _room(item: Item, sizes: Sizes) -> float:
    """The width a legend item takes: its piece, its words and the space before the next."""
    size = sizes.place if item.place else sizes.text
    u = sizes.scale
    return item.width + (6 * u if item.width else 0) + width_of(item.words, size) + 16 * u


def you(seat: int | None, player: int) -> str:
    return " (you)" if seat == player else ""
