"""Scenario tests of The Amazing Journey: the rulebook's worked examples and one scenario per
action and per Traveller power, each with its illegal cases."""

from __future__ import annotations

import pytest

from kit.core import CHANCE, TERMINAL
from tests.amazing_journey.helpers import (
    all_tokens,
    city,
    clear_map,
    hand,
    journey,
    names,
    place,
    put,
    token,
)
from tests.checks import refused


# --- the rulebook's worked examples ---------------------------------------------------------
def test_carlos_ticket_trip_stops_at_an_empty_city_on_a_continuing_route():
    """Carlo takes the train with a Train Ticket although no train departs today, and stops at
    Athens, which holds no token, though the route goes on (to Istanbul)."""
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Vienna", 1)  # day 1: only buses depart
    hand(state, 0, {"train": 1})
    refused(state, "T1 train to Athens", "no train departs on day 1")
    assert {"T1 train ticket to Athens", "T1 train ticket to Istanbul"} <= set(names(state))
    state.apply("T1 train ticket to Athens")
    assert state.pos[0] == city(state, "Athens") and state.day[0] == 2
    assert state.tickets[0] == [0] * 6 and state.ticket_discard[1] == 1


def test_checkpoint_example_wolfgang_yuki_carlo_paulo():
    state = journey("Wolfgang", "Yuki", "Carlo", "Paulo")
    clear_map(state)
    for p, day in enumerate((8, 9, 16, 30)):
        place(state, p, "Mumbai", day)
    for p in range(4):
        state.player, state.acted = p, 0
        state.apply("refresh")
    # Wolfgang waited to day 9: too early for the First checkpoint (activation day 10)
    assert (state.stage[0], state.points[0]) == (0, 0)
    # Yuki reached day 10, the activation day: 3 points; Carlo in the second bar: 2 points
    assert (state.stage[1], state.points[1]) == (1, 3)
    assert (state.stage[2], state.points[2]) == (1, 2)
    # Paulo is past the third bar (day 31): completes it, no points
    assert (state.stage[3], state.points[3]) == (1, 0)


def test_catalina_ends_her_journey_in_83_days():
    state = journey("Catalina")
    clear_map(state)
    place(state, 0, "London", 82)
    state.stage[0] = 2
    state.apply("refresh")
    assert state.finish[0] == 83 and state.is_terminal
    sheet = state.scores()[0]
    assert sheet.line("Checkpoints") == 0  # no points for the Final checkpoint past 80 days
    assert sheet.line("Late penalty") == -3
    assert sheet.tiebreak_text == "returned on day 83"


def test_example_turn_plan_travel_travel():
    """1st action Plan, 2nd Travel: still behind, so a 3rd: Travel, now furthest ahead."""
    state = journey("Carlo", "Yuki")
    clear_map(state)
    place(state, 0, "London", 0)
    place(state, 1, "London", 5)
    state.apply("plan")
    state.resolve_chance()
    assert (state.day[0], state.current_player) == (2, 0)
    state.apply("T1 train to Paris")  # day 2: trains depart
    assert (state.day[0], state.current_player, state.acted) == (4, 0, 2)
    state.apply("B2 bus to Madrid")  # day 4: buses depart
    assert state.day[0] == 6 and state.current_player == 1 and state.acted == 0


def test_scoring_tables():
    state = journey("Carlo")
    experiences = ["A01", "E01", "E06", "A02", "A06", "A03", "A04", "A05"]
    state.experiences[0] = [token(state, t) for t in experiences]
    state.souvenirs[0] = [token(state, t) for t in ("A07", "B08", "C09", "D10", "B07")]
    state.points[0], state.played[0] = 7, 2
    state.finish[0] = 79
    sheet = state.scores()[0]
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
    from kit.core import ranking

    state = journey("Carlo", "Yuki")
    state.finish = [78, 74]
    state.points = [3, 3]
    sheets = state.scores()
    assert sheets[0].total == sheets[1].total
    assert ranking(sheets) == [2, 1]
    state.finish = [74, 74]
    assert ranking(state.scores()) == [1, 1]  # the victory is shared


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
    from kit.amazing_journey.state import AmazingJourney

    state = AmazingJourney(players=3, seed=5).new_game()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 and str(outcomes[0][0]) == "player 0 is Paulo Papagaio"
    state.resolve_chance()
    assert len(set(state.traveller)) == 3 and -1 not in state.traveller


