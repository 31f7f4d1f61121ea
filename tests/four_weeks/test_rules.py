"""Scenario tests: one or more per printed rule, and the reconstructed decisions. Every position
is reached by the scenario builder and the game's own actions."""

from __future__ import annotations

from kit.core import CHANCE, TERMINAL
from kit.four_weeks import FourWeeks, setup
from tests.checks import refused
from tests.four_weeks.helpers import (
    BONUS_FIRST,
    EFFECT_FIRST,
    END,
    HANDS,
    HANDS_P1,
    PLAN,
    REST,
    SKIP,
    WRITE,
    apply_all,
    card,
    deal,
    discard_first,
    end,
    finish_week,
    keep_all,
    names,
    pass_turn,
    seen,
    starting,
)

BRI = 0  # the first region of the map
CODES = ["BRI", "IBE", "FRA", "BEN", "ALP", "ITA", "GER", "SCA", "POL", "BAL"]


def resources(state, player: int = 0) -> list[int]:
    """Coins, Energy, Excitement and Locals, as the player's observation shows them."""
    return list(seen(state, player)["resources"].values())


def discs(state, player: int = 0, week: int = 0) -> list[str]:
    """The Day discs of a week as the observation shows them: 'in BRI', 'spent', 'available'."""
    return [day["disc"] for day in seen(state, player)["calendar"][week]]


# --- travel -------------------------------------------------------------------------------------
def test_first_placement_is_free_and_anywhere():
    state = deal()
    assert names(state) == [f"start in {code} for free" for code in CODES]
    refused(state, "stay in BRI", "first placement is free")
    refused(state, "fly to BRI for 4 Coins", "first placement is free")
    state.apply("start in BAL for free")
    assert seen(state)["pawn"] == "BAL" and resources(state) == [4, 2, 1, 0]
    assert seen(state)["step"] == "Activity"
    refused(state, "start in BRI for free", "travel comes first")


def test_train_costs_one_energy_per_segment_along_the_network():
    state = deal(actions=["start in IBE for free", SKIP])
    pass_turn(state)  # player 1
    assert starting(state, "take the train") == [
        "take the train to BRI for 2 Energy",  # IBE-FRA-BRI
        "take the train to FRA for 1 Energy",
        "take the train to BEN for 2 Energy",
        "take the train to ALP for 2 Energy",
        "take the train to ITA for 2 Energy",
    ]
    refused(state, "take the train to GER for 3 Energy", "costs 3 Energy and player 0 has 2")
    refused(state, "take the train to FRA for 2 Energy", "from IBE to FRA costs 1 Energy")
    state.apply("take the train to ALP for 2 Energy")
    assert seen(state)["pawn"] == "ALP" and resources(state) == [4, 0, 1, 0]


def test_plane_costs_four_coins_to_any_region():
    state = deal(actions=["start in IBE for free", SKIP])
    pass_turn(state)
    flights = starting(state, "fly")
    assert len(flights) == 9 and "fly to SCA for 4 Coins" in flights
    state.apply("fly to SCA for 4 Coins")
    assert seen(state)["pawn"] == "SCA" and resources(state) == [0, 2, 1, 0]
    state.apply(SKIP)
    pass_turn(state)
    assert not starting(state, "fly")
    refused(state, "fly to BRI for 4 Coins", "a plane costs 4 Coins and player 0 has 0")


def test_a_free_trip_goes_anywhere():
    hands = (("BEN1", "BEN2", "BEN3", "BEN4", "BEN5", "IBE1", "IBE2"), HANDS_P1)
    state = deal(hands=hands, actions=["start in BEN for free", "visit BEN2 (Amsterdam Canals)"])
    assert seen(state)["free_trips"] == 1  # BEN2: 2 days, a free trip and 1 point
    end(state)
    pass_turn(state)
    assert "travel to BAL with a free trip" in names(state)
    state.apply("travel to BAL with a free trip")
    view = seen(state)
    assert (view["pawn"], view["free_trips"], resources(state)) == ("BAL", 0, [4, 2, 1, 0])


