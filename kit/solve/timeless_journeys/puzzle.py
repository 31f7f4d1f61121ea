"""Puzzles: a game of Timeless Journeys at one of its decisions, where only player 0 still
moves, and the future it assumes.

A puzzle is a position of a one-player game (`standard_puzzle` deals the standard ones through
the game's scenario builder, `Puzzle(state)` takes any solo position at a decision of the
player), or of a game of several players as the player to move sees it (`Puzzle.from_state`:
that player in seat 0, the others standing still, what is out of sight dealt by a seed; see
`observed`), plus what no plan can know: the order in which the market's decks and Le Brun's
Paintings will be revealed from there on. The only chance left once a game is dealt is those
reveals (the market refilled at each Reorganisation, the Paintings at each round's start), and
how many cards each reveal turns over does not depend on the player's choices, so a fixed order
of each deck fixes every later display whatever the plan does: the market of round III is the
same for every plan. `puzzle.state()` is a fresh engine state at the puzzle's start,
`puzzle.advance(state)` resolves the reveals due as the puzzle fixes them, and
`puzzle.replay(history)` plays a plan's action names (reveals among them) and refuses any that
differs from the puzzle (`kit.solve.puzzle.Puzzle`, as every planner's puzzle). `OPTIONS` are
the options of the standard puzzles (the command's flags, the solver panel's controls)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kit.core import KitError, ScoreSheet
from kit.core.options import SEED, Option, defaults, one_of
from kit.core.rng import rng_for
from kit.solve.plan import PlanError, replay_history
from kit.solve.timeless_journeys.observed import Frozen, observed
from kit.timeless_journeys.actions import Choice, roman
from kit.timeless_journeys.content import EDITIONS
from kit.timeless_journeys.draws import MarketReveal, PaintingReveal
from kit.timeless_journeys.game import TimelessJourneys
from kit.timeless_journeys.setup import setup
from kit.timeless_journeys.state import TimelessState

SETS = ("intro", "A", "B", "C", "D")
"""The standard puzzles' traveller sets: the introductory one and the four historical ones."""


