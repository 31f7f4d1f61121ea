"""A position of the four-week Europe calendar game, and what each player sees of it.

Four weeks of seven days. At the start of a week each player draws up to seven Location cards;
then players take turns, skipping those with no day left this week, until nobody has one. A turn:

1. Travel: the first placement is free; a plane costs 4 Coins to any region; a train costs 1 Energy
   per segment along the network; a free trip (from an effect) goes anywhere.
2. One Activity: visit a Location card of the current region (its day cost less one per
   Excitement spent, at least one day; the leftmost available Day disc of the week goes to the
   region; its effect and a matching weekday bonus in the order the player chooses), or Write,
   Rest or Plan (discard three cards, spend one day placed in the region). Skipping the Activity
   loses a day (its disc is spent, not placed), so that every turn brings the week's end nearer.
3. Extras: at most one Local tile action, one Bucket List claim and one Festival action.

End of a week: score the regions, refresh the two Festival regions, income (2 plus the Income
track), discard down to seven and pass the First Player token (these two not after week 4); then
final scoring. (The numbers come from `seeds/four_weeks/rules.toml`.)

Every atomic choice is one action. What is due is the state's decision stack: the flow is in
`kit.four_weeks.frames`, the rules' changes in `kit.four_weeks.rules`; this module holds the
position (compact lists of ints per player, so clone and replay stay cheap) and its views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.core import CHANCE, TERMINAL, ScoreSheet
from kit.core.frames import StackState
from kit.four_weeks.actions import FourWeeksAction
from kit.four_weeks.content import TAGS
from kit.four_weeks.effects import RESOURCE_NAMES, describe
from kit.four_weeks.frames import (
    DRAWS,
    OVER,
    REVEALS,
    STEPS,
    TURNS,
    WEEK_END,
    Question,
    WeekFrame,
    what_next,
)
from kit.four_weeks.rules import AVAILABLE, SPENT
from kit.four_weeks.scoring import LINES, score_sheet

if TYPE_CHECKING:
    from kit.core.frames import Frame
    from kit.four_weeks.game import FourWeeks


class FourWeeksState(StackState):
    """A position: compact lists of ints per player, and the stack of what is due."""

    game: FourWeeks
    stack: list[WeekFrame]  # type: ignore[assignment]

    def __init__(self, game: FourWeeks) -> None:
        super().__init__(game)
        content, rules, n = game.content, game.content.rules, game.num_players
        self.week = 0
        self.over = False  # the last week's end has come
        self.first = rules.first_player
        self.player = self.first  # whose turn it is (or was last)
        self.res = [list(rules.start_resources) for _ in range(n)]
        self.pts = [[0] * len(LINES) for _ in range(n)]
        self.income = [0] * n
        self.pos = [-1] * n
        self.day = [0] * n  # days spent this week
        self.calendar = [[AVAILABLE] * (rules.weeks * rules.days_per_week) for _ in range(n)]
        self.insider = [0] * n  # bit per calendar slot: the disc shows its Insider Tip side
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.visited: list[list[int]] = [[] for _ in range(n)]
        self.tags = [[0] * len(TAGS) for _ in range(n)]
        self.tickets = [0] * n
        self.deck = list(range(len(content.locations)))
        self.discard: list[int] = []
        self.owed = [rules.hand_size] * n  # cards still to draw
        self.festival_deck = list(range(len(content.festivals)))
        self.festivals: list[int] = []
        self.festival_needed = rules.festivals_per_week
        self.used_local = [0] * n  # bit per region, this week
        self.used_festival = [0] * n  # bit per Festival card
        self.buckets = [-1] * len(content.regions)  # who claimed each region's Bucket List
        self.extras = 0  # the Extras taken this turn (`rules.LOCAL`, `BUCKET`, `FESTIVAL` bits)
        self.stack += TURNS[self.first]
        self.push(REVEALS, DRAWS)
        self._advance()

    # --- the flow -------------------------------------------------------------------------------
    def _stack_empty(self) -> bool:
        """A turn is over: the next player's turn or the week's end; nothing after the last."""
        if self.over:
            return False
        self.stack += what_next(self)
        return True

    @property
    def step(self) -> int:
        """The part of the turn or week that is due (`frames.STEPS`): a chance event's is that
        of the frame below it; `OVER` once nothing is left."""
        for frame in reversed(self.stack):
            if frame.step is not None:
                return frame.step
        return OVER

    @property
    def decision(self) -> Question | None:
        """The question due in the middle of an action or at the week's end, if one is."""
        top = self.stack[-1] if self.stack else None
        return top if isinstance(top, Question) else None

    def action_called(self, name: str) -> FourWeeksAction | None:
        return self.game.actions.by_name.get(name)

    def action_named(self, name: str) -> FourWeeksAction:
        """The legal action called `name`: first looked up in the action table (replaying a save
        is faster so), else found among the legal actions (a train's name is the same from every
        region it can leave from)."""
        action = self.action_called(name)
        if action is not None and action in self.legal_actions():
            return action
        found: FourWeeksAction = super().action_named(name)
        return found

    def _refused(self, frame: Frame, action: Any) -> str:
        if action is None:
            return "no action of this game has this name"
        return f"it is not allowed at player {frame.player}'s {STEPS[self.step]} step"

    # --- what players see -------------------------------------------------------------------
    def _in_setup(self) -> bool:
        return self.week == 0 and self.current_player == CHANCE and max(self.pos) < 0

    def weekday(self) -> str:
        """The weekday of the turn's player (their next day of the week)."""
        rules = self.game.content.rules
        return rules.weekdays[min(self.day[self.player], rules.days_per_week - 1)]

    def _phase(self) -> str:
        week = self.week + 1
        if self.step == OVER:
            return "game over"
        if self._in_setup():
            return "setup: the Festivals and the opening hands"
        if self.step == WEEK_END:
            part = "the Festival refresh" if self.festival_needed else "discards"
            return f"end of week {week}: {part}"
        return f"week {week}, {self.weekday()}: player {self.player}'s {STEPS[self.step]} step"

    def _turn(self) -> str:
        """Whose turn it is and why."""
        if self.current_player == TERMINAL:
            return "nobody: the game is over"
        return self.stack[-1].why(self)

    def _observation(self, player: int) -> dict[str, Any]:
        """The public board and `player`'s own hand; other hands are counted, not shown, and
        the deck is face down."""
        content = self.game.content
        titles = [card.title for card in content.locations]
        codes = [r.code for r in content.regions]
        return {
            "phase": self._phase(),
            "turn": self._turn(),
            "week": self.week + 1,
            "weekday": None if self.step >= WEEK_END else self.weekday(),
            "step": "setup" if self._in_setup() else STEPS[self.step],
            "first_player": self.first,
            "players": [self._player_view(p) for p in range(len(self.pos))],
            "hand": [titles[c] for c in self.hands[player]],
            "deck_size": len(self.deck),
            "discard_pile": [titles[c] for c in self.discard],
            "festivals": [
                {
                    "name": content.festivals[f].name,
                    "region": codes[content.festivals[f].region],
                    "effect": describe(content.festivals[f].cost + content.festivals[f].reward),
                    "attended_by": self._players_with_bit(self.used_festival, f),
                }
                for f in self.festivals
            ],
            "festivals_left": len(self.festival_deck),
            "bucket_lists": [
                {
                    "region": codes[bucket.region],
                    "needs": ", ".join(f"{count} {TAGS[tag]}" for tag, count in bucket.needs),
                    "points": bucket.points,
                    "claimed_by": self.buckets[r] if self.buckets[r] >= 0 else None,
                }
                for r, bucket in enumerate(content.bucket_lists)
                if bucket
            ],
            "local_tiles": [
                {
                    "region": codes[tile.region],
                    "effect": describe(tile.cost + tile.reward),
                    "used_this_week_by": self._players_with_bit(self.used_local, r),
                }
                for r, tile in enumerate(content.local_tiles)
                if tile
            ],
        }

    def _players_with_bit(self, bits: list[int], bit: int) -> list[int]:
        return [p for p, mask in enumerate(bits) if mask >> bit & 1]

    def _player_view(self, p: int) -> dict[str, Any]:
        """A player's public area: pawn, resources, tracks, calendar and visited cards."""
        content, rules = self.game.content, self.game.content.rules
        where = self.pos[p]
        track = rules.income_track[self.income[p]]
        return {
            "pawn": content.regions[where].code if where >= 0 else None,
            "days_left": rules.days_per_week - self.day[p] if self.step < WEEK_END else 0,
            "resources": {
                names[1]: held for names, held in zip(RESOURCE_NAMES, self.res[p], strict=True)
            },
            "income_track": self.income[p],
            "income": f"{rules.income_base} plus {describe(track)}" if track else "",
            "free_trips": self.tickets[p],
            "hand_size": len(self.hands[p]),
            "visited": [content.locations[c].title for c in self.visited[p]],
            "tags": dict(zip(TAGS, self.tags[p], strict=True)),
            "calendar": self._calendar(p),
            "points": score_sheet(self, p).total,
        }

    def _calendar(self, p: int) -> list[list[dict[str, Any]]]:
        """The player's Day discs, week by week: available, spent, or placed in a region, and
        whether the disc shows its Insider Tip side."""
        rules, codes = self.game.content.rules, [r.code for r in self.game.content.regions]
        per_week, row, mask = rules.days_per_week, self.calendar[p], self.insider[p]
        weeks = []
        for week in range(rules.weeks):
            days = []
            for weekday, name in enumerate(rules.weekdays):
                slot = week * per_week + weekday
                disc = row[slot]
                shown = "available" if disc == AVAILABLE else "spent" if disc == SPENT else ""
                days.append(
                    {
                        "weekday": name,
                        "disc": shown or f"in {codes[disc]}",
                        "insider_tip": bool(mask >> slot & 1),
                    }
                )
            weeks.append(days)
        return weeks

    def describe(self, player: int) -> str:
        """The board and `player`'s hand with each card's cost and effects, for terminal play."""
        content = self.game.content
        rows = [str(self), f"your hand (player {player}):"]
        for c in self.hands[player]:
            card = content.locations[c]
            bonus = ""
            if card.bonus:
                days = "/".join(content.rules.weekdays[d] for d in sorted(card.bonus_days))
                bonus = f"; {days}: {describe(card.bonus)}"
            tags = "+".join(TAGS[tag] for tag in card.tags)
            rows.append(
                f"  {card.id:<5} {card.name:<26} {card.days}d {tags:<18} "
                f"{describe(card.effect)}{bonus}"
            )
        return "\n".join(rows)

    def __str__(self) -> str:
        content, rules = self.game.content, self.game.content.rules
        festivals = ", ".join(
            f"{content.festivals[f].name} ({content.regions[content.festivals[f].region].code})"
            for f in self.festivals
        )
        rows = [self._phase(), f"festivals: {festivals or 'none'}"]
        for p, res in enumerate(self.res):
            where = content.regions[self.pos[p]].code if self.pos[p] >= 0 else "-"
            first = "*" if p == self.first else " "
            rows.append(
                f"{first}player {p} in {where}: day {self.day[p]}/{rules.days_per_week}, "
                + ", ".join(f"{n} {names[1]}" for names, n in zip(RESOURCE_NAMES, res, strict=True))
                + f", income {self.income[p]}, hand {len(self.hands[p])}, "
                f"visited {len(self.visited[p])}, points {score_sheet(self, p).total}"
            )
        return "\n".join(rows)

    # --- copies and scores --------------------------------------------------------------------
    def clone(self) -> FourWeeksState:
        """A copy of the small lists (much cheaper than a deep copy); decisions are values."""
        new = object.__new__(FourWeeksState)
        data = self.__dict__.copy()
        for key in _FLAT_LISTS:
            data[key] = data[key][:]
        for key in _NESTED_LISTS:
            data[key] = [row[:] for row in data[key]]
        new.__dict__ = data
        return new

    def scores(self) -> list[ScoreSheet]:
        return [score_sheet(self, p) for p in range(len(self.pos))]

    def lengths(self) -> list[int]:
        """The days of the calendar each player has spent (28 at the end of four weeks)."""
        per_week = self.game.content.rules.days_per_week
        return [self.week * per_week + days for days in self.day]


_FLAT_LISTS = (
    "stack",
    "history",
    "fixed",
    "income",
    "pos",
    "day",
    "insider",
    "tickets",
    "deck",
    "discard",
    "owed",
    "festival_deck",
    "festivals",
    "used_local",
    "used_festival",
    "buckets",
)
_NESTED_LISTS = ("res", "pts", "calendar", "hands", "visited", "tags")
