"""Scenario tests of The Amazing Journey: the rulebook's worked examples and one scenario per
action and per Traveller power, each with its illegal cases. Every position is reached by the
scenario builder and real actions."""

from __future__ import annotations

import pytest

from kit.amazing_journey import BOTS, AmazingJourney, setup
from kit.amazing_journey.scoring import score_sheet
from kit.core import CHANCE, TERMINAL, ranking
from kit.core.bots import play
from tests.amazing_journey.helpers import (
    all_tokens,
    around_the_world,
    city,
    go,
    journey,
    journey_around,
    names,
    others_refresh,
    token,
    wait_until,
)
from tests.checks import refused


# --- the rulebook's worked examples ---------------------------------------------------------
def test_carlos_ticket_trip_stops_at_an_empty_city_on_a_continuing_route():
    """Carlo takes the train with a Train Ticket although no train departs today, and stops at
    Athens, which holds no token, though the route goes on (to Istanbul)."""
    state = journey(
        "Carlo",
        placement={"Paris": "A03", "Vienna": "A05", "Athens": "A01"},  # A01 shows a triangle
        removed=["triangle", "star"],
        tickets=[["train"]],
        actions=["take the T1 train to Paris", "take the T1 train to Vienna"],  # days 0, 2
    )
    assert state.day == [4] and state.city_token[city(state, "Athens")] == -1
    refused(state, "take the T1 train to Athens", "no train departs on day 4")
    assert {
        "take the T1 train to Athens with a train ticket",
        "take the T1 train to Istanbul with a train ticket",
    } <= set(names(state))
    state.apply("take the T1 train to Athens with a train ticket")
    assert state.pos[0] == city(state, "Athens") and state.day[0] == 5
    assert state.tickets[0] == [0] * 6 and state.ticket_discard[1] == 1


def mumbai_by(traveller: str, leave_dubai_on: int | None = None):
    """A solo traveller in Dubai on day 3 (by airship, past an empty Cairo), then by ship to
    Mumbai (3 days: 2 and a Long route's 1): at once, or leaving Dubai on the day given."""
    state = journey_around(traveller)
    go(state, "Dubai")
    if leave_dubai_on is not None:
        wait_until(state, leave_dubai_on)
    go(state, "Mumbai")
    return state


def test_checkpoint_example_wolfgang_yuki_carlo_paulo():
    """The First checkpoint (Mumbai) opens on day 10; its bars are days 10-15, 16-21 and 22-27
    worth 3, 2 and 1 points."""
    wolfgang = mumbai_by("Wolfgang")
    wait_until(wolfgang, 9)  # at the First checkpoint, but before its activation day
    assert (wolfgang.day[0], wolfgang.stage[0], wolfgang.points[0]) == (9, 0, 0)
    yuki = mumbai_by("Yuki")
    wait_until(yuki, 10)  # the activation day is reached: 3 points
    assert (yuki.day[0], yuki.stage[0], yuki.points[0]) == (10, 1, 3)
    carlo = mumbai_by("Carlo", leave_dubai_on=16)  # arrives on day 19: the second yellow bar
    assert (carlo.day[0], carlo.stage[0], carlo.points[0]) == (19, 1, 2)
    paulo = mumbai_by("Paulo", leave_dubai_on=27)  # day 30: past the third bar, no points
    assert (paulo.day[0], paulo.stage[0], paulo.points[0]) == (30, 1, 0)


def test_catalina_ends_her_journey_in_83_days():
    state = journey_around("Catalina")
    around_the_world(state)
    assert (state.pos[0], state.day[0], state.points[0]) == (city(state, "Amsterdam"), 45, 7)
    wait_until(state, 81)
    state.apply("take the B1 bus to London")  # day 81 is day 1 of the Timeline: buses
    assert state.finish[0] == 83 and state.is_terminal
    sheet = state.scores()[0]
    assert state.points[0] == 7  # no points for the Final checkpoint past 80 days
    assert sheet.line("Late penalty") == -3
    assert sheet.tiebreak_text == "returned on day 83"


