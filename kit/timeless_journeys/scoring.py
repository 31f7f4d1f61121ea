"""Final scoring: the score sheet of areas A-D on top of the VP won during the game.

A. Exploration tiles by count; B. each Travel Journal by its filled slots; C. the VP printed on the
Advanced cards in hand, each by its own condition if it has one (`CONDITIONS`, one small function
per condition, each counting what the card's VP are multiplied by); D. Elective Affinities, then
the majorities of every traveller's column (5/3/1, a Night to Remember counting twice, ties to the
higher token). Le Brun's Paintings score on their own line. The tie-break is the marker furthest
south."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING

from kit.core import ScoreLine, ScoreSheet
from kit.core.words import plural
from kit.timeless_journeys.content import Card, Condition
from kit.timeless_journeys.effects import TILE_SLOT
from kit.timeless_journeys.travellers import lebrun_score

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState


def exploration(state: TimelessState, player: int) -> int:
    table = state.content.rules.exploration_scores
    return table[min(len(state.tiles[player]), len(table) - 1)]


def filled(slots: list[int | str]) -> int:
    """Filled slots of one Journal: Idea slots hold 1, the city and friend slots a name (a bot
    counts them at every position it judges: the count is left to `map`)."""
    return sum(map(bool, slots))


def journals(state: TimelessState, player: int) -> int:
    table = state.content.journal_scores
    return sum(table[filled(slots)] for slots in state.written[player])


def cards_held(state: TimelessState, player: int) -> list[Card]:
    """The Advanced cards in hand (and, before the end, those played this round, which come
    back to the hand before the final scoring)."""
    advanced = state.content.advanced
    ids = state.hand[player] + [c for c, _ in state.played[player]]
    return [advanced[c] for c in ids if c in advanced]


def times_met(state: TimelessState, player: int, condition: Condition) -> int:
    """How many times a card's special condition is met: once for every `per` units counted."""
    return CONDITIONS[condition.name](state, player, condition) // condition.per


def card_vp(state: TimelessState, player: int, card: Card) -> int:
    """The VP printed on a card, times the times its special condition is met if it has one."""
    if card.vp_for is None:
        return card.vp
    return card.vp * times_met(state, player, card.vp_for)


def advanced_cards(state: TimelessState, player: int) -> int:
    """C: the VP of the Advanced cards held (as `cards_held` finds them), each by its own
    condition if any (a bot judges positions by it: a loop without lists of cards, where most
    cards have no condition)."""
    advanced, total = state.content.advanced, 0
    for card_id in chain(state.hand[player], map(itemgetter(0), state.played[player])):
        card = advanced.get(card_id)
        if card is not None:
            total += card.vp if card.vp_for is None else card_vp(state, player, card)
    return total


def _advanced_detail(state: TimelessState, player: int) -> str:
    """The cards held, and what each special condition counted: "3 cards; card 47: 2 x 2 VP"."""
    held = cards_held(state, player)
    parts = [plural(len(held), "card")]
    for card in held:
        if card.vp_for is not None:
            parts.append(f"{card.name}: {times_met(state, player, card.vp_for)} x {card.vp} VP")
    return "; ".join(parts)


# --- the special conditions of Advanced cards' VP (cards 47-59) -----------------------------
def friends(state: TimelessState, player: int, condition: Condition) -> int:
    """Friend tiles the player has taken, written in a Journal or not (the Friend icon)."""
    return len(state.friends[player])


def letters(state: TimelessState, player: int, condition: Condition) -> int:
    """The player's Letter markers on the board (the Letter marker icon)."""
    return state.content.rules.letter_markers - state.letters_left(player)


def tiles(state: TimelessState, player: int, condition: Condition) -> int:
    """Exploration tiles collected, those in Journals included, as final scoring A counts them."""
    return len(state.tiles[player])


def cafes(state: TimelessState, player: int, condition: Condition) -> int:
    """The player's Café markers placed in discussions (the Café marker icon)."""
    return state.content.rules.cafe_markers - state.cafe_markers_left(player)


def genres(state: TimelessState, player: int, condition: Condition) -> int:
    """Different genres among the player's Idea tokens not written in a Journal (the Idea and
    Different icons)."""
    return sum(1 for held in state.ideas[player] if held)


def ideas_written(state: TimelessState, player: int, condition: Condition) -> int:
    """Idea tokens written in the player's Journals."""
    return state.ideas_written(player)


