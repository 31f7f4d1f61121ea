# %% [markdown]
# # Timeless Journeys, rule by rule
#
# **In the Italian Grand Tour every round is five cards played. What can five cards do, and
# what changes between the two rulebook texts?** This lesson plays the rules one at a time on
# the board, with positions built by the kit's scenario builder, and ends with the English and
# Japanese editions side by side.
#
# Vocabulary:
# - a **Basic card** belongs to a **category**: travel (Movement, Exploration), friendship
#   (Conversation, Letter) or inspiration (Ideas, Journal and Café); **Advanced cards** come from
#   the **market** in three **levels**, and add a fourth category, festivities;
# - a card played **face up** whose category you already played this round starts a **chain**:
#   every face-up card of that category in your play area may act again;
# - a card played **face down** does one of three small things, whatever it is;
# - the **Famous Travellers** are three portraits on the **Gazette**; each stands in a city each
#   round and rewards those who meet them there;
# - the **edition** is the rulebook text the game follows: `"en"` or `"ja"`.

# %%
from dataclasses import fields

import matplotlib.pyplot as plt

import kit
from kit.lessons import Exercise, check_function, image
from kit.timeless_journeys import load_content, setup
from kit.widgets import play, timeline_svg

content = load_content()
rules = content.rules
solo = kit.load("timeless_journeys", players=1, seed=1)
start = setup(solo, side="A")
start  # the board of Italy, the player's marker in Torino

# %% [markdown]
# ## 1. A round is five plays
#
# Each round every player plays `rules.plays_per_round` cards, one at a time, from a hand of
# seven Basic cards. The engine asks the question in words and lists every card both ways:

# %%
print(start.question())
print(start.observation(0)["turn"])
for action in start.legal_actions()[:4]:
    print(" ", action)
assert rules.plays_per_round == 5


# %%
def category(card_name: str) -> str:
    """The category of a Basic card, by its name in the hand ("Movement card")."""
    return next(card.category for card in content.basic.values() if card.name == card_name)


hand = start.observation(0)["players"][0]["hand"]
print({card: category(card) for card in hand})
assert category("Movement card") == category("Exploration card") == "travel"

# %% [markdown]
# ## 2. Chains of actions
#
# The first face-up card of a category just acts. A second card of the same category starts a
# chain: **both** may act, in any order, and any may be skipped. A third acts with the two
# before it. The engine offers exactly that: after a Movement card and an Exploration card,
# the second Movement card chains all three travel cards.

# %%
chained = setup(
    solo,
    side="A",
    actions=[
        "play the Movement card face up",
        "activate the Movement card",
        "move to Asti Hills for free",
        "play the Exploration card face up",
        "end the chain",
        "play the second Movement card face up",
    ],
)
print(chained.question())
print([str(action) for action in chained.legal_actions()])
assert len([a for a in chained.legal_actions() if str(a).startswith("activate")]) == 3

# %% [markdown]
# So a round's activations depend on the order of categories. A tiny function counts them:
# the k-th face-up card of a category can activate k cards.


# %%
def activations(categories: list[str]) -> int:
    """The most card activations a round of face-up plays in these categories can give."""
    seen: dict[str, int] = {}
    total = 0
    for name in categories:
        seen[name] = seen.get(name, 0) + 1
        total += seen[name]
    return total


print(activations(["travel", "travel", "travel"]), activations(["travel", "inspiration"]))
assert activations(["travel", "travel", "travel"]) == 1 + 2 + 3
assert activations(["travel", "friendship", "inspiration"]) == 3

# %% [markdown]
# Try the chain yourself, at the position above: the second Movement card has just been played
# face up, and the engine asks which card of the chain acts next. Activate the three travel
# cards one after another (the two Movement cards move the marker, the Exploration card
# explores where it stands), or **end the chain** early. The log lists every activation; then
# play the round's other cards, and the market phase says which level your categories opened.

# %%
play(chained, seat=0)

# %% [markdown]
# ## 3. Face-down plays
#
# Any card may be played face down instead. It never chains, and it does one of three things:
# take `rules.face_down_coins` coins, move one step (paying the path), or buy a market card at
# its level's price (`rules.market_cost`: 0, 2 and 5 coins).

# %%
face_down = setup(solo, side="A", actions=["play the Movement card face down"])
print(face_down.question())
for action in face_down.legal_actions():
    print(" ", action)
coins = face_down.observation(0)["players"][0]["coins"]
face_down.apply("take 2 coins")
assert face_down.observation(0)["players"][0]["coins"] == coins + rules.face_down_coins

# %% [markdown]
# ## 4. The market: variety pays
#
# After the Famous Travellers' phase, each player may take one market card for free. How high
# a level depends on how many categories they played this round, a face-down card counting as
# a category of its own: 2 give Level I, 3 up to Level II, 4 any level.


# %%
def best_level(categories_played: int) -> int:
    """The highest market level (0: none) a round with this many categories allows."""
    return rules.market_levels_by_categories[min(categories_played, 5)]


print([best_level(n) for n in range(6)])
assert [best_level(n) for n in (1, 2, 3, 4)] == [0, 1, 2, 3]

# %% [markdown]
# The engine agrees: a round of travel, inspiration, friendship and a face-down card (four
# categories) reaches the market with every level open.

