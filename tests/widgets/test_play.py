"""The play panel, headless: driven by its buttons, its slider, its upload and the board's
`selected`, for each game; every check is on the game state behind it, or on what the panel sends
to the browser (recorded by `kit.widgets.traffic`)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from IPython.core.formatters import DisplayFormatter
from traitlets import TraitError

import kit
from kit.amazing_journey import AmazingJourney
from kit.amazing_journey import setup as journey_setup
from kit.core import CHANCE, KitError, State, ranking
from kit.four_weeks import FourWeeks
from kit.four_weeks import setup as weeks_setup
from kit.timeless_journeys import TimelessJourneys
from kit.timeless_journeys import setup as tour_setup
from kit.widgets import PlayPanel, play, state_html
from kit.widgets.traffic import recorded
from kit.widgets.views import view_for
from tests.checks import shown_svg
from tests.four_weeks.helpers import deal as weeks_deal
from tests.timeless_journeys.helpers import TALK, up
from tests.timeless_journeys.helpers import build as tour_build
from tests.widgets.test_timelines import BRITAIN, MEET_SHELLEY, day_at, on_day
from tests.widgets.test_timelines import discs as calendar_discs
from tests.widgets.test_timelines import parse as timeline_parse
from tests.widgets.test_timelines import pawns as timeline_pawns
from tests.widgets.test_timelines import tokens as gazette_tokens


@dataclass(frozen=True)
class Game:
    """A position of a game, a place of its map, the action taken there and how it shows."""

    start: Callable[[], State]
    place: str  # a place where player 0 has actions
    action: str  # one of them
    outside: str  # another legal action, applied by code behind the panel's back
    shows: Callable[[dict[str, Any]], Any]  # what player 0's own board says of the position
    before: Any  # ... before the action
    after: Any  # ... after it


GAMES = {
    "amazing_journey": Game(
        lambda: journey_setup(
            AmazingJourney(players=2, seed=3),
            travellers=["Paulo", "Yuki"],
            placement={"Paris": "A03"},
        ),
        "Paris",
        "take the T1 train to Paris",
        "refresh",
        lambda seen: (seen["players"][0]["city"], seen["players"][0]["day"]),
        ("London", 0),
        ("Paris", 2),
    ),
    "timeless_journeys": Game(
        lambda: tour_setup(
            TimelessJourneys(players=2, seed=3),
            actions=["play the Movement card face up", "activate the Movement card"],
        ),
        "Milano",
        "move to Milano for 1 coin",
        "move to Asti Hills for free",
        lambda seen: (seen["players"][0]["marker"], seen["players"][0]["coins"]),
        ("Torino", 1),
        ("Milano", 0),
    ),
    "four_weeks": Game(
        lambda: weeks_setup(FourWeeks(players=2, seed=3), hands=[["FRA1", "FRA2"]]),
        "FRA",
        "start in FRA for free",
        "start in BRI for free",
        lambda seen: seen["players"][0]["pawn"],
        None,
        "FRA",
    ),
}


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


def labels(panel: PlayPanel) -> list[str]:
    return [button.description for button in panel.action_buttons]


def offered(panel: PlayPanel) -> list[str]:
    """The labels the panel should show: the legal actions, where its seat is to move."""
    state = panel.state
    mine = state.current_player == panel.seat and state.current_player not in panel.bots
    return [str(a) for a in state.legal_actions()] if mine else []


def button(panel: PlayPanel, label: str) -> Any:
    found = [b for b in panel.action_buttons if b.description == label]
    assert len(found) == 1, labels(panel)
    return found[0]


def upload(panel: PlayPanel, name: str, content: bytes) -> None:
    """What the browser sends when a file is chosen in the Load button."""
    panel.load_button.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.now(UTC),
        },
    )


def saved(panel: PlayPanel) -> tuple[str, str]:
    """Click Save; the file's name and text, as sent to the browser to download."""
    with recorded() as messages:
        panel.save_button.click()
    files = [m.data["content"] for m in messages if "text" in m.data.get("content", {})]
    assert len(files) == 1
    return files[0]["name"], files[0]["text"]


def pawn_places(panel: PlayPanel) -> list[str]:
    return [piece.place for piece in panel.board.pieces if piece.kind == "pawn"]


# --- a click --------------------------------------------------------------------------------
def test_a_click_applies_exactly_that_action_and_chance_by_the_seed(game: Game) -> None:
    state = game.start()
    given = state.to_json()
    panel = play(state, seat=0)
    assert game.shows(panel.state.observation(0)) == game.before
    expected = state.clone()
    expected.follow([game.action])  # the action, then chance by the seed
    button(panel, game.action).click()
    assert panel.state == expected and panel.message == ""
    assert [str(a) for a in panel.state.history[len(state.history) :]] == [
        str(a) for a in expected.history[len(state.history) :]
    ]
    assert str(panel.state.history[len(state.history)]) == game.action
    assert game.shows(panel.state.observation(0)) == game.after
    assert panel.logbook.lines[len(state.history)] == f"player 0: {game.action}"
    assert len(panel.logbook.lines) == len(panel.state.history) == panel.replay.max
    assert state.to_json() == given  # the panel plays on its own copy