def test_example_turn_plan_travel_travel():
    """1st action Plan, 2nd Travel: still behind, so a 3rd: Travel, now furthest ahead."""
    state = journey(
        "Yuki",
        "Carlo",
        placement={"New York": "F03", "Paris": "A02", "Madrid": "A03"},
        actions=["take the S14 ship to New York", "plan"],  # Yuki: days 4, then 6
    )
    assert state.day == [6, 0] and (state.current_player, state.acted) == (1, 0)
    state.follow(["plan"])
    assert (state.day[1], state.current_player, state.acted) == (2, 1, 1)
    state.apply("take the T1 train to Paris")  # day 2: trains depart
    assert (state.day[1], state.current_player, state.acted) == (4, 1, 2)
    state.apply("take the B2 bus to Madrid")  # day 4: buses depart
    assert state.day[1] == 6 and (state.current_player, state.acted) == (0, 0)


def test_scoring_tables():
    """1/3/9 points for 1/2/3 Experiences of a type, 5 for all types, the Souvenirs' values,
    1/3/6 for complete rows, 2 per region, the checkpoint and Objective points."""
    game = AmazingJourney(players=1)
    experiences = ["A01", "E01", "E06", "A02", "A06", "A03", "A04", "A05"]
    souvenirs = ["A07", "B08", "C09", "D10", "B07"]
    tokens = [game.content.token(t).index for t in experiences + souvenirs]
    sheet = score_sheet(
        game.content, 0, "player 0", tokens=tokens, checkpoints=3, checkpoint_points=7,
        objectives_played=2, days=79, returned=True,
    )  # fmt: skip
    assert sheet.line("Experience: adventure") == 9  # 3 tokens
    assert sheet.line("Experience: culture") == 3  # 2 tokens
    assert sheet.line("Experience: food") == 1  # 1 token
    assert sheet.line("All Experience types") == 5
    assert sheet.line("Souvenirs") == 3 + 2 + 1 + 0 + 3
    assert sheet.line("Souvenir rows") == 3  # 5 tokens: 2 complete rows of 2
    assert sheet.line("Regions") == 2 * 5  # tokens from A, B, C, D and E
    assert sheet.line("Checkpoints") == 7 and sheet.line("Objectives") == 2
    assert sheet.line("Late penalty") == 0
    assert sheet.total == 10 + 9 + 3 + 1 + 1 + 1 + 5 + 9 + 3 + 7 + 2


def test_ties_go_to_the_traveller_back_in_fewer_days():
    game = AmazingJourney(players=2)

    def sheet(p: int, days: int):
        return score_sheet(
            game.content, p, f"player {p}", tokens=[], checkpoints=3, checkpoint_points=3,
            objectives_played=0, days=days, returned=True,
        )  # fmt: skip

    sheets = [sheet(0, 78), sheet(1, 74)]
    assert sheets[0].total == sheets[1].total
    assert ranking(sheets) == [2, 1]
    assert ranking([sheet(0, 74), sheet(1, 74)]) == [1, 1]  # the victory is shared


# --- setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "removed"), [(1, 2), (2, 2), (3, 1), (4, 0)])
def test_setup_places_tokens_and_removes_symbols(players, removed):
    travellers = ("Carlo", "Yuki", "Paulo", "Buck")[:players]
    state = journey(*travellers, seed=players)
    assert len(state.symbols_removed) == removed
    assert len(state.boxed) == 7 * removed  # one token of each symbol per region
    assert sum(t >= 0 for t in state.city_token) == 70 - 7 * removed
    assert all_tokens(state) == list(range(70))
    for p in range(players):
        assert sum(state.hand[p]) == 2 and sum(state.tickets[p]) == 1
    assert state.current_player == 0 and state.day == [0] * players


def test_travellers_are_dealt_by_chance_when_not_given():
    state = AmazingJourney(players=3, seed=5).new_game()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 and str(outcomes[0][0]) == "player 0 is Paulo Papagaio"
    assert state.question() == "chance: which Traveller player 0 is"
    state.resolve_chance()
    assert len(set(state.traveller)) == 3 and -1 not in state.traveller


