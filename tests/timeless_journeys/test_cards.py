"""A scenario for every listed Advanced card (the reconstructed ones are in
`test_reconstructed_cards`) and for both rewards of every Favour tile.

Cards: round I of a solo game leaves a Letter marker with Torino's left local (FT01: 2 coins)
and with Genova's left local (FT08: a Science or a Philosophy idea), one Art and one Science
idea, and four categories played, so the Market phase gives the card under test; in round II
the player goes to Milano face down (FT07: left an Art or a History idea, right 2 coins and
1 VP; its Friend tile with the left local; tile Milano-1 face down) with 4 coins, then plays the
card, answers its questions in order, and the test checks the position."""

from __future__ import annotations

import pytest

from kit.timeless_journeys.actions import roman
from tests.timeless_journeys.helpers import (
    EXPLORE,
    IDEAS,
    MOVE,
    TALK,
    build,
    coins,
    do,
    names,
    up,
)

FAVOURS_FIXED = {"Torino": "FT01", "Milano": "FT07", "Genova": "FT08"}
ROUND_ONE = [
    *up(TALK),
    "talk to the left local in Torino",
    "place a Letter marker under the left local in Torino",
    *up(MOVE),
    "move to Asti Hills for free",
    "play the second Movement card face down",
    "move to Genova for free",
    "play the Letter card face up",
    "activate the Conversation card",
    "talk to the left local in Genova",
    "gain a Science idea",
    "place a Letter marker under the left local in Genova",
    "activate the Letter card",
    "send a letter to the left local in Torino",
    *up(IDEAS),
]
TO_MILANO = ["play the Exploration card face down", "move to Milano for 1 coin"]
SCIENCE_BY_LETTER = [
    "play the Letter card face up",
    "activate the Letter card",
    "send a letter to the left local in Genova",
    "gain a Science idea",
]
LEVELS = {1: ["01", "02"], 2: ["17", "18"], 3: ["33", "34"]}


def arrangement(card: str, reveal=()):
    """The fixed market (the card under test at its level) and the actions up to the player's
    arrival in Milano in round II; `reveal`: round II's market reveals to fix."""
    level = build().content.advanced[card].level
    market = [
        [card, *[c for c in LEVELS[lv] if c != card][:1]] if lv == level else LEVELS[lv]
        for lv in (1, 2, 3)
    ]
    take = f"take card {card} (Level {roman(level - 1)}) for free"
    return market, [*ROUND_ONE, take, *reveal, *TO_MILANO]


def arrange(card: str, prep=(), reveal=()):
    """The position before `card`'s questions (see the module docstring); `prep`: actions in
    round II before the card is played."""
    market, actions = arrangement(card, reveal)
    return build(
        favours=FAVOURS_FIXED, market=market, actions=[*actions, *prep, *up(f"card {card}")]
    )


def test_the_arranged_position():
    market, actions = arrangement("13")
    state = build(favours=FAVOURS_FIXED, market=market, actions=actions)
    assert (state.round, state.loc[0], state.coins[0], state.vp[0]) == (1, "Milano", 4, 0)
    assert state.ideas[0] == [1, 0, 1, 0] and "13" in state.hand[0]
    assert state.letters["Torino"] == [(0, 0)] and state.letters["Genova"] == [(0, 0)]
    assert state.played[0] == [("explore", False)]


def check(state, expect: dict) -> None:
    genres = state.content.rules.genres
    for key, value in expect.items():
        if key == "ideas":
            assert {g: n for g, n in zip(genres, state.ideas[0], strict=True) if n} == value
        elif key == "hand_has":
            assert value in state.hand[0]
        elif key == "written":
            assert [state.written[0][j][:6] for j in (0, 1)] == value
        else:
            actual = getattr(state, key)[0]
            assert actual == value, (key, actual, value)


