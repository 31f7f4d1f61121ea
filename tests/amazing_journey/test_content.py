"""The reference board's data, malformed data files (built in or a folder of one's own), the
options, and corrupted or edited saves."""

from __future__ import annotations

import json
import shutil
import tomllib
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

import kit
from kit.amazing_journey import AmazingJourney, setup
from kit.amazing_journey.content import FILES, content_files, load_content
from kit.core import DataError, IllegalAction, KitError, SaveError
from kit.core.bots import RandomBot, play
from kit.core.data import SEEDS_DIR
from kit.puzzles.amazing_journey import LAKES
from tests.amazing_journey.helpers import journey
from tests.checks import broken_copy

SEEDS = SEEDS_DIR / "amazing_journey"
TINY = Path(__file__).resolve().parents[1] / "data" / "tiny_journey"


@pytest.mark.parametrize("side", ["regular", "fast"])
def test_the_board_as_the_rulebook_counts_it(side):
    content = load_content(side)
    board = content.board
    assert [r.code for r in board.regions] == list("ABCDEFG")
    assert len(board.cities) == 71 and not board.cities[0].tokens
    assert Counter(c.region for c in board.cities if c.tokens) == {r: 10 for r in "ABCDEFG"}
    types = {"bus", "train", "ship", "balloon", "airship", "secret"}
    assert {r.type for r in board.routes} == types
    assert len(content.tokens) == 70
    assert sum(content.tickets) == 42 and sum(content.objectives) == 40
    assert len(content.travellers) == 8 and len(content.die) == 6
    timeline = board.timeline
    assert len(timeline.departures) == 80
    assert all(len(timeline.departures[d]) == 5 for d in (0, 20, 40, 60))
    assert all(1 <= len(day) <= 2 for d, day in enumerate(timeline.departures) if d % 20)
    assert [cp.city for cp in board.checkpoints] == ["Mumbai", "San Francisco", "London"]
    graph = board.graph()
    assert nx.is_connected(graph) and graph.nodes["Paris"]["region"] == "A"
    assert graph.edges["Tokyo", "Honolulu", "S8"]["crosses_edge"]


def test_the_rules_numbers_are_the_rulebooks():
    rules = load_content().rules
    assert (rules.departure_days, rules.ticket_days, rules.ticket_cost) == (2, 1, 1)
    assert (rules.wildcard_days, rules.wildcard_cost) == (1, 2)
    assert (rules.refresh_days, rules.plan_days, rules.plan_tickets) == (1, 2, 1)
    assert (rules.minimum_actions, rules.objectives_in_hand, rules.checkpoints) == (2, 2, 3)
    assert [(r.days, r.draw_tickets, r.discard_tickets) for r in rules.explore] == [
        (4, 1, 0),
        (3, 0, 0),
        (2, 0, 1),
    ]
    assert rules.souvenir_tickets == (2, 2, 1, 0) and rules.late_penalty == 1
    tokens = {t.id: t.tickets for t in load_content().tokens}
    assert (tokens["A07"], tokens["A08"], tokens["A09"], tokens["A10"], tokens["A01"]) == (
        0,
        1,
        2,
        2,
        0,
    )


def test_the_fast_side_adds_long_routes_through_several_cities():
    regular, fast = load_content("regular").board, load_content("fast").board
    added = {r.id for r in fast.routes} - {r.id for r in regular.routes}
    assert added and all(len(r.stops()) >= 3 for r in fast.routes if r.id in added)


def test_checkpoint_bars_match_the_rulebook_example():
    first = load_content().board.checkpoints[0]
    assert [first.points(day) for day in (10, 15, 17, 27, 30)] == [3, 3, 2, 1, 0]


def test_every_content_item_has_a_provenance():
    for name in FILES:
        assert (SEEDS / name).read_text().count("source =") >= 1
    content = load_content()
    assert all(t.source in ("rulebook", "reconstructed") for t in content.tokens)
    assert {t.source for t in content.travellers} == {"rulebook"}
    tokens = tomllib.loads((SEEDS / "tokens.toml").read_text())
    assert tokens["scoring"]["source"] == "rulebook"  # 1/3/9, +5, rows 1/3/6 are printed
    assert tokens["travel_board"]["source"] == "reconstructed"
    rules = tomllib.loads((SEEDS / "rules.toml").read_text())
    sources = [table["source"] for table in rules.values() if isinstance(table, dict)]
    sources += [result["source"] for result in rules["explore"]]
    assert set(sources) == {"rulebook"}


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
                arrive = leave + content.rules.departure_days + extra
                if arrive < best.get(there, 999):
                    best[there] = arrive
                    frontier.append((arrive, there))
        day, city = max(best[checkpoint.city], checkpoint.activation), checkpoint.city
    return day


