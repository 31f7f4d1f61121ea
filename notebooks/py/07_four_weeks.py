# %% [markdown]
# # Seven days, seven cards: filling a week
#
# In the four-week Europe calendar game you travel for four weeks of seven days. At the start of
# a week you hold seven Location cards. Visiting a Location costs **days**; Excitement makes a
# visit shorter; getting to another region costs Energy (train) or Coins (plane), but no days.
# **Which visits fill a week best?**
#
# Vocabulary:
# - a **Location card** belongs to one of ten **regions**, costs some days, and has an effect
#   (points, resources) and sometimes a **weekday bonus**, paid when the visit starts on one of
#   its weekdays;
# - a **Day disc** marks each day of the week; a visit puts its first disc in the card's region;
# - **Excitement**: each one spent lowers a visit's day cost by one, down to one day;
# - a **train** costs 1 Energy per route segment between neighbouring regions; a **plane** costs
#   4 Coins to any region; the first placement of your pawn is free.
#
# The rulebook of this game is a fragment: the turn, travel and the calendar are printed, but the
# map, the cards and the scoring of this kit are reconstructed (see
# `kit/seeds/four_weeks/README.md`). The numbers below are those of the kit's deck.

# %%
from collections import defaultdict
from functools import cache
from typing import NamedTuple

import networkx as nx
from IPython.display import display

import kit
from kit.core import CHANCE
from kit.core.bots import simulate
from kit.four_weeks import BOTS, load_content
from kit.four_weeks.effects import describe
from kit.lessons import Exercise, image
from kit.widgets import board_svg, play

content = load_content()
rules = content.rules
deck = {card.id: card for card in content.locations}
codes = [region.code for region in content.regions]
WEEK = rules.days_per_week
print(len(deck), "Location cards in", len(codes), "regions;", WEEK, "days a week")

# %% [markdown]
# ## Step 1: what is a day worth?
#
# Group the deck by day cost and count the points printed on the cards (leaving aside the
# resources they give, and the bonuses).


# %%
def card_points(effect) -> int:
    return sum(amount for name, amount in effect if name == "points")


by_days = defaultdict(list)
for card in deck.values():
    by_days[card.days].append(card_points(card.effect))
print("days  cards  points per card  points per day")
for days, points in sorted(by_days.items()):
    mean = sum(points) / len(points)
    print(f"{days:>4} {len(points):>6} {mean:>16.1f} {mean / days:>15.2f}")

# %% [markdown]
# Long visits give the most points per day: a 1-day card gives resources rather than points, a
# 4-day card about 2 points a day. So a day spent on a short visit is a day not spent on a long
# one, unless Excitement shortens the long one.
#
# ## Step 2: Excitement shortens a visit
#
# Each Excitement spent takes one day off a visit, but a visit always lasts at least one day.


# %%
def visit_days(card, excitement: int = 0) -> int:
    return max(1, card.days - excitement)


print(deck["BRI5"].name, "takes", [visit_days(deck["BRI5"], e) for e in range(5)], "days")
assert visit_days(deck["BRI5"], 1) == 3 and visit_days(deck["BRI5"], 9) == 1

# %% [markdown]
# So one Excitement spent on the British Museum (4 days, 9 points) turns it into 3 points a day.
#
# ## Step 3: trains and planes
#
# Moving costs no days, only resources. The train network joins neighbouring regions; the
# distance between two regions (in segments) is a shortest path in the graph.

# %%
europe = content.graph.copy()
nx.set_node_attributes(europe, {code: code for code in codes}, "region")  # a colour per region
display(image(board_svg(europe, title="The train network: one segment costs 1 Energy")))

# %%
print("     " + " ".join(codes))
for a, row in zip(codes, content.distance, strict=True):
    print(f"{a}  " + " ".join(f"{d:>3}" for d in row))
assert max(map(max, content.distance)) * rules.train_energy_per_segment <= rules.plane_coins
assert content.distance[codes.index("BRI")][codes.index("SCA")] == nx.shortest_path_length(
    content.graph, "BRI", "SCA"
)

# %% [markdown]
# No two regions are more than 4 segments apart, so a train never costs more Energy than a plane
# costs Coins: the plane is there for when the Energy runs short. A tiny function lists the ways
# from `here` to `there` with the resources left after each; resources are a tuple
# `(coins, energy, excitement, locals)`.

