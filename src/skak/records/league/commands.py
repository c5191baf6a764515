"""A division-league season (divisionsturnering) as a record: its commands, ``decide`` and
the fold (DSU 003 §5.1).

``decide`` checks what the text and the data require before anything is written: a season
needs its teams before line-ups, a line-up belongs to a match of the schedule, a result card
fits the line-ups, a team that left plays no more, §11's list changes, §5's play-off pair.
What a line-up breaks (§10) is not refused: the line-up is what was played, and its
violations cost the games §13 b says (the notes say which). A result that strikes a team out
under §13 a writes the team's withdrawal with it; the same card entered again without it
(a mistyped ``--no-show``) cancels that withdrawal. A line-up entered again after the result
keeps the card when it still fits, and sets it aside when it does not (the result is then
entered again), with what the card had said of §13 a.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import cast

from skak.errors import InputError, NotFoundError, StateError
from skak.messages import N_
from skak.records.league.events import (
    CardApproved,
    CardConfirmed,
    CardDisputed,
    CardRemarked,
    LeagueEvent,
    LineupEntered,
    LotDrawn,
    MatchResultCleared,
    MatchResultEntered,
    PenaltyGiven,
    PlayoffSet,
    RulingAppealed,
    RulingDecided,
    RulingGiven,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
    TeamWithdrawn,
    WithdrawalCancelled,
)
from skak.records.league.evolve import evolve
from skak.teams.league import (
    APPEAL_DAYS,
    DSU_DIVISIONS,
    PLAYOFF_ROUND,
    AppealOutcome,
    DivisionSpec,
    Fixture,
    LeagueSettings,
    Lineup,
    PenaltyPoints,
    Playoff,
    Ruling,
    Season,
    Team,
    Withdrawal,
    check_lot,
    check_teams,
    edition_for,
    get_edition,
)
from skak.teams.lineups import (
    NO_QUARANTINES,
    Quarantines,
    check_lineup,
    check_lineup_shape,
)
from skak.teams.matches import MatchCard
from skak.teams.promotion import playoff_pair
from skak.teams.scoring import check_card
from skak.teams.standings import LOT_CRITERION, group_standings, match_score
from skak.teams.strength import StrengthList, amend, amend_notes, check_list_change

__all__ = [
    "AppealRuling",
    "ApproveCard",
    "CancelWithdrawal",
    "ConfirmCard",
    "CreateSeason",
    "DecideAppeal",
    "DisputeCard",
    "DrawLot",
    "EnterLineup",
    "EnterResult",
    "EnterTeams",
    "FileStrengthLists",
    "GivePenalty",
    "GiveRuling",
    "LeagueCommand",
    "SetPlayoff",
    "WithdrawTeam",
    "decide",
    "lot_ties",
    "notes",
]


@dataclass(frozen=True, slots=True)
class CreateSeason:
    name: str
    start: date
    edition: str | None = None
    dates: tuple[date, ...] = ()
    division_dates: tuple[tuple[str, tuple[date, ...]], ...] = ()
    settings: LeagueSettings = field(default_factory=LeagueSettings)
    divisions: tuple[DivisionSpec, ...] = DSU_DIVISIONS


@dataclass(frozen=True, slots=True)
class EnterTeams:
    teams: tuple[Team, ...]


@dataclass(frozen=True, slots=True)
class FileStrengthLists:
    """Clubs' strength lists, all or none (one event each). A list filed after the club's
    first is a change that amends it (§11, :func:`skak.teams.strength.amend`); ``replace``:
    it is the club's whole new list (the event holds the club's list as it results)."""

    lists: tuple[StrengthList, ...]
    replace: bool = False


@dataclass(frozen=True, slots=True)
class EnterLineup:
    """A team's line-up; ``day`` when the match was moved (§6 f), else the round's date."""

    round: int
    team: str
    players: tuple[str | None, ...]
    day: date | None = None
    quarantines: Quarantines = NO_QUARANTINES


@dataclass(frozen=True, slots=True)
class EnterResult:
    """A match's result card; ``remark``: the irregularities the reporter notes (§12.7)."""

    card: MatchCard
    remark: str = ""


