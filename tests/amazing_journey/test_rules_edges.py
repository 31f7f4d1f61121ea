"""Edge cases of The Amazing Journey's rules, checked against the rulebook's text: the end of a
turn on a tie or on finishing, empty decks, the Explore and Travel refusals with their reasons,
and the powers at the limits of what their text allows. Positions are reached by the scenario
builder and real actions."""

from __future__ import annotations

import pytest

from kit.amazing_journey import AmazingJourney
from kit.amazing_journey.scoring import score_sheet
from kit.core import CHANCE
from tests.amazing_journey.helpers import (
    around_the_world,
    city,
    go,
    journey,
    journey_around,
    names,
    token,
    wait_until,
)
from tests.amazing_journey.test_rules import collect_cultures, six_souvenirs
from tests.checks import refused


# --- turns ----------------------------------------------------------------------------------
def test_a_turn_ends_on_a_tie_for_the_lead_after_two_actions():
    """The turn ends when the pawn is furthest ahead or tied for the lead."""
    state = journey("Carlo", "Yuki", actions=["refresh", "refresh"])  # Carlo: day 2, leads
    assert (state.current_player, state.acted) == (1, 0)
    seen = state.observation(1)
    assert seen["actions_this_turn"] == 0 and seen["turn_may_end"] is False
    assert "player 0 is ahead (day 2 against day 0)" in seen["turn"]
    state.apply("refresh")
    assert (state.current_player, state.acted) == (1, 1)  # one action is not enough
    assert state.observation(0)["turn_may_end"] is True  # the next action may end it
    state.apply("refresh")
    assert state.day == [2, 2] and (state.current_player, state.acted) == (0, 0)


def test_finishing_ends_the_turn_even_after_one_action():
    """A player who completes the Final checkpoint takes no further actions."""
    state = journey_around("Carlo", "Yuki")
    around_the_world(state)  # Carlo in Amsterdam on day 45; Yuki waits in London
    assert state.day == [45, 39] and state.current_player == 1
    state.follow(["refresh"] * 6 + ["plan"] * 4)  # Yuki to 45, Carlo to 49, Yuki to 49
    assert state.day == [49, 49] and (state.current_player, state.acted) == (0, 0)
    state.apply("take the B1 bus to London")  # day 49: buses; the Final checkpoint on day 51
    assert state.finish[0] == 51 and state.points[0] == 3 + 4 + 5
    assert (state.current_player, state.acted) == (1, 0)


# --- Wait and the decks ---------------------------------------------------------------------
def test_a_played_objective_is_replaced_from_the_reshuffled_discard_pile():
    """40 Objectives, 8 of each type: the starting hand and 18 redraws draw 38 of them (named
    here, so that a food and a party Objective are the last two); the 19th redraw empties the
    deck; a played Objective is then replaced from the reshuffled discard pile."""
    order = ["adventure"] * 8 + ["culture"] * 8 + ["nature"] * 8 + ["food"] * 7 + ["party"] * 7
    draws = [f"player 0 draws {'an' if t[0] == 'a' else 'a'} {t} objective" for t in order]
    redraws = [
        name
        for pair in zip(draws[2::2], draws[3::2], strict=True)
        for name in ("refresh and redraw the objectives", *pair)
    ]
    state = journey(
        "Carlo",
        placement={"Paris": "A03"},  # food
        objectives=[["adventure", "adventure"]],
        actions=[
            *redraws,
            "refresh and redraw the objectives",
            "player 0 draws a food objective",
            "player 0 draws a party objective",
            "take the T1 train to Paris",  # day 19: trains
            "explore Paris",
            "the die shows 3 days for player 0",
        ],
    )
    assert sum(state.objective_deck) == 0 and sum(state.objective_discard) == 38
    assert state.hand[0] == [0, 0, 1, 1, 0]
    state.apply("play a food objective")
    assert state.current_player == CHANCE and sum(state.objective_discard) == 0
    assert sum(state.objective_deck) == 38
    state.apply("player 0 draws a culture objective")
    assert state.hand[0] == [0, 1, 0, 1, 0] and state.played[0] == [2]


# --- Explore --------------------------------------------------------------------------------
def test_explore_needs_a_location_token():
    state = journey("Carlo")
    refused(state, "explore London", "no Location token here")


