"""Timeless Journeys' Traveller's Gazette: a row per round, a column per Famous Traveller, the
traveller's city in each round and the Experience tokens in the slots."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from kit.core import Game
from kit.timeless_journeys.actions import reward_words
from kit.timeless_journeys.content import ROMAN, Effect, Side
from kit.timeless_journeys.game import TimelessJourneys
from kit.widgets.labels import ASCENT, DESCENT
from kit.widgets.picture import HIGHLIGHT, _e, _n
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
    on_piece,
    shape,
    text,
    width_of,
    wrap,
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
COVERED = "#ddd"  # a slot the player count leaves covered


class GazetteDrawing(Drawing):
    """The Gazette as the board prints it: a column per Famous Traveller (the portrait's name
    and ability), a row per round with the traveller's city and its Experience slots, each slot
    with its reward and the player count from which it opens (the others are covered). The
    tokens placed show their type's letter and their player's seat, in the player's colour.
    Long abilities and rewards are written on several lines, so a round's row is as tall as
    the Gazette side's words need."""

    game_name = "timeless_journeys"
    title = "Timeless Journeys: the Traveller's Gazette"

    def __init__(self, game: Game, seat: int | None, sizes: Sizes) -> None:
        super().__init__(game, seat, sizes)
        assert isinstance(game, TimelessJourneys)
        self.content = game.content
        rules = self.content.rules
        self.rounds = rules.rounds
        self.columns = rules.travellers
        u, size = self.u, sizes.text
        self.token = (2.6 * size, 1.5 * size)  # an Experience token's width and height
        self.line = 1.3 * size  # between two lines of a text
        widest = max(width_of(f"Round {ROMAN[r]}", size, bold=True) for r in range(self.rounds))
        self.label = widest + 10 * u
        self.column_width = (WIDTH - 2 * self.pad - self.label) / self.columns
        self.city_line = 4 * u + sizes.place + 4 * u
        names = rules.experience_names
        self.letters = {name: _initial(name) for name in names.values()}
        self.colours = [
            NAMED_COLOURS.get(name, PLAYER_COLOURS[i % len(PLAYER_COLOURS)])
            for i, (name, _) in enumerate(self.content.colours)
        ]
        self._rows: dict[Hashable, list[float]] = {}
        self._rewards: dict[Effect, list[str]] = {}  # each reward in lines, as wrapped once

    def still_key(self, seen: Seen) -> Hashable:
        gazette = seen.view["gazette"]
        return gazette["side"], tuple(t["name"] for t in seen.view["travellers"])

    # --- where things are ---------------------------------------------------------------------
    def x(self, column: int) -> float:
        return self.pad + self.label + column * self.column_width

    def side(self, seen: Seen) -> Side | None:
        """The Gazette side drawn at setup (None before)."""
        return self.content.sides.get(seen.view["gazette"]["side"])

    def rows(self, seen: Seen) -> list[float]:
        """The top of each round's row, and the bottom of the last: the rows start under the
        portraits' longest ability, and a row is as tall as its tallest cell (a slot's reward
        may take more than one line)."""
        key = self.still_key(seen)
        if key not in self._rows:
            side, u = self.side(seen), self.u
            lines = max(map(len, self._abilities(seen)), default=0)
            tops = [self.top + 4 * u + self.sizes.place + 4 * u + lines * self.line + 6 * u]
            for rnd in range(self.rounds):
                cells = [self._cell_height(side, rnd, column) for column in range(self.columns)]
                tops.append(tops[-1] + max(cells) + 4 * u)
            self._rows[key] = tops
        return self._rows[key]

    def _cell_height(self, side: Side | None, rnd: int, column: int) -> float:
        if side is None:
            return self.city_line + 2 * self.u
        slots = self._slot_heights(side, rnd, column)
        return self.city_line + sum(slots) + 2 * self.u

    def _slot_heights(self, side: Side, rnd: int, column: int) -> list[float]:
        """The height of each slot of a round's cell: the token beside the reward's lines."""
        rewards = side.columns[column].rewards[rnd]
        return [self._slot_height(len(self._reward_lines(reward))) for reward in rewards]

    def _slot_height(self, lines: int) -> float:
        token_h, size = self.token[1], self.sizes.text
        words = token_h / 2 + (MIDDLE + DESCENT) * size  # the first line centred on the token
        return max(token_h, words + (lines - 1) * self.line) + 4 * self.u

    def slot_centre(
        self, tops: list[float], side: Side, rnd: int, column: int, slot: int
    ) -> tuple[float, float]:
        """The middle of a slot's token (`tops`: the rows')."""
        above = sum(self._slot_heights(side, rnd, column)[:slot])
        top = tops[rnd] + self.city_line + above + 2 * self.u
        return self.x(column) + 8 * self.u + self.token[0] / 2, top + self.token[1] / 2

    def _reward_lines(self, reward: Effect) -> list[str]:
        """A slot's reward in lines beside its token (the layout asks for each slot's often:
        wrapped once)."""
        if reward not in self._rewards:
            words = reward_words(reward, self.content.rules.genres)
            room = self.column_width - 4 * self.u - 8 * self.u - self.token[0] - 12 * self.u
            self._rewards[reward] = wrap(words, room, self.sizes.text)
        return self._rewards[reward]

    def _ability(self, column: int, traveller: dict[str, Any], side: Side | None) -> str:
        ability = str(traveller["text"])
        if column == 0 and side is not None and side.first_column_bonus:
            bonus = reward_words(side.first_column_bonus, self.content.rules.genres)
            ability += f" Side {side.name}: a player's first token here also gains: {bonus}."
        return ability

    def _abilities(self, seen: Seen) -> list[list[str]]:
        """Each portrait's ability in lines (none before setup draws the travellers)."""
        side, room = self.side(seen), self.column_width - 12 * self.u
        return [
            wrap(self._ability(column, traveller, side), room, self.sizes.text)
            for column, traveller in enumerate(seen.view["travellers"])
        ]

    def colour(self, player: int) -> str:
        if player < len(self.colours):
            return self.colours[player]
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    # --- the still part -----------------------------------------------------------------------
    def draw_still(self, seen: Seen) -> Still:
        side = self.side(seen)
        travellers = seen.view["travellers"]
        open_slots = seen.view["gazette"]["slots_open"]
        size, u = self.sizes.text, self.u
        parts, nodes = [], set()
        tops = self.rows(seen)
        abilities = self._abilities(seen)
        for column in range(self.columns):
            if column < len(travellers):
                parts.append(self._header(column, travellers[column], side, abilities[column]))
            else:
                parts.append(self._empty_header(column))
        for rnd in range(self.rounds):
            roman = ROMAN[rnd]
            baseline = tops[rnd] + 4 * u + ASCENT * self.sizes.place
            parts.append(text(self.pad, baseline, f"Round {roman}", size, bold=True))
            for column in range(self.columns):
                traveller = travellers[column] if column < len(travellers) else None
                name = traveller["name"] if traveller else f"portrait {column + 1}"
                node = f"round {roman}, {name}"
                nodes.add(node)
                parts.append(self._round_cell(node, tops, rnd, column, side, open_slots))
        bottom = tops[-1]
        if side is None:
            words = "The Gazette side and the Famous Travellers are drawn at setup."
            parts.append(text(self.pad, bottom + 4 * u + ASCENT * size, words, size, fill=MUTED))
            bottom += 4 * u + size
        items = self._legend_items(len(seen.view["players"]))
        drawn, height = legend(items, self.pad, bottom + 4 * u, WIDTH - 2 * self.pad, self.sizes)
        parts.append(drawn)
        return self.still_part(bottom + 4 * u + height + 4 * u, parts, frozenset(nodes))

    def _header(
        self, column: int, traveller: dict[str, Any], side: Side | None, lines: list[str]
    ) -> str:
        """A portrait: the traveller's name and ability (in `lines`)."""
        u, size, place = self.u, self.sizes.text, self.sizes.place
        x, y = self.x(column) + 6 * u, self.top + 4 * u + ASCENT * place
        ability = self._ability(column, traveller, side)
        below = y + DESCENT * place + 4 * u + ASCENT * size
        return (
            f"<g><title>{_e(traveller['name'])}: {_e(ability)}</title>"
            + text(x, y, traveller["name"], place, bold=True)
            + "".join(
                text(x, below + i * self.line, line, size, fill=MUTED)
                for i, line in enumerate(lines)
            )
            + "</g>"
        )

    def _empty_header(self, column: int) -> str:
        """A portrait before setup draws its traveller."""
        x, y = self.x(column) + 6 * self.u, self.top + 4 * self.u + ASCENT * self.sizes.place
        words = f"portrait {column + 1}: not drawn yet"
        return text(x, y, words, self.sizes.text, fill=MUTED)

    def _round_cell(
        self, node: str, tops: list[float], rnd: int, column: int, side: Side | None, opened: int
    ) -> str:
        """A round's cell of a portrait: its city and its slots (`opened`: how many are open)."""
        u, place = self.u, self.sizes.place
        x, y = self.x(column), tops[rnd]
        w, h = self.column_width - 4 * u, tops[rnd + 1] - y - 4 * u
        baseline = y + 4 * u + ASCENT * place
        if side is None:
            return cell(node, node, x, y, w, h, "#fff") + text(
                x + 8 * u, baseline, "?", self.sizes.text, fill=MUTED
            )
        col = side.columns[column]
        city = col.cities[rnd]
        parts = ['<g pointer-events="none">', text(x + 8 * u, baseline, city, place, bold=True)]
        for slot, reward in enumerate(col.rewards[rnd]):
            centre = self.slot_centre(tops, side, rnd, column, slot)
            parts.append(self._slot(centre, reward, side.slot_players[slot], slot < opened))
        parts.append("</g>")
        return cell(node, f"{node}: in {city}", x, y, w, h, "#fff") + "".join(parts)

    def _slot(self, centre: tuple[float, float], reward: Effect, opens: int, is_open: bool) -> str:
        """An empty slot: its frame, from how many players it opens, and its reward; a slot the
        player count leaves covered is greyed out."""
        (x, y), size = centre, self.sizes.text
        left = x + self.token[0] / 2 + 6 * self.u
        ink = "" if is_open else MUTED  # the picture's ink, or grey
        lines = "".join(
            text(left, y + MIDDLE * size + i * self.line, line, size, fill=ink)
            for i, line in enumerate(self._reward_lines(reward))
        )
        return glyph(self._frame(is_open, f"{opens}+"), x, y, "slot") + lines

    def _legend_items(self, players: int) -> list[Item]:
        rules = self.content.rules
        kinds = dict.fromkeys(rules.experience_names[kind] for kind in rules.experience_tokens)
        w, h = self.token
        items = [Item("", 0, 0, "Experience tokens, by their letter, with the player's number:")]
        items += [
            Item(self._token(self.colour(0), f"{self.letters[name]}0"), w, h, name)
            for name in kinds
        ]
        items.append(Item(self._frame(True, "3+"), w, h, "an empty slot, open from 3 players"))
        plural = "s" if players != 1 else ""
        items.append(Item(self._frame(False), w, h, f"covered with {players} player{plural}"))
        r = 0.8 * self.sizes.text
        items += [
            Item(
                shape("pawn", self.colour(p), r, str(p), self.sizes.text),
                2 * r,
                2 * r,
                f"player {p}{you(self.seat, p)}",
            )
            for p in range(players)
        ]
        return items

    # --- the moving part ----------------------------------------------------------------------
    def highlight(self, seen: Seen) -> str:
        """The current round's row, framed (until the game is over)."""
        roman = seen.view.get("round")
        if roman is None or seen.state.is_terminal:
            return ""
        u, size = self.u, self.sizes.text
        rnd = ROMAN.index(roman)
        tops = self.rows(seen)
        y, x1 = tops[rnd] - 2 * u, self.x(self.columns) - 2 * u
        baseline = tops[rnd] + 4 * u + self.sizes.place + 4 * u + ASCENT * size
        return (
            f'<rect x="{_n(self.pad - 4 * u)}" y="{_n(y)}" width="{_n(x1 - self.pad + 6 * u)}" '
            f'height="{_n(tops[rnd + 1] - tops[rnd])}" fill="none" stroke="{HIGHLIGHT}" '
            f'stroke-width="{_n(2.5 * u)}" rx="3"><title>the Round marker: round {roman}'
            "</title></rect>" + text(self.pad, baseline, "now", size, bold=True, fill=HIGHLIGHT)
        )

    def pieces(self, seen: Seen) -> str:
        """The Experience tokens in their slots."""
        parts = [self.status(seen)]
        side, tops = self.side(seen), self.rows(seen)
        for column, gazette in enumerate(seen.view["gazette"]["columns"]):
            for token in gazette["tokens"]:
                rnd, slot, p = ROMAN.index(token["round"]), token["slot"] - 1, token["player"]
                assert side is not None  # a token lies on a drawn Gazette
                x, y = self.slot_centre(tops, side, rnd, column, slot)
                what = (
                    f"player {p}: {token['token']} with {gazette['traveller']} in round "
                    f"{token['round']}, slot {token['slot']}"
                )
                drawn = self._token(self.colour(p), self.letters[token["token"]] + str(p))
                parts.append(
                    f'<g class="token" transform="translate({_n(x)} {_n(y)})"><title>'
                    f"{_e(what)}</title>{drawn}</g>"
                )
        return "".join(parts)

    def _frame(self, is_open: bool, label: str = "") -> str:
        """An empty slot around the origin: a dashed frame where it is open, grey where covered,
        with from how many players it opens."""
        w, h = self.token
        style = (
            'fill="#fff" stroke="#888" stroke-dasharray="2 2"'
            if is_open
            else f'fill="{COVERED}" stroke="#bbb"'
        )
        # two characters with room around them, at the picture's size and ink (or grey), written
        # short as the pieces' labels are: the Gazette has 45 slots
        ink = "" if is_open else f' fill="{MUTED}"'
        y = _n(MIDDLE * self.sizes.text)
        words = f'<text y="{y}" text-anchor="middle"{ink}>{_e(label)}</text>'
        return (
            f'<rect x="{_n(-w / 2)}" y="{_n(-h / 2)}" width="{_n(w)}" height="{_n(h)}" rx="2" '
            f"{style}/>{words if label else ''}"
        )

    def _token(self, colour: str, label: str) -> str:
        """An Experience token around the origin: the player's colour, the type's letter and
        the seat."""
        w, h = self.token
        return (
            f'<rect x="{_n(-w / 2)}" y="{_n(-h / 2)}" width="{_n(w)}" height="{_n(h)}" rx="2" '
            f'fill="{colour}" stroke="#222"/>' + on_piece(label, self.sizes.text, colour)
        )


def _initial(name: str) -> str:
    """A token's letter: its name's first word that is not an article ("A Night to
    Remember": N)."""
    words = [w for w in name.split() if w.lower() not in ("a", "an", "the")]
    return (words or [name])[0][:1].upper()
