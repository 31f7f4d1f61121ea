"""What a save shows: a game whose chance outcomes were fixed by hand (a scenario, or a save
that lists its own edit among them) says so wherever it is shown — the play panel's heading,
`kit play`, the save's summary, `repr` — and the panel's heading follows a loaded save."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.amazing_journey import GreedyBot, setup
from kit.widgets import play
from tests.test_bad_input import GAMES, saved
from tests.test_cli import play as play_at_the_terminal
from tests.widgets.test_play import notebook_display, upload

SCENARIO = "5 chance outcomes fixed by hand, not by the seed (steps 1, 2, 3, 77, 80)"


def scenario():
    return setup(
        kit.load("amazing_journey", players=2, seed=7),
        travellers=["Paulo", "Yuki"],
        placement={"Paris": "A03"},
        tickets=[["ship"], ["train"]],
    )


def test_a_scenario_says_so_in_its_repr_and_its_save_summary():
    state = scenario()
    assert state.fixed == [0, 1, 2, 76, 79] and state.hand_fixed() == SCENARIO
    line = f"The Amazing Journey: 2 players, seed 7, step 80; {SCENARIO}"
    assert repr(state) == f"<JourneyState {line}>"
    assert json.loads(state.to_json())["summary"] == line
    plain = kit.load("four_weeks", players=1, seed=3).new_game()
    plain.resolve_chance()
    assert plain.hand_fixed() == ""
    assert repr(plain) == "<FourWeeksState Four weeks in Europe: 1 player, seed 3, step 9>"


def test_many_steps_fixed_by_hand_are_named_eight_at_most():
    state = scenario()
    state.fixed = list(range(11))
    assert state.hand_fixed() == (
        "11 chance outcomes fixed by hand, not by the seed (steps 1, 2, 3, 4, 5, 6, 7, 8 and 3 "
        "more)"
    )


def test_the_readme_shows_what_a_scenario_says():
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert f'"{SCENARIO}"' in readme
    assert "a save edited to deal someone a better card is refused, naming the step" in readme


def test_a_notebook_shows_a_scenario_as_one():
    assert f"<li>{SCENARIO}</li>" in notebook_display(scenario())["text/html"]
    plain = kit.load("four_weeks", players=1, seed=3).new_game()
    assert "fixed by hand" not in notebook_display(plain)["text/html"]


def test_the_summary_is_for_people_only_loading_does_not_read_it():
    data = json.loads(scenario().to_json())
    data["summary"] = "every card dealt by the seed"
    loaded = kit.load_json(json.dumps(data))
    assert loaded == scenario() and loaded.hand_fixed() == SCENARIO


def test_kit_play_says_so_when_it_goes_on_with_a_scenario(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scenario.json").write_text(scenario().to_json())
    status, out = play_at_the_terminal(monkeypatch, capsys, ["--load", "scenario.json"], "q\n")
    assert status == 0
    assert out.splitlines()[1] == f"This game has {SCENARIO}."
    status, out = play_at_the_terminal(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "q\n")
    assert "fixed by hand" not in out


def test_the_panel_heading_follows_a_loaded_save_its_seed_and_what_was_fixed_by_hand():
    panel = play(kit.load("amazing_journey", seed=4).new_game(), seat=0, bots={1: "greedy"})
    head = "The Amazing Journey: 2 players, seed {}, you are player 0, player 1: greedy bot"
    assert panel.heading == head.format(4)
    assert "seed 4, you are player 0" in panel.children[1].value
    upload(panel, "scenario.json", scenario().to_json().encode())
    assert panel.state == scenario()
    assert panel.heading == f"{head.format(7)}, {SCENARIO}"
    assert f"seed 7, you are player 0, player 1: greedy bot, {SCENARIO}" in (
        panel.children[1].value
    )
    assert panel.bots[1].rng.getstate() == GreedyBot(7, 1).rng.getstate()  # by the save's seed
    again = kit.load("amazing_journey", seed=9).new_game()
    again.resolve_chance()
    upload(panel, "plain.json", again.to_json().encode())
    assert panel.heading == head.format(9)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_a_save_that_lists_its_own_edit_loads_and_says_so_everywhere(name, data):
    text, names, chance = saved(name)
    step = data.draw(st.sampled_from(chance))
    before = kit.load_json(text).game.replay(names[:step])
    other = data.draw(
        st.sampled_from([str(a) for a in before.legal_actions() if str(a) != names[step]])
    )
    edited = {**json.loads(text), "history": [*names[:step], other], "fixed": [step]}
    state = kit.load_json(json.dumps(edited))
    said = f"1 chance outcome fixed by hand, not by the seed (step {step + 1})"
    assert state.hand_fixed() == said
    assert repr(state).endswith(f", step {step + 1}; {said}>")
    assert json.loads(state.to_json())["summary"].endswith(said)
    panel = play(kit.load(name, players=2, seed=3).new_game(), seat=0)
    upload(panel, "edited.json", json.dumps(edited).encode())
    assert panel.heading.endswith(f", you are player 0, {said}")