def test_the_die_of_an_explore_is_rolled_by_the_seed_and_told_in_the_log() -> None:
    state = GAMES["amazing_journey"].start()
    panel = play(state, seat=0)
    button(panel, "take the T1 train to Paris").click()
    button(panel, "explore Paris").click()
    expected = state.clone()
    expected.follow(["take the T1 train to Paris", "explore Paris"])
    assert panel.state == expected
    roll = panel.state.history[-1]
    assert roll.kind == "chance" and str(roll).startswith("the die shows ")
    assert panel.logbook.lines[-1] == f"chance: {roll}"
    # the token collected is player 0's to see, on their own board
    experiences = panel.state.observation(0)["players"][0]["experiences"]
    souvenirs = panel.state.observation(0)["players"][0]["souvenirs"]
    assert [t["token"] for t in experiences + souvenirs] == ["A03"]
    assert "<th>Food Experiences</th><td>A03</td>" in panel.tables[0]


def test_the_log_tells_the_explorer_the_token_and_the_others_its_back() -> None:
    """The Amazing Journey: A03, a food Experience, lies face down in Paris."""
    start = GAMES["amazing_journey"].start()
    start.apply("take the T1 train to Paris")
    mine = "player 0: explore Paris → takes A03, a food Experience"
    roll = "chance: the die shows 3 days for player 0"
    assert told(start, "explore Paris", 0) == [mine, roll]
    assert told(start, "explore Paris", 1) == [
        "player 0: explore Paris → takes a token: a food Experience (region A)",
        roll,
    ]
    assert told(start, "explore Paris", None) == [mine, roll]  # a shared screen tells all


class Script:
    """A bot that plays the labels it is given, in order."""

    def __init__(self, *labels: str) -> None:
        self.labels = list(labels)

    def choose(self, state: State) -> str:
        return self.labels.pop(0)


def told(start: State, label: str, seat: int | None) -> list[str]:
    """The log's last lines once player 0 has played `label` from `start`, as the panel of
    `seat` tells them (player 0 is a bot where the seat is another player's)."""
    if seat in (0, None):
        panel = play(start, seat=seat)
        button(panel, label).click()
    else:
        panel = play(start, seat=seat, bots={0: Script(label)})
        panel.step_button.click()
    return [line.replace(" (Script)", "") for line in panel.logbook.lines[len(start.history) :]]


def test_the_log_tells_the_drawer_the_card_and_the_others_how_many() -> None:
    """The four-week game: player 0 visits Ibiza Clubs (2 points, two tags, a card drawn)."""
    start = weeks_setup(
        FourWeeks(players=2, seed=3), hands=[["IBE2"]], actions=["start in IBE for free"]
    )
    visit = (
        "player 0: visit IBE2 (Ibiza Clubs) → scores 2 points; gains 1 nature tag and 1 "
        "nightlife tag; draws "
    )
    mine = [
        f"{visit}POL3 (Wieliczka Salt Mine)",
        "chance: player 0 draws POL3 (Wieliczka Salt Mine)",
    ]
    assert told(start, "visit IBE2 (Ibiza Clubs)", 0) == mine
    assert told(start, "visit IBE2 (Ibiza Clubs)", 1) == [
        f"{visit}1 Location card",
        "chance: player 0 draws a Location card",
    ]
    assert told(start, "visit IBE2 (Ibiza Clubs)", None) == mine


def test_the_log_tells_a_card_played_face_down_to_its_player_only() -> None:
    """Timeless Journeys: what a conversation brought (2 coins, by Favour tile FT01 in Torino)
    is public and told to every seat; the card player 0 then plays face down is named to
    player 0 only."""
    talk = ["play the Conversation card face up", "activate the Conversation card"]
    start = tour_setup(
        TimelessJourneys(players=2, seed=3), actions=[*talk, "talk to the left local in Torino"]
    )
    start.apply("do nothing more")  # player 1 plays a card of theirs
    start.apply("play the Movement card face down")
    start.apply("take 2 coins")
    talked = "player 0: talk to the left local in Torino → gains 2 coins"
    for seat in (0, 1, None):
        assert talked in play(start, seat=seat).logbook.lines
    assert told(start, "play the Letter card face down", 0) == [
        "player 0: play the Letter card face down"
    ]
    assert told(start, "play the Letter card face down", 1) == ["player 0: play a card face down"]


def test_a_stale_button_is_refused_and_changes_nothing(game: Game) -> None:
    panel = play(game.start(), seat=0)
    stale = button(panel, game.action)
    step = len(panel.state.history)
    panel.state.apply(game.outside)  # the position moves on behind the panel's back
    before = panel.state.clone()
    stale.click()
    assert panel.state == before and panel.state.history == before.history
    assert panel.message == (
        f"refused: that button was offered at step {step} and the game is at step {step + 1} "
        "now; nothing changed"
    )
    # the panel has caught up: its log has the outside action, its buttons the new position
    assert panel.logbook.lines[step] == f"player 0: {game.outside}"
    assert labels(panel) == offered(panel)


