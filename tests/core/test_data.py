"""Every content mistake is named before it costs a kernel: a place's position off the canvas or
not a pair of whole numbers, an empty name, a file that is a folder, a device, a loop of links or
too long, in each game's content folder, with the file, the field and the problem."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kit
from kit.core import DataError
from kit.core.data import MAX_FILE_BYTES, SEEDS_DIR
from kit.core.errors import shown

GAMES = ("amazing_journey", "four_weeks", "timeless_journeys")

# Where each game's map file gives its first place a position: (game, file, table, field).
POSITIONS = [
    ("amazing_journey", "board.toml", "[[cities]]", "cities[0].pos"),
    ("four_weeks", "map.toml", "[[regions]]", "regions[0].pos"),
    ("timeless_journeys", "board.toml", "[[city]]", "city[0].pos"),
]

# The name fields of each game: (game, file, the table's header, key, field).
NAMES = [
    ("amazing_journey", "board.toml", "[[regions]]", "code", "regions[0].code"),
    ("amazing_journey", "board.toml", "[[regions]]", "name", "regions[0].name"),
    ("amazing_journey", "board.toml", "[[cities]]", "name", "cities[0].name"),
    ("amazing_journey", "board.toml", "starting_city", "starting_city", "starting_city"),
    ("amazing_journey", "board.toml", "[[checkpoints]]", "name", "checkpoints[0].name"),
    ("amazing_journey", "routes.toml", "[[routes]]", "id", "routes[0].id"),
    ("amazing_journey", "tokens.toml", "[[tokens]]", "id", "tokens[0].id"),
    ("amazing_journey", "travellers.toml", "[[travellers]]", "id", "travellers[0].id"),
    ("amazing_journey", "travellers.toml", "[[travellers]]", "name", "travellers[0].name"),
    ("four_weeks", "map.toml", "[[regions]]", "code", "regions[0].code"),
    ("four_weeks", "map.toml", "[[regions]]", "name", "regions[0].name"),
    ("four_weeks", "locations.toml", "[[locations]]", "id", "locations[0].id"),
    ("four_weeks", "locations.toml", "[[locations]]", "name", "locations[0].name"),
    ("four_weeks", "extras.toml", "[[festivals]]", "name", "festivals[0].name"),
    ("timeless_journeys", "board.toml", "[[city]]", "name", "city[0].name"),
    ("timeless_journeys", "cities.toml", "[[city]]", "name", "city[0].name"),
    ("timeless_journeys", "gazette.toml", "[[side]]", "name", "side[0].name"),
    ("timeless_journeys", "favours.toml", "[[favour]]", "id", "favour[0].id"),
    ("timeless_journeys", "journals.toml", "[[journal]]", "id", "journal[0].id"),
    ("timeless_journeys", "travellers.toml", "[[traveller]]", "id", "traveller[0].id"),
    ("timeless_journeys", "travellers.toml", "[[traveller]]", "name", "traveller[0].name"),
    ("timeless_journeys", "cards.toml", "[[basic]]", "name", "basic[0].name"),
    ("timeless_journeys", "cards.toml", "[[advanced]]", "id", "advanced[0].id"),
]

CANVAS_PROBLEM = (
    "is not a point of the 1000 x 600 canvas: expected [x, y], whole numbers with x from 0 to "
    "1000 and y from 0 to 600"
)
EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def copied(game: str) -> Iterator[Path]:
    """A copy of the game's built-in content, in a folder named `mine`."""
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "mine"
        shutil.copytree(SEEDS_DIR / game, folder)
        yield folder


def edit(path: Path, header: str, key: str, value: str) -> None:
    """Set `key` to the TOML text `value` in the first table under `header` (or at the top
    level, when `header` is the key itself)."""
    text = path.read_text()
    start = 0 if header == key else text.index(header + "\n")
    found = re.compile(rf"^{re.escape(key)} = .*$", re.MULTILINE).search(text, start)
    assert found, f"{path.name} has no {key} under {header}"
    path.write_text(text[: found.start()] + f"{key} = {value}" + text[found.end() :])


