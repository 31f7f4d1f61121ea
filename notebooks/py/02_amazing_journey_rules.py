# %% [markdown]
# # The Amazing Journey, rule by rule
#
# **What may a traveller do with a day, and what does each choice cost in days and bring in
# points?** This lesson takes the rules one at a time, each on the board with a short scenario
# built by the kit's scenario builder, so that every claim is checked by the rule engine itself.
#
# Vocabulary:
# - the **Timeline** is the track of 80 days around the board; each day shows the transport
#   types that **depart** on it;
# - a **route** is a line of one type (bus, train, ship, balloon, airship, or a **Secret** route)
#   through two or more cities; a **Travel** action follows one route;
# - a **Ticket** is a card of one type that lets you travel without a departure;
# - a **Location token** lies face down in a city: an **Experience** or a **Souvenir**;
#   **exploring** a city collects its token, for days the **die** decides;
# - the three **checkpoints** are cities to pass in order, each from its **activation day**;
# - a **turn** is a series of actions; the **score sheet** adds up the points at the end.
#
# A word on where the numbers come from: the rulebook prints the rules, but not every value on
# the board. The kit marks each value with its source; those marked `reconstructed` were chosen
# by the kit to fit the printed rules, and are not the publisher's.

# %%
import kit
from kit.amazing_journey import BOTS, load_content, setup
from kit.lessons import Exercise, image
from kit.widgets import board_svg, play, timeline_svg

content = load_content("regular")
board, rules = content.board, content.rules
graph = board.graph()


def source(thing) -> str:
    """Where a value comes from: 'rulebook' (printed) or 'reconstructed' (the kit's choice)."""
    return thing.source


print("the Timeline's departures:", source(board.timeline))
print("the checkpoints' days and points:", source(board.checkpoints[0]))

# %% [markdown]
# ## 1. The Timeline: what departs today
#
# A traveller's day is where their pawn stands on the Timeline. The transport types departing
# on that day are the ones they may take without a Ticket. Most days show one or two types; the
# corners show all five.


# %%
def departing(day: int) -> tuple[str, ...]:
    """The transport types that depart on `day` of the Timeline."""
    return board.timeline.departures[day % board.timeline.length]


print("day 0:", departing(0), "  day 1:", departing(1), "  day 5:", departing(5))
assert len(departing(0)) == 5  # day 0 is a corner: every type departs
assert all(1 <= len(departing(day)) <= 5 for day in range(80))

# %% [markdown]
# The whole Timeline, with the checkpoints' flags and their point bars under the days:

# %%
game = kit.load("amazing_journey", players=2, seed=3)
start = setup(game, travellers=["Paulo", "Yuki"], placement={"Paris": "A03"})
image(timeline_svg(start))

# %% [markdown]
# ## 2. Departures: two days, and a token stops you
#
# Paulo and Yuki stand in London on day 0 (the state below shows the board with the pawns).
# Every type departs on day 0, so each route out of London is open.

# %%
start

# %% [markdown]
# A Travel by departure takes `rules.departure_days` days, however many cities the route passes.
# A tiny function measures what an action costs by playing it on a copy of the state:


# %%
def days_taken(state, action: str) -> int:
    """How many days `action` moves the player to move along the Timeline."""
    player = state.current_player
    after = state.clone()
    after.apply(action)
    return after.day[player] - state.day[player]


print(days_taken(start, "take the T1 train to Paris"), "days by train to Paris")
assert days_taken(start, "take the T1 train to Paris") == rules.departure_days == 2

# %% [markdown]
# The T1 train goes on from Paris to Vienna, Athens and Istanbul, but a city holding a token
# ends the Travel there: with a token face down in Paris, Vienna cannot be reached in one go.


# %%
def destinations(state, route: str) -> list[str]:
    """The cities the player to move can reach on `route` by its departure today."""
    return [
        action.place
        for action in state.legal_actions()
        if str(action).startswith(f"take the {route} ")
        and " with " not in str(action)
        and " by " not in str(action)
    ]


print("T1 with a token in Paris:", destinations(start, "T1"))
assert destinations(start, "T1") == ["Paris"]

