"""The four-week game's calendar: four weeks of seven days, a row per player, the Day discs placed
or spent, and each week's Festival regions."""

from __future__ import annotations

from kit.core import Game, State
from kit.four_weeks.actions import Reveal
from kit.four_weeks.effects import describe
from kit.four_weeks.game import FourWeeks
from kit.widgets.picture import HIGHLIGHT, _dark, _e, _n
from kit.widgets.timelines.drawing import (
    FAINT,
    INK,
    PAD,
    TITLE_HEIGHT,
    WIDTH,
    Drawing,
    Seen,
    Still,
    cell,
    fit,
    legend,
    legend_height,
    shape,
    status,
    text,
    you,
)
from kit.widgets.views.base import PLAYER_COLOURS

PLAYER_LABEL, WEEK_GAP, WEEK_HEADER, DISC_ROW, DISC_RADIUS = 86.0, 10.0, 34.0, 28.0, 11.5


class CalendarDrawing(Drawing):
    """The four weeks side by side, seven days each (the content's weekday names), a row per
    player: each Day disc placed shows its region's code in the player's colour, a spent one is
    grey and crossed, an available one an empty ring; a heart marks a disc's Insider Tip side.
    Under each week, its Festival regions once they are revealed."""

    game_name = "four_weeks"
    title = "The four weeks: the calendar"

    def __init__(self, game: Game, seat: int | None) -> None:
        super().__init__(game, seat)
        assert isinstance(game, FourWeeks)
        content = game.content
        self.rules = content.rules
        self.regions = content.regions
        self.festivals = content.festivals
        self.players = game.num_players
        days = self.rules.weeks * self.rules.days_per_week
        room = WIDTH - 2 * PAD - PLAYER_LABEL - WEEK_GAP * (self.rules.weeks - 1)
        self.day_width = room / days
        self.grid_bottom = TITLE_HEIGHT + WEEK_HEADER + DISC_ROW * self.players
        self.festival_lines = max(1, self.rules.festivals_per_week)

    def x(self, week: int, weekday: int) -> float:
        """The middle of a day's column."""
        per_week = self.rules.days_per_week
        return (
            PAD
            + PLAYER_LABEL
            + week * (per_week * self.day_width + WEEK_GAP)
            + (weekday + 0.5) * self.day_width
        )

    def y(self, player: int) -> float:
        """The middle of a player's row."""
        return TITLE_HEIGHT + WEEK_HEADER + (player + 0.5) * DISC_ROW

    def week_left(self, week: int) -> float:
        return self.x(week, 0) - self.day_width / 2

    def draw_still(self, seen: Seen) -> Still:
        rules, parts, nodes = self.rules, [], set()
        per_week = rules.days_per_week
        for week in range(rules.weeks):
            left = self.week_left(week)
            parts.append(
                text(left + 2, TITLE_HEIGHT + 14, f"Week {week + 1}", 11, ' font-weight="bold"')
            )
            for weekday, name in enumerate(rules.weekdays):
                node = f"week {week + 1}, {name}"
                nodes.add(node)
                x = self.x(week, weekday)
                parts.append(
                    cell(node, node, x - self.day_width / 2, TITLE_HEIGHT + 18, self.day_width,
                         WEEK_HEADER - 18 + DISC_ROW * self.players, "#fff")
                )  # fmt: skip
                parts.append(
                    text(x, TITLE_HEIGHT + 29, name, 8.5, ' text-anchor="middle" '
                         'pointer-events="none"')
                )  # fmt: skip
        rings = [
            f'<circle cx="{_n(self.x(w, d))}" cy="{_n(self.y(p))}" r="{_n(DISC_RADIUS)}"/>'
            for p in range(self.players)
            for w in range(rules.weeks)
            for d in range(per_week)
        ]
        parts.append(
            '<g fill="none" stroke="#999" stroke-dasharray="2 2" pointer-events="none">'
            + "".join(rings)
            + "</g>"
        )
        for p in range(self.players):
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            parts.append(f'<g transform="translate({_n(PAD + 6)} {_n(self.y(p))})">')
            parts.append(shape("pawn", colour, str(p)) + "</g>")
            parts.append(text(PAD + 15, self.y(p) + 3.5, f"player {p}{you(self.seat, p)}", 10))
        parts.append(text(PAD, self.grid_bottom + 13, "Festivals", 9, f' fill="{FAINT}"'))
        bottom = self.grid_bottom + 6 + 12 * self.festival_lines
        items = self._legend_items()
        parts.append(legend(items, PAD, bottom + 12, WIDTH - 2 * PAD))
        height = bottom + 12 + legend_height(items, WIDTH - 2 * PAD)
        return Still(WIDTH, height, "".join(parts), frozenset(nodes))

    def _legend_items(self) -> list[tuple[str, float, str]]:
        colour = PLAYER_COLOURS[0]
        code = self.regions[0].code
        return [
            (_disc(colour, code), 24.0, f"a Day disc of player 0 placed in {code}"),
            (_spent(), 24.0, "a day spent without a disc placed"),
            (
                f'<circle r="{_n(DISC_RADIUS)}" fill="none" stroke="#999" stroke-dasharray="2 2"/>',
                24.0,
                "a day still to come",
            ),
            (_heart(0, 0), 10.0, "the disc shows its Insider Tip side"),
            *(("", 0.0, f"{region.code} {region.name}") for region in self.regions),
        ]

    def highlight(self, seen: Seen) -> str:
        """The current week, framed, and today: the next day of the player to move."""
        view = seen.view
        if seen.state.is_terminal or view["step"] == "setup":
            return ""
        week = view["week"] - 1
        left = self.week_left(week) - 3
        width = self.rules.days_per_week * self.day_width + 6
        parts = [
            f'<rect x="{_n(left)}" y="{_n(TITLE_HEIGHT + 1)}" width="{_n(width)}" '
            f'height="{_n(self.grid_bottom - TITLE_HEIGHT + 2)}" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="2.5" rx="3"><title>the current week: week '
            f"{week + 1}</title></rect>"
        ]
        mover, weekday = view["to_move"], view["weekday"]
        if mover is not None and weekday is not None:
            day = self.rules.weekdays.index(weekday)
            parts.append(
                f'<circle cx="{_n(self.x(week, day))}" cy="{_n(self.y(mover))}" '
                f'r="{_n(DISC_RADIUS + 3)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="2">'
                f"<title>today for player {mover}: week {week + 1}, {_e(weekday)}</title></circle>"
            )
        return "".join(parts)

    def pieces(self, seen: Seen) -> str:
        """The Day discs placed or spent, the Insider Tip hearts, and each week's Festivals.
        The discs of a player share their colour and style in one group, so that a full
        calendar stays a small update; hovering a day tells its week and weekday."""
        parts = [status(seen), '<g pointer-events="none">']
        spent, crosses, hearts = [], [], []
        for p, player in enumerate(seen.view["players"]):
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            discs, codes = [], []
            for week, days in enumerate(player["calendar"]):
                for weekday, day in enumerate(days):
                    x, y = _n(self.x(week, weekday)), _n(self.y(p))
                    if day["disc"].startswith("in "):
                        discs.append(f'<circle cx="{x}" cy="{y}" r="{_n(DISC_RADIUS)}"/>')
                        codes.append(
                            f'<text x="{x}" y="{_n(self.y(p) + 3)}">{_e(day["disc"][3:])}</text>'
                        )
                    elif day["disc"] == "spent":
                        spent.append(f'<circle cx="{x}" cy="{y}" r="{_n(DISC_RADIUS)}"/>')
                        crosses.append(f"M{x} {y}m-5 -5l10 10m0 -10l-10 10")
                    if day["insider_tip"]:
                        hearts.append(_heart(self.x(week, weekday) + 8, self.y(p) - 8))
            ink = "#fff" if _dark(colour) else INK
            parts.append(
                f'<g class="discs" fill="{colour}" stroke="#222">{"".join(discs)}</g>'
                f'<g font-size="8" font-weight="bold" text-anchor="middle" fill="{ink}">'
                f"{''.join(codes)}</g>"
            )
        parts.append(
            f'<g class="spent" fill="#c8c8c8" stroke="#888">{"".join(spent)}</g>'
            f'<path d="{"".join(crosses)}" stroke="#666" stroke-width="1.6"/>{"".join(hearts)}</g>'
        )
        parts.append(self._festivals(seen))
        return "".join(parts)

    def _festivals(self, seen: Seen) -> str:
        """Each week's Festival regions: those revealed so far (face up, so every player saw
        them), the weeks to come 'not revealed yet'."""
        by_week = festivals_by_week(seen.state, self.rules.festivals_per_week)
        parts = []
        width = self.rules.days_per_week * self.day_width - 4
        for week in range(self.rules.weeks):
            left = self.week_left(week) + 2
            revealed = by_week[week] if week < len(by_week) else []
            if not revealed:
                parts.append(
                    text(left, self.grid_bottom + 13, "not revealed yet", 9, f' fill="{FAINT}"')
                )
            for line, index in enumerate(revealed):
                festival = self.festivals[index]
                words = f"{self.regions[festival.region].code}: {festival.name}"
                effect = describe(festival.cost + festival.reward)
                parts.append(
                    f"<g><title>{_e(words)} ({_e(effect)})</title>"
                    + text(left, self.grid_bottom + 13 + 12 * line, fit(words, width, 9), 9)
                    + "</g>"
                )
        return "".join(parts)


