"""80-day puzzles: a solo journey of The Amazing Journey on the Lakes, a small board of six cities
(`kit/puzzles/lakes/`: its board, routes and tokens; the rules, cards and Travellers are the
reference board's, as `load_content` takes them for the files a folder lacks), by a day limit.

`journey_puzzle(seed, difficulty)` makes one: the difficulty sets the day limit, how the Explore
die is assumed to fall (one result for every Explore, or two results in order) and the Tickets
to start with; the seed sets the Traveller, where the tokens lie in their regions, the Objectives
in hand and the die. Each puzzle is proven when it is made, by the exhaustive search over engine
states (`kit.solve.amazing_journey.exact_search`), which is deterministic: the same seed gives the
same puzzle and the same stored optimal plan on any machine. A draw with no journey home by the
limit, or too many states to search, is drawn again from the next attempt's numbers (the search
tells a draw without one in a tenth of a second or so: it drops every state from which the
journey cannot end in time).

Chance follows the puzzle's assumptions, as the planners' do: the die shows the assumed days, and
a card drawn is the deck's first (a bus Ticket or an Adventure Objective: the Lakes have neither
a bus route nor an Adventure token, so a drawn card is as unknown to the player as the planners
assume it to be).

`JourneyWalk` is a journey in progress, an action at a time, as a student builds it: an action
the engine refuses, or one that would pass the day limit, is refused with the reason and changes
nothing. `check_journey` judges a whole journey's action names against the optimum, score sheet
line by line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kit.amazing_journey.actions import Explore
from kit.amazing_journey.content import ROUTE_TYPES, load_content
from kit.amazing_journey.frames import RollDie
from kit.amazing_journey.state import JourneyState
from kit.core import KitError, ScoreSheet
from kit.puzzles.verdict import (
    PuzzleError,
    Refused,
    Verdict,
    attempt_random,
    checked_difficulty,
    on_request,
    sheet_lines,
)
from kit.puzzles.walk import EngineWalk, players_steps
from kit.solve.amazing_journey import Puzzle, exact_search, standard_puzzle
from kit.solve.plan import Plan

LAKES = str(Path(__file__).parent / "lakes")
"""The Lakes' content folder (package data): a game on it, and its save, name this folder."""

MOST_ATTEMPTS = 40
MOST_STATES = 400_000
"""A draw whose exhaustive search passes this many states is drawn again (it would take more
than a classroom's wait to prove)."""

