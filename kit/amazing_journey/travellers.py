"""The Travellers' powers, one small function each.

A power is fresh until used, then exhausted until its player completes the next Checkpoint; these
functions are asked only about a fresh power (`JourneyState.power(p)` is None otherwise). The
numbers of each power (route types, days) are the Traveller's data in `travellers.toml`; its
`effect` names the function here. The engine and the 80-day planner both ask these functions, so
a power means the same to both."""

from __future__ import annotations

from kit.amazing_journey.content import Token, Traveller


def travel_types(traveller: Traveller | None) -> tuple[str, ...]:
    """Paulo (trains), Buck (ships), Catalina (any transport) and Wolfgang (Secret routes):
    a Travel along a route of these types even if it does not depart today, taking the power's
    days (0; a Long route's extra days still count). None for the other powers."""
    if traveller is None or traveller.effect != "travel":
        return ()
    return traveller.route_types


def may_stop(traveller: Traveller, holds_token: bool) -> bool:
    """Catalina's Travel by her power must stop on an empty city (one without a Location
    token)."""
    return not (traveller.stop_empty and holds_token)


def doubles_tickets(traveller: Traveller | None, token: Token) -> bool:
    """Lisette: collecting a Souvenir that grants Tickets, she may draw twice as many."""
    return (
        traveller is not None
        and traveller.effect == "double_souvenir_tickets"
        and token.souvenir is not None
        and token.tickets > 0
    )


def lisettes_tickets(tickets: int) -> int:
    """Lisette's power: twice as many Tickets as the Souvenir would grant."""
    return 2 * tickets


def explores_cursed(traveller: Traveller | None, token: Token) -> bool:
    """Carlo: a Cursed Souvenir is collected without rolling the die, in the power's days."""
    return traveller is not None and traveller.effect == "cursed_explore" and token.cursed


def steps_back(traveller: Traveller | None, day: int) -> bool:
    """Yuki: the Timeline pawn moves back the power's days (never before day 0); this does not
    count as an action."""
    return traveller is not None and traveller.effect == "timeline_back" and day >= traveller.days


def passes_tokens(traveller: Traveller | None) -> bool:
    """Hendrika: a Travel passes through cities holding tokens (Location or Checkpoint) as if
    they were empty."""
    return traveller is not None and traveller.effect == "pass_tokens"
