"""The engine contract every game follows, modelled on OpenSpiel's State API in plain Python.

A game is a `Game` (options and static content) that makes `State`s. A state knows whose turn it
is, lists the legal actions in a stable order, applies one atomic action at a time (or refuses it
with the reason, changing nothing), and keeps its history so that it can be undone, replayed and
saved as JSON. Chance (shuffles, draws, die rolls) is an ordinary action chosen by `CHANCE`; a seed
only picks which outcome happens, so a saved history replays exactly without any random state.

A chance outcome can also be chosen by hand (a scenario, a puzzle): the state records the step in
`fixed`, the save lists it, and loading a save checks that every other chance outcome is the one
the seed gives, so editing a save to deal yourself a better card fails, naming the step. A save
that lists its own edit among the steps fixed by hand loads, as a scenario does: so a game with
outcomes fixed by hand says so wherever it is shown (`hand_fixed`: the play panel's heading,
a notebook's picture of the state, `kit play`, the save's summary, `repr`).

A game's state is a `kit.core.frames.StackState`, which writes the flow once from a stack of
frames; a state can also implement the hooks itself (`current_player`, `_legal_actions`,
`_chance_outcomes`, `_apply`, `told`), as the tests' tiny game does. Either way it gives
`_observation`, `scores`, `lengths` and `__str__`; its `Game` declares its `OPTIONS` and the map
(`board`).
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from kit.core.errors import IllegalAction, KitError, SaveError, shown
from kit.core.options import Option, check_options
from kit.core.rng import chance_pick
from kit.core.words import plural

if TYPE_CHECKING:
    import networkx as nx

CHANCE = -1
TERMINAL = -2
SAVE_FORMAT = 2
MAX_SAVE_BYTES = 50_000_000
HAND_FIXED_SHOWN = 8  # steps fixed by hand that `hand_fixed` names (a scenario may fix dozens)


class Action(Protocol):
    """What every game's actions are: small frozen values whose `str()` is a plain English label,
    unique among the legal actions of a state (saves and the terminal name actions by it).

    `kind` groups actions for a panel ("travel", "explore", "wait", "card", "answer", "chance",
    ...; each game lists its own); `place` names the node of the game's map the action concerns
    (a destination, the city explored, a region), or None, so a panel can show the actions of a
    clicked place."""

    @property
    def kind(self) -> str: ...

    @property
    def place(self) -> str | None: ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score sheet: what was scored, how many points, and how it was counted."""

    label: str
    points: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A player's final scoring, line by line, as a teacher would write it on the board.

    `tiebreak` is a tuple compared after the total (larger is better); `tiebreak_text` says in
    words what it measures, for example "returned on day 78"."""

    player: int
    name: str
    lines: tuple[ScoreLine, ...]
    tiebreak: tuple[int, ...] = ()
    tiebreak_text: str = ""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def line(self, label: str) -> int:
        """Points on the line called `label` (0 if the sheet has no such line)."""
        return sum(line.points for line in self.lines if line.label == label)

    def __str__(self) -> str:
        width = max([len(line.label) for line in self.lines] + [5])
        rows = [f"{self.name}"]
        for line in self.lines:
            detail = f"  ({line.detail})" if line.detail else ""
            rows.append(f"  {line.label:<{width}} {line.points:>4}{detail}")
        rows.append(f"  {'Total':<{width}} {self.total:>4}")
        if self.tiebreak_text:
            rows.append(f"  tie-break: {self.tiebreak_text}")
        return "\n".join(rows)


def ranking(sheets: Sequence[ScoreSheet]) -> list[int]:
    """Place of each player (1 = winner); players equal on total and tie-break share a place."""
    keys = [(sheet.total, sheet.tiebreak) for sheet in sheets]
    return [1 + sum(other > key for other in keys) for key in keys]


class Game(ABC):
    """A game with its options fixed: the factory of states and the reader of saved games.

    `OPTIONS` declares every option; `Game(**options)` checks them (type, range, unknown names)
    and then calls `configure` for what depends on several of them. `options` holds only JSON
    values, so a save file can rebuild the same game."""

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]]

    def __init__(self, /, **options: Any) -> None:
        self.options: dict[str, Any] = check_options(self.OPTIONS, options)
        self.configure()

    @abstractmethod
    def configure(self) -> None:
        """Load the content and check the options against each other (a game's hook)."""

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def seed(self) -> int | None:
        seed: int | None = self.options.get("seed")
        return seed

    @abstractmethod
    def new_game(self) -> State:
        """The state before the first action (setup chance still to come)."""

    @abstractmethod
    def board(self) -> nx.Graph:
        """The game's map as a networkx graph; node names are the places actions refer to."""

    def with_seed(self, seed: int | None) -> Game:
        """The same game with another seed."""
        return type(self)(**{**self.options, "seed": seed})

    def replay(self, history: Iterable[Action | str]) -> State:
        """Apply `history` (actions or their names) to a new game; raise at the first illegal."""
        state = self.new_game()
        for step, action in enumerate(history, start=1):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"step {step}: {error}") from None
        return state

    def from_json(self, text: str | bytes) -> State:
        """Rebuild a saved state by re-playing its history. Anything that is not a kit save of
        this game, an edit that breaks a rule, or a chance outcome that is neither the seed's nor
        listed as fixed raises `SaveError` naming what and where."""
        data = read_save(text)
        if data["game"] != self.name:
            raise SaveError(f"the save is of game {shown(data['game'])}, not {self.name!r}")
        game = self
        try:  # checked even when they look like this game's (true == 1 == 1.0 in Python)
            if check_options(self.OPTIONS, data["options"]) != self.options:
                game = type(self)(**data["options"])
        except KitError as error:
            raise SaveError(f"the save's options are invalid: {error}") from None
        return game._replay_save(data["history"], set(data["fixed"]))

    def _replay_save(self, history: list[str], fixed: set[int]) -> State:
        state = self.new_game()
        for index, name in enumerate(history):
            expected = state.seeded_outcome() if state.is_chance_node else None
            try:
                state.apply(name)
            except IllegalAction as error:
                raise SaveError(
                    f"the save's history does not follow the rules: step {index + 1}: {error}"
                ) from None
            if expected is not None and name != str(expected) and index not in fixed:
                raise SaveError(
                    f"step {index + 1}: the chance outcome {name!r} is not the one the seed gives "
                    f"({str(expected)!r}) and the save does not list it among those fixed by hand"
                )
        return state

    def __repr__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        return f"{type(self).__name__}({options})"