# --- visits -------------------------------------------------------------------------------------
def test_excitement_reduces_the_cost_to_a_minimum_of_one_day():
    hands = (("FRA1", "BRI2", "BRI5", "IBE1", "IBE2", "IBE3", "IBE4"), HANDS[3])
    state = deal(hands=hands, actions=["start in BRI for free"])
    # With 1 Excitement, British Museum (4 days) can be shortened by one day only.
    assert starting(state, "visit BRI5") == [
        "visit BRI5 (British Museum)",
        "visit BRI5 (British Museum) spending 1 Excitement",
    ]
    state.apply(SKIP)
    end(state)
    pass_turn(state)  # player 1
    # Tuesday: to FRA by train, Lyon Bouchons gives 1 Excitement; Wednesday: Rest gives 1 more.
    state.follow(["take the train to FRA for 1 Energy", "visit FRA1 (Lyon Bouchons)", END])
    pass_turn(state)
    state.follow(["stay in FRA", REST, *(f"discard {card(c)}" for c in ("IBE1", "IBE2", "IBE3"))])
    end(state)
    pass_turn(state)
    state.apply("take the train to BRI for 1 Energy")
    assert resources(state)[2] == 3 and seen(state)["days_left"] == 4
    # Three Excitement, but a 2-day visit still lasts at least one day.
    assert starting(state, "visit BRI2") == [
        "visit BRI2 (Soho Nights)",
        "visit BRI2 (Soho Nights) spending 1 Excitement",
    ]
    assert starting(state, "visit BRI5") == [
        "visit BRI5 (British Museum)",
        "visit BRI5 (British Museum) spending 1 Excitement",
        "visit BRI5 (British Museum) spending 2 Excitement",
        "visit BRI5 (British Museum) spending 3 Excitement",
    ]
    refused(state, "visit BRI5 (British Museum) spending 4 Excitement", "no action of this game")
    refused(state, "visit BRI2 (Soho Nights) spending 2 Excitement", "no action of this game")
    state.apply("visit BRI5 (British Museum) spending 3 Excitement")
    assert seen(state)["days_left"] == 3 and resources(state)[2] == 0
    assert discs(state)[3:5] == ["in BRI", "available"]


def test_own_excitement_does_not_reduce_its_own_cost():
    hands = (HANDS_P1, HANDS[0])
    state = deal(hands=hands, actions=["start in FRA for free"])
    # Paris Cabarets takes 1 day with the one Excitement: none is left.
    state.follow(["visit FRA2 (Paris Cabarets) spending 1 Excitement", END])
    pass_turn(state)
    state.apply("stay in FRA")
    # The Louvre: 4 days, gives 8 points and 1 Excitement; that Excitement cannot shorten it.
    assert starting(state, "visit FRA5") == ["visit FRA5 (The Louvre)"]
    state.apply("visit FRA5 (The Louvre)")
    assert seen(state)["days_left"] == 2 and resources(state)[2] == 1
    assert state.scores()[0].line("Locations") == 2 + 8
    assert discs(state) == ["in FRA", "in FRA", "spent", "spent", "spent", "available", "available"]


def test_visit_needs_the_pawn_in_the_region_and_the_days():
    hands = (("IBE3", "BRI4", "BRI5", "BRI1", "IBE1", "IBE2", "GER1"), HANDS_P1)
    state = deal(hands=hands, actions=["start in IBE for free"])
    refused(state, "visit BRI1 (Borough Market)", "BRI1 is in BRI, the pawn is in IBE")
    refused(state, "visit FRA1 (Lyon Bouchons)", "FRA1 is not in player 0's hand")
    state.apply("visit IBE3 (Alhambra)")  # Monday and Tuesday; pays the one Excitement
    end(state)
    pass_turn(state)
    state.follow(["fly to BRI for 4 Coins", "visit BRI4 (Scottish Highlands)"])  # Wed to Fri
    end(state)
    pass_turn(state)
    state.apply("stay in BRI")
    assert seen(state)["days_left"] == 2 and resources(state)[2] == 0
    assert not starting(state, "visit BRI5")
    refused(state, "visit BRI5 (British Museum)", "it takes 4 days and 2 are left this week")


