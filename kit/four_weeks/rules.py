"""The rules' changes to a position of the four-week game: travelling, spending days, visits and
Write, Rest and Plan, the Extras, draws and Festival reveals, turns and the weeks' ends.

Each is a small function of the state and the player; the flow (`kit.four_weeks.frames`) calls
them when an answer is given or a task runs, and nothing here asks a question. (The numbers come
from `seeds/four_weeks/rules.toml`.)"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from kit.four_weeks.actions import Attend, Claim, Draw, Extra, Fly, Reveal, Ticket, Train, Travel
from kit.four_weeks.effects import COINS, ENERGY, EXCITEMENT, resolve
from kit.four_weeks.scoring import BUCKET_LISTS, FESTIVALS, LOCAL_TILES, LOCATIONS, score_regions

if TYPE_CHECKING:
    from kit.four_weeks.state import FourWeeksState

# A Day disc on the calendar: still available, spent without being placed, or a region index.
AVAILABLE, SPENT = -1, -2
# Extras taken this turn (`state.extras` bits).
LOCAL, BUCKET, FESTIVAL = 1, 2, 4


# --- a turn ---------------------------------------------------------------------------------------
def travel(state: FourWeeksState, player: int, action: Travel) -> None:
    """Pay for the trip (a train in Energy, a plane in Coins, a free trip) and move the pawn."""
    if isinstance(action, Train):
        state.res[player][ENERGY] -= action.energy
    elif isinstance(action, Fly):
        state.res[player][COINS] -= action.coins
    elif isinstance(action, Ticket):
        state.tickets[player] -= 1
    state.pos[player] = action.region


def spend(state: FourWeeksState, player: int, days: int, region: int) -> int:
    """Spend `days` days: the leftmost available Day disc goes to `region`, the others are
    spent; returns the weekday of the placed disc (0 = the first day of the week)."""
    weekday = state.day[player]
    slot = state.week * state.game.content.rules.days_per_week + weekday
    calendar = state.calendar[player]
    calendar[slot] = region
    for other in range(slot + 1, slot + days):
        calendar[other] = SPENT
    state.day[player] += days
    return weekday


def visit(state: FourWeeksState, player: int, card: int, excitement: int) -> int:
    """Visit a card of the hand, shortened by the Excitement spent: its days are spent in its
    region, it joins the visited cards with its tags. Returns the weekday of the placed disc
    (the effects come after: the player may have to choose their order)."""
    location = state.game.content.locations[card]
    state.res[player][EXCITEMENT] -= excitement
    weekday = spend(state, player, location.days - excitement, location.region)
    state.hands[player].remove(card)
    state.visited[player].append(card)
    tags = state.tags[player]
    for tag in location.tags:
        tags[tag] += 1
    return weekday


def finish_activity(state: FourWeeksState, player: int, activity: int) -> None:
    """Write, Rest or Plan after its discards: spend the day in the pawn's region, then the
    activity's effect."""
    rules = state.game.content.rules
    spend(state, player, rules.activity_days, state.pos[player])
    resolve(state, player, rules.activities[activity], LOCATIONS)


def skip(state: FourWeeksState, player: int, days: int) -> None:
    """No Activity: the days pass (never past the week's last), their discs spent, not placed."""
    left = state.game.content.rules.days_per_week - state.day[player]
    spend(state, player, min(days, left), SPENT)


def discard_card(state: FourWeeksState, player: int, card: int) -> None:
    state.hands[player].remove(card)
    insort(state.discard, card)


def take_extra(state: FourWeeksState, player: int, action: Extra) -> None:
    """A Local tile (once a week each), a Bucket List claim or a Festival (once a game each)."""
    content = state.game.content
    if isinstance(action, Claim):
        state.buckets[action.region] = player
        state.extras |= BUCKET
        state.pts[player][BUCKET_LISTS] += action.points
    elif isinstance(action, Attend):
        festival = content.festivals[action.festival]
        state.used_festival[player] |= 1 << action.festival
        state.extras |= FESTIVAL
        resolve(state, player, festival.cost + festival.reward, FESTIVALS)
    else:
        tile = content.local_tiles[action.region]
        assert tile is not None  # only offered where the region has a tile
        state.used_local[player] |= 1 << action.region
        state.extras |= LOCAL
        resolve(state, player, tile.cost + tile.reward, LOCAL_TILES)


# --- chance ---------------------------------------------------------------------------------------
def drawer(state: FourWeeksState) -> int:
    """Who draws next: in turn order from the First Player."""
    owed, n, first = state.owed, len(state.owed), state.first
    for k in range(n):
        if owed[p := (first + k) % n]:
            return p
    raise AssertionError("nobody owes a card")  # a draw is due only when a card is owed


def draw(state: FourWeeksState, action: Draw) -> None:
    """The card goes to the drawer's hand; an empty deck is first refilled from the discards."""
    if not state.deck:
        state.deck, state.discard = state.discard, []
    state.deck.remove(action.card)
    insort(state.hands[action.player], action.card)
    state.owed[action.player] -= 1


def reveal(state: FourWeeksState, action: Reveal) -> None:
    state.festival_deck.remove(action.festival)
    state.festivals.append(action.festival)
    state.festival_needed -= 1


# --- turns and weeks ------------------------------------------------------------------------------
def next_player(state: FourWeeksState) -> int | None:
    """After a turn: the next player in turn order with a day left this week (None: the week
    is over); the Extras taken are cleared for the next turn."""
    n, per_week = len(state.pos), state.game.content.rules.days_per_week
    state.extras = 0
    for k in range(1, n + 1):
        other = (state.player + k) % n
        if state.day[other] < per_week:
            state.player = other
            return other
    return None


def end_week(state: FourWeeksState) -> bool:
    """Score the regions; then the Festival display is cleared for its refresh, or after the
    last week income comes and the game ends. Returns whether the game is over."""
    rules = state.game.content.rules
    score_regions(state)
    if state.week == rules.weeks - 1:
        resolve_income(state)
        state.over = True
        return True
    state.festivals = []
    state.festival_needed = rules.festivals_per_week
    return False


def resolve_income(state: FourWeeksState) -> None:
    """Everyone gains the base income and the resources of their Income track position."""
    rules = state.game.content.rules
    for p, position in enumerate(state.income):
        state.res[p][rules.income_resource] += rules.income_base
        resolve(state, p, rules.income_track[position], LOCATIONS)


def start_week(state: FourWeeksState) -> None:
    """Pass the First Player token; everyone will draw up to the hand size."""
    n, rules = len(state.pos), state.game.content.rules
    state.first = (state.first + 1) % n
    state.player = state.first
    state.week += 1
    state.day = [0] * n
    state.used_local = [0] * n
    state.owed = [max(0, rules.hand_size - len(hand)) for hand in state.hands]
