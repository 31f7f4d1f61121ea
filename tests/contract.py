"""One random-play harness for every game, in the manner of OpenSpiel's `random_sim_test`.

`play_checked` plays a game with the given bots and checks the engine contract at every step:
legal actions unique by name and stable (asked twice, and recomputed, in the same order), each
with a `kind` and a `place` on the game's map; for a game on the decision stack, that what each
seat is told of the action (`state.told`, asked before it) names nothing the game's
`hidden(state, seat)` lists for that seat. Every `observe_every` steps, at the sampled steps
and at the end, that no seat's observation shows any of those names (an observation of every
seat at every step costs several times the game itself: a test asks for it in some games). At
the sampled steps and at the end, that clone, JSON and undo reproduce the state exactly and
that each player's observation is JSON and names the phase, the turn and the question. Each
game's own invariants run at every step through `invariants(state, before, action)`.
`CHECKED` counts the seat-steps checked, by game
and check. `same_game_elsewhere` replays a seeded game in a fresh Python process and compares."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kit.core import CHANCE, State
from kit.core.frames import StackState

Hidden = Callable[[State, int], Iterable[str]]
Invariants = Callable[[State, State | None, Any], None]
REQUIRED = ("player", "to_move", "question", "phase", "turn")
CHECKED: Counter[tuple[str, str]] = Counter()  # seat-steps checked, by (game, "told" or "seen")


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


def check_observations(state: State) -> None:
    """Every player's observation: JSON and the shared keys."""
    for player in range(state.num_players):
        seen = state.observation(player)
        json.dumps(seen)
        missing = [key for key in REQUIRED if key not in seen]
        assert not missing, f"observation lacks {missing}"


def observed(state: State) -> list[set[str]]:
    """The strings of each seat's observation, keys and values, and each key with its string
    value as JSON writes the pair ('"token": "A03"')."""
    found: list[set[str]] = []
    for seat in range(state.num_players):
        found.append(set())
        _strings(state.observation(seat), found[-1])
    return found


def _strings(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            if isinstance(item, str):
                found.add(f'"{key}": "{item}"')
            _strings(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings(item, found)


def check_seen(state: State, hidden: Hidden) -> None:
    """No name hidden from a seat (the game's `hidden`) is a string of its observation (see
    `observed`): a name in JSON quotes, as the observation would write it, '"card 02"' or
    '"token": "A03"', or bare."""
    for seat, strings in enumerate(observed(state)):
        shown = [s for s in hidden(state, seat) if (s[1:-1] if s[0] == '"' else s) in strings]
        assert not shown, f"player {seat} may not see {shown}"
    CHECKED[state.game.name, "seen"] += state.num_players


def check_told(state: StackState, action: Any, hidden: Hidden) -> None:
    """What each seat is told of `action`, about to be taken, names nothing hidden from that
    seat once it is answered (before the tasks it sets off: the end of a round takes the cards
    played back into the hands, a card played face up was in sight meanwhile), unless hidden
    before it too (a card taken from the market into a hand, or turned face down, was in
    sight). The words are searched for the names the game gives without quotes (its own
    words: "the Movement card", "Torino-1"), each whole."""
    after = state.clone()
    after.stack.pop().answer(after, action)
    for seat in range(state.num_players):
        words = state.told(action, seat)
        named = [s for s in hidden(after, seat) if s in words and _names(words, s)]
        if named:
            before = set(hidden(state, seat))
            named = [name for name in named if name in before]
        assert not named, f"player {seat} is told {words!r}, naming {named}"
    CHECKED[state.game.name, "told"] += state.num_players


def _names(words: str, name: str) -> bool:
    """Whether `words` name `name`, whole and bare ("card 05", not in "card 059")."""
    pattern = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
    return name[0] != '"' and re.search(pattern, words) is not None


def play_checked(
    state: State,
    bots: Sequence[Any],
    *,
    invariants: Invariants | None = None,
    hidden: Hidden | None = None,
    sample_every: int = 0,
    observe_every: int = 0,
    max_steps: int = 200_000,
) -> State:
    """Play to the end, checking the contract at every step (see the module docstring);
    round trips and the observations' keys every `sample_every` steps (0: only at the end),
    that the observations hide the secrets at those steps and every `observe_every` (0: no
    more)."""
    places = set(state.game.board().nodes)
    check_actions(state, places)
    for _ in range(max_steps):
        if state.is_terminal:
            break
        player = state.current_player
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        before = state.clone() if invariants else None
        if hidden and isinstance(state, StackState):  # every game of the kit (not the tests' Pig)
            check_told(state, action, hidden)
        state.apply(action)
        check_actions(state, places)
        if invariants:
            invariants(state, before, action)
        sampled = sample_every and len(state.history) % sample_every == 0
        observe = sampled or (observe_every and len(state.history) % observe_every == 0)
        if hidden and observe:
            check_seen(state, hidden)
        if sampled:
            check_round_trips(state)
            check_observations(state)
    assert state.is_terminal, f"no end within {max_steps} steps"
    check_round_trips(state)
    check_observations(state)
    if hidden:
        check_seen(state, hidden)
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
