"""The four-week game's calendar: four weeks of seven days, a row per player, the Day discs placed
or spent, and each week's Festival regions."""

from __future__ import annotations

from kit.core import Game, State
from kit.four_weeks.actions import Reveal
from kit.four_weeks.effects import describe
from kit.four_weeks.game import FourWeeks
from kit.widgets.labels import ASCENT
from kit.widgets.picture import HIGHLIGHT, _e, _n, ink_on
from kit.widgets.sizes import Sizes
from kit.widgets.timelines.drawing import (
    MIDDLE,
    MUTED,
    WIDTH,
    Drawing,
    Item,
    Seen,
    Still,
    cell,
    glyph,
    legend,
    shape,
    text,
    width_of,
    wrap,
    you,
)
from kit.widgets.views.base import PLAYER_COLOURS

SPENT, RING = "#c8c8c8", "#999"  # a day spent's disc; the ring of a day still to come


class CalendarDrawing(Drawing):
    """The weeks side by side, seven days each (the content's weekday names), a row per player:
    each Day disc placed shows its region's code in the player's colour, a spent one is grey and
    crossed, an available one an empty ring; a heart marks a disc's Insider Tip side. Under each
    week, its Festival regions once they are revealed. As many weeks share a row as leave each
    day room for a disc with its code and fill the rows alike: two of the four weeks, at either
    setting (four would leave 28 px a day for a disc of 32 px)."""

    game_name = "four_weeks"
    title = "The four weeks: the calendar"

    def __init__(self, game: Game, seat: int | None, sizes: Sizes) -> None:
        super().__init__(game, seat, sizes)
        assert isinstance(game, FourWeeks)
        content = game.content
        self.rules = content.rules
        self.regions = content.regions
        self.festivals = content.festivals
        self.players = game.num_players
        u, place = self.u, sizes.place
        self.pawn = 0.8 * sizes.text  # a pawn's radius, large enough for its seat's number
        self.radius = max(width_of(r.code, place) for r in self.regions) / 2 + 3 * u
        names = [f"player {p}{you(p, p)}" for p in range(self.players)]  # the same for any seat
        widest = max(width_of(name, sizes.text) for name in [*names, "Festivals"])
        self.label = 2 * self.pawn + 5 * u + widest + 6 * u
        self.gap = 8 * u  # between two weeks of a row
        self.per_row, self.day_width = self._columns()
        self.head = 6 * u + sizes.text + 4 * u + 3 * u + sizes.text + 4 * u  # "Week 1", weekdays
        self.row = 2 * self.radius + 4 * u
        week_width = self.rules.days_per_week * self.day_width - 4 * u
        lines = [
            wrap(self._festival_words(f), week_width, place) for f in range(len(self.festivals))
        ]
        self.festival_lines = max(1, self.rules.festivals_per_week) * max(
            map(len, lines), default=1
        )
        self.block = (
            self.head + self.row * self.players + 8 * u + self.festival_lines * 1.3 * place + 10 * u
        )

    def _columns(self) -> tuple[int, float]:
        """How many weeks share a row, and a day's width: the most weeks that leave each day
        room for a disc and a little space, and fill every row alike (4 weeks: 4, 2 or 1)."""
        weeks, disc = self.rules.weeks, 2 * self.radius + 2 * self.u
        fitting = [n for n in range(weeks, 0, -1) if weeks % n == 0 and self._day(n) >= disc]
        per_row = fitting[0] if fitting else 1
        return per_row, self._day(per_row)

    def _day(self, per_row: int) -> float:
        """A day's width with `per_row` weeks in a row."""
        room = WIDTH - 2 * self.pad - self.label - self.gap * (per_row - 1)
        return room / (per_row * self.rules.days_per_week)

    # --- where things are ---------------------------------------------------------------------
    def x(self, week: int, weekday: int) -> float:
        """The middle of a day's column."""
        column = week % self.per_row
        left = (
            self.pad + self.label + column * (self.rules.days_per_week * self.day_width + self.gap)
        )
        return left + (weekday + 0.5) * self.day_width

    def block_top(self, week: int) -> float:
        """The top of the row of weeks that holds `week`."""
        return self.top + (week // self.per_row) * self.block

    def y(self, week: int, player: int) -> float:
        """The middle of a player's row in `week`'s row of weeks."""
        return self.block_top(week) + self.head + (player + 0.5) * self.row

    def grid_bottom(self, week: int) -> float:
        return self.block_top(week) + self.head + self.row * self.players

    def week_left(self, week: int) -> float:
        return self.x(week, 0) - self.day_width / 2

    def _festival_words(self, index: int) -> str:
        festival = self.festivals[index]
        return f"{self.regions[festival.region].code}: {festival.name}"

    # --- the still part -----------------------------------------------------------------------
    def draw_still(self, seen: Seen) -> Still:
        rules, u, size = self.rules, self.u, self.sizes.text
        parts, nodes = [], set()
        for week in range(rules.weeks):
            top = self.block_top(week)
            parts.append(text(self.week_left(week) + 2 * u, top + 6 * u + ASCENT * size,
                              f"Week {week + 1}", size, bold=True))  # fmt: skip
            for weekday, name in enumerate(rules.weekdays):
                node = f"week {week + 1}, {name}"
                nodes.add(node)
                x, cell_top = self.x(week, weekday), top + 6 * u + size + 4 * u
                height = self.grid_bottom(week) - cell_top
                parts.append(
                    cell(node, node, x - self.day_width / 2, cell_top, self.day_width, height,
                         "#fff")
                )  # fmt: skip
                parts.append(
                    text(x, cell_top + 3 * u + ASCENT * size, name, size, anchor="middle",
                         extra=' pointer-events="none"')
                )  # fmt: skip
        rings = [
            f'<circle cx="{_n(self.x(w, d))}" cy="{_n(self.y(w, p))}" r="{_n(self.radius)}"/>'
            for p in range(self.players)
            for w in range(rules.weeks)
            for d in range(rules.days_per_week)
        ]
        parts.append(
            f'<g fill="none" stroke="{RING}" stroke-dasharray="2 2" pointer-events="none">'
            + "".join(rings)
            + "</g>"
        )
        for week in range(0, rules.weeks, self.per_row):
            parts.append(self._players(week))
        bottom = self.block_top(rules.weeks - 1) + self.block - 6 * u
        drawn, height = legend(
            self._legend_items(), self.pad, bottom, WIDTH - 2 * self.pad, self.sizes
        )
        parts.append(drawn)
        return self.still_part(bottom + height + 4 * u, parts, frozenset(nodes))

    def _players(self, week: int) -> str:
        """A row of weeks' labels: each player's pawn and name, and "Festivals"."""
        u, size = self.u, self.sizes.text
        parts = []
        for p in range(self.players):
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            y = self.y(week, p)
            parts.append(
                glyph(shape("pawn", colour, self.pawn, str(p), size), self.pad + self.pawn, y)
            )
            words = f"player {p}{you(self.seat, p)}"
            parts.append(text(self.pad + 2 * self.pawn + 5 * u, y + MIDDLE * size, words, size))
        festivals_y = self.grid_bottom(week) + 8 * u + ASCENT * self.sizes.place
        parts.append(text(self.pad, festivals_y, "Festivals", size, fill=MUTED))
        return "".join(parts)

    def _legend_items(self) -> list[Item]:
        colour, code, r = PLAYER_COLOURS[0], self.regions[0].code, self.radius
        ring = f'<circle r="{_n(r)}" fill="none" stroke="{RING}" stroke-dasharray="2 2"/>'
        heart = 10 * self.u
        return [
            Item(self._disc(colour, code), 2 * r, 2 * r, f"a Day disc of player 0 placed in {code}",
                 place=True),
            Item(self._spent(), 2 * r, 2 * r, "a day spent without a disc placed"),
            Item(ring, 2 * r, 2 * r, "a day still to come"),
            Item(self._heart(0, 0), heart, heart, "the disc shows its Insider Tip side"),
            *(Item("", 0, 0, f"{g.code} {g.name}", place=True) for g in self.regions),
        ]  # fmt: skip

    # --- the moving part ----------------------------------------------------------------------
    def highlight(self, seen: Seen) -> str:
        """The current week, framed, and today: the next day of the player to move."""
        view, u = seen.view, self.u
        if seen.state.is_terminal or view["step"] == "setup":
            return ""
        week = view["week"] - 1
        left, top = self.week_left(week) - 3 * u, self.block_top(week) + u
        width = self.rules.days_per_week * self.day_width + 6 * u
        parts = [
            f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" '
            f'height="{_n(self.grid_bottom(week) + 2 * u - top)}" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="{_n(2.5 * u)}" rx="3"><title>the current week: '
            f"week {week + 1}</title></rect>"
        ]
        mover, weekday = view["to_move"], view["weekday"]
        if mover is not None and weekday is not None:
            day = self.rules.weekdays.index(weekday)
            parts.append(
                f'<circle cx="{_n(self.x(week, day))}" cy="{_n(self.y(week, mover))}" '
                f'r="{_n(self.radius + 1.5 * u)}" fill="none" stroke="{HIGHLIGHT}" '
                f'stroke-width="{_n(2 * u)}"><title>today for player {mover}: week {week + 1}, '
                f"{_e(weekday)}</title></circle>"
            )
        return "".join(parts)

    def pieces(self, seen: Seen) -> str:
        """The Day discs placed or spent, the Insider Tip hearts, and each week's Festivals.
        The discs of a player share their colour and style in one group, so that a full
        calendar stays a small update; hovering a day tells its week and weekday."""
        parts = [self.status(seen), '<g pointer-events="none">']
        spent, crosses, hearts = [], [], []
        place, r = self.sizes.place, self.radius
        cross = 0.4 * r
        for p, player in enumerate(seen.view["players"]):
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            discs, codes = [], []
            for week, days in enumerate(player["calendar"]):
                for weekday, day in enumerate(days):
                    cx, cy = self.x(week, weekday), self.y(week, p)
                    x, y = _n(cx), _n(cy)
                    if day["disc"].startswith("in "):
                        discs.append(f'<circle cx="{x}" cy="{y}" r="{_n(r)}"/>')
                        codes.append(
                            f'<text x="{x}" y="{_n(cy + MIDDLE * place)}">'
                            f"{_e(day['disc'][3:])}</text>"
                        )
                    elif day["disc"] == "spent":
                        spent.append(f'<circle cx="{x}" cy="{y}" r="{_n(r)}"/>')
                        crosses.append(
                            f"M{x} {y}m{_n(-cross)} {_n(-cross)}l{_n(2 * cross)} {_n(2 * cross)}"
                            f"m0 {_n(-2 * cross)}l{_n(-2 * cross)} {_n(2 * cross)}"
                        )
                    if day["insider_tip"]:
                        hearts.append(self._heart(cx + 0.8 * r, cy - 0.8 * r))
            parts.append(
                f'<g class="discs" fill="{colour}" stroke="#222">{"".join(discs)}</g>'
                f'<g class="codes" font-size="{_n(place)}" text-anchor="middle" '
                f'fill="{ink_on(colour)}">{"".join(codes)}</g>'
            )
        parts.append(
            f'<g class="spent" fill="{SPENT}" stroke="#888">{"".join(spent)}</g>'
            f'<path d="{"".join(crosses)}" stroke="#666" stroke-width="{_n(1.6 * self.u)}"/>'
            f"{''.join(hearts)}</g>"
        )
        parts.append(self._festivals(seen))
        return "".join(parts)

    def _festivals(self, seen: Seen) -> str:
        """Each week's Festival regions: those revealed so far (face up, so every player saw
        them), the weeks to come 'not revealed yet'."""
        by_week = festivals_by_week(seen.state, self.rules.festivals_per_week)
        u, place, size = self.u, self.sizes.place, self.sizes.text
        width = self.rules.days_per_week * self.day_width - 4 * u
        parts = []
        for week in range(self.rules.weeks):
            left = self.week_left(week) + 2 * u
            first = self.grid_bottom(week) + 8 * u + ASCENT * place
            revealed = by_week[week] if week < len(by_week) else []
            if not revealed:
                parts.append(text(left, first, "not revealed yet", size, fill=MUTED))
            lines = 0
            for index in revealed:
                festival = self.festivals[index]
                words = self._festival_words(index)
                effect = describe(festival.cost + festival.reward)
                shown = wrap(words, width, place)
                parts.append(
                    f"<g><title>{_e(words)} ({_e(effect)})</title>"
                    + "".join(
                        text(left, first + (lines + i) * 1.3 * place, line, place)
                        for i, line in enumerate(shown)
                    )
                    + "</g>"
                )
                lines += len(shown)
        return "".join(parts)

    def _disc(self, colour: str, code: str) -> str:
        """A Day disc placed in a region, around the origin (for the legend)."""
        place = self.sizes.place
        return (
            f'<circle r="{_n(self.radius)}" fill="{colour}" stroke="#222"/>'
            f'<text y="{_n(MIDDLE * place)}" font-size="{_n(place)}" text-anchor="middle" '
            f'fill="{ink_on(colour)}">{_e(code)}</text>'
        )

    def _spent(self) -> str:
        """A day spent without a disc placed: grey and crossed, around the origin."""
        c = _n(0.4 * self.radius)
        return (
            f'<circle r="{_n(self.radius)}" fill="{SPENT}" stroke="#888"/><path d="M-{c} -{c}'
            f'L{c} {c}M{c} -{c}L-{c} {c}" stroke="#666" stroke-width="{_n(1.6 * self.u)}"/>'
        )

    def _heart(self, x: float, y: float) -> str:
        """The Insider Tip side's heart at (x, y)."""
        return (
            f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(1.4 * self.u)})" '
            'd="M0 3.5L-3.5 0A1.9 1.9 0 0 1 0 -2.6A1.9 1.9 0 0 1 3.5 0Z" fill="#c51b7d" '
            'stroke="#fff" stroke-width="0.6"/>'
        )


def festivals_by_week(state: State, per_week: int) -> list[list[int]]:
    """The Festival cards revealed for each week, in order, from the history's reveals (face-up
    chance events every player sees): the first `per_week` for week 1, the next for week 2, ...
    (the observation shows only the display of the moment)."""
    revealed = [action.festival for action in state.history if isinstance(action, Reveal)]
    if per_week < 1:
        return []
    return [revealed[i : i + per_week] for i in range(0, len(revealed), per_week)]