# %%
COINS, ENERGY, EXCITEMENT, LOCALS = range(4)
RESOURCES = ("coins", "energy", "excitement", "locals")


def trips(here: str | None, there: str, res: tuple) -> list[tuple[str, tuple]]:
    """The ways to get from `here` to `there` (None: the pawn is not placed yet), each as the
    engine names it with the resources left after it."""
    if here is None:
        return [(f"start in {there} for free", res)]
    if here == there:
        return [(f"stay in {here}", res)]
    found = []
    segments = content.distance[codes.index(here)][codes.index(there)]
    energy = segments * rules.train_energy_per_segment
    if res[ENERGY] >= energy:
        found.append((f"take the train to {there} for {energy} Energy", spend(res, ENERGY, energy)))
    if res[COINS] >= rules.plane_coins:
        plane = f"fly to {there} for {rules.plane_coins} Coins"
        found.append((plane, spend(res, COINS, rules.plane_coins)))
    return found


def spend(res: tuple, kind: int, amount: int) -> tuple:
    return tuple(n - amount if i == kind else n for i, n in enumerate(res))


start = rules.start_resources
print("starting resources:", dict(zip(RESOURCES, start, strict=True)))
trips("BRI", "SCA", start)  # 4 segments and only 2 Energy: the plane it is

# %% [markdown]
# ## Step 4: what a visit gives
#
# A card's effect is a list of named parts, such as `pay_coins`, `points`, `excitement`. If a
# payment cannot be made, the whole effect gives nothing. The weekday bonus is paid too when
# the visit starts on one of its weekdays, and the player picks the order; bonus first can pay for
# the effect. We count only points and the four resources (a drawn card, a ticket or a step on
# the Income track is worth something later, not this week).


# %%
def resolve(effect, res: tuple) -> tuple[int, tuple]:
    """Points gained and resources after an effect (nothing if a payment cannot be made)."""
    payments = [(RESOURCES.index(name[4:]), n) for name, n in effect if name.startswith("pay_")]
    if any(res[kind] < n for kind, n in payments):
        return 0, res
    held = list(res)
    for kind, n in payments:
        held[kind] -= n
    for name, n in effect:
        if name in RESOURCES:
            held[RESOURCES.index(name)] += n
    return card_points(effect), tuple(held)


def visit(card, weekday: int, res: tuple) -> tuple[int, tuple, bool]:
    """Points, resources after, and whether to take the bonus first, for the better order."""
    if weekday not in card.bonus_days:
        return (*resolve(card.effect, res), False)
    orders = []
    for bonus_first in (False, True):
        first, second = (card.bonus, card.effect) if bonus_first else (card.effect, card.bonus)
        points, after = resolve(first, res)
        more, after = resolve(second, after)
        orders.append((points + more, after, bonus_first))
    return max(orders, key=lambda order: order[0])


def card_text(card) -> str:
    """A card as its face reads: name, days, effect, and the weekday bonus if any."""
    text = f"{card.name:<20} {card.days} days  {describe(card.effect)}"
    if card.bonus:
        days = "/".join(rules.weekdays[d] for d in sorted(card.bonus_days))
        text += f"; on {days}: {describe(card.bonus)}"
    return text


card = deck["POL3"]
print(card_text(card))
print("Wednesday, no coins:", visit(card, 2, (0, 0, 0, 0)))
print("Thursday, no coins: ", visit(card, 3, (0, 0, 0, 0)))
assert visit(card, 2, (0, 0, 0, 0)) == (5, (0, 0, 0, 0), True)

# %% [markdown]
# On Wednesday the bonus pays for the visit; on Thursday there is no bonus and no money, so the
# two days give nothing.
#
# ## Step 5: the best week
#
# Now the search. From a position (cards left, where the pawn is, resources, days used, regions
# visited), try every card: every way to get there, every amount of Excitement to spend; visit it,
# and search on from the new position. The answer is the best total. Many orders lead to the same
# position, so we remember answers (`functools.cache`): that turns a search over thousands of
# orders into some hundreds of positions.
#
# One more thing counts: at the end of each week every region scores its Day discs, and in a
# solo game you are always first wherever you put a disc. So each region visited this week is
# worth the first place's points.

# %%
REGION_POINTS = rules.region_places[0]
print("points for each region visited in a solo week:", REGION_POINTS)


