"""The reference board's data, malformed data files, and corrupted or edited saves."""

from __future__ import annotations

import json
import tomllib
from collections import Counter

import networkx as nx
import pytest

import kit
from kit.amazing_journey.content import load_content
from kit.amazing_journey.state import AmazingJourney
from kit.core import DataError, IllegalAction, KitError, SaveError
from kit.core.data import SEEDS_DIR
from tests.amazing_journey.helpers import journey
from tests.checks import broken_copy

SEEDS = SEEDS_DIR / "amazing_journey"


@pytest.mark.parametrize("side", ["regular", "fast"])
def test_the_board_as_the_rulebook_counts_it(side):
    content = load_content(side)
    board = content.board
    assert [r.code for r in board.regions] == list("ABCDEFG")
    assert len(board.cities) == 71 and not board.cities[0].tokens
    assert Counter(c.region for c in board.cities if c.tokens) == {r: 10 for r in "ABCDEFG"}
    assert {r.type for r in board.routes} == {
        "bus",
        "train",
        "ship",
        "balloon",
        "airship",
        "secret",
    }
    assert (
        len(content.tokens) == 70 and sum(content.tickets) == 42 and sum(content.objectives) == 40
    )
    assert len(content.travellers) == 8 and len(content.die) == 6
    timeline = board.timeline
    assert len(timeline.departures) == 80
    assert all(len(timeline.departures[d]) == 5 for d in (0, 20, 40, 60))
    assert all(1 <= len(day) <= 2 for d, day in enumerate(timeline.departures) if d % 20)
    assert [cp.city for cp in board.checkpoints] == ["Mumbai", "San Francisco", "London"]
    graph = board.graph()
    assert nx.is_connected(graph) and graph.nodes["Paris"]["region"] == "A"
    assert graph.edges["Tokyo", "Honolulu", "S8"]["crosses_edge"]


def test_the_fast_side_adds_long_routes_through_several_cities():
    regular, fast = load_content("regular").board, load_content("fast").board
    added = set(r.id for r in fast.routes) - set(r.id for r in regular.routes)
    assert added and all(
        len(fast.routes[[r.id for r in fast.routes].index(i)].stops()) >= 3 for i in added
    )


def test_checkpoint_bars_match_the_rulebook_example():
    first = load_content().board.checkpoints[0]
    assert [first.points(day) for day in (10, 15, 17, 27, 30)] == [3, 3, 2, 1, 0]


def test_every_content_item_has_a_provenance():
    for name in ("board.toml", "routes.toml", "tokens.toml", "cards.toml", "travellers.toml"):
        text = (SEEDS / name).read_text()
        assert text.count("source =") >= 1
    content = load_content()
    assert all(t.source in ("rulebook", "reconstructed") for t in content.tokens)
    assert {t.source for t in content.travellers} == {"rulebook"}
    tokens = tomllib.loads((SEEDS / "tokens.toml").read_text())
    assert tokens["scoring"]["source"] == "rulebook"  # 1/3/9, +5, rows 1/3/6 are printed
    assert tokens["travel_board"]["source"] == "reconstructed"


def test_the_80_day_limit_bites():
    """Without tokens in the way, the fastest departures-only trip through the checkpoints
    still needs most of the 80 days; collecting tokens costs 2 to 4 days each."""
    content = load_content()
    rules_days = _earliest_return(content)
    assert 40 <= rules_days <= 65
    assert rules_days + 3 * 70 > 80  # collecting everything is impossible


def _earliest_return(content) -> int:
    """Earliest return by departures only (2 days + Long-route days), waiting allowed."""
    board = content.board
    edges = {}
    for route in board.routes:
        if route.type == "secret":
            continue
        for a, b in route.segments():
            for x, y in ((a, b), (b, a)):
                edges.setdefault(x, []).append((y, route.type, route.extra_days))
    day, city = 0, board.starting_city
    for checkpoint in board.checkpoints:
        best = {city: day}
        frontier = [(day, city)]
        while frontier:
            frontier.sort()
            now, here = frontier.pop(0)
            if best.get(here, 999) < now:
                continue
            for there, kind, extra in edges.get(here, ()):
                leave = now
                while not board.timeline.departs(kind, leave):
                    leave += 1
                arrive = leave + 2 + extra
                if arrive < best.get(there, 999):
                    best[there] = arrive
                    frontier.append((arrive, there))
        day, city = max(best[checkpoint.city], checkpoint.activation), checkpoint.city
    return day