# --- Travel ---------------------------------------------------------------------------------
def test_travel_by_departure_takes_two_days_plus_long_route_days():
    state = journey(
        "Carlo",
        placement={"Amsterdam": "A10", "Moscow": "A01", "Ulaanbaatar": "D04"},
        removed=["star", "triangle"],  # the three cities start empty
        actions=["take the B1 bus to Berlin"],  # day 0, past Amsterdam: day 2
    )
    state.apply("take the T2 train to Beijing")  # a Long route, +2 days, passing empty cities
    assert state.day[0] == 2 + 2 + 2 and state.pos[0] == city(state, "Beijing")


def test_travel_must_stop_at_a_token_city():
    state = journey(
        "Carlo",
        placement={"Amsterdam": "A10", "Moscow": "A01", "Ulaanbaatar": "D01"},
        removed=["star", "triangle"],  # Moscow is empty, Ulaanbaatar holds D01
        actions=["take the B1 bus to Berlin"],
    )
    assert "take the T2 train to Ulaanbaatar" in names(state)
    refused(state, "take the T2 train to Beijing", "must stop at Ulaanbaatar on the way")


def test_travel_must_stop_at_a_checkpoint_city_even_without_a_location_token():
    state = journey_around("Carlo", placement={"Mumbai": "C03"})  # C03: a triangle, removed
    go(state, "Dubai")
    wait_until(state, 5)  # airships depart
    assert state.city_token[city(state, "Mumbai")] == -1
    assert "take the A10 airship to Mumbai" in names(state)
    refused(state, "take the A10 airship to Bangkok", "must stop at Mumbai on the way")


def test_branches_reach_every_arm_of_a_route():
    state = journey_around("Carlo", placement={"Delhi": "C03", "Karachi": "C04"})
    go(state, "Dubai", "Karachi")  # the S3 ship's branch
    wait_until(state, 9)  # trains depart
    expected = {"take the T5 train to Delhi", "take the T5 train to Kolkata"}
    assert expected | {"take the T5 train to Mumbai"} <= set(names(state))


def test_edge_crossing_route_pays_its_extra_days_once():
    state = journey(
        "Carlo",
        placement={"New York": "F03", "San Francisco": "F01", "Honolulu": "E05"},
        removed=["triangle", "star"],  # Honolulu starts empty
        actions=[
            "take the S14 ship to New York",  # day 0 to day 4
            "refresh",  # day 5: airships depart
            "take the A11 airship to San Francisco",
        ],
    )
    assert state.day[0] == 8  # ships depart on day 8
    state.apply("take the S8 ship to Tokyo")  # Honolulu - Tokyo across the edge: +2, once
    assert state.day[0] == 8 + 2 + 2


def test_two_tickets_as_a_wildcard_take_a_secret_route():
    state = journey(
        "Carlo",
        tickets=[["bus"]],
        actions=[
            "take the A12 airship to Stockholm",
            *("plan", "player 0 draws a ship ticket") * 2,
        ],
    )
    assert state.day[0] == 2 + 2 + 2 and state.tickets[0] == [1, 0, 2, 0, 0, 0]
    assert "take the X1 secret route to Anchorage with a secret ticket" not in names(state)
    state.apply("take the X1 secret route to Anchorage with any 2 tickets")
    assert names(state) == ["discard a bus ticket", "discard a ship ticket"]
    assert state.question() == "player 0: which Ticket to discard"
    refused(state, "refresh", "must first answer: which Ticket to discard")
    state.apply("discard a ship ticket")
    state.apply("discard a bus ticket")
    assert state.pos[0] == city(state, "Anchorage") and state.day[0] == 6 + 1 + 2
    assert state.tickets[0][2] == 1 and sum(state.tickets[0]) == 1


