"""The engine contract every game follows, modelled on OpenSpiel's State API in plain Python.

A game is a `Game` (options and static content) that makes `State`s. A state knows whose turn it
is, lists the legal actions in a stable order, applies one atomic action at a time (or refuses it
with the reason, changing nothing), and keeps its history so that it can be undone, replayed and
saved as JSON. Chance (shuffles, draws, die rolls) is an ordinary action chosen by `CHANCE`; a seed
only picks which outcome happens, so a saved history replays exactly without any random state.

A game subclass implements the underscored hooks: `current_player`, `_legal_actions`,
`_chance_outcomes`, `_apply`, `scores`, `observation` and `__str__`.
"""

from __future__ import annotations

import copy
import html
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from kit.core.errors import IllegalAction, KitError, SaveError
from kit.core.rng import rng_for

CHANCE = -1
TERMINAL = -2
SAVE_FORMAT = 1

Action = Hashable  # small frozen dataclasses with a readable, unique str()


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
    tiebreak: tuple = ()
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

    `options` holds only JSON values, so a save file can rebuild the same game."""

    name: ClassVar[str]
    title: ClassVar[str]

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def seed(self) -> int | None:
        return self.options.get("seed")

    @abstractmethod
    def new_game(self) -> State:
        """The state before the first action (setup chance included in the history)."""

    def replay(self, history: Iterable[Action | str]) -> State:
        """Apply `history` (actions or their names) to a new game; raise at the first illegal."""
        state = self.new_game()
        for step, action in enumerate(history, start=1):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"step {step}: {error}") from None
        return state

    def from_json(self, text: str) -> State:
        """Rebuild a saved state by re-playing its history; an edit that breaks a rule fails."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SaveError(f"the save is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise SaveError("the save must be a JSON object")
        missing = [key for key in ("format", "game", "options", "history") if key not in data]
        if missing:
            raise SaveError(f"the save lacks the field(s) {', '.join(missing)}")
        if data["format"] != SAVE_FORMAT:
            raise SaveError(
                f"save format {data['format']!r} is not supported (expected {SAVE_FORMAT})"
            )
        if data["game"] != self.name:
            raise SaveError(f"the save is of game {data['game']!r}, not {self.name!r}")
        if not isinstance(data["options"], dict):
            raise SaveError("the save's 'options' must be an object")
        history = data["history"]
        if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
            raise SaveError("the save's 'history' must be a list of action names")
        game = self
        if data["options"] != self.options:
            try:
                game = type(self)(**data["options"])
            except (KitError, TypeError, ValueError) as error:
                raise SaveError(f"the save's options are invalid: {error}") from None
        try:
            return game.replay(history)
        except IllegalAction as error:
            raise SaveError(f"the save's history does not follow the rules: {error}") from None

    def __repr__(self) -> str:
        options = ", ".join(f"{key}={value!r}" for key, value in self.options.items())
        return f"{type(self).__name__}({options})"


class State(ABC):
    """One position of a game. Subclasses keep their data compact so clone and replay stay cheap."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[Action] = []
        self._legal_cache: tuple[Action, ...] | None = None

    # --- hooks for the game -------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """A player index, `CHANCE` or `TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """The current player's legal actions, in a stable order (not called at chance nodes)."""

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """(outcome, probability) pairs; only called when `current_player` is `CHANCE`."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change the state by one legal action (legality is already checked)."""

    def _why_illegal(self, action: Action) -> str:
        """A reason, in the rules' words, why `action` is refused here. Games refine it."""
        if self.current_player == TERMINAL:
            return "the game is over"
        return "it is not among the legal actions in this state"

    @abstractmethod
    def scores(self) -> list[ScoreSheet]:
        """A score sheet per player (final once the state is terminal)."""

    @abstractmethod
    def observation(self, player: int) -> dict:
        """What `player` may see: hidden tiles, other hands and deck orders are left out."""

    # --- the contract -------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> tuple[Action, ...]:
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

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The outcomes of the chance event now due, with their probabilities."""
        if self.current_player != CHANCE:
            return ()
        return tuple(self._chance_outcomes())

    def action_named(self, name: str) -> Action:
        """The legal action whose str() is `name` (how saves and the terminal name actions)."""
        for action in self.legal_actions():
            if str(action) == name:
                return action
        raise IllegalAction(f"'{name}': {self._why_illegal(name)}")

    def apply(self, action: Action | str) -> None:
        """Apply one legal action, or raise `IllegalAction` with the reason and change nothing."""
        if isinstance(action, str):
            action = self.action_named(action)
        elif action not in self.legal_actions():
            raise IllegalAction(f"{action}: {self._why_illegal(action)}")
        self._apply(action)
        self.history.append(action)
        self._legal_cache = None

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Pick the outcome of the chance event now due; by default fixed by the game's seed."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("no chance event is due")
        rng = rng or rng_for(self.game.seed, "chance", len(self.history))
        actions, weights = zip(*outcomes, strict=True)
        return rng.choices(actions, weights=weights)[0]

    def resolve_chance(self) -> None:
        """Apply seeded chance outcomes until a player (or the end) is to move."""
        while self.current_player == CHANCE:
            self.apply(self.sample_chance())

    def undo(self) -> Action:
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

    def to_json(self) -> str:
        """The game's options, the history by action names, and the save format version."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game.name,
                "options": self.game.options,
                "history": [str(action) for action in self.history],
            },
            ensure_ascii=False,
        )

    def _key(self) -> dict:
        """Everything that defines the position, for equality; excludes caches and the game."""
        return {k: v for k, v in vars(self).items() if k not in ("game", "_legal_cache")}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.options == other.game.options and self._key() == other._key()

    __hash__ = None  # states are mutable

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"
