"""Puzzles: one player's position and what the plan assumes about what cannot be known.

A puzzle is a position at the start of one of the player's actions (`Puzzle.from_state` takes
any position of a game, `standard_puzzle` deals the solo ones) plus the assumptions: how long
each Explore takes (`explore`: one of the die's results for all, or the results in order), the
last day the journey may end on (`days`, the Timeline's length by default), and, in a live game,
what the face-down tokens are worth. `puzzle.state()` is a fresh engine state at the puzzle's
start in which the player plays on alone, and `puzzle.replay(history)` plays a plan's action
names in it (`kit.solve.puzzle.Puzzle`, as every planner's puzzle). `OPTIONS` are the options of
the standard puzzles (the command's flags, the solver panel's controls)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kit.amazing_journey.content import Content, Token, Traveller
from kit.amazing_journey.game import AmazingJourney
from kit.amazing_journey.setup import setup
from kit.amazing_journey.state import JourneyState
from kit.amazing_journey.tables import Tables
from kit.core import KitError, ScoreSheet, limits
from kit.core.commands import count
from kit.core.errors import shown
from kit.core.options import SEED, Option, defaults, integer, text, whole_numbers
from kit.solve.plan import replay_history

Explores = int | Sequence[int]
"""The days of every Explore, or the die's results in order."""

DAYS_FACTOR = 10
"""A puzzle's last day is at most this many times the Timeline's length (`Puzzle.most_days`):
enough for any study of a longer journey, while the tables of every stage of the planner, which
grow with the days, stay within seconds."""


@dataclass(frozen=True, slots=True)
class HiddenRegion:
    """The face-down cities of one region whose backs show neither a symbol nor a curse mark,
    and the tokens the plan assumes there, least valuable first (`Puzzle.state` puts the first
    of them where the plan explores first)."""

    cities: tuple[int, ...]
    pool: tuple[int, ...]


