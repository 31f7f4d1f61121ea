"""A scenario for every listed Advanced card and for both rewards of every Favour tile.

Player 0 stands in Milano (Favour FT07: left Art or History / right 2 coins and 1 VP; its Friend
tile with the left local) with 5 coins; the market shows 01 02 / 17 18 / 33 34. Each case plays a
card (or talks to a local), answers the questions in order, and checks the position."""

from __future__ import annotations

import pytest

from tests.timeless_journeys.helpers import do, give, names, play_and_activate, refresh, setup

QUIET = ("craven", "montesquieu", "twain")  # in Torino, Roma and Genova in round I
ART, HISTORY, SCIENCE, PHILOSOPHY = "Art", "History", "Science", "Philosophy"


def arrange(ideas=None, letters=None, vp=0, hand_extra=()):
    state = setup(travellers=QUIET)
    for city, markers in (letters or {}).items():
        state.letters[city] = markers
    state.vp[0] = vp
    give(state, loc="Milano", coins=5, ideas=ideas or {}, hand=[*state.hand[0], *hand_extra])
    return state


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


ROMA = {"Roma": [(0, 0)]}  # Roma's left local (FT04: 1 Philosophy) holds a Letter marker
TWO = {"Roma": [(0, 0)], "Venezia": [(0, 1)]}  # and Venezia's right local (FT02: move)
THREE = {"Roma": [(0, 0)], "Venezia": [(0, 1)], "Torino": [(0, 0)]}  # Torino left: 2 coins
WRITTEN_ART = [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]

