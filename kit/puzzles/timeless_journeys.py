"""Grand Tour puzzles: the last turn or two of a solo game of Timeless Journeys, to finish with
the most VP (`kit.solve.timeless_journeys.Puzzle`: the market's and the Paintings' reveals in a
fixed order, so the rest of the game holds no chance).

`tour_puzzle(seed, difficulty)` makes one. The seed draws a standard solo game (the travellers'
set, the edition, the deal) and the kit's greedy bot plays it up to its last turn (easy and
medium) or its last two (hard): the student plays those turns (the card, face up or down, its
chain and every choice), round V's end (the travellers' rewards, the market pick, the hand
limit) and so the final scoring, against the optimum of the exhaustive search over engine
states (`exact.exact_search`), which proves it when the puzzle is made. That search is exact
and deterministic, so the same seed gives the same puzzle and the same optimal plan on every
machine.

The difficulty is how many turns are left and how far the greedy bot, which takes the most VP
at each choice, falls short of the optimum from there: "easy" the last turn, 1 to 4 VP short;
"medium" the last turn, 5 or more (a turn with more choices to weigh, the search's positions
allowed more); "hard" the last two turns, 5 or more. A draw whose search passes the level's
positions (longer than a class waits), or whose shortfall is not the level's, is drawn again
from the next attempt's numbers. Few last turns fall 5 VP short, so a medium draw is first
screened: unless the greedy bot, after one of the first actions, reaches 5 VP more than it
did, the draw is passed over in milliseconds instead of seconds of search. Making a puzzle
takes 0.3 s (easy), 1.7 s (medium) or 11 s (hard) at the median of seeds 0-9, and up to 1 s,
5 s and 46 s, almost all of it in draws passed over (`benchmarks/puzzles.py`,
`docs/widgets.md`).

The last round, five turns, is not a level: the exhaustive search does not prove it (three
turns already take it 20 s to minutes), nor does the planner's bound
(`kit.solve.timeless_journeys`).

`TourWalk` is the rest of the game in progress, an action at a time: an action the engine
refuses is refused with the engine's reason and changes nothing; a reveal after an action is
resolved in the puzzle's order. `check_tour` judges a whole route of actions against the
optimum, score sheet line by line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kit.core import ScoreSheet
from kit.core.words import plural
from kit.puzzles.verdict import (
    PuzzleError,
    Refused,
    Verdict,
    attempt_random,
    checked_difficulty,
    departure,
    on_request,
    scored_lines,
    sheet_lines,
)
from kit.puzzles.walk import EngineWalk, players_steps
from kit.solve.plan import Plan
from kit.solve.timeless_journeys import Puzzle, standard_puzzle
from kit.solve.timeless_journeys.baseline import greedy_game
from kit.solve.timeless_journeys.exact import exact_search
from kit.solve.timeless_journeys.puzzle import SETS
from kit.solve.timeless_journeys.search import final_score, position_at
from kit.timeless_journeys.actions import genre_name, roman
from kit.timeless_journeys.bots import GreedyBot
from kit.timeless_journeys.content import EDITIONS
from kit.timeless_journeys.state import TimelessState

SEED_TEXT = "grand_tour"
"""The text a generation attempt's random numbers start from."""


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty: how many VP short of the optimum the greedy bot falls (`shortfall`, from
    and to); the most positions the exhaustive search may keep to prove the optimum (a
    position takes a tenth of a millisecond or so); how many `turns` are left to play; whether
    a draw is `screened` first (see the module's docstring), and the `attempts` drawn before
    giving up."""

    shortfall: range
    positions: int
    turns: int = 1
    screened: bool = False
    attempts: int = 40


LEVELS = {
    "easy": Level(range(1, 5), 3_000),
    "medium": Level(range(5, 1000), 20_000, screened=True, attempts=200),
    "hard": Level(range(5, 1000), 40_000, turns=2),
}

EDITION_NAMES = {"en": "English", "ja": "Japanese"}


@dataclass(frozen=True)
class TourPuzzle:
    """A Grand Tour puzzle and its proven optimum (see the module's docstring): the planner's
    `puzzle` at the puzzle's start, the `optimum` plan of the exhaustive search, the `game` it
    was cut from (its set, edition and deal), the greedy bot's final score from there, and the
    `attempt` that gave it."""

    seed: int
    difficulty: str
    puzzle: Puzzle = field(repr=False)
    game: tuple[str, str, int]
    greedy: int
    optimum: Plan = field(compare=False, repr=False)
    attempt: int = 0

    @property
    def score(self) -> int:
        assert self.optimum.objective is not None
        return self.optimum.objective

    @property
    def route(self) -> tuple[str, ...]:
        """The optimal rest of the game as the player's action names (the plan's history
        without its reveals)."""
        return players_steps(self.puzzle.state(), self.optimum.history)

    @property
    def proof(self) -> str:
        return (
            f"{self.score} VP, proven by the exhaustive search over every action of the "
            f"game's engine from here ({self.optimum.solve_time:.1f} s)"
        )

    @property
    def turns(self) -> str:
        """The turns left to play, in words."""
        return "the last two turns" if LEVELS[self.difficulty].turns == 2 else "the last turn"

    def describe(self) -> str:
        travellers, edition, deal = self.game
        which = "the introductory set" if travellers == "intro" else f"historical set {travellers}"
        return (
            f"Grand Tour puzzle, {self.difficulty}, seed {self.seed}: {self.turns} of a solo game "
            f"({which}, {EDITION_NAMES[edition]} edition, deal {deal}), played so far by the "
            f"greedy bot, which went on to score {self.greedy} VP; finish with the most VP"
        )

    def walk(self) -> TourWalk:
        return TourWalk(self)


def _draw(difficulty: str, seed: int, attempt: int) -> tuple[Puzzle, tuple[str, str, int], int]:
    """The position of one attempt (the greedy bot's game at the start of its last turn, or
    of the level's turns left), the game it was cut from, and the greedy bot's final score."""
    rng = attempt_random(SEED_TEXT, difficulty, seed, attempt)
    travellers, edition = rng.choice(SETS), rng.choice(EDITIONS)
    deal, bot = rng.randrange(1, 1000), rng.randrange(1, 1000)
    start = standard_puzzle(travellers, edition, deal)
    game = greedy_game(start, bot)
    rules = start.position.content.rules
    last_turn = rules.rounds * (rules.plays_per_round + 1) - 2  # stages: `search.stage`
    state = position_at(start, game.history, last_turn + 1 - LEVELS[difficulty].turns)
    return start.at(state), (travellers, edition, deal), game.score


def _first_choices_best(puzzle: Puzzle) -> int:
    """The best final score of the greedy bot's routes after each first action: a score the
    optimum reaches at least, found in a fraction of a second."""
    best = 0
    for action in puzzle.state().legal_actions():
        state = puzzle.state()
        state.apply(action)
        puzzle.advance(state)
        bot = GreedyBot(1, 0)
        while not state.is_terminal:
            state.apply(bot.choose(state))
            puzzle.advance(state)
        best = max(best, state.scores()[0].total)
    return best


def tour_puzzle(seed: int = 0, difficulty: str = "easy") -> TourPuzzle:
    """The Grand Tour puzzle of `seed` at `difficulty` ("easy": the last turn, the greedy bot
    1 to 4 VP short of the optimum; "medium": the last turn, 5 or more; "hard": the last two
    turns, 5 or more), with its optimum proven (see the module's docstring)."""
    level = LEVELS[checked_difficulty(difficulty)]
    for attempt in range(level.attempts):
        puzzle, game, greedy = _draw(difficulty, seed, attempt)
        if level.screened and _first_choices_best(puzzle) - greedy < level.shortfall.start:
            continue  # most likely not the level's: spare the exhaustive search
        try:
            optimum = exact_search(puzzle, level.positions)
        except ValueError:  # too many positions: the next attempt
            continue
        if optimum.objective is not None and optimum.objective - greedy in level.shortfall:
            return TourPuzzle(seed, difficulty, puzzle, game, greedy, optimum, attempt)
    raise PuzzleError(
        f"no Grand Tour puzzle proven within {level.positions} positions with the greedy bot "
        f"{level.shortfall.start} VP short or more in {level.attempts} attempts for seed {seed} "
        f"at {difficulty}"
    )


class TourWalk(EngineWalk[TimelessState]):
    """The rest of the game in progress from the puzzle's start (see the module's docstring).
    `route` is the player's action names so far; `take(name)` plays one and the reveals after
    it, or raises `Refused` with the engine's reason, changing nothing."""

    def __init__(self, puzzle: TourPuzzle) -> None:
        super().__init__(puzzle.puzzle.state())
        self.puzzle = puzzle

    @property
    def place(self) -> str:
        return str(self.state.loc[0])

    def options(self, place: str) -> list[str]:
        """The actions a click on the city `place` may mean (a move there, an exploration, a
        café or a conversation there); refused with the reason when there are none."""
        if self.finished:
            raise Refused("the game is over: Check the route, or take actions back")
        if place not in self.state.content.graph.nodes:
            raise Refused(f"{place!r} is not a city of the map")
        here = [str(a) for a in self.legal() if a.place == place]
        if here:
            return here
        places = sorted({str(a.place) for a in self.legal() if a.place})
        shown = f" (the cities of your actions now: {', '.join(places)})" if places else ""
        raise Refused(
            f"no action of yours concerns {place} now; the question is "
            f"{self.state.question()}{shown}"
        )

    def take(self, name: str) -> None:
        if self.finished:
            raise Refused("the game is over: Check the route, or take actions back")
        action = self.chosen(name, "actions")
        after = self.state.clone()
        after.apply(action)
        self.puzzle.puzzle.advance(after)
        self.route.append(name)
        self._states.append(after)

    def sheet(self) -> ScoreSheet:
        return self.state.scores()[0]

    def status(self) -> list[str]:
        """The running figures: where the game stands (the turn, or round V's end), the
        marker's city, coins and Ideas, and the score the game would end with now."""
        state = self.state
        rules = state.content.rules
        if self.finished:
            when = "the game is over"
        elif state.phase == "Action":
            turn = min(len(state.played[0]) + 1, rules.plays_per_round)
            when = f"round {roman(state.round)}, turn {turn} of {rules.plays_per_round}"
        else:
            when = f"round {roman(state.round)}'s end"
        held = enumerate(state.ideas[0])
        ideas = ", ".join(f"{n} {genre_name(rules.genres, g)}" for g, n in held if n) or "none"
        return [
            f"{when}; the marker in {self.place}",
            f"{plural(state.coins[0], 'coin')}; Ideas: {ideas}",
            f"the score if the game ended now: {final_score(state)} VP",
        ]


def check_tour(puzzle: TourPuzzle, route: Sequence[str], *, reveal: bool = False) -> Verdict:
    """Judge a whole route of actions from the puzzle's start: the reveals may be named too (as
    in a plan's history) and must be the puzzle's. Refused naming the action and the engine's
    reason; accepted when it scores the optimum; else the score sheets compared line by line
    and where the route leaves the optimal one, which is shown only with `reveal`."""
    optimum = puzzle.score
    solution = ["the optimal route: " + "; ".join(puzzle.route)]

    def verdict(legal: bool, accepted: bool, score: int | None, lines: list[str]) -> Verdict:
        return Verdict(legal, accepted, score, optimum, tuple(lines), unit="VP")

    walk = TourWalk(puzzle)
    refused = walk.follow(route, "action")
    if refused is not None:
        return verdict(False, False, None, [refused, *(solution if reveal else [])])
    if not walk.finished:
        stops = f"the route stops before the game ends: {walk.status()[0]}"
        return verdict(False, False, None, [stops, *(solution if reveal else [])])
    sheet = walk.sheet()
    if sheet.total >= optimum:
        lines = scored_lines(sheet)
        return verdict(True, True, sheet.total, lines)
    best = puzzle.optimum.sheet
    assert best is not None
    lines = sheet_lines(sheet, best, "the optimum")
    lines += departure(walk.route, puzzle.route, "the optimal one", "action", "the optimum")
    lines += solution if reveal else [on_request("the optimal route")]
    return verdict(True, False, sheet.total, lines)