# --- malformed data -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "routes.toml",
            'cities = ["London", "Amsterdam", "Berlin"]',
            'cities = ["London", "Atlantis"]',
            r"routes.toml: routes\[0\].cities: city 'Atlantis' is not on the map",
        ),
        (
            "routes.toml",
            'type = "bus"',
            'type = "rocket"',
            r"routes\[0\].type: 'rocket' is not one of",
        ),
        (
            "board.toml",
            "activation = 10",
            'activation = "ten"',
            r"checkpoints\[0\].activation: expected an integer",
        ),
        (
            "board.toml",
            '  ["bus"],  # day 1',
            '  ["bus", "ship", "train"],  # day 1',
            r"timeline.departures\[1\]: a corner shows all five types",
        ),
        (
            "board.toml",
            "bars = [[50, 59, 5], [60, 69, 3], [70, 79, 1]]",
            "bars = [[50, 59, 5], [60, 69, 3], [70, 85, 1]]",
            r"checkpoints\[2\].bars: expected three bars within the Timeline's 80 days",
        ),
        (
            "board.toml",
            "bars = [[10, 15, 3], [16, 21, 2], [22, 27, 1]]",
            "bars = [[10, 15, 3], [16, 27, 2]]",
            r"checkpoints\[0\].bars: expected three bars",
        ),
        ("tokens.toml", "souvenir = 3", "souvenir = 7", r"tokens\[6\].souvenir: 7 is outside"),
        (
            "tokens.toml",
            "souvenir = 0\ncursed = true",
            "souvenir = 0\ncursed = false",
            r"tokens\[9\].cursed: the Cursed Souvenirs are exactly the 0-point ones",
        ),
        (
            "tokens.toml",
            "souvenir_row_points = [0, 1, 3, 6]",
            "souvenir_row_points = [0, 1, 3]",
            r"scoring.souvenir_row_points: expected one value per row count",
        ),
        ("cards.toml", 'effect = "none"', 'effect = "teleport"', r"die\[2\].effect"),
        ("travellers.toml", 'effect = "pass_tokens"', 'effect = "fly"', r"travellers\[7\].effect"),
        ("board.toml", 'source = "reconstructed"', 'source = "guess"', r"regions\[0\].source"),
    ],
)
def test_malformed_data_names_file_and_field(tmp_path, name, old, new, message):
    folder = str(broken_copy(SEEDS, tmp_path / "aj", name, old, new))
    with pytest.raises(DataError, match=message) as error:
        load_content("regular", folder)
    assert name in str(error.value)


def test_unknown_side_and_bad_options_are_refused():
    with pytest.raises(KitError, match="option 'side': expected one of 'regular', 'fast'"):
        AmazingJourney(side="sideways")
    with pytest.raises(KitError, match="option 'players': expected 1 to 4, got 5"):
        AmazingJourney(players=5)
    with pytest.raises(KitError, match="option 'travellers': unknown traveller 'Phileas'"):
        AmazingJourney(players=1, travellers=["Phileas"])


# --- saves ----------------------------------------------------------------------------------
def _saved():
    state = journey("Carlo", "Yuki", seed=4)
    state.apply("plan")
    state.resolve_chance()
    return state, json.loads(state.to_json())


def test_a_save_round_trips_through_kit_load_json():
    state, data = _saved()
    again = kit.load_json(json.dumps(data))
    assert again == state and again.game.options["travellers"] == ["Carlo Caproni", "Yuki Usagi"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: {**d, "history": d["history"][:-1] + ["draw a rocket ticket"]}, "rocket"),
        (lambda d: {**d, "history": ["refresh", *d["history"]]}, "step 1"),
        (lambda d: {**d, "options": {**d["options"], "side": "moon"}}, "option 'side'"),
        (lambda d: {**d, "history": 5}, "list of action names"),
    ],
)
def test_edited_or_corrupted_saves_fail_clearly(edit, message):
    state, data = _saved()
    with pytest.raises(SaveError, match=message):
        state.game.from_json(json.dumps(edit(data)))


def test_an_illegal_action_changes_nothing():
    state, _ = _saved()
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply("S14 ship to New York")
    assert state == before