# %% [markdown]
# Some tokens carry a symbol, and setup removes every token of some symbols (how many depends
# on the number of players). Token A01 carries a triangle: with it in Paris and the triangles
# removed, Paris is empty and the train runs on to Vienna, the next city with a token.

# %%
empty_paris = setup(
    game, travellers=["Paulo", "Yuki"], placement={"Paris": "A01"}, removed=["triangle", "star"]
)
print("T1 with Paris empty:", destinations(empty_paris, "T1"))
assert "Vienna" in destinations(empty_paris, "T1")
image(board_svg(graph, path=["London", "Paris", "Vienna"], title="T1: through an empty Paris"))

# %% [markdown]
# ## 3. Tickets: one day instead of two, and any route for two
#
# A Ticket of a route's type lets you travel on it on any day, in `rules.ticket_days` day.
# Any two Tickets together take any route, the Secret ones too. Paulo starts here with a train
# Ticket: the train departs on day 0 anyway, but the Ticket is a day quicker, and on a day with
# no train it would be the only way. (Paulo's own power, a train for 0 days, is the third way.)

# %%
with_ticket = setup(
    game, travellers=["Paulo", "Yuki"], placement={"Paris": "A03"}, tickets=[["train"], ["ship"]]
)
print([str(a) for a in with_ticket.legal_actions() if "to Paris" in str(a)])
assert days_taken(with_ticket, "take the T1 train to Paris with a train ticket") == 1
assert days_taken(with_ticket, "plan") == rules.plan_days == 2  # waiting for 2 days draws a Ticket

# %% [markdown]
# ## 4. Exploring: the die sets the days
#
# In a city with a token, **explore** collects it. The die decides how long it takes: 2 days
# (and a Ticket discarded), 3 days, or 4 days (and a Ticket drawn). The die's faces in the kit
# are reconstructed; the three results are the rulebook's.

# %%
print({(face.days, face.draw_tickets, face.discard_tickets) for face in content.die})
in_paris = with_ticket.clone()
in_paris.apply("take the T1 train to Paris with a train ticket")
in_paris.apply("explore Paris")
print(in_paris.question())
print([str(outcome) for outcome in in_paris.legal_actions()])

# %% [markdown]
# Say the die shows 3. The token is a food Experience, and Paulo holds a food Objective: the
# engine asks whether to play it (an Objective played is worth a point at the end).

# %%
in_paris.apply("the die shows 3 days for player 0")
print(in_paris.question())
in_paris.apply("play a food objective")
paulo = in_paris.observation(0)["players"][0]
print("Paulo on day", paulo["day"], "holds", paulo["experiences"], "and", paulo["souvenirs"])
assert paulo["day"] == 1 + 3 and paulo["objectives_played"] == ["food"]

# %% [markdown]
# Now try it yourself, at the same position: Paulo in London on day 0 with a train Ticket, the
# food token face down in Paris. You play Paulo; a greedy bot plays Yuki. Take the T1 train to
# Paris by its departure and watch Paulo's pawn on the Timeline move two days on; press
# **Undo** and take it with the train Ticket instead: one day. Then explore Paris and see the
# die decide the days, and the engine ask about the food Objective. The log says every step.

# %%
play(with_ticket, seat=0, bots={1: "greedy"})

# %% [markdown]
# ## 5. Checkpoints: in order, from their day, points by the bars
#
# The First, Second and Final checkpoints must be passed in this order, each on or after its
# activation day; reaching one too early does nothing. The points depend on the day it is
# completed: the bars under the Timeline give fewer points the later you are, none past the
# third bar.

# %%
for checkpoint in board.checkpoints:
    bars = ", ".join(f"days {b.first}-{b.last}: {b.points}" for b in checkpoint.bars)
    print(
        f"{checkpoint.name:<7} {checkpoint.city:<14} from day {checkpoint.activation:>2}  ({bars})"
    )


# %%
def checkpoint_points(checkpoint, day: int) -> int:
    """The points for completing `checkpoint` on `day`: its bar's, or 0 past the last bar."""
    return next((bar.points for bar in checkpoint.bars if bar.first <= day <= bar.last), 0)


first = board.checkpoints[0]
assert checkpoint_points(first, first.activation) == first.bars[0].points
assert checkpoint_points(first, first.bars[-1].last + 1) == 0

