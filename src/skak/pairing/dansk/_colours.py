"""Colours in Dansk Schweizer: DSU 003 §4.9.3 rules 7.1–7.4 and "Supplerende regler for
farvefordeling" (strong and weak preferences).

A player's colour history here is the colours of his games in round order, where a game
against "X" counts as white (rule 2.2) and forfeited games are left out (they were not
played). See ``docs/interpretations.md`` (4.9.3) for the choices the text leaves open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_, Message
from skak.model.results import Colour
from skak.pairing._words import colour_word

__all__ = ["ColourCard", "ColourPreference", "allocate", "colour_preference", "met"]


@dataclass(frozen=True, slots=True)
class ColourPreference:
    """A colour preference (farvepræference): ``colour`` is ``None`` only before a player's
    first game ("Ved rundelægning til 1. runde har ingen spiller nogen farvepræference")."""

    colour: Colour | None
    strong: bool = False
    reason: str = N_("no game yet")

    def __str__(self) -> str:
        return str(self.words())

    def words(self) -> Message:
        """The preference in words, a message a face says in its language."""
        if self.colour is None:
            return N_("no preference")
        colour = colour_word(self.colour)
        if self.strong:
            return N_(
                "strong preference for {colour} ({reason})", colour=colour, reason=self.reason
            )
        return N_("weak preference for {colour} ({reason})", colour=colour, reason=self.reason)


def colour_preference(history: Sequence[Colour]) -> ColourPreference:
    """The preference after ``history`` ("Supplerende regler for farvefordeling").

    Strong (stærk): two games more with one colour than the other, or the same colour in the
    last two games. Weak (svag): one game more with one colour, or equal numbers and the
    opposite of the last colour.

    >>> str(colour_preference([Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.WHITE]))
    'strong preference for black (2 games more with white)'
    """
    if not history:
        return ColourPreference(None)
    whites = sum(1 for c in history if c is Colour.WHITE)
    blacks = len(history) - whites
    if abs(whites - blacks) >= 2:
        many = Colour.WHITE if whites > blacks else Colour.BLACK
        more = N_(
            "{count} games more with {colour}",
            count=abs(whites - blacks),
            colour=colour_word(many),
        )
        return ColourPreference(many.opposite, True, more)
    if len(history) >= 2 and history[-1] is history[-2]:
        twice = N_("{colour} in the last two games", colour=colour_word(history[-1]))
        return ColourPreference(history[-1].opposite, True, twice)
    if whites != blacks:
        many = Colour.WHITE if whites > blacks else Colour.BLACK
        one = N_("one game more with {colour}", colour=colour_word(many))
        return ColourPreference(many.opposite, False, one)
    even = N_("as many whites as blacks, {colour} last", colour=colour_word(history[-1]))
    return ColourPreference(history[-1].opposite, False, even)


@dataclass(frozen=True, slots=True)
class ColourCard:
    """What the colour rules read off a player's round card (rundekort)."""

    label: str
    history: tuple[Colour, ...]
    points: Fraction
    rank: int  # the start number by strength (3.1): lower is stronger
    preference: ColourPreference
    whites: int

    @classmethod
    def of(cls, label: str, history: Sequence[Colour], points: Fraction, rank: int) -> ColourCard:
        history = tuple(history)
        return cls(label, history, points, rank, colour_preference(history), _whites(history))


def _whites(history: Sequence[Colour]) -> int:
    return sum(1 for c in history if c is Colour.WHITE)


def allocate(x: ColourCard, y: ColourCard, *, exception: bool = False) -> tuple[Colour, Message]:
    """The colour ``x`` gets against ``y`` and, in words, the rule that decided.

    A strong preference is always met (the supplementary rules: "skal imødekommes"), unless
    both have a strong preference for the same colour, which only the last-round exception
    allows (``exception``); otherwise 7.2 (fewer whites has white), 7.3 (black in the previous
    round has white; then fewer whites in the last 2, 3, … games) and 7.4 (the player with
    more points, or the stronger, gets the opposite of his previous colour).
    """
    px, py = x.preference, y.preference
    both: Colour | None = None
    if px.strong and py.strong and px.colour is py.colour:
        if not exception:
            raise ValueError(f"{x.label} and {y.label} both have a strong preference")
        both = px.colour or Colour.WHITE
    elif px.strong and px.colour is not None:
        return px.colour, N_(
            "{player} has a {preference} (stærk præference)", player=x.label, preference=px.words()
        )
    elif py.strong and py.colour is not None:
        return py.colour.opposite, N_(
            "{player} has a {preference} (stærk præference)", player=y.label, preference=py.words()
        )
    colour, rule = _by_rules(x, y)
    if both is None:
        return colour, rule
    return colour, N_(
        "both have a strong preference for {colour}; last round, both above 50 % (the "
        "exception to the strong preference); {rule}",
        colour=colour_word(both),
        rule=rule,
    )


def _by_rules(x: ColourCard, y: ColourCard) -> tuple[Colour, Message]:
    """7.2–7.4, when no strong preference decides (see :func:`allocate`)."""
    wx, wy = x.whites, y.whites
    if wx != wy:
        fewer, more = (x, y) if wx < wy else (y, x)
        colour = Colour.WHITE if wx < wy else Colour.BLACK
        return colour, N_(
            "7.2: {player} has had white fewer times ({whites} against {other}'s {more})",
            player=fewer.label,
            whites=min(wx, wy),
            other=more.label,
            more=max(wx, wy),
        )
    for k in range(1, max(len(x.history), len(y.history)) + 1):
        kx, ky = _whites(x.history[-k:]), _whites(y.history[-k:])
        if kx == ky:
            continue
        fewer = x if kx < ky else y
        colour = Colour.WHITE if kx < ky else Colour.BLACK
        if k == 1:
            why = N_("{player} had black in the previous round", player=fewer.label)
        else:
            why = N_(
                "{player} had white fewer times in the last {games} games ({whites} against "
                "{more})",
                player=fewer.label,
                games=k,
                whites=min(kx, ky),
                more=max(kx, ky),
            )
        return colour, N_("7.3: as many whites ({whites}); {why}", whites=wx, why=why)
    senior, junior = (x, y) if (-x.points, x.rank) <= (-y.points, y.rank) else (y, x)
    if senior.history:
        senior_colour = senior.history[-1].opposite
        if senior.points != junior.points:
            why = N_(
                "{player} (more points) gets the opposite of his previous colour",
                player=senior.label,
            )
        else:
            why = N_(
                "{player} (the stronger) gets the opposite of his previous colour",
                player=senior.label,
            )
    elif junior.history:
        senior_colour = junior.history[-1]
        why = N_("{player} gets the opposite of his previous colour", player=junior.label)
    else:
        senior_colour = Colour.BLACK
        why = N_(
            "neither has a colour yet: the weaker, {player}, has white (as 7.1)",
            player=junior.label,
        )
    colour = senior_colour if senior is x else senior_colour.opposite
    return colour, N_("7.4: the same colours so far; {why}", why=why)


def met(x: ColourCard, y: ColourCard, colour_x: Colour) -> tuple[int, int]:
    """How many of the two players' preferences, and how many strong ones, the colours meet."""
    count = strong = 0
    for card, colour in ((x, colour_x), (y, colour_x.opposite)):
        pref = card.preference
        if pref.colour is colour:
            count += 1
            strong += pref.strong
    return count, strong
