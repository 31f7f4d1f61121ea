"""Pig, a tiny dice game used to test the engine contract without any board game's rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from kit.core import CHANCE, TERMINAL, Game, Option, ScoreLine, ScoreSheet, State
from kit.core.options import SEED, integer, players_option


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    kind = "turn"
    place = None

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Roll:
    face: int
    kind = "chance"
    place = None

    def __str__(self) -> str:
        return f"rolled {self.face}"


ROLL, STOP = Choice("roll"), Choice("stop")


class Pig(Game):
    name = "pig"
    title = "Pig"
    OPTIONS = (
        players_option(1, 4),
        SEED,
        Option("target", 20, "a whole number from 1 to 100", integer(1, 100), int),
    )

    def configure(self) -> None:
        """Pig has no content to load."""

    def new_game(self) -> PigState:
        return PigState(self)

    def board(self) -> nx.Graph:
        return nx.Graph()


class PigState(State):
    def __init__(self, game: Pig) -> None:
        super().__init__(game)
        self.banked = [0] * game.num_players
        self.turn_total = 0
        self.player = 0
        self.rolling = False

    @property
    def current_player(self) -> int:
        if max(self.banked) >= self.game.options["target"]:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def _legal_actions(self) -> tuple[Choice, ...]:
        return (ROLL, STOP)

    def _chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(face), 1 / 6) for face in range(1, 7)]

    def _apply(self, action: Any) -> None:
        if action == ROLL:
            self.rolling = True
        elif action == STOP:
            self.banked[self.player] += self.turn_total
            self._next_player()
        else:
            self.rolling = False
            if action.face == 1:
                self._next_player()
            else:
                self.turn_total += action.face

    def _next_player(self) -> None:
        self.turn_total = 0
        self.player = (self.player + 1) % self.game.num_players

    def told(self, action: Any, seat: int) -> str:
        """Pig has no secret: every seat sees every roll and every choice."""
        return str(action)

    def scores(self) -> list[ScoreSheet]:
        return [
            ScoreSheet(p, f"player {p}", (ScoreLine("banked", b),))
            for p, b in enumerate(self.banked)
        ]

    LENGTH_UNIT = "turns"

    def lengths(self) -> list[int]:
        return [self.history.count(STOP)] * self.game.num_players

    def _observation(self, player: int) -> dict[str, Any]:
        return {
            "phase": f"turn total {self.turn_total}",
            "turn": f"player {self.player} rolls or stops",
            "banked": list(self.banked),
            "turn_total": self.turn_total,
        }

    def __str__(self) -> str:
        return f"banked {self.banked}, turn {self.turn_total}, player {self.player}"
