"""One random-play harness for every game, in the manner of OpenSpiel's `random_sim_test`.

`play_checked` plays a game with the given bots and checks the engine contract at every step:
legal actions unique by name and stable (asked twice, and recomputed, in the same order), each
with a `kind` and a `place` on the game's map; at sampled steps and at the end, that clone, JSON
and undo reproduce the state exactly and that each player's observation is JSON, names the phase,
the turn and the question, and leaks none of the hidden names the game lists for that player.
Each game's own invariants run at every step through `invariants(state, before, action)`.
`same_game_elsewhere` replays a seeded game in a fresh Python process and compares."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kit.core import CHANCE, State

Hidden = Callable[[State, int], Iterable[str]]
Invariants = Callable[[State, State | None, Any], None]
REQUIRED = ("player", "to_move", "question", "phase", "turn")


def check_actions(state: State, places: set[str]) -> None:
    """Legal actions: stable, recomputed the same, unique names, a kind and a known place."""
    legal = state.legal_actions()
    assert legal == state.legal_actions()
    if state.current_player >= 0:
        assert tuple(state._legal_actions()) == legal, "legal actions recomputed differently"
    names = [str(a) for a in legal]
    assert len(set(names)) == len(names), f"duplicate action names: {names}"
    for action in legal:
        assert isinstance(action.kind, str) and action.kind, f"{action}: no kind"
        assert action.place is None or action.place in places, f"{action}: place {action.place!r}"
        if state.is_chance_node:
            assert action.kind == "chance", f"{action}: a chance outcome of kind {action.kind}"


def check_round_trips(state: State) -> None:
    """Clone, save and load, and undo then redo each give back the same state."""
    copy = state.clone()
    assert copy == state
    loaded = state.game.from_json(state.to_json())
    assert loaded == state and loaded.fixed == state.fixed
    if state.history:
        last = state.history[-1]
        state.undo()
        state.apply(last)
        assert state == copy


def check_observations(state: State, hidden: Hidden | None) -> None:
    """Every player's observation: JSON, the shared keys, and no hidden name in it."""
    for player in range(state.num_players):
        seen = state.observation(player)
        text = json.dumps(seen)
        missing = [key for key in REQUIRED if key not in seen]
        assert not missing, f"observation lacks {missing}"
        for secret in hidden(state, player) if hidden else ():
            assert secret not in text, f"player {player} may not see {secret!r}"


def play_checked(
    state: State,
    bots: Sequence[Any],
    *,
    invariants: Invariants | None = None,
    hidden: Hidden | None = None,
    sample_every: int = 0,
    max_steps: int = 200_000,
) -> State:
    """Play to the end, checking the contract at every step (see the module docstring);
    round trips and observations every `sample_every` steps (0: only at the end)."""
    places = set(state.game.board().nodes)
    check_actions(state, places)
    for _ in range(max_steps):
        if state.is_terminal:
            break
        player = state.current_player
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        before = state.clone() if invariants else None
        state.apply(action)
        check_actions(state, places)
        if invariants:
            invariants(state, before, action)
        if sample_every and len(state.history) % sample_every == 0:
            check_round_trips(state)
            check_observations(state, hidden)
    assert state.is_terminal, f"no end within {max_steps} steps"
    check_round_trips(state)
    check_observations(state, hidden)
    for sheet in state.scores():
        assert sheet.total == sum(line.points for line in sheet.lines)
    return state


_SCRIPT = """
import json, sys
import kit
from kit.core.bots import RandomBot, play
name, options = sys.argv[1], json.loads(sys.argv[2])
game = kit.load(name, **options)
state = play(game.new_game(), [RandomBot(game.seed, p) for p in range(game.num_players)])
print(json.dumps([str(a) for a in state.history]))
"""


def same_game_elsewhere(name: str, options: dict[str, Any], history: Sequence[Any]) -> None:
    """The same seeded game of random bots, played in a fresh Python process, has `history`."""
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, name, json.dumps(options)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == [str(a) for a in history]