class Step(NamedTuple):
    """One visit of a plan: how to get there, which card, the Excitement spent, the order of
    effect and bonus, the card's points and the region's."""

    trip: str
    card: str
    excitement: int
    bonus_first: bool
    points: int
    region_points: int


@cache
def best_week(hand: tuple, here: str | None, res: tuple, day: int = 0, seen=frozenset()):
    """(points, plan): the most points the rest of the week can bring, and its Steps."""
    best = (0, ())
    for card_id in hand:
        card = deck[card_id]
        there = codes[card.region]
        for trip, after in trips(here, there, res):
            for excitement in range(min(after[EXCITEMENT], card.days - 1) + 1):
                days = visit_days(card, excitement)
                if day + days > WEEK:
                    continue
                points, later, bonus_first = visit(card, day, spend(after, EXCITEMENT, excitement))
                region = REGION_POINTS * (there not in seen)
                step = Step(trip, card_id, excitement, bonus_first, points, region)
                rest = tuple(c for c in hand if c != card_id)
                more, plan = best_week(rest, there, later, day + days, seen | {there})
                if points + region + more > best[0]:
                    best = (points + region + more, (step, *plan))
    return best


# %% [markdown]
# A real hand: deal a solo game (seed 0) and look at the first week's seven cards.


# %%
def dealt(seed: int):
    """A new solo game with the first hand dealt."""
    state = kit.load("four_weeks", players=1, seed=seed).new_game()
    state.resolve_chance()
    return state


def hand_of(state) -> tuple[str, ...]:
    """The card ids of the solo player's hand (the observation shows cards as 'BRI1 (name)')."""
    ids = {card.title: card.id for card in deck.values()}
    return tuple(ids[title] for title in state.observation(0)["hand"])


hand = hand_of(dealt(0))
for card_id in hand:
    card = deck[card_id]
    print(f"{card_id:<5} {card_text(card)}")

# %%
points, plan = best_week(hand, None, start)


def start_days(plan) -> list[int]:
    """The weekday (0 = Monday) on which each visit of a plan starts."""
    starts, day = [], 0
    for step in plan:
        starts.append(day)
        day += visit_days(deck[step.card], step.excitement)
    return starts


def calendar(plan) -> list[str]:
    """The plan as a week's diary, one line per visit."""
    lines = []
    for step, day in zip(plan, start_days(plan), strict=True):
        card = deck[step.card]
        days = visit_days(card, step.excitement)
        note = f", {step.excitement} Excitement spent" if step.excitement else ""
        note += ", bonus first" if step.bonus_first else ""
        lines.append(
            f"{rules.weekdays[day]}: {step.trip}, visit {card.name} ({days} day{'s' * (days > 1)}"
            f"{note}): {step.points} points + {step.region_points} for the region"
        )
    return lines


print("\n".join(calendar(plan)))
print(f"{points} points this week; {best_week.cache_info().currsize} positions searched")
assert points == sum(step.points + step.region_points for step in plan)


# %%
def route(plan) -> list[str]:
    """The regions the pawn passes through: along the rails by train, straight by plane."""
    path = []
    for step in plan:
        there = codes[deck[step.card].region]
        if step.trip.startswith("take the train"):
            path += nx.shortest_path(content.graph, path[-1], there)[1:]
        elif not path or path[-1] != there:
            path.append(there)
    return path


marks = defaultdict(list)
for step, day in zip(plan, start_days(plan), strict=True):
    marks[codes[deck[step.card].region]].append(rules.weekdays[day])
marks = {region: " ".join(days) for region, days in marks.items()}
print(" → ".join(route(plan)))
display(image(board_svg(europe, path=route(plan), marks=marks, title="The best week, day by day")))

# %% [markdown]
# Play that week yourself, on the same deal (seed 0): the diary above says what to click, day
# by day. Watch your board as you go: the Day discs fill the week, a train takes Energy and a
# plane Coins, Excitement spent makes a visit shorter, and a weekday bonus pays on its day.
# When the diary's visits are done, stay where you are and skip the days left, and see the
# week end: the regions score your Day discs.

# %%
play(dealt(0), seat=0)

# %% [markdown]
# The red line follows the rails for a train and flies straight for a plane; each visit is
# marked with the weekday it starts.
# The best week does not just take the most points per day: it spreads over regions, since each
# new region scores too, and it spends Excitement where a card would not otherwise fit.
#
# ## Step 6: does the rules engine agree?
#
# Our search is a model of the rules. The engine plays the real ones: we play the plan there,
# step by step by the actions' names, skip the days the plan leaves free, and compare the points
# the engine scores for Locations and regions at the end of the week with the search's.


