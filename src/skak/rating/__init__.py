"""DSU and FIDE rating (ratingberegning): pure rules and tables, no I/O.

:mod:`skak.rating.rules` holds the editions of DSU's rules as effective-dated data,
:mod:`skak.rating.calc` computes one tournament's rating changes (the common tournament in
whole numbers, :mod:`skak.rating.hundredths`), :mod:`skak.rating.tables` holds table 1,
:mod:`skak.rating.registry` the rating registry (its players' cards in
:mod:`skak.rating.cards`) and :mod:`skak.rating.season` a season's tournaments rated and
applied to it in one call.
"""

from skak.rating.calc import (
    RatedGame,
    RatedPlayer,
    RatingChange,
    RatingResult,
    calculate,
    round_expected,
)
from skak.rating.rules import RULE_SETS, RatingSettings, RuleSet, get_rule_set, rule_set_for
from skak.rating.tables import TABLE_1, expected_score

__all__ = [
    "RULE_SETS",
    "TABLE_1",
    "RatedGame",
    "RatedPlayer",
    "RatingChange",
    "RatingResult",
    "RatingSettings",
    "RuleSet",
    "calculate",
    "expected_score",
    "get_rule_set",
    "round_expected",
    "rule_set_for",
]
