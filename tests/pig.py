"""Pig, a tiny dice game used to test the engine contract without any board game's rules."""

from __future__ import annotations

from dataclasses import dataclass

from kit.core import CHANCE, TERMINAL, Game, ScoreLine, ScoreSheet, State


@dataclass(frozen=True, slots=True)
class Choice:
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Roll:
    face: int

    def __str__(self) -> str:
        return f"rolled {self.face}"


ROLL, STOP = Choice("roll"), Choice("stop")


class Pig(Game):
    name = "pig"
    title = "Pig"

    def __init__(self, players: int = 2, seed: int | None = None, target: int = 20) -> None:
        if not 1 <= players <= 4:
            raise ValueError(f"players must be 1..4, got {players}")
        super().__init__({"players": players, "seed": seed, "target": target})

    def new_game(self) -> PigState:
        return PigState(self)


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

    def _legal_actions(self):
        return (ROLL, STOP)

    def _chance_outcomes(self):
        return [(Roll(face), 1 / 6) for face in range(1, 7)]

    def _apply(self, action) -> None:
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

    def scores(self):
        return [
            ScoreSheet(p, f"player {p}", (ScoreLine("banked", b),))
            for p, b in enumerate(self.banked)
        ]

    def observation(self, player: int) -> dict:
        return {"banked": list(self.banked), "turn_total": self.turn_total}

    def __str__(self) -> str:
        return f"banked {self.banked}, turn {self.turn_total}, player {self.player}"