def test_leftmost_available_day_disc_goes_to_the_region():
    state = deal(actions=["start in BRI for free", "visit BRI4 (Scottish Highlands)"])
    pass_turn(state)
    state.follow(["stay in BRI", WRITE, *(f"discard {card(c)}" for c in ("IBE1", "IBE2", "BRI1"))])
    assert discs(state) == ["in BRI", "spent", "spent", "in BRI"] + ["available"] * 3


def test_weekday_bonus_matches_the_placed_disc_and_its_order_is_chosen():
    hands = (("BEN3", "IBE4", "BEN2", "BEN4", "BEN5", "IBE1", "IBE2"), HANDS_P1)
    # BEN3: 2 days, pay 2 Coins for 5 points; on Tuesday or Wednesday, a bonus of 2 Coins.
    thursday = deal(hands=hands, actions=["start in IBE for free", "visit IBE4 (Picos de Europa)"])
    end(thursday)
    pass_turn(thursday)
    thursday.follow(["fly to BEN for 4 Coins", "visit BEN3 (Bruges Belfry)"])  # no Coin left
    assert EFFECT_FIRST not in names(thursday)  # Thursday: no bonus
    assert thursday.scores()[0].line("Locations") == 6 and resources(thursday)[0] == 0
    tuesday = deal(hands=hands, actions=["start in IBE for free", SKIP])
    pass_turn(tuesday)
    tuesday.follow(["fly to BEN for 4 Coins", "visit BEN3 (Bruges Belfry)"])
    assert names(tuesday) == [EFFECT_FIRST, BONUS_FIRST]
    assert tuesday.question() == (
        "which player 0 takes first for BEN3 (Bruges Belfry): the effect (pay 2 Coins: 5 points) "
        "or the Tue bonus (2 Coins)"
    )
    effect_first = tuesday.clone()
    effect_first.apply(EFFECT_FIRST)  # nothing to pay with, then the 2 Coins
    assert (effect_first.scores()[0].line("Locations"), resources(effect_first)[0]) == (0, 2)
    tuesday.apply(BONUS_FIRST)  # the bonus pays for the effect
    assert (tuesday.scores()[0].line("Locations"), resources(tuesday)[0]) == (5, 0)


# --- Write, Rest, Plan and skipping -------------------------------------------------------------
def test_write_discards_three_spends_one_day_and_advances_income():
    state = deal(actions=["start in IBE for free", WRITE])
    assert names(state) == [f"discard {card(c)}" for c in HANDS[0]]
    assert state.question() == "which card player 0 discards for Write (3 cards to go)"
    for c in ("BRI1", "BRI2", "BRI3"):
        state.apply(f"discard {card(c)}")
    view = seen(state)
    assert view["hand"] == [card(c) for c in ("BRI4", "BRI5", "IBE1", "IBE2")]
    assert view["discard_pile"] == [card(c) for c in ("BRI1", "BRI2", "BRI3")]
    assert discs(state)[0] == "in IBE" and view["days_left"] == 6 and view["income_track"] == 1