# --- malformed data -------------------------------------------------------------------------
ATLANTIS = """[[cities]]
name = "Atlantis"
region = "A"
pos = [1, 1]
tokens = false
source = "reconstructed"

[timeline]"""

BROKEN = [
    ("routes.toml", 'cities = ["London", "Amsterdam", "Berlin"]', 'cities = ["London", "Atlantis"]',
     r"routes.toml: routes\[0\].cities: city 'Atlantis' is not on the map"),
    ("routes.toml", 'type = "bus"', 'type = "rocket"', r"routes\[0\].type: 'rocket' is not one of"),
    ("board.toml", "activation = 10", 'activation = "ten"',
     r"checkpoints\[0\].activation: expected an integer"),
    ("board.toml", '  ["bus"],  # day 1', '  ["bus", "ship", "train"],  # day 1',
     r"timeline.departures\[1\]: a corner shows all 5 types, other days 1 to 2"),
    ("board.toml", "bars = [[50, 59, 5], [60, 69, 3], [70, 79, 1]]",
     "bars = [[50, 59, 5], [60, 69, 3], [70, 85, 1]]",
     r"checkpoints\[2\].bars: expected 3 bars within the Timeline's 80 days"),
    ("board.toml", "bars = [[10, 15, 3], [16, 21, 2], [22, 27, 1]]",
     "bars = [[10, 15, 3], [16, 27, 2]]", r"checkpoints\[0\].bars: expected 3 bars"),
    ("board.toml", "bars = [[10, 15, 3], [16, 21, 2], [22, 27, 1]]",
     "bars = [[10, 15, 3], [15, 21, 2], [22, 27, 1]]",
     r"checkpoints\[0\].bars\[1\]: a bar starts after the one before it ends"),
    ("board.toml", "corners = [0, 20, 40, 60]", "corners = [0, 20, 40, 80]",
     r"timeline.corners: expected different days from 0 to 79"),
    ("board.toml", "[timeline]", ATLANTIS,
     r"routes.toml: routes: no route leads from London to 'Atlantis' on the regular side"),
    ("tokens.toml", "souvenir = 3", "souvenir = 7", r"tokens\[6\].souvenir: 7 is outside"),
    ("tokens.toml", "souvenir = 0\ncursed = true", "souvenir = 0\ncursed = false",
     r"tokens\[9\].cursed: the Cursed Souvenirs are exactly the 0-point ones"),
    ("tokens.toml", "souvenir_row_points = [0, 1, 3, 6]", "souvenir_row_points = [0, 1, 3]",
     r"scoring.souvenir_row_points: expected one value per row count"),
    ("tokens.toml", 'region = "A"', 'region = "Z"', r"tokens\[0\].region: no region 'Z'"),
    ("tokens.toml", "players = [1, 2, 3, 4]", "players = [1, 2, 3]",
     r"symbol_removal.players: expected the player counts \[1, 2, 3, 4\]"),
    ("cards.toml", "face = 1\ndays = 2", "face = 1\ndays = 0",
     r"die\[0\].days: 0 is not a result of the die \(rules.toml: 4, 3, 2 days\)"),
    ("cards.toml", 'type = "train"', 'type = "bus"', r"tickets\[1\].type: 'bus' is listed twice"),
    ("rules.toml", "in_hand = 2", "in_hand = 0", r"rules.toml: objectives.in_hand: 0 is outside"),
    ("rules.toml", "days = 3\n", "days = 4\n",
     r"explore: each result of the die takes a different number of days"),
    ("rules.toml", "days = 2\ndiscard_tickets = 1", "days = 0\ndiscard_tickets = 1",
     r"explore\[2\].days: 0 is outside"),
    ("travellers.toml", 'effect = "pass_tokens"', 'effect = "fly"', r"travellers\[7\].effect"),
    ("travellers.toml", 'name = "Buck Puggins"', 'name = "Paulo Puggins"',
     r"travellers\[3\].name: 'Paulo Puggins' shares a name or id with another Traveller"),
    ("travellers.toml", 'effect = "double_souvenir_tickets"',
     'effect = "double_souvenir_tickets"\nroute_types = ["bus"]',
     r"travellers\[1\].route_types: a travel power, and only a travel power, names them"),
    ("board.toml", 'source = "reconstructed"', 'source = "guess"', r"regions\[0\].source"),
    ("routes.toml", 'sides = ["regular", "fast"]', "sides = []",
     r"routes\[0\].sides: a route lies on at least one side"),
    # a key that no reader asks for (a typo, a field of another table) in any file
    ("board.toml", 'starting_city = "London"', 'starting_city = "London"\nfinish = "London"',
     r"board.toml: finish: unknown key \(the keys here are checkpoints, cities, outline, regions"),
    ("board.toml", "length = 80", "length = 80\nwidth = 3", r"timeline.width: unknown key"),
    ("board.toml", 'name = "Paris"', 'name = "Paris"\ncolour = "red"', r"cities\[1\].colour"),
    ("routes.toml", 'id = "B1"', 'id = "B1"\ncolour = "red"', r"routes\[0\].colour: unknown key"),
    ("tokens.toml", 'id = "A01"', 'id = "A01"\ncolour = "red"', r"tokens\[0\].colour: unknown"),
    ("tokens.toml", "region_points = 2", "region_points = 2\nregion_pionts = 2",
     r"scoring.region_pionts: unknown key"),
    ("cards.toml", "count = 7", "count = 7\nkind = 1", r"tickets\[0\].kind: unknown key"),
    ("cards.toml", "face = 1", "face = 1\nsides = 6", r"die\[0\].sides: unknown key"),
    ("travellers.toml", "days = 0", "days = 0\nspeed = 1", r"travellers\[0\].speed: unknown"),
    ("rules.toml", "most = 4", "most = 4\nleast = 1", r"rules.toml: players.least: unknown key"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "old", "new", "message"), BROKEN)