def journal_cities(state: TimelessState, player: int, condition: Condition) -> int:
    """Journals whose city slot holds an Exploration tile (the City icon: "1 specific city
    explored")."""
    return sum(1 for slots in state.written[player] if slots[TILE_SLOT])


def experience(state: TimelessState, player: int, condition: Condition) -> int:
    """The player's Experience tokens placed on the Gazette (the Experience icon)."""
    return len(state.content.rules.experience_tokens) - len(state.exp[player])


def hand_advanced(state: TimelessState, player: int, condition: Condition) -> int:
    """Advanced cards held at the end, this one included (the Advanced Card icon)."""
    return len(cards_held(state, player))


def hand_categories(state: TimelessState, player: int, condition: Condition) -> int:
    """Different categories among the Advanced cards held at the end, this one's included (the
    Category and Different icons)."""
    return len({card.category for card in cards_held(state, player)})


def coins(state: TimelessState, player: int, condition: Condition) -> int:
    """Coins held at the end (the coin icon)."""
    return state.coins[player]


def city(state: TimelessState, player: int, condition: Condition) -> int:
    """1 if the player's marker ends the game in one of the cities printed (the City icon)."""
    return int(state.loc[player] in condition.places)


CONDITIONS: dict[str, Callable[[TimelessState, int, Condition], int]] = {
    "friends": friends,
    "letters": letters,
    "tiles": tiles,
    "cafes": cafes,
    "genres": genres,
    "ideas_written": ideas_written,
    "journal_cities": journal_cities,
    "experience": experience,
    "hand_advanced": hand_advanced,
    "hand_categories": hand_categories,
    "coins": coins,
    "city": city,
}

BY_HAND = frozenset({"hand_advanced", "hand_categories"})
"""The conditions that count the other cards held: a card without one is worth the same VP
whichever cards are kept with it."""


def affinities(state: TimelessState, player: int) -> int:
    """VP per Elective Affinities token placed, or the together VP if all of a player's
    tokens (both, in the rulebook) are in one column."""
    rules = state.content.rules
    columns = [
        column
        for column, tokens in enumerate(state.gazette)
        for _, _, p, kind in tokens
        if p == player and kind == "affinity"
    ]
    every = rules.experience_tokens.count("affinity")
    if len(columns) == every > 1 and len(set(columns)) == 1:
        return rules.affinity_together
    return rules.affinity_each * len(columns)


def majorities(state: TimelessState) -> list[int]:
    """Majority VP of every player over all columns."""
    rules = state.content.rules
    players = state.num_players
    places = rules.majority_places_by_players[players]
    points = [0] * players
    for tokens in state.gazette:
        weight = [0] * players
        height = [(99, 99)] * players
        for rnd, slot, p, kind in tokens:
            weight[p] += rules.night_weight if kind == "night" else 1
            height[p] = min(height[p], (rnd, slot))
        ranked = sorted(
            (p for p in range(players) if weight[p]), key=lambda p: (-weight[p], height[p])
        )
        for place, p in enumerate(ranked[:places]):
            points[p] += rules.majority_points[place]
    return points


def total(state: TimelessState, player: int) -> int:
    """The score sheet's total, without its words: a search scores millions of final
    positions (the cards played this round counted in hand, as before the final scoring)."""
    return (
        state.vp[player] + exploration(state, player) + journals(state, player)
        + advanced_cards(state, player) + affinities(state, player)
        + majorities(state)[player] + lebrun_score(state, player)
    )  # fmt: skip


def score_sheets(state: TimelessState) -> list[ScoreSheet]:
    majority = majorities(state)
    sheets = []
    for p in range(state.num_players):
        where = state.loc[p]
        lines = (
            ScoreLine("in-game VP", state.vp[p], "cafés, favours, travellers, rewards"),
            ScoreLine(
                "A. Exploration tiles", exploration(state, p), f"{len(state.tiles[p])} tiles"
            ),
            ScoreLine(
                "B. Travel Journals",
                journals(state, p),
                ", ".join(f"{filled(s)} filled" for s in state.written[p]),
            ),
            ScoreLine("C. Advanced cards", advanced_cards(state, p), _advanced_detail(state, p)),
            ScoreLine("D. Elective Affinities", affinities(state, p)),
            ScoreLine("D. Majorities", majority[p]),
            ScoreLine(
                "Le Brun paintings",
                lebrun_score(state, p),
                f"{len(set(state.paintings[p]))} different",
            ),
        )
        south = state.content.south[where]
        sheets.append(
            ScoreSheet(p, f"player {p}", lines, (south,), f"marker in {where} (south rank {south})")
        )
    return sheets
