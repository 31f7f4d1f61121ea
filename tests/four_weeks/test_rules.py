"""Scenario tests: one or more per printed rule, and the reconstructed decisions."""

from __future__ import annotations

from kit.core import CHANCE, TERMINAL
from kit.four_weeks.effects import COINS, ENERGY, EXCITEMENT
from kit.four_weeks.scoring import BUCKET_LISTS, FESTIVALS, LOCAL_TILES, LOCATIONS, REGIONS
from kit.four_weeks.state import (
    ACTIVITY,
    AVAILABLE,
    DISCARD,
    KEEP,
    ORDER,
    REFRESH,
    SPENT,
    TRAVEL,
)
from tests.checks import refused
from tests.four_weeks.helpers import deal, end, finish_week, give, keep_all, names, pass_turn

BRI, IBE, FRA, BEN, ALP = range(5)


# --- travel -------------------------------------------------------------------------------------
def test_first_placement_is_free_and_anywhere():
    state = deal()
    codes = ["BRI", "IBE", "FRA", "BEN", "ALP", "ITA", "GER", "SCA", "POL", "BAL"]
    assert names(state) == [f"start in {code}" for code in codes]
    refused(state, "stay", "first placement is free")
    refused(state, "fly to BRI (4 Coins)", "first placement is free")
    state.apply("start in BAL")
    assert state.pos[0] == 9 and state.res[0] == [4, 2, 1, 0] and state.phase == ACTIVITY
    refused(state, "start in BRI", "travel comes first")


def test_train_costs_one_energy_per_segment_along_the_network():
    state = deal()
    state.apply("start in IBE")
    state.apply("skip the activity (lose a day)")
    pass_turn(state)  # player 1
    trains = [name for name in names(state) if name.startswith("train")]
    assert trains == [
        "train to BRI (2 Energy)",  # IBE-FRA-BRI
        "train to FRA (1 Energy)",
        "train to BEN (2 Energy)",
        "train to ALP (2 Energy)",
        "train to ITA (2 Energy)",
    ]
    refused(state, "train to GER (3 Energy)", "costs 3 Energy and player 0 has 2")
    state.apply("train to ALP (2 Energy)")
    assert state.pos[0] == ALP and state.res[0][ENERGY] == 0 and state.res[0][COINS] == 4


def test_plane_costs_four_coins_to_any_region():
    state = deal()
    state.apply("start in IBE")
    state.apply("skip the activity (lose a day)")
    pass_turn(state)
    flights = [name for name in names(state) if name.startswith("fly")]
    assert len(flights) == 9 and "fly to SCA (4 Coins)" in flights
    state.apply("fly to SCA (4 Coins)")
    assert state.pos[0] == 7 and state.res[0][COINS] == 0 and state.res[0][ENERGY] == 2
    state.apply("skip the activity (lose a day)")
    pass_turn(state)
    assert not [name for name in names(state) if name.startswith("fly")]
    refused(state, "fly to BRI (4 Coins)", "a plane costs 4 Coins and player 0 has 0")


def test_ticket_is_a_free_trip_anywhere():
    state = deal(hands=(("BEN1", "BEN2", "BEN3", "BEN4", "BEN5", "IBE1", "IBE2"), HANDS_P1))
    state.apply("start in BEN")
    state.apply("visit BEN2")  # 2 days: 1 ticket, 1 point
    assert state.tickets[0] == 1
    end(state)
    pass_turn(state)
    assert "free trip to BAL" in names(state)
    state.apply("free trip to BAL")
    assert state.pos[0] == 9 and state.tickets[0] == 0 and state.res[0][:2] == [4, 2]


HANDS_P1 = ("FRA1", "FRA2", "FRA3", "FRA4", "FRA5", "POL1", "POL2")


# --- visits -------------------------------------------------------------------------------------
def test_excitement_reduces_the_cost_to_a_minimum_of_one_day():
    state = deal()
    state.apply("start in BRI")
    give(state, 0, excitement=5)
    assert [n for n in names(state) if n.startswith("visit BRI2")] == [
        "visit BRI2",
        "visit BRI2 spending 1 Excitement",
    ]
    assert [n for n in names(state) if n.startswith("visit BRI5")] == [
        "visit BRI5",
        "visit BRI5 spending 1 Excitement",
        "visit BRI5 spending 2 Excitement",
        "visit BRI5 spending 3 Excitement",
    ]
    refused(state, "visit BRI5 spending 4 Excitement", "no action of this game")
    refused(state, "visit BRI2 spending 2 Excitement", "no action of this game")
    state.apply("visit BRI5 spending 3 Excitement")
    assert state.day[0] == 1 and state.res[0][EXCITEMENT] == 2
    assert state.calendar[0][:2] == [BRI, AVAILABLE]


