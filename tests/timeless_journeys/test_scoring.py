"""Final scoring: the Journal table, Exploration tiles, Advanced cards, Elective Affinities,
majorities and the tie-break, on positions reached by play, and a whole game's score sheet."""

from __future__ import annotations

import kit
from kit.core import TERMINAL, ranking
from kit.core.bots import RandomBot, play
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
    up,
)


def line(state, label: str, player: int = 0) -> int:
    return state.scores()[player].line(label)


def test_journal_table_with_the_printed_values():
    """Only 5 filled -> 12 VP and 7 filled -> 21 VP are printed; two Art ideas written in
    Journal A1 score the table's 2 filled -> 3 VP."""
    state = build(
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
            *up("card 06"),
            "write an Art idea in Journal A1",
        ],
    )
    table = state.content.journal_scores
    assert (table[5], table[7]) == (12, 21)
    assert line(state, "B. Travel Journals") == table[2] == 3


def test_exploration_tiles_count_including_those_in_journals():
    """Three tiles (Torino, Milano, Genova), one of them written in a Journal: 6 VP."""
    state = build(
        tiles={"Torino": ["Torino-2"], "Milano": ["Milano-1"], "Genova": ["Genova-1"]},
        actions=[
            *up(EXPLORE),
            "take Exploration tile Torino-2 in Torino",
            "use Exploration tile Torino-2",  # 2 coins
            "play the Movement card face up",
            "activate the Movement card",
            "move to Milano for 1 coin",
            "activate the Exploration card",
            "take Exploration tile Milano-1 in Milano",
            "end the turn",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Genova for 1 coin",
            "activate the Exploration card",
            "take Exploration tile Genova-1 in Genova",
            "end the chain",
            "end the turn",
            *up(WRITE_CAFE),
            "write in a Journal",
            "write Exploration tile Torino-2 in Journal A1",
        ],
    )
    assert state.tiles[0] == ["Torino-2", "Milano-1", "Genova-1"]
    assert line(state, "A. Exploration tiles") == 6 and line(state, "B. Travel Journals") == 1


def test_advanced_cards_in_hand_and_played_this_round_score_their_vp():
    """Cards 03 and 05 (1 VP each) and 22 (2 VP), bought face down."""
    state = build(
        market=[["03", "05"], ["22", "18"], ["33", "34"]],
        actions=[
            "play the Movement card face down",
            "buy card 03 (Level I) for free",
            "play the Letter card face down",
            "buy card 05 (Level I) for free",
            *coins(EXPLORE),
            "play the Conversation card face down",
            "buy card 22 (Level II) for 2 coins",
        ],
    )
    assert line(state, "C. Advanced cards") == 1 + 1 + 2
    do(state, *coins("card 22"))  # played this round, it still counts
    assert line(state, "C. Advanced cards") == 4


AFFINITY_IN_TORINO = [
    *up(TALK),
    "meet Mary Shelley in Torino: Elective Affinities in slot 1",  # 2 coins
]


def test_elective_affinities_two_each():
    state = build(actions=AFFINITY_IN_TORINO)
    assert line(state, "D. Elective Affinities") == 2
    state = build(
        actions=[
            *AFFINITY_IN_TORINO,
            *up(MOVE),
            "move to Asti Hills for free",
            "play the second Movement card face up",
            "activate the second Movement card",
            "move to Genova for free",
            "end the chain",
            "play the Letter card face up",
            "activate the Conversation card",
            "meet Montesquieu in Genova: Elective Affinities in slot 1",
        ],
    )
    assert [len(column) for column in state.gazette] == [1, 0, 1]
    assert line(state, "D. Elective Affinities") == 2 + 2


def test_elective_affinities_six_together_in_one_column():
    """Mary Shelley is in Torino in round I and in Milano in round II."""
    state = build(
        actions=[
            *AFFINITY_IN_TORINO,
            *up(MOVE),
            "move to Milano for 1 coin",
            *coins(EXPLORE),
            *coins(LETTER),
            *coins(IDEAS),
            "take no card",
            *up(TALK),
            "meet Mary Shelley in Milano: Elective Affinities in slot 1",
        ],
    )
    assert [token[:2] for token in state.gazette[0]] == [(0, 0), (1, 0)]
    assert line(state, "D. Elective Affinities") == 6


