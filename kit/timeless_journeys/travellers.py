"""The 12 Famous Travellers' abilities, one small function each, with the edition's numbers.

Abilities that trigger during the round are called from the action that triggers them (`addison`,
`montesquieu_bonus`, `craven_discount`, `twain`, `keats_play`, `lebrun_explore`); Byron and
Dickens add choices to a turn (`turn_options`); end-of-round abilities run in the Famous
Travellers phase, column by column from the left (`END_OF_ROUND`, by the traveller's `rule`).
A traveller in play is found by its ability: `state.where` maps each ability to its city."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from kit.timeless_journeys.actions import Choice, Question, answer, coins, idea_list
from kit.timeless_journeys.content import Step
from kit.timeless_journeys.effects import StepQuestion, cafe_options

if TYPE_CHECKING:
    from kit.timeless_journeys.state import TimelessState

NO_PAINTING = answer("take no painting")
IN_TURN = frozenset({"byron", "dickens"})  # the abilities that add choices to a turn


def _name(state: TimelessState, rule: str) -> str:
    return state.content.by_rule[rule].name


# --- during the round ---------------------------------------------------------------------------
def addison(state: TimelessState, player: int, city: str) -> None:
    """VP for a conversation, letter or exploration: English, while your marker is in his city;
    Japanese, when the action's city (the letter's destination, the explored city) is his."""
    where = state.where.get("addison")
    if where is None:
        return
    if state.edition.addison_trigger == "marker_in_city":
        city = state.loc[player]
    if city == where:
        state.vp[player] += state.edition.addison_vp


def montesquieu_bonus(state: TimelessState, city: str) -> int:
    """VP more for a café discussion held in his city, with the marker or a Letter marker."""
    return state.edition.montesquieu_vp if state.where.get("montesquieu") == city else 0


def craven_discount(state: TimelessState, city: str) -> int:
    """Café discussions in her city cost Idea tokens less."""
    return state.edition.craven_discount if state.where.get("craven") == city else 0


def twain(state: TimelessState, player: int) -> None:
    """VP for each Idea token gained while your marker is in his city."""
    if state.where.get("twain", "") == state.loc[player]:
        state.vp[player] += state.edition.twain_vp


def keats_play(state: TimelessState, player: int) -> None:
    """VP for playing an Advanced card in his city; every Advanced card played is counted."""
    state.advanced_played[player] += 1
    where = state.where.get("keats")
    if where is not None and state.loc[player] == where:
        state.vp[player] += state.edition.keats_play_vp


def lebrun_explore(state: TimelessState, player: int, city: str) -> None:
    """Exploring her city also offers a Painting the player does not have yet."""
    if state.where.get("lebrun") == city:
        state.push(PaintingChoice(player))


@dataclass(frozen=True, slots=True)
class PaintingChoice(Question):
    """Vigée Le Brun: which Painting to take (English: one revealed; Japanese: any)."""

    player: int

    def question(self, state: TimelessState) -> str:
        return f"which Painting to take ({_name(state, 'lebrun')})"

    def choices(self, state: TimelessState) -> list[Choice]:
        if state.edition.lebrun_display == "revealed":
            offer = sorted(set(state.revealed))
        else:
            offer = [name for name, count in sorted(state.painting_pile.items()) if count]
        found = [
            Choice(f"take the {name} painting", "reward", None, _take_painting, (name,))
            for name in offer
            if name not in state.paintings[self.player]
        ]
        return [*found, NO_PAINTING] if found else []


def _take_painting(state: TimelessState, player: int, name: str) -> None:
    if state.edition.lebrun_display == "revealed":
        state.revealed.remove(name)
    else:
        state.painting_pile[name] -= 1
    state.paintings[player].append(name)


def lebrun_score(state: TimelessState, player: int) -> int:
    """VP for 1..5 different Paintings, by the edition's table."""
    count = len(set(state.paintings[player]))
    return state.edition.lebrun_values[count - 1] if count else 0