def test_malformed_data_names_file_and_field(tmp_path, name, old, new, message):
    folder = str(broken_copy(SEEDS, tmp_path / "aj", name, old, new))
    with pytest.raises(DataError, match=message) as error:
        load_content("regular", folder)
    assert name in str(error.value) or "routes.toml" in str(error.value)


def test_a_map_without_cities_is_refused(tmp_path):
    folder = broken_copy(SEEDS, tmp_path / "aj", "board.toml", "[[cities]]", "[[cities]]")
    text = (folder / "board.toml").read_text()
    cities = slice(text.index("[[cities]]"), text.index("[[checkpoints]]"))
    (folder / "board.toml").write_text("cities = []\n" + text.replace(text[cities], ""))
    with pytest.raises(DataError, match=r"board.toml: cities: the map has no cities"):
        load_content("regular", str(folder))


def test_a_folder_takes_the_files_it_lacks_from_the_built_in_content(tmp_path):
    folder = broken_copy(SEEDS, tmp_path / "aj", "rules.toml", "plan_days = 2", "plan_days = 3")
    for name in ("board.toml", "routes.toml", "cards.toml"):
        (folder / name).unlink()
    own, built_in = load_content("regular", str(folder)), load_content()
    assert own.rules.plan_days == 3 and built_in.rules.plan_days == 2
    assert own.board == built_in.board and own.die == built_in.die
    assert content_files(str(folder)) == {
        name: (SEEDS if name in ("board.toml", "routes.toml", "cards.toml") else folder) / name
        for name in FILES
    }
    lakes = load_content("regular", LAKES)  # the puzzles' board: three files of its own
    assert [c.name for c in lakes.board.cities] == ["Home", "Mill", "Ford", "Cove", "Dune", "Fen"]
    assert [t.id for t in lakes.tokens] == ["A1", "A2", "B1", "B2", "B3"]
    assert lakes.travellers == built_in.travellers and lakes.rules == built_in.rules


def test_a_misspelt_file_in_a_partial_folder_is_named_and_a_bad_one_still_fails(tmp_path):
    lakes = tmp_path / "lakes"
    shutil.copytree(LAKES, lakes)
    (lakes / "tokens.toml").rename(lakes / "token.toml")
    with pytest.raises(DataError, match=r"lakes/token.toml: not a content file \(rules.toml, "):
        load_content("regular", str(lakes))
    (lakes / "token.toml").rename(lakes / "tokens.toml")
    text = (lakes / "tokens.toml").read_text()
    (lakes / "tokens.toml").write_text(text.replace('region = "A"', 'region = "Z"', 1))
    with pytest.raises(DataError, match=r"lakes/tokens.toml: tokens\[0\].region: no region 'Z'"):
        load_content("regular", str(lakes))
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README.md").write_text("no content here")
    with pytest.raises(KitError, match=r"empty: holds none of the content files \(rules.toml, "):
        kit.load("amazing_journey", content=str(empty))


def test_a_content_folder_of_ones_own_is_checked_like_the_built_in_one(tmp_path):
    folder = broken_copy(
        SEEDS, tmp_path / "aj", "cards.toml", "face = 1\ndays = 2", "face = 1\ndays = 0"
    )
    with pytest.raises(DataError, match=r"cards.toml: die\[0\].days: 0 is not a result"):
        kit.load("amazing_journey", content=str(folder))
    with pytest.raises(KitError, match="option 'content': .* is not a folder"):
        kit.load("amazing_journey", content=str(tmp_path / "nowhere"))
    game = kit.load("amazing_journey", players=2, seed=4, content=str(TINY))
    assert [c.name for c in game.content.board.cities][:2] == ["Home", "Pine"]
    final = play(game.new_game(), [RandomBot(4, seat) for seat in range(2)])
    assert final.is_terminal and all(day >= 8 for day in final.finish)


