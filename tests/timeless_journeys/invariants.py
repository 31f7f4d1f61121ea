"""Invariants of a Timeless Journeys position (every component accounted for, nothing negative,
nothing goes back) and what each player may not see, for the shared random-play harness."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from kit.timeless_journeys import scoring


def check(state) -> None:
    """Every invariant of the position: cards, Idea tokens, tiles, markers and paintings."""
    _check_cards(state)
    _check_ideas(state)
    _check_tiles(state)
    _check_markers(state)
    _check_paintings(state)


def _check_cards(state) -> None:
    """Cards: each Advanced card (as many as its copies) and each player's Basic cards among decks,
    market, hands, play areas and the box."""
    rules = state.content.rules
    players = state.num_players
    found = [c for level in state.deck for c in level]
    found += [c for level in state.bottom for c in level]
    found += [c for level in state.market for c in level]
    for p in range(players):
        found += state.hand[p]
        found += [c for c, _ in state.played[p]]
        assert len(state.played[p]) <= rules.plays_per_round
    found += state.box
    assert sorted(found) == expected_cards(state.game)
    # The decks only lose cards: each stays sorted (a reveal counts a card's copies as neighbours),
    # and so do the hands (a turn plays a card's copies as one).
    for cards in [*state.deck, *state.hand]:
        assert cards == sorted(cards)


def _check_ideas(state) -> None:
    """Idea tokens: supply + players + written = 20 per genre; nothing negative."""
    content, rules = state.content, state.content.rules
    players = state.num_players
    written = [0] * len(rules.genres)
    for p in range(players):
        for journal_id, slots in zip(state.journals[p], state.written[p], strict=True):
            for i, genre in enumerate(content.journals[journal_id].ideas):
                written[genre] += 1 if slots[i] else 0
    for g in range(len(rules.genres)):
        held = [state.ideas[p][g] for p in range(players)]
        assert state.supply[g] >= 0 and min(held) >= 0
        assert state.supply[g] + sum(held) + written[g] == rules.ideas_per_genre


def _check_tiles(state) -> None:
    """Exploration tiles: each in at most one place, one per city per player."""
    content = state.content
    players = state.num_players
    tiles = Counter(t for ts in state.city_tiles.values() for t in ts)
    tiles.update(t for ts in state.tiles for t in ts)
    assert all(n == 1 for n in tiles.values())
    for p in range(players):
        cities = [content.tiles[t].city for t in state.tiles[p]]
        assert len(cities) == len(set(cities))
        assert set(state.used[p]) <= set(state.tiles[p])
        for j, journal_id in enumerate(state.journals[p]):
            slots = state.written[p][j]
            if slots[-2]:
                assert slots[-2] in state.tiles[p]
                assert content.tiles[slots[-2]].city == content.journals[journal_id].city
            if slots[-1]:
                assert slots[-1] in state.friends[p]
    # Friend tiles: on the board or with one player.
    friends = list(state.friend) + [f for fs in state.friends for f in fs]
    assert len(friends) == len(set(friends))


def _check_markers(state) -> None:
    """Markers and tokens."""
    content, rules = state.content, state.content.rules
    players = state.num_players
    letters = Counter(p for markers in state.letters.values() for p, _ in markers)
    cafes = Counter(p for ds in state.cafes.values() for d in ds for p in d)
    for p in range(players):
        assert letters[p] <= rules.letter_markers and cafes[p] <= rules.cafe_markers
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


def _check_paintings(state) -> None:
    """Paintings."""
    content = state.content
    players = state.num_players
    remove = state.edition.lebrun_remove_per_type[players]
    total = sum(copies - remove for _, copies in content.paintings)
    held = sum(len(p) for p in state.paintings)
    pile = sum(state.painting_pile.values())
    assert pile + len(state.revealed) + held + len(state.painting_discard) == total
    for p in range(players):
        assert len(state.paintings[p]) == len(set(state.paintings[p]))


def step_checker(every: int = 1, observe_every: int = 0):
    """The invariants for `play_checked`: after each action nothing that only grows went back;
    the whole position is checked after every `every` actions (and at the end), the counts of
    cards in the observations after every `observe_every` (0: only at the end)."""

    def check_step(state, before, action) -> None:
        if len(state.history) % every == 0 or state.is_terminal:
            check(state)
        if state.is_terminal or observe_every and len(state.history) % observe_every == 0:
            check_card_counts(state)
        assert (state.round, len(state.history)) >= (before.round, len(before.history) + 1)
        for p in range(state.num_players):
            assert len(state.tiles[p]) >= len(before.tiles[p])
            assert len(state.friends[p]) >= len(before.friends[p])
            assert len(state.exp[p]) <= len(before.exp[p])
            assert len(state.box) >= len(before.box)
        assert state.box == sorted(state.box)  # no order: equal positions are equal
        if not before.is_chance_node:
            assert action.kind != "chance"

    return check_step


def check_scores(state) -> None:
    """The score sheet adds up and matches its parts, and the total without words (what the
    searches score final positions by) is the sheet's."""
    for sheet in state.scores():
        assert sheet.total == sum(line.points for line in sheet.lines)
        assert sheet.line("in-game VP") == state.vp[sheet.player]
        assert scoring.total(state, sheet.player) == sheet.total


