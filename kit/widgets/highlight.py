"""A route or a plan drawn on top of the board: its legs along the board's own routes, the start
ringed, each step's number in a badge beside the place where it ends, the current step standing
out, and the legs of each part of a plan (a round, a week) in a colour of their own.

A badge stands beside the place's mark, on the side where it covers no name, no mark and no
other badge if there is one; the steps that end at one place share one badge, written compactly
("3-5, 9": a place where the pawn stays for days reads as one range, never as a pile of numbers).
A leg between two places that a route joins across the map's edge leaves by one side and comes
back by the other, as the board draws that route."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from kit.widgets.labels import Box, Point, Segment, text_width
from kit.widgets.picture import HIGHLIGHT, BoardLayout, PlaceView, _e, _n, across_edge

PART_COLOURS = ("#c51b7d", "#2166ac", "#1b7837", "#b35806", "#542788", "#8c510a")
"""The legs' colours, part by part (round I, II, ...), dark enough for white numbers."""
CURRENT = "#111111"
MOST_RANGES = 3  # a badge lists at most this many ranges of steps, then "…"


@dataclass(frozen=True, slots=True)
class Route:
    """What the board highlights: `places` every place passed in order (each leg joins two
    neighbours on the board, or is a jump drawn straight), `stops[k - 1]` the index in `places`
    where step k ends (-1 where a step ends off the board), `current` the step that stands out
    (0: the start, -1: none) and `groups` the part each step belongs to ("round I"), where the
    plan reads in parts."""

    places: tuple[str, ...]
    stops: tuple[int, ...]
    current: int = -1
    groups: tuple[str, ...] = ()

    @classmethod
    def through(cls, places: Sequence[Hashable]) -> Route:
        """A route whose every place after the start ends a step (a puzzle's route, a path)."""
        names = tuple(str(place) for place in places)
        return cls(names, tuple(range(1, len(names))))

    def at(self, current: int) -> Route:
        """The same route with step `current` standing out."""
        return Route(self.places, self.stops, current, self.groups)

    def place_of(self, step: int) -> str:
        """Where step `step` ends (0: the start); "" off the board."""
        if step == 0:
            return self.places[0] if self.places else ""
        index = self.stops[step - 1]
        return self.places[index] if index >= 0 else ""


@dataclass(frozen=True)
class Drawn:
    """A highlight as drawn: its SVG, and the places whose labels its badges cover (hidden, as
    under pieces: no label lies under a badge)."""

    svg: str
    covered: frozenset[str]


def highlight_svg(layout: BoardLayout, route: Route | Sequence[Hashable]) -> str:
    """`route` on top of the map, as SVG (see `highlight`)."""
    return highlight(layout, route).svg


def highlight(layout: BoardLayout, route: Route | Sequence[Hashable]) -> Drawn:
    """`route` on top of the map (see the module's docstring); a plain list of places is a
    route whose every place ends a step. Places are refused unless on the board."""
    if not isinstance(route, Route):
        route = Route.through([layout.name_of(place) for place in route])
    names = [layout.name_of(place) for place in route.places]
    if not names:
        return Drawn("", frozenset())
    covered: set[str] = set()
    parts = [_legs(layout, route, names)]
    start = layout.places[names[0]]
    ring = start.radius + 3 * layout.sizes.scale
    parts.append(
        f'<circle data-node="{_e(start.name)}" cx="{_n(start.x)}" cy="{_n(start.y)}" '
        f'r="{_n(ring)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="2.5">'
        f"<title>start: {_e(start.text)}</title></circle>"
    )
    parts.append(_badges(layout, route, names, covered))
    if route.groups:
        parts.append(_key(layout, route))
    return Drawn("".join(parts), frozenset(covered))


def _legs(layout: BoardLayout, route: Route, names: Sequence[str]) -> str:
    """The legs as one path per part, each leg straight or across the map's edge."""
    part_of = _part_of_leg(route)
    colours = _colours(route)
    paths: dict[str, list[str]] = {}
    for index, (a, b) in enumerate(pairwise(names)):
        if a == b:
            continue
        pa, pb = layout.places[a], layout.places[b]
        pieces: list[Segment]
        if frozenset((a, b)) in layout.crossings:
            pieces = across_edge((pa.x, pa.y), (pb.x, pb.y), layout.width)
        else:
            pieces = [((pa.x, pa.y), (pb.x, pb.y))]
        colour = colours.get(part_of[index], HIGHLIGHT)
        paths.setdefault(colour, []).extend(
            f"M{_n(p[0])} {_n(p[1])}L{_n(q[0])} {_n(q[1])}" for p, q in pieces
        )
    width = 4 * layout.sizes.scale
    return "".join(
        f'<path class="leg" d="{"".join(d)}" fill="none" stroke="{colour}" '
        f'stroke-width="{_n(width)}" stroke-opacity="0.75" stroke-linecap="round"/>'
        for colour, d in paths.items()
    )


def _part_of_leg(route: Route) -> list[str]:
    """For each leg (places[i] to places[i + 1]), the part of the step it belongs to."""
    parts: list[str] = []
    step = 0
    for index in range(len(route.places) - 1):
        while step < len(route.stops) and route.stops[step] < index + 1:
            step += 1
        parts.append(route.groups[step] if route.groups and step < len(route.groups) else "")
    return parts


def _colours(route: Route) -> dict[str, str]:
    groups = list(dict.fromkeys(route.groups))
    return {group: PART_COLOURS[i % len(PART_COLOURS)] for i, group in enumerate(groups)}


