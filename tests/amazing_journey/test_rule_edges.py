"""Edge cases of The Amazing Journey's rules, checked against the rulebook's text: the end of a
turn on a tie or on finishing, short hands and empty decks, the Explore and Travel refusals with
their reasons, and the powers at the limits of what their text allows."""

from __future__ import annotations

import pytest

from kit.core import CHANCE
from tests.amazing_journey.helpers import city, clear_map, hand, journey, names, place, put, token
from tests.checks import refused


# --- turns ----------------------------------------------------------------------------------
def test_a_turn_ends_on_a_tie_for_the_lead_after_two_actions():
    """The turn ends when the pawn is furthest ahead or tied for the lead."""
    state = journey("Carlo", "Yuki")
    place(state, 1, "London", 2)
    state.apply("refresh")
    assert (state.current_player, state.acted) == (0, 1)  # one action is not enough
    state.apply("refresh")
    assert state.day == [2, 2] and (state.current_player, state.acted) == (1, 0)


def test_finishing_ends_the_turn_even_after_one_action():
    """A player who completes the Final checkpoint takes no further actions."""
    state = journey("Carlo", "Yuki")
    clear_map(state)
    place(state, 0, "London", 52)
    place(state, 1, "Paris", 70)
    state.stage[0] = 2
    state.apply("refresh")
    assert state.finish[0] == 53 and state.points[0] == 5
    assert (state.current_player, state.acted) == (1, 0)


# --- Wait and the decks ---------------------------------------------------------------------
def test_a_played_objective_is_replaced_from_the_reshuffled_discard_pile():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A03")  # food
    place(state, 0, "Paris", 0)
    hand(state, 0, {}, objectives=["food", "party"])
    state.objective_discard = list(state.objective_deck)
    state.objective_deck = [0] * 5
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("play a food objective")
    assert state.current_player == CHANCE and sum(state.objective_discard) == 0
    state.apply("draw a culture objective")
    assert state.hand[0] == [0, 1, 0, 1, 0] and state.played[0] == 1


# --- Explore --------------------------------------------------------------------------------
def test_explore_needs_a_location_token():
    state = journey("Carlo")
    clear_map(state)
    refused(state, "explore", "no Location token here")


def test_an_objective_may_be_played_for_an_experience_given_up_when_the_area_is_full():
    """Collecting the token is what allows the Objective; giving it up at once (the area is
    full) does not take that back (a decision: the text does not say)."""
    state = journey("Carlo")
    clear_map(state)
    state.experiences[0] = [token(state, t) for t in ("B01", "C01", "D01")]  # 3 adventure
    for t in ("B01", "C01", "D01"):
        state.placed |= 1 << token(state, t)
    put(state, "Paris", "A01")  # adventure
    place(state, 0, "Paris", 0)
    hand(state, 0, {}, objectives=["adventure", "food"])
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("discard the new token A01")
    assert names(state) == ["play a adventure objective", "keep the objectives"]
    state.apply("play a adventure objective")
    state.apply("draw a food objective")
    assert state.played[0] == 1 and state.discarded == [token(state, "A01")]


def test_exploring_at_a_checkpoint_city_completes_it_once_the_day_is_reached():
    """A Checkpoint is completed after any action, an Explore too."""
    state = journey("Carlo")
    clear_map(state)
    put(state, "Mumbai", "C02")  # culture
    place(state, 0, "Mumbai", 8)
    hand(state, 0, {"bus": 1}, objectives=["food", "party"])
    state.apply("explore")
    state.apply("die: 2 days, discard a ticket")
    state.apply("discard a bus ticket")
    assert state.day[0] == 10 and (state.stage[0], state.points[0]) == (1, 3)


# --- Travel ---------------------------------------------------------------------------------
def test_a_cursed_souvenir_refuses_travel_too():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A10")
    place(state, 0, "Paris", 2)
    refused(state, "T1 train to Vienna", "forced stop: Explore first")
    refused(state, "plan", "forced stop")


def test_a_ticket_may_be_used_when_the_type_departs_and_any_two_make_a_wildcard():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "London", 2)  # trains depart on day 2
    hand(state, 0, {"train": 2})
    travel = {n for n in names(state) if n.endswith(" to Paris") and n.startswith("T1")}
    assert travel == {"T1 train to Paris", "T1 train ticket to Paris", "T1 with 2 tickets to Paris"}
    state.apply("T1 with 2 tickets to Paris")
    assert names(state) == ["discard a train ticket"]
    state.apply("discard a train ticket")
    state.apply("discard a train ticket")
    assert state.day[0] == 3 and state.tickets[0] == [0] * 6 and state.ticket_discard[1] == 2


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("T1 train to Paris", "no train departs on day 1"),
        ("T1 train ticket to Paris", "no train Ticket in hand"),
        ("T1 with 2 tickets to Paris", "two Tickets are needed"),
        ("S14 ship to Paris", "route S14 does not reach Paris from London"),
        ("T9 train to Paris", "route T9 does not pass through London"),
        ("Z1 train to Paris", "there is no route Z1"),
        ("B1 bus to Berlin", "must stop at Amsterdam on the way"),
    ],
)
def test_a_refused_travel_says_why(action, reason):
    state = journey("Carlo")
    clear_map(state)
    put(state, "Amsterdam", "A01")
    place(state, 0, "London", 1)  # day 1: only buses depart
    hand(state, 0, {"ship": 1})
    refused(state, action, reason)