TRAVELLERS = ("Paulo", "Lisette", "Catalina", "Buck", "Carlo", "Yuki", "Wolfgang", "Hendrika")
OBJECTIVES = ("culture", "food", "party", "nature")
TICKETS = ("train", "ship", "airship", "secret")


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty: the day limit and the die's results (how many in order; one means every
    Explore takes the same days)."""

    days: int
    dice: int


SEED_TEXT = "eighty_days"
"""The text a generation attempt's random numbers start from: the puzzle kind's first name, kept
so that puzzle N of each difficulty stays the puzzle it has always been."""

LEVELS = {"easy": Level(10, 1), "medium": Level(12, 1), "hard": Level(14, 2)}


@dataclass(frozen=True)
class JourneyPuzzle:
    """An 80-day puzzle and its proven optimum (see the module's docstring): the planner's
    `puzzle` (position and assumptions), the `optimum` plan of the exhaustive search, and the
    `attempt` that gave it. Two puzzles are equal when their seed, difficulty and the puzzle's
    assumptions and set-up are."""

    seed: int
    difficulty: str
    puzzle: Puzzle = field(repr=False)
    setup: tuple[tuple[str, str], ...]
    optimum: Plan = field(compare=False, repr=False)
    attempt: int = 0

    @property
    def limit(self) -> int:
        return self.puzzle.limit

    @property
    def home(self) -> str:
        return self.puzzle.content.board.starting_city

    @property
    def score(self) -> int:
        assert self.optimum.objective is not None
        return self.optimum.objective

    @property
    def route(self) -> tuple[str, ...]:
        """The optimal journey as the player's action names (the plan's history without its
        chance outcomes)."""
        return players_steps(self.puzzle.state(), self.optimum.history)

    @property
    def proof(self) -> str:
        return (
            f"{self.score} points, proven by the exhaustive search over the journey's engine "
            f"states, leaving out only those that cannot end by the day limit "
            f"({self.optimum.solve_time:.1f} s)"
        )

    def describe(self) -> str:
        traveller = self.puzzle.traveller
        name = traveller.name if traveller else "no Traveller"
        return (
            f"80-day puzzle, {self.difficulty}, seed {self.seed}: {name} on the Lakes, home to "
            f"{self.home} by day {self.limit}; " + "; ".join(self.puzzle.assumptions()[:1])
        )

    def walk(self) -> JourneyWalk:
        return JourneyWalk(self)


def _draw(difficulty: str, seed: int, attempt: int) -> tuple[Puzzle, dict[str, str]]:
    level = LEVELS[difficulty]
    rng = attempt_random(SEED_TEXT, difficulty, seed, attempt)
    traveller = rng.choice(TRAVELLERS)
    dice = tuple(rng.choice((2, 3, 4)) for _ in range(level.dice))
    tickets = [rng.choice(TICKETS)]
    objectives = sorted(rng.sample(OBJECTIVES, 2))
    content = load_content("regular", LAKES)
    board, tokens = content.board, content.tokens
    placement: dict[str, str] = {}
    for region in board.regions:
        cities = [c.name for c in board.cities if c.region == region.code and c.tokens]
        ids = [t.id for t in tokens if t.region == region.code]
        rng.shuffle(ids)
        placement |= dict(zip(cities, ids, strict=True))
    puzzle = standard_puzzle(
        "regular",
        traveller,
        dice,
        1,
        level.days,
        LAKES,
        placement=placement,
        tickets=[tickets],
        objectives=[objectives],
    )
    setup = {
        "traveller": traveller,
        "die": ", ".join(map(str, dice)),
        "tickets": ", ".join(tickets),
        "objectives": ", ".join(objectives),
        **{city: token for city, token in sorted(placement.items())},
    }
    return puzzle, setup


def journey_puzzle(seed: int = 0, difficulty: str = "easy") -> JourneyPuzzle:
    """The 80-day puzzle of `seed` at `difficulty` ("easy": home by day 10, "medium": by day
    12, "hard": by day 14 with the die's results in order), with its optimum proven (see the
    module's docstring)."""
    checked_difficulty(difficulty)
    for attempt in range(MOST_ATTEMPTS):
        puzzle, setup = _draw(difficulty, seed, attempt)
        try:
            optimum = exact_search(puzzle, max_states=MOST_STATES)
        except KitError:  # too many states: the next attempt
            continue
        if optimum.is_optimal:
            return JourneyPuzzle(seed, difficulty, puzzle, tuple(setup.items()), optimum, attempt)
    raise PuzzleError(
        f"no 80-day puzzle with a journey home by the limit in {MOST_ATTEMPTS} attempts for "
        f"seed {seed} at {difficulty}"
    )


class JourneyWalk(EngineWalk[JourneyState]):
    """A journey in progress from the puzzle's start (see the module's docstring). `route` is
    the player's action names so far; `take(name)` plays one and resolves the chance after it,
    or raises `Refused` saying why, changing nothing."""

    def __init__(self, puzzle: JourneyPuzzle) -> None:
        super().__init__(puzzle.puzzle.state())
        self.puzzle = puzzle
        self.player = puzzle.puzzle.player
        self.chance: list[list[str]] = [[]]  # the chance resolved after each action
        self._rolls: list[int] = [0]  # the die rolls so far, after each action

    @property
    def finished(self) -> bool:
        return bool(self.state.finish[self.player] >= 0)

    @property
    def day(self) -> int:
        return int(self.state.day[self.player])

    @property
    def place(self) -> str:
        return self.state.tables.content.board.cities[self.state.pos[self.player]].name

    def deciding(self) -> bool:
        """Whether a question of an action is due (which token to keep, an Objective to play,
        a Ticket to discard): it is answered by a button, not on the map."""
        return bool(self.state.steps) and not self.state.is_terminal

    def options(self, place: str) -> list[str]:
        """The actions a click on `place` may mean: the travels there, or the explore and the
        waits here; refused with the reason when there are none."""
        if self.finished:
            raise Refused(f"the journey has already ended in {self.place} on day {self.day}")
        if self.deciding():
            raise Refused(f"answer the question first: {self.state.question()}")
        here = [str(a) for a in self.legal() if a.place == place]
        if not here:
            reachable = sorted({str(a.place) for a in self.legal() if a.kind == "travel"})
            raise Refused(
                f"no action takes you to {place} from {self.place} on day {self.day}"
                + (f" (you can travel to {', '.join(reachable)})" if reachable else "")
            )
        return here

    def free(self) -> list[str]:
        """The actions that concern no place: the answers to a question, a Traveller's power."""
        return [str(a) for a in self.legal() if a.place is None]

    def _resolve(self, state: JourneyState, rolls: int) -> list[str]:
        """Chance by the puzzle's assumptions (the module's docstring); returns its names."""
        names = []
        dice = self.puzzle.puzzle.durations
        rules = state.tables.rules
        while state.is_chance_node:
            outcomes = state.legal_actions()
            if isinstance(state.steps[-1], RollDie):
                if len(dice) > 1 and rolls > len(dice):
                    raise Refused(
                        f"the puzzle's die has {len(dice)} results ({', '.join(map(str, dice))} "
                        "days): no Explore is left"
                    )
                days = dice[min(rolls, len(dice)) - 1]
                pick = next(a for a in outcomes if rules.explore[a.value].days == days)
            else:
                pick = outcomes[0]
            state.apply(pick)
            names.append(str(pick))
        return names

    def take(self, name: str) -> None:
        state = self.state
        if self.finished:
            raise Refused(f"the journey has already ended in {self.place} on day {self.day}")
        action = self.chosen(name, "actions")
        after = state.clone()
        after.apply(action)
        rolls = self._rolls[-1] + int(isinstance(action, Explore) and not action.by_power)
        resolved = self._resolve(after, rolls)
        limit = self.puzzle.limit
        if after.day[self.player] > limit:
            raise Refused(
                f"{name} would bring you to day {after.day[self.player]}, past the puzzle's "
                f"limit of day {limit}"
            )
        self.route.append(name)
        self._states.append(after)
        self.chance.append(resolved)
        self._rolls.append(rolls)

    def drawn(self) -> list[str]:
        return list(self.chance[-1])

    def undo(self) -> str:
        if self.route:
            self.chance.pop()
            self._rolls.pop()
        return super().undo()

    def checkpoints(self) -> list[tuple[int, int]]:
        """The day each checkpoint was completed on and its points, in order."""
        board, done = self.state.tables.board, []
        for before, after in zip(self._states, self._states[1:], strict=False):
            for stage in range(before.stage[self.player], after.stage[self.player]):
                day = int(after.day[self.player])
                done.append((day, board.checkpoints[stage].points(day)))
        return done

    def sheet(self) -> ScoreSheet:
        return self.state.scores()[self.player]

    def status(self) -> list[str]:
        """The running figures: the day against the limit, the Tickets held, the score so
        far by the score sheet."""
        state, p = self.state, self.player
        limit = self.puzzle.limit
        held = [
            f"{count} {kind}"
            for kind, count in zip(ROUTE_TYPES, state.tickets[p], strict=True)
            if count
        ]
        done = f"home on day {self.day}" if self.finished else f"in {self.place}"
        content = state.tables.content
        tokens = [
            f"{content.board.cities[city].name} {content.tokens[token]}"
            for city, token in enumerate(state.city_token)
            if token >= 0
        ]
        return [
            f"day {self.day} of {limit}, {limit - self.day} days left, {done}",
            "tickets: " + (", ".join(held) if held else "none"),
            "tokens on the map: " + (", ".join(tokens) if tokens else "none"),
            f"score so far {self.sheet().total}",
        ]


def _checkpoint_lines(walk: JourneyWalk, puzzle: JourneyPuzzle) -> list[str]:
    """Each checkpoint completed on another day than the optimum's, with its points."""
    best = JourneyWalk(puzzle)
    for name in puzzle.route:
        best.take(name)
    lines = []
    checkpoints = walk.state.tables.board.checkpoints
    for checkpoint, (day, points), (their_day, theirs) in zip(
        checkpoints, walk.checkpoints(), best.checkpoints(), strict=True
    ):
        if day != their_day:
            lines.append(
                f"{checkpoint.name} checkpoint in {checkpoint.city}: you on day {day} "
                f"({points} points), the optimum on day {their_day} ({theirs} points)"
            )
    return lines


def check_journey(puzzle: JourneyPuzzle, route: Sequence[str], *, reveal: bool = False) -> Verdict:
    """Judge a whole journey of action names from the puzzle's start: the chance outcomes may
    be named too (as in a plan's history) and must be those the puzzle assumes. Refused naming
    the step and why; accepted when it scores the optimum; else the score sheets compared line
    by line, and with `reveal` the optimal journey, which is shown only when asked for."""
    optimum = puzzle.score
    solution = ["the optimal journey: " + "; ".join(puzzle.route)]
    walk = JourneyWalk(puzzle)
    refused = walk.follow(route, "step")
    if refused is not None:
        return Verdict(False, False, None, optimum, (refused, *(solution if reveal else [])))
    if not walk.finished:
        why = (
            f"the journey has not ended: after step {len(route)} you are in {walk.place} on day "
            f"{walk.day}; it ends at {puzzle.home} (the Final checkpoint) by day {puzzle.limit}"
        )
        return Verdict(False, False, None, optimum, (why, *(solution if reveal else [])))
    sheet = walk.sheet()
    best = puzzle.optimum.sheet
    assert best is not None
    if sheet.total >= optimum:
        lines = [
            f"home on day {walk.day}",
            *(f"{s.label}: {s.points}" for s in sheet.lines if s.points),
        ]
        return Verdict(True, True, sheet.total, optimum, tuple(lines))
    lines = sheet_lines(sheet, best, "the optimum")
    lines += _checkpoint_lines(walk, puzzle)
    lines.append(
        f"home on day {walk.day}; the optimum on day {puzzle.optimum.earliest}"
        if puzzle.optimum.earliest is not None
        else f"home on day {walk.day}"
    )
    lines += solution if reveal else [on_request("the optimal journey")]
    return Verdict(True, False, sheet.total, optimum, tuple(lines))
