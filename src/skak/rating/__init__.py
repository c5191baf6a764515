"""DSU and FIDE rating (ratingberegning): pure rules and tables, no I/O.

So far this holds DSU table 1 (expected score), which the demo uses to draw plausible
results; the rating rule-sets arrive with their own issue.
"""

from skak.rating.tables import TABLE_1, expected_score

__all__ = ["TABLE_1", "expected_score"]