# --- Travel ---------------------------------------------------------------------------------
def test_travel_by_departure_takes_two_days_plus_long_route_days():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Berlin", 2)  # trains depart on day 2
    state.apply("T2 train to Beijing")  # a Long route, +2 days, passing empty cities
    assert state.day[0] == 2 + 2 + 2 and state.pos[0] == city(state, "Beijing")


def test_travel_must_stop_at_a_token_city_and_checkpoint_city():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Ulaanbaatar", "D01")
    place(state, 0, "Berlin", 2)
    assert "T2 train to Ulaanbaatar" in names(state)
    refused(state, "T2 train to Beijing", "must stop at Ulaanbaatar on the way")
    place(state, 0, "Dubai", 5)  # airships depart on day 5; Mumbai holds a Checkpoint token
    assert "A10 airship to Mumbai" in names(state)
    refused(state, "A10 airship to Bangkok", "must stop at Mumbai on the way")
    place(state, 0, "Cairo", 3)  # ships depart on day 3
    clear_map(state)
    assert "S3 ship to Mumbai" in names(state)
    place(state, 0, "Colombo", 3)
    assert "S4 ship to Mumbai" in names(state) and "S4 ship to Singapore" in names(state)
    place(state, 0, "Dubai", 0)
    assert "A1 airship to London" in names(state)
    place(state, 0, "Cairo", 0)
    assert "A1 airship to Dubai" in names(state) and "T1 train to Paris" not in names(state)


def test_branches_reach_every_arm_of_a_route():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Karachi", 2)
    assert {"T5 train to Delhi", "T5 train to Kolkata", "T5 train to Mumbai"} <= set(names(state))


def test_edge_crossing_route_pays_its_extra_days_once():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Tokyo", 3)  # ships depart on day 3
    state.apply("S8 ship to San Francisco")  # Tokyo - Honolulu across the edge, +2 once
    assert state.day[0] == 3 + 2 + 2


def test_two_tickets_as_a_wildcard_take_a_secret_route():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Stockholm", 1)
    hand(state, 0, {"bus": 1, "ship": 2})
    assert "X1 secret ticket to Anchorage" not in names(state)
    state.apply("X1 with 2 tickets to Anchorage")
    assert names(state) == ["discard a bus ticket", "discard a ship ticket"]
    refused(state, "refresh", "must first answer: which Ticket to discard")
    state.apply("discard a ship ticket")
    state.apply("discard a bus ticket")
    assert state.pos[0] == city(state, "Anchorage") and state.day[0] == 1 + 1 + 2
    assert state.tickets[0][2] == 1 and sum(state.tickets[0]) == 1


def test_secret_route_with_a_secret_ticket_and_never_by_departure():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "Baghdad", 0)  # day 0: all five types depart, Secret routes never
    hand(state, 0, {"secret": 1})
    assert "X2 secret to Mumbai" not in names(state)
    state.apply("X2 secret ticket to Mumbai")
    assert state.day[0] == 1


# --- Explore --------------------------------------------------------------------------------
def test_explore_rolls_the_die_draws_a_ticket_and_places_an_experience():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A03")  # food
    place(state, 0, "Paris", 0)
    hand(state, 0, {}, objectives=["party", "nature"])
    state.apply("explore")
    assert state.current_player == CHANCE
    assert [(str(o), p) for o, p in state.chance_outcomes()] == [
        ("die: 2 days, discard a ticket", 2 / 6),
        ("die: 3 days", 2 / 6),
        ("die: 4 days, draw a ticket", 2 / 6),
    ]
    state.apply("die: 4 days, draw a ticket")
    state.apply("draw a ship ticket")
    assert state.day[0] == 4 and state.tickets[0][2] == 1
    assert (
        state.experiences[0] == [token(state, "A03")] and state.city_token[city(state, "Paris")] < 0
    )


