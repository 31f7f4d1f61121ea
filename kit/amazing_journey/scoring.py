"""The final score sheet of The Amazing Journey, line by line as the rulebook counts it."""

from __future__ import annotations

from collections.abc import Sequence

from kit.amazing_journey.content import Content
from kit.core import ScoreLine, ScoreSheet
from kit.core.words import plural


def score_sheet(
    content: Content,
    player: int,
    name: str,
    *,
    tokens: Sequence[int],
    checkpoints: int,
    checkpoint_points: int,
    objectives_played: int,
    days: int,
    returned: bool,
) -> ScoreSheet:
    """Every line of the rulebook's scoring for the `tokens` on a Travel board (Experiences and
    Souvenirs, by index), the `checkpoints` completed and their `checkpoint_points`, the
    Objectives played, and the journey's `days`: visited regions, Experiences per type and the
    all-types bonus, Souvenir values and rows, checkpoint points, Objectives, and the late
    penalty. The tie-break is fewer days (an unfinished journey counts its days so far)."""
    scoring = content.scoring
    held = [content.tokens[t] for t in tokens]
    regions = sorted({t.region for t in held})
    lines = [
        ScoreLine("Regions", scoring.region_points * len(regions), ", ".join(regions) or "none")
    ]
    counts = [sum(t.experience == kind for t in held) for kind in scoring.experience_types]
    for kind, n in zip(scoring.experience_types, counts, strict=True):
        lines.append(ScoreLine(f"Experience: {kind}", scoring.experience_points[n], _tokens(n)))
    bonus = scoring.all_types_bonus if all(counts) else 0
    lines.append(ScoreLine("All Experience types", bonus))
    souvenirs = [t.souvenir for t in held if t.souvenir is not None]
    lines.append(ScoreLine("Souvenirs", sum(souvenirs), " + ".join(map(str, souvenirs))))
    rows = len(souvenirs) // scoring.souvenir_row_length
    lines.append(ScoreLine("Souvenir rows", scoring.souvenir_row_points[rows], f"{rows} complete"))
    total = len(content.board.checkpoints)
    lines.append(ScoreLine("Checkpoints", checkpoint_points, f"{checkpoints} of {total} completed"))
    lines.append(
        ScoreLine(
            "Objectives",
            scoring.objective_points * objectives_played,
            f"{objectives_played} played",
        )
    )
    late = max(0, days - content.board.timeline.length) * content.rules.late_penalty
    lines.append(ScoreLine("Late penalty", -late, f"{days} days"))
    done = "returned" if returned else "still travelling"
    return ScoreSheet(player, name, tuple(lines), (-days,), f"{done} on day {days}")


def _tokens(n: int) -> str:
    return plural(n, "token")
