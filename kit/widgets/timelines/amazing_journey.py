"""The Amazing Journey's Timeline: the days in rows, one per side of the board between two
corners, with the departures, the checkpoint flags and point bars, and the Timeline pawns."""

from __future__ import annotations

from kit.amazing_journey.content import Checkpoint
from kit.amazing_journey.game import AmazingJourney
from kit.core import Game
from kit.widgets.labels import ASCENT, DESCENT
from kit.widgets.picture import HIGHLIGHT, ROUTE_STYLES, _e, _n, ink_on
from kit.widgets.sizes import Sizes
from kit.widgets.timelines.drawing import (
    MIDDLE,
    WIDTH,
    Drawing,
    Item,
    Seen,
    Still,
    cell,
    glyph,
    legend,
    on_piece,
    sample,
    shape,
    text,
    width_of,
    you,
)
from kit.widgets.views.base import PLAYER_COLOURS

CHECKPOINT_COLOURS = ("#f0c330", "#d62728", "#6a3d9a", "#2ca02c", "#8c564b")
"""The checkpoints' colours in order: the rulebook's yellow and red flags for the First and
Second, then the kit's own (the rulebook names no colour for the Final)."""
ROW_DAYS = 20  # the most days in a row of the track
SAMPLE_STEP = 6.0  # between the departing types' lines in a day's cell, at the normal setting