@dataclass(frozen=True)
class Puzzle:
    """One player's position and the assumptions the plan is made under.

    `explore` is one duration for every Explore, or the die results in order (a plan then
    explores at most that many times). `days` is the last day the journey may end on (by
    default the Timeline's length: a journey that ends later is late)."""

    position: JourneyState = field(repr=False, compare=False)
    player: int = 0
    explore: Explores = (3,)
    days: int | None = None
    revealed: bool = True
    hidden: dict[str, HiddenRegion] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        state, p = self.position, self.player
        if state.is_terminal or state.finish[p] >= 0:
            raise KitError(f"player {p} has already ended the journey")
        if state.steps or state.current_player != p:
            raise KitError(
                f"plan from the start of an action of player {p} (a decision or chance is due)"
            )
        durations = {result.days for _, result, _ in state.tables.faces}
        explore = (self.explore,) if isinstance(self.explore, int) else tuple(self.explore)
        if not explore or any(d not in durations for d in explore):
            raise KitError(f"Explore durations must be among {sorted(durations)}, got {explore}")
        object.__setattr__(self, "explore", explore)
        if self.days is None:
            object.__setattr__(self, "days", state.tables.length)
        elif not limits.whole(self.days) or not 1 <= self.days <= self.most_days:
            raise KitError(
                f"the last day must be a whole number from 1 to {self.most_days} ({DAYS_FACTOR} "
                f"times the Timeline's {state.tables.length} days), not {shown(self.days)}"
            )
        object.__setattr__(self, "hidden", {} if self.revealed else _hidden(state, p))

    @classmethod
    def from_state(
        cls,
        state: JourneyState,
        player: int | None = None,
        explore: Explores = 3,
        days: int | None = None,
        revealed: bool = False,
    ) -> Puzzle:
        """The puzzle of `player` (the one to move by default) in a position of any game. The
        tokens on the map lie face down, as in play, unless `revealed` (a study of the position
        with every token shown)."""
        player = state.current_player if player is None else player
        return cls(state.clone(), player, explore, days, revealed)

    @property
    def most_days(self) -> int:
        """The latest last day a puzzle may have: `DAYS_FACTOR` times the Timeline's length
        (every stage's tables grow with the days, and a planner must keep its time limit)."""
        return DAYS_FACTOR * self.position.tables.length

    @property
    def durations(self) -> tuple[int, ...]:
        """`explore` as a tuple (one duration, or the die's results in order)."""
        return (self.explore,) if isinstance(self.explore, int) else tuple(self.explore)

    @property
    def limit(self) -> int:
        """The last day the journey may end on."""
        return self.position.tables.length if self.days is None else self.days

    @property
    def tables(self) -> Tables:
        return self.position.tables

    @property
    def content(self) -> Content:
        return self.position.tables.content

    @property
    def traveller(self) -> Traveller | None:
        return self.position.traveller_of(self.player)

    @property
    def hidden_cities(self) -> frozenset[int]:
        """Every face-down city whose token the plan only assumes."""
        return frozenset(c for region in self.hidden.values() for c in region.cities)

    def state(self, explored: Iterable[int] = ()) -> JourneyState:
        """A fresh engine state at the puzzle's start where the other travellers stand still
        (marked as ended), so that the player plays on alone as the rules let the last
        traveller do. With face-down tokens, each region's unmarked cities hold the tokens the
        plan assumes: the first of them in `explored` (cities in the plan's order) holds the
        least valuable token the region can still hold, the next one the next, the others the
        rest."""
        state = self.position.clone()
        for q in range(len(state.day)):
            if q != self.player and state.finish[q] < 0:
                state.finish[q] = state.day[q]
        order = list(dict.fromkeys(explored))
        for region in self.hidden.values():
            cities = [c for c in order if c in region.cities]
            cities += [c for c in region.cities if c not in cities]
            for city, token in zip(cities, region.pool, strict=True):
                state.city_token[city] = token
        return state

    def before(self, history: Sequence[str]) -> JourneyState:
        """The fresh state a plan's `history` is played from: `state()` with the face-down
        tokens the plan assumes in the cities it explores, in its order."""
        cities = {str(action): action.city for action in self.tables.actions.explore}
        return self.state([cities[name] for name in history if name in cities])

    def replay(self, history: Sequence[str]) -> JourneyState:
        """The engine state after a plan's `history` (action names, `Plan.history`), played
        from `state()` with the face-down tokens the plan assumed where it explores them.
        Raises `PlanError` naming the action the engine refuses."""
        return replay_history(self.before(history), history)

    def greedy_sheet(self) -> ScoreSheet:
        """The greedy bot's score sheet, every Explore taking the assumed days."""
        from kit.solve.amazing_journey.baseline import greedy_game  # it plays puzzles

        return greedy_game(self).final.scores()[self.player]

    def assumptions(self) -> tuple[str, ...]:
        """The assumptions in words, printed with every plan."""
        explore = self.durations
        if len(explore) == 1:
            dice = f"every Explore takes {explore[0]} days"
        else:
            dice = "the die shows " + ", ".join(map(str, explore)) + " days in order"
        return (
            dice,
            f"the journey ends by day {self.limit}",
            "Tickets drawn during the game are of unknown type (spent only as any "
            f"{self.tables.rules.wildcard_cost} Tickets or as the die's discard)",
            "only the Objectives in hand are planned; they are never redrawn",
            "the tokens on the map are known face up"
            if self.revealed
            else "a face-down token with a symbol or a curse mark on its back is the one that "
            "back names; an unmarked one is worth what its region can still hold, least "
            "valuable first (Experiences, then Souvenirs by value), and its Tickets are not "
            "counted on",
        )


def _worth(token: Token) -> tuple[int, int]:
    """The order "least valuable first" of face-down tokens: Experiences (one point alone),
    then Souvenirs by value."""
    return (0 if token.souvenir is None else token.souvenir, token.index)


