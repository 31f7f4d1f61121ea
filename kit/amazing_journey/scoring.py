"""The final score sheet, what each player may see, and the text shown at the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.core import ScoreLine, ScoreSheet

if TYPE_CHECKING:
    from kit.amazing_journey.state import JourneyState


def score_sheet(state: JourneyState, p: int) -> ScoreSheet:
    """Every line of the rulebook's scoring: regions, Experiences per type and the all-types
    bonus, Souvenir values and rows, checkpoint points, Objectives, and the late penalty.
    The tie-break is fewer days (an unfinished journey counts its days so far)."""
    content = state.rules.content
    scoring = content.scoring
    tokens = content.tokens
    held = [tokens[t] for t in state.experiences[p] + state.souvenirs[p]]
    regions = sorted({t.region for t in held})
    lines = [
        ScoreLine("Regions", scoring.region_points * len(regions), ", ".join(regions) or "none")
    ]
    counts = [sum(t.experience == kind for t in held) for kind in scoring.experience_types]
    for kind, n in zip(scoring.experience_types, counts, strict=True):
        lines.append(ScoreLine(f"Experience: {kind}", scoring.experience_points[n], _tokens(n)))
    bonus = scoring.all_types_bonus if all(counts) else 0
    lines.append(ScoreLine("All Experience types", bonus))
    souvenirs = [tokens[t].souvenir for t in state.souvenirs[p]]
    lines.append(ScoreLine("Souvenirs", sum(souvenirs), " + ".join(map(str, souvenirs))))
    rows = len(souvenirs) // scoring.souvenir_row_length
    lines.append(ScoreLine("Souvenir rows", scoring.souvenir_row_points[rows], f"{rows} complete"))
    lines.append(ScoreLine("Checkpoints", state.points[p], f"{state.stage[p]} of 3 completed"))
    lines.append(
        ScoreLine(
            "Objectives", scoring.objective_points * state.played[p], f"{state.played[p]} played"
        )
    )
    days = state.finish[p] if state.finish[p] >= 0 else state.day[p]
    late = max(0, days - state.rules.length)
    lines.append(ScoreLine("Late penalty", -late, f"{days} days"))
    traveller = state.traveller_of(p)
    name = f"player {p}" + (f" ({traveller.name})" if traveller else "")
    done = "returned" if state.finish[p] >= 0 else "still travelling"
    return ScoreSheet(p, name, tuple(lines), (-days,), f"{done} on day {days}")


def _tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def _public_token(state: JourneyState, token: int) -> dict:
    """The back of a token: its region letter, its symbol and the curse mark."""
    info = state.rules.content.tokens[token]
    return {"region": info.region, "symbol": info.symbol, "cursed": info.cursed}


def observation(state: JourneyState, player: int) -> dict:
    """What `player` sees: the map with token backs only, every pawn and Travel board (others'
    tokens face down, Experience types shown by their spaces), their own hand, others' hand
    sizes."""
    content = state.rules.content
    board = content.board
    tokens = content.tokens
    players = []
    for p in range(len(state.day)):
        mine = p == player
        traveller = state.traveller_of(p)
        seen = {
            "traveller": traveller.name if traveller else None,
            "power_fresh": state.fresh[p],
            "day": state.day[p],
            "city": board.cities[state.pos[p]].name,
            "checkpoints": state.stage[p],
            "points": state.points[p],
            "finished_on": state.finish[p] if state.finish[p] >= 0 else None,
            "objectives_played": state.played[p],
            "experiences": [
                {
                    "type": tokens[t].experience,
                    "region": tokens[t].region,
                    **({"id": tokens[t].id} if mine else {}),
                }
                for t in state.experiences[p]
            ],
            "souvenirs": [
                {
                    "region": tokens[t].region,
                    **({"id": tokens[t].id, "value": tokens[t].souvenir} if mine else {}),
                }
                for t in state.souvenirs[p]
            ],
        }
        if mine:
            seen["tickets"] = dict(zip(_types(), state.tickets[p], strict=True))
            seen["objectives"] = dict(
                zip(content.scoring.experience_types, state.hand[p], strict=True)
            )
        else:
            seen["tickets"] = sum(state.tickets[p])
            seen["objectives"] = sum(state.hand[p])
        players.append(seen)
    return {
        "player": player,
        "to_move": state.current_player,
        "map": {
            board.cities[c].name: _public_token(state, t)
            for c, t in enumerate(state.city_token)
            if t >= 0
        },
        "players": players,
        "ticket_deck": sum(state.ticket_deck),
        "ticket_discard": dict(zip(_types(), state.ticket_discard, strict=True)),
        "objective_deck": sum(state.objective_deck),
        "objective_discard": dict(
            zip(content.scoring.experience_types, state.objective_discard, strict=True)
        ),
    }


def _types() -> tuple[str, ...]:
    from kit.amazing_journey.content import ROUTE_TYPES

    return ROUTE_TYPES


def describe(state: JourneyState, player: int | None) -> str:
    """A few lines for the terminal: each traveller's day, city and progress, and the private
    hand of `player` (everyone's when None)."""
    content = state.rules.content
    board = content.board
    tokens = content.tokens
    rows = []
    for p in range(len(state.day)):
        traveller = state.traveller_of(p)
        name = traveller.name if traveller else "?"
        power = "fresh" if state.fresh[p] else "exhausted"
        end = f", returned on day {state.finish[p]}" if state.finish[p] >= 0 else ""
        rows.append(
            f"player {p} {name} ({power}): day {state.day[p]} in "
            f"{board.cities[state.pos[p]].name}, {state.stage[p]}/3 checkpoints, "
            f"{state.points[p]} points{end}"
        )
        if player is None or player == p:
            tickets = [f"{n} {t}" for t, n in zip(_types(), state.tickets[p], strict=True) if n]
            hand = [
                f"{n} {t}"
                for t, n in zip(content.scoring.experience_types, state.hand[p], strict=True)
                if n
            ]
            held = [str(tokens[t]) for t in state.experiences[p] + state.souvenirs[p]]
            rows.append(f"    tickets: {', '.join(tickets) or 'none'}")
            rows.append(f"    objectives: {', '.join(hand) or 'none'}")
            rows.append(f"    tokens: {', '.join(held) or 'none'}")
    if player is not None and state.current_player == player:
        p = player
        here = state.pos[p]
        day = state.day[p] % state.rules.length
        departing = ", ".join(board.timeline.departures[day])
        token = state.city_token[here]
        mark = ""
        if token >= 0:
            info = tokens[token]
            mark = f"; a token from region {info.region} lies here" + (
                " (cursed)" if info.cursed else ""
            )
        rows.append(f"today (day {day} of the Timeline) departing: {departing}{mark}")
    return "\n".join(rows)