def test_secret_route_with_a_secret_ticket_and_never_by_departure():
    state = journey("Carlo", tickets=[["secret"]])  # day 0: all five types depart
    refused(state, "take the X12 secret route to Moscow", "Secret routes never depart")
    state.apply("take the X12 secret route to Moscow with a secret ticket")
    assert state.day[0] == 1 + 1  # a Ticket's day and the Long route's


# --- Explore --------------------------------------------------------------------------------
def test_explore_rolls_the_die_draws_a_ticket_and_places_an_experience():
    state = journey(
        "Carlo",
        placement={"Paris": "A03"},  # food
        tickets=[["bus"]],
        objectives=[["party", "nature"]],
        actions=["take the T1 train to Paris"],
    )
    state.apply("explore Paris")
    assert state.current_player == CHANCE
    assert [(str(o), p) for o, p in state.chance_outcomes()] == [
        ("the die shows 2 days for player 0: discard a ticket", 2 / 6),
        ("the die shows 3 days for player 0", 2 / 6),
        ("the die shows 4 days for player 0: draw a ticket", 2 / 6),
    ]
    state.apply("the die shows 4 days for player 0: draw a ticket")
    state.apply("player 0 draws a ship ticket")
    assert state.day[0] == 2 + 4 and state.tickets[0] == [1, 0, 1, 0, 0, 0]
    assert state.experiences[0] == [token(state, "A03")]
    assert state.city_token[city(state, "Paris")] == -1


def test_explore_two_days_discards_a_ticket_of_choice_and_plays_an_objective():
    state = journey(
        "Carlo",
        placement={"Paris": "A03"},  # food
        tickets=[["bus"]],
        objectives=[["food", "party"]],
        actions=["plan", "player 0 draws a train ticket", "take the T1 train to Paris"],
    )
    state.apply("explore Paris")
    state.apply("the die shows 2 days for player 0: discard a ticket")
    assert names(state) == ["discard a bus ticket", "discard a train ticket"]
    state.apply("discard a train ticket")
    assert names(state) == ["play a food objective", "play no objective"]
    assert state.question() == "player 0: whether to play a food Objective"
    state.apply("play a food objective")
    assert state.current_player == CHANCE  # the replacement Objective
    state.apply("player 0 draws a culture objective")
    assert state.played[0] == [2] and state.hand[0] == [0, 1, 0, 1, 0]
    assert state.observation(0)["players"][0]["objectives_played"] == ["food"]
    assert state.day[0] == 4 + 2 and state.tickets[0] == [1, 0, 0, 0, 0, 0]


CULTURES = {"Paris": "A02", "Amsterdam": "A06", "Cairo": "B02", "Dubai": "C02", "Bangkok": "D02"}
"""Five culture Experiences on the way east (B02 and C02 show a triangle and a star, kept)."""


def collect_cultures(objectives=("food", "party"), others=()):
    """Carlo (alone, or with `others` who refresh on their turns) who has collected the culture
    Experiences of Paris, Amsterdam and Cairo (every Explore 3 days) and rolled the die in
    Dubai: the culture spaces are full."""
    state = journey(
        "Carlo",
        *others,
        placement={**CULTURES, "Lisbon": "A10", "Mumbai": "C01"},
        removed=["circle", "square"],
        objectives=[list(objectives)],
    )
    three_days = "the die shows 3 days for player 0"
    for place, back in (("Paris", "London"), ("Amsterdam", "London"), ("Cairo", None)):
        go(state, place)
        others_refresh(state, 0)  # until it is Carlo's turn again
        state.apply(f"explore {place}")
        state.apply(three_days)
        if "play a culture objective" in names(state):
            state.apply("play no objective")
        if back:
            go(state, back)
    go(state, "Dubai")
    others_refresh(state, 0)
    state.apply("explore Dubai")
    state.apply(three_days)
    return state


