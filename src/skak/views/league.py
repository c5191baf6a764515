"""The division league's read side (divisionsturneringen, 5.1): seasons, teams, schedules,
strength lists, line-ups with their checks, matches, standings and the season's end — each
a frozen dataclass made from a :class:`~skak.teams.league.Season` by a pure function."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction

from skak.messages import N_, N_plural
from skak.teams.league import PLAYOFF_ROUND, Fixture, Ruling, Season
from skak.teams.lineups import check_lineup
from skak.teams.promotion import Move, SeasonEnd
from skak.teams.scoring import BoardScore, MatchScore, white_team
from skak.teams.standings import GroupStandings, StandingRow, match_score
from skak.teams.strength import ListedPlayer
from skak.views._json import face_only

__all__ = [
    "CaptainMatch",
    "CaptainRuling",
    "CardLine",
    "DivisionTeams",
    "FixtureRow",
    "LeagueStandingsView",
    "LeagueTeamView",
    "LineupBoardRow",
    "LineupView",
    "MatchView",
    "RulingPenalty",
    "RulingView",
    "ScheduleRow",
    "SeasonEndView",
    "SeasonLine",
    "StrengthListView",
    "TeamRow",
    "ViolationRow",
    "captain_matches",
    "captain_rulings",
    "card_lines",
    "fixture_rows",
    "lineup_view",
    "match_view",
    "ruling_views",
    "season_end_view",
    "season_line",
    "standings_views",
    "strength_views",
    "team_rows",
    "team_view",
]


@dataclass(frozen=True, slots=True)
class SeasonLine:
    id: int
    name: str
    start: date
    edition: str
    teams: int
    created_at: str


def season_line(ident: int, created_at: str, season: Season) -> SeasonLine:
    return SeasonLine(
        ident, season.name, season.start, season.edition, len(season.teams), created_at
    )


@dataclass(frozen=True, slots=True)
class TeamRow:
    team: str
    club: str
    division: str
    group: int
    number: int
    club_team: int
    withdrawn_from: int | None = None


def team_rows(season: Season) -> tuple[TeamRow, ...]:
    rows = []
    for d, g in season.groups():
        for t in season.group_teams(d.name, g):
            w = season.withdrawal(t.name)
            rows.append(
                TeamRow(
                    t.name, t.club, t.division, t.group, t.number, t.rank, w.round if w else None
                )
            )
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class FixtureRow:
    """One match of the schedule: ``result`` the board points (home–away) once the card is
    in, ``None`` before; ``white_board_1`` the visiting team (§12 c)."""

    division: str
    group: int
    round: int
    date: date | None
    home: str
    away: str
    white_board_1: str
    result: str | None


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    division: str
    group: int
    round: int
    free: str | None


def fixture_rows(
    season: Season, division: str | None = None, group: int | None = None
) -> tuple[FixtureRow, ...]:
    rows = []
    for f in season.fixtures():
        if division is not None and f.division != division:
            continue
        if group is not None and f.group != group and f.round != PLAYOFF_ROUND:
            continue
        s = match_score(season, f)
        result = None
        if s is not None:
            result = N_("struck out (5.1 §13 a)") if s.struck_out else f"{_p(s.home)}-{_p(s.away)}"
        elif season.striking_out(f) is not None:
            result = "struck out (5.1 §13 a)"
        rows.append(
            FixtureRow(
                f.division,
                f.group,
                f.round,
                season.round_date(f.division, f.round),
                f.home,
                f.away,
                white_team(f, 1),
                result,
            )
        )
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class StrengthListView:
    """A club's strength list (5.1 §11): the day it was notified, the first day it may be
    used, and its players by number (:class:`~skak.teams.strength.ListedPlayer`)."""

    club: str
    notified: date | None
    in_force_from: date | None
    players: tuple[ListedPlayer, ...]


def strength_views(season: Season, club: str | None = None) -> tuple[StrengthListView, ...]:
    out = []
    for s in season.lists:
        if club is not None and s.club.casefold() != club.casefold():
            continue
        out.append(
            StrengthListView(
                s.club,
                s.notified,
                s.in_force_from,
                s.ordered(),
            )
        )
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ViolationRow:
    board: int
    player: str
    rule: str
    paragraph: str
    message: str


@dataclass(frozen=True, slots=True)
class LineupBoardRow:
    board: int
    colour: str
    player: str | None
    name: str | None
    list_number: int | None


@dataclass(frozen=True, slots=True)
class LineupView:
    """A team's line-up for a match and what it breaks (§10, each with §13 b's penalty)."""

    round: int
    team: str
    opponent: str
    home: bool
    date: date
    boards: tuple[LineupBoardRow, ...]
    violations: tuple[ViolationRow, ...]
    legal: bool
    rules: tuple[str, ...] = face_only(())


def lineup_view(season: Season, round_number: int, team: str) -> LineupView | None:
    """The line-up as entered, checked against the season as it stands."""
    t = season.team(team)
    lu = season.lineup(round_number, t.name)
    if lu is None:
        return None
    fixture = season.fixture(round_number, t.name)
    listed = season.list_in_force(t.club, lu.day)
    boards = []
    for b, pid in enumerate(lu.players, start=1):
        lp = listed.player(pid) if (listed is not None and pid is not None) else None
        colour = "white" if white_team(fixture, b) == t.name else "black"
        boards.append(
            LineupBoardRow(b, colour, pid, lp.name if lp else None, lp.number if lp else None)
        )
    found = check_lineup(season, lu)
    violations = tuple(
        ViolationRow(v.board, v.player, v.rule, v.paragraph, v.message) for v in found
    )
    return LineupView(
        round_number,
        t.name,
        fixture.opponent(t.name),
        fixture.home == t.name,
        lu.day,
        tuple(boards),
        violations,
        not violations,
    )


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match as it counts: board points and match points home–away, board by board
    (:class:`~skak.teams.scoring.BoardScore`)."""

    round: int
    home: str
    away: str
    entered: bool
    home_points: Fraction | None
    away_points: Fraction | None
    home_match_points: int | None
    away_match_points: int | None
    boards: tuple[BoardScore, ...]
    penalty_points: tuple[str, ...]
    struck_out: tuple[str, ...]
    reports: tuple[str, ...]
    explanation: tuple[str, ...]
    #: The league leader's rulings on the match (5.1 §14–§15), the newest first.
    rulings: tuple[RulingView, ...] = ()