# %%
def play_week(state, plan):
    """Play `plan` as the first week of a dealt solo game; skip the days left over."""

    def act(name: str) -> None:
        state.apply(name)
        state.resolve_chance()  # cards drawn by an effect

    def legal() -> list[str]:
        return [str(action) for action in state.legal_actions()]

    for step in plan:
        act(step.trip)
        spending = f" spending {step.excitement} Excitement" if step.excitement else ""
        act(f"visit {deck[step.card].title}{spending}")
        if "take the weekday bonus first" in legal():
            act("take the weekday bonus first" if step.bonus_first else "take the effect first")
        if "end the turn" in legal():
            act("end the turn")
    while any(name.startswith("stay in") for name in legal()):  # the days left over
        act(next(name for name in legal() if name.startswith("stay in")))
        act("skip the Activity and lose 1 day")
        if "end the turn" in legal():
            act("end the turn")
    return state


def week_points(state) -> int:
    sheet = state.scores()[0]
    return sheet.line("Locations") + sheet.line("Region scoring")


for seed in range(20):
    state = dealt(seed)
    points, plan = best_week(hand_of(state), None, start)
    assert week_points(play_week(state, plan)) == points, seed
print("the engine scores every planned week of seeds 0-19 as the search does")

# %% [markdown]
# ## Step 7: the bots
#
# The *greedy* bot looks one action ahead and picks the action with the best gain per day spent;
# the *random* bot picks any legal action. How do the greedy bot's first weeks compare with the
# planned ones? (The bot also takes the Extras: Local tiles, Bucket Lists, Festivals; we count
# only its Locations and regions, as the search does.)


# %%
def bot_week(seed: int) -> int:
    state = kit.load("four_weeks", players=1, seed=seed).new_game()
    bot = BOTS["greedy"](seed, 0)
    while state.observation(0)["week"] == 1:
        if state.current_player == CHANCE:
            state.resolve_chance()
        else:
            state.apply(bot.choose(state))
    return week_points(state)


print("seed  planned  greedy bot")
for seed in range(8):
    planned = best_week(hand_of(dealt(seed)), None, start)[0]
    print(f"{seed:>4} {planned:>8} {bot_week(seed):>11}")

# %% [markdown]
# The search fills the first week far better than the one-step-ahead bot. In fairness, it spends
# every Coin and Energy this week, while a player must keep some for the three weeks to come.
# Over whole games of four weeks, the greedy bot still beats random play clearly:

# %%
solo = kit.load("four_weeks", players=1)
print("greedy:", simulate(solo, [BOTS["greedy"]], games=20), sep="\n")
print("random:", simulate(solo, [BOTS["random"]], games=20), sep="\n")

# %% [markdown]
# (In a solo game the `wins` column only counts the games.)

# %% [markdown]
# ## Step 8: the planner's four weeks, as a calendar
#
# Our search plans one week and spends everything in it. The kit's four-week planner
# (`kit.solve.four_weeks`) plans all 28 days at once, with the deal's chance fixed (the order
# of the deck, the Festivals of each week): a CP-SAT model of the calendar, started from the
# best greedy game, each plan replayed in the engine. `calendar_days` gives the plan day by day,
# as `kit solve four-weeks` prints it:
#
# - a **turn** starts on a day: a trip, an **activity** (a visit, or Rest, Write, Plan) and
#   the Extras (Local tiles, Festivals, Bucket Lists);
# - the **Day disc** of the day it starts goes to the region; the days a visit goes on, and a
#   day skipped, their discs are **spent**.

# %%
from kit.solve.four_weeks import calendar_days, greedy_score, standard_puzzle  # noqa: E402
from kit.solve.four_weeks import solve as plan_four_weeks  # noqa: E402
from kit.solve.plan import bound_text  # noqa: E402

deal = standard_puzzle(seed=1)
four_weeks = plan_four_weeks(deal, time_limit=8)
days = calendar_days(deal, four_weeks)
print(f"{four_weeks.status} plan: {four_weeks.objective} points, {bound_text(four_weeks.bound)}")
print("the greedy bot on the same deal:", greedy_score(deal))
print(days[0])
assert deal.replay(four_weeks.history).scores()[0].total == four_weeks.objective
assert four_weeks.bound is None or four_weeks.objective <= four_weeks.bound  # None: none in time
assert len(days) == rules.weeks * WEEK
assert all(day.activity for day in days if day.disc)  # a disc is placed as a turn starts