def test_experience_area_full_offers_the_discard_choice():
    state = collect_cultures()
    assert names(state) == [
        "discard the new token C02",
        "discard A02 for the new token",
        "discard A06 for the new token",
        "discard B02 for the new token",
    ]
    assert state.question() == "player 0: which Experience token to give up"
    state.apply("discard A06 for the new token")
    # a token offered first as the new one, later as one already held, keeps each name
    go(state, "Mumbai", "Bangkok")
    state.apply("explore Bangkok")
    state.apply("the die shows 3 days for player 0")
    assert "discard C02 for the new token" in names(state)
    state.apply("discard the new token D02")
    held = [str(state.tables.content.tokens[t]) for t in state.experiences[0]]
    assert held == ["A02 (culture)", "C02 (culture)", "B02 (culture)"]
    assert state.discarded == [token(state, "A06"), token(state, "D02")]


def test_souvenirs_fill_rows_and_grant_tickets():
    state = journey(
        "Carlo",
        placement={"Paris": "A09"},  # worth 1, draws 2 Tickets
        tickets=[["ship"]],
        actions=[
            "take the T1 train to Paris",
            "explore Paris",
            "the die shows 3 days for player 0",
            *["player 0 draws a bus ticket"] * 2,
        ],
    )
    assert state.souvenirs[0] == [token(state, "A09")] and state.tickets[0][:3] == [2, 0, 1]


SOUVENIRS = {
    "Paris": "A09",
    "Amsterdam": "A08",
    "Berlin": "A10",  # cursed: a forced stop
    "Stockholm": "A07",
    "Cairo": "B07",
    "Dubai": "C07",
    "Mumbai": "C01",
    "Bangkok": "D09",
}


def six_souvenirs():
    """A solo Carlo who has collected six Souvenirs in regions A, B and C (Paris, Amsterdam,
    Berlin, Stockholm, Cairo, Dubai; every Explore 3 days), then rolled the die in Bangkok."""
    state = journey("Carlo", placement=SOUVENIRS, removed=["circle", "triangle"])
    route = ["Paris", "London", "Amsterdam", "Berlin", "Amsterdam", "Stockholm", "London"]
    for place in route + ["Cairo", "Dubai", "Mumbai", "Bangkok"]:
        go(state, place)
        if place in SOUVENIRS and place != "Mumbai" and state.city_token[city(state, place)] >= 0:
            state.follow([f"explore {place}", "the die shows 3 days for player 0"])
    return state


def test_souvenirs_full_offer_the_choice():
    state = six_souvenirs()
    held = [state.tables.content.tokens[t].id for t in state.souvenirs[0]]
    assert held == ["A09", "A08", "A10", "A07", "B07", "C07"]
    assert names(state)[:2] == ["discard the new token D09", "discard A09 for the new token"]
    assert state.question() == "player 0: which Souvenir token to give up"
    state.apply("discard the new token D09")
    state.resolve_chance()  # its Tickets are drawn all the same
    assert token(state, "D09") in state.discarded and len(state.souvenirs[0]) == 6


def test_a_cursed_souvenir_is_a_forced_stop():
    state = journey(
        "Yuki",
        placement={"Paris": "A10"},  # cursed; its star is kept
        removed=["circle", "square"],
        actions=["take the T1 train to Paris"],
    )
    assert names(state) == ["explore Paris", "move back 1 day by Yuki's power"]
    refused(state, "refresh", "forced stop")
    state.follow(["explore Paris", "the die shows 3 days for player 0"])
    assert state.souvenirs[0] == [token(state, "A10")]
    assert sum(state.tickets[0]) == 1 + 2  # the starting Ticket and the curse's two


# --- Wait -----------------------------------------------------------------------------------
def test_refresh_waits_a_day_and_may_redraw_both_objectives():
    state = journey("Carlo", objectives=[["food", "party"]], actions=["refresh"])
    assert state.day[0] == 1 and state.hand[0] == [0, 0, 1, 1, 0]
    state.apply("refresh and redraw the objectives")
    state.apply("player 0 draws a nature objective")
    state.apply("player 0 draws a nature objective")
    assert state.day[0] == 2 and state.hand[0] == [0, 0, 0, 0, 2]
    assert state.objective_discard == [0, 0, 1, 1, 0]


