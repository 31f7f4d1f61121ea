# %% [markdown]
# # Five plays a round: the chain of actions
#
# In *Timeless Journeys: The Italian Grand Tour* you travel through Italy for five rounds, and
# in each round you play only **five** cards. Yet the rulebook calls one rule "the core
# mechanism" of the game: the **chain of actions**. **How many actions can five plays give, and
# what does a long chain cost you?**
#
# Vocabulary:
# - a **play** puts one card from your hand in front of you, face up (you use its effect) or face
#   down (you take 2 coins, move one step, or buy a market card instead);
# - every card has a **category**: travel, friendship or inspiration (and festivities for some
#   Advanced cards);
# - a **chain**: when you play a card face up in a category you have *already* played face up
#   this round, you may **activate** every face-up card of that category in front of you, the
#   new one included, in any order;
# - the **market**: at the end of a round you take one Advanced card for free, whose best level
#   depends on how many *different* categories you played (a face-down card counts as a category
#   of its own).

# %%
import itertools
import math
from collections import Counter

import networkx as nx
from IPython.display import display

import kit
from kit.core.bots import play, simulate
from kit.lessons import Exercise, image
from kit.timeless_journeys import BOTS, board, setup
from kit.widgets import board_svg

game = kit.load("timeless_journeys", players=1, seed=1)
content = game.content
for card in content.basic.values():
    print(f"{card.name:<22} {card.category:<12} {card.text}")

# %% [markdown]
# Every player starts with these seven Basic cards: three travel cards, two friendship cards, two
# inspiration cards.

# %%
basic_hand = Counter(card.category for card in content.basic.values())
print(basic_hand)

# %% [markdown]
# ## Step 1: count the activations of a round
#
# A play activates one card, unless it is a chain: then it activates every face-up card of its
# category so far. So the *k*-th face-up card of a category activates *k* cards, and a face-down
# play gives exactly one action of its own. We write a face-down play as `DOWN`.

# %%
DOWN = "face down"


def activations(plays: list[str]) -> list[int]:
    """How many cards each play of a round can activate, given the category of each play."""
    seen = Counter()
    result = []
    for category in plays:
        if category == DOWN:
            result.append(1)
        else:
            seen[category] += 1
            result.append(seen[category])
    return result


activations(["travel", "friendship", "travel", "travel", DOWN])

# %% [markdown]
# Three travel cards give 1 + 2 + 3 = 6 activations: the *k*-th card of a category brings *k*,
# so *n* cards of one category bring the triangular number *n*(*n* + 1)/2, whatever the order of
# the plays in between.

# %%
assert sum(activations(["travel"] * 3)) == 6
assert sum(activations(["travel", "inspiration", "travel", "inspiration", "travel"])) == 6 + 3

# %% [markdown]
# ## Step 2: does the rules engine agree?
#
# Our count is our reading of the rule. The engine plays the real rules: after a card is played
# face up, it asks which cards of the chain to activate. We play a round of one solo game and
# count the `activate` answers it offers after each play (then we decline them all: only the
# count matters here). The scenario builder `setup(game)` makes the game's setup draws (Gazette
# side, travellers, tiles, Journals, market); any of them could be fixed by name, and a list of
# actions could follow, but here the seed's setup will do.


# %%
def offered_activations(cards: list[str]) -> list[int]:
    """Play `cards` face up, one per turn, in a new solo game; how many activations each offers."""
    state = setup(kit.load("timeless_journeys", players=1, seed=1))
    offered = []
    for card in cards:
        state.apply(f"play {content.card(card).label} face up")
        offered.append(sum(str(a).startswith("activate") for a in state.legal_actions()))
        state.apply("end the chain")
        if "end the turn" in map(str, state.legal_actions()):
            state.apply("end the turn")
    return offered


cards = ["move", "talk", "move2", "letter", "explore"]
print(offered_activations(cards))
assert offered_activations(cards) == activations([content.basic[c].category for c in cards])

# %% [markdown]
# ## Step 3: every way to spend five plays
#
# What matters for a round is how many plays go to each category (and how many face down). We
# list every such split of the five plays that the hand allows, with the activations it gives and
# the market level it opens.

# %%
levels = content.rules.market_levels_by_categories
print("categories played -> best market level:", dict(enumerate(levels)))


