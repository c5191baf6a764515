"""Team competitions built from individual players (pure: no storage, no CLI).

>>> from skak.teams import olympiad_draft
>>> [t.rank_sum for t in olympiad_draft(24, 4)]
[75, 75, 75, 75]
"""

from skak.teams.olympiad import (
    DraftTeam,
    TeamBoard,
    TeamMatch,
    TeamRound,
    draft_blocks,
    draft_order,
    olympiad,
    olympiad_draft,
    olympiad_schedule,
)

__all__ = [
    "DraftTeam",
    "TeamBoard",
    "TeamMatch",
    "TeamRound",
    "draft_blocks",
    "draft_order",
    "olympiad",
    "olympiad_draft",
    "olympiad_schedule",
]
