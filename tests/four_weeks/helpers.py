"""Building known positions of the four-week game with its scenario builder and its actions."""

from __future__ import annotations

from collections.abc import Sequence

from kit.four_weeks import FourWeeks, FourWeeksState, load_content, setup

HANDS = (
    ("BRI1", "BRI2", "BRI3", "BRI4", "BRI5", "IBE1", "IBE2"),
    ("FRA1", "FRA2", "FRA3", "FRA4", "FRA5", "BEN1", "BEN2"),
    ("ALP1", "ALP2", "ALP3", "ALP4", "ALP5", "ITA1", "ITA2"),
    ("GER1", "GER2", "GER3", "GER4", "GER5", "SCA1", "SCA2"),
)
HANDS_P1 = ("FRA1", "FRA2", "FRA3", "FRA4", "FRA5", "POL1", "POL2")
# The Activity's labels with the built-in rules.
WRITE = "write: discard 3 cards and spend 1 day for 1 Income track step"
REST = "rest: discard 3 cards and spend 1 day for 2 Energy, 1 Excitement"
PLAN = "plan: discard 3 cards and spend 1 day for 3 cards drawn, 1 Insider Tip"
SKIP = "skip the Activity and lose 1 day"
END = "end the turn"
EFFECT_FIRST, BONUS_FIRST = "take the effect first", "take the weekday bonus first"


def deal(
    players: int = 2,
    hands: Sequence[Sequence[str]] = HANDS,
    festivals: Sequence[str] = ("ITA", "GER"),
    actions: Sequence[str] = (),
    seed: int = 0,
) -> FourWeeksState:
    """A new game whose Festivals and opening hands are the named ones, then `actions`."""
    game = FourWeeks(players=players, seed=seed)
    return setup(game, festivals=festivals, hands=hands[:players], actions=actions)


def apply_all(state: FourWeeksState, actions: Sequence[str]) -> None:
    """Apply the actions named, one by one (unlike `follow`, chance is not resolved after the
    last: a test can stop at a chance event)."""
    for action in actions:
        state.apply(action)


def names(state: FourWeeksState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def starting(state: FourWeeksState, prefix: str) -> list[str]:
    """The legal actions whose names start with `prefix`."""
    return [name for name in names(state) if name.startswith(prefix)]


def seen(state: FourWeeksState, player: int = 0) -> dict:
    """What `player` sees of their own area, and the shared view."""
    view = state.observation(player)
    return {**view, **view["players"][player]}


def card(card_id: str) -> str:
    """A card's title as labels show it: 'BRI1 (Borough Market)'."""
    return next(c.title for c in load_content().locations if c.id == card_id)


def pass_turn(state: FourWeeksState) -> None:
    """Stay, skip the Activity and end the turn (placing the pawn in BRI first if needed)."""
    view = seen(state, state.current_player)
    pawn = view["pawn"]
    state.apply("start in BRI for free" if pawn is None else f"stay in {pawn}")
    state.apply(SKIP)
    end(state)


def end(state: FourWeeksState) -> None:
    """End the turn if it waits at the Extras step."""
    if END in names(state):
        state.apply(END)


def finish_week(state: FourWeeksState) -> None:
    """Every player skips the rest of the week; stops at the week's end (or the game's)."""
    week = state.observation(0)["week"]
    while not state.is_terminal and state.observation(0)["week"] == week:
        view = state.observation(0)
        if view["step"] == "week's end":
            return
        if state.is_chance_node:
            state.resolve_chance()
        elif view["step"] in ("Travel", "Activity"):
            pass_turn(state)
        else:
            state.apply(END)


def keep_all(state: FourWeeksState) -> None:
    """Reveal the Festivals; every player keeps the hand (discarding down to seven first);
    the new week's cards are drawn."""
    state.resolve_chance()
    while state.observation(0)["step"] == "week's end":
        if "keep the hand" in names(state):
            state.apply("keep the hand")
        else:
            state.apply(state.legal_actions()[0])
    state.resolve_chance()


def discard_first(state: FourWeeksState, count: int) -> None:
    """Discard the first `count` cards offered (the hand's order: the deck's order of cards)."""
    for _ in range(count):
        state.apply(starting(state, "discard")[0])
