"""The scenario builder: a known position of the four-week game, reached by its own actions.

    state = setup(game, festivals=["ITA", "GER"], hands=[["BRI1", "BRI2"], ["FRA5"]],
                  actions=["start in BRI for free", "visit BRI1 (Borough Market)"])

The setup's chance outcomes (the week-1 Festivals, each opening hand) can be fixed by name; what
is not named is the seed's pick among the outcomes left, so a card named for a later hand is never
dealt to an earlier one. Then `actions` are played by name (`state.follow`): a later chance
outcome is fixed by naming it among them ("player 0 draws IBE3 (Alhambra)"), the others are the
seed's. Every outcome is an ordinary action of the history; those chosen by hand are recorded in
`state.fixed`, so the position undoes, saves and loads like any other. Tests and lessons build
their positions here rather than by writing the state's fields."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kit.core import IllegalAction, KitError
from kit.core.options import name_list, name_lists
from kit.four_weeks.actions import Draw, FourWeeksAction, Reveal
from kit.four_weeks.content import Content
from kit.four_weeks.game import FourWeeks
from kit.four_weeks.state import FourWeeksState


def setup(
    game: FourWeeks,
    *,
    festivals: Sequence[str] = (),
    hands: Sequence[Sequence[str]] = (),
    actions: Iterable[FourWeeksAction | str] = (),
) -> FourWeeksState:
    """A new game of `game` whose setup reveals `festivals` first (region codes or Festival
    names, at most the week's display) and deals `hands` (card ids, from player 0; a short hand
    or a missing one is completed by the seed), then plays `actions` (names or actions).

    A name that is not of this content, a card named twice or a hand longer than the hand size
    raises `KitError`; an action the rules refuse raises `IllegalAction` naming it."""
    content = game.content
    revealed = _festivals(content, name_list(festivals, "festivals"))
    dealt = _hands(game, name_lists(hands, "hands"))
    reserved = set(revealed) | {card for hand in dealt for card in hand}
    state = game.new_game()
    while state.is_chance_node and state.week == 0 and max(state.pos) < 0:
        outcomes = state.legal_actions()
        first = outcomes[0]
        wanted = revealed if isinstance(first, Reveal) else dealt[_drawer(first)]
        if wanted:
            pick = next(a for a in outcomes if _index(a) == wanted[0])
            wanted.pop(0)
        else:
            free = [a for a in outcomes if _index(a) not in reserved]
            try:
                pick = state.seeded_outcome(among=free)
            except IllegalAction:
                raise KitError("the setup names every card left, none is left to deal") from None
        reserved.discard(_index(pick))
        state.apply(pick)
    state.follow(actions)
    return state


def _index(outcome: object) -> int:
    if isinstance(outcome, Draw):
        return outcome.card
    assert isinstance(outcome, Reveal)
    return -1 - outcome.festival  # Festivals apart from cards in the reserved set


def _drawer(outcome: object) -> int:
    assert isinstance(outcome, Draw)
    return outcome.player


def _festivals(content: Content, wanted: Sequence[str]) -> list[int]:
    """The Festival cards named (by name, or by region: that region's first one left), as they
    appear in the reserved set (`_index`)."""
    per_week = content.rules.festivals_per_week
    if len(wanted) > per_week:
        raise KitError(f"festivals: the display holds {per_week}, {len(wanted)} are named")
    chosen: list[int] = []
    for name in wanted:
        found = [
            f.index
            for f in content.festivals
            if (name in (f.name, content.regions[f.region].code)) and -1 - f.index not in chosen
        ]
        if not found:
            codes = [r.code for r in content.regions]
            known = ", ".join(f"{f.name} ({codes[f.region]})" for f in content.festivals)
            raise KitError(f"festivals: no Festival {name!r} is left; the Festivals are {known}")
        chosen.append(-1 - found[0])
    return chosen


def _hands(game: FourWeeks, hands: Sequence[Sequence[str]]) -> list[list[int]]:
    content, size = game.content, game.content.rules.hand_size
    if isinstance(hands, str) or len(hands) > game.num_players:
        raise KitError(f"hands: expected at most {game.num_players} hands, one per player")
    ids = {card.id: card.index for card in content.locations}
    dealt: list[list[int]] = [[] for _ in range(game.num_players)]
    seen: set[str] = set()
    for player, hand in enumerate(hands):
        if isinstance(hand, str) or len(hand) > size:
            raise KitError(f"hands[{player}]: expected a list of at most {size} card ids")
        for card in hand:
            if card not in ids:
                raise KitError(f"hands[{player}]: no Location card {card!r} (ids as BRI1)")
            if card in seen:
                raise KitError(f"hands[{player}]: {card} is named twice")
            seen.add(card)
            dealt[player].append(ids[card])
    return dealt