ART_SCIENCE = {"art": 1, "science": 1}
WRITTEN_ART = [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
REVEAL_20 = ["card 20 is revealed in the market (Level II)"]
REVEAL_11 = ["card 11 is revealed in the market (Level I)"]
MILANO_CAFE = "discuss in café 1 of Milano, paying an Art idea and 2 Science ideas, for 6 VP"

CARDS = [
    (
        "01",
        (),
        ["move to Po Valley for free", "pay 1 coin to move to Bologna for free"],
        {"loc": "Bologna", "coins": 3},
    ),
    ("02", (), ["take Exploration tile Milano-1 in Milano"], {"tiles": ["Milano-1"], "coins": 5}),
    ("03", (), ["move", "move to Po Valley for free"], {"loc": "Po Valley"}),
    (
        "04",
        (),
        [
            "pay 3 coins to gain 2 ideas of your choice",
            "pay 3 coins to gain an Art idea and a Science idea",
        ],
        {"ideas": {"art": 2, "science": 2}, "coins": 1},
    ),
    (
        "05",
        (),
        [
            "exchange 2 ideas",
            "exchange an Art idea for a History idea",
            "exchange a Science idea for a Philosophy idea",
        ],
        {"ideas": {"history": 1, "philosophy": 1}},
    ),
    (
        "06",
        (),
        ["write an Art idea in Journal A1"],
        {"coins": 5, "written": WRITTEN_ART, "ideas": {"science": 1}},
    ),
    ("07", SCIENCE_BY_LETTER, [MILANO_CAFE], {"vp": 6, "coins": 5, "ideas": {}}),
    (
        "08",
        (),
        ["have a conversation", "talk to the right local in Milano", "do nothing more"],
        {"coins": 6, "vp": 1},
    ),
    (
        "09",
        (),
        [
            "talk to the right local in Milano",
            "place a Letter marker under the right local in Milano",
        ],
        {"coins": 7, "vp": 1},
    ),
    ("10", (), ["send a letter to the left local in Torino"], {"coins": 7}),
    ("11", (), ["move to Torino for 1 coin"], {"coins": 4, "loc": "Torino"}),
    ("12", (), ["gain a Philosophy idea"], {"ideas": {**ART_SCIENCE, "philosophy": 1}}),
    ("13", (), [], {"coins": 6, "vp": 1}),
    (
        "14",
        (),
        ["send a letter to the left local in Genova", "gain a Philosophy idea"],
        {"vp": 1, "ideas": {**ART_SCIENCE, "philosophy": 1}},
    ),
    (
        "17",
        (),
        ["take Exploration tile Milano-1 in Milano", "move to Verona Road for free"],
        {"tiles": ["Milano-1"], "loc": "Verona Road"},
    ),
    ("18", (), ["move to Torino for free"], {"coins": 4, "loc": "Torino"}),
    ("19", (), ["talk to the right local in Milano", "do nothing more"], {"vp": 2, "coins": 6}),
    (
        "20",
        (),
        [
            "take Exploration tile Milano-1 in Milano",
            "take the city reward of Milano",
            "take 2 coins",
        ],
        {"coins": 6, "tiles": ["Milano-1"]},
    ),
    (
        "21",
        (
            *SCIENCE_BY_LETTER,
            "play the Conversation card face up",
            "activate the Conversation card",
            "talk to the left local in Milano",
            "gain an Art idea",
            "do nothing more",
            "end the chain",
        ),
        ["write an Art idea in Journal A1", MILANO_CAFE],
        {"vp": 6, "written": WRITTEN_ART, "ideas": {}},
    ),
    (
        "22",
        (),
        ["gain an idea of your choice", "gain an Art idea"],
        {"ideas": {"art": 2, "science": 1}},
    ),
    ("23", SCIENCE_BY_LETTER, ["discuss in a café", MILANO_CAFE], {"vp": 6, "ideas": {}}),
    (
        "24",
        (),
        [
            "send a letter to the left local in Torino",
            "talk to the right local in Milano",
            "do nothing more",
        ],
        {"coins": 8, "vp": 1},
    ),
    (
        "25",
        (),
        [
            "send a letter to the left local in Torino",
            "pay 1 coin to send a letter to the left local in Genova",
            "gain a Philosophy idea",
        ],
        {"coins": 5, "ideas": {**ART_SCIENCE, "philosophy": 1}},
    ),
    (
        "26",
        (),
        [
            "talk to the right local in Milano",
            "do nothing more",
            "talk to the right local in Milano",
            "do nothing more",
        ],
        {"coins": 8, "vp": 2},
    ),
    (
        "27",
        (),
        ["move to Po Valley for free", "move to Bologna for free"],
        {"coins": 5, "loc": "Bologna"},
    ),
    ("28", (), ["write an Art idea in Journal A1"], {"coins": 6, "written": WRITTEN_ART}),
    ("29", REVEAL_20, ["buy card 20 (Level II) for free"], {"coins": 4, "hand_has": "20"}),
    (
        "30",
        (),
        ["move to Po Valley for free", "move to Bologna for free"],
        {"coins": 4, "loc": "Bologna"},
    ),
    (
        "33",
        (),
        ["move, then move", "move to Po Valley for free", "move to Bologna for free"],
        {"loc": "Bologna"},
    ),
    (
        "34",
        (),
        ["move to Genova for free", "move to Ligurian Coast for free"],
        {"coins": 4, "loc": "Ligurian Coast"},
    ),
    (
        "35",
        (),
        ["take Exploration tile Milano-1 in Milano", "move to Torino for free"],
        {"coins": 4, "loc": "Torino", "tiles": ["Milano-1"]},
    ),
    (
        "36",
        (),
        ["pay 1 coin to gain an Art idea", "write an Art idea in Journal A1"],
        {"coins": 3, "written": WRITTEN_ART, "ideas": ART_SCIENCE},
    ),
    ("37", (), ["gain a Science idea", MILANO_CAFE], {"vp": 6, "ideas": {}}),
    (
        "38",
        (),
        [
            "gain an Art idea",
            "pay 1 coin to write an Art idea in Journal A1",
            "write an Art idea in Journal B1",
        ],
        {"coins": 3, "written": [[1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]]},
    ),
    (
        "39",
        (),
        [
            "send letters to up to 2 different locals",
            "send a letter to the left local in Torino",
            "send a letter to the left local in Genova",
            "gain a Philosophy idea",
        ],
        {"coins": 6, "ideas": {**ART_SCIENCE, "philosophy": 1}, "loc": "Milano"},
    ),
    (
        "40",
        (),
        [
            "pay 1 coin to send a letter to the left local in Torino",
            "send a letter to the left local in Genova",
            "gain a Philosophy idea",
        ],
        {"coins": 5, "ideas": {**ART_SCIENCE, "philosophy": 1}},
    ),
    (
        "41",
        (),
        [
            "send a letter to the left local in Torino",
            "send a letter to the left local in Genova",
            "gain a Science idea",
            "pay 1 coin to talk to the right local in Milano",
            "do nothing more",
        ],
        {"coins": 7, "vp": 1, "ideas": {"art": 1, "science": 2}},
    ),
    (
        "42",
        REVEAL_11,
        ["buy card 11 (Level I) for free", "move to Po Valley for free"],
        {"hand_has": "11", "coins": 5, "loc": "Po Valley"},
    ),
    (
        "43",
        (),
        ["take Exploration tile Milano-1 in Milano", "skip", "move to Po Valley for free"],
        {"tiles": ["Milano-1"], "loc": "Po Valley"},
    ),
    (
        "44",
        (),
        ["send a letter to the right local in Torino"],
        {"coins": 5, "ideas": {"art": 2, "science": 1}},
    ),
]


@pytest.mark.parametrize(("card", "prep", "answers", "expect"), CARDS, ids=[c[0] for c in CARDS])
def test_advanced_card(card, prep, answers, expect):
    reveal = [p for p in prep if "is revealed" in p]
    state = arrange(card, prep=[p for p in prep if p not in reveal], reveal=reveal)
    do(state, *answers)
    check(state, expect)


def test_every_listed_advanced_card_has_a_scenario():
    advanced = build().content.advanced
    listed = [c for c, card in advanced.items() if card.source == "rulebook"]
    assert sorted(c[0] for c in CARDS) == sorted(listed)


def test_second_letter_cannot_go_to_the_same_local():
    state = arrange("39")
    do(
        state,
        "send letters to up to 2 different locals",
        "send a letter to the left local in Torino",
    )
    assert names(state) == ["send a letter to the left local in Genova", "skip"]


def test_card_25_second_letter_may_go_to_the_same_local():
    state = arrange("25")
    do(state, "send a letter to the left local in Torino")
    do(state, "pay 1 coin to send a letter to the left local in Torino")
    assert state.coins[0] == 4 + 2 - 1 + 2


def test_card_05_trades_only_for_another_genre():
    state = arrange("05")
    do(state, "exchange 2 ideas")
    assert names(state) == [
        "exchange an Art idea for a History idea",
        "exchange an Art idea for a Science idea",
        "exchange an Art idea for a Philosophy idea",
        "exchange a Science idea for an Art idea",
        "exchange a Science idea for a History idea",
        "exchange a Science idea for a Philosophy idea",
        "skip",
    ]


# --- Favour tiles ---------------------------------------------------------------------------
# Torino (a back-1 slot) and Milano (back 2) in round I: Exploration tile Torino-3 used for 2 VP,
# an Art idea from the Ideas card, 2 coins from a face-down card, then a conversation.
def favour_position(favour: str, local: str, with_coins: bool = True):
    back = int(favour[2:]) > 6
    city = "Milano" if back else "Torino"
    to_milano = [*up(MOVE), "move to Milano for 1 coin", "end the chain"] if back else []
    face_down = coins("the second Movement card") if with_coins else []
    return build(
        tiles={"Torino": ["Torino-3"]},
        favours={city: favour},
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-3 in Torino",
            "use Exploration tile Torino-3",
            *to_milano,
            *up(IDEAS),
            *face_down,
            *up(TALK),
            f"talk to the {local} local in {city}",
        ],
    )


