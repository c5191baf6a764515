"""Team competitions (pure: no storage, no CLI).

* :mod:`.olympiad` — the Olympiad team draft and schedule (4.9.9.5);
* the division league (divisionsturneringen, 5.1–5.2): :mod:`.league` (the season, its
  divisions, editions and schedule), :mod:`.strength` (strength lists, §9 b 3, §11),
  :mod:`.lineups` (the line-up rules of §10), :mod:`.matches` (the result card),
  :mod:`.scoring` (board and match points, the penalties of §13), :mod:`.standings` (§3),
  :mod:`.promotion` (§4–§5) and :mod:`.events` (a season as events);
* the team cup (pokalstævnet, 5.3–5.4): :mod:`.cup` (teams, line-ups, the Bredde cap, a
  round card's points), :mod:`.cup_rounds` (team Monrad, standings, §9's play-off) and
  :mod:`.cup_events`;
* :mod:`.junior` — the junior team championship (5.5).

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
