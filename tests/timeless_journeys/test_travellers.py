"""Each Famous Traveller's rule in each edition, and the Experience tokens, played out.

The builder places the travellers' portraits in the order given: on Gazette side A round I puts
column 1 in Torino, column 2 in Roma and column 3 in Genova (round II: Milano, Napoli,
Firenze); on side B column 1 is in Milano in round I."""

from __future__ import annotations

import pytest

import kit
from kit.core.bots import play
from kit.timeless_journeys.bots import GreedyBot
from tests.timeless_journeys.helpers import (
    EXPLORE,
    IDEAS,
    LETTER,
    MOVE,
    MOVE2,
    TALK,
    WRITE_CAFE,
    build,
    coins,
    do,
    names,
    up,
)

HAND = [MOVE, MOVE2, EXPLORE, TALK, LETTER, IDEAS, WRITE_CAFE]


def coin_turns(*cards: str) -> list[str]:
    return [name for card in cards for name in coins(card)]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_addison_exploration_in_his_city(edition):
    state = build(
        edition=edition,
        travellers=("addison", "craven", "twain"),
        actions=[*up(EXPLORE), "take Exploration tile Torino-1 in Torino"],
    )
    assert state.vp[0] == 1


def letter_to_torino(edition):
    """A Letter marker in Torino (Addison's city), then a letter to it from Piedmont Plain."""
    return build(
        edition=edition,
        travellers=("addison", "craven", "twain"),
        actions=[
            *up(TALK),
            "talk to the left local in Torino",
            "place a Letter marker under the left local in Torino",
            *up(MOVE),
            "move to Piedmont Plain for free",
            "play the Letter card face up",
            "activate the Letter card",
            "send a letter to the left local in Torino",
        ],
    )


@pytest.mark.parametrize(("edition", "vp"), [("en", 1), ("ja", 2)])
def test_addison_letter_to_his_city_counts_only_in_japanese(edition, vp):
    """The conversation in his city counts in both; the letter sent to it only in Japanese."""
    assert letter_to_torino(edition).vp[0] == vp


@pytest.mark.parametrize(("edition", "vp"), [("en", 1), ("ja", 0)])
def test_addison_letter_sent_from_his_city_counts_only_in_english(edition, vp):
    state = build(
        edition=edition,
        travellers=("addison", "craven", "twain"),
        actions=[
            *up(MOVE),
            "move to Milano for 1 coin",
            *up(TALK),
            "talk to the left local in Milano",
            "gain an Art idea",
            "place a Letter marker under the left local in Milano",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Piedmont Plain for free",
            "activate the Movement card",
            "move to Torino for free",
            "play the Letter card face up",
            "activate the Letter card",
            "send a letter to the left local in Milano",
            "gain an Art idea",
        ],
    )
    assert state.loc[0] == "Torino" and state.vp[0] == vp


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_montagu_two_ideas_or_three_vp_at_the_end_of_the_round(edition):
    """Two players; player 1 leaves Torino, Lady Montagu's city."""
    turns = []
    for card in (MOVE2, EXPLORE, TALK, LETTER, IDEAS):
        turns += coins(card)
        turns += [*up(MOVE), "move to Asti Hills for free"] if card == MOVE2 else coins(card)
    state = build(players=2, edition=edition, travellers=("montagu", "shelley", "craven"))
    do(state, *turns)
    assert state.question() == "which reward of Lady Montagu to take: 2 ideas or 3 VP"
    assert state.current_player == 0 and state.phase == "Famous Travellers"
    assert names(state)[0] == "gain 2 Art ideas from Lady Montagu"
    assert names(state)[-1] == "score 3 VP from Lady Montagu" and len(names(state)) == 11
    do(state, "gain a History idea and a Philosophy idea from Lady Montagu")
    assert state.ideas[0] == [0, 1, 0, 1] and state.phase == "Market"