@dataclass(frozen=True, slots=True)
class ConfirmCard:
    """The away captain (``by``) confirms the card of ``team``'s match in the round."""

    round: int
    team: str
    by: str


@dataclass(frozen=True, slots=True)
class DisputeCard:
    """The away captain (``by``) objects to the card, in his words (``reason``)."""

    round: int
    team: str
    by: str
    reason: str


@dataclass(frozen=True, slots=True)
class ApproveCard:
    """The league leader (``by``) approves the card as it stands, with a note."""

    round: int
    team: str
    by: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class WithdrawTeam:
    team: str
    round: int
    reason: str


@dataclass(frozen=True, slots=True)
class CancelWithdrawal:
    """Undo a withdrawal the leader entered by mistake (``skak league withdraw --cancel``)."""

    team: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GivePenalty:
    team: str
    points: int
    reason: str
    round: int | None = None


@dataclass(frozen=True, slots=True)
class DrawLot:
    """A lot drawn by hand (5.1 §3), the teams in the order drawn (first: placed highest)."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetPlayoff:
    home: str
    away: str
    day: date


@dataclass(frozen=True, slots=True)
class GiveRuling:
    """The league leader's ruling (kendelse, 5.1 §14–§15): the paragraph it applies, its
    text, the day it is sent; the match it concerns (``round`` and one of its ``team``s)
    with the result card it decides (``None``: the card stands), and penalty points
    (``(team, points)``, §13 e)."""

    paragraph: str
    text: str
    by: str
    day: date
    round: int | None = None
    team: str | None = None
    card: MatchCard | None = None
    penalties: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class AppealRuling:
    """A club appeals the ruling to the tournament committee (5.1 §15 b: within 10 days)."""

    number: int
    by: str
    reason: str
    day: date


@dataclass(frozen=True, slots=True)
class DecideAppeal:
    """The tournament committee's decision of an appeal, entered by the league leader:
    ``upheld``, ``overturned``, or ``changed`` with the committee's ``card`` and
    ``penalties`` in place of the ruling's."""

    number: int
    outcome: str
    text: str
    by: str
    day: date
    card: MatchCard | None = None
    penalties: tuple[tuple[str, int], ...] = ()


LeagueCommand = (
    CreateSeason
    | EnterTeams
    | FileStrengthLists
    | EnterLineup
    | EnterResult
    | WithdrawTeam
    | CancelWithdrawal
    | GivePenalty
    | SetPlayoff
    | DrawLot
    | ConfirmCard
    | DisputeCard
    | ApproveCard
    | GiveRuling
    | AppealRuling
    | DecideAppeal
)


def decide(season: Season | None, command: LeagueCommand) -> list[LeagueEvent]:
    """The events that carry out ``command``; none when it changes nothing.

    :raises SkakError: when a rule refuses it (nothing is written then).
    """
    if isinstance(command, CreateSeason):
        return [_create(season, command)]
    if season is None:
        raise StateError("there is no season yet; create one with 'skak league new'")
    match command:
        case EnterTeams(teams=teams):
            return _teams(season, teams)
        case FileStrengthLists(lists=lists, replace=whole):
            events: list[LeagueEvent] = []
            for filed in lists:
                new = _strength(season, filed, whole)
                for e in new:
                    season = evolve(season, e)
                events += new
            return events
        case EnterLineup():
            return _lineup(season, command)
        case EnterResult(card=card, remark=remark):
            return _result(season, card, remark)
        case ConfirmCard() | DisputeCard() | ApproveCard():
            return _card_check(season, command)
        case WithdrawTeam():
            return [_withdraw(season, command)]
        case CancelWithdrawal():
            return [_cancel(season, command)]
        case GivePenalty():
            return [_penalty(season, command)]
        case SetPlayoff():
            return [_playoff(season, command)]
        case DrawLot(order=order):
            return [_lot(season, order)]
        case GiveRuling():
            return _ruling(season, command)
        case AppealRuling():
            return [_appeal(season, command)]
        case DecideAppeal():
            return _decision(season, command)
    raise TypeError(command)  # pragma: no cover - the union is closed