@dataclass(frozen=True, slots=True)
class RulingPenalty:
    team: str
    points: int


@dataclass(frozen=True, slots=True)
class RulingView:
    """A ruling (kendelse) as published: what it decided and why, until when it may be
    appealed (5.1 §15 b), the appeal and the tournament committee's decision. ``state``:
    ``given`` (no appeal), ``appealed`` (the committee decides), ``upheld``, ``overturned``
    (what it changed is undone) or ``changed``."""

    number: int
    day: date
    paragraph: str
    text: str
    by: str
    appeal_until: date
    round: int | None
    home: str | None
    away: str | None
    decides_result: bool
    penalties: tuple[RulingPenalty, ...]
    state: str
    appealed_by: str | None
    appeal: str
    appealed_on: date | None
    decision: str
    decided_by: str | None
    decided_on: date | None
    decided_penalties: tuple[RulingPenalty, ...]


def _ruling_view(r: Ruling) -> RulingView:
    state = r.outcome or ("appealed" if r.appealed_by is not None else "given")
    match = r.match or (None, None, None)
    return RulingView(
        r.number, r.day, r.paragraph, r.text, r.by, r.appeal_until, match[0], match[1],
        match[2], r.card is not None, tuple(RulingPenalty(p.team, p.points) for p in r.penalties),
        state, r.appealed_by, r.appeal, r.appealed_on, r.decision, r.decided_by, r.decided_on,
        tuple(RulingPenalty(p.team, p.points) for p in r.decided_penalties),
    )  # fmt: skip


def ruling_views(season: Season, fixture: Fixture | None = None) -> tuple[RulingView, ...]:
    """The season's rulings (or those on ``fixture``), the newest first."""
    key = (fixture.round, fixture.home, fixture.away) if fixture is not None else None
    return tuple(_ruling_view(r) for r in reversed(season.rulings) if key is None or r.match == key)


def match_view(season: Season, fixture: Fixture) -> MatchView:
    rulings = ruling_views(season, fixture)
    s: MatchScore | None = match_score(season, fixture)
    if s is None:
        gone = season.striking_out(fixture)
        struck: tuple[str, ...] = (
            (
                N_(
                    "{team} left the tournament from round {round} ({reason}): all its "
                    "matches are struck out (5.1 §13 a)",
                    team=gone.team,
                    round=gone.round,
                    reason=gone.reason,
                ),
            )
            if gone is not None
            else ()
        )
        return MatchView(
            fixture.round, fixture.home, fixture.away, False, None, None, None, None,
            (), (), struck, (), (), rulings,
        )  # fmt: skip
    return MatchView(
        fixture.round,
        fixture.home,
        fixture.away,
        True,
        s.home,
        s.away,
        s.home_mp,
        s.away_mp,
        s.boards,
        tuple(
            N_plural(
                "{team}: {n} penalty point, {why}",
                "{team}: {n} penalty points, {why}",
                p,
                team=t,
                why=why,
            )
            for t, p, why in s.penalty_points
        ),
        tuple(N_("{team} {why} (5.1 §13 a)", team=t, why=why) for t, why in s.struck_out),
        s.reports,
        s.explanation,
        rulings,
    )