def test_rest_and_plan_effects_and_insider_tip():
    discards = [f"discard {card(c)}" for c in ("BRI1", "BRI2", "BRI3")]
    state = deal(actions=["start in IBE for free", REST, *discards])
    assert resources(state) == [4, 4, 2, 0]
    pass_turn(state)
    apply_all(
        state, ["stay in IBE", PLAN, *(f"discard {card(c)}" for c in ("BRI4", "BRI5", "IBE1"))]
    )
    assert state.current_player == CHANCE
    assert state.question() == "which Location card player 0 draws"
    tips = [day["insider_tip"] for day in seen(state)["calendar"][0]]
    assert tips == [False, False, True, False, False, False, False]  # Wednesday's, the next
    for c in ("IBE3", "IBE4", "IBE5"):
        state.apply(f"player 0 draws {card(c)}")
    assert seen(state)["hand"] == [card(c) for c in ("IBE2", "IBE3", "IBE4", "IBE5")]
    assert discs(state)[:3] == ["in IBE", "in IBE", "available"]


def test_a_card_drawn_is_told_to_its_drawer_alone():
    discards = [f"discard {card(c)}" for c in ("BRI1", "BRI2", "BRI3")]
    state = deal(actions=["start in IBE for free", PLAN, *discards[:2]])
    last = state.game.actions.by_name[discards[2]]
    assert [state.told(last, seat) for seat in (0, 1)] == [discards[2]] * 2  # face up
    state.apply(last)
    drawn = state.game.actions.by_name[f"player 0 draws {card('IBE3')}"]
    assert state.told(drawn, 0) == "player 0 draws IBE3 (Alhambra)"
    assert state.told(drawn, 1) == "player 0 draws a Location card"
    state.apply(drawn)
    assert state.told(drawn, 1) == "player 0 draws a Location card"  # the next draw, the same
    opening = FourWeeks(players=2, seed=0).new_game()
    reveal = opening.legal_actions()[0]
    assert [opening.told(reveal, seat) for seat in (0, 1)] == [str(reveal)] * 2  # face up
    opening.follow(["start in BRI for free"])
    skip = opening.game.actions.by_name[SKIP]
    assert opening.told(skip, 1) == SKIP  # a player's own actions are all public


def test_write_rest_plan_need_three_cards():
    state = deal(actions=["start in IBE for free", "visit IBE1 (Tapas in Seville)"])
    pass_turn(state)
    state.follow(["stay in IBE", WRITE, *(f"discard {card(c)}" for c in ("BRI1", "BRI2", "BRI3"))])
    pass_turn(state)
    state.follow(["stay in IBE", "visit IBE2 (Ibiza Clubs)", f"player 0 draws {card('ITA1')}"])
    end(state)
    pass_turn(state)
    state.follow(["fly to ITA for 4 Coins", "visit ITA1 (Naples Pizza)"])
    end(state)
    pass_turn(state)
    state.apply("stay in ITA")
    assert seen(state)["hand_size"] == 2
    assert not {WRITE, REST, PLAN} & set(names(state))
    refused(state, WRITE, "Write discards 3 cards and player 0 holds 2")


def test_skipping_the_activity_loses_the_day():
    state = deal(actions=["start in IBE for free"])
    assert names(state)[-1] == SKIP
    state.apply(SKIP)
    assert discs(state)[0] == "spent" and seen(state)["days_left"] == 6
    assert state.current_player == 1