def compact(numbers: Sequence[int]) -> str:
    """Step numbers as ranges: [2, 3, 4, 7] -> "2–4, 7"; more than `MOST_RANGES` ranges end
    in "…" with the last number: "2–4, 7, 9, …, 30"."""
    runs: list[tuple[int, int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    words = [str(a) if a == b else f"{a}–{b}" for a, b in runs]
    if len(words) > MOST_RANGES:
        words = [*words[:MOST_RANGES], "…", str(runs[-1][1])]
    return ", ".join(words)


def _badges(layout: BoardLayout, route: Route, names: Sequence[str], covered: set[str]) -> str:
    """A badge per place where steps end, beside its mark; the current step's own badge in the
    darkest ink, with its place ringed. The labels the badges cannot help covering are added
    to `covered`."""
    size = layout.sizes.text
    ends: dict[str, list[int]] = {}
    for step, index in enumerate(route.stops, start=1):
        if index >= 0:
            ends.setdefault(names[index], []).append(step)
    taken: list[Box] = []
    current = route.current if 0 < route.current <= len(route.stops) else 0
    here = layout.places[route.place_of(current)] if current else None
    parts = [_ring(here, layout)] if here else []
    parts.append(f'<g class="steps" font-size="{_n(size)}" font-weight="bold" fill="#fff">')
    if here:
        parts.append(
            _badge(layout, here, str(current), CURRENT, (taken, covered), f"step {current}")
        )
    for name, steps in ends.items():
        shown = [step for step in steps if step != current]
        if shown:
            place = layout.places[name]
            text = compact(shown)
            colour = (
                _colours(route).get(route.groups[shown[0] - 1], HIGHLIGHT)
                if route.groups
                else HIGHLIGHT
            )
            parts.append(_badge(layout, place, text, colour, (taken, covered), f"step {text}"))
    parts.append("</g>")
    return "".join(parts)


def _ring(place: PlaceView, layout: BoardLayout) -> str:
    r = place.radius + 5 * layout.sizes.scale
    return (
        f'<circle class="current" cx="{_n(place.x)}" cy="{_n(place.y)}" r="{_n(r)}" '
        f'fill="none" stroke="{CURRENT}" stroke-width="3"/>'
    )


def _badge(
    layout: BoardLayout,
    place: PlaceView,
    text: str,
    colour: str,
    room: tuple[list[Box], set[str]],
    title: str,
) -> str:
    """A rounded badge of `text` beside `place`, at the first spot around the mark that covers
    nothing (else the one that covers least, never the place's own name); `room` holds the
    badges placed so far and the labels covered so far, and gets this one's."""
    taken, covered = room
    size = layout.sizes.text
    width, height = text_width(text, size) + 8, size + 5
    box = _spot(layout, place, width, height, taken)
    taken.append(box)
    covered.update(n for n, label in layout.labels.items() if label.box.overlaps(box))
    return (
        f'<g data-node="{_e(place.name)}"><title>{_e(title)}: {_e(place.text)}</title>'
        f'<rect x="{_n(box.x0)}" y="{_n(box.y0)}" width="{_n(width)}" height="{_n(height)}" '
        f'rx="{_n(height / 2)}" fill="{colour}" stroke="#fff" stroke-width="1"/>'
        f'<text x="{_n(box.x0 + width / 2)}" y="{_n(box.y0 + height / 2 + size * 0.36)}" '
        f'text-anchor="middle">{_e(text)}</text></g>'
    )


def _spot(
    layout: BoardLayout, place: PlaceView, width: float, height: float, taken: Sequence[Box]
) -> Box:
    r = place.radius + 2
    x, y = place.x, place.y
    corners: list[Point] = [
        (x + r, y - r - height),  # upper right
        (x + r, y + r),  # lower right
        (x - r - width, y - r - height),  # upper left
        (x - r - width, y + r),  # lower left
        (x + r + 2, y - height / 2),  # right
        (x - r - 2 - width, y - height / 2),  # left
        (x - width / 2, y - r - height - 2),  # above
        (x - width / 2, y + r + 2),  # below
    ]
    boxes = [Box(cx, cy, cx + width, cy + height) for cx, cy in corners]
    inside = [
        b
        for b in boxes
        if b.x0 >= 0 and b.x1 <= layout.width and b.y0 >= 0 and b.y1 <= layout.height
    ]

    own = layout.labels.get(place.name)

    def covers(box: Box) -> tuple[bool, int]:
        mine = own is not None and own.box.overlaps(box)
        others = sum(other.overlaps(box) for _, other in layout.occupied)
        return mine, others + 2 * sum(other.overlaps(box) for other in taken)

    return min(inside or boxes, key=covers)


def _key(layout: BoardLayout, route: Route) -> str:
    """Which colour is which part ("round I", ...), in a box at the corner the legend leaves."""
    size = layout.sizes.text
    groups = list(dict.fromkeys(route.groups))
    colours = _colours(route)
    row = size + 5
    width = max(text_width(group, size) for group in groups) + 40
    height = row * len(groups) + 8
    legend = layout.legend_box
    x = layout.width - width - 4 if legend.x0 < layout.width / 2 else 4.0
    y = 4.0
    parts = [
        f'<g class="parts" font-size="{_n(size)}" transform="translate({_n(x)} {_n(y)})">'
        f'<rect width="{_n(width)}" height="{_n(height)}" rx="3" fill="#fff" fill-opacity="0.9" '
        'stroke="#aaa" stroke-width="0.6"/>'
    ]
    for i, group in enumerate(groups):
        middle = 4 + row * i + row / 2
        parts.append(
            f'<path d="M6 {_n(middle)}h22" stroke="{colours[group]}" stroke-width="4"/>'
            f'<text x="34" y="{_n(middle + size * 0.36)}" fill="#111">{_e(group)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)