CARDS = [
    (
        "01",
        {},
        ["move to Po Valley (0 coins)", "pay 1 coin: move to Bologna (0 coins)"],
        {"loc": "Bologna", "coins": 4},
    ),
    ("02", {}, ["take tile Milano-1 in Milano"], {"tiles": ["Milano-1"], "coins": 6}),
    ("03", {}, ["choose move", "move to Po Valley (0 coins)"], {"loc": "Po Valley"}),
    (
        "04",
        {},
        ["choose 3$idea_any:2", f"pay 3 coins: take {ART} + {SCIENCE}"],
        {"ideas": {"art": 1, "science": 1}, "coins": 2},
    ),
    (
        "05",
        {"ideas": {"art": 2}},
        ["choose exchange:2", "trade 1 Art for 1 History", "trade 1 Art for 1 Science"],
        {"ideas": {"history": 1, "science": 1}},
    ),
    (
        "06",
        {"ideas": {"art": 1}},
        ["write 1 Art in journal A1"],
        {"coins": 6, "written": WRITTEN_ART},
    ),
    (
        "07",
        {"ideas": {"science": 2, "art": 1}},
        ["discuss in Milano café 1 paying 1 Art, 2 Science for 6 VP"],
        {"vp": 6, "coins": 6, "ideas": {}},
    ),
    (
        "08",
        {},
        ["choose talk", "talk to the right local in Milano", "nothing more"],
        {"coins": 7, "vp": 1},
    ),
    (
        "09",
        {},
        [
            "talk to the right local in Milano",
            "place a Letter marker under the right local in Milano",
        ],
        {"coins": 8, "vp": 1},
    ),
    (
        "10",
        {"letters": ROMA},
        ["send a letter to the left local in Roma"],
        {"coins": 6, "ideas": {"philosophy": 1}},
    ),
    ("11", {}, ["move to Torino (1 coin)"], {"coins": 5, "loc": "Torino"}),
    ("12", {}, [f"take {PHILOSOPHY}"], {"ideas": {"philosophy": 1}}),
    ("13", {}, [], {"coins": 7, "vp": 1}),
    (
        "14",
        {"letters": ROMA},
        ["send a letter to the left local in Roma"],
        {"vp": 1, "ideas": {"philosophy": 1}},
    ),
    (
        "17",
        {},
        ["take tile Milano-2 in Milano", "move to Verona Road (0 coins)"],
        {"tiles": ["Milano-2"], "loc": "Verona Road"},
    ),
    ("18", {}, ["move to Torino (0 coins)"], {"coins": 5, "loc": "Torino"}),
    ("19", {}, ["talk to the right local in Milano", "nothing more"], {"vp": 2, "coins": 7}),
    (
        "20",
        {},
        ["take tile Milano-1 in Milano", "take the city reward of Milano", "choose coins:2"],
        {"coins": 7, "tiles": ["Milano-1"]},
    ),
    (
        "21",
        {"ideas": {"science": 2, "art": 2}},
        ["write 1 Art in journal A1", "discuss in Milano café 1 paying 1 Art, 2 Science for 6 VP"],
        {"vp": 6, "written": WRITTEN_ART},
    ),
    ("22", {}, ["choose idea_any", f"take {ART}"], {"ideas": {"art": 1}}),
    (
        "23",
        {"ideas": {"science": 2, "art": 1}},
        ["choose cafe", "discuss in Milano café 1 paying 1 Art, 2 Science for 6 VP"],
        {"vp": 6},
    ),
    (
        "24",
        {"letters": ROMA},
        [
            "send a letter to the left local in Roma",
            "talk to the right local in Milano",
            "nothing more",
        ],
        {"ideas": {"philosophy": 1}, "coins": 7, "vp": 1},
    ),
    (
        "25",
        {"letters": TWO},
        [
            "send a letter to the left local in Roma",
            "pay 1 coin: send a letter to the right local in Venezia",
            "move to Po Valley (0 coins)",
        ],
        {"coins": 4, "loc": "Po Valley", "ideas": {"philosophy": 1}},
    ),
    (
        "26",
        {},
        [
            "talk to the right local in Milano",
            "nothing more",
            "talk to the right local in Milano",
            "nothing more",
        ],
        {"coins": 9, "vp": 2},
    ),
    (
        "27",
        {},
        ["move to Po Valley (0 coins)", "move to Bologna (0 coins)"],
        {"coins": 6, "loc": "Bologna"},
    ),
    (
        "28",
        {"ideas": {"art": 1}},
        ["write 1 Art in journal A1"],
        {"coins": 7, "written": WRITTEN_ART},
    ),
    ("29", {}, ["buy 17 (Level II) for 0 coins"], {"coins": 5, "hand_has": "17"}),
    (
        "30",
        {},
        ["move to Po Valley (0 coins)", "move to Bologna (0 coins)"],
        {"coins": 5, "loc": "Bologna"},
    ),
    (
        "33",
        {},
        ["choose move + move", "move to Po Valley (0 coins)", "move to Bologna (0 coins)"],
        {"loc": "Bologna"},
    ),
    (
        "34",
        {},
        ["move to Genova (0 coins)", "move to Ligurian Coast (0 coins)"],
        {"coins": 5, "loc": "Ligurian Coast"},
    ),
    (
        "35",
        {},
        ["take tile Milano-1 in Milano", "move to Torino (0 coins)"],
        {"coins": 5, "loc": "Torino", "tiles": ["Milano-1"]},
    ),
    (
        "36",
        {},
        [f"pay 1 coin: take {ART}", "write 1 Art in journal A1"],
        {"coins": 4, "written": WRITTEN_ART},
    ),
    (
        "37",
        {"ideas": {"science": 2}},
        [f"take {ART}", "discuss in Milano café 1 paying 1 Art, 2 Science for 6 VP"],
        {"vp": 6, "ideas": {}},
    ),
    (
        "38",
        {"ideas": {"art": 1}},
        [f"take {ART}", "pay 1 coin: write 1 Art in journal A1", "write 1 Art in journal B1"],
        {"coins": 4, "written": [[1, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]]},
    ),
    (
        "39",
        {"letters": TWO},
        [
            "choose letters:2",
            "send a letter to the left local in Roma",
            "send a letter to the right local in Venezia",
            "skip",
        ],
        {"ideas": {"philosophy": 1}, "loc": "Milano"},
    ),
    (
        "40",
        {"letters": THREE},
        [
            "pay 1 coin: send a letter to the left local in Roma",
            "send a letter to the left local in Torino",
            "send a letter to the right local in Venezia",
            "skip",
        ],
        {"coins": 6, "ideas": {"philosophy": 1}},
    ),
    (
        "41",
        {"letters": ROMA},
        [
            "send a letter to the left local in Roma",
            "pay 1 coin: talk to the right local in Milano",
            "nothing more",
        ],
        {"coins": 6, "vp": 1, "ideas": {"philosophy": 1}},
    ),
    (
        "42",
        {},
        ["buy 01 (Level I) for 0 coins", "move to Po Valley (0 coins)", "skip"],
        {"hand_has": "01", "loc": "Po Valley"},
    ),
    (
        "43",
        {},
        ["take tile Milano-1 in Milano", "skip", "move to Po Valley (0 coins)"],
        {"tiles": ["Milano-1"], "loc": "Po Valley"},
    ),
    (
        "44",
        {},
        ["send a letter to the left local in Roma"],
        {"coins": 6, "ideas": {"philosophy": 1}},
    ),
]


