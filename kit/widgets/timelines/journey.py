"""The Amazing Journey's Timeline: the days in rows, one per side of the board between two
corners, with the departures, the checkpoint flags and point bars, and the Timeline pawns."""

from __future__ import annotations

from kit.amazing_journey.content import Checkpoint
from kit.amazing_journey.game import AmazingJourney
from kit.core import Game
from kit.widgets.labels import text_width
from kit.widgets.picture import HIGHLIGHT, ROUTE_STYLES, _dark, _e, _n
from kit.widgets.timelines.drawing import (
    INK,
    PAD,
    TITLE_HEIGHT,
    WIDTH,
    Drawing,
    Seen,
    Still,
    cell,
    glyph,
    legend,
    legend_height,
    sample,
    shape,
    status,
    text,
    you,
)
from kit.widgets.views.base import PLAYER_COLOURS

CHECKPOINT_COLOURS = ("#f0c330", "#d62728", "#6a3d9a", "#2ca02c", "#8c564b")
"""The checkpoints' colours in order: the rulebook's yellow and red flags for the First and
Second, then the kit's own (the rulebook names no colour for the Final)."""
ROW_DAYS = 20  # the most days in a row of the track
DAY_HEIGHT, BAR_HEIGHT, BAR_GAP, ROW_GAP, PAWN_STEP = 50.0, 12.0, 2.0, 12.0, 13.0


