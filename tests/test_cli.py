"""The `kit` command: one plain line and exit status 2 for every bad argument, Ctrl-C (a real
SIGINT) ending with what was done and exit status 130, and a game played at the terminal."""

from __future__ import annotations

import io
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kit
from kit.cli import HELP, main, save_game
from kit.core import CHANCE, State
from kit.core.bots import RandomBot, simulate
from kit.core.commands import run
from kit.core.rng import SEED_RULE
from kit.solve.orienteering import read_op_file

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "op-tsiligirides"

BAD = [
    ("play amazing-journey --players 9", "argument --players: expected 1 to 4, got 9"),
    ("simulate amazing-journey --side slow", "argument --side: expected one of 'regular', 'fast'"),
    ("simulate timeless-journeys --edition fr", "argument --edition: expected one of 'en', 'ja'"),
    ("simulate timeless-journeys --mode draft", "argument --mode: expected one of 'intro',"),
    ("simulate four-weeks --option colour=red", "unknown option 'colour'; the options of"),
    ("simulate four-weeks --option players", "argument --option: expected KEY=VALUE"),
    ("simulate four-weeks --games 0", "argument --games: expected a whole number of at least 1"),
    ("bench four-weeks --count -3", "argument --count: expected a whole number of at least 1"),
    ("simulate four-weeks --games many", "argument --games: expected a whole number of at"),
    ("simulate four-weeks --players x", "argument --players: 'x' is not a number of players"),
    ("simulate four-weeks --players 2.5", "argument --players: '2.5' is not a number of players"),
    ("simulate amazing-journey --travellers Nobody", "unknown traveller 'Nobody'; the travellers"),
    ("simulate amazing-journey --players 2 --travellers Yuki", "give 2 different travellers"),
    ("play four-weeks --seat 5", "argument --seat: 5 is not a seat of this game; the seats are"),
    ("play four-weeks --seat -1", "argument --seat: -1 is not a seat of this game"),
    ("play four-weeks --players 1 --seat 1", "1 is not a seat of this game; the only seat is 0"),
    ("play four-weeks --seat first", "argument --seat: expected a whole number, got 'first'"),
    ("simulate chess", "argument GAME: invalid choice: 'chess' (choose from 'amazing-journey',"),
    ("simulate four-weeks --bot clever", "argument --bot: invalid choice: 'clever'"),
    ("simulate four-weeks --side fast", "unrecognized arguments: --side fast"),
    ("simulate four-weeks --content /no/such/folder", "'/no/such/folder' is not a folder"),
    ("simulate four-weeks --seed lucky", f"argument --seed: {SEED_RULE}, not 'lucky' (see"),
    ("play four-weeks --seed -1", f"argument --seed: {SEED_RULE}, not -1 (see"),
    ("simulate four-weeks --seed 1e3", f"argument --seed: {SEED_RULE}, not '1e3' (see"),
    (
        "solve dreams",
        "unknown planner 'dreams'; the planners are amazing-journey, timeless-journeys,"
        " four-weeks, orienteering",
    ),
    (
        "solve",
        "solve: give a planner: amazing-journey, timeless-journeys, four-weeks, orienteering",
    ),
    ("solve orienteering", "the following arguments are required: file"),
    ("solve orienteering /no/such/file.txt", "/no/such/file.txt: file not found"),
    ("solve orienteering x --time-limit 0", "argument --time-limit: expected a number of seconds"),
    ("solve orienteering x --workers -2", "argument --workers: expected a whole number of at"),
    ("play", "play: give a game (amazing-journey, timeless-journeys, four-weeks) or --load"),
    ("play --load /no/such/save.json", "/no/such/save.json: cannot be read"),
    ("play --load /dev/zero", "/dev/zero: not a kit save: 50,000,001 characters is too long"),
    ("play --load /", "/: cannot be read: Is a directory"),
    ("demo --seed abc", f"argument --seed: {SEED_RULE}, not 'abc' (see"),
    ("demo --seed 18446744073709551616", f"argument --seed: {SEED_RULE}, not 1844674407370955"),
    ("solve four-weeks --seed -1", f"argument --seed: {SEED_RULE}, not -1 (see"),
    ("solve amazing-journey --seed x", f"argument --seed: {SEED_RULE}, not 'x' (see"),
    ("solve timeless-journeys --seed 1.5", f"argument --seed: {SEED_RULE}, not '1.5' (see"),
    ("bench chess", "argument GAME: invalid choice: 'chess'"),
    ("fly", "argument COMMAND: invalid choice: 'fly'"),
    ("", "the following arguments are required: COMMAND"),
]


@pytest.mark.parametrize(("line", "message"), BAD, ids=[line or "nothing" for line, _ in BAD])
def test_a_bad_command_line_gets_one_line_and_status_2(capsys, line, message):
    assert main(line.split()) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and out.err.startswith("kit: ")
    assert message in out.err