def _create(season: Season | None, c: CreateSeason) -> SeasonCreated:
    if season is not None:
        raise StateError(f"the season {season.name} exists already")
    if not c.name.strip():
        raise InputError("a season needs a name")
    edition = get_edition(c.edition).name if c.edition else edition_for(c.start).name
    names = {d.name for d in c.divisions}
    for what, dates in (("the rounds", c.dates), *c.division_dates):
        if what not in names and what != "the rounds":
            raise InputError(f"dates for {what!r}: no such division ({', '.join(sorted(names))})")
        if list(dates) != sorted(dates):
            raise InputError(f"the dates of {what} must not go back in time")
        early = [d for d in dates if d < c.start]
        if early:
            raise InputError(
                f"the dates of {what}: {', '.join(map(str, early))} "
                f"{'is' if len(early) == 1 else 'are'} before the season's start ({c.start})"
            )
    return SeasonCreated(
        c.name.strip(), c.start, edition, c.divisions, c.dates, c.division_dates, c.settings
    )


def _teams(season: Season, teams: Sequence[Team]) -> list[LeagueEvent]:
    if season.lineups or season.cards:
        raise StateError(
            f"{season.name} has line-ups or results already: the teams and their schedule "
            "can no longer change"
        )
    check_teams(teams, season.divisions)
    if tuple(teams) == season.teams:
        return []
    return [TeamsEntered(tuple(teams))]


def _strength(season: Season, filed: StrengthList, replace: bool) -> list[LeagueEvent]:
    own = season.club_teams(filed.club)
    if not own:
        clubs = ", ".join(sorted({t.club for t in season.teams})) or "none yet"
        raise NotFoundError(f"no team of the club {filed.club!r} plays in {season.name} ({clubs})")
    for p in filed.players:
        if p.team is not None and p.team < 1:
            raise InputError(
                f"{filed.club}'s strength list: {p.name} ({p.id}): team numbers start at 1 "
                "(the club's first team)"
            )
    previous = season.club_lists(filed.club)
    newest = previous[-1] if previous else None
    new = amend(newest, filed, replace=replace)
    check_list_change(newest, new)
    if new == newest:
        return []
    return [StrengthListFiled(new)]


def _key(fixture: Fixture) -> tuple[int, str, str]:
    return (fixture.round, fixture.home, fixture.away)


def _playing(season: Season, team: str, fixture: Fixture) -> None:
    """:raises StateError: when the team has left before the match — unless it was this
    match's own result card that made it leave (entering its line-up or result again
    corrects that card)."""
    for w in season.withdrawals:
        if w.team != team or w.match == _key(fixture):
            continue
        if fixture.round == PLAYOFF_ROUND or w.round <= fixture.round:
            raise StateError(
                f"{team} left the tournament from round {w.round} ({w.reason}, {w.paragraph}); "
                "it plays no more matches"
                + (
                    f" (it left by the result of round {w.match[0]}: {w.match[1]}–"
                    f"{w.match[2]}; enter that result again to correct it)"
                    if w.match is not None
                    else " ('skak league withdraw --cancel' undoes a withdrawal made by mistake)"
                )
            )