class JourneyDrawing(Drawing):
    """The Timeline as rows, one per side of the board between two corners: above each row a
    lane per player for the Timeline pawns (a pawn never hides another's), then the days with
    the departing transport types, then a lane per checkpoint with its point bars. A day past
    the track's length lies on its day of the next lap; a finished traveller's pawn lies on its
    side on the day the journey ended."""

    game_name = "amazing_journey"
    title = "The Amazing Journey: the Timeline"

    def __init__(self, game: Game, seat: int | None) -> None:
        super().__init__(game, seat)
        assert isinstance(game, AmazingJourney)
        board = game.content.board
        self.timeline = board.timeline
        self.checkpoints = board.checkpoints
        self.players = game.num_players
        self.rows = self._rows()
        self.columns = max(len(row) for row in self.rows)
        self.day_width = (WIDTH - 2 * PAD) / self.columns
        lanes = len(self.checkpoints)
        self.pawn_lane = 6 + PAWN_STEP * self.players
        self.row_height = self.pawn_lane + DAY_HEIGHT + lanes * (BAR_HEIGHT + BAR_GAP) + ROW_GAP
        self.place = {day: (r, c) for r, row in enumerate(self.rows) for c, day in enumerate(row)}

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

    def x(self, day: int) -> float:
        return PAD + self.place[day][1] * self.day_width

    def top(self, day: int) -> float:
        """The top of the day's cell."""
        return TITLE_HEIGHT + self.place[day][0] * self.row_height + self.pawn_lane

    def pawn_y(self, day: int, player: int) -> float:
        return self.top(day) - self.pawn_lane + 8 + PAWN_STEP * player

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
        bottom = TITLE_HEIGHT + len(self.rows) * self.row_height
        items = self._legend_items()
        parts.append(legend(items, PAD, bottom + 4, WIDTH - 2 * PAD))
        height = bottom + legend_height(items, WIDTH - 2 * PAD) + 8
        nodes = frozenset(f"day {day}" for day in range(self.timeline.length))
        return Still(WIDTH, height, "".join(parts), nodes)

    def _day(self, day: int) -> str:
        """A day's cell, its number, and what opens on it, in its hover text."""
        corner = day in self.timeline.corners
        title = f"day {day}: {self.departures(day)} depart"
        if corner:
            title += " (a corner: every type departs)"
        for checkpoint in self.checkpoints:
            if checkpoint.activation == day:
                title += f"; the {checkpoint.name} checkpoint ({checkpoint.city}) opens"
        x, y = self.x(day), self.top(day)
        weight = ' font-weight="bold"' if corner else ""
        return cell(
            f"day {day}", title, x, y, self.day_width, DAY_HEIGHT, "#e9e1cc" if corner else "#fff"
        ) + text(x + 3, y + 11, str(day), 10, weight + ' pointer-events="none"')

    def _samples(self, day: int) -> str:
        """The day's departing types, stacked in the middle of its cell."""
        kinds = self.timeline.departures[day]
        step = 6.0
        y = self.top(day) + 31 - step * (len(kinds) - 1) / 2
        x = self.x(day) + 4
        return "".join(
            sample(kind, x, y + i * step, self.day_width - 8) for i, kind in enumerate(kinds)
        )

    def _flags(self) -> str:
        """Each checkpoint's flag in the corner of its activation day (side by side where two
        open on the same day)."""
        parts = []
        for k, checkpoint in enumerate(self.checkpoints):
            day = checkpoint.activation % self.timeline.length
            flags_before = sum(
                1 for c in self.checkpoints[:k] if c.activation % self.timeline.length == day
            )
            x = self.x(day) + self.day_width - 8 - 9 * flags_before
            parts.append(glyph("flag", x, self.top(day) + 9, self.colour(k)))
        return f'<g class="flags" pointer-events="none">{"".join(parts)}</g>'

    def colour(self, k: int) -> str:
        return CHECKPOINT_COLOURS[k % len(CHECKPOINT_COLOURS)]

    def _bars(self, k: int, checkpoint: Checkpoint) -> str:
        """A checkpoint's point bars in its lane under the days, each cut where a row ends;
        the first names the checkpoint where there is room."""
        colour = self.colour(k)
        ink = "#fff" if _dark(colour) else INK
        parts = [f'<g class="bars" fill="{colour}" stroke="#333" stroke-width="0.5">']
        for i, bar in enumerate(checkpoint.bars):
            title = (
                f"the {checkpoint.name} checkpoint ({checkpoint.city}) completed on days "
                f"{bar.first} to {bar.last}: {bar.points} points"
            )
            for run in self._runs(bar.first, bar.last):
                x0, x1 = self.x(run[0]) + 1, self.x(run[-1]) + self.day_width - 1
                y = self.top(run[0]) + DAY_HEIGHT + BAR_GAP + k * (BAR_HEIGHT + BAR_GAP)
                words = [f"{bar.points} points", str(bar.points)]
                if i == 0 and run[0] == bar.first:
                    words.insert(0, f"{checkpoint.name} ({checkpoint.city}): {bar.points} points")
                shown = next((w for w in words if text_width(w, 8.5) < x1 - x0 - 6), "")
                label = text(x0 + 4, y + 9, shown, 8.5, f' fill="{ink}" stroke="none"')
                parts.append(
                    f'<g><title>{_e(title)}</title><rect x="{_n(x0)}" y="{_n(y)}" '
                    f'width="{_n(x1 - x0)}" height="{_n(BAR_HEIGHT)}" rx="2"/>'
                    f"{label if shown else ''}</g>"
                )
        parts.append("</g>")
        return "".join(parts)

    def _runs(self, first: int, last: int) -> list[list[int]]:
        """The days first..last (within the track) split where a row ends."""
        runs: list[list[int]] = []
        for day in range(first, min(last, self.timeline.length - 1) + 1):
            if runs and self.place[day][0] == self.place[runs[-1][-1]][0]:
                runs[-1].append(day)
            else:
                runs.append([day])
        return runs

    def _legend_items(self) -> list[tuple[str, float, str]]:
        used = {kind for kinds in self.timeline.departures for kind in kinds}
        items = [(sample(k, -13, 0, 26), 26.0, k) for k in ROUTE_STYLES if k in used]
        items.append(
            ('<rect x="-8" y="-6" width="16" height="12" fill="#e9e1cc" stroke="#bbb"/>', 16.0,
             "corner: every type departs")
        )  # fmt: skip
        items += [
            (shape("flag", self.colour(k)), 10.0, f"{c.name} checkpoint opens")
            for k, c in enumerate(self.checkpoints)
        ]
        items.append((shape("pawn", PLAYER_COLOURS[0], "0"), 10.0, "Timeline pawn of player 0"))
        items.append((_lying(PLAYER_COLOURS[0], "0"), 18.0, "laid aside: the journey is over"))
        last = self.timeline.length - 1
        items.append(("", 0.0, f"past day {last}, a pawn goes round again: lap 2"))
        return items

    def highlight(self, seen: Seen) -> str:
        """Today: the day of the player to move, framed."""
        today = seen.view.get("today")
        if today is None or seen.state.is_terminal or seen.view["phase"] == "setup":
            return ""
        day = today["timeline_day"]
        x, y = self.x(day), self.top(day)
        return (
            f'<rect x="{_n(x - 1)}" y="{_n(y - 1)}" width="{_n(self.day_width + 2)}" '
            f'height="{_n(DAY_HEIGHT + 2)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="2.5">'
            f"<title>today for player {today['player']}: {_e(self.departures(day))} depart"
            "</title></rect>"
        )

    def pieces(self, seen: Seen) -> str:
        """Each player's Timeline pawn in its lane above its day, named by its Traveller; on a
        later lap the lap is said; a finished journey's pawn lies on its side."""
        length = self.timeline.length
        parts = [status(seen)]
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
            else:
                words = name + (f", lap {lap} (day {day})" if lap > 1 else "")
            x, y = self.x(day % length) + 8, self.pawn_y(day % length, p)
            drawn = (
                _lying(colour, str(p)) if finished is not None else shape("pawn", colour, str(p))
            )
            width = text_width(words, 9)
            left = x + 11 if x + 11 + width < WIDTH - PAD else x - 11 - width
            what = (
                f"player {p} ({player['traveller'] or 'no Traveller yet'}): "
                f"day {player['day']}, {player['checkpoints']} checkpoints, "
                f"{player['points']} points"
            )
            parts.append(
                f'<g class="pawn"><title>{_e(what)}</title><g transform="translate({_n(x)} '
                f'{_n(y)})">{drawn}</g>{text(left, y + 3, words, 9)}</g>'
            )
        return "".join(parts)


def _lying(colour: str, label: str) -> str:
    """A pawn laid on its side, around the origin."""
    ink = "#fff" if _dark(colour) else INK
    return (
        f'<rect x="-8" y="-4.5" width="16" height="9" rx="4.5" fill="{colour}" stroke="#fff" '
        f'stroke-width="1"/><text y="2.8" font-size="7.5" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{_e(label)}</text>'
    )
