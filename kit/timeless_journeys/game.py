"""The game object: options checked once, content and edition shared by every state."""

from __future__ import annotations

from typing import Any

import networkx as nx

from kit.core import Game, KitError, Option
from kit.core.options import (
    CONTENT,
    SEED,
    names,
    one_of,
    optional,
    players_option,
    text,
    whole_numbers,
)
from kit.games import GAMES
from kit.timeless_journeys.content import EDITIONS, PLAYERS, Content, load_content
from kit.timeless_journeys.state import TimelessState

MODES = ("intro", "random", "historical", "chosen")


class TimelessJourneys(Game):
    """Timeless Journeys: The Italian Grand Tour, for 1 to 5 players, English or Japanese rules.

    Options: `players` 1..5; `edition` "en" or "ja"; `mode` "intro" (Montesquieu, Lady Montagu,
    Mary Shelley), "random" (three drawn), "historical" (`travellers` names the set A-D, drawn if
    not given) or "chosen" (`travellers` lists three travellers, by id or by name: "goethe" or
    "Goethe"); `gazette` "A".."D" (drawn if not given); `without_seventh` seats playing without
    the second Movement card; `seed`; `content` a folder of data files in place of the built-in
    `seeds/timeless_journeys/`, checked the same way."""

    name = "timeless_journeys"
    title = GAMES[name].title  # the record in kit.games

    OPTIONS = (
        players_option(*PLAYERS),
        Option("edition", "en", "'en' or 'ja'", one_of(EDITIONS), choices=tuple(EDITIONS)),
        Option("mode", "intro", "how the travellers are chosen", one_of(MODES), choices=MODES),
        Option(
            "travellers",
            None,
            "a historical set (A-D) or three travellers (ids or names), separated by commas",
            optional(names),
        ),
        Option("gazette", None, "a Gazette side (A-D)", optional(text)),
        Option(
            "without_seventh",
            [],
            "seats playing without the second Movement card, separated by commas",
            whole_numbers,
        ),
        SEED,
        CONTENT,
    )

    def configure(self) -> None:
        options = self.options
        content = load_content(options["content"]) if options["content"] else load_content()
        players = options["players"]
        if options["gazette"] is not None and options["gazette"] not in content.sides:
            raise KitError(
                f"option 'gazette': expected one of {', '.join(content.sides)}, "
                f"got {options['gazette']!r}"
            )
        seats = options["without_seventh"]
        if any(not 0 <= s < players for s in seats) or len(set(seats)) != len(seats):
            raise KitError(
                f"option 'without_seventh': lists different seats 0..{players - 1}, got {seats!r}"
            )
        self.content: Content = content
        self.edition = content.editions[options["edition"]]
        self.chosen_travellers = _travellers(content, options["mode"], options["travellers"])

    def board(self) -> nx.Graph:
        return self.content.graph

    def new_game(self) -> TimelessState:
        return TimelessState(self)


def traveller_ids(content: Content, given: Any) -> tuple[str, ...]:
    """Travellers named by id or display name, as ids; an unknown one is a `KitError`."""
    found = [content.traveller(name) if isinstance(name, str) else None for name in given]
    unknown = [name for name, t in zip(given, found, strict=True) if t is None]
    if unknown:
        known = ", ".join(f"{t.id} ({t.name})" for t in content.travellers.values())
        raise KitError(f"unknown traveller(s) {', '.join(map(repr, unknown))}; known: {known}")
    return tuple(t.id for t in found if t is not None)


def _travellers(content: Content, mode: str, travellers: list[str] | None) -> tuple[str, ...]:
    """The travellers fixed by the options; the rest are drawn by chance at setup."""
    if mode == "intro":
        if travellers:
            raise KitError("mode 'intro' uses its own travellers; use mode 'chosen' to pick")
        return content.rules.intro_travellers
    if mode == "random":
        if travellers:
            raise KitError("mode 'random' draws the travellers; use mode 'chosen' to pick")
        return ()
    sets = sorted({t.set for t in content.travellers.values()})
    if mode == "historical":
        if not travellers:
            return ()
        if len(travellers) != 1 or travellers[0] not in sets:
            raise KitError(f"historical set must be one of {', '.join(sets)}, got {travellers!r}")
        return tuple(t.id for t in content.travellers.values() if t.set == travellers[0])
    chosen = traveller_ids(content, travellers or [])
    count = content.rules.travellers
    if len(chosen) != count or len(set(chosen)) != count:
        raise KitError(f"mode 'chosen' needs {count} different travellers, got {travellers!r}")
    return chosen