def _hidden(state: JourneyState, player: int) -> dict[str, HiddenRegion]:
    """Per region, the face-down cities whose back shows neither a symbol nor a curse mark, and
    the tokens they are assumed to hold, least valuable first. A back with a symbol names its
    token (one per symbol and region), so does a curse mark (one per region). The candidates
    are the region's unmarked tokens the player does not know to be off the map: not on their
    own Travel board, nor of an Experience type another player took from the region unmarked;
    another player's unmarked Souvenirs are face down, so the candidates keep them and the
    least valuable ones are kept in the pool (the most valuable assumed taken)."""
    tokens = state.tables.content.tokens
    cities: dict[str, list[int]] = {}
    for city, token in enumerate(state.city_token):
        info = tokens[token] if token >= 0 else None
        if info is not None and info.symbol is None and not info.cursed:
            cities.setdefault(info.region, []).append(city)
    gone = set(state.experiences[player] + state.souvenirs[player])
    taken: list[tuple[str, str | None]] = []
    for q in range(len(state.day)):
        if q != player:
            taken += [
                (tokens[t].region, tokens[t].experience)
                for t in state.experiences[q]
                if tokens[t].symbol is None
            ]
    hidden: dict[str, HiddenRegion] = {}
    for region, places in cities.items():
        candidates = [
            t.index
            for t in tokens
            if t.region == region and t.symbol is None and not t.cursed and t.index not in gone
        ]
        for kind in (k for r, k in taken if r == region):
            match = [t for t in candidates if tokens[t].experience == kind]
            if match:
                candidates.remove(match[0])
        pool = sorted(candidates, key=lambda t: _worth(tokens[t]))[: len(places)]
        hidden[region] = HiddenRegion(tuple(places), tuple(pool))
    return hidden


def _explore_days(given: str) -> tuple[int, ...]:
    """The days of every Explore as typed: "3", or the die's results in order, "3,2,4"."""
    try:
        return tuple(int(part) for part in given.replace(",", " ").split())
    except ValueError:
        raise KitError(f"expected days separated by commas, got {given!r}") from None


OPTIONS = (
    replace({option.name: option for option in AmazingJourney.OPTIONS}["side"], label="side"),
    Option("traveller", "Paulo", "the Traveller, by name", text, label="Traveller"),
    Option(
        "explore",
        (3,),
        "days of every Explore (2, 3 or 4), or the die results in order: 3,2,4,...",
        whole_numbers,
        _explore_days,
        flag="--explore-days",
        label="explore days",
    ),
    Option(
        "days",
        None,
        "the last day (default: the Timeline's length)",
        integer(1),
        count,
        label="day limit",
    ),
    replace(SEED, default=1, help="the setup of the solo game", label="seed"),
    Option("board", None, "a folder of board files (default: reference)", text),
)
"""The options of a standard puzzle (`standard_puzzle`'s arguments but `fixed`)."""

DEFAULT = defaults(OPTIONS)


def standard_puzzle(
    side: str = DEFAULT["side"],
    traveller: str = DEFAULT["traveller"],
    explore: Explores = DEFAULT["explore"],
    seed: int = DEFAULT["seed"],
    days: int | None = DEFAULT["days"],
    board: str | None = DEFAULT["board"],
    **fixed: Any,
) -> Puzzle:
    """A solo puzzle: a one-player game set up by `seed` on `side` with `traveller` (tokens,
    removed symbols, starting Ticket and Objectives as the seed deals them, or as `fixed` gives
    them: `placement`, `tickets`, `objectives` as for `kit.amazing_journey.setup`). `board` is
    a folder of content files in the format of `seeds/amazing_journey/` (default: the reference
    board)."""
    game = AmazingJourney(
        players=1,
        seed=seed,
        side=side,
        travellers=[traveller],
        content=None if board is None else str(board),
    )
    return Puzzle(setup(game, **fixed), 0, explore, days)