def test_redraw_reshuffles_an_empty_deck_with_the_hand_just_discarded():
    """40 Objectives: after 19 redraws the deck is empty; the 20th redraw's discarded hand is
    shuffled in with the discard pile, and two new Objectives are drawn from it."""
    state = journey("Carlo", actions=["refresh and redraw the objectives"] * 19)
    assert sum(state.objective_deck) == 0 and sum(state.objective_discard) == 38
    state.apply("refresh and redraw the objectives")
    assert state.current_player == CHANCE
    assert sum(state.objective_deck) == 40 and sum(state.objective_discard) == 0
    state.apply("player 0 draws a party objective")
    state.apply("player 0 draws a nature objective")
    assert state.hand[0] == [0, 0, 0, 1, 1] and state.day[0] == 20


def test_plan_waits_two_days_and_draws_a_ticket_reshuffling_an_empty_deck():
    """42 Tickets: one in hand, 41 Plans draw the rest; with every Ticket in a hand a Plan
    draws nothing; a Ticket spent goes to the discard pile, which a Plan then reshuffles."""
    state = journey("Carlo", tickets=[["train"]], actions=["plan"])
    assert state.day[0] == 2 and sum(state.tickets[0]) == 2
    state.follow(["plan"] * 40)
    assert sum(state.ticket_deck) == 0 and sum(state.tickets[0]) == 42
    state.apply("plan")  # nothing to draw
    assert state.current_player == 0 and state.day[0] == 84
    state.apply("take the T1 train to Paris with a train ticket")
    assert state.ticket_discard[1] == 1
    state.apply("plan")
    assert state.current_player == CHANCE and state.ticket_deck == [0, 1, 0, 0, 0, 0]
    state.apply("player 0 draws a train ticket")
    assert sum(state.tickets[0]) == 42 and state.day[0] == 87


# --- checkpoints and the end ----------------------------------------------------------------
def test_checkpoints_complete_in_order_only():
    state = journey_around("Carlo")
    go(state, "New York", "San Francisco")
    wait_until(state, 35)
    assert state.stage[0] == 0  # the Second before the First: no effect
    state = journey_around("Carlo")
    go(state, "Dubai", "Mumbai")
    wait_until(state, 10)
    go(state, "Dubai", "London")
    wait_until(state, 60)
    assert state.stage[0] == 1 and state.finish[0] == -1  # the Final before the Second


def test_finished_players_are_skipped_and_the_last_plays_on():
    state = journey_around("Carlo", "Yuki")
    around_the_world(state)  # Yuki refreshes in London meanwhile
    go(state, "London")  # day 46: a bus, on day 48 in London
    wait_until(state, 50)  # the Final checkpoint: 5 points, the journey is over
    assert state.finish[0] == 50 and state.points[0] == 3 + 4 + 5
    assert state.current_player == 1
    day = state.day[1]
    for _ in range(5):
        state.apply("refresh")
        assert state.current_player == 1
    assert not state.is_terminal and state.day[1] == day + 5


def test_the_game_ends_when_all_have_completed_the_final_checkpoint():
    state = journey_around("Carlo")
    around_the_world(state)
    go(state, "London")
    wait_until(state, 50)
    assert state.current_player == TERMINAL and state.legal_actions() == ()
    assert state.question() == "the game is over"
    refused(state, "refresh", "the game is over")


# --- Traveller powers -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("traveller", "before", "action", "dest", "days", "again"),
    [
        ("Paulo", ["refresh"], "take the T1 train to Paris by Paulo's power", "Paris", 1,
         "take the T1 train to London by Paulo's power"),
        ("Buck", ["refresh"], "take the S14 ship to New York by Buck's power", "New York", 1 + 2,
         "take the S14 ship to London by Buck's power"),
        ("Wolfgang", ["take the A12 airship to Stockholm"],
         "take the X1 secret route to Anchorage by Wolfgang's power", "Anchorage", 2 + 2,
         "take the X1 secret route to Stockholm by Wolfgang's power"),
        ("Catalina", ["refresh"], "take the B1 bus to Amsterdam by Catalina's power", "Amsterdam",
         1, "take the B1 bus to London by Catalina's power"),
    ],
)  # fmt: skip
def test_travel_powers_take_no_days_and_exhaust(traveller, before, action, dest, days, again):
    state = journey(
        traveller,
        placement={"Amsterdam": "A01", "Stockholm": "A07", "New York": "F03"},
        removed=["triangle", "star"],  # Amsterdam starts empty
        actions=before,  # day 1: only buses depart; day 2 in Stockholm: only trains
    )
    state.apply(action)
    assert state.pos[0] == city(state, dest) and state.day[0] == days
    assert state.fresh[0] is False
    refused(state, again, "power is exhausted")