# --- Traveller powers -----------------------------------------------------------------------
def test_an_exhausted_power_is_refused_until_the_next_checkpoint():
    state = journey("Paulo")
    clear_map(state)
    place(state, 0, "London", 1)
    state.fresh[0] = False
    refused(state, "T1 by Paulo's power to Paris", "Paulo's power is exhausted")
    refused(state, "S14 by Buck's power to New York", "not your Traveller's power")


def test_catalinas_power_refuses_a_city_holding_a_token():
    state = journey("Catalina")
    clear_map(state)
    put(state, "Amsterdam", "A01")
    place(state, 0, "London", 2)
    refused(state, "B1 by Catalina's power to Amsterdam", "must stop at an empty city")


def test_carlos_power_only_collects_a_cursed_souvenir():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A09")  # a Souvenir worth 1, not cursed
    place(state, 0, "Paris", 4)
    refused(state, "explore (Carlo's power)", "only for a Cursed Souvenir")


def test_yukis_pawn_never_moves_back_before_day_0():
    state = journey("Yuki")
    refused(state, "move back on the Timeline (Yuki's power)", "before day 0")


def test_lisette_doubles_a_cursed_souvenirs_two_tickets():
    state = journey("Lisette")
    clear_map(state)
    put(state, "Paris", "A10")  # cursed: 0 points, 2 Tickets
    place(state, 0, "Paris", 0)
    hand(state, 0, {})
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("double the tickets (Lisette's power)")
    for _ in range(4):
        state.apply("draw a ship ticket")
    assert state.tickets[0][2] == 4 and state.current_player == 0 and not state.steps


def test_hendrika_passes_a_checkpoint_city_and_a_cursed_souvenir_without_stopping():
    state = journey("Hendrika")
    clear_map(state)
    put(state, "London", "A10")  # cursed, on a Checkpoint city
    place(state, 0, "Amsterdam", 6)  # balloons depart on day 6
    assert "L21 balloon to Paris" not in names(state)
    state.apply("L21 balloon to Paris passing tokens (Hendrika's power)")
    assert state.pos[0] == city(state, "Paris") and state.day[0] == 8
    assert "refresh" in names(state)  # no forced stop: she never stopped in London


# --- scoring ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "rows"), [(1, 0), (2, 1), (6, 6)])
def test_souvenir_rows_count_complete_rows_only(count, rows):
    state = journey("Carlo")
    state.souvenirs[0] = [token(state, f"{r}07") for r in "ABCDEF"[:count]]
    sheet = state.scores()[0]
    assert sheet.line("Souvenir rows") == rows and sheet.line("Souvenirs") == 3 * count


@pytest.mark.parametrize(("day", "penalty", "final"), [(79, 0, 1), (80, 0, 0), (81, -1, 0)])
def test_the_80th_day_is_the_limit(day, penalty, final):
    """Back on day 80 is a full loop, not late; past it each day costs a point and the Final
    checkpoint gives nothing."""
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "London", day - 1)
    state.stage[0] = 2
    state.apply("refresh")
    sheet = state.scores()[0]
    assert (sheet.line("Late penalty"), sheet.line("Checkpoints")) == (penalty, final)


def test_a_token_given_up_for_room_does_not_count_as_a_visited_region():
    """Regions are counted from the tokens on the Travel board (a decision)."""
    state = journey("Carlo")
    clear_map(state)
    state.souvenirs[0] = [token(state, f"{r}07") for r in "ABCDEF"]
    put(state, "Rio de Janeiro", "G07")
    place(state, 0, "Rio de Janeiro", 0)
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("discard the new token G07")
    assert state.scores()[0].line("Regions") == 2 * 6


def test_the_timeline_loops_after_day_79():
    """Departures repeat on the second lap; a checkpoint's bars are not read again."""
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "London", 82)  # day 2 of the Timeline: trains
    assert "T1 train to Paris" in names(state) and "B1 bus to Amsterdam" not in names(state)
    place(state, 0, "Mumbai", 89)
    state.apply("refresh")  # day 90, on the First checkpoint's first bar a lap later
    assert (state.stage[0], state.points[0]) == (1, 0)