SCIENCE_AND_ART_IN_MILANO = [
    *up(MOVE),
    "move to Milano for 1 coin",
    "play the Exploration card face up",
    "activate the Exploration card",
    "take Exploration tile Milano-1 in Milano",
    "use Exploration tile Milano-1",  # a Science idea
    "end the chain",
    *up(IDEAS),
]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_montesquieu_adds_four_vp_to_cafes_in_his_city(edition):
    state = build(
        edition=edition,
        side="B",
        travellers=("montesquieu", "shelley", "craven"),
        actions=[
            *SCIENCE_AND_ART_IN_MILANO,
            "play the second Movement card face up",
            "activate the Exploration card",
            "take the city reward of Milano",
            "gain a Science idea",
            "end the chain",
            "play the Journal and Café card face up",
            "activate the Journal and Café card",
            "discuss in a café",
        ],
    )
    assert names(state) == [
        "discuss in café 1 of Milano, paying an Art idea and 2 Science ideas, for 10 VP",
        "skip",
    ]
    do(state, names(state)[0])
    assert state.vp[0] == 6 + 4


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_craven_cafes_in_her_city_cost_one_idea_less(edition):
    """Milano's café 1 costs an Art and 2 Science ideas; in Lady Craven's city one less: 2
    Science, or an Art and a Science idea."""
    state = build(
        edition=edition,
        side="B",
        travellers=("craven", "shelley", "montesquieu"),
        actions=[
            *SCIENCE_AND_ART_IN_MILANO,
            "play the Journal and Café card face up",
            "activate the Journal and Café card",
            "discuss in a café",
        ],
    )
    assert names(state) == [
        "discuss in café 1 of Milano, paying an Art idea and a Science idea, for 6 VP",
        "skip",
    ]


@pytest.mark.parametrize(("edition", "vp"), [("en", [7, 0]), ("ja", [7, 6])])
def test_goethe_one_vp_per_coin_up_to_seven(edition, vp):
    """Player 0 stays in Torino, Goethe's city, with 11 coins; player 1 leaves with 6."""
    player_1 = [
        [*up(MOVE), "move to Asti Hills for free"],
        coins(EXPLORE),
        coins(TALK),
        ["play the Ideas card face up", "end the chain"],
        ["play the Journal and Café card face up", "end the chain"],
    ]
    turns = [
        name
        for card, other in zip(HAND[:5], player_1, strict=True)
        for name in [*coins(card), *other]
    ]
    state = build(players=2, edition=edition, travellers=("goethe", "shelley", "craven"))
    do(state, *turns)
    assert state.coins == [11, 6] and state.vp == vp


def lebrun_game(players=3, edition="en", paintings=("Allegory", "Allegory", "Queen")):
    return dict(
        players=players,
        edition=edition,
        travellers=("lebrun", "shelley", "craven"),
        paintings=list(paintings) if edition == "en" else [],
    )


def test_lebrun_english_revealed_taken_without_duplicates_discarded_at_round_end():
    state = build(
        **lebrun_game(), actions=[*up(EXPLORE), "take Exploration tile Torino-1 in Torino"]
    )
    assert state.revealed == ["Allegory", "Allegory", "Queen"]
    assert state.question() == "which Painting to take (Vigée Le Brun)"
    assert names(state) == [
        "take the Allegory painting",
        "take the Queen painting",
        "take no painting",
    ]
    do(state, "take the Allegory painting", "end the turn", *coins(MOVE), *coins(MOVE))
    assert state.paintings[0] == ["Allegory"] and state.revealed == ["Allegory", "Queen"]
    # exploring again: the city reward first, then the Queen only (no second Allegory)
    do(state, "play the Movement card face up", "activate the Exploration card")
    do(state, "take the city reward of Torino", "take 2 coins")
    assert names(state) == ["take the Queen painting", "take no painting"]
    do(state, "take no painting", "end the chain", "end the turn")
    do(state, *coins(EXPLORE), *coins(EXPLORE))
    for card in (TALK, LETTER, IDEAS):  # player 0 keeps the tile for later
        do(state, *coins(card), "end the turn", *coins(card), *coins(card))
    do(state, "take no card")  # player 0's Market phase: travel and face-down cards
    state.resolve_chance()
    assert state.round == 1 and state.painting_discard == ["Allegory", "Queen"]
    assert len(state.revealed) == 3 and state.paintings[0] == ["Allegory"]


@pytest.mark.parametrize("players", [1, 2])
def test_lebrun_two_players_remove_one_of_each_and_reveal_two(players):
    """One player uses the two-player numbers, as every other unprinted one-player value."""
    state = build(**lebrun_game(players, paintings=()))
    assert len(state.revealed) == 2
    assert sum(state.painting_pile.values()) + len(state.revealed) == 10
    assert all(count <= 2 for count in state.painting_pile.values())