def _follow_card(after: Season, fixture: Fixture) -> list[LeagueEvent]:
    """What the match's card now says of §13 a, as events on ``after``: a team it strikes
    out leaves the tournament from the match's round; a team whose withdrawal this card
    wrote and that it no longer strikes out (a corrected card, a card set aside) plays on.
    The play-off writes no withdrawal: a team that does not come to it loses it."""
    key = _key(fixture)
    score = match_score(after, fixture)
    struck = dict(score.struck_out) if score is not None else {}
    events: list[LeagueEvent] = []
    for w in after.withdrawals:
        if w.match == key and w.team not in struck:
            why = (
                "the result card that made it leave was corrected"
                if score is not None
                else "the result card that made it leave was set aside"
            )
            events.append(WithdrawalCancelled(w.team, why, key))
    for team, why in struck.items():
        if any(w.team == team and w.match == key for w in after.withdrawals):
            continue
        events.append(TeamWithdrawn(Withdrawal(team, fixture.round, why, match=key)))
    return events


def _lineup(season: Season, c: EnterLineup) -> list[LeagueEvent]:
    team = season.team(c.team)
    fixture = season.fixture(c.round, team.name)
    _playing(season, team.name, fixture)
    gone = season.striking_out(fixture)
    if gone is not None:
        raise StateError(
            f"{fixture.label()} was struck out: {gone.team} left the tournament from round "
            f"{gone.round} ({gone.reason}) and all its matches are struck out (5.1 §13 a); "
            f"{team.name} enters no line-up for it"
        )
    boards = season.division(team.division).boards
    where = f"{fixture.label()}, {team.name}"
    check_lineup_shape(c.players, boards, where)
    day = c.day or season.round_date(team.division, c.round)
    if day is None:
        raise InputError(f"{where}: {season.name} has no date for this round; give the match's day")
    players = tuple(c.players)
    found = tuple(
        (p, q) for p in players if p is not None and (q := c.quarantines.quarantine(p, day))
    )
    lineup = Lineup(c.round, team.name, players, day, found)
    if season.lineup(c.round, team.name) == lineup:
        return []
    events: list[LeagueEvent] = [LineupEntered(lineup)]
    card = season.card(fixture)
    if card is None:
        return events
    after = evolve(season, events[0])
    try:
        check_card(
            card,
            fixture,
            after.lineup(c.round, fixture.home),
            after.lineup(c.round, fixture.away),
            boards,
        )
    except InputError as err:
        cleared = MatchResultCleared(
            fixture.round,
            fixture.home,
            fixture.away,
            f"{team.name}'s line-up was entered again and the card no longer fits it: {err}",
        )
        events.append(cleared)
        after = evolve(after, cleared)
    return events + _follow_card(after, fixture)


def _result(season: Season, card: MatchCard, remark: str = "") -> list[LeagueEvent]:
    fixture = season.fixture(card.round, card.home)
    if (fixture.home, fixture.away) != (card.home, card.away):
        raise InputError(
            f"{fixture.label()}: {card.home} plays {fixture.opponent(card.home)}, at "
            f"{'home' if fixture.home == card.home else 'away'}; write the home team first"
        )
    for team in fixture.teams():
        _playing(season, team, fixture)
    for team in (*card.late, *card.no_show):
        if team not in fixture.teams():
            raise InputError(f"{fixture.label()}: {team} does not play this match")
    spec = season.division(season.team(fixture.home).division)
    home = season.lineup(card.round, fixture.home)
    away = season.lineup(card.round, fixture.away)
    check_card(card, fixture, home, away, spec.boards)
    said = remark.strip()
    noted: list[LeagueEvent] = []
    if said:
        noted = [CardRemarked(fixture.round, fixture.home, fixture.away, said)]
    if season.card(fixture) == card:
        known = season.check(fixture.round, fixture.home)
        return [] if not said or (known is not None and known.remark == said) else noted
    events: list[LeagueEvent] = [MatchResultEntered(card)]
    after = evolve(season, events[0])
    return events + _follow_card(after, fixture) + noted