def test_explore_two_days_discards_a_ticket_of_choice_and_plays_an_objective():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A03")  # food
    place(state, 0, "Paris", 0)
    hand(state, 0, {"bus": 1, "train": 1}, objectives=["food", "party"])
    state.apply("explore")
    state.apply("die: 2 days, discard a ticket")
    assert names(state) == ["discard a bus ticket", "discard a train ticket"]
    state.apply("discard a train ticket")
    assert names(state) == ["play a food objective", "keep the objectives"]
    state.apply("play a food objective")
    assert state.current_player == CHANCE  # the replacement Objective
    state.apply("draw a culture objective")
    assert state.played[0] == 1 and state.hand[0] == [0, 1, 0, 1, 0]
    assert state.day[0] == 2 and state.tickets[0][0] == 1


def test_experience_area_full_offers_the_discard_choice():
    state = journey("Carlo")
    clear_map(state)
    state.experiences[0] = [token(state, t) for t in ("B01", "C01", "D01")]  # 3 adventure
    for t in ("B01", "C01", "D01"):
        state.placed |= 1 << token(state, t)
    put(state, "Paris", "A01")
    place(state, 0, "Paris", 0)
    hand(state, 0, {}, objectives=["food", "party"])
    state.apply("explore")
    state.apply("die: 3 days")
    assert names(state) == [
        "discard the new token A01",
        "discard B01 for the new token",
        "discard C01 for the new token",
        "discard D01 for the new token",
    ]
    state.apply("discard C01 for the new token")
    # the same token offered first as the new one, later as one already held, keeps each name
    put(state, "Paris", "G01")
    state.apply("explore")
    state.apply("die: 3 days")
    assert "discard A01 for the new token" in names(state)
    state.apply("discard the new token G01")
    assert [str(state.rules.content.tokens[t]) for t in state.experiences[0]] == [
        "B01 (adventure)",
        "A01 (adventure)",
        "D01 (adventure)",
    ]
    assert state.discarded == [token(state, "C01"), token(state, "G01")]


def test_souvenirs_fill_rows_and_grant_tickets_and_offer_the_choice_when_full():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A09")  # worth 1, draws 2 Tickets
    place(state, 0, "Paris", 0)
    hand(state, 0, {})
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("draw a bus ticket")
    state.apply("draw a bus ticket")
    assert state.souvenirs[0] == [token(state, "A09")] and state.tickets[0][0] == 2
    state.souvenirs[0] = [token(state, t) for t in ("B07", "C07", "D07", "E07", "F07", "G07")]
    put(state, "Berlin", "A08")
    place(state, 0, "Berlin", 3)
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("discard the new token A08")
    state.apply("draw a train ticket")
    assert token(state, "A08") in state.discarded and len(state.souvenirs[0]) == 6


def test_a_cursed_souvenir_is_a_forced_stop():
    state = journey("Yuki")
    clear_map(state)
    put(state, "Paris", "A10")  # cursed
    place(state, 0, "London", 2)
    state.apply("T1 train to Paris")
    assert names(state) == ["explore", "move back on the Timeline (Yuki's power)"]
    refused(state, "refresh", "forced stop")
    state.apply("explore")
    state.apply("die: 3 days")
    state.apply("draw a bus ticket")
    state.apply("draw a bus ticket")
    assert state.souvenirs[0] == [token(state, "A10")]


# --- Wait -----------------------------------------------------------------------------------
def test_refresh_waits_a_day_and_may_redraw_both_objectives():
    state = journey("Carlo")
    hand(state, 0, {}, objectives=["food", "party"])
    state.apply("refresh")
    assert state.day[0] == 1 and state.hand[0] == [0, 0, 1, 1, 0]
    state.apply("refresh and redraw objectives")
    state.apply("draw a nature objective")
    state.apply("draw a nature objective")
    assert state.day[0] == 2 and state.hand[0] == [0, 0, 0, 0, 2]
    assert state.objective_discard == [0, 0, 1, 1, 0]


def test_redraw_discards_the_hand_and_draws_two_new_objectives():
    """'discard both of your Objectives and draw 2 new ones': a hand left short by an empty
    deck is refilled to two, from the reshuffled discard pile."""
    state = journey("Carlo")
    hand(state, 0, {}, objectives=["food"])
    state.objective_discard = list(state.objective_deck)
    state.objective_deck = [0] * 5
    state.apply("refresh and redraw objectives")
    # the discarded food Objective is shuffled in with the rest of the discard pile
    assert sum(state.objective_deck) == 40 and sum(state.objective_discard) == 0
    state.apply("draw a party objective")
    assert state.current_player == CHANCE
    state.apply("draw a nature objective")
    assert state.hand[0] == [0, 0, 0, 1, 1] and state.day[0] == 1


