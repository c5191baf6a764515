"""A division-league season as events (the record kind ``league-season``): what each event
says, and how it changes the :class:`~skak.teams.league.Season` (the fold). The rules that
decide whether an event may be written are in :mod:`skak.records.league.commands`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import ClassVar

from skak.teams.league import (
    AppealOutcome,
    DivisionSpec,
    LeagueSettings,
    Lineup,
    PenaltyPoints,
    Playoff,
    Ruling,
    Team,
    Withdrawal,
)
from skak.teams.matches import MatchCard
from skak.teams.strength import StrengthList

__all__ = [
    "LEAGUE_EVENT_TYPES",
    "CardApproved",
    "CardConfirmed",
    "CardDisputed",
    "CardRemarked",
    "LeagueEvent",
    "LineupEntered",
    "LotDrawn",
    "MatchResultCleared",
    "MatchResultEntered",
    "PenaltyGiven",
    "PlayoffSet",
    "RulingAppealed",
    "RulingDecided",
    "RulingGiven",
    "SeasonCreated",
    "StrengthListFiled",
    "TeamWithdrawn",
    "TeamsEntered",
    "WithdrawalCancelled",
    "describe_league_event",
]


@dataclass(frozen=True, slots=True)
class SeasonCreated:
    kind: ClassVar[str] = "season_created"
    name: str
    start: date
    edition: str
    #: Written out in full (no default), so a later skak's defaults never change a season.
    divisions: tuple[DivisionSpec, ...]
    dates: tuple[date, ...] = ()
    division_dates: tuple[tuple[str, tuple[date, ...]], ...] = ()
    settings: LeagueSettings = field(default_factory=LeagueSettings)


@dataclass(frozen=True, slots=True)
class TeamsEntered:
    """The season's teams and groups (all of them; before the first line-up)."""

    kind: ClassVar[str] = "teams_entered"
    teams: tuple[Team, ...]


@dataclass(frozen=True, slots=True)
class StrengthListFiled:
    kind: ClassVar[str] = "strength_list_filed"
    list: StrengthList


@dataclass(frozen=True, slots=True)
class LineupEntered:
    """A team's line-up for a match (entered again: corrected)."""

    kind: ClassVar[str] = "lineup_entered"
    lineup: Lineup


@dataclass(frozen=True, slots=True)
class MatchResultEntered:
    """A match's result card (entered again: corrected)."""

    kind: ClassVar[str] = "match_result_entered"
    card: MatchCard


@dataclass(frozen=True, slots=True)
class MatchResultCleared:
    """A match's result card set aside: a line-up entered again no longer fits it (the
    result is to be entered again)."""

    kind: ClassVar[str] = "match_result_cleared"
    round: int
    home: str
    away: str
    reason: str


@dataclass(frozen=True, slots=True)
class TeamWithdrawn:
    kind: ClassVar[str] = "team_withdrawn"
    withdrawal: Withdrawal


@dataclass(frozen=True, slots=True)
class WithdrawalCancelled:
    """A team's withdrawal undone: the result card that made it leave was corrected, or the
    leader cancelled a withdrawal entered by mistake. ``match`` names the withdrawal as
    :class:`~skak.teams.league.Withdrawal` does (``None``: the one the leader entered)."""

    kind: ClassVar[str] = "withdrawal_cancelled"
    team: str
    reason: str
    match: tuple[int, str, str] | None = None


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    kind: ClassVar[str] = "penalty_given"
    penalty: PenaltyPoints


@dataclass(frozen=True, slots=True)
class LotDrawn:
    """A lot drawn by hand (5.1 §3: "foretages lodtrækning"): the teams in the order drawn."""

    kind: ClassVar[str] = "lot_drawn"
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardRemarked:
    """The home captain's remark on the card he reported: the irregularities of the match
    (5.1 §12.7)."""

    kind: ClassVar[str] = "card_remarked"
    round: int
    home: str
    away: str
    remark: str


@dataclass(frozen=True, slots=True)
class CardConfirmed:
    """The away captain confirmed the card (his signature, 5.1 §12.6)."""

    kind: ClassVar[str] = "card_confirmed"
    round: int
    home: str
    away: str
    by: str


@dataclass(frozen=True, slots=True)
class CardDisputed:
    """The away captain objected to the card, in his words: the league leader decides."""

    kind: ClassVar[str] = "card_disputed"
    round: int
    home: str
    away: str
    by: str
    reason: str


@dataclass(frozen=True, slots=True)
class CardApproved:
    """The league leader approved the card as it stands (after an objection, a remark or a
    broken rule), with his note."""

    kind: ClassVar[str] = "card_approved"
    round: int
    home: str
    away: str
    by: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class PlayoffSet:
    kind: ClassVar[str] = "playoff_set"
    playoff: Playoff