def _card_check(season: Season, c: ConfirmCard | DisputeCard | ApproveCard) -> list[LeagueEvent]:
    """A captain's confirmation or objection, the leader's approval: of a card entered."""
    fixture = season.fixture(c.round, c.team)
    if season.card(fixture) is None:
        raise StateError(N_("{match}: no result card has been entered yet", match=fixture.label()))
    if not c.by.strip():
        raise InputError(N_("who confirms, disputes or approves the card must be named"))
    known = season.check(fixture.round, fixture.home)
    r, home, away = fixture.round, fixture.home, fixture.away
    if isinstance(c, ConfirmCard):
        if known is not None and known.confirmed_by == c.by:
            return []
        return [CardConfirmed(r, home, away, c.by)]
    if isinstance(c, DisputeCard):
        reason = c.reason.strip()
        if not reason:
            raise InputError(N_("an objection to a card says what is wrong with it"))
        return [CardDisputed(r, home, away, c.by, reason)]
    if known is not None and (known.approved_by, known.note) == (c.by, c.note.strip()):
        return []
    return [CardApproved(r, home, away, c.by, c.note.strip())]


def _withdraw(season: Season, c: WithdrawTeam) -> TeamWithdrawn:
    team = season.team(c.team)
    if season.withdrawal(team.name) is not None:
        raise StateError(f"{team.name} has left the tournament already")
    rounds = season.rounds(team.division, team.group)
    if not 1 <= c.round <= rounds:
        raise InputError(f"{team.name} plays rounds 1–{rounds}, not {c.round}")
    played = [
        f.label()
        for f in season.schedule(team.division, team.group)
        if f.round >= c.round and team.name in f.teams() and season.card(f) is not None
    ]
    if played:
        raise StateError(
            f"{team.name} has results from round {c.round} on ({', '.join(played)}); "
            "a team leaves from a round it has not played"
        )
    reason = c.reason.strip() or "withdrew"
    return TeamWithdrawn(Withdrawal(team.name, c.round, reason))


def _cancel(season: Season, c: CancelWithdrawal) -> WithdrawalCancelled:
    team = season.team(c.team)
    own = [w for w in season.withdrawals if w.team == team.name]
    manual = [w for w in own if w.match is None]
    if not manual:
        if own and (m := own[0].match) is not None:
            what = "the play-off" if m[0] == PLAYOFF_ROUND else f"round {m[0]}"
            raise StateError(
                f"{team.name} left by the result card of {what}: {m[1]}–{m[2]} ({own[0].reason}); "
                "enter that result again as it was (skak league result) and the withdrawal "
                "goes with it"
            )
        raise StateError(f"{team.name} has not left the tournament")
    reason = c.reason.strip() or "the withdrawal was entered by mistake"
    return WithdrawalCancelled(team.name, reason)


def _lot(season: Season, order: Sequence[str]) -> LotDrawn:
    """A lot drawn by hand decides a tie only when it names all the tied teams
    (:meth:`Season.drawn_lot`): so it names the teams of one group that §3's other criteria
    leave tied in the standings as they stand, all of them (docs/interpretations.md).

    :raises InputError: for a lot of fewer than two teams, or of teams of several groups.
    :raises StateError: for teams that are not exactly one tie of the standings.
    """
    check_lot(order)
    if len(order) < 2:
        raise InputError("a lot is drawn between at least two teams")
    teams = [season.team(t) for t in order]
    groups = sorted({(t.division, t.group) for t in teams})
    if len(groups) > 1:
        where = "; ".join(
            f"{_and([t.name for t in teams if (t.division, t.group) == g])} in {g[0]} group {g[1]}"
            for g in groups
        )
        raise InputError(
            f"a lot (5.1 §3) decides a tie within one group; these teams play in "
            f"{len(groups)} groups: {where}"
        )
    division, group = groups[0]
    ties = lot_ties(season, division, group)
    named = {t.name for t in teams}
    if any(set(tie) == named for tie in ties):
        return LotDrawn(tuple(t.name for t in teams))
    mine = [tie for tie in ties if named & set(tie)]
    if mine:
        tie = mine[0]
        raise StateError(
            f"{_and(list(tie))} are tied (5.1 §3: the lot decides after board points, match "
            "points, the direct encounter and board by board): a lot names them all"
        )
    now = "; ".join(_and(list(t)) for t in ties) or "none"
    raise StateError(
        f"{_and(sorted(named))} are not tied for the lot in {division} group {group} as the "
        f"standings stand (5.1 §3); the ties a lot decides there now: {now}"
    )