@dataclass(frozen=True)
class Puzzle:
    """One solo position and the order of every reveal still to come.

    `decks`: per market level, the cards of its deck in the order they will be revealed (by
    default shuffled by `seed`); `paintings`: the same for Le Brun's Paintings. `name` is what
    the plan is called in print."""

    position: TimelessState = field(repr=False, compare=False)
    seed: int = 1
    name: str = "a solo position"
    decks: tuple[tuple[str, ...], ...] = ()
    paintings: tuple[str, ...] = ()
    start_decks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    start_paintings: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        state = self.position
        if state.num_players != 1 and not isinstance(state, Frozen):
            raise KitError(
                f"the five-round planner plans for one player; this game has "
                f"{state.num_players}: plan from what one of them sees (Puzzle.from_state)"
            )
        if state.is_terminal:
            raise KitError("the game is over: there is nothing left to plan")
        if state.is_chance_node or state.phase == "setup":
            raise KitError("plan from a decision of the player (a chance event is due)")
        rng = rng_for(self.seed, "five-rounds-reveals")  # its first name: the same reveals
        if not self.decks:
            decks = []
            for deck in state.deck:
                order = list(deck)
                rng.shuffle(order)
                decks.append(tuple(order))
            object.__setattr__(self, "decks", tuple(decks))
        if not self.paintings:
            pile = [name for name, n in sorted(state.painting_pile.items()) for _ in range(n)]
            rng.shuffle(pile)
            object.__setattr__(self, "paintings", tuple(pile))
        if len(self.decks) != len(state.deck):
            raise KitError(
                f"the reveal orders name {len(self.decks)} levels; the market has {len(state.deck)}"
            )
        for level, (cards, deck) in enumerate(zip(self.decks, state.deck, strict=True)):
            if sorted(cards) != sorted(deck):
                raise KitError(f"the reveal order of Level {level + 1} is not that level's deck")
        left = sorted(name for name, n in state.painting_pile.items() for _ in range(n))
        if sorted(self.paintings) != left:
            raise KitError("the Paintings' reveal order is not the pile of Paintings left")
        object.__setattr__(self, "start_decks", tuple(len(d) for d in state.deck))
        object.__setattr__(self, "start_paintings", len(left))

    @classmethod
    def from_state(cls, state: TimelessState, seed: int = 1) -> Puzzle:
        """The puzzle of the player to move in a position of any game, from what they see:
        they take seat 0, the others stand still, and what is out of sight is dealt by `seed`
        (`observed.observed`)."""
        mover = state.current_player
        position = observed(state, seed)
        return cls(position, seed, f"player {mover}'s game from round {roman(position.round)}")

    @property
    def player(self) -> int:
        """The seat the plan is for: the puzzle's game is played from seat 0."""
        return 0

    def state(self) -> TimelessState:
        """A fresh engine state at the puzzle's start."""
        return self.position.clone()

    def at(self, state: TimelessState) -> Puzzle:
        """The puzzle of a later position of this puzzle's game: the same reveals from there
        on (the round IV start of a plan, a position the tests hold a bound to)."""
        decks = tuple(
            order[self.start_decks[level] - len(state.deck[level]) :]
            for level, order in enumerate(self.decks)
        )
        if state.edition.lebrun_display == "open":
            # No Painting is ever revealed: Le Brun offers the pile itself, and a Painting
            # taken leaves the pile out of any order; the pile left, in any order, is as good.
            paintings: tuple[str, ...] = ()
        else:
            drawn = self.start_paintings - sum(state.painting_pile.values())
            paintings = self.paintings[drawn:]
        return Puzzle(state.clone(), self.seed, decks=decks, paintings=paintings)

    def before(self, history: Sequence[str]) -> TimelessState:
        """The fresh state a plan's `history` is played from: `state()`, whatever the plan."""
        return self.state()

    def reveal(self, state: TimelessState) -> Choice:
        """The outcome of the reveal due in `state`, as the puzzle fixes it: the next card of
        the level's order (or the next Painting)."""
        draw = state.stack[-1]
        outcomes: Sequence[Choice] = state.legal_actions()
        if isinstance(draw, MarketReveal):
            level = draw.level
            card = self.decks[level][self.start_decks[level] - len(state.deck[level])]
            return next(o for o in outcomes if o.args == (level, card))
        if isinstance(draw, PaintingReveal):
            drawn = self.start_paintings - sum(state.painting_pile.values())
            painting = self.paintings[drawn]
            return next(o for o in outcomes if o.args == (painting,))
        raise PlanError(f"a chance event the puzzle does not fix: {state.question()}")

    def advance(self, state: TimelessState) -> list[str]:
        """Resolve the reveals due in `state` as the puzzle fixes them; their names."""
        names = []
        while state.is_chance_node:
            outcome = self.reveal(state)
            state.apply(outcome)
            names.append(outcome.text)
        return names

    def replay(self, history: Sequence[str]) -> TimelessState:
        """The engine state after a plan's `history` (action names, `Plan.history`), played
        from `state()`. Raises `PlanError` naming the action the engine refuses, or a reveal
        other than the puzzle's."""
        state = replay_history(self.state(), history, lambda s: self.reveal(s).text)
        if not state.is_terminal:
            raise PlanError("the plan stops before the end of the game")
        return state

    def greedy_sheet(self) -> ScoreSheet:
        """The greedy bot's score sheet (`baseline.greedy_game`, its ties broken by seed 1)."""
        from kit.solve.timeless_journeys.baseline import greedy_game  # it plays puzzles

        return greedy_game(self).final.scores()[0]

    def assumptions(self) -> tuple[str, ...]:
        """What the plan takes as known, in words, printed with every plan."""
        reveals = (
            f"the market's decks and Le Brun's Paintings are revealed in a fixed order "
            f"(shuffled by seed {self.seed}), so every later display is known in advance"
        )
        if not isinstance(self.position, Frozen):
            return (
                "a solo game, played with the engine's one-player rules",
                "the face-down Exploration tiles of every city are known (the player looks at "
                "them all when exploring)",
                reveals,
            )
        others: tuple[str, ...] = ()
        if self.position.num_players > 1:
            others = (
                "the other players take nothing more: they play no more cards and make no "
                "more choices; their markers and tokens stay where they are",
            )
        return (
            *others,
            f"the cards in the market's decks and the face-down Exploration tiles are a "
            f"guess (by seed {self.seed}) among those out of the player's sight; the player "
            "looks at a city's tiles when exploring it",
            reveals,
        )


OPTIONS = (
    Option(
        "travellers",
        "intro",
        "the Famous Travellers",
        one_of(SETS),
        choices=SETS,
        flag="--set",
        label="travellers' set",
    ),
    replace(
        {option.name: option for option in TimelessJourneys.OPTIONS}["edition"], label="edition"
    ),
    replace(SEED, default=1, help="the setup and the reveals", label="seed"),
)
"""The options of a standard puzzle (`standard_puzzle`'s arguments but `fixed`)."""

DEFAULT = defaults(OPTIONS)


def standard_puzzle(
    travellers: str = DEFAULT["travellers"],
    edition: str = DEFAULT["edition"],
    seed: int = DEFAULT["seed"],
    **fixed: Any,
) -> Puzzle:
    """A standard solo puzzle: the introductory travellers (Montesquieu, Lady Montagu, Mary
    Shelley) or a historical set A-D, in the English or Japanese edition, dealt by `seed`
    (Gazette side, portraits, Favour and Exploration tiles, Journals, the first market) except
    what `fixed` names as `kit.timeless_journeys.setup` takes it (`side`, `favours`, `tiles`,
    `journals`, `market`, `paintings`, ...)."""
    if travellers not in SETS:
        raise KitError(f"unknown set {travellers!r}: expected one of {', '.join(SETS)}")
    if edition not in EDITIONS:
        raise KitError(f"unknown edition {edition!r}: expected one of {', '.join(EDITIONS)}")
    if travellers == "intro":
        game = TimelessJourneys(players=1, edition=edition, mode="intro", seed=seed)
    else:
        game = TimelessJourneys(
            players=1, edition=edition, mode="historical", travellers=[travellers], seed=seed
        )
    name = "the introductory set" if travellers == "intro" else f"historical set {travellers}"
    return Puzzle(setup(game, **fixed), seed, f"{name}, {edition} edition, seed {seed}")