class JourneyDrawing(Drawing):
    """The Timeline as rows, one per side of the board between two corners: above each row a
    lane per player for the Timeline pawns (a pawn never hides another's), then the days with
    the departing transport types, then a lane for each checkpoint whose point bars reach the
    row. A day past the track's length lies on its day of the next lap; a finished traveller's
    pawn lies on its side on the day the journey ended."""

    game_name = "amazing_journey"
    title = "The Amazing Journey: the Timeline"

    def __init__(self, game: Game, seat: int | None, sizes: Sizes) -> None:
        super().__init__(game, seat, sizes)
        assert isinstance(game, AmazingJourney)
        board = game.content.board
        self.timeline = board.timeline
        self.checkpoints = board.checkpoints
        self.players = game.num_players
        self.rows = self._rows()
        self.place = {day: (r, c) for r, row in enumerate(self.rows) for c, day in enumerate(row)}
        u = self.u
        self.day_width = (WIDTH - 2 * self.pad) / max(len(row) for row in self.rows)
        self.radius = 0.8 * sizes.text  # a pawn's, large enough for its seat's number
        self.lane = 2 * self.radius + 3 * u  # a player's lane above a row
        most = max(len(kinds) for kinds in self.timeline.departures)
        self.first_sample = 3 * u + sizes.text + 6 * u  # below the day's number
        self.day_height = self.first_sample + SAMPLE_STEP * u * (most - 1) + 6 * u
        self.bar_height = sizes.place + 4 * u
        self.bar_step = self.bar_height + 2 * u
        self.bar_lanes = [self._lanes(r) for r in range(len(self.rows))]
        heights = [
            self.players * self.lane + 2 * u + self.day_height + len(lanes) * self.bar_step + 10 * u
            for lanes in self.bar_lanes
        ]
        self.row_top = [self.top + sum(heights[:r]) for r in range(len(self.rows) + 1)]

    def _rows(self) -> list[list[int]]:
        """The days split at the corners (a row per side of the board), no row longer than
        `ROW_DAYS`."""
        length = self.timeline.length
        starts = sorted({0, *self.timeline.corners})
        rows = []
        for start, end in zip(starts, [*starts[1:], length], strict=True):
            days = list(range(start, end))
            rows += [days[i : i + ROW_DAYS] for i in range(0, len(days), ROW_DAYS)]
        return rows

    def _lanes(self, row: int) -> list[int]:
        """The checkpoints (by index) whose point bars reach a row: a lane each, in order."""
        last = self.timeline.length - 1
        return [
            k
            for k, checkpoint in enumerate(self.checkpoints)
            if any(
                self.place[day][0] == row
                for bar in checkpoint.bars
                for day in range(bar.first, min(bar.last, last) + 1)
            )
        ]

    def x(self, day: int) -> float:
        return self.pad + self.place[day][1] * self.day_width

    def y(self, day: int) -> float:
        """The top of the day's cell."""
        row = self.place[day][0]
        return self.row_top[row] + self.players * self.lane + 2 * self.u

    def pawn_y(self, day: int, player: int) -> float:
        return self.y(day) - (self.players - player - 0.5) * self.lane - self.u

    def departures(self, day: int) -> str:
        """The types departing on a day, in words."""
        return ", ".join(self.timeline.departures[day])

    def draw_still(self, seen: Seen) -> Still:
        parts, samples = [], []
        for day in range(self.timeline.length):
            parts.append(self._day(day))
            samples.append(self._samples(day))
        parts.append(f'<g class="departures" pointer-events="none">{"".join(samples)}</g>')
        parts.append(self._flags())
        parts += [self._bars(k, checkpoint) for k, checkpoint in enumerate(self.checkpoints)]
        bottom = self.row_top[-1]
        drawn, height = legend(
            self._legend_items(), self.pad, bottom, WIDTH - 2 * self.pad, self.sizes
        )
        parts.append(drawn)
        nodes = frozenset(f"day {day}" for day in range(self.timeline.length))
        return self.still_part(bottom + height + 4 * self.u, parts, nodes)

    def _day(self, day: int) -> str:
        """A day's cell, its number, and what opens on it, in its hover text."""
        corner = day in self.timeline.corners
        title = f"day {day}: {self.departures(day)} depart"
        if corner:
            title += " (a corner: every type departs)"
        for checkpoint in self.checkpoints:
            if checkpoint.activation == day:
                title += f"; the {checkpoint.name} checkpoint ({checkpoint.city}) opens"
        x, y, size = self.x(day), self.y(day), self.sizes.text
        fill = "#e9e1cc" if corner else "#fff"
        number = text(x + 3 * self.u, y + 3 * self.u + ASCENT * size, str(day), size, bold=corner,
                      extra=' pointer-events="none"')  # fmt: skip
        return cell(f"day {day}", title, x, y, self.day_width, self.day_height, fill) + number

    def _samples(self, day: int) -> str:
        """The day's departing types, one under another below its number."""
        u, x = self.u, self.x(day) + 4 * self.u
        y = self.y(day) + self.first_sample
        return "".join(
            sample(kind, x, y + i * SAMPLE_STEP * u, self.day_width - 8 * u, 2.5 * u)
            for i, kind in enumerate(self.timeline.departures[day])
        )

    def _flags(self) -> str:
        """Each checkpoint's flag in the top right corner of its activation day (side by side
        where two open on the same day)."""
        parts = []
        size = 7 * self.u  # half the flag's height
        for k, checkpoint in enumerate(self.checkpoints):
            day = checkpoint.activation % self.timeline.length
            flags_before = sum(
                1 for c in self.checkpoints[:k] if c.activation % self.timeline.length == day
            )
            x = self.x(day) + self.day_width - 3 * self.u - size * (0.8 + 1.6 * flags_before)
            drawn = shape("flag", self.colour(k), size)
            parts.append(glyph(drawn, x, self.y(day) + 2 * self.u + size, "flag"))
        return f'<g class="flags" pointer-events="none">{"".join(parts)}</g>'

    def colour(self, k: int) -> str:
        return CHECKPOINT_COLOURS[k % len(CHECKPOINT_COLOURS)]

    def _bars(self, k: int, checkpoint: Checkpoint) -> str:
        """A checkpoint's point bars in its lane under the days, each cut where a row ends; the
        first names the checkpoint and its city where there is room (at a place's size)."""
        colour, u = self.colour(k), self.u
        ink = ink_on(colour)
        parts = [f'<g class="bars" fill="{colour}" stroke="#333" stroke-width="0.5">']
        for i, bar in enumerate(checkpoint.bars):
            title = (
                f"the {checkpoint.name} checkpoint ({checkpoint.city}) completed on days "
                f"{bar.first} to {bar.last}: {bar.points} points"
            )
            for run in self._runs(bar.first, bar.last):
                x0, x1 = self.x(run[0]) + u, self.x(run[-1]) + self.day_width - u
                row = self.place[run[0]][0]
                lane = self.bar_lanes[row].index(k)
                y = self.y(run[0]) + self.day_height + 2 * u + lane * self.bar_step
                words = [(f"{bar.points} points", False), (str(bar.points), False)]
                if i == 0 and run[0] == bar.first:
                    named = f"{checkpoint.name} ({checkpoint.city}): {bar.points} points"
                    words.insert(0, (named, True))
                label = self._bar_label(words, x0, x1, y, ink)
                parts.append(
                    f'<g><title>{_e(title)}</title><rect x="{_n(x0)}" y="{_n(y)}" '
                    f'width="{_n(x1 - x0)}" height="{_n(self.bar_height)}" rx="2"/>{label}</g>'
                )
        parts.append("</g>")
        return "".join(parts)

    def _bar_label(
        self, words: list[tuple[str, bool]], x0: float, x1: float, y: float, ink: str
    ) -> str:
        """The first of `words` (each with whether it names a city) that fits in the bar."""
        for shown, names_city in words:
            size = self.sizes.place if names_city else self.sizes.text
            if width_of(shown, size) <= x1 - x0 - 8 * self.u:
                baseline = y + self.bar_height - 2 * self.u - size * DESCENT
                return text(x0 + 4 * self.u, baseline, shown, size, fill=ink,
                            extra=' stroke="none"')  # fmt: skip
        return ""

    def _runs(self, first: int, last: int) -> list[list[int]]:
        """The days first..last (within the track) split where a row ends."""
        runs: list[list[int]] = []
        for day in range(first, min(last, self.timeline.length - 1) + 1):
            if runs and self.place[day][0] == self.place[runs[-1][-1]][0]:
                runs[-1].append(day)
            else:
                runs.append([day])
        return runs

    def _legend_items(self) -> list[Item]:
        u, r = self.u, self.radius
        used = {kind for kinds in self.timeline.departures for kind in kinds}
        line = 26 * u
        items = [
            Item(sample(k, -line / 2, 0, line, 2.5 * u), line, 3 * u, k)
            for k in ROUTE_STYLES
            if k in used
        ]
        corner = (
            f'<rect x="{_n(-8 * u)}" y="{_n(-6 * u)}" width="{_n(16 * u)}" height="{_n(12 * u)}" '
            'fill="#e9e1cc" stroke="#bbb"/>'
        )
        items.append(Item(corner, 16 * u, 12 * u, "corner: every type departs"))
        flag = 7 * u
        for k, checkpoint in enumerate(self.checkpoints):
            drawn = shape("flag", self.colour(k), flag)
            items.append(Item(drawn, 1.6 * flag, 2 * flag, f"{checkpoint.name} checkpoint opens"))
        pawn = shape("pawn", PLAYER_COLOURS[0], r, "0", self.sizes.text)
        items.append(Item(pawn, 2 * r, 2 * r, "Timeline pawn of player 0"))
        lying = self._lying(PLAYER_COLOURS[0], "0")
        items.append(Item(lying, 2.6 * r, 1.6 * r, "laid aside: the journey is over"))
        last = self.timeline.length - 1
        items.append(Item("", 0, 0, f"past day {last}, a pawn goes round again: lap 2"))
        return items

    def highlight(self, seen: Seen) -> str:
        """Today: the day of the player to move, framed."""
        today = seen.view.get("today")
        if today is None or seen.state.is_terminal or seen.view["phase"] == "setup":
            return ""
        day = today["timeline_day"]
        x, y = self.x(day), self.y(day)
        return (
            f'<rect x="{_n(x - 1)}" y="{_n(y - 1)}" width="{_n(self.day_width + 2)}" '
            f'height="{_n(self.day_height + 2)}" fill="none" stroke="{HIGHLIGHT}" '
            f'stroke-width="{_n(2.5 * self.u)}"><title>today for player {today["player"]}: '
            f"{_e(self.departures(day))} depart</title></rect>"
        )

    def pieces(self, seen: Seen) -> str:
        """Each player's Timeline pawn in its lane above its day, named by its Traveller; on a
        later lap the lap is said; a finished journey's pawn lies on its side."""
        length = self.timeline.length
        size, r = self.sizes.text, self.radius
        parts = [self.status(seen)]
        for player in seen.view["players"]:
            p = player["player"]
            finished = player["finished_on"]
            day = player["day"] if finished is None else finished
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            name = (player["traveller"] or f"player {p}").split()[0] + you(seen.seat, p)
            lap = day // length + 1
            if finished is not None:
                late = day - length
                words = f"{name} back on day {day}" + (f", {late} days late" if late > 0 else "")
                drawn = self._lying(colour, str(p))
            else:
                words = name + (f", lap {lap} (day {day})" if lap > 1 else "")
                drawn = shape("pawn", colour, r, str(p), size)
            half = 1.3 * r if finished is not None else r  # half the pawn's width
            x, y = self.x(day % length) + 2 * self.u + half, self.pawn_y(day % length, p)
            width, gap = width_of(words, size), half + 4 * self.u
            left = x + gap if x + gap + width < WIDTH - self.pad else x - gap - width
            what = (
                f"player {p} ({player['traveller'] or 'no Traveller yet'}): "
                f"day {player['day']}, {player['checkpoints']} checkpoints, "
                f"{player['points']} points"
            )
            parts.append(
                f'<g class="pawn"><title>{_e(what)}</title>{glyph(drawn, x, y)}'
                f"{text(left, y + size * MIDDLE, words, size)}</g>"
            )
        return "".join(parts)

    def _lying(self, colour: str, label: str) -> str:
        """A pawn laid on its side, around the origin, with its seat's number."""
        w, h = 2.6 * self.radius, 1.6 * self.radius
        return (
            f'<rect x="{_n(-w / 2)}" y="{_n(-h / 2)}" width="{_n(w)}" height="{_n(h)}" '
            f'rx="{_n(h / 2)}" fill="{colour}" stroke="#fff" stroke-width="1"/>'
            + on_piece(label, self.sizes.text, colour)
        )