@pytest.mark.parametrize(("edition", "values"), [("en", [1, 3]), ("ja", [3, 6])])
def test_lebrun_paintings_score_by_edition(edition, values):
    """Exploring her city twice in a round (a chain of two travel cards) gives two different
    Paintings; the English values are 1/3/7/13/20, the Japanese 3/6/10/16/24."""
    state = build(
        **lebrun_game(1, edition, paintings=("Allegory", "Queen")),
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "take the Allegory painting",
            "end the turn",
        ],
    )
    assert state.scores()[0].line("Le Brun paintings") == values[0]
    do(state, "play the Movement card face up", "activate the Exploration card")
    do(state, "take the city reward of Torino", "take 2 coins", "take the Queen painting")
    assert state.scores()[0].line("Le Brun paintings") == values[1]
    assert list(state.edition.lebrun_values[:2]) == values


def test_lebrun_japanese_take_any_painting_when_exploring_her_city():
    state = build(
        **lebrun_game(1, "ja"), actions=[*up(EXPLORE), "take Exploration tile Torino-1 in Torino"]
    )
    assert state.revealed == []
    assert names(state) == [
        "take the Allegory painting",
        "take the Landscape painting",
        "take the Portrait painting",
        "take the Queen painting",
        "take the Self-portrait painting",
        "take no painting",
    ]
    do(state, "take the Queen painting")
    assert state.painting_pile["Queen"] == 2 and state.paintings[0] == ["Queen"]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_byron_pay_three_coins_to_go_to_his_city_at_the_start_of_the_turn(edition):
    state = build(
        edition=edition,
        travellers=("byron", "craven", "twain"),
        actions=[*up(MOVE), "move to Asti Hills for free", *coins(IDEAS)],
    )
    assert "pay 3 coins to go to Torino with Lord Byron" in names(state)
    do(state, "pay 3 coins to go to Torino with Lord Byron")
    assert (state.loc[0], state.coins[0]) == ("Torino", 0)
    assert state.question() == "which card to play, face up or face down"
    do(state, "play the Exploration card face up")
    assert not any("Lord Byron" in n for n in names(state))


def test_byron_still_offered_after_a_tile_is_used_before_the_card():
    state = build(
        travellers=("byron", "craven", "twain"),
        tiles={"Torino": ["Torino-2"]},  # its reward: 2 coins
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-2 in Torino",
            "end the turn",
            *up(MOVE),
            "move to Asti Hills for free",
            "end the chain",
            "end the turn",
        ],
    )
    assert state.coins[0] == 1 and not any("Lord Byron" in n for n in names(state))
    do(state, "use Exploration tile Torino-2", "pay 3 coins to go to Torino with Lord Byron")
    assert (state.loc[0], state.coins[0]) == ("Torino", 0)


KEATS = ("keats", "craven", "twain")


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_keats_two_vp_per_advanced_card_in_his_city_and_one_each_at_round_end(edition):
    state = build(
        edition=edition,
        travellers=KEATS,
        market=[["13", "01"], ["17", "18"], ["33", "34"]],
        actions=[
            "play the Movement card face down",
            "buy card 13 (Level I) for free",
            *up("card 13"),  # 2 coins and 1 VP
        ],
    )
    assert state.vp[0] == 1 + 2 and state.advanced_played[0] == 1
    do(state, *coin_turns(EXPLORE, TALK, IDEAS))
    assert state.phase == "Market" and state.vp[0] == 3 + 1


def test_keats_counts_an_advanced_card_played_face_down():
    state = build(
        travellers=KEATS,
        market=[["13", "01"], ["17", "18"], ["33", "34"]],
        actions=[
            "play the Movement card face down",
            "buy card 13 (Level I) for free",
            *coins("card 13"),
        ],
    )
    assert state.vp[0] == 2 and state.advanced_played[0] == 1