def festivals_by_week(state: State, per_week: int) -> list[list[int]]:
    """The Festival cards revealed for each week, in order, from the history's reveals (face-up
    chance events every player sees): the first `per_week` for week 1, the next for week 2, ...
    (the observation shows only the display of the moment)."""
    revealed = [action.festival for action in state.history if isinstance(action, Reveal)]
    if per_week < 1:
        return []
    return [revealed[i : i + per_week] for i in range(0, len(revealed), per_week)]


def _disc(colour: str, code: str) -> str:
    """A Day disc placed in a region, around the origin (for the legend)."""
    ink = "#fff" if _dark(colour) else INK
    return (
        f'<circle r="{_n(DISC_RADIUS)}" fill="{colour}" stroke="#222"/><text y="3" '
        f'font-size="8" font-weight="bold" text-anchor="middle" fill="{ink}">{_e(code)}</text>'
    )


def _spent() -> str:
    """A day spent without a disc placed: grey and crossed, around the origin."""
    return (
        f'<circle r="{_n(DISC_RADIUS)}" fill="#c8c8c8" stroke="#888"/><path d="M-5 -5l10 10M5 '
        '-5l-10 10" stroke="#666" stroke-width="1.6"/>'
    )


def _heart(x: float, y: float) -> str:
    """The Insider Tip side's heart at (x, y)."""
    return (
        f'<path transform="translate({_n(x)} {_n(y)})" d="M0 3.5L-3.5 0A1.9 1.9 0 0 1 0 -2.6A1.9 '
        '1.9 0 0 1 3.5 0Z" fill="#c51b7d" stroke="#fff" stroke-width="0.6"/>'
    )
