"""The decision stack: what a game still has to do, as frames on its state (TAG's extended
actions, OpenSpiel's chance nodes).

A `Frame` is one thing due: a question to a seat, or a chance event (its `player` is `CHANCE`).
It states the question in words, lists the possible answers (a chance event, its weighted
outcomes), applies the one given, says why another is refused (reading the action's fields, never
its label) and what each seat learns of the answer. A `Task` is something that happens at once
when it comes to the top (a phase begins, a card is revealed, an action ends); it may push frames.

`StackState` holds the stack and writes once, from the top frame, what every game would otherwise
write for itself: whose turn it is, the legal actions, the chance outcomes, applying an action,
the question, the reason for a refusal and what a seat is told. A game supplies its frames, the
first ones pushed by its constructor before it calls `_advance`, and `_stack_empty` for what comes
when nothing is left (the next player's turn, or the end). Frames never change once made, so a
clone of a state shares them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from kit.core.state import CHANCE, TERMINAL, Game, State


class Frame:
    """A question to `player` (a seat), or a chance event when `player` is `CHANCE`."""

    __slots__ = ()
    player: int

    def question(self, state: Any) -> str:
        """What is asked, in words ("which Ticket to discard"); for chance, what is drawn."""
        raise NotImplementedError

    def choices(self, state: Any) -> Sequence[Any]:
        """The possible answers now, in a stable order; none means the question passes."""
        raise NotImplementedError

    def outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        """A chance event's outcomes with their probabilities; none means it passes."""
        raise NotImplementedError

    def answer(self, state: Any, action: Any) -> None:
        """Apply `action`, one of the choices (or outcomes); the frame is already off the stack."""
        raise NotImplementedError

    def passed(self, state: Any) -> None:
        """What happens when there is no possible answer (the frame is already off the stack)."""

    def refusal(self, state: Any, action: Any) -> str | None:
        """Why `action` (not among the choices; None for a name no action of the game has) is
        refused, in the rules' words, read from its fields; None for the state's general reason."""
        return None

    def told(self, state: Any, action: Any, seat: int) -> str:
        """What `seat` learns of `action`, answered here: by default all of it (its label). A
        frame whose answer is secret from some seats says what they see instead."""
        return str(action)


class Task(Frame):
    """Something that happens at once when it comes to the top of the stack."""

    __slots__ = ()

    def run(self, state: Any) -> None:
        raise NotImplementedError


class StackState(State):
    """A state whose flow is a stack of frames; the last frame of `stack` is the one due now.

    `_advance` runs tasks and passes questions without an answer until a question has one, a
    chance event is due or the game is over; it keeps the mover and the answers (`_pending`),
    which the engine asks for several times an action."""

    CACHES: ClassVar[frozenset[str]] = State.CACHES | {"_pending"}
    current_player: int = CHANCE
    """The seat of the frame due, CHANCE or TERMINAL: kept by `_advance` as a plain attribute,
    which the engine and the bots read several times an action."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.stack: list[Frame] = []
        self._pending: tuple[Any, ...] = ()

    # --- what the game supplies ---------------------------------------------------------------
    def _stack_empty(self) -> bool:
        """Push what comes next once nothing is due; False when the game is over."""
        return False

    def _refused(self, frame: Frame, action: Any) -> str:
        """The reason given when the top frame names none: what is asked now."""
        if frame.player == CHANCE:
            return f"it is not a possible outcome of the chance event due now ({self.question()})"
        return f"it is not a possible answer now: player {frame.player} is asked {self.question()}"

    def action_called(self, name: str) -> Any:
        """The action of this game called `name`, legal or not (a game's table of its actions),
        or None: how a refusal of a name reads the action's fields. By default, legal ones only."""
        return next((a for a in self.legal_actions() if str(a) == name), None)

    # --- the flow -------------------------------------------------------------------------------
    def push(self, *frames: Frame) -> None:
        """Put frames on the stack so that the first one given is resolved first."""
        if len(frames) == 1:
            self.stack.append(frames[0])
        else:
            self.stack.extend(reversed(frames))

    def _advance(self) -> None:
        """Run the tasks until a question with a possible answer, a chance event or the end."""
        stack = self.stack
        while stack or self._stack_empty():
            frame = stack[-1]  # left on the stack when it is the one due (most often)
            if isinstance(frame, Task):
                stack.pop()
                frame.run(self)
                continue
            player = frame.player
            pending = frame.outcomes(self) if player == CHANCE else frame.choices(self)
            if pending:
                self.current_player = player
                self._pending = tuple(pending)
                self._legal_cache = None  # a trial's `_apply` does not pass through `apply`
                return
            stack.pop().passed(self)
        self.current_player = TERMINAL
        self._pending = ()
        self._legal_cache = None

    # --- the contract, from the top frame -----------------------------------------------------
    @property
    def is_terminal(self) -> bool:  # the engine asks often: one property, not two
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def _legal_actions(self) -> Sequence[Any]:
        return self._pending

    def _chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        return self._pending

    def legal_actions(self) -> tuple[Any, ...]:
        """The answers `_advance` found (at a chance event, its outcomes), kept until the next
        action: the engine asks for them several times an action."""
        if self._legal_cache is None:
            pending = self._pending
            chance = self.current_player == CHANCE
            self._legal_cache = tuple([outcome for outcome, _ in pending]) if chance else pending
        return self._legal_cache

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        return self._pending if self.current_player == CHANCE else ()

    def _apply(self, action: Any) -> None:
        self.stack.pop().answer(self, action)
        self._advance()

    def question(self) -> str:
        if self.current_player == TERMINAL:
            return "the game is over"
        return self.stack[-1].question(self)

    def _why_illegal(self, action: Any) -> str:
        if self.current_player == TERMINAL:
            return "the game is over"
        frame = self.stack[-1]
        if isinstance(action, str):
            action = self.action_called(action)
        return frame.refusal(self, action) or self._refused(frame, action)

    def told(self, action: Any, seat: int) -> str:
        """What `seat` learns of `action`, about to be taken now (the log of each seat, the
        panels and the command line show this and nothing else of another's action)."""
        self.check_player(seat)
        if self.current_player == TERMINAL:
            return ""
        return self.stack[-1].told(self, action, seat)