@pytest.mark.parametrize(("card", "given", "answers", "expect"), CARDS, ids=[c[0] for c in CARDS])
def test_advanced_card(card, given, answers, expect):
    state = arrange(**given)
    play_and_activate(state, card)
    do(state, *answers)
    check(state, expect)


def test_every_listed_advanced_card_has_a_scenario():
    state = setup()
    assert sorted(c[0] for c in CARDS) == sorted(state.content.advanced)


def test_second_letter_cannot_go_to_the_same_local():
    state = arrange(letters=ROMA)
    play_and_activate(state, "39")
    do(state, "choose letters:2", "send a letter to the left local in Roma")
    assert state.current_player == 1  # no other local: the second letter passes


def test_card_25_second_letter_may_go_to_the_same_local():
    state = arrange(letters=ROMA)
    play_and_activate(state, "25")
    do(state, "send a letter to the left local in Roma")
    do(state, "pay 1 coin: send a letter to the left local in Roma")
    assert state.ideas[0] == [0, 0, 0, 2] and state.coins[0] == 4


def test_card_05_trades_only_for_another_genre():
    state = arrange(ideas={"art": 2})
    play_and_activate(state, "05")
    do(state, "choose exchange:2")
    assert not any(n.startswith("trade 1 Art for 1 Art") for n in names(state))
    assert names(state)[:3] == [
        "trade 1 Art for 1 History",
        "trade 1 Art for 1 Science",
        "trade 1 Art for 1 Philosophy",
    ]


def test_ft05_card_turned_face_down_counts_as_face_down_and_leaves_the_chain():
    from kit.timeless_journeys.phases import categories_played

    state = arrange()
    state.favour["Milano"] = "FT05"
    give(state, played=[("move", True)], hand=[*state.hand[0], "11"])
    play_and_activate(state, "talk")
    do(state, "talk to the right local in Milano", "turn move face down and move 2")
    do(state, "skip", "skip")
    assert state.played[0] == [("move", False), ("talk", True)]
    assert categories_played(state, 0) == 2  # friendship + face-down
    do(state, *(["nothing more"] if "nothing more" in names(state) else []))
    while state.current_player == 0:
        do(state, names(state)[-1])
    state.stack[-1] = ("turn", 0, False)
    refresh(state)
    do(state, "play 11 face up")
    assert names(state) == ["activate 11", "end the chain"]  # the move card is face down


def test_paid_step_is_not_offered_without_the_coins():
    state = arrange()
    state.coins[0] = 0
    refresh(state)
    play_and_activate(state, "40")
    assert state.current_player == 1 and state.coins[0] == 0