def test_catalina_must_stop_at_an_empty_city():
    state = journey("Catalina", placement={"Amsterdam": "A02"}, actions=["refresh"])
    assert "take the B1 bus to Amsterdam by Catalina's power" not in names(state)
    assert "take the B1 bus to Amsterdam" in names(state)


def test_carlo_collects_a_cursed_souvenir_in_one_day_without_rolling():
    state = journey(
        "Carlo",
        placement={"Paris": "A10"},  # cursed; its star is kept
        removed=["circle", "square"],
        tickets=[["ship"]],
        actions=["take the T1 train to Paris"],
    )
    state.apply("explore Paris by Carlo's power")
    state.apply("player 0 draws a bus ticket")
    state.apply("player 0 draws a train ticket")
    assert state.day[0] == 2 + 1 and state.fresh[0] is False
    assert state.souvenirs[0] == [token(state, "A10")] and state.tickets[0][:3] == [1, 1, 1]


def test_lisette_doubles_the_tickets_of_a_souvenir():
    state = journey(
        "Lisette",
        placement={"Paris": "A08"},  # worth 2, draws 1 Ticket
        tickets=[["ship"]],
        actions=[
            "take the T1 train to Paris",
            "explore Paris",
            "the die shows 3 days for player 0",
        ],
    )
    assert names(state) == ["double the tickets by Lisette's power", "keep Lisette's power"]
    state.apply("double the tickets by Lisette's power")
    state.apply("player 0 draws a bus ticket")
    state.apply("player 0 draws a bus ticket")
    assert state.tickets[0][0] == 2 and state.fresh[0] is False and not state.steps


def test_yuki_moves_back_a_day_without_it_counting_as_an_action():
    state = journey("Yuki", "Carlo", actions=["refresh"])
    state.apply("move back 1 day by Yuki's power")
    assert state.day[0] == 0 and state.acted == 1 and state.fresh[0] is False
    refused(state, "move back 1 day by Yuki's power", "Yuki's power is exhausted")


def test_hendrika_passes_token_cities():
    state = journey(
        "Hendrika",
        placement={"Amsterdam": "A10", "Moscow": "A02", "Ulaanbaatar": "D01"},
        removed=["star", "triangle"],  # Amsterdam starts empty
        actions=["take the B1 bus to Berlin"],
    )
    state.apply("take the T2 train to Beijing, passing the tokens by Hendrika's power")
    assert state.pos[0] == city(state, "Beijing") and state.fresh[0] is False
    assert state.city_token[city(state, "Ulaanbaatar")] == token(state, "D01")


def test_completing_a_checkpoint_refreshes_the_power():
    state = journey_around(
        "Paulo", actions=["refresh", "take the T1 train to Paris by Paulo's power"]
    )
    assert state.fresh[0] is False
    go(state, "London", "Dubai", "Mumbai")  # London on day 4, Dubai on day 8, Mumbai on 11
    assert state.day[0] == 11 and state.stage[0] == 1
    assert state.fresh[0] is True and state.points[0] == 3


