"""The timeline views: each game's track of time, as a widget beside its board.

- The Amazing Journey: the 80-day Timeline, a row per side of the board (each starting at a
  corner), with the transport types departing each day, the checkpoint flags on their activation
  days, the point bars under the days and every player's Timeline pawn;
- Timeless Journeys: the Traveller's Gazette, a row per round and a column per Famous
  Traveller, with the traveller's city in each round and the Experience tokens in its slots;
- the four-week game: the four weeks of seven days, a row per player, with the Day discs placed
  in their regions or spent, and the Festival regions of each week.

`timeline(state, seat=None, size="normal")` returns the one for the state's game; `show(state)`
redraws it for another position of the same game (after a move, or for a replayed one);
`timeline_svg(state, seat=None, size="normal")` is the same picture as one static SVG text, for
notebooks' rich display and exported HTML. Each is drawn `kit.widgets.sizes.PANEL_WIDTH` wide at
one unit per CSS pixel, at the setting's sizes (`size="large"`: a third larger, for a large
room), so that it shows unshrunk in a notebook's output at the reference screen.

Everything is drawn in Python, as the board is: the still part (the track, the Gazette's cities,
the calendar's grid, the legend) once per game, the moving part (pawns, tokens, discs, the
current day or round) as two small SVG fragments, so an update costs a few kilobytes. The browser
side is the board's own (`board.js`): it puts the picture on the page, fills the two layers and
sends a click on a day, a round's cell or a calendar day back as `selected`.

The modules: `drawing` (what the three share: the position as the viewer sees it, the picture's
still and moving parts, small drawing helpers), `journey`, `gazette` and `weeks` (one drawing
per game) and `widget` (the widgets, `timeline` and `timeline_svg`).

A view reads the viewer's observation (what `seat` may see; with no seat, the public part of
the first player's), and the game's printed content for what every player sees on the table:
the Timeline's departures and corners, the Gazette's cities and rewards, the calendar's days."""

from kit.widgets.timelines.amazing_journey import CHECKPOINT_COLOURS, JourneyDrawing
from kit.widgets.timelines.four_weeks import CalendarDrawing
from kit.widgets.timelines.timeless_journeys import GazetteDrawing
from kit.widgets.timelines.widget import (
    GazetteRounds,
    JourneyTimeline,
    TimelineView,
    WeekCalendar,
    timeline,
    timeline_svg,
)

__all__ = [
    "CHECKPOINT_COLOURS",
    "CalendarDrawing",
    "GazetteDrawing",
    "GazetteRounds",
    "JourneyDrawing",
    "JourneyTimeline",
    "TimelineView",
    "WeekCalendar",
    "timeline",
    "timeline_svg",
]