def test_own_excitement_does_not_reduce_its_own_cost():
    state = deal(hands=(HANDS_P1, ("BRI1", "BRI2", "BRI3", "BRI4", "BRI5", "IBE1", "IBE2")))
    state.apply("start in FRA")
    give(state, 0, excitement=0)
    # FRA5: 4 days, gives 8 points and 1 Excitement; that Excitement cannot shorten this visit.
    assert [n for n in names(state) if n.startswith("visit FRA5")] == ["visit FRA5"]
    state.apply("visit FRA5")
    assert state.day[0] == 4 and state.res[0][EXCITEMENT] == 1
    assert state.pts[0][LOCATIONS] == 8
    assert state.calendar[0][:5] == [FRA, SPENT, SPENT, SPENT, AVAILABLE]


def test_visit_needs_the_pawn_in_the_region_and_the_days():
    state = deal()
    state.apply("start in IBE")
    refused(state, "visit BRI1", "BRI1 is in BRI, the pawn is in IBE")
    refused(state, "visit FRA1", "FRA1 is not in player 0's hand")
    state.apply("visit IBE1")
    pass_turn(state)
    state.apply("fly to BRI (4 Coins)")
    state.apply("visit BRI4")  # 3 days: Tuesday to Thursday; 3 days are left
    pass_turn(state)
    state.apply("stay")
    give(state, 0, excitement=0)
    assert state.day[0] == 4
    assert not [n for n in names(state) if n.startswith("visit BRI5")]
    refused(state, "visit BRI5", "it takes 4 days and 3 are left this week")


def test_leftmost_available_day_disc_goes_to_the_region():
    state = deal()
    state.apply("start in BRI")
    state.apply("visit BRI4")  # 3 days from Monday
    pass_turn(state)
    state.apply("stay")
    state.apply("write")
    for card in ("IBE1", "IBE2", "BRI1"):
        state.apply(f"discard {card}")
    assert state.calendar[0][:7] == [BRI, SPENT, SPENT, BRI, AVAILABLE, AVAILABLE, AVAILABLE]
    assert state.day[0] == 4


def test_weekday_bonus_matches_the_placed_disc_and_its_order_is_chosen():
    hands = (("BEN3", "BEN1", "BEN2", "BEN4", "BEN5", "IBE1", "IBE2"), HANDS_P1)
    # BEN3: 2 days, pay 2 Coins for 5 points; on Tuesday or Wednesday, a bonus of 2 Coins.
    monday = deal(hands=hands)
    monday.apply("start in BEN")
    give(monday, 0, coins=0)
    monday.apply("visit BEN3")
    assert monday.phase != ORDER and monday.pts[0][LOCATIONS] == 0  # no bonus, cannot pay
    tuesday = deal(hands=hands)
    tuesday.apply("start in BEN")
    tuesday.apply("skip the activity (lose a day)")
    end(tuesday)
    pass_turn(tuesday)
    tuesday.apply("stay")
    give(tuesday, 0, coins=0)
    tuesday.apply("visit BEN3")
    assert tuesday.phase == ORDER and names(tuesday) == ["effect first", "bonus first"]
    effect_first = tuesday.clone()
    effect_first.apply("effect first")
    assert (effect_first.pts[0][LOCATIONS], effect_first.res[0][COINS]) == (0, 2)
    tuesday.apply("bonus first")
    assert (tuesday.pts[0][LOCATIONS], tuesday.res[0][COINS]) == (5, 0)


# --- Write, Rest, Plan and skipping -------------------------------------------------------------
def test_write_discards_three_spends_one_day_and_advances_income():
    state = deal()
    state.apply("start in IBE")
    state.apply("write")
    assert state.phase == DISCARD and names(state) == [f"discard {c}" for c in HANDS_P0]
    for card in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card}")
    assert state.hands[0] == [3, 4, 5, 6] and state.discard == [0, 1, 2]
    assert state.calendar[0][0] == IBE and state.day[0] == 1 and state.income[0] == 1


HANDS_P0 = ("BRI1", "BRI2", "BRI3", "BRI4", "BRI5", "IBE1", "IBE2")