def test_plan_waits_two_days_and_draws_a_ticket_reshuffling_an_empty_deck():
    state = journey("Carlo")
    hand(state, 0, {})
    state.ticket_discard = list(state.ticket_deck)
    state.ticket_discard[0] -= 1
    state.ticket_deck = [1, 0, 0, 0, 0, 0]
    state.apply("plan")
    state.apply("draw a bus ticket")
    assert state.day[0] == 2 and state.ticket_deck == [0] * 6
    state.apply("plan")
    assert state.current_player == CHANCE and sum(state.ticket_discard) == 0
    assert sum(state.ticket_deck) == 41


# --- checkpoints and the end ----------------------------------------------------------------
def test_checkpoints_complete_in_order_only():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "San Francisco", 35)
    state.apply("refresh")
    assert state.stage[0] == 0  # the Second before the First: no effect
    place(state, 0, "London", 60)
    state.stage[0] = 1
    state.apply("refresh")
    assert state.stage[0] == 1 and state.finish[0] == -1


def test_finished_players_are_skipped_and_the_last_plays_on():
    state = journey("Carlo", "Yuki")
    clear_map(state)
    place(state, 0, "London", 55)
    place(state, 1, "Paris", 20)
    state.stage[0] = 2
    state.apply("refresh")  # day 56: Final checkpoint, 5 points, journey over
    assert state.finish[0] == 56 and state.points[0] == 5 and state.current_player == 1
    for _ in range(5):
        state.apply("refresh")
        assert state.current_player == 1
    assert not state.is_terminal and state.day[1] == 25


def test_the_game_ends_when_all_have_completed_the_final_checkpoint():
    state = journey("Carlo")
    clear_map(state)
    place(state, 0, "London", 51)
    state.stage[0] = 2
    state.apply("refresh")
    assert state.current_player == TERMINAL and state.legal_actions() == ()
    refused(state, "refresh", "the game is over")


# --- Traveller powers -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("traveller", "start", "action", "dest", "days"),
    [
        ("Paulo", "London", "T1 by Paulo's power to Paris", "Paris", 1),
        ("Buck", "London", "S14 by Buck's power to New York", "New York", 1 + 2),
        ("Wolfgang", "Stockholm", "X1 by Wolfgang's power to Anchorage", "Anchorage", 1 + 2),
        ("Catalina", "London", "B1 by Catalina's power to Berlin", "Berlin", 1),
    ],
)
def test_travel_powers_take_no_days_and_exhaust(traveller, start, action, dest, days):
    state = journey(traveller)
    clear_map(state)
    place(state, 0, start, 1)  # day 1: only buses depart
    hand(state, 0, {})
    state.apply(action)
    assert state.pos[0] == city(state, dest) and state.day[0] == days
    assert state.fresh[0] is False
    refused(state, action.replace(start, dest), "power is exhausted")


def test_catalina_must_stop_at_an_empty_city():
    state = journey("Catalina")
    clear_map(state)
    put(state, "Amsterdam", "A01")
    place(state, 0, "London", 1)
    assert "B1 by Catalina's power to Amsterdam" not in names(state)
    assert "B1 bus to Amsterdam" in names(state)


def test_carlo_collects_a_cursed_souvenir_in_one_day_without_rolling():
    state = journey("Carlo")
    clear_map(state)
    put(state, "Paris", "A10")
    place(state, 0, "Paris", 4)
    hand(state, 0, {})
    state.apply("explore (Carlo's power)")
    state.apply("draw a bus ticket")
    state.apply("draw a train ticket")
    assert state.day[0] == 5 and state.fresh[0] is False
    assert state.souvenirs[0] == [token(state, "A10")] and state.tickets[0][:2] == [1, 1]


