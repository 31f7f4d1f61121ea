"""Timeless Journeys' Traveller's Gazette: a row per round, a column per Famous Traveller, the
traveller's city in each round and the Experience tokens in the slots."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from kit.core import Game
from kit.timeless_journeys.actions import reward_words
from kit.timeless_journeys.content import ROMAN, Effect, Side
from kit.timeless_journeys.game import TimelessJourneys
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

NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#f0c330",
    "grey": "#8c8c8c",
}
"""The players' colours the content names (`cards.toml`: seat 0 plays red, ...)."""
ROUND_LABEL, HEADER, CITY_LINE, SLOT_STEP, TOKEN_WIDTH = 64.0, 44.0, 18.0, 17.0, 26.0


class GazetteDrawing(Drawing):
    """The Gazette as the board prints it: a column per Famous Traveller (the portrait's name
    and ability), a row per round with the traveller's city and its Experience slots, each slot
    with its reward and the player count from which it opens (the others are covered). The
    tokens placed show their type's letter and their player's seat, in the player's colour."""

    game_name = "timeless_journeys"
    title = "Timeless Journeys: the Traveller's Gazette"

    def __init__(self, game: Game, seat: int | None) -> None:
        super().__init__(game, seat)
        assert isinstance(game, TimelessJourneys)
        self.content = game.content
        rules = self.content.rules
        self.rounds = rules.rounds
        self.columns = rules.travellers
        self.slots = max((len(s.slot_players) for s in self.content.sides.values()), default=0)
        self.column_width = (WIDTH - 2 * PAD - ROUND_LABEL) / self.columns
        self.row_height = CITY_LINE + SLOT_STEP * self.slots + 8
        names = rules.experience_names
        self.letters = {name: _initial(name) for name in names.values()}
        self.colours = [
            NAMED_COLOURS.get(name, PLAYER_COLOURS[i % len(PLAYER_COLOURS)])
            for i, (name, _) in enumerate(self.content.colours)
        ]

    def still_key(self, seen: Seen) -> Hashable:
        gazette = seen.view["gazette"]
        return gazette["side"], tuple(t["name"] for t in seen.view["travellers"])

    def x(self, column: int) -> float:
        return PAD + ROUND_LABEL + column * self.column_width

    def y(self, rnd: int) -> float:
        return TITLE_HEIGHT + HEADER + rnd * self.row_height

    def slot_y(self, rnd: int, slot: int) -> float:
        return self.y(rnd) + CITY_LINE + slot * SLOT_STEP

    def colour(self, player: int) -> str:
        if player < len(self.colours):
            return self.colours[player]
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def draw_still(self, seen: Seen) -> Still:
        side = self.content.sides.get(seen.view["gazette"]["side"])
        travellers = seen.view["travellers"]
        open_slots = seen.view["gazette"]["slots_open"]
        parts, nodes = [], set()
        for column in range(self.columns):
            traveller = travellers[column] if column < len(travellers) else None
            parts.append(self._header(column, traveller, side))
        for rnd in range(self.rounds):
            roman = ROMAN[rnd]
            parts.append(text(PAD, self.y(rnd) + 14, f"Round {roman}", 11, ' font-weight="bold"'))
            for column in range(self.columns):
                traveller = travellers[column] if column < len(travellers) else None
                name = traveller["name"] if traveller else f"portrait {column + 1}"
                node = f"round {roman}, {name}"
                nodes.add(node)
                parts.append(self._round_cell(node, rnd, column, side, open_slots))
        bottom = self.y(self.rounds) + 6
        if side is None:
            parts.append(
                text(PAD, bottom + 6, "The Gazette side and the Famous Travellers are drawn at "
                     "setup.", 10, f' fill="{FAINT}"')
            )  # fmt: skip
            bottom += 14
        items = self._legend_items(side, len(seen.view["players"]))
        parts.append(legend(items, PAD, bottom + 8, WIDTH - 2 * PAD))
        height = bottom + 8 + legend_height(items, WIDTH - 2 * PAD) + 4
        return Still(WIDTH, height, "".join(parts), frozenset(nodes))

    def _header(self, column: int, traveller: dict[str, Any] | None, side: Side | None) -> str:
        """A portrait: the traveller's name and ability (shortened; hover shows it whole)."""
        x, y, w = self.x(column) + 6, TITLE_HEIGHT + 14, self.column_width - 12
        if traveller is None:
            return text(x, y, f"portrait {column + 1}: not drawn yet", 11, f' fill="{FAINT}"')
        ability = traveller["text"]
        if column == 0 and side is not None and side.first_column_bonus:
            bonus = reward_words(side.first_column_bonus, self.content.rules.genres)
            ability += f" Side {side.name}: a player's first token here also gains: {bonus}."
        return (
            f"<g><title>{_e(traveller['name'])}: {_e(ability)}</title>"
            + text(x, y, fit(traveller["name"], w, 12), 12, ' font-weight="bold"')
            + text(x, y + 14, fit(ability, w, 8.5), 8.5, ' fill="#555"')
            + "</g>"
        )

    def _round_cell(
        self, node: str, rnd: int, column: int, side: Side | None, open_slots: int
    ) -> str:
        x, y = self.x(column), self.y(rnd)
        w = self.column_width - 4
        if side is None:
            return cell(node, node, x, y, w, self.row_height - 4, "#fff") + text(
                x + 8, y + 14, "?", 11, f' fill="{FAINT}"'
            )
        col = side.columns[column]
        city = col.cities[rnd]
        parts = [cell(node, f"{node}: in {city}", x, y, w, self.row_height - 4, "#fff")]
        parts.append(text(x + 8, y + 14, city, 11, ' font-weight="bold" pointer-events="none"'))
        for slot, reward in enumerate(col.rewards[rnd]):
            parts.append(
                self._slot(rnd, slot, x, reward, side.slot_players[slot], slot < open_slots)
            )
        return "".join(parts)

    def _slot(
        self, rnd: int, slot: int, x: float, reward: Effect, opens: int, is_open: bool
    ) -> str:
        """An empty slot: its frame, from how many players it opens, and its reward; a slot the
        player count leaves covered is greyed out."""
        y = self.slot_y(rnd, slot)
        words = reward_words(reward, self.content.rules.genres)
        room = self.column_width - TOKEN_WIDTH - 24
        ink = INK if is_open else "#aaa"
        return (
            f'<g pointer-events="none"><g class="slot" transform="translate('
            f'{_n(x + 8 + TOKEN_WIDTH / 2)} {_n(y + 7)})">{_frame(is_open, f"{opens}+")}</g>'
            + text(x + TOKEN_WIDTH + 14, y + 10.5, fit(words, room, 9), 9, f' fill="{ink}"')
            + "</g>"
        )

    def _legend_items(self, side: Side | None, players: int) -> list[tuple[str, float, str]]:
        rules = self.content.rules
        kinds = dict.fromkeys(rules.experience_names[kind] for kind in rules.experience_tokens)
        items = [("", 0.0, "Experience tokens, by their letter, with the player's number:")]
        items += [
            (_token(self.colour(0), f"{self.letters[name]}0"), TOKEN_WIDTH, name) for name in kinds
        ]
        items.append((_frame(True, "3+"), TOKEN_WIDTH, "an empty slot, open from 3 players"))
        plural = "s" if players != 1 else ""
        items.append((_frame(False), TOKEN_WIDTH, f"covered with {players} player{plural}"))
        items += [
            (shape("pawn", self.colour(p), str(p)), 10.0, f"player {p}{you(self.seat, p)}")
            for p in range(players)
        ]
        return items

    def highlight(self, seen: Seen) -> str:
        """The current round's row, framed (until the game is over)."""
        roman = seen.view.get("round")
        if roman is None or seen.state.is_terminal:
            return ""
        rnd = ROMAN.index(roman)
        y, x1 = self.y(rnd) - 2, self.x(self.columns) - 2
        return (
            f'<rect x="{_n(PAD - 4)}" y="{_n(y)}" width="{_n(x1 - PAD + 6)}" '
            f'height="{_n(self.row_height)}" fill="none" stroke="{HIGHLIGHT}" stroke-width="2.5" '
            f'rx="3"><title>the Round marker: round {roman}</title></rect>'
            + text(PAD, y + 30, "now", 10, f' fill="{HIGHLIGHT}" font-weight="bold"')
        )

    def pieces(self, seen: Seen) -> str:
        """The Experience tokens in their slots."""
        parts = [status(seen)]
        for column, gazette in enumerate(seen.view["gazette"]["columns"]):
            for token in gazette["tokens"]:
                rnd, slot, p = ROMAN.index(token["round"]), token["slot"] - 1, token["player"]
                x = self.x(column) + 8 + TOKEN_WIDTH / 2
                y = self.slot_y(rnd, slot) + 7
                what = (
                    f"player {p}: {token['token']} with {gazette['traveller']} in round "
                    f"{token['round']}, slot {token['slot']}"
                )
                parts.append(
                    f'<g class="token" transform="translate({_n(x)} {_n(y)})"><title>'
                    f"{_e(what)}</title>"
                    f"{_token(self.colour(p), self.letters[token['token']] + str(p))}</g>"
                )
        return "".join(parts)


def _initial(name: str) -> str:
    """A token's letter: its name's first word that is not an article ("A Night to
    Remember": N)."""
    words = [w for w in name.split() if w.lower() not in ("a", "an", "the")]
    return (words or [name])[0][:1].upper()


def _frame(is_open: bool, label: str = "") -> str:
    """An empty slot around the origin: a dashed frame where it is open, grey where covered,
    with from how many players it opens."""
    style = (
        'fill="#fff" stroke="#888" stroke-dasharray="2 2"'
        if is_open
        else 'fill="#ddd" stroke="#bbb"'
    )
    words = text(0, 3, label, 8, f' fill="{INK if is_open else "#aaa"}" text-anchor="middle"')
    return f'<rect x="-13" y="-7" width="26" height="14" rx="2" {style}/>{words if label else ""}'


def _token(colour: str, label: str) -> str:
    """An Experience token around the origin: the player's colour, the type's letter and the
    seat."""
    ink = "#fff" if _dark(colour) else INK
    return (
        f'<rect x="-13" y="-7" width="26" height="14" rx="2" fill="{colour}" stroke="#222"/>'
        f'<text y="3.2" font-size="8.5" font-weight="bold" text-anchor="middle" fill="{ink}">'
        f"{_e(label)}</text>"
    )
