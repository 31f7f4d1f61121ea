"""What lies on a board: the small, game-neutral description the board picture draws on top.

A panel fills a list of `Piece`s from a state (or a teacher from a lesson) and hands it to the
board; the board draws each piece beside its place and lists it when the place is hovered. The
board knows no game: a piece says where it is, what kind of thing it is, and a short text."""

from __future__ import annotations

from dataclasses import dataclass

from kit.core import KitError

# kind: (what it is, in words, for the hover text; how it is drawn)
KINDS = {
    "pawn": "pawn",  # a player's pawn; label: the player's number or initial
    "token": "face-down token",  # a token seen from its back; label: what the back shows
    "marker": "marker",  # a marker or face-up token; label: what it shows
    "flag": "checkpoint",  # a checkpoint flag; label: the day it opens
    "traveller": "Famous Traveller",  # label: the traveller's initials
    "disc": "Day disc",  # label: the day or weekday it stands for
    "note": "",  # a short text written beside the place (a score, "move 3")
}


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing on the map.

    - `place`: the node of the board it lies on (as the board names it);
    - `kind`: one of `KINDS` (pawn, token, marker, flag, traveller, disc, note);
    - `label`: a short text drawn on the piece (a player's number, a day, a region letter);
    - `colour`: its fill (a player's colour), or "" for the kind's own;
    - `title`: what it is in words, shown on hover ("pawn of player 2"); by default its kind and
      label;
    - `mark`: one or two small signs written at the piece's upper right, for what a piece shows
      besides its label (a token back's symbol, a curse mark: "▲", "▲☠")."""

    place: str
    kind: str
    label: str = ""
    colour: str = ""
    title: str = ""
    mark: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise KitError(
                f"piece kind {self.kind!r} is unknown; the board draws {', '.join(KINDS)}"
            )

    @property
    def description(self) -> str:
        """The hover text: the given title, or the kind and label in words."""
        if self.title:
            return self.title
        return " ".join(part for part in (KINDS[self.kind], self.label) if part)