def test_rest_and_plan_effects_and_insider_tip():
    state = deal()
    state.apply("start in IBE")
    state.apply("rest")
    for card in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card}")
    assert state.res[0] == [4, 4, 2, 0]
    pass_turn(state)
    state.apply("stay")
    state.apply("plan")
    for card in ("BRI4", "BRI5", "IBE1"):
        state.apply(f"discard {card}")
    assert state.current_player == CHANCE and state.owed[0] == 3
    assert state.insider[0] == 1 << 2  # Wednesday's disc, the next available, shows the heart
    for card in ("IBE3", "IBE4", "IBE5"):
        state.apply(f"draw {card}")
    assert state.hands[0] == [6, 7, 8, 9] and state.calendar[0][:3] == [IBE, IBE, AVAILABLE]


def test_write_rest_plan_need_three_cards():
    state = deal()
    state.apply("start in IBE")
    state.apply("visit IBE1")
    pass_turn(state)
    state.apply("stay")
    state.apply("write")
    for card in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card}")
    pass_turn(state)
    state.apply("stay")
    state.apply("visit IBE2")  # 1 draw: three cards again
    state.apply("draw ITA1")
    end(state)
    pass_turn(state)
    state.apply("fly to ITA (4 Coins)")
    state.apply("visit ITA1")
    end(state)
    pass_turn(state)
    state.apply("stay")
    assert len(state.hands[0]) == 2
    assert not {"write", "rest", "plan"} & set(names(state))
    refused(state, "write", "write discards 3 cards and player 0 holds 2")


def test_skipping_the_activity_loses_the_day():
    state = deal()
    state.apply("start in IBE")
    assert names(state)[-1] == "skip the activity (lose a day)"
    state.apply("skip the activity (lose a day)")
    assert state.calendar[0][0] == SPENT and state.day[0] == 1 and state.player == 1


# --- Extras -------------------------------------------------------------------------------------
def test_extras_once_per_turn_local_tile_once_per_week():
    state = deal(festivals=("FRA", "GER"))
    state.apply("start in FRA")
    give(state, 0, coins=9)
    state.apply("skip the activity (lose a day)")
    assert names(state) == ["Local tile in FRA", "Festival in FRA", "end turn"]
    state.apply("Festival in FRA")  # pay 3 Coins: 4 points and 1 Local
    assert state.pts[0][FESTIVALS] == 4 and state.res[0] == [6, 2, 1, 1]
    refused(state, "Festival in FRA", "one action of each kind of Extra is allowed per turn")
    state.apply("Local tile in FRA")  # pay 2 Coins: 2 points and 1 Local
    assert state.pts[0][LOCAL_TILES] == 2 and state.res[0] == [4, 2, 1, 2]
    assert state.player == 1  # nothing else to take: the turn ended by itself
    pass_turn(state)
    state.apply("stay")
    state.apply("skip the activity (lose a day)")
    assert state.player == 1  # the tile and the Festival were used this week
    finish_week(state)
    keep_all(state)
    state.resolve_chance()
    pass_turn(state)  # player 1 is the First Player of week 2
    state.apply("stay")
    state.apply("skip the activity (lose a day)")
    assert "Local tile in FRA" in names(state)


def test_bucket_list_needs_the_tags_and_goes_to_the_first_claimant():
    hands = (HANDS_P0, ("FRA5", "FRA3", "BEN1", "BEN2", "BEN3", "BEN4", "POL1"))
    state = deal(hands=hands)
    state.apply("start in BRI")
    give(state, 0, locals=5)
    state.apply("visit BRI5")  # culture; Monday: its bonus is 1 income
    state.apply("effect first")
    state.apply("Local tile in BRI")
    pass_turn(state)
    state.apply("stay")
    state.apply("visit BRI3")  # culture and nightlife: two culture tags make the BRI list
    assert "claim the Bucket List of BRI" in names(state)
    state.apply("claim the Bucket List of BRI")
    assert state.buckets[BRI] == 0 and state.pts[0][BUCKET_LISTS] == 4


# --- turns and weeks ----------------------------------------------------------------------------
def test_a_player_without_days_left_is_skipped():
    state = deal(hands=(HANDS_P0, HANDS_P1))
    state.apply("start in BRI")
    state.apply("visit BRI5")
    state.apply("effect first")  # Monday bonus: 1 income
    state.apply("start in IBE")
    state.apply("skip the activity (lose a day)")
    state.apply("stay")
    state.apply("visit BRI4")
    assert state.day == [7, 1] and state.player == 1
    for expected in range(2, 7):
        pass_turn(state)
        assert state.player == 1 and state.day == [7, expected]
    pass_turn(state)
    assert state.phase == REFRESH and state.current_player == CHANCE