def test_an_objective_may_be_played_for_an_experience_given_up_when_the_area_is_full():
    """Collecting the token is what allows the Objective; giving it up at once (the area is
    full) does not take that back (a decision: the text does not say)."""
    state = collect_cultures(objectives=("culture", "food"))
    state.apply("discard the new token C02")
    assert names(state) == ["play a culture objective", "play no objective"]
    state.apply("play a culture objective")
    state.apply("player 0 draws an adventure objective")
    assert state.played[0] == [1] and state.discarded == [token(state, "C02")]
    assert state.hand[0] == [1, 0, 1, 0, 0]


def test_exploring_at_a_checkpoint_city_completes_it_once_the_day_is_reached():
    """A Checkpoint is completed after any action, an Explore too."""
    state = journey_around("Carlo", tickets=[["bus"]], objectives=[["food", "party"]])
    go(state, "Dubai", "Mumbai")  # day 6
    wait_until(state, 8)
    state.apply("explore Mumbai")  # C01, an adventure
    state.apply("the die shows 2 days for player 0: discard a ticket")
    state.apply("discard a bus ticket")
    assert state.day[0] == 10 and (state.stage[0], state.points[0]) == (1, 3)


# --- Travel ---------------------------------------------------------------------------------
def test_a_cursed_souvenir_refuses_travel_too():
    state = journey(
        "Carlo",
        placement={"Paris": "A10"},
        removed=["circle", "square"],
        actions=["take the T1 train to Paris"],  # day 2: trains depart
    )
    refused(state, "take the T1 train to Vienna", "forced stop: Explore first")
    refused(state, "plan", "forced stop")


def test_a_ticket_may_be_used_when_the_type_departs_and_any_two_make_a_wildcard():
    state = journey(
        "Carlo", tickets=[["train"]], actions=["plan", "player 0 draws a train ticket"]
    )  # day 2: trains depart
    travel = {n for n in names(state) if n.startswith("take the T1 train to Paris")}
    assert travel == {
        "take the T1 train to Paris",
        "take the T1 train to Paris with a train ticket",
        "take the T1 train to Paris with any 2 tickets",
    }
    state.apply("take the T1 train to Paris with any 2 tickets")
    assert names(state) == ["discard a train ticket"]
    state.apply("discard a train ticket")
    state.apply("discard a train ticket")
    assert state.day[0] == 3 and state.tickets[0] == [0] * 6 and state.ticket_discard[1] == 2


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("take the T1 train to Paris", "no train departs on day 1"),
        ("take the T1 train to Paris with a train ticket", "no train Ticket in hand"),
        ("take the T1 train to Paris with any 2 tickets", "any 2 Tickets are needed"),
        ("take the B1 bus to London", "route B1 does not reach London from London"),
        ("take the T9 train to Chicago", "route T9 does not pass through London"),
        ("take the S14 ship to Paris", "it is not among the legal actions"),  # no such Travel
        ("take the Z1 train to Paris", "it is not among the legal actions"),  # nor route
        ("take the B1 bus to Berlin", "must stop at Amsterdam on the way"),
        ("take the X12 secret route to Moscow", "Secret routes never depart"),
    ],
)
def test_a_refused_travel_says_why(action, reason):
    state = journey(
        "Carlo", placement={"Amsterdam": "A02"}, tickets=[["ship"]], actions=["refresh"]
    )  # day 1: only buses depart
    refused(state, action, reason)


# --- Traveller powers -----------------------------------------------------------------------
def test_an_exhausted_power_is_refused_until_the_next_checkpoint():
    state = journey("Paulo", actions=["refresh", "take the T1 train to Paris by Paulo's power"])
    refused(state, "take the T1 train to London by Paulo's power", "Paulo's power is exhausted")
    refused(state, "take the S14 ship to New York by Buck's power", "not your Traveller's power")


def test_catalinas_power_refuses_a_city_holding_a_token():
    state = journey("Catalina", placement={"Amsterdam": "A02"}, actions=["plan"])
    refused(state, "take the B1 bus to Amsterdam by Catalina's power", "must stop at an empty city")


def test_carlos_power_only_collects_a_cursed_souvenir():
    state = journey(
        "Carlo", placement={"Paris": "A09"}, actions=["take the T1 train to Paris"]
    )  # a Souvenir worth 1, not cursed
    refused(state, "explore Paris by Carlo's power", "only for a Cursed Souvenir")