def test_twain_counts_ideas_gained_by_a_trade():
    state = build(
        travellers=("twain", "craven", "montesquieu"),
        market=[["05", "01"], ["17", "18"], ["33", "34"]],
        actions=[
            "play the Movement card face down",
            "buy card 05 (Level I) for free",
            *up(IDEAS),
            "play the Journal and Café card face up",
            "activate the Ideas card",
            "end the chain",
            "play card 05 face up",
            "activate card 05",
            "exchange 2 ideas",
            "exchange an Art idea for a History idea",
            "exchange an Art idea for a Science idea",
        ],
    )
    assert state.vp[0] == 2 * 4 and state.ideas[0] == [0, 1, 1, 0]


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_twain_two_vp_per_idea_gained_in_his_city(edition):
    state = build(edition=edition, travellers=("twain", "craven", "montesquieu"), actions=up(IDEAS))
    assert state.vp[0] == 2
    do(state, *up(MOVE), "move to Asti Hills for free")
    do(state, "play the Journal and Café card face up", "activate the Ideas card")
    assert state.ideas[0] == [2, 0, 0, 0] and state.vp[0] == 2


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_shelley_one_vp_per_idea_written(edition):
    state = build(
        edition=edition,
        travellers=("shelley", "craven", "twain"),
        market=[["06", "01"], ["17", "18"], ["33", "34"]],
        actions=[
            *up(IDEAS),
            "play the Journal and Café card face up",
            "activate the Ideas card",
            "activate the Journal and Café card",
            "write in a Journal",
            "write an Art idea in Journal A1",
            "play the Movement card face down",
            "buy card 06 (Level I) for free",
            "play card 06 face up",
            "activate card 06",
            "write an Art idea in Journal A1",
            "end the chain",
        ],
    )
    assert state.ideas_written(0) == 2 and state.vp[0] == 0
    do(state, *coins(EXPLORE))
    assert state.phase == "Market" and state.vp[0] == 2


BLESSINGTON = ("blessington", "craven", "twain")


def blessington_round(edition):
    """Player 0 stays in Torino (Lady Blessington's city), player 1 goes to Milano (1 space) and
    scores 1 VP, player 2 goes to Genova (2 spaces) with 1 VP."""
    turns = [
        *coins(MOVE),
        *up(MOVE),
        "move to Milano for 1 coin",
        *up(EXPLORE),
        "take Exploration tile Torino-6 in Torino",
        "use Exploration tile Torino-6",  # 1 coin and 1 VP
        *coins(EXPLORE),
        *up(TALK),
        "talk to the right local in Milano",  # 2 coins and 1 VP
        "do nothing more",
        "play the Movement card face up",
        "activate the Movement card",
        "move to Asti Hills for free",
        "end the chain",
        *coin_turns(TALK, LETTER),
        "play the second Movement card face up",
        "activate the second Movement card",
        "move to Genova for free",
        "end the chain",
        *coin_turns(IDEAS, IDEAS, LETTER),
        *coin_turns(LETTER, EXPLORE, IDEAS),
    ]
    state = build(
        players=3,
        edition=edition,
        travellers=BLESSINGTON,
        tiles={"Torino": ["Torino-6", "Torino-1", "Torino-2"]},
    )
    do(state, *turns)
    return state


@pytest.mark.parametrize(("edition", "closest"), [("en", 3), ("ja", 4)])
def test_blessington_closest_gain_farthest_lose_two_never_below_zero(edition, closest):
    state = blessington_round(edition)
    assert state.loc == ["Torino", "Milano", "Genova"]
    assert state.vp == [closest, 1, 0]  # player 2's 1 VP less 2 stops at 0


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_blessington_everyone_equally_far_all_gain(edition):
    state = build(players=3, edition=edition, travellers=BLESSINGTON)
    for card in HAND[:5]:
        do(state, *coin_turns(card, card, card))
    assert state.vp == [state.edition.blessington_closest] * 3


def test_blessington_cannot_be_duelled():
    state = build(travellers=BLESSINGTON, actions=up(TALK))
    meetings = [n for n in names(state) if n.startswith("meet")]
    assert meetings == [
        "meet Lady Blessington in Torino: Elective Affinities in slot 1",
        "meet Lady Blessington in Torino: Lost in Admiration in slot 1",
        "meet Lady Blessington in Torino: A Night to Remember in slot 1",
    ]


@pytest.mark.parametrize("edition, cost", [("en", 2), ("ja", 1)])
def test_dickens_explore_or_discuss_in_his_city_from_anywhere_once_a_turn(edition, cost):
    state = build(
        edition=edition,
        travellers=("craven", "dickens", "twain"),
        tiles={"Roma": ["Roma-1"]},
        actions=[*coins(IDEAS), "end the turn", *coins(EXPLORE), "end the turn"],
    )
    label = f"pay {cost} coin{'s' if cost > 1 else ''} to explore in Roma with Charles Dickens"
    assert label in names(state)
    do(state, label, "take Exploration tile Roma-1 in Roma")
    assert state.tiles[0] == ["Roma-1"] and state.coins[0] == 5 - cost
    assert label not in names(state)  # before the card
    do(state, "play the Movement card face up", "end the chain")
    assert state.current_player == 0
    assert label not in names(state)  # after it