# --- Extras -------------------------------------------------------------------------------------
def test_extras_once_per_turn_local_tile_once_per_week():
    hands = (("FRA1", "FRA3", "BRI1", "BRI2", "BRI3", "IBE1", "IBE2"), HANDS[3])
    state = deal(hands=hands, festivals=("FRA", "GER"), actions=["start in FRA for free"])
    state.follow(["visit FRA1 (Lyon Bouchons)", EFFECT_FIRST])  # Monday: 2 Coins, 1 Excitement
    assert names(state) == [
        "use the Local tile in FRA paying 2 Coins",
        "attend Fete de la Musique in FRA paying 3 Coins",
        END,
    ]
    state.apply("attend Fete de la Musique in FRA paying 3 Coins")  # 4 points and 1 Local
    assert state.scores()[0].line("Festivals") == 4 and resources(state) == [3, 2, 2, 1]
    refused(
        state,
        "attend Fete de la Musique in FRA paying 3 Coins",
        "one action of each kind of Extra is allowed per turn",
    )
    state.apply("use the Local tile in FRA paying 2 Coins")  # 2 points and 1 Local
    assert state.scores()[0].line("Local tiles") == 2 and resources(state) == [1, 2, 2, 2]
    assert state.current_player == 1  # nothing else to take: the turn ended by itself
    pass_turn(state)
    # Tuesday: Mont Saint-Michel's bonus gives 3 Coins, enough for the tile and the Festival,
    # but both were used by this player this week (the Festival for the whole game).
    state.follow(["stay in FRA", "visit FRA3 (Mont Saint-Michel)", EFFECT_FIRST])
    assert resources(state)[0] == 4 and state.current_player == 1
    finish_week(state)
    keep_all(state)
    pass_turn(state)  # player 1 is the First Player of week 2
    state.follow(["stay in FRA", SKIP])
    assert names(state) == ["use the Local tile in FRA paying 2 Coins", END]


def test_bucket_list_needs_the_tags_and_goes_to_the_first_claimant():
    state = deal(actions=["start in BRI for free", "visit BRI5 (British Museum)", EFFECT_FIRST])
    assert state.current_player == 1  # one culture tag: no Bucket List, no other Extra
    state.follow(["start in FRA for free", "visit FRA2 (Paris Cabarets)", END])  # 1 culture
    state.follow(["stay in BRI", "visit BRI3 (Edinburgh Old Town)"])  # 2 culture tags
    assert names(state) == ["claim the Bucket List of BRI for 4 points", END]
    state.apply("claim the Bucket List of BRI for 4 points")
    assert state.scores()[0].line("Bucket Lists") == 4
    bucket = state.observation(1)["bucket_lists"][BRI]
    assert bucket == {"region": "BRI", "needs": "2 culture", "points": 4, "claimed_by": 0}
    state.follow(["stay in FRA", "visit FRA3 (Mont Saint-Michel)"])  # player 1: 2 culture
    pass_turn(state)  # player 0's last day
    state.follow(["take the train to BRI for 1 Energy", SKIP])
    assert seen(state, 1)["tags"]["culture"] == 2 and seen(state, 1)["pawn"] == "BRI"
    assert state.current_player == 1  # the turn ended: no Extra to take
    refused(state, "claim the Bucket List of BRI for 4 points", "player 0 has claimed")


# --- turns and weeks ----------------------------------------------------------------------------
def test_a_player_without_days_left_is_skipped():
    state = deal(
        hands=(HANDS[0], HANDS_P1),
        actions=["start in BRI for free", "visit BRI5 (British Museum)", EFFECT_FIRST],
    )
    state.follow(["start in IBE for free", SKIP, "stay in BRI", "visit BRI4 (Scottish Highlands)"])
    days = [view["days_left"] for view in state.observation(0)["players"]]
    assert days == [0, 6] and state.current_player == 1
    assert state.observation(1)["turn"] == "player 1's turn (player 0: no day left this week)"
    for left in range(5, 0, -1):
        pass_turn(state)
        assert state.current_player == 1 and seen(state, 1)["days_left"] == left
    pass_turn(state)
    assert state.observation(0)["phase"] == "end of week 1: the Festival refresh"
    assert state.current_player == CHANCE