def test_unknown_side_and_bad_options_are_refused():
    with pytest.raises(KitError, match="option 'side': expected one of 'regular', 'fast'"):
        AmazingJourney(side="sideways")
    with pytest.raises(KitError, match="option 'players': expected 1 to 4, got 5"):
        AmazingJourney(players=5)
    with pytest.raises(KitError, match="option 'travellers': unknown traveller 'Phileas'"):
        AmazingJourney(players=1, travellers=["Phileas"])
    with pytest.raises(KitError, match="option 'travellers': give 2 different travellers"):
        AmazingJourney(players=2, travellers=["Yuki", "yuki usagi"])


@pytest.mark.parametrize("name", ["lisette", "Lisette", "LISETTE LÉZARD", "lisette lezard"])
def test_travellers_by_id_or_name_in_any_case(name):
    assert AmazingJourney(players=1, travellers=[name]).options["travellers"] == ["Lisette Lézard"]
    state = setup(AmazingJourney(players=1, seed=2), travellers=[name])
    assert state.traveller_of(0).name == "Lisette Lézard"


# --- the scenario builder -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        ({"placement": {"Atlantis": "A01"}}, "'Atlantis' is not a city that holds a token"),
        ({"placement": {"London": "A01"}}, "'London' is not a city that holds a token"),
        ({"placement": {"Paris": "B01"}}, "token B01 of region B cannot lie in Paris"),
        ({"placement": {"Paris": "A99"}}, "there is no token 'A99'"),
        ({"placement": {"Paris": "A01", "Rome": "A01"}}, "token A01 is placed twice"),
        ({"removed": ["star", "circle", "square"]}, "1 player.* remove 2 symbol"),
        ({"removed": ["hexagon"]}, "'hexagon' is not a symbol"),
        ({"removed": ["star", "star"]}, "the fixed setup cannot be made"),
        ({"tickets": [["bus", "ship"]]}, "a starting hand holds 1 Tickets"),
        ({"tickets": [["rocket"]]}, "'rocket' is not one of"),
        ({"objectives": [["food"]]}, "a starting hand holds 2 Objectives"),
        ({"travellers": ["Phileas"]}, "unknown traveller 'Phileas'"),
        ({"actions": ["refresh", "fly to the moon"]}, "action 2 of the scenario"),
    ],
)
def test_the_scenario_builder_refuses_what_cannot_be(fixed, message):
    with pytest.raises(KitError, match=message):
        setup(AmazingJourney(players=1, seed=1), **fixed)


def test_fixed_outcomes_are_recorded_and_saved_and_the_rest_follow_the_seed():
    game = AmazingJourney(players=1, seed=9)
    state = setup(game, travellers=["Yuki"], placement={"Paris": "A03"}, tickets=[["ship"]])
    plain = setup(game)
    assert state.fixed and all(str(state.history[i]) != str(plain.history[i]) for i in state.fixed)
    seeded = [i for i in range(len(state.history)) if i not in state.fixed]
    assert all(str(state.history[i]) == str(plain.history[i]) for i in seeded[-5:])
    again = game.from_json(state.to_json())
    assert again == state and again.fixed == state.fixed
    data = json.loads(state.to_json())
    data["fixed"] = []  # a save claiming the seed dealt Yuki
    with pytest.raises(SaveError, match="step 1: the chance outcome 'player 0 is Yuki Usagi'"):
        game.from_json(json.dumps(data))


# --- saves ----------------------------------------------------------------------------------
def _saved():
    state = journey("Carlo", "Yuki", seed=4, actions=["plan"])
    return state, json.loads(state.to_json())


def test_a_save_round_trips_through_kit_load_json():
    state, data = _saved()
    again = kit.load_json(json.dumps(data))
    assert again == state and again.game.options["travellers"] is None
    assert data["format"] == 2 and "player 0 is Carlo Caproni" in data["history"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: {**d, "history": d["history"][:-1] + ["player 0 draws a rocket ticket"]},
         "rocket"),
        (lambda d: {**d, "history": ["refresh", *d["history"]]}, "step 1"),
        (lambda d: {**d, "options": {**d["options"], "side": "moon"}}, "option 'side'"),
        (lambda d: {**d, "history": 5}, "list of action names"),
        (lambda d: {**d, "format": 1}, "save format 1 comes from an earlier kit"),
    ],
)  # fmt: skip
def test_edited_or_corrupted_saves_fail_clearly(edit, message):
    state, data = _saved()
    with pytest.raises(SaveError, match=message):
        state.game.from_json(json.dumps(edit(data)))


def test_an_illegal_action_changes_nothing():
    state, _ = _saved()
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply("take the S14 ship to New York")
    assert state == before