def lot_ties(season: Season, division: str, group: int) -> list[tuple[str, ...]]:
    """The teams a lot must decide between in the group's standings as they stand: each run
    of teams that §3's criteria before the lot leave tied (teams that left not counted),
    each in draw-number order."""
    rows = [r for r in group_standings(season, division, group).rows if not r.withdrawn]
    ties: list[list[str]] = []
    for i, r in enumerate(rows):
        if i and r.decided_by == LOT_CRITERION:
            ties[-1].append(r.team)
        else:
            ties.append([r.team])
    number = {t.name: t.number for t in season.group_teams(division, group)}
    return [tuple(sorted(t, key=number.__getitem__)) for t in ties if len(t) > 1]


def _and(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _penalty(season: Season, c: GivePenalty) -> PenaltyGiven:
    """A penalty counts in the standings after its round; without one, after the last
    round of the team's group with a result (the round it is given after)."""
    team = season.team(c.team)
    if not 1 <= c.points <= 10:
        raise InputError(f"penalty points are 1–10 at a time, not {c.points}")
    if not c.reason.strip():
        raise InputError("say why the penalty point is given (5.1 §13 e: the rule broken)")
    rounds = season.rounds(team.division, team.group)
    if c.round is not None and not 1 <= c.round <= rounds:
        raise InputError(f"{team.name} plays rounds 1–{rounds}, not {c.round}")
    played = [
        f.round for f in season.schedule(team.division, team.group) if season.card(f) is not None
    ]
    when = c.round if c.round is not None else max(played, default=1)
    return PenaltyGiven(PenaltyPoints(team.name, c.points, c.reason.strip(), round=when))


def _ruled_penalties(
    season: Season,
    given: Sequence[tuple[str, int]],
    reason: str,
    paragraph: str,
    fixture: Fixture | None,
) -> tuple[PenaltyPoints, ...]:
    """A ruling's penalty points, each counted from the match's round (without a match:
    from the last round of the team's group with a result, as ``skak league penalty``)."""
    out = []
    for name, points in given:
        team = season.team(name)
        if not 1 <= points <= 10:
            raise InputError(N_("penalty points are 1–10 at a time, not {points}", points=points))
        if fixture is not None:
            when = fixture.round
        else:
            played = [
                f.round
                for f in season.schedule(team.division, team.group)
                if season.card(f) is not None
            ]
            when = max(played, default=1)
        out.append(PenaltyPoints(team.name, points, reason, paragraph, when))
    return tuple(out)


def _ruled_card(season: Season, fixture: Fixture, card: MatchCard) -> None:
    """:raises InputError: when the card a ruling decides is not the match's or does not
    fit its line-ups."""
    if (card.round, card.home, card.away) != _key(fixture):
        raise InputError(
            N_(
                "the card is of {card}, the ruling concerns {match}",
                card=f"{card.home}–{card.away}",
                match=fixture.label(),
            )
        )
    check_card(
        card,
        fixture,
        season.lineup(fixture.round, fixture.home),
        season.lineup(fixture.round, fixture.away),
        season.boards(fixture.home),
    )


def _ruling(season: Season, c: GiveRuling) -> list[LeagueEvent]:
    paragraph, text = c.paragraph.strip(), c.text.strip()
    if not text:
        raise InputError(N_("a ruling says what is decided and why"))
    if not paragraph:
        raise InputError(N_("a ruling names the paragraph it applies (e.g. 5.1 §13 b)"))
    if not c.by.strip():
        raise InputError(N_("who gives the ruling must be named"))
    fixture = None
    if c.round is not None or c.team is not None:
        if c.round is None or c.team is None:
            raise InputError(N_("a ruling on a match names its round and one of its teams"))
        fixture = season.fixture(c.round, season.team(c.team).name)
    if c.card is not None:
        if fixture is None:
            raise InputError(N_("a ruling that decides a result names the match"))
        _ruled_card(season, fixture, c.card)
    number = max((r.number for r in season.rulings), default=0) + 1
    ruling = Ruling(
        number,
        c.day,
        paragraph,
        text,
        c.day + timedelta(days=APPEAL_DAYS),
        c.by.strip(),
        _key(fixture) if fixture is not None else None,
        c.card,
        season.card(fixture) if fixture is not None and c.card is not None else None,
        _ruled_penalties(season, c.penalties, text, paragraph, fixture),
    )
    events: list[LeagueEvent] = [RulingGiven(ruling)]
    if fixture is not None and c.card is not None:
        events += _follow_card(evolve(season, events[0]), fixture)
    return events


def _appeal(season: Season, c: AppealRuling) -> RulingAppealed:
    ruling = season.ruling(c.number)
    if not c.reason.strip():
        raise InputError(N_("an appeal says what is wrong with the ruling"))
    if ruling.appealed_by is not None:
        raise StateError(
            N_(
                "ruling {number} was appealed already by {who} on {day}",
                number=ruling.number,
                who=ruling.appealed_by,
                day=ruling.appealed_on,
            )
        )
    if c.day > ruling.appeal_until:
        raise StateError(
            N_(
                "ruling {number} could be appealed until {day} (5.1 §15 b: 10 days after it "
                "was sent); the appeal is too late",
                number=ruling.number,
                day=ruling.appeal_until,
            )
        )
    return RulingAppealed(ruling.number, c.by.strip(), c.reason.strip(), c.day)


OUTCOMES = ("upheld", "overturned", "changed")


def _decision(season: Season, c: DecideAppeal) -> list[LeagueEvent]:
    ruling = season.ruling(c.number)
    if ruling.appealed_by is None:
        raise StateError(N_("ruling {number} has not been appealed", number=ruling.number))
    if ruling.outcome is not None:
        raise StateError(
            N_(
                "the tournament committee decided the appeal of ruling {number} already",
                number=ruling.number,
            )
        )
    if c.outcome not in OUTCOMES:
        raise InputError(
            N_(
                "the committee's decision is upheld, overturned or changed, not {outcome}",
                outcome=c.outcome,
            )
        )
    if not c.text.strip():
        raise InputError(N_("the committee's decision says what it decided and why"))
    fixture = season.fixture(ruling.match[0], ruling.match[1]) if ruling.match is not None else None
    if c.outcome != "changed" and (c.card is not None or c.penalties):
        raise InputError(N_("only a changed ruling comes with a result or penalty points"))
    if c.outcome == "changed" and c.card is None and not c.penalties:
        raise InputError(
            N_("a changed ruling says what the committee decided: a result or penalty points")
        )
    if c.card is not None:
        if fixture is None:
            raise InputError(N_("a ruling that decides a result names the match"))
        _ruled_card(season, fixture, c.card)
    penalties = _ruled_penalties(season, c.penalties, c.text.strip(), ruling.paragraph, fixture)
    outcome = cast(AppealOutcome, c.outcome)
    decided = RulingDecided(
        ruling.number, outcome, c.text.strip(), c.by.strip(), c.day, c.card, penalties
    )
    events: list[LeagueEvent] = [decided]
    if fixture is not None:
        events += _follow_card(evolve(season, decided), fixture)
    return events


def _playoff(season: Season, c: SetPlayoff) -> PlayoffSet:
    home, away = season.team(c.home), season.team(c.away)
    spec = season.division(home.division)
    if spec.playoff_groups is None:
        raise StateError(f"{spec.name} plays no play-off (omkamp, 5.1 §5)")
    standings = {}
    for g in spec.playoff_groups:
        s = group_standings(season, spec.name, g)
        if not s.complete:
            raise StateError(
                f"{spec.name} group {g} is not over ({', '.join(s.missing[:3])} …): the "
                "play-off is between the final third-last teams"
            )
        standings[(spec.name, g)] = s
    pair = playoff_pair(season, standings)
    if set(pair) != {home.name, away.name}:
        raise StateError(
            f"5.1 §5's play-off is between the third-last teams of {spec.name} groups "
            f"{' and '.join(map(str, spec.playoff_groups))}: {' and '.join(pair)}"
        )
    if season.cards and any(card.round == PLAYOFF_ROUND for card in season.cards):
        raise StateError("the play-off has a result already")
    return PlayoffSet(Playoff(home.name, away.name, c.day))


def notes(before: Season | None, command: LeagueCommand, after: Season) -> tuple[str, ...]:
    """What the leader should know about what was just done: a line-up's violations (§10,
    with §13 b's penalty), a result's penalties and reports, a list's notes, a group size."""
    match command:
        case EnterTeams(teams=teams):
            return tuple(check_teams(teams, after.divisions))
        case FileStrengthLists(lists=filed, replace=whole):
            out: list[str] = []
            season = before
            for one in filed:
                lists = season.club_lists(one.club) if season is not None else ()
                newest = lists[-1] if lists else None
                new = amend(newest, one, replace=whole)
                out += amend_notes(newest, one, new, replace=whole)
                out += check_list_change(newest, new)
                if season is not None:
                    season = evolve(season, StrengthListFiled(new))
                ranks = {t.rank for t in after.club_teams(one.club)}
                other = sorted({p.team for p in one.players if p.team and p.team not in ranks})
                if other:
                    out.append(
                        f"{one.club}: team{'' if len(other) == 1 else 's'} "
                        f"{', '.join(map(str, other))} of the list "
                        f"play{'s' if len(other) == 1 else ''} "
                        "in no group of this season (their players may not play lower, §10 b)"
                    )
            return tuple(out)
        case EnterLineup(round=r, team=team):
            lu = after.lineup(r, after.team(team).name)
            found = tuple(str(v) for v in check_lineup(after, lu)) if lu is not None else ()
            fixture = after.fixture(r, after.team(team).name)
            return (*found, *_changes(before, after, fixture))
        case EnterResult(card=card):
            fixture = after.fixture(card.round, card.home)
            score = match_score(after, fixture)
            if score is None:
                return ()
            return (*score.explanation[1:], *score.reports, *_changes(before, after, fixture))
    return ()


def _changes(before: Season | None, after: Season, fixture: Fixture) -> tuple[str, ...]:
    """A result set aside, and the withdrawals a card wrote or undid, in words."""
    if before is None:
        return ()
    out = []
    old_card = before.card(fixture)
    if old_card is not None and after.card(fixture) is None:
        why = ""
        try:
            check_card(
                old_card,
                fixture,
                after.lineup(fixture.round, fixture.home),
                after.lineup(fixture.round, fixture.away),
                after.boards(fixture.home),
            )
        except InputError as err:
            why = f" ({err})"
        out.append(
            f"{fixture.label()}: the result card no longer fits the line-ups{why} and is set "
            "aside; enter the result again (skak league result)"
        )
    old = set(before.withdrawals)
    new = set(after.withdrawals)
    for w in sorted(new - old, key=lambda w: w.team):
        out.append(
            f"{w.team} {w.reason}: it leaves the tournament from round {w.round}, its matches "
            "are struck out and its players excluded for the season (5.1 §13 a)"
        )
    for w in sorted(old - new, key=lambda w: w.team):
        out.append(f"{w.team} is back in the tournament: its withdrawal is cancelled")
    return tuple(out)