def test_end_of_week_order():
    hands = (("ALP5", "ALP1", "ALP2", "ALP3", "ALP4", "ITA1", "ITA2"), HANDS_P1)
    draws = [f"player 0 draws {card('BAL1')}", f"player 0 draws {card('BAL2')}"]
    state = deal(
        hands=hands, actions=["start in ALP for free", "visit ALP5 (Jungfrau Railway)", *draws]
    )
    assert seen(state)["hand_size"] == 8  # 7 points and 2 draws
    rest = [f"discard {card(c)}" for c in ("FRA1", "FRA2", "FRA3")]
    state.follow(["start in ALP for free", REST, *rest])
    finish_week(state)
    # 1. the regions are scored: both players have one disc in ALP, a tie for first place
    assert [sheet.line("Region scoring") for sheet in state.scores()] == [3, 3]
    # 2. the Festival display is refreshed before income
    assert state.observation(0)["festivals"] == [] and resources(state)[0] == 4
    state.apply("the Festival Proms is revealed in BRI")
    state.apply("the Festival Wianki is revealed in POL")
    # 3. income: 2 Coins plus the Income track (position 0: nothing)
    assert resources(state, 0) == [6, 2, 1, 0] and resources(state, 1) == [6, 4, 2, 0]
    # 4. discard down to seven, in turn order from the First Player
    assert state.observation(0)["phase"] == "end of week 1: discards"
    assert state.current_player == 0 and "keep the hand" not in names(state)
    assert (
        state.question() == "which card player 0 discards before week 2 (8 in hand, at most 7 kept)"
    )
    refused(state, "keep the hand", "the hand holds 8 cards; discard down to 7")
    state.apply(f"discard {card('ALP1')}")
    state.apply(f"discard {card('ALP2')}")  # discarding more is allowed
    state.apply("keep the hand")
    assert state.current_player == 1
    state.apply("keep the hand")
    # 5. the First Player token passes; everyone draws up to seven
    view = state.observation(0)
    assert view["week"] == 2 and view["first_player"] == 1 and state.current_player == CHANCE
    assert [p["hand_size"] for p in view["players"]] == [6, 4]
    assert [p["days_left"] for p in view["players"]] == [7, 7]
    assert view["turn"] == "chance: player 1 draws a Location card (up to 7 for week 2)"
    state.resolve_chance()
    assert state.current_player == 1 and seen(state, 1)["step"] == "Travel"
    assert [p["hand_size"] for p in state.observation(0)["players"]] == [7, 7]


def test_after_week_four_no_discard_and_no_token_pass():
    hands = (("ALP5", *HANDS[0][:6]), HANDS[1])
    write = [WRITE, *(f"discard {card(c)}" for c in ("FRA1", "FRA2", "FRA3"))]
    state = deal(players=3, hands=hands, actions=["start in BRI for free", SKIP])
    state.follow(["start in FRA for free", *write])  # player 1 writes: Income track 1
    end(state)
    pass_turn(state)  # player 2
    firsts = []
    for _ in range(3):
        finish_week(state)
        keep_all(state)
        firsts.append(state.observation(0)["first_player"])
    assert firsts == [1, 2, 0] and state.observation(0)["week"] == 4
    assert [view["income_track"] for view in state.observation(0)["players"]] == [0, 1, 0]
    # Week 4: player 0 flies to ALP and visits the Jungfrau Railway: 2 cards drawn, 8 in hand.
    state.follow(["fly to ALP for 4 Coins", "visit ALP5 (Jungfrau Railway)"])
    state.resolve_chance()
    assert seen(state)["hand_size"] == 8
    coins = [res[0] for res in (resources(state, p) for p in range(3))]
    finish_week(state)
    assert state.current_player == TERMINAL and state.observation(0)["phase"] == "game over"
    view = state.observation(0)
    # Income is paid (2 Coins, and 1 more for player 1's track), nobody discards, the token stays.
    assert [resources(state, p)[0] for p in range(3)] == [coins[0] + 2, coins[1] + 3, coins[2] + 2]
    assert view["players"][0]["hand_size"] == 8 and view["first_player"] == 0
    assert len(view["festivals"]) == 2  # no Festival refresh


