"""Generated bad input, as a careless or curious user gives it: the command line (run in this
process), `kit.load` options and saved games (wrong types, deep nesting, huge numbers, unknown
keys, names that are not strings, cut and edited histories, edited chance outcomes). Never a
traceback: only the kit's errors (`SaveError` for saves, exit status 2 and one line for the
command line), and a state that a refused load or action was tried on is unchanged."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import kit
from kit.cli import main
from kit.core import KitError, SaveError, State
from kit.core.bots import RandomBot, play
from kit.core.data import SEEDS_DIR

GAMES = list(kit.GAMES)
SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# --- values of every kind ------------------------------------------------------------------
HUGE = st.sampled_from([10**30, -(10**30), 2**63, -(2**63) - 1]) | st.builds(
    pow, st.just(10), st.just(5000)
)
HUGE_TEXT = st.sampled_from(["1" + "0" * 30, str(-(2**63)), "9" * 5000])
TEXT = st.text(max_size=30) | st.sampled_from(["", " ", "\n", "\x00", "é", "\udcff", "9" * 5000])
FOLDERS = st.sampled_from(
    [".", "/", "/dev/null", str(SEEDS_DIR), *(str(SEEDS_DIR / g) for g in GAMES)]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | HUGE
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
    | FOLDERS
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


def nested(depth: int, leaf: object = 1) -> object:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def option_names(name: str) -> list[str]:
    return [option.name for option in kit.game_class(name).OPTIONS]


# --- the command line ---------------------------------------------------------------------
def flag(option: str) -> str:
    return "--" + option.replace("_", "-")


@st.composite
def bad_command_lines(draw: st.DrawFn) -> list[str]:
    """A command line with at least one argument that must be refused (the last one: the seat
    is checked once the game is loaded, the counts before), after any number of doubtful ones."""
    command = draw(st.sampled_from(["play", "simulate", "bench"]))
    game = draw(st.sampled_from(GAMES))
    words = [command, draw(st.sampled_from([game, game.replace("_", "-")]))]
    for _ in range(draw(st.integers(0, 3))):
        option = draw(st.sampled_from([*option_names(game), "colour"]))
        value = draw(TEXT | FOLDERS | HUGE_TEXT | st.integers(-3, 9).map(str))
        if draw(st.booleans()):
            words += [flag(option), value]
        else:
            words += ["--option", f"{option}={value}"]
    refused = {
        "play": ["--seat", draw(st.sampled_from(["9", "-1", "x", "9" * 5000]))],
        "simulate": ["--games", draw(st.sampled_from(["0", "-3", "many", "1e3", "9" * 5000]))],
        "bench": ["--count", draw(st.sampled_from(["0", "-1", "", "two"]))],
    }
    return words + refused[command]


HELP_WORDS = ("-h", "--h", "--he", "--hel", "--help")


@st.composite
def junk_command_lines(draw: st.DrawFn) -> list[str]:
    """Any words after a command, ending with one that no command knows."""
    command = draw(st.sampled_from(["play", "simulate", "bench", "solve", "demo", "fly", ""]))
    words = draw(st.lists(TEXT.filter(lambda w: w not in HELP_WORDS and w[:2] != "-h"), max_size=4))
    head = [command] if command else []
    if command == "solve":
        head.append("orienteering")
    return [*head, *words, "--no-such-flag"]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2, argv
    out = capsys.readouterr()
    assert out.out == "", argv
    assert out.err.startswith("kit: ") and out.err.count("\n") == 1, (argv, out.err)


@SETTINGS
@given(bad_command_lines())
@example(["play", "four-weeks", "--players", "1", "--seat", "1"])
@example(["play", "amazing-journey", "--travellers", "Paulo,Paulo", "--seat", "5"])
@example(["play", "timeless-journeys", "--without-seventh", "99", "--seat", "9"])
@example(["play", "four-weeks", "--content", "/", "--seat", "9"])
@example(["play", "amazing_journey", "--content", str(SEEDS_DIR / "four_weeks"), "--seat", "9"])
def test_bad_command_lines_get_one_line_and_status_2(capsys, argv):
    refused(capsys, argv)


@SETTINGS
@given(junk_command_lines())
@example(["simulate", "four-weeks", "a\nb", "--no-such-flag"])
@example(["solve", "orienteering", "\udcff.txt", "--no-such-flag"])
def test_junk_command_lines_get_one_line_and_status_2(capsys, argv):
    refused(capsys, argv)


# --- kit.load options -----------------------------------------------------------------------
@st.composite
def bad_options(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    game = draw(st.sampled_from(GAMES))
    keys = st.sampled_from([*option_names(game), "colour", "self", "name", ""]) | TEXT
    values = JUNK | st.builds(nested, st.integers(50, 400))
    return game, draw(st.dictionaries(keys, values, max_size=4))


@SETTINGS
@given(bad_options())
@example(("four_weeks", {"content": str(SEEDS_DIR / "amazing_journey")}))
@example(("amazing_journey", {"content": str(SEEDS_DIR)}))
@example(("timeless_journeys", {"without_seventh": [99]}))
@example(("timeless_journeys", {"players": 3, "travellers": ["x", "y", "z"]}))
@example(("amazing_journey", {"players": 2, "travellers": "Paulo,Paulo"}))
def test_bad_options_raise_the_kits_error(game_and_options):
    game, options = game_and_options
    try:
        loaded = kit.load(game, **options)
    except KitError:
        return
    assert set(loaded.options) == set(option_names(game))


@SETTINGS
@given(JUNK.filter(lambda name: not isinstance(name, str) or name.replace("-", "_") not in GAMES))
def test_a_game_that_is_not_one_of_the_kit_is_named(name):
    with pytest.raises(KitError, match="unknown game"):
        kit.load(name)


# --- saves ----------------------------------------------------------------------------------
@cache
def saved(name: str) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    """A save of a game of random bots stopped after 150 actions, the names of its actions and
    the steps that were chance events with more than one outcome."""
    game = kit.load(name, players=2, seed=3)
    state = play(
        game.new_game(), [RandomBot(3, p) for p in range(2)], stop=lambda s: len(s.history) >= 150
    )
    replay, chance = game.new_game(), []
    for step, action in enumerate(state.history):
        if replay.is_chance_node and len(replay.legal_actions()) > 1:
            chance.append(step)
        replay.apply(action)
    return state.to_json(), tuple(str(a) for a in state.history), tuple(chance)


def loads_or_refuses(text: object, name: str = GAMES[0]) -> State | None:
    """`kit.load_json(text)`, or None for a `SaveError`; `game.from_json` of a state of game
    `name` gives the same answer and leaves that state unchanged."""
    witness = kit.load_json(saved(name)[0])
    before = witness.clone()
    results = []
    for load in (kit.load_json, witness.game.from_json):
        try:
            results.append(load(text))
        except SaveError:
            results.append(None)
    assert witness == before and witness.game.options == before.game.options
    loaded, from_game = results
    if loaded is not None and loaded.game.name == name:
        assert from_game == loaded
    return loaded


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def edited_saves(draw: st.DrawFn) -> tuple[str, str]:
    """A save of one of the games edited one way or another, and the game."""
    name = draw(st.sampled_from(GAMES))
    text, names, _ = saved(name)
    data = json.loads(text)
    edit = draw(st.sampled_from(["field", "extra", "deep", "huge", "history", "text"]))
    if edit == "field":  # a field of the wrong type or value
        data[draw(st.sampled_from(list(data)))] = draw(JSON)
    elif edit == "extra":  # an unknown key, here or among the options
        where = data if draw(st.booleans()) else data["options"]
        where[draw(TEXT)] = draw(JSON)
    elif edit == "deep":
        data[draw(st.sampled_from(["options", "history", "fixed", "game", "format"]))] = "DEEP"
        depth = draw(st.integers(100, 100_000))
        return json.dumps(data).replace('"DEEP"', "[" * depth + "]" * depth), name
    elif edit == "huge":
        digits = "9" * draw(st.integers(4000, 6000))
        return text.replace('"format": 2', f'"format": {digits}'), name
    elif edit == "history":  # one action renamed, the rest kept or cut
        history = list(names)
        index = draw(st.integers(0, len(history) - 1))
        history[index] = draw(TEXT | st.sampled_from(names))
        data["history"] = history[: draw(st.integers(index + 1, len(history)))]
    else:  # the text cut short, or one character changed
        cut = draw(st.integers(0, len(text) - 1))
        changed = draw(st.characters()) if draw(st.booleans()) else ""
        return text[:cut] + changed + text[cut + len(changed) :], name
    return json.dumps(data), name


@SETTINGS
@given(edited_saves())
def test_an_edited_save_is_loaded_or_refused_with_a_save_error(edited):
    loads_or_refuses(*edited)


@SETTINGS
@given(JSON | st.binary(max_size=20) | st.integers(0, 100_000).map(lambda n: "[" * n + "]" * n))
def test_anything_else_is_not_a_save(value):
    assert loads_or_refuses(value) is None


@SETTINGS
@given(st.sampled_from(GAMES), st.data())
def test_a_cut_history_is_the_game_up_to_there(name, data):
    text, names, _ = saved(name)
    cut = data.draw(st.integers(0, len(names)))
    state = loads_or_refuses(json.dumps({**json.loads(text), "history": list(names[:cut])}), name)
    assert state == kit.load_json(text).game.replay(names[:cut])


@SETTINGS
@given(st.sampled_from(GAMES), st.data())
def test_an_edited_chance_outcome_is_refused_naming_its_step(name, data):
    text, names, chance = saved(name)
    step = data.draw(st.sampled_from(chance))
    game = kit.load_json(text).game
    before = game.replay(names[:step])
    other = data.draw(
        st.sampled_from([str(a) for a in before.legal_actions() if str(a) != names[step]])
    )
    save = {**json.loads(text), "history": [*names[:step], other]}
    with pytest.raises(SaveError, match=f"step {step + 1}: the chance outcome"):
        kit.load_json(json.dumps(save))
    fixed = kit.load_json(json.dumps({**save, "fixed": [step]}))  # a scenario says so
    assert fixed.fixed == [step] and str(fixed.history[-1]) == other


# --- actions and scenarios ------------------------------------------------------------------
@SETTINGS
@given(st.sampled_from(GAMES), JUNK | st.builds(nested, st.integers(500, 3000)))
def test_a_refused_action_or_scenario_changes_nothing(name, action):
    for attempt in (State.apply, State.follow):
        state = kit.load_json(saved(name)[0])
        before = state.clone()
        try:
            attempt(state, action if attempt is State.apply else [action])
        except KitError:
            assert state == before