def test_selecting_a_place_keeps_only_its_actions(game: Game) -> None:
    panel = play(game.start(), seat=0)
    everything = [str(a) for a in panel.state.legal_actions()]
    assert labels(panel) == everything
    panel.board.selected = game.place
    here = [str(a) for a in panel.state.legal_actions() if a.place == game.place]
    assert here and labels(panel) == here and game.action in here
    assert len(here) < len(everything)
    assert f"the actions at {game.place} (click it again to see all)" in panel._question.value
    panel.board.selected = ""
    assert labels(panel) == everything


def test_a_place_without_actions_keeps_every_button_and_says_so() -> None:
    panel = play(GAMES["amazing_journey"].start(), seat=0)
    everything = labels(panel)
    assert not [a for a in panel.state.legal_actions() if a.place == "Tokyo"]
    with recorded() as messages:
        panel.board.selected = "Tokyo"
    assert labels(panel) == everything and panel.board.selected == ""
    assert panel.message == "no action of yours concerns Tokyo now: every action shows"
    assert "click a place on the map to see only its actions" in panel._question.value
    assert not [m for m in messages if "children" in m.data.get("state", {})]  # no button moved


def question_off_the_map(game: str) -> State:
    """A position of a seeded game (greedy bots) where player 0 answers a question whose
    answers concern no place of the map (a Ticket to discard, an Objective to play, a card
    to discard to the box or for Write, Rest or Plan)."""
    state = kit.load(game, players=2, seed=1).new_game()
    bots = [kit.game_module(game).BOTS["greedy"](1, player) for player in (0, 1)]
    while not state.is_terminal:
        if state.is_chance_node:
            state.apply(state.sample_chance())
            continue
        mover = state.current_player
        if mover == 0 and not [a for a in state.legal_actions() if a.place]:
            return state
        state.apply(bots[mover].choose(state))
    raise AssertionError(f"no question off the map for player 0 in {game}")


def test_a_click_on_the_map_during_a_question_off_the_map_keeps_the_buttons(game: Game) -> None:
    state = question_off_the_map(game.start().game.name)
    panel = play(state, seat=0)
    answers = labels(panel)
    assert answers == [str(a) for a in state.legal_actions()]
    panel.board.selected = game.place
    assert labels(panel) == answers and panel.board.selected == ""
    assert panel.message == (
        f"{game.place}: the question due is not about a place: answer it below"
    )
    assert panel.state == state


def test_buttons_are_grouped_by_kind_in_the_order_of_the_legal_actions() -> None:
    panel = play(GAMES["amazing_journey"].start(), seat=0)
    groups = panel._actions.box.children
    kinds = [group.children[0].value for group in groups]
    assert kinds == ["<b>Wait</b>", "<b>Travel</b>"]
    travel = [b.description for b in groups[1].children[1].children]
    assert travel == [str(a) for a in panel.state.legal_actions() if a.kind == "travel"]


def test_undo_takes_back_the_panels_last_action(game: Game) -> None:
    state = game.start()
    panel = play(state, seat=0)
    lines = list(panel.logbook.lines)
    button(panel, game.action).click()
    assert not panel.undo_button.disabled
    panel.undo_button.click()
    assert panel.state == state and panel.state.history == state.history
    assert panel.logbook.lines == lines and panel.replay.max == len(state.history)
    assert panel.message == f"took back step {len(state.history) + 1}: player 0: {game.action}"
    assert labels(panel) == [str(a) for a in state.legal_actions()]


def test_undo_with_nothing_of_the_seats_to_take_back_is_refused() -> None:
    state = GAMES["four_weeks"].start()  # only the setup's chance so far
    panel = play(state, seat=0)
    assert panel.undo_button.disabled
    panel.undo_button.click()
    assert panel.message == "refused: there is no action of this panel's to undo; nothing changed"
    assert panel.state == state


def test_undo_takes_back_the_bots_moves_after_the_panels_action() -> None:
    panel = play(GAMES["four_weeks"].start(), seat=0, bots={1: "greedy"})
    start = panel.state.clone()
    button(panel, "start in FRA for free").click()
    button(panel, "skip the Activity and lose 1 day").click()
    button(panel, "end the turn").click()
    assert panel.state.current_player == 1
    panel.play_button.click()
    assert panel.state.current_player == 0 and len(panel.state.history) > len(start.history) + 3
    panel.undo_button.click()  # back to before "end the turn", the bot's moves gone with it
    expected = start.clone()
    expected.follow(["start in FRA for free", "skip the Activity and lose 1 day"])
    assert panel.state == expected


def test_the_slider_shows_an_earlier_position_and_leaves_the_history_alone(game: Game) -> None:
    state = game.start()
    panel = play(state, seat=0)
    button(panel, game.action).click()
    history = list(panel.state.history)
    live_pieces, live_tables, live_labels = panel.board.pieces, panel.tables, labels(panel)
    assert panel.now_button.disabled
    panel.replay.value = len(state.history)  # before the action
    assert panel.state.history == history
    assert panel.board.pieces == view_for(state.game).pieces(state.observation(0))
    assert pawn_places(panel) == pawn_places(play(state, seat=0))
    assert panel.tables == play(state, seat=0).tables
    assert panel.tables != live_tables
    assert panel.logbook.shown == len(state.history)
    assert f"step {len(state.history)} of {len(history)}, on view" in panel._turn.value
    # the buttons of now stay where they are, greyed out, and Back to now is offered
    assert labels(panel) == live_labels
    assert all(b.disabled for b in panel.action_buttons) and not panel.now_button.disabled
    assert "an earlier position is on view: Back to now" in panel._question.value
    if live_labels:  # in Timeless Journeys player 1 is to move: player 0 has no button now
        panel.action_buttons[0].click()
        assert panel.message.startswith("refused: an earlier position is on view")
    panel.step_button.click()
    assert panel.message.startswith("refused: an earlier position is on view")
    assert panel.state.history == history
    panel.now_button.click()  # back to the game
    assert panel.replay.value == len(history) and panel.now_button.disabled
    assert panel.board.pieces == live_pieces and panel.tables == live_tables
    assert labels(panel) == offered(panel)
    assert not [b for b in panel.action_buttons if b.disabled]


