"""The round cards (rundekort) of the FIDE Swiss system of 1998 (DSU 003 §4.9.5 A1–A7, B1,
F2, F5, F9): each player's score, ranking (A2), colour history and preference (A7), floats
(A4, A5) and whether he may get the bye (B1)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from skak.model.games import colour_history, entries_by_player, opponents
from skak.model.player import Player, Title
from skak.model.results import Colour, Result
from skak.model.tournament import Tournament
from skak.pairing.ranking import ranking_rating
from skak.pairing.settings import Settings, setting

__all__ = ["TITLE_ORDER_1998", "Card", "Dutch1998Settings", "Float", "Strength", "round_cards"]

#: A2: "IGM, WGM, IM, WIM, FM, WFM, ubetitlet"; the titles FIDE created later (CM, WCM) after
#: WFM, before the untitled (docs/interpretations.md).
TITLE_ORDER_1998 = (Title.GM, Title.WGM, Title.IM, Title.WIM, Title.FM, Title.WFM, Title.CM,
                    Title.WCM)  # fmt: skip
_TITLE_RANK = {t: i for i, t in enumerate(TITLE_ORDER_1998)}


class Float(enum.Enum):
    """A float marked on the round card (A4): down (↓), up (↑) or none."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


class Strength(enum.IntEnum):
    """How strong a colour preference is (A7), weakest first."""

    NONE = 0
    WEAK = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class Dutch1998Settings(Settings):
    """The 1998 FIDE Swiss system's settings."""

    initial_ranking: Literal["dsu", "fide", "as-entered"] = setting(
        "as-entered",
        "'dsu' or 'fide' (players are ranked by that rating, then title, then name, A2, and "
        "numbered so before round 1) or 'as-entered' (the start numbers are the ranking)",
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One player's round card for the round being paired.

    ``rank`` orders players of equal score (A2: rating, title, name; the start number when the
    ranking is as entered). ``colours`` are the colours of played games only (F2); ``floats``
    the floats of the last round and of the round before (A4, A5). ``exempt`` marks a player
    with more than 50 % in the last round, to whom the absolute colour preference (A7), the
    colour limits (B2 in F6's numbering: "de absolutte kriterier (B1 og B2)"), B5 and B6 do
    not apply; B4 (his colour preference) still does.
    """

    number: int
    name: str
    rank: int
    score: Fraction
    colours: tuple[Colour, ...]
    floats: tuple[Float, Float]
    bye_eligible: bool
    exempt: bool
    met: frozenset[int]
    difference: int = field(init=False)
    preference: Colour | None = field(init=False)
    strength: Strength = field(init=False)

    def __post_init__(self) -> None:
        diff = sum(1 if c is Colour.WHITE else -1 for c in self.colours)
        twice = len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]
        preference: Colour | None
        if (abs(diff) > 1 or twice) and not self.exempt:
            # A7: "Præferencen er hvid når farvedifferencen er < 0 eller hvis de sidste to
            # partier var med Sort, ellers er præferencen sort."
            black_twice = twice and self.colours[-1] is Colour.BLACK
            preference = Colour.WHITE if diff < 0 or black_twice else Colour.BLACK
            strength = Strength.ABSOLUTE
        elif diff:
            preference = Colour.WHITE if diff < 0 else Colour.BLACK
            strength = Strength.STRONG
        elif self.colours:
            preference, strength = self.colours[-1].opposite, Strength.WEAK
        else:
            preference, strength = None, Strength.NONE
        object.__setattr__(self, "difference", diff)
        object.__setattr__(self, "preference", preference)
        object.__setattr__(self, "strength", strength)

    def allowed(self, colour: Colour) -> bool:
        """Whether ``colour`` keeps B1's colour limits: a difference within ±2, never the same
        colour three times in a row (not binding on an ``exempt`` player)."""
        if self.exempt:
            return True
        step = 1 if colour is Colour.WHITE else -1
        if abs(self.difference + step) > 2:
            return False
        return not (len(self.colours) >= 2 and self.colours[-1] is self.colours[-2] is colour)

    @property
    def preference_mark(self) -> str:
        """The preference as the round card writes it: ``W``/``B`` absolute, ``w``/``b``
        strong, ``+0``/``-0`` weak (A7: after white, after black), ``·`` none."""
        if self.preference is None:
            return "·"
        if self.strength is Strength.WEAK:
            return "+0" if self.colours[-1] is Colour.WHITE else "-0"
        letter = "W" if self.preference is Colour.WHITE else "B"
        return letter if self.strength is Strength.ABSOLUTE else letter.lower()


def a2_order(t: Tournament, by: Literal["dsu", "fide", "as-entered"]) -> dict[int, int]:
    """Each start number's place among equal scores (A2): rating (highest first, unrated
    last), FIDE title (in A2's order), name, then start number; by start number alone when the
    ranking is as entered."""

    def key(p: Player) -> tuple[bool, int, int, str, int]:
        if by == "as-entered":
            return False, 0, 0, "", p.start_number
        rating = ranking_rating(t, p, by)
        title = _TITLE_RANK.get(p.title, len(_TITLE_RANK)) if p.title else len(_TITLE_RANK)
        return rating is None, -(rating or 0), title, p.name.casefold(), p.start_number

    return {p.start_number: i for i, p in enumerate(sorted(t.players, key=key))}


def round_cards(t: Tournament) -> list[Card]:
    """The cards of the players to be paired in ``t.next_round`` in A2 order (score first).

    Scores are pairing scores (F9: an unfinished game counts as a draw). A player withdrawn,
    not yet entered or with a bye or absence declared for the round is not paired (F5).
    """
    number = t.next_round
    scoring = t.scoring
    by_player = entries_by_player(t)
    settings = Dutch1998Settings.of(t)
    order = a2_order(t, settings.initial_ranking)
    points: dict[int, list[Fraction]] = {}
    for p in t.players:
        row = [Fraction(0)] * number
        for e in by_player.get(p.start_number, ()):
            if e.round < number:
                row[e.round] += e.pairing_points(scoring)
        points[p.start_number] = row

    def before(player: int, rnd: int) -> Fraction:
        return sum(points[player][1:rnd], Fraction(0))

    def float_in(player: int, rnd: int) -> Float:
        if rnd < 1:
            return Float.NONE
        entry = next((e for e in by_player.get(player, ()) if e.round == rnd), None)
        if entry is None:
            return Float.NONE
        if entry.opponent is None:
            return Float.DOWN if entry.result is Result.PAIRING_BYE else Float.NONE  # A5
        mine, theirs = before(player, rnd), before(entry.opponent, rnd)
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE

    banned: dict[int, frozenset[int]] = {}
    for ban in t.bans:  # players who must not meet (TRF XXP), as if they had met
        if ban.applies(number):
            for a in ban.players:
                banned[a] = banned.get(a, frozenset()) | (ban.players - {a})
    last = t.number_of_rounds is not None and number == t.number_of_rounds
    half = (number - 1) * scoring.win / 2
    cards = []
    for p in t.players:
        if not p.is_available(number):
            continue
        n = p.start_number
        score = before(n, number)
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
        cards.append(
            Card(
                number=n,
                name=p.name,
                rank=order[n],
                score=score,
                colours=colour_history(t, n),
                floats=(float_in(n, number - 1), float_in(n, number - 2)),
                bye_eligible=eligible,
                exempt=last and score > half,
                met=opponents(t, n) | banned.get(n, frozenset()),
            )
        )
    cards.sort(key=lambda c: (-c.score, c.rank))
    return cards