# %% [markdown]
# Does the engine agree? A greedy bot plays Paulo alone until the First checkpoint is done:

# %%
solo = setup(kit.load("amazing_journey", players=1, seed=3), travellers=["Paulo"])
bot = BOTS["greedy"](3, 0)
while solo.observation(0)["players"][0]["checkpoints"] == 0:
    solo.resolve_chance() if solo.is_chance_node else solo.apply(bot.choose(solo))
paulo = solo.observation(0)["players"][0]
print(f"Paulo completed the First checkpoint in {paulo['city']} on day {paulo['day']}")
assert paulo["points"] == checkpoint_points(first, paulo["day"])
solo

# %% [markdown]
# ## 6. Turns: the one furthest behind moves
#
# A turn is a series of actions: at least `rules.minimum_actions`, and it goes on until the
# player's pawn is the furthest ahead on the Timeline (or tied). So a player who took a long
# Travel waits while the others catch up. The engine says where a turn stands in words:

# %%
one_action = with_ticket.clone()
one_action.apply("take the T1 train to Paris with a train ticket")
print(one_action.observation(0)["turn"])
assert one_action.current_player == 0  # one action is not enough: Paulo goes on

# %% [markdown]
# ## 7. Scoring: the sheet line by line
#
# At the end each player adds: 2 points per Region visited, Experiences by type (1, 3 or 9
# points for 1, 2 or 3 tokens of one type, and 5 more with every type), the Souvenirs' values and
# their complete rows, the checkpoints' points, 1 per Objective played, less 1 per day late.


# %%
def experience_points(tokens: int) -> int:
    """The points for `tokens` Experience tokens of one type."""
    return content.scoring.experience_points[min(tokens, content.scoring.experience_spaces)]


print([experience_points(n) for n in range(4)])
assert [experience_points(n) for n in range(4)] == [0, 1, 3, 9]

# %%
done = solo.clone()
while not done.is_terminal:
    done.resolve_chance() if done.is_chance_node else done.apply(bot.choose(done))
sheet = done.scores()[0]
print(sheet)
assert sum(line.points for line in sheet.lines) == sheet.total

# %% [markdown]
# ## Quiz
#
# 1. How many days does a Travel with a Ticket take?
# 2. What happens to a traveller who reaches the Second checkpoint before the First: `"nothing
#    yet"`, `"it counts, with fewer points"` or `"the journey ends"`?
# 3. How many points do 3 Experience tokens of the same type score?
# 4. On the kit's board, what is the last day on which the Second checkpoint gives its most
#    points?
#
# Write your answers in the list (a number, or a text among the choices) and run the cell: the
# checker says what is right, or what is wrong and why.

# %% [markdown]
# The checker's code is folded away: it works the answer out, so it would give the method
# away. In JupyterLab, run its cell, then write your answer in the next code cell and run that:
# the checker replies in words.

# %% jupyter={"source_hidden": true}
quiz = [
    Exercise(
        "how many days a Travel with a Ticket takes",
        expected=lambda: days_taken(with_ticket, "take the T1 train to Paris with a train ticket"),
    ),
    Exercise(
        "what happens to a traveller who reaches the Second checkpoint before the First",
        expected="nothing yet",
        choices=["nothing yet", "it counts, with fewer points", "the journey ends"],
        why="checkpoints count only in order, and only from their activation day",
    ),
    Exercise(
        "the points for exploring 3 Experience tokens of the same type",
        expected=lambda: experience_points(3),
        hints={3: "the points grow faster than the tokens: look at the table"},
    ),
    Exercise(
        "the last day on which the Second checkpoint gives its most points (on the kit's board)",
        expected=lambda: board.checkpoints[1].bars[0].last,
        hints={board.checkpoints[1].activation: "that is the first day of the bar, not the last"},
    ),
]


# %%
answers = [None, None, None, None]  # your answers here
for question, answer in zip(quiz, answers, strict=True):
    print(question.check(answer))

# %% [markdown]
# ## Solutions
#
# The solutions are the notebook's last code cell, folded away in JupyterLab: open it there once
# you have tried.

# %% jupyter={"source_hidden": true}
solutions = [1, "nothing yet", 9, 37]
assert all(question.check(answer) for question, answer in zip(quiz, solutions, strict=True))