def test_the_slider_refuses_a_step_outside_the_history() -> None:
    panel = play(GAMES["four_weeks"].start(), seat=0)
    end = panel.replay.value
    for step in (-1, end + 1):
        with pytest.raises(
            TraitError, match=f"step {step} is not one of the history's: 0 to {end}"
        ):
            panel.replay.value = step
    assert panel.replay.value == end and panel.replay.max == end


def test_the_slider_reaches_every_step_of_a_long_game_as_replay_gives_it() -> None:
    game = kit.load("amazing_journey", players=2, seed=5)
    panel = play(game.new_game(), bots={0: "greedy", 1: "greedy"})
    panel.play_button.click()
    assert panel.state.is_terminal
    history = list(panel.state.history)
    view = view_for(game)
    for step in (0, 1, 33, 64, 65, len(history) // 2, len(history) - 1):
        panel.replay.value = step
        expected = game.replay(history[:step])
        assert panel.board.pieces == view.pieces(expected.observation(viewer_of(expected)))
    assert panel.state.history == history


def viewer_of(state: State) -> int:
    return max(state.current_player, 0)


# --- bots -----------------------------------------------------------------------------------
def test_bots_move_only_their_seats() -> None:
    game = FourWeeks(players=3, seed=4)
    panel = play(weeks_setup(game), bots={1: "greedy"})  # players 0 and 2 at this screen
    button(panel, "start in FRA for free").click()
    button(panel, "skip the Activity and lose 1 day").click()
    button(panel, "end the turn").click()
    assert panel.state.current_player == 1
    start = len(panel.state.history)
    panel.play_button.click()
    moved = [mover for _, mover in panel.steps[start:]]
    assert set(moved) - {CHANCE} == {1}
    assert panel.state.current_player == 2  # the bot stops at the next seat no bot plays
    assert panel.logbook.lines[start].startswith("player 1 (greedy bot): ")
    before = panel.state.clone()
    panel.step_button.click()
    assert panel.state == before
    assert panel.message == (
        "refused: player 2 is to move, and no bot plays that seat; nothing changed"
    )
    assert panel.step_button.disabled and panel.play_button.disabled


def test_step_makes_one_bot_move() -> None:
    panel = play(GAMES["amazing_journey"].start(), seat=1, bots={0: "random"})
    start = len(panel.state.history)
    assert labels(panel) == []  # player 0 is the bot's
    panel.step_button.click()
    players = [mover for _, mover in panel.steps[start:] if mover != CHANCE]
    assert players == [0]


def test_bots_are_refused_where_they_cannot_play() -> None:
    state = GAMES["four_weeks"].start()
    with pytest.raises(KitError, match="no bot 'clever' for Four weeks in Europe; its bots: "):
        play(state, bots={1: "clever"})
    with pytest.raises(KitError, match="player 0 is the panel's seat: a bot cannot play it"):
        play(state, seat=0, bots={0: "greedy"})
    with pytest.raises(KitError, match="5 is not a player of this game"):
        play(state, bots={5: "greedy"})
    with pytest.raises(KitError, match="the bot of player 1 has no choose"):
        play(state, bots={1: object()})  # type: ignore[dict-item]
    with pytest.raises(KitError, match="-1 is not a player of this game"):
        play(state, seat=-1)


# --- what a seat may see --------------------------------------------------------------------
TOKEN = re.compile(r"\b[A-G]\d\d\b")


def test_a_hidden_token_stays_hidden_from_the_seat() -> None:
    """Nothing the panel sends names a token player 0 has not collected: not the pieces, the
    tables, the buttons, nor the log (the setup's placements are told face down)."""
    game = AmazingJourney(players=2, seed=3)
    routes = {route.id for route in game.content.board.routes}  # "A10" is an airship too
    ids = {token.id for token in game.content.tokens} - routes
    with recorded() as messages:
        panel = play(journey_setup(game, placement={"Paris": "A03"}), seat=0, bots={1: "greedy"})
        button(panel, "take the T1 train to Paris").click()
        button(panel, "explore Paris").click()
        for _ in range(5):
            panel.play_button.click()
            travels = [b for b in panel.action_buttons if b.description.startswith("take")]
            (travels or panel.action_buttons)[0].click()
    seen = panel.state.observation(0)["players"][0]
    mine = {t["token"] for t in seen["experiences"] + seen["souvenirs"]}
    named = {word for m in messages for word in TOKEN.findall(m.text)} & ids
    assert "A03" in mine and named == mine  # player 0 sees their own token, and no other
    assert "chance: a token is placed face down in Paris" in panel.logbook.lines
    # The shared screen tells everything: the same check would catch it.
    with recorded() as messages:
        play(journey_setup(game, placement={"Paris": "A03"}))
    assert any("A03 lies face down in Paris" in m.text for m in messages)


def test_other_players_secrets_stay_hidden_from_the_seat() -> None:
    """Four weeks: the other hand; Timeless Journeys: the face-down Exploration tiles."""
    weeks = weeks_setup(FourWeeks(players=2, seed=3))
    with recorded() as messages:
        play(weeks, seat=0)
    text = "".join(m.text for m in messages)
    theirs = weeks.observation(1)["hand"]
    assert theirs and not [card for card in theirs if card.split()[0] in text]
    assert all(card in text for card in weeks.observation(0)["hand"])
    tour = GAMES["timeless_journeys"].start()
    with recorded() as messages:
        play(tour, seat=0)
    text = "".join(m.text for m in messages)
    assert not re.search(r"Exploration tile [A-Za-z]+-\d", text)
    assert "an Exploration tile is placed face down in Torino" in text


IDENTIFIERS = {  # the names of what lies face down or in a hand, in each game's words
    "amazing_journey": re.compile(r"\b[A-G]\d\d\b"),  # tokens (and airship routes: A10)
    "timeless_journeys": re.compile(r"\b[A-Z][a-z]+-\d+\b"),  # Exploration tiles
    "four_weeks": re.compile(r"\b[A-Z]{3}\d\b"),  # Location cards
}
# Words that name another player's secret in a line about them: a Ticket's or an Objective's
# type drawn, a card played face down or discarded to the box.
SECRETS = {
    "amazing_journey": re.compile(
        r"draws (a|an|\d+) (bus|train|ship|balloon|airship|secret|adventure|culture|food|party|"
        r"nature)\b"
    ),
    "timeless_journeys": re.compile(
        r"(play|discard) (the .+ card|card \d+) (face down|to the box)"
    ),
    "four_weeks": re.compile(r"draws (?!a Location card|\d+ Location cards?)"),
}


def whole_game(name: str, players: int, seed: int) -> State:
    """A seeded game played to its end by greedy bots."""
    state = kit.load(name, players=players, seed=seed).new_game()
    bots = [kit.game_module(name).BOTS["greedy"](seed, p) for p in range(players)]
    while not state.is_terminal:
        mover = state.current_player
        state.apply(state.sample_chance() if mover == CHANCE else bots[mover].choose(state))
    return state


def seen_by(state: State, seat: int, names: re.Pattern[str]) -> set[str]:
    """Every name `seat` saw during the game: on its board (its observations) and on its
    buttons (its legal actions)."""
    seen: set[str] = set()
    position = state.game.new_game()
    for action in [*state.history, None]:
        seen |= set(names.findall(json.dumps(position.observation(seat), ensure_ascii=False)))
        if position.current_player == seat:
            seen |= set(names.findall(" ".join(str(a) for a in position.legal_actions())))
        if action is not None:
            position.apply(action)
    return seen


def about(line: str) -> int | None:
    """The player a log line is about: its mover, or the player a chance draw is for."""
    found = re.match(r"(?:chance: )?player (\d+)", line)
    return int(found[1]) if found else None


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed"), [(name, 3, 2) for name in IDENTIFIERS])
def test_no_seat_reads_another_players_secret_in_its_log(
    name: str, players: int, seed: int
) -> None:
    """Over a whole seeded game, each seat's log names only what that seat saw on its board or
    its buttons, and no line about another player names their secret draws or cards."""
    state = whole_game(name, players, seed)
    names = IDENTIFIERS[name]
    for seat in range(players):
        lines = play(state, seat=seat).logbook.lines
        assert len(lines) == len(state.history)
        named = {word for line in lines for word in names.findall(line)}
        assert named <= seen_by(state, seat, names), (seat, named - seen_by(state, seat, names))
        theirs = [line for line in lines if about(line) not in (seat, None)]
        assert theirs and not [line for line in theirs if SECRETS[name].search(line)]
    shared = play(state).logbook.lines  # the shared screen tells everything: the checks bite
    assert {w for line in shared for w in names.findall(line)} - seen_by(state, 0, names)
    assert [line for line in shared if about(line) != 0 and SECRETS[name].search(line)]


# --- words a student reads ---------------------------------------------------------------
def test_cards_show_by_name_and_effect() -> None:
    """Timeless Journeys' hand and market, the four-week hand, and the hover text of a button
    that names a card: each card with what it does."""
    tour = play(GAMES["timeless_journeys"].start(), seat=0)
    hand, shared = tour.tables[0], tour.tables[-1]
    assert "Conversation card: Have a conversation in the city you are in." in hand
    market = re.search(r"<th>Market, Level I</th><td>(.*?)</td>", shared)
    assert market and market[1].startswith("card ") and ": " in market[1].split("<br>")[0]
    assert "card 15, card 06" not in shared
    turn = play(tour_setup(TimelessJourneys(players=2, seed=3)), seat=0)
    tips = {b.description: b.tooltip for b in turn.action_buttons}
    assert tips["play the Letter card face down"] == (
        "Letter card: Send a letter to a local holding your Letter marker."
    )
    assert tips["play the second Movement card face up"] == (
        "second Movement card: Move 1 along a path, paying its cost (the optional seventh card)."
    )
    weeks = play(GAMES["four_weeks"].start(), seat=0)
    assert (
        "FRA1 (Lyon Bouchons), 1 day, food: 1 Excitement, 1 Coin; on Mon also 1 Coin"
        in weeks.tables[0]
    )
    start = button(weeks, "start in FRA for free")
    start.click()
    visit = button(weeks, "visit FRA1 (Lyon Bouchons)")
    assert (
        visit.tooltip
        == "FRA1 (Lyon Bouchons), 1 day, food: 1 Excitement, 1 Coin; on Mon also 1 Coin"
    )


def test_a_journal_shows_its_slots_filled_out_of_those_it_has() -> None:
    panel = play(GAMES["timeless_journeys"].start(), seat=0)
    journals = re.findall(r"<th>(Journal \w+)</th><td>(.*?)</td>", panel.tables[0])
    assert journals == [
        (
            "Journal A8",
            "0 of 8 slots filled (0 VP); still needs 2 Philosophy, 2 History, Science, Art, an "
            "Exploration tile of Firenze and a Friend tile",
        ),
        (
            "Journal B6",
            "0 of 8 slots filled (0 VP); still needs 2 Art, History, Science, 2 Philosophy, an "
            "Exploration tile of Bologna and a Friend tile",
        ),
    ]


def test_another_players_cards_show_face_down() -> None:
    panel = play(GAMES["amazing_journey"].start(), seat=0)
    theirs = panel.tables[1]
    assert "<th>Tickets</th><td>1 card, face down</td>" in theirs
    assert "<th>Objectives in hand</th><td>2 cards, face down</td>" in theirs
    assert "(power ready)" in panel.tables[0]


def test_the_tabs_hold_the_log_the_tables_the_timeline_and_at_the_end_the_scores() -> None:
    panel = play(FourWeeks(players=2, seed=8).new_game(), bots={0: "greedy", 1: "greedy"})
    assert panel.tabs.titles == ("Log", "Players", "On the table", "Calendar")
    assert panel.tabs.children == (panel.logbook, panel._tables, panel._shared, panel.timeline)
    assert panel.tabs.selected_index == 0
    panel.play_button.click()
    assert panel.tabs.titles[-1] == "Final scores" and panel.tabs.selected_index == 4
    assert panel.tabs.children[-1].value == panel.score_sheets != ""
    panel.replay.value = 100  # the past: no scores yet, no scores' tab
    assert panel.tabs.titles == ("Log", "Players", "On the table", "Calendar")
    assert panel.tabs.selected_index == 0


# --- a large room ---------------------------------------------------------------------------
def test_a_large_room_gets_a_larger_board_text_and_buttons() -> None:
    normal = play(GAMES["four_weeks"].start(), seat=0)
    large = play(GAMES["four_weeks"].start(), seat=0, size="large")
    assert normal.board.sizes.name == "normal" and large.board.sizes.name == "large"
    assert "kit-size-large" in large._dom_classes and "kit-size-normal" in normal._dom_classes
    style = large.children[0].value
    assert ".kit-play.kit-size-large" in style and ".kit-size-normal" not in style
    assert "--jp-widgets-font-size: 17.3px" in style  # 13 px, a third larger
    assert "--kit-target: 26px" in style and "--jp-widgets-inline-height: 37px" in style
    assert "--kit-target: 20px" in normal.children[0].value
    assert "--jp-widgets-font-size: 13.0px" in normal.children[0].value


def test_an_unknown_size_is_refused() -> None:
    with pytest.raises(KitError, match="size 'huge' is unknown; the panels draw normal, large"):
        play(GAMES["four_weeks"].start(), seat=0, size="huge")


# --- saving and loading ---------------------------------------------------------------------
def test_save_then_load_gives_the_same_state(game: Game) -> None:
    panel = play(game.start(), seat=0)
    button(panel, game.action).click()
    position, lines = panel.state.clone(), list(panel.logbook.lines)
    name, text = saved(panel)
    assert re.fullmatch(
        rf"kit-{game.start().game.name.replace('_', '-')}-\d{{8}}-\d{{6}}\.json", name
    )
    assert text == position.to_json()
    assert panel.message == f"saved as {name} (step {len(position.history)})"
    panel.undo_button.click()
    assert panel.state != position
    upload(panel, name, text.encode())
    assert panel.state == position and panel.state.fixed == position.fixed
    assert panel.logbook.lines == lines and panel.replay.value == len(position.history)
    assert panel.message == f"loaded {name} (step {len(position.history)})"
    assert panel.load_button.value == ()  # the same file may be chosen again


def test_a_bad_file_is_refused_and_changes_nothing() -> None:
    state = GAMES["amazing_journey"].start()
    panel = play(state, seat=0)
    button(panel, "take the T1 train to Paris").click()
    button(panel, "explore Paris").click()
    position = panel.state.clone()
    _, text = saved(panel)
    data = json.loads(text)
    roll = data["history"][-1]
    other = next(
        str(o) for o in position.game.replay(data["history"][:-1]).legal_actions() if str(o) != roll
    )
    data["history"][-1] = other  # a better die, by hand
    edited = json.dumps(data).encode()
    step = len(data["history"])
    upload(panel, "edited.json", edited)
    assert panel.state == position
    assert panel.message.startswith(
        f"refused: edited.json was not loaded: step {step}: the chance outcome {other!r} is not "
        "the one the seed gives"
    )
    upload(panel, "notes.json", b"not json at all")
    assert panel.state == position
    assert panel.message.startswith(
        "refused: notes.json was not loaded: the save is not valid JSON"
    )
    weeks = GAMES["four_weeks"].start().to_json().encode()
    upload(panel, "weeks.json", weeks)
    assert "the save is of game 'four_weeks', not 'amazing_journey'" in panel.message
    three = kit.load("amazing_journey", players=3, seed=3).new_game()
    three.resolve_chance()
    upload(panel, "three.json", three.to_json().encode())
    assert panel.message == (
        "refused: three.json was not loaded: it is a game of another set-up (players 3, side "
        "regular) than this panel's (players 2, side regular); open it in a new panel, made for "
        "that set-up; nothing changed"
    )
    assert panel.state == position and panel.logbook.lines[-1] == f"chance: {roll}"


# --- the end --------------------------------------------------------------------------------
def test_the_end_shows_the_score_sheets_and_the_ranking() -> None:
    game = FourWeeks(players=2, seed=8)
    panel = play(game.new_game(), bots={0: "greedy", 1: "greedy"})
    assert panel.score_sheets == ""
    panel.play_button.click()
    assert panel.state.is_terminal and labels(panel) == []
    sheets = panel.state.scores()
    html = panel.score_sheets
    for sheet, place in zip(sheets, ranking(sheets), strict=True):
        assert f"place {place}: " in html
        for line in sheet.lines:
            assert f"<th>{line.label}</th><td>{line.points}" in html
        assert f"<th>Total</th><td>{sheet.total}</td>" in html
    winner = sheets[ranking(sheets).index(1)]
    assert html.index(f"player {winner.player}") < html.index(
        f"player {1 - winner.player}</caption>"
    )
    assert "the game is over" in panel._question.value
    assert "the final scores are in their tab, below" in panel._question.value


# --- what is sent ---------------------------------------------------------------------------
def test_an_update_sends_changes_not_the_picture(game: Game) -> None:
    panel = play(game.start(), seat=0, bots={1: "greedy"})
    with recorded() as messages:
        button(panel, game.action).click()
    sent = sum(m.size for m in messages)
    assert 0 < sent < 30_000
    assert not [m for m in messages if "_picture" in m.data.get("state", {})]
    panel.undo_button.click()
    with recorded() as messages:  # the buttons are there: they are used again, not made
        button(panel, game.action).click()
    assert not [m for m in messages if m.kind == "comm_open"]


def test_a_new_view_of_the_log_gets_every_line() -> None:
    panel = play(GAMES["four_weeks"].start(), seat=0)
    with recorded() as messages:
        panel.logbook._handle_msg(
            {"content": {"data": {"method": "custom", "content": {"want": "lines"}}}, "buffers": []}
        )
    assert [m.data["content"] for m in messages] == [
        {"start": 0, "lines": panel.logbook.lines, "fold": 16, "title": SETUPS["four_weeks"][1]}
    ]


SETUPS = {  # the setup's chance steps of each game's start, and its words for them
    "amazing_journey": (
        80,  # 2 Travellers, 70 tokens, 2 symbols, 2 × 3 cards
        "setup: Travellers dealt, tokens placed face down, symbols removed, hands drawn",
    ),
    "timeless_journeys": (
        39,  # the Gazette's side, the portraits, 3 Friend, 8 Favour and 16 Exploration tiles,
        # 4 Journals, 6 market cards
        "setup: the Gazette and the Famous Travellers, the tiles placed, Journals dealt, the "
        "market revealed",
    ),
    "four_weeks": (16, "setup: the first Festivals revealed, hands drawn"),  # 2 + 2 × 7
}


def test_the_log_opens_with_the_setup_folded_in_one_line(game: Game) -> None:
    panel = play(game.start(), seat=0)
    fold, title = SETUPS[panel.state.game.name]
    assert (panel.logbook.fold, panel.logbook.title) == (fold, title)
    assert [mover for _, mover in panel.steps[:fold]] == [CHANCE] * fold
    assert panel.steps[fold:] == [] or panel.steps[fold][1] == 0  # then player 0's first action


def timeline_days(panel: PlayPanel) -> list[int]:
    """The day each player's pawn stands on in the panel's Timeline, as the page draws it."""
    root = timeline_parse(panel.timeline.svg())
    found = timeline_pawns(root)
    return [on_day(root, found[player][0]) for player in sorted(found)]


def days_of(state: State) -> list[int]:
    return [player["day"] for player in state.observation(0)["players"]]


def test_the_timeline_follows_each_move_undo_load_and_the_slider() -> None:
    """A Plan takes 2 days, a Travel by the day's train 2 more: the pawn stands on the state's
    day after each click, on the earlier day where the slider shows the past (the history left
    alone), and back where Undo and Load put the game."""
    panel = play(journey_setup(AmazingJourney(players=2, seed=3)), seat=0)
    assert timeline_days(panel) == days_of(panel.state) == [0, 0]
    button(panel, "plan").click()
    button(panel, "take the T1 train to Paris").click()
    assert timeline_days(panel) == days_of(panel.state) == [4, 0]
    name, text = saved(panel)
    history = list(panel.state.history)
    panel.replay.value = len(history) - 1
    assert timeline_days(panel) == [2, 0]
    assert panel.state.history == history
    panel.replay.value = len(history)
    assert timeline_days(panel) == [4, 0]
    panel.undo_button.click()
    assert timeline_days(panel) == days_of(panel.state) == [2, 0]
    upload(panel, name, text.encode())
    assert timeline_days(panel) == [4, 0]


def test_the_timeline_shows_what_the_seat_may_see(game: Game) -> None:
    panel = play(game.start(), seat=1)
    assert panel.timeline in panel.tabs.children
    assert panel.timeline.seat == 1
    assert "as player 1 sees it" in panel.timeline.svg()
    assert "as player" not in play(game.start()).timeline.svg()


def test_the_gazette_gets_the_token_placed_by_a_click() -> None:
    """Timeless Journeys: meeting Mary Shelley puts player 0's Night to Remember in her first
    slot of round I, on the panel's Gazette."""
    panel = play(tour_build(players=3, actions=up(TALK)), seat=0)  # type: ignore[no-untyped-call]
    assert gazette_tokens(timeline_parse(panel.timeline.svg())) == []
    button(panel, MEET_SHELLEY).click()
    [(_, label, _, words)] = gazette_tokens(timeline_parse(panel.timeline.svg()))
    assert label == "N0"
    assert words == "player 0: A Night to Remember with Mary Shelley in round I, slot 1"


def test_the_calendar_gets_the_day_disc_of_a_visit() -> None:
    panel = play(weeks_deal(players=1, hands=[BRITAIN], actions=["start in BRI for free"]), seat=0)
    assert calendar_discs(timeline_parse(panel.timeline.svg())) == {}
    button(panel, "visit BRI1 (Borough Market)").click()
    root = timeline_parse(panel.timeline.svg())
    assert {day_at(root, p): code for p, code in calendar_discs(root).items()} == {
        "week 1, Mon": "BRI"
    }


# --- the rich display of a state --------------------------------------------------------------
def picture_of(html: str) -> ET.Element:
    return ET.fromstring(shown_svg(html))


def test_a_state_shows_its_board_and_a_summary_as_static_html(game: Game) -> None:
    state = game.start()
    html = state_html(state)
    assert "<svg" not in html  # an image: it survives the sanitiser of untrusted notebooks
    svg = picture_of(html)
    spots = [
        g.get("data-node")
        for g in svg.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "spot"
    ]
    seen = state.observation(0)
    assert spots == list(dict.fromkeys(p.place for p in view_for(state.game).pieces(seen)))
    view = view_for(state.game)
    for player in range(state.num_players):
        assert f"<li>{view.summary(seen, player)}</li>".replace("'", "&#x27;") in html
    assert seen["question"] in html


def notebook_display(state: State) -> dict[str, Any]:
    """What a notebook shows for `state` as a cell's last line, by mime type: the display of an
    IPython shell that imported the kit (`kit.show_states`)."""
    formatter = DisplayFormatter()
    kit.show_states(formatter)
    data, _ = formatter.format(state)
    return data


def test_a_state_as_a_cells_last_line_draws_its_picture_not_text(game: Game) -> None:
    state = game.start()
    html = notebook_display(state)["text/html"]
    assert html == state_html(state) and not html.startswith("<pre>")
    picture = picture_of(html)
    assert (
        float(picture.get("width", 0)) > 500 and float(picture.get("height", 0)) > 300
    )  # an image


def test_a_game_without_a_view_shows_its_state_as_text() -> None:
    from tests.pig import Pig

    state = Pig(seed=1).new_game()
    assert notebook_display(state)["text/html"] == "<pre>banked [0, 0], turn 0, player 0</pre>"


def test_the_rich_display_of_a_finished_game_ranks_the_players() -> None:
    game = FourWeeks(players=2, seed=8)
    panel = play(game.new_game(), bots={0: "greedy", 1: "greedy"})
    panel.play_button.click()
    html = state_html(panel.state)
    sheets = panel.state.scores()
    for sheet, place in zip(sheets, ranking(sheets), strict=True):
        assert f"<li>place {place}: {sheet.name}, {sheet.total} points</li>" in html


def test_the_rich_display_of_a_seat_hides_the_tokens() -> None:
    game = AmazingJourney(players=2, seed=3)
    state = journey_setup(game, placement={"Paris": "A03"})
    svg = ET.tostring(picture_of(state_html(state, seat=1)), encoding="unicode")
    assert "A03" not in svg and "face-down token: region A" in svg


def test_the_panels_display_has_a_still_picture_beside_the_widget() -> None:
    panel = play(GAMES["timeless_journeys"].start(), seat=0)
    data, _ = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert picture_of(data["text/html"]).tag == "{http://www.w3.org/2000/svg}svg"