def read_save(text: object) -> dict[str, Any]:
    """The fields of a save, each of the right type, or `SaveError` saying what is wrong."""
    data = _save_json(text)
    if not isinstance(data, dict):
        raise SaveError("not a kit save: expected a JSON object")
    missing = [key for key in ("format", "game", "options", "history") if key not in data]
    if missing:
        raise SaveError(f"not a kit save: it lacks the field(s) {', '.join(missing)}")
    if data["format"] == 1:
        raise SaveError(
            "save format 1 comes from an earlier kit whose action names have changed; it cannot "
            "be loaded (start the game again)"
        )
    if data["format"] != SAVE_FORMAT:
        raise SaveError(
            f"save format {shown(data['format'])} is not supported (expected {SAVE_FORMAT})"
        )
    _check_fields(data)
    return data


def _save_json(text: object) -> object:
    """The JSON value of a save's text (bytes in UTF-8, or a str), or `SaveError`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("not a kit save: the file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError(f"not a kit save: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"not a kit save: {len(text):,} characters is too long")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"the save is not valid JSON: {error}") from None
    except RecursionError:
        raise SaveError("not a kit save: the JSON is nested too deeply") from None
    except ValueError as error:  # a number too long for Python to convert
        raise SaveError(f"not a kit save: {error}") from None


def _check_fields(data: dict[str, Any]) -> None:
    """`SaveError` unless a save's game, options, history and fixed steps are of the right
    type (a save without fixed steps is given none)."""
    if not isinstance(data["game"], str):
        raise SaveError(f"the save's 'game' must be a name, got {shown(data['game'])}")
    if not isinstance(data["options"], dict):
        raise SaveError("the save's 'options' must be an object")
    history = data["history"]
    if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
        raise SaveError("the save's 'history' must be a list of action names")
    fixed = data.setdefault("fixed", [])
    if not isinstance(fixed, list) or not all(type(step) is int and step >= 0 for step in fixed):
        raise SaveError("the save's 'fixed' must list step numbers of its history")


class State(ABC):
    """One position of a game. Subclasses keep their data compact so clone and replay stay cheap.

    `CACHES` names the attributes that are not part of the position (equality ignores them)."""

    CACHES: ClassVar[frozenset[str]] = frozenset({"game", "_legal_cache", "_sampled"})

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[Any] = []
        self.fixed: list[int] = []  # history indices of chance outcomes chosen by hand
        self._legal_cache: tuple[Any, ...] | None = None
        self._sampled: tuple[int, Any] | None = None

    # --- hooks for the game -------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """A player index, `CHANCE` or `TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[Any]:
        """The current player's legal actions, in a stable order (not called at chance nodes)."""

    def _chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        """(outcome, probability) pairs; only called when `current_player` is `CHANCE`."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Change the state by one legal action (legality is already checked)."""

    def _why_illegal(self, action: Any) -> str:
        """A reason, in the rules' words, why `action` is refused here. Games refine it."""
        if self.current_player == TERMINAL:
            return "the game is over"
        return "it is not among the legal actions in this state"

    @abstractmethod
    def scores(self) -> list[ScoreSheet]:
        """A score sheet per player (final once the state is terminal)."""

    LENGTH_UNIT: ClassVar[str] = "days"  # what `lengths` counts: "days", "rounds"

    @abstractmethod
    def lengths(self) -> list[int]:
        """How far each player's game has gone, in `LENGTH_UNIT` (the days a traveller has
        used, the rounds played): what a tournament reports beside the scores."""

    @abstractmethod
    def _observation(self, player: int) -> dict[str, Any]:
        """What `player` may see, named for display; at least "phase" (round, week or day, in
        words) and "turn" (whose turn it is and why). Hidden things are left out."""

    @abstractmethod
    def told(self, action: Any, seat: int) -> str:
        """What `seat` learns of `action`, about to be taken now: the log of each seat, the
        panels and the command line show this and nothing else of another's action."""

    def question(self) -> str:
        """The decision now due, in words ("which Ticket to discard"), or the chance event."""
        if self.is_terminal:
            return "the game is over"
        if self.is_chance_node:
            return "chance"
        return "choose an action"

    # --- the contract -------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    @property
    def num_players(self) -> int:
        return self.game.num_players

    def check_player(self, player: object) -> int:
        """`player` if it is a player's index, else `KitError` (CHANCE and TERMINAL are not)."""
        if type(player) is not int or not 0 <= player < self.game.num_players:
            raise KitError(
                f"{shown(player)} is not a player of this game (players are 0 to "
                f"{self.game.num_players - 1})"
            )
        return player

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see: hidden tiles, other hands and deck orders are left out.

        Every game gives "player", "to_move" (a player index, or None at chance and at the end),
        "question", "phase" and "turn", then its own board and player areas."""
        self.check_player(player)
        mover = self.current_player
        seen: dict[str, Any] = {
            "player": player,
            "to_move": mover if mover >= 0 else None,
            "question": self.question(),
        }
        seen.update(self._observation(player))
        return seen

    def legal_actions(self) -> tuple[Any, ...]:
        """Legal actions of whoever moves now (chance outcomes at a chance node), stable order."""
        if self._legal_cache is None:
            player = self.current_player
            if player == TERMINAL:
                self._legal_cache = ()
            elif player == CHANCE:
                self._legal_cache = tuple(outcome for outcome, _ in self._chance_outcomes())
            else:
                self._legal_cache = tuple(self._legal_actions())
        return self._legal_cache

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """The outcomes of the chance event now due, with their probabilities."""
        if self.current_player != CHANCE:
            return ()
        return tuple(self._chance_outcomes())

    def action_named(self, name: str) -> Any:
        """The legal action whose str() is `name` (how saves and the terminal name actions)."""
        for action in self.legal_actions():
            if str(action) == name:
                return action
        raise IllegalAction(f"{shown(name)}: {self._why_illegal(name)}")

    def apply(self, action: Any) -> None:
        """Apply one legal action, or raise `IllegalAction` with the reason and change nothing.

        A chance outcome other than the seed's is recorded in `fixed` (chosen by hand). The
        outcome `sample_chance` has just given for this very position needs neither check: it is
        legal and it is the seed's (a game spends up to a quarter of its steps on chance)."""
        sampled = self._sampled
        if sampled is None or sampled[1] is not action or sampled[0] != len(self.history):
            action = self._check_and_record(action)
        self._sampled = None
        self._apply(action)
        self.history.append(action)
        self._legal_cache = None

    def _check_and_record(self, action: Any) -> Any:
        """Refuse `action` unless it is legal; record a chance outcome other than the seed's."""
        if isinstance(action, str):
            action = self.action_named(action)
        elif action not in (self._legal_cache or self.legal_actions()):  # a bot has read them
            if getattr(action, "kind", None) is None:  # a list, a number: not an action at all
                raise IllegalAction(f"{shown(action)} is not an action (give one or its name)")
            raise IllegalAction(f"{action}: {self._why_illegal(action)}")
        if self.current_player == CHANCE and action != self.seeded_outcome():
            self.fixed.append(len(self.history))
        return action

    def seeded_outcome(self, among: Iterable[Any] | None = None) -> Any:
        """The outcome of the chance event now due that the game's seed picks; with `among`,
        the seed's pick among those outcomes only (their probabilities renormalised)."""
        outcomes = self.chance_outcomes()
        if among is not None:
            wanted = set(among)
            outcomes = tuple(pair for pair in outcomes if pair[0] in wanted)
        if not outcomes:
            raise IllegalAction("no chance event is due" if among is None else "no such outcome")
        index = chance_pick(self.game.seed, len(self.history), list(map(itemgetter(1), outcomes)))
        return outcomes[index][0]

    def sample_chance(self) -> Any:
        """The outcome of the chance event now due, fixed by the game's seed and the step."""
        action = self.seeded_outcome()
        self._sampled = (len(self.history), action)
        return action

    def resolve_chance(self) -> None:
        """Apply seeded chance outcomes until a player (or the end) is to move."""
        while self.current_player == CHANCE:
            self.apply(self.sample_chance())

    def follow(self, actions: Iterable[Any | str]) -> None:
        """Apply `actions` (or their names) in order, as a scenario does: a chance event due
        before an action that is not one of its outcomes is resolved by the seed, one that is
        named is fixed by hand; after the last, chance is resolved until a player is to move.
        A refused action raises `IllegalAction` naming it, and the state is left unchanged."""
        if isinstance(actions, str | bytes) or not isinstance(actions, Iterable):
            raise KitError(
                f"a scenario's actions are a list of actions or names, not {shown(actions)}"
            )
        work = self.clone()
        for number, action in enumerate(actions, start=1):
            while work.is_chance_node and not _names_one_of(action, work.legal_actions()):
                work.apply(work.sample_chance())
            try:
                work.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"action {number} of the scenario: {error}") from None
        work.resolve_chance()
        self.__dict__.update(work.__dict__)

    def undo(self) -> Any:
        """Take back the last action (chance outcomes count as actions) and return it."""
        if not self.history:
            raise IllegalAction("there is nothing to undo")
        last = self.history[-1]
        previous = self.game.replay(self.history[:-1])
        self.__dict__.update(previous.__dict__)
        return last

    def clone(self) -> State:
        """An independent copy sharing only the immutable game."""
        return copy.deepcopy(self, memo={id(self.game): self.game})

    def hand_fixed(self) -> str:
        """The chance outcomes chosen by hand (a scenario, an edited save that lists its edit)
        instead of by the seed, in words with their steps; "" when the seed chose them all."""
        count = len(self.fixed)
        if not count:
            return ""
        steps = ", ".join(str(index + 1) for index in self.fixed[:HAND_FIXED_SHOWN])
        more = f" and {count - HAND_FIXED_SHOWN} more" if count > HAND_FIXED_SHOWN else ""
        plural = "s" if count > 1 else ""
        return (
            f"{count} chance outcome{plural} fixed by hand, not by the seed "
            f"(step{plural} {steps}{more})"
        )

    def summary(self) -> str:
        """One line for people: the game, its players and seed, the step reached, and the
        chance outcomes fixed by hand if any (a save carries it; loading does not read it)."""
        game = self.game
        parts = [
            f"{game.title}: {plural(game.num_players, 'player')}",
            f"seed {game.seed}",
            f"step {len(self.history)}",
        ]
        return ", ".join(parts) + (f"; {self.hand_fixed()}" if self.fixed else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.summary()}>"

    def to_json(self) -> str:
        """The game's options, the history by action names, the steps whose chance outcome was
        chosen by hand, and the save format version; a `summary` line for people who open the
        file (not read back: loading re-plays the history and checks every chance outcome)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "summary": self.summary(),
                "options": self.game.options,
                "history": [str(action) for action in self.history],
                "fixed": list(self.fixed),
            },
            ensure_ascii=False,
        )

    def _key(self) -> dict[str, Any]:
        """Everything that defines the position, for equality; excludes caches and the game."""
        return {k: v for k, v in vars(self).items() if k not in self.CACHES}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.options == other.game.options and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # states are mutable


def _names_one_of(action: object, legal: Sequence[Any]) -> bool:
    """Whether `action` (an action or its name) is among `legal`."""
    if isinstance(action, str):
        return any(str(a) == action for a in legal)
    return action in legal
