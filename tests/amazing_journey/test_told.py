"""What each seat is told of an action (`state.told`): all of it, less what the rules keep face
down: the token placed in a city (from everyone), the type of a Ticket or Objective drawn (from
all but the drawer) and the token given up to make room (from all but its owner). `hidden`, the
random-play test's list of each seat's secrets, names every one of these."""

from __future__ import annotations

from kit.amazing_journey import AmazingJourney
from kit.amazing_journey.frames import DrawObjective, DrawTicket, Frame
from tests.amazing_journey.test_random_play import hidden
from tests.amazing_journey.test_rules import collect_cultures


def due(state, kind: type[Frame]) -> None:
    """Resolve chance by the seed until a frame of `kind` is due."""
    while not isinstance(state.stack[-1], kind):
        state.apply(state.sample_chance())


def secrets(state, seat: int, text: str) -> list[str]:
    """The secrets of `seat` (`hidden`) that `text` names."""
    return [secret for secret in hidden(state, seat) if secret in text]


def outcome(state, name: str):
    return next(a for a in state.legal_actions() if str(a) == name)


def test_a_placed_token_is_told_to_no_one():
    state = AmazingJourney(players=2, seed=5, travellers=["Carlo", "Yuki"]).new_game()
    placed = state.legal_actions()[0]
    assert str(placed) == "A01 lies face down in Paris"
    for seat in (0, 1):
        assert state.told(placed, seat) == "a token is placed face down in Paris"
        assert secrets(state, seat, str(placed)) == ["A01 lies face down"]


def test_a_drawn_objective_is_told_to_the_drawer_and_only_its_drawing_to_the_others():
    state = AmazingJourney(players=2, seed=5, travellers=["Carlo", "Yuki"]).new_game()
    due(state, DrawObjective)
    drawn = outcome(state, "player 1 draws a food objective")
    assert state.told(drawn, 1) == "player 1 draws a food objective"
    assert state.told(drawn, 0) == "player 1 draws an objective"
    assert secrets(state, 0, str(drawn)) == [str(drawn)] and not secrets(state, 1, str(drawn))


def test_a_drawn_ticket_is_told_to_the_drawer_and_only_its_drawing_to_the_others():
    state = AmazingJourney(players=2, seed=5, travellers=["Carlo", "Yuki"]).new_game()
    due(state, DrawTicket)
    drawn = outcome(state, "player 1 draws a bus ticket")
    assert state.told(drawn, 1) == "player 1 draws a bus ticket"
    assert state.told(drawn, 0) == "player 1 draws a ticket"
    assert secrets(state, 0, str(drawn)) == [str(drawn)]


def test_the_token_given_up_is_told_to_its_owner_only():
    state = collect_cultures(others=("Yuki",))
    assert state.question() == "player 0: which Experience token to give up"
    given_up = outcome(state, "discard the new token C02")
    assert state.told(given_up, 0) == "discard the new token C02"
    assert state.told(given_up, 1) == "a token is given up to make room"
    assert secrets(state, 1, str(given_up)) == ["new token C02"]
    assert not secrets(state, 0, str(given_up))


def test_a_public_action_is_told_whole_to_every_seat():
    state = collect_cultures(objectives=("culture", "food"), others=("Yuki",))
    state.apply("discard the new token C02")
    assert state.question() == "player 0: whether to play a culture Objective"
    assert [state.told(outcome(state, "play no objective"), seat) for seat in (0, 1)] == [
        "play no objective",
        "play no objective",
    ]
