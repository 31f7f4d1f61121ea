"""Puzzles: a solo game of the four-week Europe game with all of its chance fixed in advance.

A puzzle is a position of a one-player game at a decision of the player plus the order in which
the rest of the Location deck will be drawn and the Festivals that the week's-end refreshes will
reveal. With chance fixed, a plan is a sequence of the player's own choices that the engine can
check step by step: `puzzle.state()` is a fresh engine state at the start, `puzzle.play(state,
action)` plays one of the player's actions and then the chance events it leads to in the
puzzle's order, and `puzzle.replay(history)` plays a plan's whole history (chance outcomes
included) and raises `PlanError` on any refusal.

`standard_puzzle(seed)` deals one at the game's first Travel step (the hand, the Festivals and
the deck's order as the seed picks them, or as given); `STANDARD_SEEDS` are the ten deals the
benchmark and the tests use. `Puzzle.from_state(state)` is the puzzle of the player to move in
a game in progress, of any number of players, from what that player sees: their pawn, hand,
resources, week and day as they are, the others standing still (they take nothing more), and
the deck's order and the later Festivals a guess by a seed among the cards and Festivals the
player has not seen. Inside a turn (after its Travel) the puzzle keeps the turn's start as
well (`origin`): the model plans from there, the choices already made fixed. A puzzle answers
the calls of `kit.solve.puzzle.Puzzle`, as every planner's does; `OPTIONS` are the options of the
standard puzzles (the command's flags, the solver panel's controls)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, is_dataclass, replace

from kit.core import CHANCE, KitError, ScoreSheet
from kit.core.options import CONTENT, SEED, Option, defaults, names
from kit.core.rng import rng_for
from kit.four_weeks.actions import Draw, FourWeeksAction, Reveal, Travel
from kit.four_weeks.content import Content
from kit.four_weeks.frames import TRAVEL, WEEK_END, Chance, WeekEndDiscards, WeekFrame
from kit.four_weeks.game import FourWeeks
from kit.four_weeks.setup import setup
from kit.four_weeks.state import FourWeeksState
from kit.solve.plan import replay_history
from kit.solve.position import mover_of

STANDARD_SEEDS = tuple(range(1, 11))
"""The ten deals of the standard puzzles (`standard_puzzle(seed)` for each)."""


@dataclass(frozen=True)
class Puzzle:
    """A solo game at a decision of the player, and its chance in advance: `deck` the cards
    left in the Location deck at `origin` in the order they will be drawn, and after them
    the discard pile's cards in the order they will be drawn once the pile is shuffled into
    a new deck (the plan draws no further: the cards it discards itself are not drawn
    again); `festivals` the Festivals revealed for each week (the week on display's as they
    are; earlier weeks' are not needed). `claims` are regions whose Bucket List the plan must
    claim (a goal that can make a puzzle impossible). `origin` is the start of the turn under
    way when `position` is inside a turn (its Travel made), reached from it by the player's
    actions; it is the position itself otherwise, which must then be at a Travel step or a
    week's end. `players` is the number of players of the game the position was seen in (0
    for a deal)."""

    position: FourWeeksState = field(repr=False, compare=False)
    deck: tuple[int, ...]
    festivals: tuple[tuple[int, ...], ...]
    seed: int = 0
    claims: tuple[int, ...] = ()
    origin: FourWeeksState | None = field(default=None, repr=False, compare=False)
    players: int = 0

    def __post_init__(self) -> None:
        state, start, rules = self.position, self.start, self.position.game.content.rules
        if state.game.num_players != 1:
            raise KitError("a puzzle is a solo game: players=1 (Puzzle.from_state sees one)")
        if state.is_terminal or state.is_chance_node or start.is_chance_node:
            raise KitError("a puzzle starts at a decision of the player")
        if not (start.step == TRAVEL and start.decision is None) and not isinstance(
            start.decision, WeekEndDiscards
        ):
            raise KitError("a puzzle's turn starts at a Travel step or a week's end")
        if self.origin is not None and not self._within_turn():
            raise KitError("the position is not in the turn that starts at the origin")
        size = len(start.deck)
        pile = self.deck[size:]
        if (
            sorted(self.deck[:size]) != sorted(start.deck)
            or len(set(pile)) != len(pile)
            or not set(pile) <= set(start.discard)
        ):
            raise KitError(
                "deck: the order must hold every card left in the deck, once, then cards of "
                "the discard pile"
            )
        shown = start.week + (start.step == WEEK_END)
        if len(self.festivals) != rules.weeks or self.festivals[shown] != tuple(start.festivals):
            raise KitError(
                f"festivals: expected the Festivals of each of the {rules.weeks} weeks, "
                f"week {shown + 1}'s as on the display"
            )
        later = [f for week in self.festivals[shown:] for f in week]
        if len(set(later)) != len(later) or not set(later[len(start.festivals) :]) <= set(
            start.festival_deck
        ):
            raise KitError("festivals: a Festival is revealed only once")
        content = state.game.content
        for r in self.claims:
            if content.bucket_lists[r] is None or start.buckets[r] >= 0:
                code = content.regions[r].code
                raise KitError(f"claims: {code} has no Bucket List left to claim")

    def _within_turn(self) -> bool:
        """Whether `position` comes from `origin` by the actions of one turn: its Travel
        first, no other Travel after it."""
        assert self.origin is not None
        done = len(self.origin.history)
        begun = self.position.history[done:]
        same = [str(a) for a in self.position.history[:done]] == [
            str(a) for a in self.origin.history
        ]
        travels = [isinstance(a, Travel) for a in begun]
        return same and bool(travels) and travels[0] and not any(travels[1:])

    @classmethod
    def from_state(cls, state: FourWeeksState, seed: int = 1) -> Puzzle:
        """The puzzle of the player to move in a game in progress (any number of players,
        any decision of theirs), from what that player sees: a solo game in which their pawn,
        hand, resources, calendar, week and day are as they are, the board's claims and
        Festivals as they lie, and the others take nothing more; the deck's order and the
        Festivals of later weeks a guess by `seed` among the cards and Festivals the player
        has not seen (never the real order). Inside a turn the turn's start is kept as the
        origin and the puzzle starts where the player is."""
        mover = mover_of(state)
        began = _turn_start(state)
        turn = state.history[began:]
        at_start = state if not turn else state.game.replay(state.history[:began])
        assert isinstance(at_start, FourWeeksState)
        rng = rng_for(seed, "four-weeks-observed")
        drawn = [a.card for a in turn if isinstance(a, Draw)]
        unseen = sorted(_unseen(state, mover))
        rng.shuffle(unseen)
        deck = drawn + unseen[: len(state.deck)]
        pile = sorted(at_start.discard)
        rng.shuffle(pile)
        order = tuple(deck + pile)
        festivals = _later_festivals(at_start, rng)
        origin = _solo(at_start, mover, deck)
        puzzle = cls(origin, order, festivals, seed, players=state.game.num_players)
        if not turn:
            return puzzle
        position = puzzle.state()
        for action in turn:
            if not isinstance(action, Draw):
                puzzle.play(position, str(action))
        return replace(puzzle, position=position, origin=origin)

    @property
    def start(self) -> FourWeeksState:
        """Where the model plans from: the start of the turn under way, or the position."""
        return self.position if self.origin is None else self.origin

    @property
    def begun(self) -> tuple[str, ...]:
        """The player's actions from the turn's start to the position (chance included)."""
        done = len(self.start.history)
        return tuple(str(a) for a in self.position.history[done:])

    @property
    def content(self) -> Content:
        return self.position.game.content

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand at the model's start (card indices): the opening hand of a deal."""
        return tuple(self.start.hands[0])

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card the player can hold, in the order they come: the hand at the model's
        start, then the deck's order."""
        return self.hand + self.deck

    @property
    def player(self) -> int:
        """The seat the plan is for: a puzzle is a solo game."""
        return 0

    def state(self) -> FourWeeksState:
        """A fresh engine state at the puzzle's start."""
        return self.position.clone()

    def before(self, history: Sequence[str]) -> FourWeeksState:
        """The fresh state a plan's `history` is played from: `state()`, whatever the plan."""
        return self.state()

    def outcome(self, state: FourWeeksState) -> FourWeeksAction:
        """The chance outcome the puzzle fixes for the event now due: the next card of the
        deck's order still in the deck, the next Festival of the week being revealed. Once the
        deck's order is used up (the plan's own discards shuffled back), the seed picks."""
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

    def greedy_sheet(self) -> ScoreSheet:
        """The greedy bot's score sheet (`baseline.greedy_game`: the bot itself)."""
        from kit.solve.four_weeks.baseline import greedy_game  # it plays puzzles

        return greedy_game(self).scores()[0]

    def within_order(self, history: Sequence[str]) -> bool:
        """Whether a plan's `history` (from `state()`) draws only cards of the deck's order,
        as the model's plans do."""
        done = len(self.position.history)
        drawn = self.replay(history).history[done:]
        return all(a.card in self.deck for a in drawn if isinstance(a, Draw))

    def met(self, state: FourWeeksState) -> bool:
        """Whether a game has met the puzzle's goals: every Bucket List of `claims` claimed."""
        return all(state.buckets[r] == 0 for r in self.claims)

    def assumptions(self) -> tuple[str, ...]:
        """What a plan of this puzzle takes as known, in words."""
        codes = [r.code for r in self.content.regions]
        shown = self.start.week + (self.start.step == WEEK_END)
        weeks = "; ".join(
            f"week {w + 1}: "
            + ", ".join(
                f"{self.content.festivals[f].name} ({codes[self.content.festivals[f].region]})"
                for f in week
            )
            for w, week in enumerate(self.festivals)
            if w >= shown
        )
        order = " ".join(self.content.locations[c].id for c in self.deck[:12])
        goal: tuple[str, ...] = ()
        if self.claims:
            goal = (
                "the plan claims the Bucket Lists of " + ", ".join(codes[r] for r in self.claims),
            )
        if not self.players:
            return (
                f"the deck is drawn in the order {order} ... (deal {self.seed})",
                f"the Festivals are {weeks}",
                *goal,
            )
        others: tuple[str, ...] = ()
        if self.players > 1:
            others = (
                "the other players take nothing more: from here the game is played alone",
                "region scoring counts only the player's own Day discs, as in a solo game",
            )
        return (
            *others,
            f"the deck's order is a guess (by seed {self.seed}) among the cards the player "
            f"has not seen: {order} ...; when it runs out, the discard pile is shuffled in, "
            "in an order guessed by the same seed",
            f"the Festivals are {weeks} (the later weeks' a guess by the same seed)",
            *goal,
        )


