"""The scenario builder: a game's setup with chosen chance outcomes, then real actions.

    from kit.amazing_journey import AmazingJourney, setup
    game = AmazingJourney(players=2, seed=3)
    state = setup(
        game,
        travellers=["Paulo", "yuki"],             # ids or names, any case
        placement={"Paris": "A03", "Athens": "A01"},
        removed=["triangle", "star"],             # A01 shows a triangle: Athens starts empty
        tickets=[["train"], ["ship"]],            # each player's starting Tickets
        objectives=[["food", "party"], ["culture", "nature"]],
        actions=[
            "take the T1 train to Paris",
            "explore Paris",
            "the die shows 3 days for player 0",
        ],
    )

Every choice is an ordinary chance outcome in the history, recorded in `state.fixed` as chosen
by hand (a save lists them; loading checks every other outcome against the seed). What is not
given is picked by the game's seed, never taking a token placed by hand in another city.
`actions` are action names followed by `state.follow`: a chance event before a name that is
not one of its outcomes is left to the seed, one that is named is fixed; chance is resolved
at the end, so the state returned has a player to move (or is over)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kit.amazing_journey.actions import Action
from kit.amazing_journey.content import ROUTE_TYPES, SYMBOLS
from kit.amazing_journey.frames import (
    DealTraveller,
    DrawObjective,
    DrawTicket,
    PlaceToken,
    RemoveSymbol,
)
from kit.amazing_journey.game import AmazingJourney
from kit.amazing_journey.state import JourneyState
from kit.core import IllegalAction, KitError
from kit.core.options import name, name_list, name_lists, name_table
from kit.core.words import article


def setup(
    game: AmazingJourney,
    *,
    travellers: Sequence[str] = (),
    placement: Mapping[str, str] | None = None,
    removed: Sequence[str] = (),
    tickets: Sequence[Sequence[str]] = (),
    objectives: Sequence[Sequence[str]] = (),
    actions: Sequence[Action | str] = (),
) -> JourneyState:
    """The state after setup with the chance outcomes given (`travellers` per player,
    `placement` city -> token id, the `removed` symbols in order, each player's starting
    `tickets` and `objectives` by type), the seed's for the rest, then `actions` (names)."""
    fixed = _Fixed(
        game,
        name_list(travellers, "travellers"),
        name_table({} if placement is None else placement, "placement", name),
        name_list(removed, "removed"),
        name_lists(tickets, "tickets"),
        name_lists(objectives, "objectives"),
    )
    state = game.new_game()
    while len(state.history) < state.setup_length and state.is_chance_node:
        outcome = fixed.outcome(state)
        try:
            state.apply(outcome)
        except IllegalAction as error:
            raise KitError(f"the fixed setup cannot be made: {error}") from None
    state.follow(actions)
    return state


class _Fixed:
    """The setup's chosen outcomes, checked against the content, by chance step."""

    def __init__(
        self,
        game: AmazingJourney,
        travellers: Sequence[str],
        placement: Mapping[str, str],
        removed: Sequence[str],
        tickets: Sequence[Sequence[str]],
        objectives: Sequence[Sequence[str]],
    ) -> None:
        content = game.content
        board = content.board
        players = game.num_players
        if travellers and game.options["travellers"]:
            raise KitError("the travellers are already fixed by the game's 'travellers' option")
        if len(travellers) > players or len(tickets) > players or len(objectives) > players:
            raise KitError(f"the game has {players} player(s)")
        try:
            self.travellers = [content.traveller(name).name for name in travellers]
        except ValueError as error:
            raise KitError(str(error)) from None
        if len(set(self.travellers)) != len(self.travellers):
            raise KitError(f"a Traveller is given twice: {list(travellers)}")
        self.placement: dict[str, str] = {}
        for city, token_id in placement.items():
            if city not in board.index or not board.city(city).tokens:
                raise KitError(f"{city!r} is not a city that holds a token")
            try:
                token = content.token(token_id)
            except ValueError as error:
                raise KitError(str(error)) from None
            if token.region != board.city(city).region:
                raise KitError(f"token {token_id} of region {token.region} cannot lie in {city}")
            if token_id in self.placement.values():
                raise KitError(f"token {token_id} is placed twice")
            self.placement[city] = token_id
        self.removed = list(removed)
        if len(self.removed) > content.symbol_removal[players]:
            raise KitError(
                f"{players} player(s) remove {content.symbol_removal[players]} symbol(s), "
                f"not {len(self.removed)}"
            )
        for symbol in self.removed:
            if symbol not in SYMBOLS:
                raise KitError(f"{symbol!r} is not a symbol ({', '.join(SYMBOLS)})")
        types = content.scoring.experience_types
        self.tickets = [
            _cards(hand, ROUTE_TYPES, content.hand_tickets, "Tickets") for hand in tickets
        ]
        self.objectives = [
            _cards(hand, types, content.rules.objectives_in_hand, "Objectives")
            for hand in objectives
        ]

    def outcome(self, state: JourneyState) -> str:
        """The name of the outcome to apply at the setup's chance step now due."""
        step = state.steps[-1]
        name = None
        if isinstance(step, DealTraveller) and step.who < len(self.travellers):
            name = f"player {step.who} is {self.travellers[step.who]}"
        elif isinstance(step, PlaceToken):
            city = state.tables.board.cities[step.city].name
            if city in self.placement:
                name = f"{self.placement.pop(city)} lies face down in {city}"
        elif isinstance(step, RemoveSymbol) and self.removed:
            name = f"the {self.removed.pop(0)} tokens are removed"
        elif (
            isinstance(step, DrawTicket) and step.who < len(self.tickets) and self.tickets[step.who]
        ):
            name = f"player {step.who} draws {self.tickets[step.who].pop(0)} ticket"
        elif (
            isinstance(step, DrawObjective)
            and step.who < len(self.objectives)
            and self.objectives[step.who]
        ):
            name = f"player {step.who} draws {self.objectives[step.who].pop(0)} objective"
        return name if name is not None else self._seeded(state)

    def _seeded(self, state: JourneyState) -> str:
        """The seed's pick among the outcomes, leaving alone the tokens given for other
        cities."""
        reserved = {f"{token} lies face down" for token in self.placement.values()}
        allowed = [o for o in state.legal_actions() if str(o).split(" in ")[0] not in reserved]
        return str(state.seeded_outcome(allowed))


def _cards(hand: Sequence[str], kinds: Sequence[str], size: int, what: str) -> list[str]:
    """A starting hand given by type: as many cards as the rules deal, each of a known type,
    named with its article ("a train", "an airship")."""
    if isinstance(hand, str) or len(hand) != size:
        raise KitError(f"a starting hand holds {size} {what}, got {hand!r}")
    for kind in hand:
        if kind not in kinds:
            raise KitError(f"{kind!r} is not one of {', '.join(kinds)}")
    return [article(kind) for kind in hand]
