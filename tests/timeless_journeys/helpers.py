"""Positions for scenario tests, built as a user builds them: a game with its options, the
scenario builder fixing the setup draws that matter, then real actions.

`build()` is a solo game on Gazette side A with travellers whose abilities stay out of the way
(Mary Shelley, Lady Montagu, Montesquieu: in Torino, Roma and Genova in round I, Milano, Napoli
and Firenze in round II), Favour tile FT01 in Torino (left: 2 coins / right: an Art idea) and
FT07 in Milano (left: an Art or History idea / right: 2 coins and 1 VP), the Friend tiles of
Milano, Venezia and Roma with their left locals, Journals A1 and B1 (then A2 and B2, ...),
tiles 1 and 2 of Torino and of Milano (for as many players), and a market of 01 02 03 / 17 18
19 / 33 34 35 (as many of each level as the player count shows). Seat 0 is red: its Ideas card
gains Art; then blue (History), green (Science), yellow (Philosophy) and grey (2 coins)."""

from __future__ import annotations

import kit
from kit.timeless_journeys import setup

QUIET = ("shelley", "montagu", "montesquieu")
FIXED = {
    "side": "A",
    "favours": {"Torino": "FT01", "Milano": "FT07"},
    "friends": {"Milano": "left", "Venezia": "left", "Roma": "left"},
    "tiles": {"Torino": ["Torino-1", "Torino-2"], "Milano": ["Milano-1", "Milano-2"]},
    "journals": [["A1", "B1"], ["A2", "B2"], ["A3", "B3"], ["A4", "B4"], ["A5", "B5"]],
    "market": [["01", "02", "03"], ["17", "18", "19"], ["33", "34", "35"]],
}

# The Basic cards as labels name them.
MOVE, MOVE2, EXPLORE = "the Movement card", "the second Movement card", "the Exploration card"
TALK, LETTER = "the Conversation card", "the Letter card"
IDEAS, WRITE_CAFE = "the Ideas card", "the Journal and Café card"


def game(players: int = 1, edition: str = "en", travellers=QUIET, **options):
    return kit.load(
        "timeless_journeys",
        players=players,
        edition=edition,
        mode="chosen",
        travellers=list(travellers),
        seed=0,
        **options,
    )


def build(players=1, edition="en", travellers=QUIET, actions=(), options=None, **fixed):
    """A position: `FIXED` with `fixed` over it, then `actions` followed."""
    played = game(players, edition, travellers, **(options or {}))
    wishes = {**FIXED, **fixed}
    wishes["journals"] = wishes["journals"][:players]
    wishes["tiles"] = {city: ids[:players] for city, ids in wishes["tiles"].items()}
    shown = played.content.rules.market_display[players]
    wishes["market"] = [level[:shown] for level in wishes["market"]]
    return setup(played, travellers=travellers, actions=actions, **wishes)


def names(state) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def do(state, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def up(card: str) -> list[str]:
    """Play `card` face up and activate it (the first card of its category this round)."""
    return [f"play {card} face up", f"activate {card}"]


def coins(card: str) -> list[str]:
    """A turn that plays `card` face down for coins."""
    return [f"play {card} face down", "take 2 coins"]


def seat(state) -> int:
    return state.current_player