def test_lisette_doubles_the_tickets_of_a_souvenir():
    state = journey("Lisette")
    clear_map(state)
    put(state, "Paris", "A08")  # worth 2, draws 1 Ticket
    place(state, 0, "Paris", 0)
    hand(state, 0, {})
    state.apply("explore")
    state.apply("die: 3 days")
    assert names(state) == ["double the tickets (Lisette's power)", "keep the power"]
    state.apply("double the tickets (Lisette's power)")
    state.apply("draw a bus ticket")
    state.apply("draw a bus ticket")
    assert state.tickets[0][0] == 2 and state.fresh[0] is False and not state.steps


def test_yuki_moves_back_a_day_without_it_counting_as_an_action():
    state = journey("Yuki", "Carlo")
    clear_map(state)
    place(state, 1, "London", 3)
    state.apply("refresh")
    state.apply("move back on the Timeline (Yuki's power)")
    assert state.day[0] == 0 and state.acted == 1 and state.fresh[0] is False
    refused(state, "move back on the Timeline (Yuki's power)", "Yuki's power is exhausted")


def test_hendrika_passes_token_cities():
    state = journey("Hendrika")
    clear_map(state)
    put(state, "Ulaanbaatar", "D01")
    place(state, 0, "Berlin", 2)
    state.apply("T2 train to Beijing passing tokens (Hendrika's power)")
    assert state.pos[0] == city(state, "Beijing") and state.fresh[0] is False
    assert state.city_token[city(state, "Ulaanbaatar")] == token(state, "D01")


def test_completing_a_checkpoint_refreshes_the_power():
    state = journey("Paulo")
    clear_map(state)
    place(state, 0, "Delhi", 11)
    state.fresh[0] = False
    state.apply("T5 train to Mumbai")  # day 11: trains depart
    assert state.stage[0] == 1 and state.fresh[0] is True and state.points[0] == 3


# --- hidden information ---------------------------------------------------------------------
def test_observation_hides_face_down_tokens_and_other_hands():
    state = journey("Carlo", "Yuki")
    seen = state.observation(1)
    paris = seen["map"]["Paris"] if "Paris" in seen["map"] else next(iter(seen["map"].values()))
    assert set(paris) == {"region", "symbol", "cursed"}
    assert isinstance(seen["players"][0]["tickets"], int)
    assert isinstance(seen["players"][1]["tickets"], dict)
    assert "A01" not in str(seen["map"])
    state.souvenirs[0] = [token(state, "B07")]
    state.experiences[0] = [token(state, "B01")]
    theirs, mine = state.observation(1)["players"][0], state.observation(0)["players"][0]
    assert theirs["souvenirs"] == [{"region": "B"}]
    assert theirs["experiences"] == [{"type": "adventure", "region": "B"}]
    assert mine["souvenirs"] == [{"region": "B", "id": "B07", "value": 3}]


def test_the_greedy_bot_returns_in_time_and_beats_random_play():
    from kit.amazing_journey import BOTS
    from kit.amazing_journey.state import AmazingJourney
    from kit.core.bots import play

    for seed in range(6):
        game = AmazingJourney(players=1, seed=seed, side=("regular", "fast")[seed % 2])
        greedy = play(game.new_game(), [BOTS["greedy"](seed, 0)])
        assert 50 <= greedy.finish[0] <= 80 and greedy.scores()[0].total >= 15
        rand = play(game.new_game(), [BOTS["random"](seed, 0)])
        assert rand.scores()[0].total < greedy.scores()[0].total


# --- fixed setups and replays, for planners -------------------------------------------------
def test_a_fixed_setup_and_a_replayed_plan_give_the_score_sheet():
    from kit.amazing_journey import setup
    from kit.amazing_journey.state import AmazingJourney

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
    assert [state.rules.content.tokens[t].symbol for t in state.boxed[:1]] == ["star"]
    assert state.tickets[0] == [0, 1, 0, 0, 0, 0] and state.hand[0] == [0, 0, 1, 1, 0]
    plan = ["T1 train ticket to Paris", "explore", "die: 3 days", "play a food objective"]
    final = game.replay([str(a) for a in state.history] + plan + ["draw a culture objective"])
    sheet = final.scores()[0]
    assert sheet.line("Objectives") == 1 and sheet.line("Experience: food") == 1
    assert sheet.line("Regions") == 2 and final.day[0] == 4