def test_help_lists_each_games_options_and_the_planners(capsys):
    for command in ("play", "simulate", "bench"):
        assert main([command, "--help"]) == 0
        text = capsys.readouterr().out
        assert "amazing-journey: --players N  --seed N  --side {regular,fast}" in text
        assert "timeless-journeys: --players N  --edition {en,ja}" in text
        assert "four-weeks: --players N  --seed N  --content CONTENT  --option KEY=VALUE" in text
    assert main(["simulate", "amazing-journey", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--travellers TRAVELLERS" in text and "one per player" in text
    assert "--bot {random,greedy,mcts}" in text and "--games" in text
    assert main(["solve", "--help"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"amazing-journey +\S", text) and re.search(
        r"orienteering +The Orienteering", text
    )
    assert main(["solve", "orienteering", "--help"]) == 0
    assert "--time-limit" in capsys.readouterr().out


def test_simulate_prints_the_statistics_of_the_same_games_as_the_library(capsys):
    assert main(["simulate", "four-weeks", "--games", "3", "--seed", "5", "--bot", "random"]) == 0
    module = kit.game_module("four_weeks")
    game = module.load(seed=5)
    expected = simulate(game, [module.BOTS["random"]] * 2, 3, first_seed=5)
    assert capsys.readouterr().out == f"{expected}\n"


def test_game_flags_and_the_option_flag_give_the_options_kit_load_gives(capsys):
    assert main(["bench", "amazing-journey", "--side", "fast", "--count", "1"]) == 0
    assert main(["bench", "amazing-journey", "--option", "side=fast", "--count", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all("side=fast" in line and "players=4" in line for line in lines)


# --- playing at the terminal ------------------------------------------------------------------
def play(monkeypatch, capsys, argv: list[str], typed: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", *argv])
    return status, capsys.readouterr().out


def first_choices(state: State) -> State:
    """The game `kit play` gives a player who always types 0 (chance by the seed)."""
    while not state.is_terminal:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[0])
    return state


def listing(state: State) -> str:
    """The actions as `kit play` lists them."""
    return "".join(f"  {i:>3}  {action}\n" for i, action in enumerate(state.legal_actions()))


def first_question(seed: int, seat: int = 0) -> State:
    """A two-player four-week game at `seat`'s first decision, the other seat a random bot."""
    state = kit.load("four_weeks", seed=seed).new_game()
    bot = RandomBot(seed, 1 - seat)
    while state.current_player != seat:
        state.apply(state.sample_chance() if state.is_chance_node else bot.choose(state))
    return state


TITLE = kit.game_class("four_weeks").title


def saved_file(out: str) -> Path:
    return Path(re.search(r"the game is saved in (\S+):", out).group(1))


def test_a_game_played_to_the_end_shows_the_score_sheets_and_the_ranking(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    status, out = play(
        monkeypatch, capsys, ["four-weeks", "--players", "1", "--seed", "4"], "0\n" * 3000
    )
    final = first_choices(kit.load("four_weeks", players=1, seed=4).new_game())
    sheet = final.scores()[0]
    assert status == 0
    assert out.startswith(f"{TITLE}: you are player 0 alone. Type the number")
    assert (
        f"The game is over. Score sheets:\n{sheet}\nRanking:\n  1. player 0 (you): {sheet.total}\n"
        in out
    )
    assert not list(tmp_path.iterdir())  # nothing saved


def test_help_an_empty_line_and_a_wrong_number_ask_again(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    status, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "?\n\n12\n-1\nfly\nq\n")
    prompts = out.split("player 0 (you)> ")
    assert status == 0 and len(prompts) == 7
    assert "you are player 0; the other 1 player(s) are greedy bots" in prompts[0]
    first = first_question(2)
    last = len(first.legal_actions()) - 1
    assert prompts[0].endswith(listing(first)) and last >= 2
    assert prompts[1] == f"{listing(first)}{HELP}\n"
    assert prompts[2] == f"type a number from 0 to {last}, or ? for help\n"
    assert prompts[3] == f"there is no action 12: choose from 0 to {last} (? lists them)\n"
    assert prompts[4] == f"there is no action -1: choose from 0 to {last} (? lists them)\n"
    assert prompts[5].startswith("not possible: 'fly': ")
    assert prompts[6] == "" and not list(tmp_path.iterdir())  # q quits, saving nothing


def test_undo_goes_back_to_your_last_decision_and_s_saves(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    options = ["four-weeks", "--seed", "2", "--seat", "1", "--bot", "random"]
    status, out = play(monkeypatch, capsys, options, "u\n2\nu\ns\n")
    assert status == 0
    assert "you are player 1; the other 1 player(s) are random bots" in out
    assert f"player 0 (random bot): {first_question(2, seat=1).history[-1]}\n" in out
    questions = out.split("player 1 (you)> ")
    first = first_question(2, seat=1)
    assert len(questions) == 5 and questions[3].endswith(listing(first))
    assert questions[0].endswith(questions[3])  # after the undo, the first question again
    assert questions[1] == "nothing to undo: you have not decided anything yet\n" + questions[3]
    assert kit.load_json(saved_file(out).read_text()) == first


def test_a_saved_game_goes_on_with_load(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    _, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "6"], "0\n1\ns\n")
    saved = kit.load_json(saved_file(out).read_text())
    status, out = play(monkeypatch, capsys, ["--load", str(saved_file(out))], "s\n")
    assert status == 0 and f"{TITLE}: you are player 0;" in out
    again = kit.load_json(saved_file(out).read_text())
    assert again == saved and len(again.history) > 16


# --- Ctrl-C: a real SIGINT to a running command ----------------------------------------------
def start(*argv: str, cwd: Path = ROOT) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "kit.cli", *argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def wait_for(process: subprocess.Popen[bytes], pattern: str, stream: str) -> str:
    """What `process` wrote to `stream` up to the first match of `pattern` (a safety net of a
    few minutes for a loaded machine: this is a wait, not a measurement)."""
    pipe = getattr(process, stream)
    seen, deadline = b"", time.monotonic() + 300
    while not re.search(pattern, seen.decode(errors="replace")):
        assert time.monotonic() < deadline and process.poll() is None, seen.decode()
        ready, _, _ = select.select([pipe], [], [], 1.0)
        if ready:
            seen += os.read(pipe.fileno(), 65536)
    return seen.decode()


def interrupt(process: subprocess.Popen[bytes]) -> tuple[str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return out.decode(), err.decode()


def test_ctrl_c_stops_a_simulation_with_the_statistics_of_the_games_finished():
    process = start("simulate", "four-weeks", "--games", "100000", "--bot", "random")
    wait_for(process, r"\| +[1-9]\d*/100000", "stderr")
    out, err = interrupt(process)
    assert process.returncode == 130
    finished = int(re.match(r"stopped by Ctrl-C after (\d+) games, \d+ actions\n", out).group(1))
    assert 1 <= finished < 100000
    assert out.splitlines()[1] == "seat   mean  stdev  worst  best  wins"
    assert "Traceback" not in err


@pytest.mark.slow
def test_ctrl_c_stops_the_orienteering_solver_with_the_best_route_so_far(tmp_path):
    rng = random.Random(1)  # 148 points: a first route in seconds, no proof for minutes
    points = [
        f"{rng.randint(0, 100)}\t{rng.randint(0, 100)}\t{rng.randint(1, 10)}" for _ in range(148)
    ]
    file = tmp_path / "many_points.txt"
    file.write_text("\n".join(["350\t1", "0\t0\t0", "100\t100\t0", *points]) + "\n")
    process = start("solve", "orienteering", str(file), "--time-limit", "3000")
    err = wait_for(process, r"a route scoring \d+", "stderr")
    out, rest = interrupt(process)
    assert process.returncode == 130
    first, result = out.splitlines()
    assert first == "many_points: 150 points, travel limit 350"
    found = re.match(
        r"stopped by Ctrl-C, the best route so far: feasible score (\d+) \(bound", result
    )
    route = [int(point) for point in result.split(": ")[-1].split(" -> ")]
    assert read_op_file(file).evaluate(route)[0] == int(found.group(1))
    best = max(int(s) for s in re.findall(r"a route scoring (\d+)", err + rest))
    assert int(found.group(1)) == best and "Traceback" not in rest


def test_ctrl_c_stops_the_four_week_planner_with_its_best_plan_replayed():
    process = start("solve", "four-weeks", "--seed", "1", "--time-limit", "3000")
    err = wait_for(process, r"a plan scoring \d+", "stderr")
    out, rest = interrupt(process)
    assert process.returncode == 130
    best = max(int(s) for s in re.findall(r"a plan scoring (\d+)", err + rest))
    # stopped while the greedy games are refined, before CP-SAT has a bound, or after
    assert re.match(rf"feasible plan scoring {best} \((bound \d+|no bound proven)", out)
    assert "interrupted: the best replay-verified plan found so far" in rest
    assert "Traceback" not in rest


def test_ctrl_c_in_a_game_saves_it_where_it_says(tmp_path):
    process = start("play", "four-weeks", "--seed", "8", cwd=tmp_path)
    wait_for(process, r"player 0 \(you\)> $", "stdout")
    out, err = interrupt(process)
    assert process.returncode == 130 and err == ""
    path = tmp_path / saved_file(out)
    assert out.endswith(
        f"stopped by Ctrl-C; the game is saved in {path.name}: "
        f"go on with `kit play --load {path.name} --seat 0`\n"
    )
    state = kit.load_json(path.read_text())
    reference = kit.load("four_weeks", seed=8).new_game()
    reference.resolve_chance()
    assert state == reference


def test_an_interrupt_a_command_handled_itself_still_ends_with_status_130(capsys):
    def planner() -> int:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(60)
        except KeyboardInterrupt:
            print("the best plan so far")
            return 0
        return 1

    before = signal.getsignal(signal.SIGINT)
    assert run(planner) == 130
    assert capsys.readouterr() == ("the best plan so far\n", "")
    assert signal.getsignal(signal.SIGINT) is before

    def escapes() -> int:
        raise KeyboardInterrupt

    assert run(escapes) == 130 and capsys.readouterr().err == "kit: stopped by Ctrl-C\n"


# --- the two commands of the README ----------------------------------------------------------
def test_the_readme_commands_make_and_use_a_virtual_environment_and_ci_runs_the_same_tests():
    readme = (ROOT / "README.md").read_text()
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert f'{venv}pip install -e ".[classroom]" && kit demo' in readme
    assert f'{venv}pip install -e ".[dev]" && pytest -n 2' in readme
    assert "Python 3.11 or newer" in readme
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == "pytest -n 2"
    assert [line for line in ci if line.startswith(("ruff", "mypy"))] == [
        "ruff check kit tests benchmarks notebooks",
        "ruff format --check kit tests benchmarks notebooks",
        "mypy",
    ]


def test_the_benchmark_script_refuses_bad_arguments_like_the_kit():
    script = ROOT / "benchmarks" / "engine_speed.py"
    for argv, message in [
        (["chess"], "argument games: unknown game 'chess'; the games are amazing_journey, "),
        (
            ["--count", "0"],
            "argument --games-per-run/--count: expected a whole number of at least 1",
        ),
        (["four_weeks", "--players", "9"], "option 'players': expected 1 to 4, got 9"),
        (["--bots", "clever"], "argument --bots: invalid choice: 'clever'"),
    ]:
        done = subprocess.run(
            [sys.executable, str(script), *argv],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.count("\n") == 1
        assert done.stderr.startswith("engine_speed: ") and message in done.stderr


def test_a_save_is_plain_json_named_after_the_game(tmp_path):
    state = kit.load("four_weeks", seed=1).new_game()
    state.resolve_chance()
    first = save_game(state, tmp_path)
    second = save_game(state, tmp_path)
    assert re.fullmatch(r"kit-four-weeks-\d{8}-\d{6}\.json", first.name)
    assert second.name == first.name.replace(".json", "-2.json")
    assert json.loads(first.read_text())["game"] == "four_weeks"
    assert kit.load_json(second.read_bytes()) == state


def test_each_planners_flags_are_the_options_it_declares(capsys):
    """`kit solve PLANNER --help` lists a flag per declared option, with its help, then the
    time limit and the workers."""
    from kit.solve.amazing_journey.puzzle import OPTIONS as JOURNEY
    from kit.solve.four_weeks.puzzle import OPTIONS as WEEKS
    from kit.solve.timeless_journeys.puzzle import OPTIONS as TOUR

    planners = (("amazing-journey", JOURNEY), ("timeless-journeys", TOUR), ("four-weeks", WEEKS))
    for planner, options in planners:
        assert main(["solve", planner, "--help"]) == 0
        text = " ".join(capsys.readouterr().out.split())
        flags = [o.flag for o in options] + ["--time-limit", "--workers"]
        assert re.findall(r"\[(--[a-z-]+)", text) == flags
        for option in options:
            assert f" {option.help} " in f" {text} ", option.name
    assert [o.flag for o in JOURNEY] == [
        "--side", "--traveller", "--explore-days", "--days", "--seed", "--board"
    ]  # fmt: skip
    assert [o.flag for o in TOUR] == ["--set", "--edition", "--seed"]
    assert [o.flag for o in WEEKS] == ["--seed", "--claim", "--content"]


def test_play_shows_the_seat_only_what_it_is_told_of_a_bots_action(monkeypatch, capsys, tmp_path):
    """Timeless Journeys: the random bot in seat 0 plays a card face down; the player at the
    terminal, in seat 1, reads that it did, not which card."""
    monkeypatch.chdir(tmp_path)
    options = ["timeless-journeys", "--players", "2", "--seat", "1", "--bot", "random"]
    status, out = play(monkeypatch, capsys, [*options, "--seed", "0"], "q\n")
    assert status == 0
    assert "player 0 (random bot): play a card face down\n" in out
    assert "bot): play the Ideas card" not in out