def turn_options(state: TimelessState, turn: Question, started: bool) -> list[Choice]:
    """Byron (before the card) and Dickens (any time in the turn) as choices of the `turn`,
    which goes on afterwards; Dickens's discussion only when one there can be paid for, as the
    coins buy the action."""
    where, player, edition = state.where, turn.player, state.edition
    found = []
    byron_city = where.get("byron")
    cost = edition.byron_cost
    if (
        not started
        and byron_city
        and state.loc[player] != byron_city
        and state.coins[player] >= cost
    ):
        found.append(
            Choice(
                f"pay {coins(cost)} to go to {byron_city} with {_name(state, 'byron')}",
                "move",
                byron_city,
                _byron,
                (byron_city, turn),
            )
        )
    dickens_city = where.get("dickens")
    limit = edition.dickens_per_turn
    if (
        dickens_city
        and state.coins[player] >= edition.dickens_cost
        and (not limit or state.dickens_used < limit)
    ):
        pay, name = coins(edition.dickens_cost), _name(state, "dickens")
        found.append(
            Choice(
                f"pay {pay} to explore in {dickens_city} with {name}",
                "explore",
                dickens_city,
                _dickens,
                ("explore", dickens_city, turn),
            )
        )  # an exploration always has at least the city reward
        if cafe_options(state, player, dickens_city):
            found.append(
                Choice(
                    f"pay {pay} to discuss in a café in {dickens_city} with {name}",
                    "cafe",
                    dickens_city,
                    _dickens,
                    ("cafe", dickens_city, turn),
                )
            )
    return found


def _byron(state: TimelessState, player: int, city: str, turn: Question) -> None:
    state.coins[player] -= state.edition.byron_cost
    state.loc[player] = city
    state.push(turn)


def _dickens(state: TimelessState, player: int, step: str, city: str, turn: Question) -> None:
    """Explore or discuss in his city as if there; then the turn goes on where it was."""
    state.coins[player] -= state.edition.dickens_cost
    state.dickens_used += 1
    state.push(StepQuestion(player, Step(step), (city, ())), turn)


# --- end of round, in the Famous Travellers phase ----------------------------------------------
def montagu(state: TimelessState, city: str) -> None:
    """Each player in her city chooses Idea tokens or VP."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.push(MontaguReward(player))


@dataclass(frozen=True, slots=True)
class MontaguReward(Question):
    """Lady Montagu at the end of the round: Idea tokens of your choice, or VP."""

    player: int

    def question(self, state: TimelessState) -> str:
        edition = state.edition
        return (
            f"which reward of {_name(state, 'montagu')} to take: {edition.montagu_ideas} ideas "
            f"or {edition.montagu_vp} VP"
        )

    def choices(self, state: TimelessState) -> list[Choice]:
        genres, edition = state.content.rules.genres, state.edition
        name = _name(state, "montagu")
        found = [
            Choice(f"gain {idea_list(genres, combo)} from {name}", "idea", None, _ideas, (combo,))
            for combo in combinations_with_replacement(range(len(genres)), edition.montagu_ideas)
            if all(state.supply[g] >= combo.count(g) for g in combo)
        ]
        found.append(
            Choice(f"score {edition.montagu_vp} VP from {name}", "reward", None, _montagu_vp)
        )
        return found


def _ideas(state: TimelessState, player: int, combo: tuple[int, ...]) -> None:
    for g in combo:
        state.gain_idea(player, g)


def _montagu_vp(state: TimelessState, player: int) -> None:
    state.vp[player] += state.edition.montagu_vp


def goethe(state: TimelessState, city: str) -> None:
    """1 VP per coin held, up to a maximum: English, only in his city; Japanese, everyone."""
    for player in state.seats_from_first():
        if not state.edition.goethe_needs_city or state.loc[player] == city:
            state.vp[player] += min(state.coins[player], state.edition.goethe_max)


def keats(state: TimelessState, city: str) -> None:
    """In his city at the end of the round: VP per Advanced card played this round."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.vp[player] += state.edition.keats_round_vp * state.advanced_played[player]


def shelley(state: TimelessState, city: str) -> None:
    """In her city at the end of the round: VP per Idea token written in your Journals."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.vp[player] += state.edition.shelley_vp * state.ideas_written(player)


def blessington(state: TimelessState, city: str) -> None:
    """Closest players (spaces along the paths) gain VP, farthest lose VP (never below 0).
    A player who is both closest and farthest (everyone equally far) only gains."""
    distance = state.content.distance[city]
    far = [distance[state.loc[p]] for p in range(state.num_players)]
    for player in range(state.num_players):
        if far[player] == min(far):
            state.vp[player] += state.edition.blessington_closest
        elif far[player] == max(far):
            state.vp[player] = max(0, state.vp[player] + state.edition.blessington_farthest)


END_OF_ROUND: dict[str, Callable[[TimelessState, str], None]] = {
    "montagu": montagu,
    "goethe": goethe,
    "keats": keats,
    "shelley": shelley,
    "blessington": blessington,
}