def hidden(state, player: int) -> list[str]:
    """What `player` may not see: the cards in other hands, others' face-down cards and the
    cards discarded to the box, the tiles others have used (turned face down), the face-down
    Exploration tiles of the cities and those not placed yet, and the cards of the decks. A
    card is listed only where no copy of it is in view (how many copies of an Advanced card are
    in view is checked by `check_card_counts`): by its name in quotes, as an observation would
    write it, and by its label, as an action's words would; a tile by its name."""
    names = _names(state.content)
    in_view = {*state.hand[player], *(c for level in state.market for c in level)}
    cards = {*state.box, *(c for deck in state.deck for c in deck)}
    tiles = {*state.content.tiles}.difference(*state.tiles)
    for other in range(state.num_players):
        in_view.update(c for c, up in state.played[other] if up or other == player)
        if other != player:
            cards.update(state.hand[other], (c for c, up in state.played[other] if not up))
            tiles.update(state.used[other])
    return [form for c in cards - in_view for form in names[c]] + list(tiles)


@cache
def _names(content) -> dict[str, tuple[str, str]]:
    """Each card's name in quotes and its label: an Advanced card's are alike, card 02."""
    cards = [*content.basic.values(), *content.advanced.values()]
    return {card.id: (f'"{card.name}"', card.label) for card in cards}


def cards_in_view(state, player: int) -> list[str]:
    """The names of the Advanced cards `player` sees, a copy each time: the market, the
    player's hand and own face-down cards, and every face-up card of the play areas."""
    content = state.content
    cards = [c for level in state.market for c in level] + state.hand[player]
    for other in range(state.num_players):
        cards += [c for c, up in state.played[other] if up or other == player]
    return [content.card(c).name for c in cards if c in content.advanced]


def check_card_counts(state) -> None:
    """Each player's observation names every Advanced card as often as copies of it are in
    view, no more: a copy in a hidden place never shows."""
    for player in range(state.num_players):
        text = json.dumps(state.observation(player))
        in_view = Counter(cards_in_view(state, player))
        for card in state.content.advanced.values():
            assert text.count(f'"{card.name}"') == in_view[card.name], (player, card.name)


@cache
def expected_cards(game) -> list[str]:
    """Every Advanced card as many times as its copies, and each player's Basic cards (the second
    Movement card left out by some)."""
    content = game.content
    seventh = len(game.options["without_seventh"])
    cards = [c for c, card in content.advanced.items() for _ in range(card.copies)]
    for card in content.basic:
        cards += [card] * (game.num_players - (seventh if card == "move2" else 0))
    return sorted(cards)
