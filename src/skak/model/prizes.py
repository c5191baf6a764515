"""A tournament's declared prizes (præmier): the place prizes, the category prizes, the
order in which a player takes one prize, and how tied players share them (§24).

A category is named by a short key a face reads and writes back:

* an age class of the handbook (``U08`` … ``U18``, ``P08`` … ``P18``, ``junior``,
  ``veteran``, ``senior``), as :mod:`skak.eligibility` judges it on the event's day;
* a rating band, ``rating<1600`` (a DSU rating below 1600; an unrated player is not in it);
* ``women`` (the players whose sex is recorded as female), ``unrated`` (no DSU rating);
* ``club:NAME`` (the best players of one club).

The winners are computed from the standings by :func:`skak.prizes.award_prizes`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from skak.errors import InputError
from skak.messages import N_

__all__ = ["SHARING", "PrizeCategory", "Prizes", "category_key", "read_prizes"]

#: How tied players share cash prizes: ``§24`` (the handbook's default: level on points in a
#: round robin, by place after the tie-breaks otherwise), ``points`` (shared by all level on
#: points), ``place`` (shared only by players the tie-breaks leave level), ``hort`` (the Hort
#: system: half shared by all level on points, half by the tie-break order).
SHARING = ("§24", "points", "place", "hort")

#: Patterns compiled when first used (by :mod:`re`'s cache), not when the model is imported.
_AGE = r"(?i)([UP])-?(\d{1,2})"
_NAMED = ("junior", "veteran", "senior", "women", "unrated")
_RATING = r"(?i)rating\s*<\s*(\d{3,4})"
_CLUB = r"(?i)club\s*:\s*(\S.*)"


def category_key(text: str) -> str:
    """The category ``text`` names, written as skak keeps it (``u16`` → ``U16``,
    ``Rating < 1600`` → ``rating<1600``, ``club: Aarhus`` → ``club:Aarhus``).

    :raises InputError: for a category skak does not know, naming those it knows.
    """
    s = text.strip()
    if s.lower() in _NAMED:
        return s.lower()
    if m := re.fullmatch(_AGE, s):
        years = int(m.group(2))
        if years not in (8, 10, 12, 14, 16, 18):
            raise InputError(
                N_("no age class {key}: U08, U10 … U18 (P for girls) are known", key=s)
            )
        return f"{m.group(1).upper()}{years:02d}"
    if m := re.fullmatch(_RATING, s):
        return f"rating<{int(m.group(1))}"
    if m := re.fullmatch(_CLUB, s):
        return f"club:{m.group(1).strip()}"
    raise InputError(
        N_(
            "unknown prize category {key}; known: U08 … U18, P08 … P18, junior, veteran, "
            "senior, women, unrated, rating<1600, club:NAME",
            key=repr(s),
        )
    )


@dataclass(frozen=True, slots=True)
class PrizeCategory:
    """A category's prizes: its key and the amounts of its first, second … prize (kr.)."""

    key: str
    amounts: tuple[int, ...]

    def __post_init__(self) -> None:
        if category_key(self.key) != self.key:
            raise InputError(N_("the category is written {key}", key=category_key(self.key)))
        _check_amounts(self.amounts)


@dataclass(frozen=True, slots=True)
class Prizes:
    """The prizes declared for a tournament (``skak prizes set``).

    ``order`` names the prizes in the order they are awarded (``place`` for the place
    prizes, a category's key): a player takes the first of them he wins and is passed
    over by the later ones; a category left out of the order is awarded besides.
    """

    place: tuple[int, ...] = ()
    categories: tuple[PrizeCategory, ...] = ()
    order: tuple[str, ...] = ()
    sharing: str = "§24"

    def __post_init__(self) -> None:
        _check_amounts(self.place)
        if self.sharing not in SHARING:
            raise InputError(
                N_(
                    "prizes are shared by {known}, not {sharing}",
                    known=", ".join(SHARING),
                    sharing=repr(self.sharing),
                )
            )
        keys = [c.key for c in self.categories]
        if len(set(keys)) != len(keys):
            raise InputError(N_("a prize category is named twice"))
        known = {"place", *keys}
        for key in self.order:
            if key not in known:
                raise InputError(
                    N_(
                        "the order names {key}, which is no prize declared (declared: {known})",
                        key=key,
                        known=", ".join(["place", *keys]),
                    )
                )
        if len(set(self.order)) != len(self.order):
            raise InputError(N_("the order names a prize twice"))

    @property
    def empty(self) -> bool:
        return not self.place and not self.categories

    def category(self, key: str) -> PrizeCategory:
        """:raises InputError: for a category not declared."""
        for c in self.categories:
            if c.key == key:
                return c
        raise InputError(N_("no prize category {key} is declared", key=key))


def read_prizes(
    place: str = "",
    categories: Sequence[str] = (),
    order: str = "",
    sharing: str = "§24",
) -> Prizes:
    """The prizes as typed: ``place`` the place prizes (``1000,600,400``), each category
    ``KEY:AMOUNTS`` (``U16:300,200``, ``rating<1600:200``, ``club:Aarhus Skakklub:150``),
    ``order`` the prizes' order (``place,U16,women``; ``place`` for the place prizes).

    :raises InputError: naming what cannot be read.
    """
    cats = []
    for text in categories:
        key, sep, amounts = text.rpartition(":")
        if not sep or not key.strip():
            raise InputError(
                N_(
                    "a category prize is written KEY:AMOUNTS (e.g. U16:300,200), not {text}",
                    text=repr(text),
                )
            )
        cats.append(PrizeCategory(category_key(key), _amounts(amounts)))
    known = {c.key: c.key for c in cats} | {"place": "place"}
    keys = []
    for word in (w.strip() for w in order.split(",")):
        if not word:
            continue
        key = "place" if word.lower() in ("place", "plads", "placering") else word
        if key != "place":
            try:
                key = category_key(word)
            except InputError:
                key = word
        keys.append(known.get(key, key))
    return Prizes(_amounts(place), tuple(cats), tuple(keys), sharing.strip().lower() or "§24")


def _amounts(text: str) -> tuple[int, ...]:
    out = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        try:
            out.append(int(word.removesuffix("kr").removesuffix("kr.").strip()))
        except ValueError:
            raise InputError(
                N_("prize {value} is not an amount in whole kroner", value=repr(word))
            ) from None
    return tuple(out)


def _check_amounts(amounts: tuple[int, ...]) -> None:
    for a in amounts:
        if not isinstance(a, int) or a < 0 or a >= 10**9:
            raise InputError(N_("a prize is an amount from 0, not {value}", value=repr(a)))
