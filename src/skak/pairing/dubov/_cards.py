"""The Dubov system's player data (DSU 003 §4.9.6 §1, §2): rating R, ARO (the average rating
of the opponents), colour preference, upfloats (2.5) and who may get the bye (2.2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from skak.model.games import colour_history, entries_by_player, opponents
from skak.model.records import MovedUp
from skak.model.results import Colour, Result
from skak.model.tournament import Tournament
from skak.pairing.ranking import ranking_rating
from skak.pairing.settings import Settings, setting

__all__ = ["Card", "DubovSettings", "aro_table", "cards_of", "ratings"]


@dataclass(frozen=True)
class DubovSettings(Settings):
    """The Dubov system's settings."""

    initial_ranking: Literal["dsu", "fide", "as-entered"] = setting(
        "as-entered",
        "'dsu' or 'fide' (R is that rating, and the players are numbered by it before round "
        "1) or 'as-entered' (R is the FIDE rating, else the DSU rating; numbers kept)",
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One player as the round's pairing sees him.

    ``aro`` is ``None`` for a player without a rated opponent yet. ``upfloats`` are the rounds
    in which he was moved up into a higher score group (2.5: 7.1 and 7.2's transfers, as the
    round's :class:`~skak.model.records.MovedUp` record names them; in a round paired without
    one, a game against a higher score), ``preference`` follows §1 as meant (SPEC-MAP: the
    black preference is "more games with white than black, or equal and played white last").
    """

    number: int
    name: str
    rating: int
    aro: Fraction | None
    score: Fraction
    colours: tuple[Colour, ...]
    met: frozenset[int]
    bye_eligible: bool
    upfloats: tuple[int, ...]

    @property
    def difference(self) -> int:
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def preference(self) -> Colour | None:
        """§1: white with more blacks than whites, or equal and black last; black with more
        whites, or equal and white last; none before the first played game."""
        d = self.difference
        if d:
            return Colour.BLACK if d > 0 else Colour.WHITE
        return self.colours[-1].opposite if self.colours else None

    @property
    def aro_key(self) -> Fraction:
        """ARO for ordering: a player without a rated opponent counts as ARO 0."""
        return self.aro if self.aro is not None else Fraction(0)

    def allowed(self, colour: Colour) -> bool:
        """2.3 and 2.4: a difference within ±2, not the same colour three times in a row."""
        step = 1 if colour is Colour.WHITE else -1
        if abs(self.difference + step) > 2:
            return False
        return not (len(self.colours) >= 2 and self.colours[-1] is self.colours[-2] is colour)


def _rating_by(t: Tournament) -> Literal["dsu", "fide"]:
    return "dsu" if DubovSettings.of(t).initial_ranking == "dsu" else "fide"


def ratings(t: Tournament) -> dict[int, int | None]:
    """Each player's R: the rating the tournament's setting names (FIDE when as entered)."""
    by = _rating_by(t)
    return {p.start_number: ranking_rating(t, p, by) for p in t.players}


def aro_table(t: Tournament, after_round: int | None = None) -> dict[int, Fraction | None]:
    """Each player's ARO after ``after_round`` (default: every round so far): the average R
    of the opponents he was paired against (forfeits included, §1 "på grundlag af
    parringerne"; byes and unrated opponents left out), exact; ``None`` without any."""
    last = t.current_round if after_round is None else after_round
    rated_by = ratings(t)
    out: dict[int, Fraction | None] = {}
    for p in t.players:
        rated = [
            r
            for e in entries_by_player(t).get(p.start_number, ())
            if e.round <= last and e.opponent is not None
            for r in (rated_by.get(e.opponent),)
            if r is not None
        ]
        out[p.start_number] = Fraction(sum(rated), len(rated)) if rated else None
    return out


def cards_of(t: Tournament) -> list[Card]:
    """The players to pair in ``t.next_round`` (not withdrawn, entered, no declared bye or
    absence), by score (highest first), then R (highest first), then name."""
    number = t.next_round
    scoring = t.scoring
    by_player = entries_by_player(t)
    by = _rating_by(t)
    aros = aro_table(t)
    points: dict[int, list[Fraction]] = {}
    for p in t.players:
        row = [Fraction(0)] * number
        for e in by_player.get(p.start_number, ()):
            if e.round < number:
                row[e.round] += e.pairing_points(scoring)
        points[p.start_number] = row

    def before(player: int, rnd: int) -> Fraction:
        return sum(points[player][1:rnd], Fraction(0))

    banned: dict[int, frozenset[int]] = {}
    for ban in t.bans:
        if ban.applies(number):
            for a in ban.players:
                banned[a] = banned.get(a, frozenset()) | (ban.players - {a})
    moved = {r.number: r.record for r in t.rounds}
    cards = []
    for p in t.players:
        if not p.is_available(number):
            continue
        n = p.start_number
        earlier = by_player.get(n, ())
        eligible = not any(
            e.result is Result.PAIRING_BYE
            or (
                e.result is not None
                and not e.is_played
                and e.pairing_points(scoring) >= scoring.win
            )
            for e in earlier
        )
        ups = tuple(
            e.round
            for e in earlier
            if e.opponent is not None
            and (
                n in record.players
                if isinstance(record := moved.get(e.round), MovedUp)
                else before(n, e.round) < before(e.opponent, e.round)
            )
        )
        cards.append(
            Card(
                number=n,
                name=p.name,
                rating=ranking_rating(t, p, by) or 0,
                aro=aros.get(n),
                score=before(n, number),
                colours=colour_history(t, n),
                met=opponents(t, n) | banned.get(n, frozenset()),
                bye_eligible=eligible,
                upfloats=ups,
            )
        )
    cards.sort(key=lambda c: (-c.score, -c.rating, c.name.casefold(), c.number))
    return cards