@dataclass(frozen=True, slots=True)
class LeagueStandingsView:
    """A group's standings (5.1 §3): ``order`` what ranks the teams first, in words; the
    rows are the standings' own (:class:`~skak.teams.standings.StandingRow`)."""

    division: str
    group: int
    edition: str
    order: tuple[str, ...]
    complete: bool
    missing: tuple[str, ...]
    standings: tuple[StandingRow, ...]
    explanation: tuple[str, ...]


def standings_views(groups: tuple[GroupStandings, ...]) -> tuple[LeagueStandingsView, ...]:
    return tuple(
        LeagueStandingsView(
            g.division,
            g.group,
            g.edition,
            tuple("board points" if o == "bp" else "match points" for o in g.order),
            g.complete,
            g.missing,
            g.rows,
            g.explanation,
        )
        for g in groups
    )


@dataclass(frozen=True, slots=True)
class DivisionTeams:
    division: str
    teams: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeasonEndView:
    """Next season's divisions (5.1 §4–§5): each division's teams, each team's way there
    (:class:`~skak.teams.promotion.Move`)."""

    champion: str | None
    divisions: tuple[DivisionTeams, ...]
    moves: tuple[Move, ...]
    vacancies: tuple[str, ...]
    explanation: tuple[str, ...]


def season_end_view(end: SeasonEnd) -> SeasonEndView:
    return SeasonEndView(
        end.champion,
        tuple(DivisionTeams(d, t) for d, t in end.divisions),
        end.moves,
        end.vacancies,
        end.explanation,
    )


def _p(points: Fraction) -> str:
    whole, rest = divmod(points, 1)
    if not rest:
        return str(whole)
    return f"{whole}½" if whole else "½"


@dataclass(frozen=True, slots=True)
class TeamMatchLine:
    """One match of a team, from its side: ``points`` its board points and the opponent's
    (``5½-2½``), ``None`` before the card is in or when the match is struck out (5.1 §13 a)."""

    round: int
    date: date | None
    opponent: str
    home: bool
    points: str | None
    match_points: int | None
    struck_out: bool = False


@dataclass(frozen=True, slots=True)
class TeamPlayerLine:
    """A player the team used: the boards he sat at (round by round) and the points he
    scored for the team there, as they count (a forfeit too)."""

    player: str
    games: int
    points: Fraction
    boards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class LeagueTeamView:
    """A team's page: where it plays, its matches and the players it used (most games
    first)."""

    team: str
    club: str
    division: str
    group: int
    withdrawn_from: int | None
    matches: tuple[TeamMatchLine, ...]
    players: tuple[TeamPlayerLine, ...]


def team_view(season: Season, name: str) -> LeagueTeamView:
    """:raises NotFoundError: for a team the season does not hold."""
    team = season.team(name)
    matches: list[TeamMatchLine] = []
    used: dict[str, list[tuple[int, int, Fraction]]] = {}
    for f in season.fixtures():
        if team.name not in f.teams():
            continue
        home = f.home == team.name
        s = match_score(season, f)
        points = mp = None
        struck = bool(s.struck_out) if s is not None else season.striking_out(f) is not None
        if s is not None and not struck:
            ours, theirs = (s.home, s.away) if home else (s.away, s.home)
            points, mp = f"{_p(ours)}-{_p(theirs)}", (s.home_mp if home else s.away_mp)
            for b in s.boards:
                player = b.home_player if home else b.away_player
                if player is not None:
                    scored = b.home if home else b.away
                    used.setdefault(player, []).append((f.round, b.board, scored))
        matches.append(
            TeamMatchLine(
                f.round,
                season.round_date(f.division, f.round),
                f.away if home else f.home,
                home,
                points,
                mp,
                struck,
            )
        )
    players = sorted(
        (
            TeamPlayerLine(
                p,
                len(games),
                sum((g[2] for g in games), Fraction(0)),
                tuple((r, b) for r, b, _ in games),
            )
            for p, games in used.items()
        ),
        key=lambda line: (-line.games, -line.points, line.player),
    )
    gone = season.withdrawal(team.name)
    return LeagueTeamView(
        team.name,
        team.club,
        team.division,
        team.group,
        gone.round if gone is not None else None,
        tuple(matches),
        tuple(players),
    )


#: A card's states, in the order the league leader looks at them.
CARD_STATES = ("disputed", "flagged", "awaiting", "stands", "confirmed", "approved")