def test_region_scoring_counts_insider_tip_discs_double():
    discards = [f"discard {card(c)}" for c in ("BRI1", "BRI2", "BRI3")]
    draws = [f"player 0 draws {card(c)}" for c in ("ALP1", "ALP2", "ALP3")]
    hands = (HANDS[0], ("IBE3", "IBE4", "IBE5", "FRA1", "FRA2", "FRA3", "FRA4"))
    # Monday's disc in IBE; Plan turns Tuesday's disc to its Insider Tip side.
    state = deal(hands=hands, actions=["start in IBE for free", PLAN, *discards, *draws])
    state.follow(["start in IBE for free", "visit IBE3 (Alhambra) spending 1 Excitement"])
    end(state)  # player 1: 1 day; no Excitement is left to pay for Alhambra's points
    state.follow(["stay in IBE", "visit IBE1 (Tapas in Seville)"])  # Tuesday, Insider Tip: 2
    state.follow(["stay in IBE", "visit IBE4 (Picos de Europa)"])  # player 1: Tue to Thu: 1
    finish_week(state)
    assert [sheet.line("Region scoring") for sheet in state.scores()] == [3, 1]


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    # Four players plan on Monday and Tuesday: 28 cards dealt, 22 left; the eighth Plan draws
    # the last card of the deck, then from the discard pile.
    state = deal(players=4)
    for player in range(4):
        state.follow([f"start in {CODES[player]} for free", PLAN])
        discard_first(state, 3)
        state.resolve_chance()
        end(state)
    for player in range(3):
        state.follow([f"stay in {CODES[player]}", PLAN])
        discard_first(state, 3)
        state.resolve_chance()
        end(state)
    state.follow(["stay in BEN", PLAN])
    discard_first(state, 3)
    assert state.observation(3)["deck_size"] == 1
    state.apply(state.sample_chance())
    view = state.observation(3)
    assert view["deck_size"] == 0 and len(view["discard_pile"]) == 24
    drawn = [str(a)[len("player 3 draws ") :] for a in state.legal_actions()]
    assert drawn == view["discard_pile"]  # the draws come from the discard pile
    state.apply(state.legal_actions()[5])
    view = state.observation(3)
    assert view["deck_size"] == 23 and view["discard_pile"] == []
    state.resolve_chance()
    assert view["players"][3]["hand_size"] == 6 and seen(state, 3)["hand_size"] == 7


def test_draws_from_an_empty_deck_and_discard_pile_are_lost(small_deck):
    # A solo game with an eight-card deck: seven in hand, one in the deck; Jungfrau Railway
    # draws two cards: the last one of the deck, and none.
    hand = ["ALP5", "ALP1", "ALP2", "ALP3", "ALP4", "ITA1", "ITA2"]
    game = small_deck([*hand, "ITA3"])
    visit = ["start in ALP for free", "visit ALP5 (Jungfrau Railway)"]
    state = setup(game, hands=[hand], actions=visit)
    view = seen(state)
    assert view["deck_size"] == 0 and view["discard_pile"] == [] and state.current_player == 0
    assert view["hand"] == [card(c) for c in ("ALP1", "ALP2", "ALP3", "ALP4", "ITA1", "ITA2")] + [
        card("ITA3")
    ]  # 7 - 1 visited + 1 drawn; the second draw is lost


def test_points_go_to_the_lines_of_what_gave_them():
    state = deal(festivals=("BRI", "GER"), actions=["start in BRI for free"])
    state.follow(["visit BRI2 (Soho Nights)", EFFECT_FIRST])  # Monday: 2 points, 1 Local
    state.apply("use the Local tile in BRI paying 1 Local")  # 2 points and 1 Energy
    state.apply("attend Proms in BRI paying 1 Excitement")  # 4 points
    lines = {line.label: line.points for line in state.scores()[0].lines}
    assert lines["Locations"] == 2 and lines["Local tiles"] == 2 and lines["Festivals"] == 4
    assert lines["Bucket Lists"] == 0 and lines["Region scoring"] == 0
