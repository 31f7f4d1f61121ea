"""Puzzles: a solo game of the four-week Europe game with all of its chance fixed in advance.

A puzzle is the position after the setup (the week-1 Festivals revealed, the opening hand dealt,
the pawn not placed yet) plus the order in which the rest of the Location deck will be drawn and
the Festivals that the week's-end refreshes will reveal. With chance fixed, a plan is a sequence
of the player's own choices that the engine can check step by step: `puzzle.state()` is a fresh
engine state at the start, `puzzle.play(state, action)` plays one of the player's actions and
then the chance events it leads to in the puzzle's order, and `puzzle.replay(history)` plays a
plan's whole history (chance outcomes included) and raises `PlanError` on any refusal.

`standard_puzzle(seed)` deals one (the hand, the Festivals and the deck's order as the seed
picks them, or as given); `STANDARD_SEEDS` are the ten deals the benchmark and the tests use."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from kit.core import CHANCE, KitError
from kit.four_weeks.actions import Draw, FourWeeksAction, Reveal
from kit.four_weeks.content import Content
from kit.four_weeks.game import FourWeeks
from kit.four_weeks.setup import setup
from kit.four_weeks.state import TRAVEL, FourWeeksState
from kit.solve.plan import replay_history

STANDARD_SEEDS = tuple(range(1, 11))
"""The ten deals of the standard puzzles (`standard_puzzle(seed)` for each)."""


@dataclass(frozen=True)
class Puzzle:
    """A solo game at its first Travel step, and its chance in advance: `deck` the cards left
    in the Location deck in the order they will be drawn, `festivals` the Festivals revealed for
    each week (week 1's are on the display already). `claims` are regions whose Bucket List
    the plan must claim (a goal that can make a puzzle impossible)."""

    position: FourWeeksState = field(repr=False, compare=False)
    deck: tuple[int, ...]
    festivals: tuple[tuple[int, ...], ...]
    seed: int = 0
    claims: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        state, rules = self.position, self.position.game.content.rules
        if state.game.num_players != 1:
            raise KitError("a puzzle is a solo game: players=1")
        if state.week or state.step != TRAVEL or state.pos[0] >= 0 or state.is_chance_node:
            raise KitError("a puzzle starts at the first Travel step, before the pawn is placed")
        if sorted(self.deck) != sorted(state.deck):
            raise KitError("deck: the order must hold every card left in the deck, once")
        if len(self.festivals) != rules.weeks or self.festivals[0] != tuple(state.festivals):
            raise KitError(
                f"festivals: expected the Festivals of each of the {rules.weeks} weeks, "
                "week 1's as on the display"
            )
        shown = [f for week in self.festivals for f in week]
        if len(set(shown)) != len(shown):
            raise KitError("festivals: a Festival is revealed only once")
        content = state.game.content
        for r in self.claims:
            if content.bucket_lists[r] is None or state.buckets[r] >= 0:
                code = content.regions[r].code
                raise KitError(f"claims: {code} has no Bucket List left to claim")

    @property
    def content(self) -> Content:
        return self.position.game.content

    @property
    def hand(self) -> tuple[int, ...]:
        """The opening hand (card indices)."""
        return tuple(self.position.hands[0])

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card the player can hold, in the order they come: the opening hand, then the
        deck's order."""
        return self.hand + self.deck

    def state(self) -> FourWeeksState:
        """A fresh engine state at the puzzle's start."""
        return self.position.clone()

    def outcome(self, state: FourWeeksState) -> FourWeeksAction:
        """The chance outcome the puzzle fixes for the event now due: the next card of the
        deck's order still in the deck, the next Festival of the week being revealed. Once the
        deck's order is used up (the discards shuffled back), the seed picks."""
        outcomes = state.legal_actions()
        first = outcomes[0]
        if isinstance(first, Reveal):
            week = state.week + 1  # revealed at the end of `state.week`, for the next week
            wanted = self.festivals[week][len(state.festivals)]
            return next(a for a in outcomes if isinstance(a, Reveal) and a.festival == wanted)
        assert isinstance(first, Draw)
        left = set(state.deck)
        card = next((c for c in self.deck if c in left), None)
        if card is None:
            return state.seeded_outcome()  # type: ignore[no-any-return]
        return next(a for a in outcomes if isinstance(a, Draw) and a.card == card)

    def settle(self, state: FourWeeksState) -> None:
        """Resolve the chance events now due in the puzzle's order."""
        while state.current_player == CHANCE:
            state.apply(self.outcome(state))

    def play(self, state: FourWeeksState, action: FourWeeksAction | str) -> None:
        """Play one of the player's actions (or its name), then the chance it leads to."""
        state.apply(action)
        self.settle(state)

    def replay(self, history: Sequence[str]) -> FourWeeksState:
        """The engine state after a plan's `history` (action names, chance outcomes included,
        as `Plan.history`) from `state()`; a refused action, or a chance outcome other than
        the puzzle's, raises `PlanError` naming it."""
        return replay_history(self.state(), history, lambda s: str(self.outcome(s)))

    def met(self, state: FourWeeksState) -> bool:
        """Whether a game has met the puzzle's goals: every Bucket List of `claims` claimed."""
        return all(state.buckets[r] == 0 for r in self.claims)

    def assumptions(self) -> tuple[str, ...]:
        """What a plan of this puzzle takes as known, in words."""
        codes = [r.code for r in self.content.regions]
        weeks = "; ".join(
            f"week {w + 1}: "
            + ", ".join(
                f"{self.content.festivals[f].name} ({codes[self.content.festivals[f].region]})"
                for f in week
            )
            for w, week in enumerate(self.festivals)
        )
        ids = [self.content.locations[c].id for c in self.deck]
        goal: tuple[str, ...] = ()
        if self.claims:
            goal = (
                "the plan claims the Bucket Lists of " + ", ".join(codes[r] for r in self.claims),
            )
        return (
            f"the deck is drawn in the order {' '.join(ids[:12])} ... (deal {self.seed})",
            f"the Festivals are {weeks}",
            *goal,
        )


def standard_puzzle(
    seed: int = 1,
    hand: Sequence[str] | None = None,
    festivals: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    content: str | None = None,
    claims: Sequence[str] = (),
) -> Puzzle:
    """A solo deal: the opening `hand` (card ids), the `festivals` of each week (names or
    region codes) and the start of the `deck`'s order (card ids) as given, the rest as `seed`
    picks them. `content` is a folder of the four files of `seeds/four_weeks/`; `claims` the
    region codes whose Bucket List the plan must claim."""
    game = FourWeeks(players=1, seed=seed, content=content)
    rules = game.content.rules
    weeks = [list(week) for week in festivals or ()]
    if len(weeks) > rules.weeks:
        raise KitError(f"festivals: the game has {rules.weeks} weeks, {len(weeks)} are given")
    weeks += [[] for _ in range(rules.weeks - len(weeks))]
    state = setup(game, festivals=weeks[0], hands=[list(hand)] if hand is not None else [])
    shuffle = random.Random(seed)
    left = list(state.festival_deck)
    shuffle.shuffle(left)
    chosen: list[tuple[int, ...]] = [tuple(state.festivals)]
    for number, week in enumerate(weeks[1:], start=2):
        picked = [_festival(game.content, name, left, number) for name in week]
        if len(picked) > rules.festivals_per_week:
            raise KitError(f"festivals: week {number} shows {rules.festivals_per_week}")
        for f in picked:
            left.remove(f)
        while len(picked) < min(rules.festivals_per_week, len(picked) + len(left)):
            picked.append(left.pop(0))
        chosen.append(tuple(picked))
    ids = {card.id: card.index for card in game.content.locations}
    first: list[int] = []
    for card in deck or ():
        if card not in ids or ids[card] not in state.deck or ids[card] in first:
            raise KitError(f"deck: {card!r} is not a card left in the deck (or is named twice)")
        first.append(ids[card])
    rest = [c for c in state.deck if c not in first]
    shuffle.shuffle(rest)
    codes = {region.code: region.index for region in game.content.regions}
    for code in claims:
        if code not in codes:
            raise KitError(f"claims: no region {code!r}; the regions are {', '.join(codes)}")
    goal = tuple(codes[code] for code in claims)
    return Puzzle(state, tuple(first + rest), tuple(chosen), seed, goal)


def _festival(content: Content, name: str, left: list[int], week: int) -> int:
    for f in left:
        festival = content.festivals[f]
        if name in (festival.name, content.regions[festival.region].code):
            return f
    raise KitError(f"festivals: no Festival {name!r} is left for week {week}")