@dataclass(frozen=True, slots=True)
class CardLine:
    """One result card as the captains and the leader see it. ``state``:

    * ``disputed`` — the away captain objected (``reasons`` has his words): the leader
      decides;
    * ``flagged`` — a rule is broken on it (a board lost for a line-up, a penalty, a team
      late or absent) or the reporter noted an irregularity: the leader approves it;
    * ``awaiting`` — reported, waiting for the away captain until ``confirm_by``;
    * ``stands`` — not confirmed by then: it stands as reported (the season's
      ``confirm-days``);
    * ``confirmed`` — confirmed by the away captain and breaking no rule: approved by
      itself;
    * ``approved`` — approved by the leader.
    """

    round: int
    played: date | None
    home: str
    away: str
    result: str
    state: str
    reasons: tuple[str, ...]
    confirmed_by: str | None
    approved_by: str | None
    confirm_by: date | None


def card_lines(season: Season, today: date) -> tuple[CardLine, ...]:
    """Every card entered, the leader's business first (disputed, flagged), then by round."""
    lines = []
    for f in season.fixtures():
        if season.card(f) is None:
            continue
        s = match_score(season, f)
        check = season.check(f.round, f.home)
        flags: list[str] = []
        if check is not None and check.remark:
            flags.append(check.remark)
        if s is not None:
            flags += [
                N_("board {board}: {why}", board=b.board, why=b.why) for b in s.boards if b.why
            ]
            flags += [
                N_plural(
                    "{team}: {n} penalty point, {why}",
                    "{team}: {n} penalty points, {why}",
                    p,
                    team=t,
                    why=why,
                )
                for t, p, why in s.penalty_points
            ]
            flags += list(s.reports)
        played = season.round_date(f.division, f.round)
        due = played + timedelta(days=season.settings.confirm_days) if played else None
        state = "awaiting"
        if check is not None and check.approved_by:
            state = "approved"
        elif check is not None and check.disputed:
            state, flags = "disputed", [check.disputed, *flags]
        elif flags:
            state = "flagged"
        elif check is not None and check.confirmed_by:
            state = "confirmed"
        elif due is not None and today > due:
            state = "stands"
        result = f"{_p(s.home)}-{_p(s.away)}" if s is not None else ""
        lines.append(
            CardLine(
                f.round,
                played,
                f.home,
                f.away,
                result,
                state,
                tuple(flags),
                check.confirmed_by if check is not None else None,
                check.approved_by if check is not None else None,
                due,
            )
        )
    return tuple(sorted(lines, key=lambda c: (CARD_STATES.index(c.state), c.round, c.home)))


@dataclass(frozen=True, slots=True)
class CaptainMatch:
    """A match of one of a captain's teams, and what he may do about it: enter the
    line-up (until the card is in), report the card (the home team's captain, until the
    leader approved it), confirm or dispute it (the away team's captain, while it awaits
    him)."""

    season: int
    season_name: str
    round: int
    played: date | None
    team: str
    opponent: str
    home: bool
    lineup: bool
    result: str | None
    state: str | None
    may_lineup: bool
    may_report: bool
    may_confirm: bool


def captain_matches(
    season: Season, ident: int, clubs: frozenset[str], today: date
) -> tuple[CaptainMatch, ...]:
    """The matches of the clubs' teams (clubs in any case) in the season, round by round."""
    folded = {c.casefold() for c in clubs}
    cards = {(c.round, c.home): c for c in card_lines(season, today)}
    out = []
    for f in season.fixtures():
        for name in f.teams():
            if season.team(name).club.casefold() not in folded:
                continue
            home = name == f.home
            card = cards.get((f.round, f.home))
            state = card.state if card is not None else None
            gone = season.striking_out(f) is not None
            out.append(
                CaptainMatch(
                    ident,
                    season.name,
                    f.round,
                    season.round_date(f.division, f.round),
                    name,
                    f.away if home else f.home,
                    home,
                    season.lineup(f.round, name) is not None,
                    card.result if card is not None else None,
                    state,
                    not gone and card is None,
                    not gone and home and state != "approved",
                    not gone and not home and state in ("awaiting", "flagged", "stands"),
                )
            )
    return tuple(sorted(out, key=lambda m: (m.round, m.team)))


@dataclass(frozen=True, slots=True)
class CaptainRuling:
    """A ruling on one of a captain's teams (its match, or its penalty points), and whether
    he may still appeal it (5.1 §15 b: until ``appeal_until``, once)."""

    season: int
    season_name: str
    ruling: RulingView
    may_appeal: bool


def captain_rulings(
    season: Season, ident: int, clubs: frozenset[str], today: date
) -> tuple[CaptainRuling, ...]:
    """The season's rulings that concern the clubs' teams, the newest first."""
    teams = {t.name for t in season.teams if t.club in clubs}
    out = []
    for r in reversed(season.rulings):
        concerned = {p.team for p in r.penalties}
        if r.match is not None:
            concerned |= {r.match[1], r.match[2]}
        if not concerned & teams:
            continue
        may = r.appealed_by is None and r.outcome is None and today <= r.appeal_until
        out.append(CaptainRuling(ident, season.name, _ruling_view(r), may))
    return tuple(out)
