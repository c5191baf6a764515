"""One tie-break as an arbiter writes it: a code and its modifiers (``BH/C1``, ``KS/L+1``)."""

from __future__ import annotations

from dataclasses import dataclass

from skak.errors import InputError

__all__ = ["MAX_SEED", "TieBreakSpec"]

#: Seeds of lots are below this (18 digits): a bound on what a user types.
MAX_SEED = 10**18


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """A tie-break code with its modifiers, written back by ``str()`` as TRF-2026 lists do.

    * ``cut_low`` / ``cut_high``: Cut-n (``/Cn``) drops the n least significant values,
      Median-n (``/Mn``) the n least and the n most significant (C.07 Art. 14.1–14.4);
    * ``limit``: the Koya limit moved by this many half points (``/L+1``, C.07 Art. 14.5);
    * ``forfeits_as_played``: forfeits count as games against the scheduled opponent (``/P``);
    * ``fore``: Fore Buchholz instead of Buchholz (``AOB/F``);
    * ``reverse``: the other sorting direction (``TPN/R``, ``RTNG/R``);
    * ``unrated``: the rating given to unrated players (``ARO/U1000``; C.07 Art. 10 requires
      such a rule before rating-based tie-breaks may be used with unrated players);
    * ``top_only``: applied only to the players tied for first place (``DE/TOP``; DSU 4.9.5
      F10 breaks ties by direct encounter "where it concerns first place");
    * ``score``: the team score a team tie-break refers to (``:MP`` or ``:GP``);
    * ``seed``: the seed of a drawing of lots (``LOT/4711``, skak's modifier: a number), so
      the same lot is drawn on every replay.

    >>> str(TieBreakSpec("BH", cut_low=1, cut_high=1))
    'BH/M1'
    """

    code: str
    cut_low: int = 0
    cut_high: int = 0
    limit: int = 0
    forfeits_as_played: bool = False
    fore: bool = False
    reverse: bool = False
    unrated: int | None = None
    top_only: bool = False
    score: str | None = None
    seed: int | None = None

    def __post_init__(self) -> None:
        if self.cut_low < 0 or self.cut_high < 0:
            raise InputError(f"tie-break {self.code}: a cut cannot be negative")
        if self.cut_high and self.cut_high != self.cut_low:
            raise InputError(
                f"tie-break {self.code}: a median cuts as many high values as low ones"
            )
        if self.unrated is not None and not 0 < self.unrated < 4000:
            raise InputError(f"tie-break {self.code}: rating {self.unrated} is outside 1–3999")
        if self.score not in (None, "MP", "GP"):
            raise InputError(f"tie-break {self.code}: the team score is :MP or :GP")
        if self.seed is not None and not 0 <= self.seed < MAX_SEED:
            raise InputError(
                f"tie-break {self.code}: the seed of the lot is a whole number of at most "
                f"{len(str(MAX_SEED)) - 1} digits"
            )

    def __str__(self) -> str:
        text = self.code + (f":{self.score}" if self.score else "")
        if self.cut_high:
            text += f"/M{self.cut_high}"
        elif self.cut_low:
            text += f"/C{self.cut_low}"
        if self.limit:
            text += f"/L{self.limit:+d}"
        if self.forfeits_as_played:
            text += "/P"
        if self.fore:
            text += "/F"
        if self.reverse:
            text += "/R"
        if self.unrated is not None:
            text += f"/U{self.unrated}"
        if self.top_only:
            text += "/TOP"
        if self.seed is not None:
            text += f"/{self.seed}"
        return text

    @property
    def modifiers(self) -> frozenset[str]:
        """The modifier letters used (``C``, ``M``, ``L``, ``P``, ``F``, ``R``, ``U``, ``TOP``;
        ``N`` for a seed)."""
        used = set()
        if self.cut_high:
            used.add("M")
        elif self.cut_low:
            used.add("C")
        for flag, letter in (
            (self.limit, "L"),
            (self.forfeits_as_played, "P"),
            (self.fore, "F"),
            (self.reverse, "R"),
            (self.unrated is not None, "U"),
            (self.top_only, "TOP"),
            (self.seed is not None, "N"),
        ):
            if flag:
                used.add(letter)
        return frozenset(used)