def test_yukis_pawn_never_moves_back_before_day_0():
    state = journey("Yuki")
    refused(state, "move back 1 day by Yuki's power", "before day 0")


def test_lisette_doubles_a_cursed_souvenirs_two_tickets():
    state = journey(
        "Lisette",
        placement={"Paris": "A10"},  # cursed: 0 points, 2 Tickets
        removed=["circle", "square"],
        tickets=[["bus"]],
        actions=[
            "take the T1 train to Paris",
            "explore Paris",
            "the die shows 3 days for player 0",
        ],
    )
    state.apply("double the tickets by Lisette's power")
    for _ in range(4):
        state.apply("player 0 draws a ship ticket")
    assert state.tickets[0][2] == 4 and state.current_player == 0 and not state.steps


def test_hendrika_passes_a_checkpoint_city_without_stopping_or_completing_it():
    state = journey("Hendrika", actions=["take the B1 bus to Amsterdam"])  # day 2
    wait_until(state, 6)  # balloons depart
    assert "take the L21 balloon to Paris" not in names(state)  # London: a Checkpoint
    state.apply("take the L21 balloon to Paris, passing the tokens by Hendrika's power")
    assert state.pos[0] == city(state, "Paris") and state.day[0] == 8 and state.stage[0] == 0


def test_hendrika_passes_a_cursed_souvenir_without_stopping():
    state = journey("Hendrika", placement={"Amsterdam": "A10"}, removed=["circle", "square"])
    state.apply("take the B1 bus to Berlin, passing the tokens by Hendrika's power")
    assert state.pos[0] == city(state, "Berlin") and state.day[0] == 2
    assert "refresh" in names(state)  # no forced stop: she never stopped in Amsterdam


# --- scoring ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("count", "rows"), [(1, 0), (2, 1), (6, 6)])
def test_souvenir_rows_count_complete_rows_only(count, rows):
    game = AmazingJourney(players=1)
    tokens = [game.content.token(f"{r}07").index for r in "ABCDEF"[:count]]
    sheet = score_sheet(
        game.content, 0, "player 0", tokens=tokens, checkpoints=0, checkpoint_points=0,
        objectives_played=0, days=40, returned=False,
    )  # fmt: skip
    assert sheet.line("Souvenir rows") == rows and sheet.line("Souvenirs") == 3 * count


@pytest.mark.parametrize(("day", "penalty", "final"), [(79, 0, 1), (80, 0, 0), (81, -1, 0)])
def test_the_80th_day_is_the_limit(day, penalty, final):
    """Back on day 80 is a full loop, not late; past it each day costs a point and the Final
    checkpoint gives nothing. From Amsterdam, London is 2 days by bus or balloon."""
    state = journey_around("Carlo")
    around_the_world(state)
    wait_until(state, day - 2)  # days 77, 78, 79: a bus, a balloon, a bus
    go(state, "London")
    assert state.finish[0] == day
    sheet = state.scores()[0]
    assert (sheet.line("Late penalty"), sheet.line("Checkpoints")) == (penalty, 3 + 4 + final)


def test_a_token_given_up_for_room_does_not_count_as_a_visited_region():
    """Regions are counted from the tokens on the Travel board (a decision)."""
    state = six_souvenirs()  # from regions A, B and C; the seventh, from D, is rolled for
    state.apply("discard the new token D09")
    state.resolve_chance()
    assert state.scores()[0].line("Regions") == 2 * 3


def test_the_timeline_loops_after_day_79():
    """Departures repeat on the second lap; a checkpoint's bars are not read again."""
    state = journey_around("Carlo")
    wait_until(state, 82)  # day 2 of the Timeline: trains
    assert "take the T1 train to Paris" in names(state)
    assert "take the B1 bus to Amsterdam" not in names(state)
    go(state, "Dubai", "Mumbai")  # an airship on day 85, a ship on day 88
    assert state.day[0] == 91 and (state.stage[0], state.points[0]) == (1, 0)


def test_an_action_of_another_board_is_refused_without_reading_its_fields():
    state = journey("Carlo")  # day 0 in London: trains depart
    other = AmazingJourney(players=1, seed=1, side="fast").tables.actions
    travel = other.named("take the T1 train to Paris")
    assert travel is not None and "take the T1 train to Paris" in names(state)
    refused(state, travel, "it is not among the legal actions in this state")
