"""Place names set beside their places so that no two overlap, each other or another place.

The picture is drawn once and read by people, so the names are placed in Python, where the layout
can be computed and checked, not left to the browser. Widths come from Helvetica's metrics (Arial
and Liberation Sans share them), and each label is drawn with `textLength`, so the box computed
here is the box the browser draws whatever font it falls back to."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Segment = tuple[Point, Point]

FONT_SIZE = 12.0  # a place's name on a classroom screen (`kit.widgets.sizes`)
ASCENT, DESCENT = 0.92, 0.25  # of the font size, above and below the baseline, as a browser
# boxes a text of Arial, Helvetica or Liberation Sans (Chromium: 11 and 3 pixels at 12)
SLACK = 0.5  # pixels a browser's box of a text may overrun its computed width on each side
GAP = 2.0  # between a place's mark and its label
CLEARANCE = 1.5  # kept free around every other place's mark
# Advance widths (1/1000 em) of Helvetica's characters ' ' to '~'.
WIDTHS = (
    278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
)  # fmt: skip
# Where a label may go around its place, in the order a map reader prefers them.
DIRECTIONS = ((1, -1), (1, 1), (-1, -1), (-1, 1), (1, 0), (-1, 0), (0, -1), (0, 1))
# How far out a label may be set: beside its place, then further with a thin leader line.
RINGS = (0.0, 10.0, 22.0, 36.0)


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """The width of `text` set in Helvetica at `size`; accents add nothing, other letters count
    as an average letter."""
    total = 0
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char):
            continue
        code = ord(char)
        total += WIDTHS[code - 32] if 32 <= code < 32 + len(WIDTHS) else 600
    return total * size / 1000


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle of the canvas."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, outer: Box) -> bool:
        return (
            outer.x0 <= self.x0
            and self.x1 <= outer.x1
            and outer.y0 <= self.y0
            and self.y1 <= outer.y1
        )

    def cuts(self, segment: Segment) -> bool:
        """Whether the segment passes through the box (Liang-Barsky clipping)."""
        (ax, ay), (bx, by) = segment
        low, high = 0.0, 1.0
        for p, q in (
            (ax - bx, ax - self.x0),
            (bx - ax, self.x1 - ax),
            (ay - by, ay - self.y0),
            (by - ay, self.y1 - ay),
        ):
            if p == 0:
                if q < 0:
                    return False
            elif p < 0:
                low = max(low, q / p)
            else:
                high = min(high, q / p)
        return low < high


def disc(point: Point, radius: float) -> Box:
    """The box around a round mark."""
    x, y = point
    return Box(x - radius, y - radius, x + radius, y + radius)


@dataclass(frozen=True, slots=True)
class Label:
    """A place's name as drawn: `text` starts at (`x`, `y`) on its baseline and fills `box`;
    `leader` is the thin line from the place to a label set further out, or None."""

    text: str
    x: float
    y: float
    width: float
    box: Box
    leader: Segment | None


def place_labels(
    points: Mapping[str, Point],
    texts: Mapping[str, str],
    radius: Mapping[str, float],
    *,
    canvas: Box,
    obstacles: Sequence[Box] = (),
    lines: Sequence[Segment] = (),
    size: float = FONT_SIZE,
    reach: float = math.inf,
) -> dict[str, Label]:
    """A label for each place of `texts`, set at font `size`, greedily: the most crowded places
    choose first, each takes the nearest free spot that crosses fewest `lines` (the routes), and
    a place with no free spot even with a leader line gets a shortened name (hover shows the full
    one). A label is set at most `reach` pixels beyond its mark: on a crowded map a name set
    far away reads as another place's. A place whose name fits nowhere gets no label rather
    than one over another's: zoomed in, the places stand further apart and every name finds
    room."""
    own = {name: disc(points[name], radius[name] + CLEARANCE) for name in points}
    taken = [*obstacles, *own.values()]
    grid = _Grid(lines)
    labels: dict[str, Label] = {}
    for name in sorted(texts, key=lambda n: (-_crowding(n, points), n)):
        for text in dict.fromkeys((texts[name], short_name(texts[name]))):
            spot = (points[name], radius[name], size, reach)
            label = _best_spot(name, text, spot, canvas, taken, own, grid)
            if label is not None:
                labels[name] = label
                taken.append(label.box)
                break
    return labels


def short_name(text: str) -> str:
    """A short form for a crowded spot: the first word, or the first three letters and a dot."""
    first = text.split()[0]
    if len(first) < len(text) and len(first) >= 4:
        return first
    return text if len(text) <= 4 else text[:3] + "."


def _best_spot(
    name: str,
    text: str,
    spot: tuple[Point, float, float, float],
    canvas: Box,
    taken: Sequence[Box],
    own: Mapping[str, Box],
    grid: _Grid,
) -> Label | None:
    """The label's nearest free spot around its place (`spot`: the point, the mark's radius, the
    font size and the reach), ring by ring."""
    point, radius, size, reach = spot
    width = text_width(text, size)
    height = (ASCENT + DESCENT) * size
    mine = own[name]
    for ring in (r for r in RINGS if r * size / 10 <= reach):
        best: tuple[int, int, Label] | None = None
        for order, (dx, dy) in enumerate(DIRECTIONS):
            label = _label_at(text, width, height, point, radius, ring * size / 10, dx, dy)
            if not label.box.inside(canvas):
                continue
            if any(box is not mine and box.overlaps(label.box) for box in taken):
                continue
            if label.leader and any(box is not mine and box.cuts(label.leader) for box in taken):
                continue
            crossings = sum(label.box.cuts(line) for line in grid.near(label.box))
            if best is None or (crossings, order) < best[:2]:
                best = (crossings, order, label)
        if best is not None:
            return best[2]
    return None


def _label_at(
    text: str,
    width: float,
    height: float,
    point: Point,
    radius: float,
    ring: float,
    dx: int,
    dy: int,
) -> Label:
    """The label whose box sits `ring` beyond the place's mark in direction (dx, dy)."""
    x, y = point
    distance = radius + GAP + ring
    diagonal = math.sqrt(0.5) if dx and dy else 1.0
    cx, cy = x + dx * distance * diagonal, y + dy * distance * diagonal
    left = cx if dx > 0 else cx - width if dx < 0 else cx - width / 2
    top = cy if dy > 0 else cy - height if dy < 0 else cy - height / 2
    box = Box(left - SLACK, top, left + width + SLACK, top + height)
    line = None
    if ring:
        # from the mark's edge to the box's nearest point
        nx, ny = min(max(x, box.x0), box.x1), min(max(y, box.y0), box.y1)
        length = math.hypot(nx - x, ny - y) or 1.0
        start = (x + (nx - x) / length * (radius + 1), y + (ny - y) / length * (radius + 1))
        line = ((round(start[0], 1), round(start[1], 1)), (round(nx, 1), round(ny, 1)))
    return Label(text, left, top + ASCENT * height / (ASCENT + DESCENT), width, box, line)


def _crowding(name: str, points: Mapping[str, Point]) -> int:
    """How many other places lie within 40 pixels: the crowded choose first."""
    x, y = points[name]
    return sum(
        1 for other, (ox, oy) in points.items() if other != name and abs(ox - x) < 40 > abs(oy - y)
    )


class _Grid:
    """The route segments by 50-pixel cell, so a label is tested only against those nearby."""

    CELL = 50.0

    def __init__(self, lines: Sequence[Segment]) -> None:
        self.cells: dict[tuple[int, int], list[Segment]] = {}
        for line in lines:
            (ax, ay), (bx, by) = line
            for cell in self._cells(Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))):
                self.cells.setdefault(cell, []).append(line)

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        c = self.CELL
        return [
            (i, j)
            for i in range(math.floor(box.x0 / c), math.floor(box.x1 / c) + 1)
            for j in range(math.floor(box.y0 / c), math.floor(box.y1 / c) + 1)
        ]

    def near(self, box: Box) -> list[Segment]:
        found: dict[int, Segment] = {}
        for cell in self._cells(box):
            for line in self.cells.get(cell, ()):
                found[id(line)] = line
        return list(found.values())