def toml(value: object) -> str:
    """A value as TOML text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml(item) for item in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def refusal(game: str, folder: Path) -> str:
    with pytest.raises(DataError) as caught:
        kit.load(game, content=str(folder))
    return str(caught.value)


# --- positions ----------------------------------------------------------------------------------
INT64 = st.integers(-(2**63), 2**63 - 1)
OFF_CANVAS = st.one_of(
    st.tuples(INT64.filter(lambda x: not 0 <= x <= 1000), st.integers(0, 600)),
    st.tuples(st.integers(0, 1000), INT64.filter(lambda y: not 0 <= y <= 600)),
).map(list)
NOT_WHOLE = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(alphabet="0123456789abc ", max_size=4),
)
NOT_A_POINT = st.one_of(
    OFF_CANVAS,
    st.tuples(NOT_WHOLE, st.integers(0, 600)).map(list),
    st.tuples(st.integers(0, 1000), NOT_WHOLE).map(list),
    st.lists(st.integers(0, 600), max_size=5).filter(lambda items: len(items) != 2),
)


@pytest.mark.parametrize(("game", "file", "table", "field"), POSITIONS)
@EXAMPLES
@given(pos=NOT_A_POINT)
def test_a_position_not_on_the_canvas_is_named(game, file, table, field, pos):
    with copied(game) as folder:
        edit(folder / file, table, "pos", toml(pos))
        assert refusal(game, folder) == f"mine/{file}: {field}: {shown(pos)} {CANVAS_PROBLEM}"


@pytest.mark.parametrize(("game", "file", "table", "field"), POSITIONS)
def test_the_canvas_corners_are_positions(game, file, table, field):
    for corner in ([0, 0], [1000, 600]):
        with copied(game) as folder:
            edit(folder / file, table, "pos", toml(corner))
            graph = kit.load(game, content=str(folder)).board()
            assert tuple(corner) in {pos for _, pos in graph.nodes(data="pos")}


def test_the_typo_of_the_report_is_refused_in_every_game():
    for game, file, table, field in POSITIONS:
        with copied(game) as folder:
            edit(folder / file, table, "pos", "[999999999999999999, 100]")
            assert refusal(game, folder) == (
                f"mine/{file}: {field}: [999999999999999999, 100] {CANVAS_PROBLEM}"
            )


# --- names --------------------------------------------------------------------------------------
BLANK = st.text(alphabet=" \t\u00a0\u3000", max_size=4)


@pytest.mark.parametrize(("game", "file", "table", "key", "field"), NAMES)
@EXAMPLES
@given(name=BLANK)
def test_an_empty_name_is_named(game, file, table, key, field, name):
    with copied(game) as folder:
        edit(folder / file, table, key, toml(name))
        problem = (
            f"expected a text, got only spaces {shown(name)}"
            if name
            else "expected a text, got an empty one"
        )
        assert refusal(game, folder) == f"mine/{file}: {field}: {problem}"


def test_an_empty_name_in_a_list_of_names_is_named():
    with copied("four_weeks") as folder:
        edit(folder / "rules.toml", "[calendar]", "weekdays", '["Mon", "", "Wed"]')
        assert refusal("four_weeks", folder).startswith(
            "mine/rules.toml: calendar.weekdays[1]: expected a text, got an empty one"
        )


# --- files that are not content files -----------------------------------------------------------
def broken_file(path: Path, kind: str) -> str:
    """Make `path` a broken file of `kind`; the problem its reader names."""
    path.unlink()
    if kind == "loop":
        path.symlink_to(path.name)
        return "cannot be read: a loop of symbolic links"
    if kind == "folder":
        path.mkdir()
        return "is a folder, not a file"
    if kind == "device":
        path.symlink_to("/dev/zero")
        return "not a file (a device, a pipe or a socket)"
    if kind == "pipe":
        os.mkfifo(path)
        return "not a file (a device, a pipe or a socket)"
    if kind == "too long":
        path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
        return "1,000,001 bytes is too long (the kit reads files of at most 1,000,000 bytes)"
    raise AssertionError(kind)


KINDS = ("loop", "folder", "device", "pipe", "too long")
MAPS = dict(zip(GAMES, ("board.toml", "map.toml", "board.toml"), strict=True))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_file_that_cannot_be_read_is_named(game, kind):
    with copied(game) as folder:
        problem = broken_file(folder / MAPS[game], kind)
        assert refusal(game, folder) == f"mine/{MAPS[game]}: {problem}"


@pytest.mark.parametrize("game", GAMES)
def test_a_content_folder_that_is_a_loop_of_links_is_named(game, tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    with pytest.raises(kit.KitError) as caught:
        kit.load(game, content=str(loop))
    assert str(caught.value) == (
        f"option 'content': {shown(str(loop))} is not a folder: a loop of symbolic links"
    )


# --- copies that would fill the memory ----------------------------------------------------------
COPIES = [
    ("amazing_journey", "cards.toml", "[[tickets]]", "count", "tickets[0].count", 0),
    ("amazing_journey", "cards.toml", "[[objectives]]", "count", "objectives[0].count", 0),
    ("timeless_journeys", "cards.toml", "[[advanced]]", "copies", "advanced[0].copies", 1),
    ("timeless_journeys", "travellers.toml", "[[painting]]", "copies", "painting[0].copies", 1),
]


@pytest.mark.parametrize(("game", "file", "table", "key", "field", "low"), COPIES)
@EXAMPLES
@given(copies=st.integers(1001, 2**63 - 1))
def test_a_count_of_copies_that_would_fill_the_memory_is_named(
    game, file, table, key, field, low, copies
):
    with copied(game) as folder:
        edit(folder / file, table, key, str(copies))
        assert refusal(game, folder) == f"mine/{file}: {field}: {copies} is outside {low}..1000"


# --- a scenario's names -------------------------------------------------------------------------
SCENARIO = {
    "amazing_journey": {
        "travellers": "list",
        "placement": "table",
        "removed": "list",
        "tickets": "lists",
        "objectives": "lists",
    },
    "four_weeks": {"festivals": "list", "hands": "lists"},
    "timeless_journeys": {
        "side": "name",
        "travellers": "list",
        "friends": "table",
        "favours": "table",
        "tiles": "table of lists",
        "journals": "lists",
        "market": "lists",
        "paintings": "list",
    },
}
ARGUMENTS = [(game, argument) for game, named in SCENARIO.items() for argument in named]
JUNK = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(),
    st.booleans(),
    st.just(object()),
)


def expected_refusal(argument: str, shape: str, value: object) -> str:
    """What the scenario builder says of `value`, a number, given as `argument`."""
    what = {
        "name": "a name",
        "list": "a list of names",
        "lists": "a list of lists of names",
    }.get(shape, "a table of names (a dict)")
    return f"{argument}: expected {what}, got {shown(value)}"


@pytest.mark.parametrize(("game", "argument"), ARGUMENTS)
@settings(max_examples=10, deadline=None)
@given(value=JUNK)
def test_a_scenario_given_a_number_where_names_belong_says_which_argument(game, argument, value):
    module = __import__(f"kit.{game}", fromlist=["setup"])
    with pytest.raises(kit.KitError) as caught:
        module.setup(kit.load(game, players=2, seed=1), **{argument: value})
    assert str(caught.value) == expected_refusal(argument, SCENARIO[game][argument], value)


@pytest.mark.parametrize(("game", "argument"), ARGUMENTS)
@settings(max_examples=10, deadline=None)
@given(item=JUNK)
def test_a_scenario_given_a_number_among_names_names_the_item(game, argument, item):
    shape = SCENARIO[game][argument]
    value: object = {
        "name": item,
        "list": [item],
        "lists": [[item]],
        "table": {"Roma": item},
        "table of lists": {"Roma": [item]},
    }[shape]
    where = {"name": "", "list": "[0]", "lists": "[0][0]", "table": "['Roma']"}.get(
        shape, "['Roma'][0]"
    )
    module = __import__(f"kit.{game}", fromlist=["setup"])
    with pytest.raises(kit.KitError) as caught:
        module.setup(kit.load(game, players=2, seed=1), **{argument: value})
    assert str(caught.value) == f"{argument}{where}: expected a name, got {shown(item)}"


@pytest.mark.parametrize("game", sorted(SCENARIO))
@settings(max_examples=10, deadline=None)
@given(value=st.one_of(JUNK, st.text(max_size=3)))
def test_a_scenario_given_something_else_than_actions_says_what_they_are(game, value):
    module = __import__(f"kit.{game}", fromlist=["setup"])
    with pytest.raises(kit.KitError) as caught:
        module.setup(kit.load(game, players=2, seed=1), actions=value)
    assert str(caught.value) == (
        f"a scenario's actions are a list of actions or names, not {shown(value)}"
    )