# %%
four_kinds = setup(
    solo,
    side="A",
    actions=[
        "play the Movement card face up",
        "end the chain",
        "play the Ideas card face up",
        "end the chain",
        "play the Letter card face up",
        "end the chain",
        "play the Exploration card face down",
        "take 2 coins",
        "play the Conversation card face up",
        "end the chain",
    ],
)
print(four_kinds.observation(0)["phase"], "-", four_kinds.question())
assert "up to Level III" in four_kinds.question()

# %% [markdown]
# ## 5. The Famous Travellers
#
# Three travellers stand on the Gazette, each in a city that changes every round. Their
# abilities reward a player who is in the right place (a café discussion in Montesquieu's city
# is worth more; Mary Shelley rewards written Ideas at the end of the round). Talking to one in
# their city places an Experience token on their column, for a reward now and a majority at
# the end. The Gazette, round by round:

# %%
for traveller in start.observation(0)["travellers"]:
    print(f"{traveller['name']:<14} in {traveller['city']:<8} {traveller['text']}")
image(timeline_svg(start))

# %% [markdown]
# ## 6. Two editions side by side
#
# The English and Japanese rulebooks disagree on a few rules. The kit keeps both, as data
# (`kit/seeds/timeless_journeys/editions.toml`), chosen by `edition="en"` or `edition="ja"`:

# %%
english, japanese = content.editions["en"], content.editions["ja"]


def differences(a, b) -> dict[str, tuple]:
    """The edition values that differ, by name: (a's, b's)."""
    names = [field.name for field in fields(a) if field.name != "name"]
    return {
        name: (getattr(a, name), getattr(b, name))
        for name in names
        if getattr(a, name) != getattr(b, name)
    }


for name, (en, ja) in differences(english, japanese).items():
    print(f"{name:<24} en: {en!s:<20} ja: {ja}")
assert differences(english, japanese)["dickens_cost"] == (2, 1)

# %% [markdown]
# Two values are the kit's, not the rulebooks': the Japanese text sets no limit on Dickens' use
# in a turn, and the kit keeps the English once per turn (without it a turn need never end);
# and neither text prints Le Brun's reveals for one player, which follow two players'
# (`editions.toml` lists both under `reconstructed`). Setup steps that only the
# Japanese text gives (the favour tiles, the market display, the starting coins) serve both.
#
# Vigée Le Brun's Paintings score more in the Japanese text, and are taken from an open display
# rather than a few revealed each round:

# %%
figure, axes = plt.subplots(figsize=(6, 3))
counts = range(1, len(english.lebrun_values) + 1)
axes.bar([c - 0.2 for c in counts], english.lebrun_values, width=0.4, label='edition="en"')
axes.bar([c + 0.2 for c in counts], japanese.lebrun_values, width=0.4, label='edition="ja"')
axes.set(xlabel="different Paintings", ylabel="VP at the end", title="Vigée Le Brun's Paintings")
axes.legend()
plt.show()

# %% [markdown]
# And the engine plays each text: with Dickens on the Gazette, exploring his city from afar
# costs 2 coins in English and 1 in Japanese, which the actions on offer say.


# %%
def dickens_offer(edition: str) -> list[str]:
    """The Dickens actions of player 1's first turn, in a two-player game of `edition`."""
    game = kit.load(
        "timeless_journeys",
        players=2,
        seed=1,
        edition=edition,
        mode="chosen",
        travellers=["lebrun", "blessington", "dickens"],
    )
    state = setup(game, side="A", actions=["play the Ideas card face down", "take 2 coins"])
    return [str(action) for action in state.legal_actions() if "Dickens" in str(action)]


print("en:", dickens_offer("en"))
print("ja:", dickens_offer("ja"))
assert dickens_offer("en") == ["pay 2 coins to explore in Roma with Charles Dickens"]
assert dickens_offer("ja") == ["pay 1 coin to explore in Roma with Charles Dickens"]

# %% [markdown]
# ## Exercise
#
# Write `round_activations(plays)`: `plays` lists a round's plays in order, each a category
# (`"travel"`, `"friendship"`, `"inspiration"`) for a card face up or `"down"` for a card face
# down. Return the most card activations the round can give. Remember that a face-down card
# never chains and is not a card that a chain activates. Then run the checker.

# %%
round_activations = None  # your function here

cases = [  # (arguments, the result expected)
    ((["travel", "travel"],), 3),
    ((["down", "travel", "down", "travel"],), 3),
    ((["inspiration", "travel", "inspiration", "inspiration", "friendship"],), 8),
    ((["down", "down"],), 0),
]
check_function(round_activations, cases, what="round_activations")

# %% [markdown]
# And a quiz on the editions: in which edition, `"en"` or `"ja"`, does Goethe reward coins
# wherever your marker stands?

# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.

# %% jupyter={"source_hidden": true}
quiz = Exercise(
    "the edition in which Goethe rewards coins wherever your marker stands",
    expected="ja",
    choices=["en", "ja"],
    why="goethe_needs_city is false in the Japanese text",
)


# %%
quiz.check(None)  # your answer here

# %% [markdown]
# ## Solutions
#
# The solutions are the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.


# %% jupyter={"source_hidden": true}
def solution(plays: list[str]) -> int:
    return activations([play for play in plays if play != "down"])


assert check_function(solution, cases, what="round_activations")
assert quiz.check("ja")
