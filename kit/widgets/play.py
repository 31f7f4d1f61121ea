"""The play panel: any game of the kit played in a notebook or a Voila page.

    panel = kit.widgets.play(state, seat=0, bots={1: "greedy"})
    panel                       # the last line of a cell shows it

It shows the board with the pieces and, beside it, the question due and the legal actions as
buttons grouped by kind (a click on a place of the map keeps that place's actions); under them
the replay slider over the history, the bots' Step and Play-to-my-turn, Undo, Save, Load and the
advisor; then tabs: the log of every action, every player's board as a table, what lies on the
table, the game's timeline (the 80-day track, the Gazette's rounds, the four-week calendar), and
at the end the score sheets and the ranking.

How it fits a classroom screen: at 1366×768 in JupyterLab with its file browser open (a
notebook's output about 930 pixels wide) the map and the buttons stand side by side and the
panel is about one screen high: the buttons' column is as tall as the map and scrolls on its
own, and what is read less often waits in the tabs. `size="large"` draws the board and the
panel's text and buttons a third larger, for a large room (`kit.widgets.sizes`).

How it keeps to what a player may see: everything it shows of a position comes from
`state.observation(viewer)` through the game's view (`kit.widgets.views`); with `seat=` the
viewer is that player, the buttons are that player's only, and the log tells other players'
secret draws without naming them. Without a seat the panel is a shared screen: each player's
table shows that player's own view, and the log tells everything.

How it stays fast: the board's and the timeline's still pictures are sent once, and an update
sends only what changed (the places whose pieces changed, the timeline's moving layer, the tables
that changed, the labels of buttons that are made once and reused, the new log lines). Earlier
positions for the replay slider and Undo are rebuilt from the history, from a copy kept every
`Positions.EVERY` steps.

How it stays consistent: the advisor plans on a thread of its own and draws its advice from
there; every change of the panel's widgets, from that thread and from every handler, goes
through one lock (`PlayPanel._lock`), and advice that arrives for a position no longer on the
board is dropped, saying so."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import ipywidgets

import kit
from kit.core import CHANCE, IllegalAction, KitError, SaveError, State, ranking
from kit.core.bots import Bot
from kit.core.words import plural
from kit.widgets.advice import Advise
from kit.widgets.board import Board
from kit.widgets.display import state_html, viewer_of
from kit.widgets.lock import locked
from kit.widgets.log import Download, Log, Replay
from kit.widgets.sizes import Sizes, sizes
from kit.widgets.timelines import TimelineView, timeline
from kit.widgets.views import PANEL_CSS, Html, escape, table, view_for
from kit.widgets.views.base import Seen, player_caption

MOST_BOT_STEPS = 100_000  # Play-to-my-turn gives up after as many bot moves (a stuck bot)
TEXT = 13  # the panel's text in CSS pixels at the normal size: ipywidgets' own, above sizes.text
TARGET = 28  # ipywidgets' buttons and fields are this tall at the normal size, above sizes.target
TAB = 24  # and its tabs' titles
SIDE = 330  # the width of the column of the question and the buttons beside the map
MAP = 420  # the narrowest the map gets beside that column, at every size (narrower, the column
# goes under the map): at 930 pixels the large column still leaves the map 480
TABS = ("Log", "Players", "On the table")  # then the timeline's, and the scores' at the end


class Positions:
    """Earlier positions of one game, rebuilt from a history as `game.replay(history[:k])` would,
    from the nearest copy kept (one every `EVERY` steps), so any step is a few actions away."""

    EVERY = 32

    def __init__(self, state: State) -> None:
        self.kept: dict[int, State] = {0: state.game.new_game()}

    def walk(self, history: Sequence[Any], start: int, stop: int) -> Iterator[State]:
        """The position before each step from `start` to `stop` (one copy, moved on: read it
        before the next), then after the last."""
        base = next(
            k
            for k in sorted(self.kept, reverse=True)
            if k <= start and self.kept[k].history == history[:k]
        )
        position = self.kept[base].clone()
        for step in range(base, stop):
            if step >= start:
                yield position
            position.apply(history[step])
            if (step + 1) % self.EVERY == 0:
                self.kept[step + 1] = position.clone()
        yield position

    def at(self, history: Sequence[Any], step: int) -> State:
        """A new copy of the position after `history[:step]`."""
        *_, position = self.walk(history, step, step)
        return position

    def forget_after(self, step: int) -> None:
        """Drop the copies past `step` (the history was cut there)."""
        self.kept = {k: state for k, state in self.kept.items() if k <= step}


class ActionButtons:
    """The legal actions as buttons, a row per kind. Buttons are made once and reused (they share
    one layout and one style): an update changes the labels and which buttons show, a few bytes
    each, where new buttons would each cost the browser new widgets. Each button shown is bound
    to its action and to the step at which it was offered, so that a click on a button left over
    from another position is refused."""

    def __init__(
        self, on_click: Callable[[ipywidgets.Button], None], explain: Callable[[Any], str]
    ) -> None:
        self.on_click = on_click
        self.explain = explain
        self.box = ipywidgets.VBox().add_class("kit-actions")
        self.shown: list[ipywidgets.Button] = []
        self._groups: dict[str, Group] = {}
        self._bound: dict[str, tuple[Any, int]] = {}
        self._layout = ipywidgets.Layout(width="auto", max_width="100%")
        self._style = ipywidgets.ButtonStyle()

    def show(self, actions: Sequence[Any], step: int, advised: str = "", live: bool = True) -> None:
        """Show `actions` grouped by kind, in their order, bound to `step`; the button of the
        `advised` action stands out; not `live` (an earlier position on view), they show where
        they are, greyed out."""
        kinds: dict[str, list[Any]] = {}
        for action in actions:
            kinds.setdefault(action.kind, []).append(action)
        self._bound, self.shown = {}, []
        for kind, here in kinds.items():
            group = self._group(kind)
            while len(group.buttons) < len(here):
                button = ipywidgets.Button(layout=self._layout, style=self._style)
                button.on_click(self.on_click)
                group.buttons.append(button)
            for button, action in zip(group.buttons, here, strict=False):
                button.description = str(action)
                button.tooltip = self.explain(action)
                button.button_style = "success" if advised and str(action) == advised else ""
                button.disabled = not live
                self._bound[button.model_id] = (action, step)
            group.row.children = tuple(group.buttons[: len(here)])
            self.shown += group.buttons[: len(here)]
        self.box.children = tuple(self._groups[kind].box for kind in kinds)

    def bound(self, button: ipywidgets.Button) -> tuple[Any, int] | None:
        """The action a shown button stands for and the step it was offered at."""
        return self._bound.get(button.model_id)

    def _group(self, kind: str) -> Group:
        if kind not in self._groups:
            self._groups[kind] = Group(kind)
        return self._groups[kind]


class Group:
    """The buttons of one kind of action under its name."""

    def __init__(self, kind: str) -> None:
        self.row = ipywidgets.HBox(layout=WRAP)
        title = ipywidgets.HTML(f"<b>{escape(kind.capitalize())}</b>")
        self.box = ipywidgets.VBox([title, self.row])
        self.buttons: list[ipywidgets.Button] = []


WRAP = ipywidgets.Layout(flex_flow="row wrap")


def panel_css(size: Sizes) -> str:
    """The panel's own style at `size`: ipywidgets' text, buttons, tabs and slider handle at
    least as large as a classroom needs (a third larger for a large room), the map and the
    column of the question and the buttons side by side, that column as tall as the map with
    its buttons scrolling inside it, and buttons whose long labels wrap instead of being cut."""
    scale, root = size.scale, f".kit-play.kit-size-{size.name}"
    text, target = TEXT * scale, max(TARGET * scale, size.target)
    return f"""
{root} {{ --jp-widgets-font-size: {text:.1f}px; --jp-ui-font-size1: {text:.1f}px;
  --jp-widgets-inline-height: {target:.0f}px;
  --jp-widgets-horizontal-tab-height: {max(TAB * scale, size.target):.0f}px;
  --kit-target: {size.target:.0f}px; font-size: {text:.1f}px; }}
{root} .kit-table, {root} .kit-log {{ font-size: {text:.1f}px; }}
{root} .kit-main {{ flex-flow: row wrap; align-items: stretch; }}
{root} .kit-main > .kit-board {{ flex: 1 1 {MAP}px; min-width: 0; max-width: 1000px; }}
{root} .kit-side {{ flex: 0 0 {SIDE * scale:.0f}px; position: relative; overflow: hidden;
  min-height: {SIDE * scale:.0f}px; }}
{root} .kit-side > .kit-side-inner {{ position: absolute; inset: 0; margin: 0 0 0 8px;
  flex-flow: column nowrap; overflow: hidden; }}
{root} .kit-side-inner > * {{ flex: 0 0 auto; }}
{root} .kit-side-inner > .kit-actions {{ flex: 1 1 auto; min-height: 0; overflow-y: auto; }}
{root} .kit-actions .widget-box {{ flex-shrink: 0; overflow: visible; }}
{root} .kit-actions .jupyter-button {{ white-space: normal; height: auto; text-align: left;
  min-height: var(--jp-widgets-inline-height); line-height: 1.3; padding: 3px 8px; }}
{root} .kit-question {{ font-size: 1.1em; font-weight: 600; margin: 2px 0; }}
{root} .kit-status {{ min-height: 2.8em; }}
{root} .kit-replay {{ align-items: center; }}
{root} .widget-tab > .widget-tab-contents {{ padding: 4px 0 0; border: none; }}
{root} .kit-tools .widget-button, {root} .kit-tools .widget-upload,
  {root} .kit-tools .widget-checkbox, {root} .kit-tools .widget-html {{ width: auto; }}