def test_dickens_discussion_offered_only_when_one_can_be_paid_for():
    """Paying Dickens buys a discussion: without the Ideas for one there is nothing to pay for.
    Side B puts column 2 in Venezia in round I; its cafés want Art and History ideas."""
    state = build(
        side="B",
        travellers=("craven", "dickens", "twain"),
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "use Exploration tile Torino-1",  # a Science idea
            *coins(TALK),
        ],
    )
    assert state.where["dickens"] == "Venezia" and state.coins[0] == 3
    assert names(state) == [
        "pay 2 coins to explore in Venezia with Charles Dickens",
        "end the turn",
    ]


def test_dickens_discussion_when_it_can_be_paid_for():
    """Side B, column 1: Dickens in Milano, whose café 1 costs an Art and 2 Science ideas."""
    state = build(
        side="B",
        travellers=("dickens", "craven", "twain"),
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-1 in Torino",
            "use Exploration tile Torino-1",
            "play the Movement card face up",
            "activate the Exploration card",
            "take the city reward of Torino",
            "gain a Science idea",
            "end the chain",
            *coins(TALK),
        ],
    )
    assert "pay 2 coins to discuss in a café in Milano with Charles Dickens" not in names(state)
    do(state, "end the turn", *up(IDEAS))
    do(state, "pay 2 coins to discuss in a café in Milano with Charles Dickens")
    do(state, "discuss in café 1 of Milano, paying an Art idea and 2 Science ideas, for 6 VP")
    assert (state.coins[0], state.vp[0], state.cafes["Milano"][0]) == (1, 6, [0])


def test_meeting_a_traveller_places_a_token_and_gains_the_slot_reward():
    """Side A, column 1 (Lady Montagu, Torino), round I, slot 1: 2 coins."""
    state = build(
        travellers=("montagu", "shelley", "craven"),
        actions=[*up(TALK), "meet Lady Montagu in Torino: A Night to Remember in slot 1"],
    )
    assert state.gazette[0] == [(0, 0, 0, "night")] and state.coins[0] == 3
    assert state.exp[0] == ["affinity", "affinity", "duel", "lost"]


def test_duel_doubles_the_reward_and_closes_the_column_to_that_player():
    state = build(
        travellers=("montagu", "shelley", "craven"),
        actions=[*up(TALK), "meet Lady Montagu in Torino: Duel of Honor in slot 1"],
    )
    assert state.coins[0] == 1 + 2 * 2
    # round II: Lady Montagu is in Milano, and so is the player
    do(state, *up(MOVE), "move to Milano for 1 coin", *coin_turns(EXPLORE, LETTER, IDEAS))
    do(state, "take no card")
    state.resolve_chance()
    assert state.where["montagu"] == "Milano"
    do(state, *up(TALK))
    assert not any(n.startswith("meet") for n in names(state))


def test_occupied_slots_and_player_count_slots():
    quiet = ("montagu", "shelley", "craven")
    state = build(
        players=2,
        travellers=quiet,
        actions=[*coins(MOVE), *up(TALK), "meet Lady Montagu in Torino: Duel of Honor in slot 1"],
    )
    do(state, *up(TALK))  # two players: one slot per row, taken
    assert not any(n.startswith("meet") for n in names(state))
    state = build(players=3, travellers=quiet, actions=up(TALK))
    slots = {n.rsplit(" ", 1)[1] for n in names(state) if n.startswith("meet")}
    assert slots == {"1", "2"}


def lost_game(edition):
    """Round I: a Lost in Admiration token with Mary Shelley (Torino, slot 1: 2 coins), 2 VP from
    tile Torino-3, then three face-down plays."""
    return build(
        edition=edition,
        tiles={"Torino": ["Torino-3"]},
        actions=[
            *up(TALK),
            "meet Mary Shelley in Torino: Lost in Admiration in slot 1",
            *up(EXPLORE),
            "take Exploration tile Torino-3 in Torino",
            "use Exploration tile Torino-3",
            *coin_turns(MOVE, LETTER, IDEAS),
        ],
    )


