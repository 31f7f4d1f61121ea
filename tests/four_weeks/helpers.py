"""Building known positions of the four-week game by its own actions (chance chosen by name)."""

from __future__ import annotations

from kit.core import CHANCE
from kit.four_weeks import FourWeeks
from kit.four_weeks.state import ACTIVITY, EXTRAS, KEEP, REFRESH, TRAVEL

HANDS = (
    ("BRI1", "BRI2", "BRI3", "BRI4", "BRI5", "IBE1", "IBE2"),
    ("FRA1", "FRA2", "FRA3", "FRA4", "FRA5", "BEN1", "BEN2"),
    ("ALP1", "ALP2", "ALP3", "ALP4", "ALP5", "ITA1", "ITA2"),
    ("GER1", "GER2", "GER3", "GER4", "GER5", "SCA1", "SCA2"),
)


def deal(players: int = 2, hands=HANDS, festivals=("ITA", "GER"), seed: int = 0):
    """A new game whose Festivals and opening hands are the named chance outcomes."""
    state = FourWeeks(players=players, seed=seed).new_game()
    for code in festivals:
        state.apply(f"Festival drawn in {code}")
    for hand in hands[:players]:
        for card in hand:
            state.apply(f"draw {card}")
    assert state.current_player == 0
    return state


def give(state, player: int, coins=None, energy=None, excitement=None, locals=None) -> None:
    """Set a player's resources (a test shortcut to a position reached by earlier weeks)."""
    for index, amount in enumerate((coins, energy, excitement, locals)):
        if amount is not None:
            state.res[player][index] = amount
    state._legal_cache = None


def names(state) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def pass_turn(state) -> None:
    """Stay, skip the Activity and end the turn (placing the pawn in BRI first if needed)."""
    state.apply("start in BRI" if state.pos[state.player] < 0 else "stay")
    state.apply("skip the activity (lose a day)")
    end(state)


def end(state) -> None:
    """End the turn if it waits at the Extras step."""
    if state.phase == EXTRAS and state.current_player != CHANCE:
        state.apply("end turn")


def finish_week(state) -> None:
    """Every player skips the rest of the week; stops at the Festival refresh or the end."""
    week = state.week
    while state.week == week and not state.is_terminal and state.phase != REFRESH:
        if state.current_player == CHANCE:
            state.resolve_chance()
        elif state.phase == TRAVEL or state.phase == ACTIVITY:
            pass_turn(state)
        else:
            state.apply("end turn")


def keep_all(state) -> None:
    """Reveal the Festivals; every player keeps the hand (discarding down to seven first)."""
    state.resolve_chance()
    while state.phase == KEEP:
        if "keep hand" in names(state):
            state.apply("keep hand")
        else:
            state.apply(state.legal_actions()[0])
