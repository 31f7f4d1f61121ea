"""Invariants of a Timeless Journeys position: every component accounted for, nothing negative."""

from __future__ import annotations

from collections import Counter


def check(state) -> None:
    content, rules = state.content, state.content.rules
    players = state.num_players
    # Cards: each Advanced card once and each player's Basic cards among decks, market, hands,
    # play areas and the box.
    found = [c for level in state.deck for c in level]
    found += [c for level in state.bottom for c in level]
    found += [c for level in state.market for c in level]
    for p in range(players):
        found += state.hand[p]
        found += [c for c, _ in state.played[p]]
        assert len(state.played[p]) <= rules.plays_per_round
    found += state.box
    assert sorted(found) == expected_cards(state)
    # Idea tokens: supply + players + written = 20 per genre; nothing negative.
    for g in range(len(rules.genres)):
        written = 0
        for p in range(players):
            for j, journal_id in enumerate(state.journals[p]):
                journal = content.journals[journal_id]
                written += sum(
                    1
                    for i, genre in enumerate(journal.ideas)
                    if genre == g and state.written[p][j][i]
                )
        held = sum(state.ideas[p][g] for p in range(players))
        assert state.supply[g] >= 0 and all(state.ideas[p][g] >= 0 for p in range(players))
        assert state.supply[g] + held + written == rules.ideas_per_genre
    # Exploration tiles: each in at most one place, one per city per player.
    tiles = Counter(t for ts in state.city_tiles.values() for t in ts)
    tiles.update(t for ts in state.tiles for t in ts)
    assert all(n == 1 for n in tiles.values())
    for p in range(players):
        cities = [content.tiles[t].city for t in state.tiles[p]]
        assert len(cities) == len(set(cities))
        assert set(state.used[p]) <= set(state.tiles[p])
        for j, journal_id in enumerate(state.journals[p]):
            slots = state.written[p][j]
            if slots[6]:
                assert slots[6] in state.tiles[p]
                assert content.tiles[slots[6]].city == content.journals[journal_id].city
            if slots[7]:
                assert slots[7] in state.friends[p]
    # Friend tiles: on the board or with one player.
    friends = list(state.friend) + [f for fs in state.friends for f in fs]
    assert len(friends) == len(set(friends))
    # Markers and tokens.
    for p in range(players):
        assert 0 <= state.letters_left(p) <= rules.letter_markers
        assert 0 <= state.cafe_markers_left(p) <= rules.cafe_markers
        placed = [kind for column in state.gazette for _, _, q, kind in column if q == p]
        assert sorted(placed + state.exp[p]) == sorted(rules.experience_tokens)
        assert state.coins[p] >= 0 and state.vp[p] >= 0
    for city, markers in state.letters.items():
        assert len(markers) <= rules.letters_per_city[players], city
        assert len({p for p, _ in markers}) == len(markers), city
        for side in (0, 1):
            under = sum(1 for _, s in markers if s == side)
            assert under <= rules.letters_per_local[players]
    for city, discussions in state.cafes.items():
        for d, occupants in enumerate(discussions):
            assert len(occupants) <= len(content.cities[city].cafes[d].vp)
    for column in state.gazette:
        cells = [(rnd, slot) for rnd, slot, _, _ in column]
        assert len(cells) == len(set(cells))
    # Paintings.
    remove = state.edition.lebrun_remove_per_type[players]
    total = sum(copies - remove for _, copies in content.paintings)
    held = sum(len(p) for p in state.paintings)
    pile = sum(state.painting_pile.values())
    assert pile + len(state.revealed) + held + len(state.painting_discard) == total
    for p in range(players):
        assert len(state.paintings[p]) == len(set(state.paintings[p]))


def check_scores(state) -> None:
    """The score sheet adds up and matches its parts."""
    for sheet in state.scores():
        assert sheet.total == sum(line.points for line in sheet.lines)
        assert sheet.line("in-game VP") == state.vp[sheet.player]


def expected_cards(state) -> list[str]:
    content = state.content
    seventh = len(state.game.options["without_seventh"])
    cards = list(content.advanced)
    for card in content.basic:
        cards += [card] * (state.num_players - (seventh if card == "move2" else 0))
    return sorted(cards)