def _turn_start(state: FourWeeksState) -> int:
    """Where the turn under way began in the history (its Travel), or the history's length
    when the player to move is at a Travel step or a week's end."""
    if (state.step == TRAVEL and state.decision is None) or isinstance(
        state.decision, WeekEndDiscards
    ):
        return len(state.history)
    return max(i for i, action in enumerate(state.history) if isinstance(action, Travel))


def _unseen(state: FourWeeksState, player: int) -> set[int]:
    """The Location cards `player` has not seen: not in their hand, the discard pile or any
    player's visited cards (the deck and the others' hands hold them)."""
    seen = set(state.hands[player]) | set(state.discard)
    seen.update(card for visited in state.visited for card in visited)
    return set(range(len(state.game.content.locations))) - seen


def _later_festivals(state: FourWeeksState, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """The Festivals of each week: none for the weeks past, the display's for the week it
    shows, then a guess by `rng` among those not revealed yet."""
    rules = state.game.content.rules
    shown = state.week + (state.step == WEEK_END)
    left = sorted(state.festival_deck)
    rng.shuffle(left)
    weeks: list[tuple[int, ...]] = [()] * shown + [tuple(state.festivals)]
    per_week = rules.festivals_per_week
    for _ in range(shown + 1, rules.weeks):
        weeks.append(tuple(left[:per_week]))
        left = left[per_week:]
    return tuple(weeks)


def _solo(state: FourWeeksState, player: int, deck: Sequence[int]) -> FourWeeksState:
    """A one-player game in the position of `player` in `state`: their pawn, hand, resources,
    tracks, calendar and Extras as they are, the board's Bucket Lists, Festivals and discard
    pile as they lie, and `deck` (cards as a set) as the deck; the others are not in it."""
    game = FourWeeks(players=1, seed=state.game.seed, content=state.game.options["content"])
    solo = game.new_game()
    solo.week, solo.over, solo.first, solo.player = state.week, state.over, 0, 0
    solo.stack = [_alone(frame) for frame in state.stack if not isinstance(frame, Chance)]
    for name in SEATED:
        setattr(solo, name, [getattr(state, name)[player]])
    for name in SEATED_ROWS:
        setattr(solo, name, [list(getattr(state, name)[player])])
    solo.deck = sorted(deck)
    solo.discard = list(state.discard)
    solo.owed = [0]
    solo.festival_deck = list(state.festival_deck)
    solo.festivals = list(state.festivals)
    solo.festival_needed = 0
    solo.buckets = [-1 if p < 0 else 0 if p == player else 1 for p in state.buckets]
    solo.extras = state.extras
    solo._advance()
    return solo


def _alone(frame: WeekFrame) -> WeekFrame:
    """`frame` as the solo game's: its player is player 0, the only one to discard at the
    week's end (chance events are left out: the solo game owes no draw and no reveal)."""
    if isinstance(frame, WeekEndDiscards):
        return WeekEndDiscards(0, ())
    return replace(frame, player=0) if is_dataclass(frame) else frame


SEATED = ("income", "pos", "day", "insider", "tickets", "used_local", "used_festival")
"""A player's numbers that the solo game takes over as they are."""

SEATED_ROWS = ("res", "pts", "calendar", "hands", "visited", "tags")
"""A player's lists that the solo game takes over (copied)."""


OPTIONS = (
    replace(SEED, default=1, help="the deal (default 1)", label="deal (seed)"),
    Option(
        "claims",
        (),
        "regions whose Bucket List the plan must claim: BAL,POL",
        names,
        names,
        flag="--claim",
        label="Bucket Lists to claim",
    ),
    replace(CONTENT, help="a folder of content files"),
)
"""The options of a standard puzzle (`standard_puzzle`'s but `hand`, `festivals`, `deck`)."""

DEFAULT = defaults(OPTIONS)


def standard_puzzle(
    seed: int = DEFAULT["seed"],
    hand: Sequence[str] | None = None,
    festivals: Sequence[Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    content: str | None = DEFAULT["content"],
    claims: Sequence[str] = DEFAULT["claims"],
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
