"""The 12 Famous Travellers' abilities, one small function each, with the edition's numbers.

Abilities that trigger during the round are called from the action that triggers them (`addison`,
`montesquieu`, `craven`, `twain`, `keats_play`, `lebrun_explore`); Byron and Dickens add choices to
a turn (`turn_options`); end-of-round abilities run in the Famous Travellers phase, column by
column from the left (`END_OF_ROUND`)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from kit.timeless_journeys.actions import Choice, plural
from kit.timeless_journeys.content import Step


# --- during the round ---------------------------------------------------------------------------
def addison(state, player: int, city: str) -> None:
    """1 VP for a conversation, letter or exploration: English, while your marker is in his city;
    Japanese, when the action's city (the letter's destination, the explored city) is his."""
    where = state.city_of("addison")
    if where is None:
        return
    if state.edition.addison_trigger == "marker_in_city":
        city = state.loc[player]
    if city == where:
        state.vp[player] += 1


def montesquieu_bonus(state, city: str) -> int:
    """4 VP more for a café discussion held in his city, with the marker or a Letter marker."""
    return 4 if state.city_of("montesquieu") == city else 0


def craven_discount(state, city: str) -> int:
    """Café discussions in her city cost one Idea token less."""
    return 1 if state.city_of("craven") == city else 0


def twain(state, player: int) -> None:
    """2 VP for each Idea token gained while your marker is in his city."""
    if state.where.get("twain", "") == state.loc[player]:
        state.vp[player] += 2


def keats_play(state, player: int) -> None:
    """2 VP for playing an Advanced card in his city; every Advanced card played is counted."""
    state.advanced_played[player] += 1
    where = state.city_of("keats")
    if where is not None and state.loc[player] == where:
        state.vp[player] += 2


def lebrun_explore(state, player: int, city: str) -> None:
    """Exploring her city also offers a Painting the player does not have yet."""
    if state.city_of("lebrun") == city:
        state.push(("lebrun", player))


def lebrun_options(state, frame: tuple) -> list[Choice]:
    _, player = frame
    if state.edition.lebrun_display == "revealed":
        offer = sorted(set(state.revealed))
    else:
        offer = [name for name, count in sorted(state.painting_pile.items()) if count]
    found = [
        Choice(f"take the {name} painting", (_take_painting, player, name))
        for name in offer
        if name not in state.paintings[player]
    ]
    return found + [Choice("no painting", (_no_painting,))] if found else []


def _take_painting(state, player: int, name: str) -> None:
    if state.edition.lebrun_display == "revealed":
        state.revealed.remove(name)
    else:
        state.painting_pile[name] -= 1
    state.paintings[player].append(name)


def _no_painting(state) -> None:
    """Leave the paintings where they are."""


def lebrun_score(state, player: int) -> int:
    """VP for 1..5 different Paintings, by the edition's table."""
    count = len(set(state.paintings[player]))
    return state.edition.lebrun_values[count - 1] if count else 0


def turn_options(state, player: int, started: bool) -> list[Choice]:
    """Byron (before the card) and Dickens (any time in the turn) as choices of the turn; Dickens's
    discussion only when one there can be paid for, as the coins buy the action."""
    found = []
    byron_city = state.city_of("byron")
    if not started and byron_city and state.loc[player] != byron_city and state.coins[player] >= 3:
        found.append(
            Choice(f"Byron: pay 3 coins to go to {byron_city}", (_byron, player, byron_city))
        )
    dickens_city = state.city_of("dickens")
    edition = state.edition
    limit = edition.dickens_per_turn
    if (
        dickens_city
        and state.coins[player] >= edition.dickens_cost
        and (not limit or state.dickens_used < limit)
    ):
        from kit.timeless_journeys.effects import cafe_options  # effects imports this module

        cost = plural(edition.dickens_cost, "coin")
        steps = ["explore"]  # an exploration always has at least the city reward
        if cafe_options(state, player, dickens_city):
            steps.append("cafe")
        for step in steps:
            found.append(
                Choice(
                    f"Dickens: pay {cost} to {step} in {dickens_city}",
                    (_dickens, player, step, dickens_city, started),
                )
            )
    return found


def _byron(state, player: int, city: str) -> None:
    state.coins[player] -= 3
    state.loc[player] = city
    state.push(("turn", player, False))


def _dickens(state, player: int, step: str, city: str, started: bool) -> None:
    """Explore or discuss in his city as if there; then the turn goes on where it was."""
    state.coins[player] -= state.edition.dickens_cost
    state.dickens_used += 1
    state.push(("step", player, Step(step), (city, ())), ("turn", player, started))


# --- end of round, in the Famous Travellers phase ----------------------------------------------
def montagu(state, city: str) -> None:
    """Each player in her city chooses 2 Idea tokens or 3 VP."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.push(("montagu", player))


def montagu_options(state, frame: tuple) -> list[Choice]:
    _, player = frame
    genres = range(len(state.supply))
    found = [
        Choice(
            "Montagu: take " + " + ".join(state.content.genre(g).capitalize() for g in combo),
            (_montagu_ideas, player, combo),
        )
        for combo in combinations_with_replacement(genres, 2)
        if all(state.supply[g] >= combo.count(g) for g in combo)
    ]
    return [*found, Choice("Montagu: take 3 VP", (_montagu_vp, player))]


def _montagu_ideas(state, player: int, combo: tuple[int, ...]) -> None:
    for g in combo:
        state.gain_idea(player, g)


def _montagu_vp(state, player: int) -> None:
    state.vp[player] += 3


def goethe(state, city: str) -> None:
    """1 VP per coin held, at most 7: English, only in his city; Japanese, everyone."""
    for player in state.seats_from_first():
        if not state.edition.goethe_needs_city or state.loc[player] == city:
            state.vp[player] += min(state.coins[player], state.edition.goethe_max)


def keats(state, city: str) -> None:
    """In his city at the end of the round: 1 VP per Advanced card played this round."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.vp[player] += state.advanced_played[player]


def shelley(state, city: str) -> None:
    """In her city at the end of the round: 1 VP per Idea token written in your Journals."""
    for player in state.seats_from_first():
        if state.loc[player] == city:
            state.vp[player] += state.ideas_written(player)


def blessington(state, city: str) -> None:
    """Closest players (spaces along the paths) gain VP, farthest lose 2 VP (never below 0).
    A player who is both closest and farthest (everyone equally far) only gains."""
    distance = state.content.distance[city]
    far = [distance[state.loc[p]] for p in range(state.num_players)]
    for player in range(state.num_players):
        if far[player] == min(far):
            state.vp[player] += state.edition.blessington_closest
        elif far[player] == max(far):
            state.vp[player] = max(0, state.vp[player] + state.edition.blessington_farthest)


END_OF_ROUND = {
    "montagu": montagu,
    "goethe": goethe,
    "keats": keats,
    "shelley": shelley,
    "blessington": blessington,
}
