"""The rating registry's players (ratingkartotekets kort): what a player is to the registry,
and the table a replay keeps them in.

A registry of the national list holds tens of thousands of players and, after a few
seasons, hundreds of thousands of history lines. Made as frozen values at every change, a
replay spends most of its time copying them and Python's cycle collector most of the rest
walking them. So a replay keeps each player on a mutable :class:`Card` (his history lines
as plain tuples), owned by one :class:`skak.rating.registry.RegistryBuilder`, and a
:class:`Players` table shows the cards as :class:`RegistryPlayer` values, each made the
first time it is asked for. Neither a card nor the table that holds the cards is changed
once a registry has been handed out with it: the builder copies them first (each builder
and each registry handed out has its own *generation*; a card changes only in the
generation that made it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from itertools import count

__all__ = [
    "Card",
    "HistoryEntry",
    "Line",
    "Players",
    "RegistryPlayer",
    "is_result",
    "new_generation",
]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    day: date
    kind: str
    old: int | None
    new: int
    reason: str


@dataclass(frozen=True, slots=True)
class RegistryPlayer:
    dsu_id: int
    name: str
    ratings: tuple[tuple[str, int], ...] = ()
    history: tuple[HistoryEntry, ...] = ()
    club: str | None = None
    #: From DSU's list when it gave them (``Født år``, ``Fide``, ``Elo``).
    born: int | None = None
    fide_id: int | None = None
    fide_rating: int | None = None

    def rating(self, kind: str) -> int | None:
        for k, value in self.ratings:
            if k == kind:
                return value
        return None

    def last_update(self, kind: str) -> date | None:
        """The day the rating of ``kind`` last changed or was entered."""
        days = [h.day for h in self.history if h.kind == kind]
        return max(days) if days else None

    def last_result(self) -> date | None:
        """The day of the last rated tournament (§5.1: after 3 years the player is archived)."""
        days = [h.day for h in self.history if _is_result(h.reason)]
        return max(days) if days else None

    def archived(self, day: date) -> bool:
        """Off the list: no rated result for more than 3 years (001 §5.1)."""
        last = self.last_result() or min((h.day for h in self.history), default=None)
        return last is not None and (day - last).days > 3 * 365


_NOT_RESULTS = ("compression", "FIDE alignment", "rapid/blitz correction")


#: How a card's lines that are no rated result begin: an entry, a correction's summary
#: (the re-rated tournaments' own lines are results), a merge.
_NOT_RESULT_PREFIXES = ("entered: ", "correction: ", "merged: ")


def _is_result(reason: str) -> bool:
    return reason not in _NOT_RESULTS and not reason.startswith(_NOT_RESULT_PREFIXES)


def is_result(reason: str) -> bool:
    """Whether a history line of ``reason`` is a rated result (a tournament)."""
    return _is_result(reason)


#: A player's birth year, FIDE id and FIDE rating, as a card keeps them.
Facts = tuple[int | None, int | None, int | None]
NO_FACTS: Facts = (None, None, None)

#: One line of a player's history as a card keeps it: :class:`HistoryEntry`'s fields.
Line = tuple[date, str, int | None, int, str]

_GENERATIONS = count(1)


def new_generation() -> int:
    """A generation no card has yet."""
    return next(_GENERATIONS)


class Card:
    """One player as a replay keeps him: name, club, ratings by kind, history lines.

    Changed in place only by the builder whose generation made it (see the module)."""

    __slots__ = ("club", "facts", "generation", "history", "name", "ratings")

    def __init__(
        self,
        name: str,
        club: str | None,
        ratings: dict[str, int],
        history: list[Line],
        generation: int,
        facts: Facts = NO_FACTS,
    ) -> None:
        self.name = name
        self.club = club
        self.ratings = ratings
        self.history = history
        self.generation = generation
        self.facts = facts

    @classmethod
    def of(cls, player: RegistryPlayer, generation: int) -> Card:
        return cls(
            player.name,
            player.club,
            dict(player.ratings),
            [(h.day, h.kind, h.old, h.new, h.reason) for h in player.history],
            generation,
            (player.born, player.fide_id, player.fide_rating),
        )

    def __reduce__(self) -> tuple[type[Card], tuple[object, ...]]:
        """Pickled without its generation: one read back in another process belongs to
        no builder there (generation 0 is never given out), so it is copied before a
        change."""
        return Card, (self.name, self.club, self.ratings, self.history, 0, self.facts)

    def copy(self, generation: int) -> Card:
        return Card(
            self.name, self.club, dict(self.ratings), list(self.history), generation, self.facts
        )

    def player(self, dsu_id: int) -> RegistryPlayer:
        """The card as a frozen value (ratings in the order of their kinds)."""
        ratings = self.ratings
        return RegistryPlayer(
            dsu_id,
            self.name,
            tuple(sorted(ratings.items())) if len(ratings) > 1 else tuple(ratings.items()),
            tuple([HistoryEntry(*line) for line in self.history]),
            self.club,
            *self.facts,
        )

    def same(self, other: Card) -> bool:
        return (
            self.name == other.name
            and self.club == other.club
            and self.ratings == other.ratings
            and self.history == other.history
            and self.facts == other.facts
        )

    def __repr__(self) -> str:
        return (
            f"Card({self.name!r}, {self.club!r}, {self.ratings!r}, {self.history!r}, "
            f"{self.generation!r}, {self.facts!r})"
        )


class Players(Mapping[int, RegistryPlayer]):
    """The registry's players by DSU number, each :class:`RegistryPlayer` made when it is
    first asked for. Equal to any mapping with the same players."""

    __slots__ = ("_cards", "_given", "_made")

    def __init__(self, players: Mapping[int, RegistryPlayer] | None = None) -> None:
        given = dict(players) if players is not None else {}
        generation = new_generation()
        self._cards = {pid: Card.of(p, generation) for pid, p in given.items()}
        self._made = given
        #: made from values given (which may differ from what their cards would make: a
        #: key other than the DSU number, ratings out of order), not from cards alone
        self._given = bool(given)

    @classmethod
    def of_cards(cls, cards: dict[int, Card], made: dict[int, RegistryPlayer]) -> Players:
        """A table of ``cards`` (kept, not copied: the caller hands them over, never to
        change them again), with the players already made from them (``made``, kept too)."""
        table = cls.__new__(cls)
        table._cards = cards
        table._made = made
        table._given = False
        return table

    @property
    def given(self) -> bool:
        """Whether the table was made from players given (:class:`Players` of a mapping),
        not from cards alone."""
        return self._given

    def tables(self) -> tuple[dict[int, Card], dict[int, RegistryPlayer]]:
        """The table's own dicts of cards and of players made from them, shared (a builder
        copies them before it changes anything: see the module)."""
        return self._cards, self._made

    def rebind(self, cards: dict[int, Card], made: dict[int, RegistryPlayer]) -> None:
        """Show ``cards`` from now on (a builder's live table only, when it takes its own
        copies of tables a registry shares)."""
        self._cards = cards
        self._made = made

    def forget(self, dsu_id: int) -> None:
        """The player made from ``dsu_id``'s card is out of date (its card was changed: a
        builder's live table only)."""
        self._made.pop(dsu_id, None)

    def __getitem__(self, dsu_id: int) -> RegistryPlayer:
        made = self._made.get(dsu_id)
        if made is None:
            made = self._made[dsu_id] = self._cards[dsu_id].player(dsu_id)
        return made

    def __contains__(self, dsu_id: object) -> bool:
        return dsu_id in self._cards

    def __iter__(self) -> Iterator[int]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Players) and not (self._given or other._given):
            mine, theirs = self._cards, other._cards
            return mine.keys() == theirs.keys() and all(
                card is theirs[pid] or card.same(theirs[pid]) for pid, card in mine.items()
            )
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # a mapping

    def __repr__(self) -> str:
        return f"Players({dict(self.items())!r})"