def test_end_of_week_order():
    hands = (("ALP5", "ALP1", "ALP2", "ALP3", "ALP4", "ITA1", "ITA2"), HANDS_P1)
    state = deal(hands=hands)
    state.apply("start in ALP")
    state.apply("visit ALP5")  # 7 points and 2 draws: 8 cards in hand
    state.apply("draw BAL1")
    state.apply("draw BAL2")
    state.apply("start in ALP")
    state.apply("rest")
    for card in ("FRA1", "FRA2", "FRA3"):
        state.apply(f"discard {card}")
    finish_week(state)
    # 1. the regions are scored: both players have one disc in ALP, a tie for first place
    assert [state.pts[p][REGIONS] for p in (0, 1)] == [3, 3]
    # 2. the Festival display is refreshed before income
    assert state.phase == REFRESH and state.festivals == [] and state.res[0][COINS] == 4
    state.apply("Festival drawn in BRI")
    state.apply("Festival drawn in POL")
    # 3. income: 2 Coins plus the Income track (position 0: nothing)
    assert state.res[0] == [6, 2, 1, 0] and state.res[1] == [6, 4, 2, 0]
    # 4. discard down to seven, in turn order from the First Player
    assert state.phase == KEEP and state.player == 0 and len(state.hands[0]) == 8
    assert "keep hand" not in names(state)
    refused(state, "keep hand", "the hand holds 8 cards; discard down to 7")
    state.apply("discard ALP1")
    state.apply("discard ALP2")  # discarding more is allowed
    state.apply("keep hand")
    assert state.player == 1
    state.apply("keep hand")
    # 5. the First Player token passes; everyone draws up to seven
    assert state.week == 1 and state.first == 1 and state.owed == [1, 3]
    assert state.current_player == CHANCE and state.day == [0, 0]
    state.resolve_chance()
    assert state.player == 1 and state.phase == TRAVEL
    assert [len(hand) for hand in state.hands] == [7, 7]


def test_after_week_four_no_discard_and_no_token_pass():
    state = deal(players=3)
    firsts = []
    for _ in range(3):
        finish_week(state)
        keep_all(state)
        firsts.append(state.first)
    assert firsts == [1, 2, 0] and state.week == 3
    state.resolve_chance()
    state.hands[0].append(state.deck.pop())  # shortcut: player 0 holds eight cards
    state.income[1] = 2  # shortcut: player 1 is two steps up the Income track
    coins = [res[COINS] for res in state.res]
    finish_week(state)
    assert state.current_player == TERMINAL and state.phase != KEEP and state.first == 0
    assert [res[COINS] for res in state.res] == [coins[0] + 2, coins[1] + 3, coins[2] + 2]
    assert len(state.hands[0]) == 8 and state.festivals  # no discard, no Festival refresh


def test_region_scoring_counts_insider_tip_discs_double():
    state = deal(hands=(HANDS_P0, ("IBE3", "IBE4", "IBE5", "FRA1", "FRA2", "FRA3", "FRA4")))
    state.apply("start in IBE")
    state.apply("plan")  # Monday's disc in IBE; Tuesday's disc turns to its Insider Tip side
    for card in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card}")
    for card in ("ALP1", "ALP2", "ALP3"):
        state.apply(f"draw {card}")
    state.apply("start in IBE")
    state.apply("visit IBE3 spending 1 Excitement")  # 1 day, pay 1 Excitement: none left
    end(state)
    state.apply("stay")
    state.apply("visit IBE1")  # Tuesday, Insider Tip: counts 2
    state.apply("stay")
    state.apply("visit IBE4")  # player 1: Tuesday to Thursday, counts 1
    finish_week(state)
    assert [state.pts[p][REGIONS] for p in (0, 1)] == [3, 1]


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    state = deal()
    state.apply("start in IBE")
    state.deck, state.discard = [], [30, 40]  # shortcut: the deck has run out
    state.apply("plan")
    for card in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card}")
    assert state.owed[0] == 3
    assert names(state) == ["draw BRI1", "draw BRI2", "draw BRI3", "draw GER1", "draw POL1"]
    state.apply("draw GER1")
    assert state.deck == [0, 1, 2, 40] and state.discard == []
    for card in ("BRI1", "BRI2"):
        state.apply(f"draw {card}")
    assert state.owed == [0, 0] and state.hands[0] == [0, 1, 3, 4, 5, 6, 30]
    refused(state, "draw POL1", "not allowed at player 1.s Travel step")
