"""Tie-breaks (korrektion): every DSU and FIDE tie-break as a pure function, registered by code.

>>> from skak.tiebreaks import crosstable, rank  # doctest: +SKIP
>>> ranking = rank(crosstable(tournament), "BH/C1,BH,SB")  # doctest: +SKIP

Codes are FIDE C.07's acronyms with TRF-2026 modifiers (``BH/C1``, ``BH/M1``, ``SB``, ``DE``,
``KS/L+1``, ``ARO/U1000``), the 2010 annex's names (``ARCO``, ``median-2``, ``buchholz-sum``,
``extended-koya``) and DSU's (``sonneborn-berger``, ``almindelig-korrektion``,
``middelkorrektion``), and ``LOT``, the drawing of lots (:func:`playoff` is the annex's
play-off). Unplayed games follow the tournament's :class:`Edition`. Values are exact
fractions; :func:`exact_decimal` writes them. Team tie-breaks work on :class:`TeamResult`
records.
"""

from fractions import Fraction
from typing import TYPE_CHECKING

from skak.lazy import names_later

if TYPE_CHECKING:
    from skak.tiebreaks._crosstable import (
        ROUND_ROBIN_SYSTEMS,
        Crosstable,
        Kind,
        RoundRecord,
        crosstable,
        is_round_robin,
    )
    from skak.tiebreaks._editions import Edition, edition_for
    from skak.tiebreaks._lists import default_tiebreaks, recommended
    from skak.tiebreaks._names import PRIZE_BASIS, RECOMMENDED
    from skak.tiebreaks._playoff import Playoff, PlayoffFormat, PlayoffGame, draw_lots, playoff
    from skak.tiebreaks._ranking import Ranking, expand, rank, values
    from skak.tiebreaks._registry import (
        TieBreak,
        codes,
        get_tiebreak,
        parse_tiebreak,
        parse_tiebreaks,
    )
    from skak.tiebreaks._spec import TieBreakSpec
    from skak.tiebreaks._team import TeamResult, game_points, match_points, team_sonneborn_berger
    from skak.tiebreaks._unplayed import Contribution, adjusted_scores, contributions

#: Where each public name is defined, imported on first use (PEP 562): a face that only
#: names the lists (``--help``) or writes a decimal does not import every tie-break. The
#: modules that register codes are imported by the registry's first look-up
#: (:mod:`._registry`).
_MODULES: dict[str, tuple[str, ...]] = {
    "skak.tiebreaks._crosstable": (
        "ROUND_ROBIN_SYSTEMS",
        "Crosstable",
        "Kind",
        "RoundRecord",
        "crosstable",
        "is_round_robin",
    ),
    "skak.tiebreaks._editions": ("Edition", "edition_for"),
    "skak.tiebreaks._lists": ("default_tiebreaks", "recommended"),
    "skak.tiebreaks._names": ("PRIZE_BASIS", "RECOMMENDED"),
    "skak.tiebreaks._playoff": ("Playoff", "PlayoffFormat", "PlayoffGame", "draw_lots", "playoff"),
    "skak.tiebreaks._ranking": ("Ranking", "expand", "rank", "values"),
    "skak.tiebreaks._registry": (
        "TieBreak",
        "codes",
        "get_tiebreak",
        "parse_tiebreak",
        "parse_tiebreaks",
    ),
    "skak.tiebreaks._spec": ("TieBreakSpec",),
    "skak.tiebreaks._team": ("TeamResult", "game_points", "match_points", "team_sonneborn_berger"),
    "skak.tiebreaks._unplayed": ("Contribution", "adjusted_scores", "contributions"),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "PRIZE_BASIS",
    "RECOMMENDED",
    "ROUND_ROBIN_SYSTEMS",
    "Contribution",
    "Crosstable",
    "Edition",
    "Kind",
    "Playoff",
    "PlayoffFormat",
    "PlayoffGame",
    "Ranking",
    "RoundRecord",
    "TeamResult",
    "TieBreak",
    "TieBreakSpec",
    "adjusted_scores",
    "codes",
    "contributions",
    "crosstable",
    "default_tiebreaks",
    "draw_lots",
    "edition_for",
    "exact_decimal",
    "expand",
    "game_points",
    "get_tiebreak",
    "is_round_robin",
    "match_points",
    "parse_tiebreak",
    "parse_tiebreaks",
    "playoff",
    "rank",
    "recommended",
    "team_sonneborn_berger",
    "values",
]


def exact_decimal(value: Fraction) -> str:
    """A value as an exact decimal (``37.25``, ``7``, ``-0.5``); a value no decimal writes
    exactly as a fraction (``31/3``).

    >>> exact_decimal(Fraction(149, 4)), exact_decimal(Fraction(31, 3))
    ('37.25', '31/3')
    """
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{num}/{value.denominator}"
    places = max(twos, fives)
    # In whole numbers (a standings table writes thousands of these).
    whole, frac = divmod(abs(num) * 10**places // value.denominator, 10**places)
    sign = "-" if num < 0 else ""
    return f"{sign}{whole}.{frac:0{places}d}"


if not TYPE_CHECKING:  # for mypy the imports above define every name
    __getattr__ = names_later(__name__, _WHERE)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