"""


def make_bots(
    state: State, seat: int | None, bots: Mapping[int, Bot | str] | None
) -> dict[int, Bot]:
    """The bots by seat: a bot, or the name of one of the game's `BOTS` (made with the game's
    seed for its seat). A seat that is not a player, the panel's own seat or an unknown name is
    refused with the reason."""
    known = kit.game_module(state.game.name).BOTS
    made: dict[int, Bot] = {}
    for player, bot in (bots or {}).items():
        state.check_player(player)
        if player == seat:
            raise KitError(f"player {seat} is the panel's seat: a bot cannot play it too")
        if isinstance(bot, str):
            if bot not in known:
                raise KitError(
                    f"no bot {bot!r} for {state.game.title}; its bots: {', '.join(known)}"
                )
            made[player] = known[bot](state.game.seed, player)
        elif callable(getattr(bot, "choose", None)):
            made[player] = bot
        else:
            raise KitError(f"the bot of player {player} has no choose(state) method: {bot!r}")
    return made


class PlayPanel(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets has no types
    """A game played in a notebook (see the module docstring). For code and tests:

    - `state`: the position played (the panel plays on its own copy of the state it was given;
      Undo and Load put another position here);
    - `board`: the `Board`; setting `board.selected` keeps the actions of that place;
    - `action_buttons`: the buttons shown (`description` is the action's label);
    - `undo_button`, `step_button`, `play_button` (Play to my turn), `save_button`,
      `load_button` (a file upload), `replay` (the slider over the history) and `now_button`
      (Back to now: the slider's end);
    - `message`: why the last click was refused, or what it did (Save, Load, a click on the map
      that keeps every button);
    - `logbook`: the log (`logbook.lines`, a line per action of the history);
    - `tabs`: the log, the players' tables, the shared table, the timeline, and at the end the
      score sheets;
    - `timeline`: the game's timeline (`kit.widgets.timelines`), seen by the seat, redrawn
      with the board for the position on view;
    - `advisor`: the Advise button and its advice (`Advise`: `button`, `first`, `route`,
      `plan`, `message`, `wait()`)."""

    def __init__(
        self,
        state: State,
        seat: int | None = None,
        bots: Mapping[int, Bot | str] | None = None,
        size: str | Sizes = "normal",
    ) -> None:
        if seat is not None:
            state.check_player(seat)
        self.seat = seat
        self.sizes = sizes(size)
        self._bots_asked = dict(bots or {})
        self.bots = make_bots(state, seat, self._bots_asked)
        self.bot_names = {
            p: f"{b} bot" if isinstance(b, str) else type(b).__name__
            for p, b in (bots or {}).items()
        }
        self.state = state.clone()
        self.view = view_for(state.game)
        self.positions = Positions(self.state)
        self.steps: list[tuple[Any, int]] = []  # each action of the log and who took it
        self.board = Board(state.game.board(), size=self.sizes)
        self.logbook = Log()
        self.timeline: TimelineView = timeline(self.state, seat, self.sizes)
        self._actions = ActionButtons(self._click, self.view.explain)
        self._heading = ipywidgets.HTML()
        self._turn = ipywidgets.HTML()
        self._message = ipywidgets.HTML()
        self._question = ipywidgets.HTML()
        self._tables = ipywidgets.HBox(layout=WRAP)
        self._shared = ipywidgets.HTML()
        self._scores = ipywidgets.HTML()
        self._download = Download()
        self.undo_button = ipywidgets.Button(description="Undo", icon="undo")
        self.step_button = ipywidgets.Button(description="Step", icon="step-forward")
        self.play_button = ipywidgets.Button(
            description="Play to my turn", icon="forward", layout=ipywidgets.Layout(width="auto")
        )
        self.save_button = ipywidgets.Button(description="Save", icon="download")
        self.load_button = ipywidgets.FileUpload(description="Load", accept=".json")
        self.replay = Replay()
        self.now_button = ipywidgets.Button(
            description="Back to now", icon="fast-forward", layout=ipywidgets.Layout(width="auto")
        )
        self._quiet = False  # set while the panel itself changes its widgets: nothing redraws
        self._message_text = ""
        self._lock = threading.RLock()  # the handlers' and the advisor's thread's (`locked`)
        self.advisor = Advise(self)
        self.tabs = ipywidgets.Tab()
        self._connect()
        super().__init__(self._layout(), layout=ipywidgets.Layout(width="100%"))
        self.add_class("kit-play").add_class(f"kit-size-{self.sizes.name}")
        self._resolve_chance()
        self._sync()
        self._draw()

    # --- what code and tests read --------------------------------------------------------
    @property
    def action_buttons(self) -> list[ipywidgets.Button]:
        return list(self._actions.shown)

    @property
    def message(self) -> str:
        return self._message_text

    @property
    def heading(self) -> str:
        """The heading's text: the game, its players and seed, the seats, and the chance
        outcomes fixed by hand if any (of the game now played: a loaded save's)."""
        return f"{self.state.game.title}: {', '.join(self._heading_parts())}"

    def _heading_parts(self) -> list[str]:
        game = self.state.game
        who = [
            plural(game.num_players, "player"),
            f"seed {game.seed}",
        ]
        if self.seat is not None:
            who.append(f"you are player {self.seat}")
        who += [f"player {p}: {name}" for p, name in sorted(self.bot_names.items())]
        if self.state.fixed:
            who.append(self.state.hand_fixed())
        return who

    @property
    def tables(self) -> list[str]:
        """The HTML of each player's table, then of the shared table, as on view."""
        return [widget.value for widget in self._tables.children] + [self._shared.value]

    @property
    def score_sheets(self) -> str:
        """The HTML of the score sheets and the ranking ("" until the game is over)."""
        return str(self._scores.value)

    # --- layout ----------------------------------------------------------------------------
    def _layout(self) -> list[ipywidgets.Widget]:
        """The heading and the turn; the map beside the question and the buttons; the slider
        and the tools; the tabs."""
        style = ipywidgets.HTML(f"<style>{PANEL_CSS}{panel_css(self.sizes)}</style>")
        side = ipywidgets.VBox([self._question, self._message, self._actions.box]).add_class(
            "kit-side-inner"
        )
        bots_row = [self.step_button, self.play_button] if self.bots else []
        tools = [*bots_row, self.undo_button, self.save_button, self.load_button, self._download]
        self.tabs.children = self._tab_pages(False)
        self.tabs.titles = self._tab_titles(False)
        return [
            style,
            self._heading,
            self._turn,
            ipywidgets.HBox([self.board, ipywidgets.VBox([side]).add_class("kit-side")]).add_class(
                "kit-main"
            ),
            ipywidgets.HBox([self.replay, self.now_button]).add_class("kit-replay"),
            ipywidgets.HBox([*tools, self.advisor.box], layout=WRAP).add_class("kit-tools"),
            self.tabs,
        ]

    def _tab_pages(self, over: bool) -> tuple[ipywidgets.Widget, ...]:
        pages = (self.logbook, self._tables, self._shared, self.timeline)
        return (*pages, self._scores) if over else pages

    def _tab_titles(self, over: bool) -> tuple[str, ...]:
        titles = (*TABS, self.view.TIMELINE)
        return (*titles, "Final scores") if over else titles

    def _connect(self) -> None:
        self.board.observe(self._selected, "selected")
        self.replay.observe(self._replayed, "value")
        self.load_button.observe(self._load, "value")
        self.undo_button.on_click(self._undo)
        self.step_button.on_click(self._step)
        self.play_button.on_click(self._play_to_my_turn)
        self.save_button.on_click(self._save)
        self.now_button.on_click(self._back_to_now)

    # --- who plays -------------------------------------------------------------------------
    def _plays_here(self, player: int) -> bool:
        """Whether this panel's buttons play `player`: not a bot, and the panel's seat if any."""
        return player >= 0 and player not in self.bots and self.seat in (None, player)

    def _who(self, player: int) -> str:
        if player == CHANCE:
            return "chance"
        bot = self.bot_names.get(player)
        return f"player {player}" + (f" ({bot})" if bot else "")

    def _mine(self) -> Sequence[Any]:
        """The legal actions this panel may take now: none while another seat is to move."""
        if not self._plays_here(self.state.current_player):
            return ()
        return self.state.legal_actions()

    # --- playing ---------------------------------------------------------------------------
    @locked
    def _click(self, button: ipywidgets.Button) -> None:
        """A click on an action button: apply exactly that action, or refuse saying why."""
        bound = self._actions.bound(button)
        step = len(self.state.history)
        if bound is None:
            self._refuse("that button offers no action now")
        elif bound[1] != step:
            self._refuse(
                f"that button was offered at step {bound[1]} and the game is at step {step} now"
            )
            self._refresh()
        elif self._viewing_past():
            self._refuse(PAST)
        elif not self._plays_here(self.state.current_player):
            self._refuse(f"{self._who(self.state.current_player)} is to move, not this panel")
        else:
            self._apply(bound[0])

    def _apply(self, action: Any) -> None:
        try:
            self.state.apply(action)
        except IllegalAction as error:
            self._refuse(str(error))
            return
        self._moved("")

    @locked
    def _step(self, _: object = None) -> None:
        """One move of the bot whose seat is to move."""
        mover = self.state.current_player
        if self._viewing_past():
            self._refuse(PAST)
        elif self.state.is_terminal:
            self._refuse("the game is over")
        elif mover not in self.bots:
            self._refuse(f"player {mover} is to move, and no bot plays that seat")
        else:
            self._bot_move(mover)
            self._moved("")

    @locked
    def _play_to_my_turn(self, _: object = None) -> None:
        """Bots move until a seat that no bot plays is to move, or the game ends."""
        mover = self.state.current_player
        if self._viewing_past():
            self._refuse(PAST)
            return
        if mover not in self.bots:
            self._refuse(
                "the game is over"
                if self.state.is_terminal
                else f"player {mover} is to move, and no bot plays that seat"
            )
            return
        moves = 0
        while self.state.current_player in self.bots and moves < MOST_BOT_STEPS:
            self._bot_move(self.state.current_player)
            moves += 1
        self._moved(f"the bots made {moves} move{'s' if moves != 1 else ''}")

    def _bot_move(self, player: int) -> None:
        self.state.apply(self.bots[player].choose(self.state))
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        """Chance events are resolved at once, by the game's seed."""
        while self.state.is_chance_node:
            self.state.apply(self.state.sample_chance())

    def _moved(self, message: str) -> None:
        """After a move: the place selected is let go (the new position's actions all show)."""
        self._say(message)
        self._let_go()
        self._refresh()

    def _let_go(self) -> None:
        """Clear the place selected, without drawing: a redraw follows."""
        self._quiet = True
        self.board.selected = ""
        self._quiet = False

    def _refresh(self) -> None:
        """Chance resolved, the log and the slider brought up to the history, all redrawn."""
        self._resolve_chance()
        self._sync()
        self._draw()

    @locked
    def _undo(self, _: object = None) -> None:
        """Take back this panel's last action, with the chance and the bots' moves after it."""
        mine = [i for i, (_, player) in enumerate(self.steps) if self._plays_here(player)]
        if not mine:
            self._refuse("there is no action of this panel's to undo")
            return
        target = mine[-1]
        self.state = self.positions.at(self.state.history, target)
        self._say(f"took back step {target + 1}: {self.logbook.lines[target]}")
        self._let_go()
        self._refresh()

    @locked
    def _save(self, _: object = None) -> None:
        """The game's save, as a file the browser downloads."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"kit-{self.state.game.name.replace('_', '-')}-{stamp}.json"
        self._download.send_file(name, self.state.to_json())
        self._say(f"saved as {name} (step {len(self.state.history)})")

    @locked
    def _load(self, change: dict[str, Any]) -> None:
        """A save chosen in the upload: the same game on the same board, or refused saying why."""
        if not change["new"]:
            return
        upload = change["new"][-1]
        self.load_button.value = ()  # so that the same file can be chosen again
        try:
            loaded = self.state.game.from_json(bytes(upload["content"]))
        except SaveError as error:
            self._refuse(f"{upload['name']} was not loaded: {error}")
            return
        if self._set_up(loaded.game.options) != self._set_up(self.state.game.options):
            self._refuse(
                f"{upload['name']} was not loaded: it is a game of another set-up "
                f"({self._set_up(loaded.game.options)}) than this panel's "
                f"({self._set_up(self.state.game.options)}); open it in a new panel, made for "
                "that set-up"
            )
            return
        self.state, self.positions = loaded, Positions(loaded)
        self.bots = make_bots(loaded, self.seat, self._bots_asked)  # by its seed
        self.steps = []
        self._moved(f"loaded {upload['name']} (step {len(loaded.history)})")

    @staticmethod
    def _set_up(options: dict[str, Any]) -> str:
        """The options that make the board and the seats, in words (all but the seed, and
        those left to their default)."""
        chosen = {key: value for key, value in options.items() if value is not None}
        return ", ".join(f"{key} {value}" for key, value in chosen.items() if key != "seed")

    # --- keeping up with the history ---------------------------------------------------------
    def _sync(self) -> None:
        """Bring the log and the slider up to the history, however it changed (a click, a bot,
        an undo, a load, or code that applied actions to `panel.state`)."""
        history = self.state.history
        known = 0
        while known < min(len(self.steps), len(history)) and self.steps[known][0] is history[known]:
            known += 1
        del self.steps[known:]
        self.positions.forget_after(known)
        lines = self._told(history, known)
        setup = next((i for i, (_, mover) in enumerate(self.steps) if mover >= 0), len(self.steps))
        self.logbook.put(known, lines, fold=setup, title=self.view.SETUP)
        self._quiet = True
        with self.replay.hold_sync():
            self.replay.max = len(history)
            self.replay.value = len(history)
        self._quiet = False

    def _told(self, history: Sequence[Any], start: int) -> list[str]:
        """The log's lines of the steps from `start` on, as this panel's seat may know them. A
        player's action is told once the chance that follows it is resolved, with what the two
        brought that player (`View.told`, `View.gained`), as the seat sees it."""
        lines: list[str] = []
        waiting: list[tuple[int, str, int, Seen]] = []  # told at the next decision
        walk = self.positions.walk(history, start, len(history))
        for step, position in zip(range(start, len(history) + 1), walk, strict=True):
            if not position.is_chance_node:
                for index, text, mover, before in waiting:
                    lines[index] = self._line(text, mover, before, self._seen(position, mover))
                waiting = []
            if step == len(history):
                break
            action, mover = history[step], position.current_player
            self.steps.append((action, mover))
            text = self.view.told(action, self.seat, position)
            lines.append(self._line(text, mover))
            if mover >= 0:
                waiting.append((len(lines) - 1, text, mover, self._seen(position, mover)))
        return lines

    def _seen(self, position: State, mover: int) -> Seen:
        """The position as this panel's seat sees it (a shared screen: as the mover does)."""
        return position.observation(mover if self.seat is None else self.seat)

    def _line(
        self, text: str, mover: int, before: Seen | None = None, after: Seen | None = None
    ) -> str:
        """A line of the log: who, what the seat was told, what it brought (`View.gained`)."""
        return f"{self._who(mover)}: {self.view.gained(text, mover, before, after)}"

    # --- drawing ---------------------------------------------------------------------------
    def _viewing_past(self) -> bool:
        return bool(self.replay.value != len(self.state.history))

    def _position(self) -> State:
        """The position on view: the game's, or an earlier one chosen on the slider."""
        if not self._viewing_past():
            return self.state
        return self.positions.at(self.state.history, self.replay.value)

    def _draw(self) -> None:
        """Redraw everything from the position on view; only what changed reaches the page."""
        position = self._position()
        viewer = viewer_of(position, self.seat)
        seen = position.observation(viewer)
        self.board.pieces = self.view.pieces(seen)
        self._turn.value = self._turn_html(position, seen)
        self._draw_tables(position, seen)
        self._draw_scores(position)
        self.logbook.shown = self.replay.value
        advised = self.advisor.current()
        route = self.advisor.route
        self.board.highlight = route.at(0) if advised and route else []
        self._draw_side()
        self.undo_button.disabled = not any(self._plays_here(p) for _, p in self.steps)
        bot_to_move = position is self.state and self.state.current_player in self.bots
        self.step_button.disabled = self.play_button.disabled = not bot_to_move
        self.now_button.disabled = position is self.state
        self.timeline.show(position)
        self._draw_heading()

    def _draw_heading(self) -> None:
        """The heading of the game now played (a loaded save has its own seed)."""
        self._heading.value = (
            f"<h3 style='margin:4px 0 0'>{escape(self.state.game.title)} "
            f"<span class='kit-muted' style='font-weight:normal;font-size:0.8em'>"
            f"{escape(', '.join(self._heading_parts()))}</span></h3>"
        )

    def _draw_tables(self, position: State, seen: Seen) -> None:
        """Each player's board as that player sees it, or as the seat sees it."""
        htmls = list(self._tables.children)
        while len(htmls) < position.num_players:
            htmls.append(ipywidgets.HTML())
        for player, widget in enumerate(htmls[: position.num_players]):
            own = seen if self.seat is not None or seen["player"] == player else None
            widget.value = self.view.player_table(own or position.observation(player), player)
        if len(self._tables.children) != len(htmls):
            self._tables.children = tuple(htmls)
        self._shared.value = self.view.shared_table(seen)

    def _draw_scores(self, position: State) -> None:
        """At the end, the score sheets in a tab of their own, opened; before it, no such tab."""
        over = position.is_terminal
        self._scores.value = scores_html(position) if over else ""
        if len(self.tabs.children) != len(self._tab_pages(over)):
            self.tabs.children = self._tab_pages(over)
            self.tabs.titles = self._tab_titles(over)
            self.tabs.selected_index = len(self.tabs.children) - 1 if over else 0

    def _draw_side(self) -> None:
        """The question of now and this panel's actions (of the place selected, if any); with
        an earlier position on view they stay, greyed out."""
        live = not self._viewing_past()
        place = self.board.selected
        actions = [a for a in self._mine() if not place or a.place == place]
        step = len(self.state.history)
        self._actions.show(actions, step, self.advisor.first if live else "", live)
        question = escape(self.state.question())
        status = self._status(live, place)
        self._question.value = (
            f"<div class='kit-question'>{question}</div>"
            f"<div class='kit-muted kit-status'>{escape(status)}</div>"
        )

    def _turn_html(self, position: State, seen: Seen) -> str:
        """The phase and whose turn it is, of the position on view."""
        past = ""
        if position is not self.state:
            past = f"step {self.replay.value} of {len(self.state.history)}, on view: "
        return f"<div>{escape(past)}<b>{escape(seen['phase'])}</b>: {escape(seen['turn'])}</div>"

    def _status(self, live: bool, place: str) -> str:
        """Why no buttons show or why they are greyed out, or which place's actions show."""
        mover = self.state.current_player
        if self.state.is_terminal:
            return "the final scores are in their tab, below"
        if not live:
            return PAST
        if mover in self.bots:
            return f"{self._who(mover)} is to move: Step, or Play to my turn"
        if not self._plays_here(mover):
            return f"player {mover} is to move; this panel plays player {self.seat}"
        if not place:
            return "click a place on the map to see only its actions"
        return f"the actions at {place} (click it again to see all)"

    # --- messages ----------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self._message_text = text
        self._message.value = f"<div>{escape(text)}</div>" if text else ""

    def _refuse(self, why: str) -> None:
        self._message_text = f"refused: {why}; nothing changed"
        self._message.value = f"<div style='color:#b2182b'>{escape(self._message_text)}</div>"

    # --- events ----------------------------------------------------------------------------
    @locked
    def _selected(self, change: dict[str, Any]) -> None:
        """A place clicked on the map keeps its actions (clicked again, all show). A place
        none of this panel's actions concerns, or a question not about a place, keeps every
        button, saying why."""
        if self._quiet:
            return
        place, mine = change["new"], self._mine()
        if place and mine and not [a for a in mine if a.place == place]:
            if any(a.place for a in mine):
                self._say(f"no action of yours concerns {place} now: every action shows")
            else:
                self._say(f"{place}: the question due is not about a place: answer it below")
            self._let_go()
        self._draw_side()

    @locked
    def _replayed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._draw()

    @locked
    def _back_to_now(self, _: object = None) -> None:
        """The slider to its end: the position of now, to play on."""
        self.replay.value = self.replay.max

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The panel, with a still picture of the position beside it for where widgets do not
        run (an exported or untrusted notebook)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": state_html(self._position(), self.seat)}, metadata


PAST = "an earlier position is on view: Back to now to play on"


def scores_html(state: State) -> str:
    """The score sheets line by line and the ranking."""
    sheets = state.scores()
    places = ranking(sheets)
    parts = []
    for sheet, place in sorted(zip(sheets, places, strict=True), key=lambda pair: pair[1]):
        rows: list[tuple[str, object]] = [
            (line.label, f"{line.points}" + (f" ({line.detail})" if line.detail else ""))
            for line in sheet.lines
        ]
        rows.append(("Total", sheet.total))
        if sheet.tiebreak_text:
            rows.append(("Tie-break", sheet.tiebreak_text))
        name = "" if sheet.name == f"player {sheet.player}" else sheet.name
        parts.append(table(Html(f"place {place}: {player_caption(sheet.player, name)}"), rows))
    return "<h4 style='margin:4px 0'>Final scores</h4>" + "".join(parts)


def play(
    state: State,
    seat: int | None = None,
    bots: Mapping[int, Bot | str] | None = None,
    size: str | Sizes = "normal",
) -> PlayPanel:
    """A panel to play `state` (see `PlayPanel`): `seat` is the player this panel plays (None: a
    shared screen for every seat no bot plays); `bots` maps seats to bots or to the names of the
    game's `BOTS` ("random", "greedy"); `size` "normal", or "large" for a large room."""
    return PlayPanel(state, seat, bots, size)


__all__ = ["PlayPanel", "Positions", "make_bots", "panel_css", "play", "scores_html"]