def test_majorities_five_three_one_night_counts_twice_ties_to_the_higher_token():
    """Three players, Mary Shelley's column: player 0 one token (round I), player 1 A Night to
    Remember (round I, counts 2), player 2 two tokens (round II): players 1 and 2 tie on 2 and
    player 1's token is higher (an earlier round)."""
    round_one = [
        *AFFINITY_IN_TORINO,
        *up(TALK),
        "meet Mary Shelley in Torino: A Night to Remember in slot 2",  # its reward: write
        *coins(TALK),
        *coins(MOVE),
        *coins(MOVE),
        *up(MOVE),
        "move to Milano for 1 coin",
    ]
    for card in (EXPLORE, LETTER, IDEAS):
        round_one += coins(card) * 3
    round_two = [
        "take no card",  # player 2, then 1, then 0: the Market phase from the first's right
        "take no card",
        "take no card",
        *coins(MOVE),  # player 1 starts round II
        *up(TALK),
        "meet Mary Shelley in Milano: Elective Affinities in slot 1",
        "skip",  # the slot's reward: a move
    ]
    state = build(players=3, actions=[*round_one, *round_two])
    do(state, *coins(MOVE), *coins(MOVE2))
    do(state, "play the Letter card face up", "activate the Conversation card")
    do(state, "meet Mary Shelley in Milano: Lost in Admiration in slot 2")
    assert [p for _, _, p, _ in state.gazette[0]] == [0, 1, 2, 2]
    assert [line(state, "D. Majorities", p) for p in range(3)] == [1, 5, 3]


def test_majorities_two_players_first_place_only():
    state = build(
        players=2,
        actions=[
            *AFFINITY_IN_TORINO,
            *up(MOVE),
            "move to Milano for 1 coin",
            *coins(MOVE),
            *coins(EXPLORE),
            *coins(EXPLORE),
            *coins(LETTER),
            *coins(LETTER),
            *coins(IDEAS),
            *coins(IDEAS),
            *coins(MOVE2),
            "take no card",
            "take no card",
            *up(TALK),
            "meet Mary Shelley in Milano: A Night to Remember in slot 1",
            "skip",
        ],
    )
    assert [line(state, "D. Majorities", p) for p in range(2)] == [0, 5]


def test_tie_break_furthest_south_then_shared():
    """Equal totals: the marker furthest south wins (Asti Hills 8, Torino 6, Milano 3)."""
    state = build(
        players=3,
        actions=[*up(MOVE), "move to Milano for 1 coin", *coins(MOVE), *up(MOVE)],
    )
    do(state, "move to Asti Hills for free")
    sheets = state.scores()
    assert [s.total for s in sheets] == [0, 0, 0]
    assert [s.tiebreak_text for s in sheets] == [
        "marker in Milano (south rank 3)",
        "marker in Torino (south rank 6)",
        "marker in Asti Hills (south rank 8)",
    ]
    assert ranking(sheets) == [3, 2, 1]
    state = build(
        players=3,
        actions=[*up(MOVE), "move to Asti Hills for free", *coins(MOVE), *up(MOVE)],
    )
    do(state, "move to Asti Hills for free")
    assert ranking(state.scores()) == [1, 3, 1]


def test_score_sheet_lines_of_a_finished_game():
    game = kit.load("timeless_journeys", players=3, seed=5, mode="historical", travellers="B")
    state = play(game.new_game(), [RandomBot(5, p) for p in range(3)])
    assert state.current_player == TERMINAL
    for sheet in state.scores():
        labels = [line.label for line in sheet.lines]
        assert labels == [
            "in-game VP",
            "A. Exploration tiles",
            "B. Travel Journals",
            "C. Advanced cards",
            "D. Elective Affinities",
            "D. Majorities",
            "Le Brun paintings",
        ]
        assert sheet.total == sum(line.points for line in sheet.lines)
        assert sheet.line("in-game VP") == state.vp[sheet.player]
    # after the last round, played cards are back in hand and hands hold at most 8 cards
    assert all(p == [] for p in state.played) and all(len(h) <= 8 for h in state.hand)
    assert "Total" in str(state)


def test_last_round_only_recovers_cards():
    """Five displays of 2 cards per level (setup + 4 refreshes), the token passed 4 times."""
    game = kit.load("timeless_journeys", players=2, seed=12)
    state = play(game.new_game(), [RandomBot(12, 0), RandomBot(12, 1)])
    reveals = [str(a) for a in state.history if "is revealed in the market" in str(a)]
    assert len(reveals) == 2 * 3 * 5
    assert state.first == 4 % 2 and state.round == 4