FAVOURS = [
    ("FT01", 0, [], {"coins": 7}),
    ("FT01", 1, [], {"ideas": {"art": 2}}),
    ("FT02", 0, [], {"ideas": {"art": 1, "science": 1}}),
    ("FT02", 1, ["move to Po Valley (0 coins)"], {"loc": "Po Valley"}),
    ("FT03", 0, [f"pay 1 coin: take {ART}"], {"coins": 4, "ideas": {"art": 2}}),
    ("FT03", 1, [], {"ideas": {"art": 1, "history": 1}}),
    ("FT04", 0, [], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT04", 1, ["write 1 Art in journal A1"], {"written": WRITTEN_ART}),
    ("FT05", 0, ["trade 1 Art for 3 coins"], {"coins": 8, "ideas": {}}),
    (
        "FT05",
        1,
        [
            "turn talk face down and move 2",
            "move to Po Valley (0 coins)",
            "move to Bologna (0 coins)",
        ],
        {"loc": "Bologna", "played": [("talk", False)]},
    ),
    ("FT06", 0, [], {"coins": 6, "vp": 3}),
    ("FT06", 1, [f"lose 1 VP: take {ART}"], {"vp": 1, "ideas": {"art": 2}}),
    ("FT07", 0, ["take 1 History"], {"ideas": {"art": 1, "history": 1}}),
    ("FT07", 1, [], {"coins": 7, "vp": 3}),
    ("FT08", 0, ["take 1 Philosophy"], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT08", 1, ["buy 17 (Level II) for 2 coins"], {"coins": 3, "hand_has": "17"}),
    ("FT09", 0, ["take 1 Philosophy"], {"ideas": {"art": 1, "philosophy": 1}}),
    ("FT09", 1, ["move to Po Valley (0 coins)"], {"loc": "Po Valley", "vp": 3}),
    ("FT10", 0, ["take 1 Science"], {"ideas": {"art": 1, "science": 1}}),
    ("FT10", 1, ["pay 2 coins: write 1 Art in journal A1"], {"coins": 3, "written": WRITTEN_ART}),
    (
        "FT11",
        0,
        [f"pay 2 coins: take {HISTORY} + {SCIENCE}"],
        {"coins": 3, "ideas": {"art": 1, "history": 1, "science": 1}},
    ),
    ("FT11", 1, ["pay 2 coins: take 3 VP"], {"coins": 3, "vp": 5}),
    ("FT12", 0, ["remove 03 from the game for 2 coins and 3 VP"], {"coins": 7, "vp": 5}),
    (
        "FT12",
        1,
        ["discuss in Napoli café 1 paying 1 Art, 2 Philosophy for 6 VP"],
        {"vp": 8, "ideas": {}},
    ),
]


@pytest.mark.parametrize(
    ("favour", "side", "answers", "expect"),
    FAVOURS,
    ids=[f"{f}-{'LR'[s]}" for f, s, _, _ in FAVOURS],
)
def test_favour_tile(favour, side, answers, expect):
    ideas = {"art": 1}
    if favour == "FT12" and side == 1:
        ideas = {"art": 1, "philosophy": 2}
    state = arrange(ideas=ideas, vp=2, hand_extra=("03",))
    state.favour["Milano"] = favour
    play_and_activate(state, "talk")
    local = ("left", "right")[side]
    do(state, f"talk to the {local} local in Milano", *answers)
    if "nothing more" in names(state):
        do(state, "nothing more")
    check(state, expect)
    if favour == "FT12" and side == 0:
        assert state.box == ["03"] and "03" not in state.hand[0]


def test_ft12_keeps_at_least_five_cards_in_hand():
    state = arrange(hand_extra=("03",))
    state.hand[0] = ["03", "explore", "ideas", "letter", "talk"]
    state.favour["Milano"] = "FT12"
    refresh(state)
    play_and_activate(state, "talk")
    do(state, "talk to the left local in Milano")
    assert not any(n.startswith("remove") for n in names(state))