@dataclass(frozen=True, slots=True)
class RulingGiven:
    """The league leader's ruling (kendelse, 5.1 §14–§15 b), with what it changes: the
    match's result card (``ruling.card`` in place of ``ruling.before``) and penalty points."""

    kind: ClassVar[str] = "ruling_given"
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class RulingAppealed:
    """A club appealed the ruling to the tournament committee (5.1 §15 b)."""

    kind: ClassVar[str] = "ruling_appealed"
    number: int
    by: str
    reason: str
    day: date


@dataclass(frozen=True, slots=True)
class RulingDecided:
    """The tournament committee's decision of an appeal (5.1 §14, §15 b), entered by the
    league leader: upheld, set aside (what the ruling changed is undone) or changed (set
    aside, and the committee's ``card`` and ``penalties`` in its place)."""

    kind: ClassVar[str] = "ruling_decided"
    number: int
    outcome: AppealOutcome
    text: str
    by: str
    day: date
    card: MatchCard | None = None
    penalties: tuple[PenaltyPoints, ...] = ()


LeagueEvent = (
    SeasonCreated
    | TeamsEntered
    | StrengthListFiled
    | LineupEntered
    | MatchResultEntered
    | MatchResultCleared
    | TeamWithdrawn
    | WithdrawalCancelled
    | PenaltyGiven
    | PlayoffSet
    | LotDrawn
    | CardRemarked
    | CardConfirmed
    | CardDisputed
    | CardApproved
    | RulingGiven
    | RulingAppealed
    | RulingDecided
)

LEAGUE_EVENT_TYPES: tuple[type, ...] = LeagueEvent.__args__


def describe_league_event(event: LeagueEvent) -> str:
    """One line in words for the season's history."""
    match event:
        case SeasonCreated():
            return f"season {event.name} created (edition {event.edition})"
        case TeamsEntered(teams=teams):
            return f"{len(teams)} team{'' if len(teams) == 1 else 's'} entered"
        case StrengthListFiled(list=s):
            when = "by the deadline" if s.notified is None else f"received {s.notified}"
            return f"{s.club}'s strength list ({len(s.players)} players, {when})"
        case LineupEntered(lineup=lu):
            what = "play-off" if lu.round == 0 else f"round {lu.round}"
            return f"{lu.team}'s line-up for {what}"
        case MatchResultEntered(card=c):
            what = "play-off" if c.round == 0 else f"round {c.round}"
            return f"result of {what}: {c.home}–{c.away}"
        case MatchResultCleared(round=r, home=home, away=away, reason=why):
            what = "play-off" if r == 0 else f"round {r}"
            return f"result of {what}: {home}–{away} set aside ({why})"
        case TeamWithdrawn(withdrawal=w):
            return f"{w.team} out of the tournament from round {w.round} ({w.reason})"
        case WithdrawalCancelled(team=team, reason=why):
            return f"{team} back in the tournament ({why})"
        case CardRemarked(round=r, home=home, away=away, remark=remark):
            return f"{_what(r)}: {home}–{away}: the home captain noted: {remark}"
        case CardConfirmed(round=r, home=home, away=away, by=by):
            return f"{_what(r)}: {home}–{away}: the card confirmed by {by}"
        case CardDisputed(round=r, home=home, away=away, by=by, reason=why):
            return f"{_what(r)}: {home}–{away}: the card disputed by {by}: {why}"
        case CardApproved(round=r, home=home, away=away, by=by, note=note):
            return f"{_what(r)}: {home}–{away}: the card approved by {by}" + (
                f" ({note})" if note else ""
            )
        case PenaltyGiven(penalty=p):
            points = f"{p.points} penalty point{'' if p.points == 1 else 's'}"
            return f"{p.team}: {points}, {p.reason} ({p.paragraph})"
        case PlayoffSet(playoff=p):
            return f"play-off {p.home}–{p.away} on {p.day}"
        case LotDrawn(order=order):
            return f"lot drawn by hand: {', '.join(order)}"
        case RulingGiven(ruling=r):
            about = "" if r.match is None else f" on {_what(r.match[0])}: {r.match[1]}–{r.match[2]}"
            return f"ruling {r.number} ({r.paragraph}){about} by {r.by}: {r.text}"
        case RulingAppealed(number=n, by=by, reason=why):
            return f"ruling {n} appealed by {by}: {why}"
        case RulingDecided(number=n, outcome=outcome, text=text):
            return f"ruling {n} {outcome} on appeal: {text}"
    raise TypeError(event)  # pragma: no cover


def _what(r: int) -> str:
    return "play-off" if r == 0 else f"round {r}"