def splits(hand: Counter, plays: int = 5):
    """Every way to share `plays` among the hand's categories and face-down plays."""
    names = [*hand, DOWN]
    limits = [hand[name] for name in hand] + [plays]
    for counts in itertools.product(*(range(limit + 1) for limit in limits)):
        if sum(counts) == plays:
            yield {name: n for name, n in zip(names, counts, strict=True) if n}


def total_activations(split: dict) -> int:
    return sum(n if name == DOWN else n * (n + 1) // 2 for name, n in split.items())


def market_level(split: dict) -> int:
    """The best Advanced card level the split opens at the market (0: no card)."""
    return levels[len(split)]


every = list(splits(basic_hand))
print(len(every), "splits, for example:")
for split in every[-3:]:
    print(f"{total_activations(split):>2} activations, market level {market_level(split)}: {split}")

# %% [markdown]
# Keep, for each market level, the split with the most activations:


# %%
def best_by_level(hand: Counter) -> dict[int, tuple[int, dict]]:
    best = {}
    for split in splits(hand):
        level, value = market_level(split), total_activations(split)
        if value > best.get(level, (-1, None))[0]:
            best[level] = (value, split)
    return dict(sorted(best.items()))


for level, (value, split) in best_by_level(basic_hand).items():
    print(f"market level {level}: at most {value} activations, with {split}")

# %% [markdown]
# So five plays give **at most 9 activations** instead of 5: nearly twice as many. But the long
# chain narrows the round to two categories, which buys only a Level I card at the market.
# Keeping three categories costs one activation (8) and opens Level II; four categories need a
# face-down play, cost three activations (6) and open Level III. (Level 0 is the round played all
# face down: five actions and no card.)

# %%
assert {level: value for level, (value, _) in best_by_level(basic_hand).items()} == {
    0: 5,
    1: 9,
    2: 8,
    3: 6,
}

# %% [markdown]
# ## Step 4: what is a chain of moves worth on the map?
#
# Not every activation is useful: exploring the same city twice gives its reward, not a second
# tile. Moves are different: each one takes you a step further. Play the travel cards in the
# order `move`, `move2`, `explore` and the chain gives 3 + 2 = 5 moves and one exploration in a
# single round. How far is that?
#
# The map is a networkx graph: 8 cities (blue), the countryside between them (orange), and paths
# with a coin `cost`. Most paths are free; ten cost 1 to 3 coins (drawn brown below, with their
# cost), among them every direct path from one city to another.

# %%
italy = board()
paying = {(a, b): cost for a, b, cost in italy.edges(data="cost") if cost}
print(italy)
print("paths that cost coins:", ", ".join(f"{a}–{b} {cost}" for (a, b), cost in paying.items()))
style = {
    "group": "kind",
    "edge_colour": lambda path: "#8c564b" if path["cost"] else "#bbbbbb",
    "edge_label": "cost",
}
display(image(board_svg(italy, **style, title="Italy: cities and countryside")))

# %% [markdown]
# Two questions a traveller from Torino to Napoli can ask networkx: the fewest moves, and the
# fewest coins.

# %%
start, goal = content.start, "Napoli"
fewest_moves = nx.shortest_path(italy, start, goal)
fewest_coins = nx.shortest_path(italy, start, goal, weight="cost")


def coins(path: list[str]) -> int:
    return sum(italy.edges[a, b]["cost"] for a, b in itertools.pairwise(path))


def plural(n: float, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


for name, path in [("fewest moves", fewest_moves), ("fewest coins", fewest_coins)]:
    print(f"{name}: {plural(len(path) - 1, 'move')}, {plural(coins(path), 'coin')}:")
    print("   ", " → ".join(path))

# %% [markdown]
# (networkx returns *one* path with the fewest moves; others as short may be cheaper.) Between
# those two extremes: with at most *k* moves, what is the cheapest way? A small dynamic
# program answers it: after *k* rounds of relaxing every path, `best[place]` is the fewest coins
# to reach `place` in at most *k* moves (the Bellman–Ford algorithm, stopped early).


# %%
def cheapest_within(start: str, goal: str, moves: int) -> float:
    """Fewest coins from `start` to `goal` in at most `moves` moves (inf if out of reach)."""
    best = {start: 0}
    for _ in range(moves):
        step = dict(best)
        for place, paid in best.items():
            for other in italy[place]:
                cost = paid + italy.edges[place, other]["cost"]
                if cost < step.get(other, math.inf):
                    step[other] = cost
        best = step
    return best.get(goal, math.inf)


for moves in range(len(fewest_moves) - 1, len(fewest_coins)):
    cost = cheapest_within(start, goal, moves)
    print(f"Torino → Napoli in at most {moves} moves: {plural(cost, 'coin')}")
assert cheapest_within(start, goal, len(fewest_moves) - 2) == math.inf
assert cheapest_within(start, goal, len(fewest_coins) - 1) == coins(fewest_coins)

# %%
display(
    image(
        board_svg(
            italy,
            **style,
            path=fewest_coins,
            labels=fewest_coins,
            marks={place: f"move {i}" for i, place in enumerate(fewest_coins) if i},
            title=f"The cheapest way from Torino to Napoli: {plural(coins(fewest_coins), 'coin')}",
        )
    )
)

# %% [markdown]
# Each move more saves two coins here: about what a face-down play would have given. Napoli
# needs six moves at the least, so even a full travel chain does not reach it from Torino in one
# round; but every other city lies within the chain's five moves:

# %%
reach = nx.single_source_shortest_path_length(italy, start, cutoff=5)
cities = [place for place in content.cities if place != start]
print("cities within 5 moves of Torino:", [city for city in cities if city in reach])
assert [city for city in cities if city not in reach] == ["Napoli"]

# %% [markdown]
# ## Step 5: do the bots chain?
#
# The *greedy* bot tries each legal action on a copy of the game and keeps the one that looks
# best; the *random* bot picks any legal action. Both play by the full rules. We count the
# activations the greedy bot really uses in one game, and compare the two bots' scores.

# %%
state = kit.load("timeless_journeys", players=1, seed=3).new_game()
final = play(state, [BOTS["greedy"](3, 0)])
used = sum(str(action).startswith("activate") for action in final.history)
rounds = content.rules.rounds
print(f"the greedy bot used {used} activations in {rounds} rounds: {used / rounds:.1f} a round")
print(final.scores()[0])

# %%
solo = kit.load("timeless_journeys", players=1)
print("greedy:", simulate(solo, [BOTS["greedy"]], games=6), sep="\n")
print("random:", simulate(solo, [BOTS["random"]], games=6), sep="\n")

# %% [markdown]
# The greedy bot chains nearly as much as the seven Basic cards allow (Advanced cards bought on
# the way can push a round past 9), and it scores several times what random play does. In a
# solo game the `wins` column only counts games.

# %% [markdown]
# ## Step 6: the planner, and what if the travellers change?
#
# The greedy bot looks one action ahead. The kit's five-round planner
# (`kit.solve.timeless_journeys`) searches whole games of the engine: along the best game so far it
# tries the best few ways to play each turn and plays each on to the end with the greedy bot,
# and keeps the best (the *pilot method*). Its plan is replayed in the engine, which must score
# it the same; beside it comes a **bound**, a score no plan can beat.
#
# A **solo puzzle** is a dealt solo game with its future fixed: the market's decks and the
# Paintings are revealed in an order known in advance. The **travellers' set** is which Famous
# Travellers are in play: the introductory set, or one of four historical sets A–D. Each
# traveller has a city and an ability that pays for certain actions there. What does the set
# change?

# %%
from kit.solve.timeless_journeys import SETS, standard_puzzle  # noqa: E402
from kit.solve.timeless_journeys import greedy_score as greedy_rounds  # noqa: E402
from kit.solve.timeless_journeys import solve as plan_rounds  # noqa: E402

puzzles = {name: standard_puzzle(name) for name in SETS}
for name, puzzle in puzzles.items():
    print(f"set {name}:")
    for traveller in puzzle.state().observation(0)["travellers"]:
        print(f"    {traveller['name']:<17} in {traveller['city']:<8} {traveller['text']}")

# %% [markdown]
# One second of planning per set (a short search: a longer one may find more), beside the greedy
# bot's game of the same puzzle:

# %%
plans = {name: plan_rounds(puzzle, time_limit=1, workers=1) for name, puzzle in puzzles.items()}
greedy_by_set = {name: greedy_rounds(puzzle) for name, puzzle in puzzles.items()}
for name, plan in plans.items():
    print(f"set {name:<5} greedy {greedy_by_set[name]:>3}   plan {plan.objective:>3}   "
          f"bound {plan.bound}")  # fmt: skip
for name, plan in plans.items():  # every plan is what the engine scores when it replays it
    assert puzzles[name].replay(plan.history).scores()[0].total == plan.objective <= plan.bound
assert greedy_by_set == {"intro": 42, "A": 28, "B": 28, "C": 43, "D": 63}
assert {name: plan.bound for name, plan in plans.items()} == {
    "intro": 477, "A": 568, "B": 448, "C": 503, "D": 664,
}  # fmt: skip

# %% [markdown]
# The plan of the introductory set, round by round: the VP won so far at each round's end.

# %%
for step in plans["intro"].steps:
    if "end of round" in step.note:
        print(step.note)

# %%
import matplotlib.pyplot as plt  # noqa: E402

figure, axes = plt.subplots(figsize=(8, 3))
xs = range(len(SETS))
axes.bar([x - 0.2 for x in xs], list(greedy_by_set.values()), 0.4, label="greedy bot")
axes.bar([x + 0.2 for x in xs], [plan.objective for plan in plans.values()], 0.4,
         label="planner, 1 second")  # fmt: skip
for x, plan in zip(xs, plans.values(), strict=True):
    axes.text(x, plan.objective + 1, f"bound {plan.bound}", ha="center", fontsize=8)
axes.set_xticks(list(xs), [f"set {name}" for name in SETS])
axes.set(ylabel="VP", title="The same solo deal with each travellers' set")
axes.set_ylim(0, 1.3 * max(plan.objective for plan in plans.values()))
axes.legend(loc="upper left", ncols=2, fontsize=8)
plt.show()

# %% [markdown]
# The deal is the same (seed 1): the cards, the map and the market do not change, only who is
# waiting in which city and what they pay for. Compare the introductory set with set A: A keeps
# Montesquieu and Lady Montagu (in other cities) and brings Joseph Addison in place of Mary
# Shelley. Addison pays a VP for every conversation, letter or exploration in his city; Mary
# Shelley pays only at a round's end, for Idea tokens written in the Journals. The greedy bot
# scores 14 VP less with set A: it goes wherever the next action looks best, so other travellers
# on the map change its first moves, and with them its whole game, for better or for worse.
# Then look at the gap between the two bars of each set: where is it widest? Abilities
# such as Mark Twain's (2 VP for every Idea gained in his city) or Charles Dickens's (discuss or
# explore in his city from anywhere, for coins) pay for turns arranged around them, which a
# search over whole turns finds and a one-step bot does not.
#
# And the bounds? They are honest but far away (450 to 660 VP against scores near 100). The
# bound counts, round by round, what the cards the player can hold by then can give when their
# five plays chain as much as they can, and what those plays lead to (tiles, meetings, cafés,
# Journal slots) by the counts they allow; but it counts each source at its most on its own, as
# if the same activations could give the VP of a conversation, the Ideas a café needs and the
# café itself. No plan here is proven optimal; the plots compare plans, not optima. Only at the
# very end does a proof come: with two turns left or fewer, the planner tries every way to play
# them (tens of thousands of positions, each reached twice counted once) and, if it is done
# within half the time, its best is the optimum.

# %% [markdown]
# ## Exercise
#
# During the game you add Advanced cards to your hand. Say you have bought two more travel cards
# (card 11, "take 1 coin, then move 1", and card 30, "move 2"), so your hand holds five travel
# cards, two friendship and two inspiration cards. What is the **most activations** you can get
# from five plays in a round **that still earns a free card at the market** (any level)? Replace
# `None` by your answer and run the checker.


# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.


# %% jupyter={"source_hidden": true}
def most_activations_with_a_market_card() -> int:
    """A brute force over the cards themselves (not over splits by category): every five cards
    of the hand, each face up or face down, that earn a market card."""
    hand = [*content.basic, "11", "30"]
    best = 0
    for chosen in itertools.combinations(hand, 5):
        for up in itertools.product([True, False], repeat=5):
            plays = [
                content.card(c).category if u else DOWN for c, u in zip(chosen, up, strict=True)
            ]
            if levels[len(set(plays))] >= 1:
                best = max(best, sum(activations(plays)))
    return best


exercise = Exercise(
    "the most activations of five plays that still earn a market card",
    expected=most_activations_with_a_market_card,
    hints={15: "five travel cards are one category: the market gives nothing for one"},
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
# Add the two cards to the hand and keep the best split that opens market level 1 or more
# (five travel cards would give 15 activations, but one category alone earns no market card).
bigger_hand = basic_hand + Counter(content.card(c).category for c in ["11", "30"])
best = max(value for level, (value, _) in best_by_level(bigger_hand).items() if level >= 1)
assert exercise.check(best)