# %% [markdown]
# (Eight seconds find a good plan, not a proven one: the bound, when the planner has one in
# time, is far above it, and the score found depends on how busy the computer is, so only what
# holds for any plan is asserted.)
#
# A tiny function names a day's activity in a few words:


# %%
def activity_of(day) -> str:
    """The activity started on `day`, in a few words ("" while a visit goes on)."""
    for action in day.activity:
        if action.startswith("visit "):
            return deck[action.split()[1]].name
        if action.split()[0] in ("rest:", "write:", "plan:", "skip"):
            return action.split(":")[0].split()[0]
    return ""


print([activity_of(day) for day in days[:7]])
assert activity_of(days[0]) and not activity_of(next(d for d in days if not d.disc))

# %% [markdown]
# The calendar: a row per week, Monday to Sunday; each day coloured by the region the pawn is
# in, with the activity started that day. A day whose Day disc is spent is hatched.

# %%
import textwrap  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402

palette = plt.get_cmap("tab10").colors
colour = {code: palette[i % len(palette)] for i, code in enumerate(codes)}
figure, axes = plt.subplots(figsize=(10, 4.6))
for day in days:
    x, y = day.weekday, rules.weeks - day.week
    spent = not day.disc
    axes.add_patch(
        plt.Rectangle((x, y), 0.96, 0.92, color=colour[day.region], alpha=0.35 if spent else 0.8)
    )
    if spent:
        axes.add_patch(plt.Rectangle((x, y), 0.96, 0.92, fill=False, hatch="//", ec="white"))
    axes.text(x + 0.05, y + 0.8, f"{day.day} {day.region}", fontsize=7)
    label = "\n".join(textwrap.wrap(activity_of(day), 13, break_long_words=False))
    axes.text(x + 0.48, y + 0.4, label, fontsize=7, ha="center", va="center")
axes.set(xlim=(0, WEEK), ylim=(0, rules.weeks))
axes.set_xticks([d + 0.48 for d in range(WEEK)], rules.weekdays)
axes.set_yticks(
    [w + 0.46 for w in range(rules.weeks)], [f"week {rules.weeks - w}" for w in range(rules.weeks)]
)
axes.tick_params(length=0)
for side in axes.spines.values():
    side.set_visible(False)
used = dict.fromkeys(day.region for day in days)
handles = [plt.Rectangle((0, 0), 1, 1, color=colour[code]) for code in used]
handles.append(plt.Rectangle((0, 0), 1, 1, fill=False, hatch="//", ec="grey"))
names = {region.code: region.name for region in content.regions}
spent = "disc spent: a visit goes on, or a day skipped"
axes.legend(
    handles, [f"{code} {names[code]}" for code in used] + [spent],
    loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8,
)  # fmt: skip
axes.set_title(f"The planned four weeks: {four_weeks.objective} points")
plt.show()

# %% [markdown]
# Read it as a diary. Where do the long visits fall? Does the plan visit a new region each
# week, and what does it hold at the end of the first week (`days[6].held` and the days
# before) compared with the best first week of Step 5, which spends everything?

# %% [markdown]
# ## Exercise
#
# Excitement is the resource that buys days. Take the hand of seed 0 again: **how many more
# points would the best week bring if you started it with one more Excitement?** Replace `None`
# by your answer and run the checker.


# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.


# %% jupyter={"source_hidden": true}
def excitement_worth() -> int:
    """The best week's points with one Excitement more, less the best week's points."""
    hand = hand_of(dealt(0))
    return best_week(hand, None, spend(start, EXCITEMENT, -1))[0] - best_week(hand, None, start)[0]


exercise = Exercise(
    "how many more points the best week brings with one more Excitement", expected=excitement_worth
)


# %%
answer = None  # your answer here
exercise.check(answer)

# %% [markdown]
# ## Solution
#
# The solution is the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.

# %% jupyter={"source_hidden": true}
# Spending a negative amount adds: `spend(start, EXCITEMENT, -1)` holds one Excitement more.
hand = hand_of(dealt(0))
richer = best_week(hand, None, spend(start, EXCITEMENT, -1))[0]
assert exercise.check(richer - best_week(hand, None, start)[0])
