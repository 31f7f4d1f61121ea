"""Final scoring: the Journal table, Exploration tiles, Advanced cards, Elective Affinities,
majorities and the tie-break, and a whole game's score sheet."""

from __future__ import annotations

import pytest

import kit
from kit.core import TERMINAL, ranking
from kit.core.bots import RandomBot, play
from kit.timeless_journeys import scoring
from tests.timeless_journeys.helpers import setup


@pytest.mark.parametrize(("filled", "vp"), [(5, 12), (7, 21)])
def test_journal_values_printed_in_the_rulebook(filled, vp):
    state = setup()
    slots = [1, 1, 1, 1, 1, 1, "Torino-1", "Milano"]
    state.written[0][0] = [*slots[:filled], *([0, 0, 0, 0, 0, 0, "", ""][filled:])]
    assert scoring.journals(state, 0) == vp


def test_exploration_tiles_count_including_those_in_journals():
    state = setup()
    state.tiles[0] = ["Torino-1", "Roma-2", "Napoli-3"]
    state.written[0][0][6] = "Torino-1"
    assert scoring.exploration(state, 0) == 6


def test_advanced_cards_in_hand_score_their_vp():
    state = setup()
    state.hand[0] = ["03", "38", "move"]
    assert scoring.advanced_cards(state, 0) == 1 + 3


@pytest.mark.parametrize(
    ("columns", "vp"),
    [([0], 2), ([0, 1], 4), ([2, 2], 6)],
)
def test_elective_affinities_two_each_or_six_together(columns, vp):
    state = setup()
    for rnd, column in enumerate(columns):
        state.gazette[column].append((rnd, 0, 0, "affinity"))
    assert scoring.affinities(state, 0) == vp


def test_majorities_five_three_one_night_counts_twice_ties_to_the_higher_token():
    state = setup(players=4)
    state.gazette[0] = [
        (0, 0, 0, "affinity"),
        (0, 1, 1, "night"),  # player 1 counts 2
        (1, 0, 2, "affinity"),
        (2, 0, 2, "lost"),  # player 2 has 2 too, but lower
        (3, 0, 3, "duel"),
    ]
    # players 1 and 2 tie on 2, player 1 higher; players 0 and 3 tie on 1, player 0 higher
    assert scoring.majorities(state) == [1, 5, 3, 0]


def test_majorities_two_players_first_place_only():
    state = setup(players=2)
    state.gazette[1] = [(0, 0, 0, "affinity"), (1, 0, 1, "affinity"), (2, 0, 1, "lost")]
    assert scoring.majorities(state) == [0, 5]


def test_tie_break_furthest_south_then_shared():
    state = setup(players=3)
    state.loc = ["Napoli", "Torino", "Roma"]
    sheets = state.scores()
    assert [s.total for s in sheets] == [0, 0, 0]
    assert ranking(sheets) == [1, 3, 2]
    state.loc = ["Napoli", "Napoli", "Milano"]
    assert ranking(state.scores()) == [1, 1, 3]


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
    reveals = [str(a) for a in state.history if str(a).startswith("reveal ") and "Level" in str(a)]
    assert len(reveals) == 2 * 3 * 5
    assert state.first == 4 % 2 and state.round == 4