# --- hidden information ---------------------------------------------------------------------
def test_observation_hides_face_down_tokens_and_other_hands():
    state = journey(
        "Carlo",
        "Yuki",
        placement={"Paris": "A09", "Amsterdam": "A01"},
        removed=["circle", "square"],
        tickets=[["bus"], ["ship"]],
        objectives=[["adventure", "party"], ["food", "nature"]],
        actions=[
            "take the T1 train to Paris",
            "explore Paris",
            "the die shows 3 days for player 0",
        ],
    )  # Carlo holds the Souvenir A09 face down
    seen = state.observation(1)
    assert seen["map"]["Amsterdam"] == {"region": "A", "symbol": "triangle", "cursed": False}
    assert "A01" not in str(seen["map"])
    theirs, mine = seen["players"][0], state.observation(0)["players"][0]
    assert theirs["tickets"] == 3 and theirs["objectives"] == 2
    assert seen["players"][1]["tickets"]["ship"] == 1
    assert theirs["souvenirs"] == [{"region": "A", "symbol": None, "cursed": False}]
    assert mine["souvenirs"] == [{"region": "A", "symbol": None, "cursed": False, "token": "A09",
                                  "value": 1}]  # fmt: skip
    assert mine["objectives"] == {"adventure": 1, "culture": 0, "food": 0, "party": 1, "nature": 0}


def test_the_greedy_bot_returns_in_time_and_beats_random_play():
    for seed in range(6):
        game = AmazingJourney(players=1, seed=seed, side=("regular", "fast")[seed % 2])
        greedy = play(game.new_game(), [BOTS["greedy"](seed, 0)])
        assert 50 <= greedy.finish[0] <= 80 and greedy.scores()[0].total >= 15
        rand = play(game.new_game(), [BOTS["random"](seed, 0)])
        assert rand.scores()[0].total < greedy.scores()[0].total


# --- fixed setups and replays, for planners -------------------------------------------------
def test_a_fixed_setup_and_a_replayed_plan_give_the_score_sheet():
    game = AmazingJourney(players=1, seed=3, travellers=["Buck"])
    state = setup(
        game,
        placement={"Paris": "A03", "Amsterdam": "A09"},
        removed=["star", "circle"],
        tickets=[["train"]],
        objectives=[["food", "party"]],
    )
    assert state.current_player == 0
    assert state.city_token[city(state, "Paris")] == token(state, "A03")
    assert [state.tables.content.tokens[t].symbol for t in state.boxed[:1]] == ["star"]
    assert state.tickets[0] == [0, 1, 0, 0, 0, 0] and state.hand[0] == [0, 0, 1, 1, 0]
    plan = [
        "take the T1 train to Paris with a train ticket",
        "explore Paris",
        "the die shows 3 days for player 0",
        "play a food objective",
        "player 0 draws a culture objective",
    ]
    final = game.replay([str(a) for a in state.history] + plan)
    sheet = final.scores()[0]
    assert sheet.line("Objectives") == 1 and sheet.line("Experience: food") == 1
    assert sheet.line("Regions") == 2 and final.day[0] == 4


# --- what each action says of itself --------------------------------------------------------
def test_actions_say_their_kind_and_place_in_plain_words():
    state = journey("Yuki", tickets=[["airship"]], objectives=[["adventure", "food"]])
    by_name = {str(a): a for a in state.legal_actions()}
    cairo = by_name["take the A1 airship to Cairo with an airship ticket"]
    assert (cairo.kind, cairo.place) == ("travel", "Cairo")
    assert (by_name["plan"].kind, by_name["plan"].place) == ("wait", "London")
    state.follow(["take the A1 airship to Cairo", "refresh"])
    explore = next(a for a in state.legal_actions() if str(a) == "explore Cairo")
    assert (explore.kind, explore.place) == ("explore", "Cairo")
    back = next(a for a in state.legal_actions() if a.kind == "power")
    assert str(back) == "move back 1 day by Yuki's power" and back.place is None
    state.apply(explore)
    die = state.legal_actions()
    assert {a.kind for a in die} == {"chance"} and {a.place for a in die} == {None}
    setup_step = AmazingJourney(players=1, seed=1, travellers=["Yuki"]).new_game()
    placed = setup_step.legal_actions()[0]
    assert str(placed).endswith("lies face down in Paris") and placed.place == "Paris"
    assert str(state.tables.actions.play_objective[0]) == "play an adventure objective"
