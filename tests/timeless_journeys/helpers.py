"""Fixed positions for scenario tests: every chance draw takes its first outcome, so the setup is
known (favours FT01, FT07, FT02, FT08, FT03, FT09, FT04, FT10 in board order; Journals A1/B1 to
player 0, A2/B2 to player 1; the travellers in columns by id), then the test arranges the rest."""

from __future__ import annotations

import kit
from kit.core import CHANCE


def setup(
    players: int = 2,
    edition: str = "en",
    travellers=("montagu", "montesquieu", "shelley"),
    gazette: str = "A",
    **options,
):
    game = kit.load(
        "timeless_journeys",
        players=players,
        edition=edition,
        mode="chosen",
        travellers=list(travellers),
        gazette=gazette,
        seed=0,
        **options,
    )
    state = game.new_game()
    while state.current_player == CHANCE:
        state.apply(state.legal_actions()[0])
    return state


def refresh(state) -> None:
    """Recompute the question after a test has arranged the position by hand."""
    state._legal_cache = None
    state._advance()


def names(state) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def do(state, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def give(state, player: int = 0, *, loc=None, coins=None, hand=None, played=None, ideas=None):
    """Arrange a player's area and recompute the question."""
    if loc is not None:
        state.loc[player] = loc
    if coins is not None:
        state.coins[player] = coins
    if hand is not None:
        state.hand[player] = sorted(hand)
    if played is not None:
        state.played[player] = list(played)
    if ideas is not None:
        genres = state.content.rules.genres
        for g, genre in enumerate(genres):
            state.supply[g] += state.ideas[player][g] - ideas.get(genre, 0)
            state.ideas[player][g] = ideas.get(genre, 0)
    refresh(state)


def play_and_activate(state, card: str, player: int = 0) -> None:
    """Play `card` face up from hand and activate it (the first card of its category)."""
    if card not in state.hand[player]:
        state.hand[player] = sorted([*state.hand[player], card])
        refresh(state)
    do(state, f"play {card} face up", f"activate {card}")