FAVOURS = [
    ("FT01", "left", [], {"coins": 5}),
    ("FT01", "right", [], {"ideas": {"art": 2}}),
    ("FT02", "left", [], {"ideas": {"art": 1, "science": 1}}),
    ("FT02", "right", ["move to Asti Hills for free"], {"loc": "Asti Hills"}),
    ("FT03", "left", ["pay 1 coin to gain an Art idea"], {"coins": 2, "ideas": {"art": 2}}),
    ("FT03", "right", [], {"ideas": {"art": 1, "history": 1}}),
    ("FT04", "left", [], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT04", "right", ["write an Art idea in Journal A1"], {"written": WRITTEN_ART}),
    ("FT05", "left", ["exchange an Art idea for 3 coins"], {"coins": 6, "ideas": {}}),
    (
        "FT05",
        "right",
        [
            "turn the Exploration card face down to move twice",
            "move to Asti Hills for free",
            "move to Genova for free",
        ],
        {
            "loc": "Genova",
            "played": [("explore", False), ("ideas", True), ("move2", False), ("talk", True)],
        },
    ),
    ("FT06", "left", [], {"coins": 4, "vp": 3}),
    ("FT06", "right", ["lose 1 VP to gain an Art idea"], {"vp": 1, "ideas": {"art": 2}}),
    ("FT07", "left", ["gain a History idea"], {"ideas": {"art": 1, "history": 1}}),
    ("FT07", "right", [], {"coins": 4, "vp": 3}),
    ("FT08", "left", ["gain a Philosophy idea"], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT08", "right", ["buy card 17 (Level II) for 2 coins"], {"coins": 0, "hand_has": "17"}),
    ("FT09", "left", ["gain a Philosophy idea"], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT09", "right", ["move to Po Valley for free"], {"loc": "Po Valley", "vp": 3}),
    ("FT10", "left", ["gain a Science idea"], {"ideas": {"art": 1, "science": 1}}),
    (
        "FT10",
        "right",
        ["pay 2 coins to write an Art idea in Journal A1"],
        {"coins": 0, "written": WRITTEN_ART},
    ),
    (
        "FT11",
        "left",
        ["pay 2 coins to gain a History idea and a Science idea"],
        {"coins": 0, "ideas": {"art": 1, "history": 1, "science": 1}},
    ),
    ("FT11", "right", ["pay 2 coins to score 3 VP"], {"coins": 0, "vp": 5}),
]


@pytest.mark.parametrize(
    ("favour", "local", "answers", "expect"),
    FAVOURS,
    ids=[f"{f}-{local}" for f, local, _, _ in FAVOURS],
)
def test_favour_tile(favour, local, answers, expect):
    state = favour_position(favour, local)
    do(state, *answers)
    check(state, expect)


def test_paid_step_is_not_offered_without_the_coins():
    """FT11's left local asks 2 coins for two different ideas: without them it gives nothing,
    and the conversation goes on to the Friend tile and the Letter marker."""
    state = favour_position("FT11", "left", with_coins=False)
    assert state.coins[0] == 0 and state.ideas[0] == [1, 0, 0, 0]
    assert names(state) == [
        "take the Friend tile of Milano",
        "place a Letter marker under the left local in Milano",
        "do nothing more",
    ]


FT12_ROUND_ONE = [
    *up(IDEAS),
    *coins(EXPLORE),
    "play the Letter card face down",
    "buy card 03 (Level I) for free",
    *up(MOVE),
    "move to Milano for 1 coin",
    "play the Journal and Café card face up",
    "activate the Ideas card",
    "end the chain",
    "take card 12 (Level I) for free",
    "discard the second Movement card to the box",  # 9 cards come back
]


def ft12(*actions: str):
    return build(
        favours={"Milano": "FT12"},
        market=[["03", "12"], ["17", "18"], ["33", "34"]],
        actions=[*FT12_ROUND_ONE, *actions],
    )


def test_ft12_left_removes_a_level_one_card_for_two_coins_and_three_vp():
    state = ft12(*up(TALK), "talk to the left local in Milano")
    assert len(state.hand[0]) == 7
    assert names(state) == [
        "remove card 03 from the game to take 2 coins and score 3 VP",
        "remove card 12 from the game to take 2 coins and score 3 VP",
        "skip",
    ]
    do(state, "remove card 03 from the game to take 2 coins and score 3 VP")
    assert (state.coins[0], state.vp[0]) == (2 + 2, 3)
    assert state.box == ["03", "move2"] and "03" not in state.hand[0]


def test_ft12_right_discusses_in_a_cafe_of_any_city():
    state = ft12(
        *up("card 12"), "gain a History idea", *up(TALK), "talk to the right local in Milano"
    )
    assert "discuss in café 1 of Venezia, paying 2 Art ideas and a History idea, for 6 VP" in names(
        state
    )
    do(state, "discuss in café 1 of Venezia, paying 2 Art ideas and a History idea, for 6 VP")
    assert state.vp[0] == 6 and state.cafes["Venezia"] == [[0], []]


def test_ft12_keeps_at_least_five_cards_in_hand():
    """Talking at the third play of round I leaves 5 cards in hand: removing one would leave 4."""
    state = build(
        favours={"Milano": "FT12"},
        market=[["03", "12"], ["17", "18"], ["33", "34"]],
        actions=[
            "play the Letter card face down",
            "buy card 03 (Level I) for free",
            *up(MOVE),
            "move to Milano for 1 coin",
            *up(TALK),
            "talk to the left local in Milano",
        ],
    )
    assert len(state.hand[0]) == 5
    assert not any(n.startswith("remove") for n in names(state))
    assert names(state)[0] == "take the Friend tile of Milano"