@pytest.mark.parametrize("edition", ["en", "ja"])
def test_lost_in_admiration_timing_by_edition(edition):
    state = lost_game(edition)
    if edition == "en":  # after the travellers, before the market
        assert state.phase == "Famous Travellers"
    else:  # after the market phase
        do(state, "take no card")
        assert state.phase == "Market"
    assert state.question() == "whether to lose 1 VP to gain the reward again (take 2 coins)"
    assert names(state) == ["lose 1 VP to gain the reward again: take 2 coins", "keep the VP"]
    do(state, "lose 1 VP to gain the reward again: take 2 coins")
    assert (state.vp[0], state.coins[0]) == (1, 3 + 6 + 2)
    if edition == "en":
        do(state, "take no card")
    state.resolve_chance()
    # next round: English never again; Japanese after every Market phase
    do(state, *coin_turns(*HAND[:5]))
    state.resolve_chance()
    asked = state.question().startswith("whether to lose 1 VP")
    assert asked is (edition == "ja") and state.round == (1 if asked else 2)


def test_japanese_lost_in_admiration_also_after_the_last_market_phase():
    state = lost_game("ja")
    do(state, "take no card", "keep the VP")
    for _ in range(4):
        state.resolve_chance()
        do(state, *coin_turns(*HAND[:5]))
        assert state.question().startswith("whether to lose 1 VP")
        do(state, "keep the VP")
    assert state.is_terminal


def test_affinities_and_side_c_first_column_bonus():
    """Side C, column 1 (Lady Montagu, Torino), round I, slot 1: another conversation."""
    state = build(
        side="C",
        travellers=("montagu", "shelley", "craven"),
        actions=[*up(TALK), "meet Lady Montagu in Torino: Elective Affinities in slot 1"],
    )
    assert state.question() == "how to have a conversation"
    do(state, "skip")  # the slot's reward declined; then the first-column bonus, once
    assert state.vp[0] == 3 and state.bonus_taken == [0]
    assert state.scores()[0].line("D. Elective Affinities") == 2


def test_side_c_bonus_is_once_per_player():
    """Round II puts side C's column 1 in Genova: a second token there gives no bonus."""
    state = build(
        side="C",
        travellers=("montagu", "shelley", "craven"),
        actions=[
            *up(TALK),
            "meet Lady Montagu in Torino: Elective Affinities in slot 1",
            "skip",
            *up(MOVE),
            "move to Asti Hills for free",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Genova for free",
            "end the chain",
            *coin_turns(LETTER, IDEAS),
            "take no card",
            *up(TALK),
            "meet Lady Montagu in Genova: A Night to Remember in slot 1",
            "gain an Art idea",  # side C, column 1, round II, slot 1
        ],
    )
    assert state.vp[0] == 3 and state.bonus_taken == [0]
    assert [token[:2] for token in state.gazette[0]] == [(0, 0), (1, 0)]


@pytest.mark.parametrize(("edition", "offered"), [("en", False), ("ja", True)])
def test_reusing_an_exploration_tile_is_the_edition_s_card(edition, offered):
    """Card 42 buys a market card and resolves it at once; the Japanese text also lets it use a
    used Exploration tile again (its card 42 is the English card 46)."""
    state = build(
        edition=edition,
        tiles={"Torino": ["Torino-2"]},  # 2 coins
        market=[["01", "02"], ["17", "18"], ["42", "33"]],
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-2 in Torino",
            "use Exploration tile Torino-2",
            *up(TALK),
            "talk to the left local in Torino",
            "do nothing more",
            *up(IDEAS),
            *coins(MOVE),
            *coins(LETTER),
            "take card 42 (Level III) for free",
            "card 11 is revealed in the market (Level I)",
            *up("card 42"),
            "buy card 11 (Level I) for free",
            "move to Asti Hills for free",  # card 11: 1 coin, then move
        ],
    )
    coins_now = state.coins[0]
    assert ("use Exploration tile Torino-2 again" in names(state)) is offered
    if offered:
        do(state, "use Exploration tile Torino-2 again")
        assert state.coins[0] == coins_now + 2


def test_a_japanese_game_with_dickens_ends_even_for_players_who_love_coins():
    """Unlimited 1-coin uses in a 2-coin city made the greedy bot's turn endless."""
    game = kit.load(
        "timeless_journeys", players=2, seed=0, edition="ja", mode="historical", travellers="D"
    )
    final = play(game.new_game(), [GreedyBot(0, p) for p in range(2)], max_steps=5_000)
    assert final.is_terminal and final.round == 4
    paid = [str(a) for a in final.history if str(a).endswith("with Charles Dickens")]
    assert paid and all(label.startswith("pay 1 coin to ") for label in paid)
