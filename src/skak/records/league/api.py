"""The division league's part of the library API (divisionsturneringen, DSU 003 §5.1): a
season per stream (record kind ``league-season``), the commands of
:mod:`skak.records.league.commands` appended under the version read, and the read side of
:mod:`skak.views.league`; ``skak.league`` on a :class:`skak.api.Skak`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from skak.errors import InputError, NotFoundError, SkakError
from skak.io.files import read_text
from skak.messages import N_
from skak.records.access import Access
from skak.records.base import Naming, Outcome, Records, same_name
from skak.records.league.kind import LEAGUE
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:  # the league's rules are imported where used, when a command is run
    from skak.records.league import commands as rules
    from skak.records.league.events import LeagueEvent
    from skak.teams.league import DivisionSpec, Fixture, Season, Team
    from skak.teams.lineups import Quarantines
    from skak.teams.matches import BoardCard, MatchCard
    from skak.teams.strength import StrengthList
    from skak.views.league import (
        CaptainMatch,
        CaptainRuling,
        CardLine,
        FixtureRow,
        LeagueStandingsView,
        LeagueTeamView,
        LineupView,
        MatchView,
        RulingView,
        SeasonEndView,
        SeasonLine,
        StrengthListView,
        TeamRow,
    )

__all__ = ["LeagueOutcome", "Seasons"]


#: What a league command did (:class:`skak.records.base.Outcome`): the notes are for the
#: league leader (violations, penalties, reports).
LeagueOutcome = Outcome["Season", "LeagueEvent"]


class Seasons(Records["Season", "LeagueEvent", "rules.LeagueCommand"]):
    """The database's division-league seasons (``skak.league``)."""

    role = "leader"
    naming = Naming(
        none=lambda: N_("the database holds no league season; create one with 'skak league new'"),
        several=lambda n: N_(
            "the database holds {count} league seasons; name one with --season:", count=n
        ),
        unknown=lambda name, held: N_(
            "no league season {name} in the database; it holds: {held}", name=name, held=held
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several seasons; write #ID, e.g. --season '#{id}':",
            name=name,
            id=first,
        ),
    )

    def _kind(self) -> RecordKind[Season, LeagueEvent]:
        return LEAGUE

    def _decide(
        self,
        kind: RecordKind[Season, LeagueEvent],
        loaded: Loaded[Season, LeagueEvent],
        command: rules.LeagueCommand,
    ) -> Sequence[LeagueEvent]:
        from skak.records.league import commands as rules

        return rules.decide(loaded.state, command)

    def _notes(
        self,
        kind: RecordKind[Season, LeagueEvent],
        before: Season | None,
        after: Season,
        command: rules.LeagueCommand,
        new: tuple[LeagueEvent, ...],
    ) -> tuple[str, ...]:
        from skak.records.league import commands as rules

        return tuple(rules.notes(before, command, after)) if new else ()

    def _access(
        self, row: StreamRow, state: Season | None, command: rules.LeagueCommand | None
    ) -> Access:
        """Besides the clubs, the groups the command touches (for a group's leader)."""
        access = super()._access(row, state, command)
        if state is None or command is None:
            return access
        return replace(access, groups=_groups(state, command))

    def _clubs(self, state: Season, command: rules.LeagueCommand) -> frozenset[str]:
        """A team's captain enters its line-up; the home team's captain the match card; the
        away team's captain confirms or disputes it."""
        from skak.records.league import commands as rules

        if isinstance(command, rules.AppealRuling):
            try:  # a club the ruling concerns appeals it: its match's, its penalties'
                ruling = state.ruling(command.number)
            except SkakError:
                return frozenset()
            names = {p.team for p in ruling.penalties}
            if ruling.match is not None:
                names |= {ruling.match[1], ruling.match[2]}
            return frozenset(state.team(t).club for t in names)
        if isinstance(command, rules.EnterLineup):
            team = command.team
        elif isinstance(command, rules.EnterResult):
            team = command.card.home
        elif isinstance(command, rules.ConfirmCard | rules.DisputeCard):
            try:  # the away team's captain signs (or objects to) the home team's card
                team = state.fixture(command.round, command.team).away
            except SkakError:
                return frozenset()
        else:
            return frozenset()
        try:
            return frozenset({state.team(team).club})
        except SkakError:  # no such team: no captain's (the command says what is wrong)
            return frozenset()

    def lines(self) -> tuple[SeasonLine, ...]:
        from skak.views.league import season_line

        return tuple(
            season_line(r.id, r.created_at, self.store.load(LEAGUE, r).state) for r in self.rows()
        )

    def create(self, command: rules.CreateSeason, *, actor: str | None = None) -> StreamRow:
        """A new season (its edition: the one in force on its first day unless named)."""
        from skak.records.league import commands as rules

        if any(same_name(r, command.name) for r in self.rows()):
            raise InputError(f"a league season named {command.name!r} exists already")
        return self._create(command.name, rules.decide(None, command), actor)

    def new(
        self,
        name: str,
        start: date,
        *,
        edition: str | None = None,
        dates: Sequence[date] = (),
        division_dates: Mapping[str, Sequence[date]] | None = None,
        settings: Sequence[tuple[str, Any]] = (),
        actor: str | None = None,
    ) -> StreamRow:
        """A new season of the divisions of 5.1 §1, from plain values (``settings`` as
        ``(key, value)`` pairs, see :data:`skak.io.league_text.LEAGUE_SETTINGS`)."""
        from skak.io.league_text import league_settings
        from skak.records.league import commands as rules

        own = tuple((d, tuple(ds)) for d, ds in (division_dates or {}).items())
        command = rules.CreateSeason(
            name, start, edition, tuple(dates), own, league_settings(settings)
        )
        return self.create(command, actor=actor)

    def enter_teams(
        self, ident: str | int | None, teams: Sequence[Team], *, actor: str | None = None
    ) -> LeagueOutcome:
        from skak.records.league import commands as rules

        return self.execute(ident, rules.EnterTeams(tuple(teams)), actor=actor)

    def teams_file(
        self, ident: str | int | None, path: str | Path, *, actor: str | None = None
    ) -> LeagueOutcome:
        """The season's teams from a CSV file (see :mod:`skak.io.league_csv`)."""
        from skak.io.league_csv import parse_team_lines
        from skak.teams.league import team_problems

        text, source = read_text(path)
        lines = parse_team_lines(text, source)
        teams = [t for _, t in lines]
        where = [f"{source} line {n}" for n, _ in lines]
        problems = team_problems(teams, self.get(ident).divisions, where)
        if problems:
            raise InputError("nothing was entered", location=source, problems=problems)
        return self.enter_teams(ident, teams, actor=actor)

    def file_lists(
        self,
        ident: str | int | None,
        lists: Sequence[StrengthList],
        *,
        replace: bool = False,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """Clubs' strength lists, all or none (5.1 §9 b 3). A later one is a change (§11)
        that adds to the club's list, the players it does not name kept as they were;
        ``replace``: it is the club's whole new list (the notes name whom it drops)."""
        from skak.records.league import commands as rules

        command = rules.FileStrengthLists(tuple(lists), replace)
        return self.execute(ident, command, actor=actor)

    def strength_file(
        self,
        ident: str | int | None,
        path: str | Path,
        *,
        club: str | None = None,
        notified: date | None = None,
        replace: bool = False,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """Every club's strength list in a CSV file, all or nothing (a change: §11, see
        :meth:`file_lists`)."""
        from skak.io.league_csv import parse_strength_csv

        text, source = read_text(path)
        lists = parse_strength_csv(text, source, club, notified)
        return self.file_lists(ident, lists, replace=replace, actor=actor)

    def lineup(
        self,
        ident: str | int | None,
        round_number: int,
        team: str,
        players: Sequence[str | None],
        *,
        day: date | None = None,
        quarantines: Quarantines | Sequence[str] = (),
        actor: str | None = None,
    ) -> LeagueOutcome:
        """A team's line-up (holdopstilling), board 1 first, ``None`` (or ``-``) for an
        empty board. ``quarantines``: ``PLAYER:FROM:TO`` texts (5.1 §10 d), asked besides the
        database's discipline registry (``skak discipline``, §19: a player named by his DSU
        member number), or a registry of the caller's own instead of both. The line-up is
        written whatever it breaks; the outcome's notes say what, with §13 b's penalty."""
        from skak.records.league import commands as rules
        from skak.teams.lineups import AnyQuarantine, QuarantineList, Quarantines

        registry: Quarantines
        if isinstance(quarantines, list | tuple):
            from skak.io.league_text import parse_quarantine

            typed = QuarantineList(tuple(parse_quarantine(q) for q in quarantines))
            registry = AnyQuarantine((self._db.discipline.get(), typed))  # §10 d and §19
        else:
            registry = cast(Quarantines, quarantines)
        named = tuple(None if p is None or p.strip() in ("", "-") else p.strip() for p in players)
        command = rules.EnterLineup(round_number, team, named, day, registry)
        return self.execute(ident, command, actor=actor)

    def check_lineup(
        self,
        ident: str | int | None,
        round_number: int,
        team: str,
        players: Sequence[str | None],
        *,
        day: date | None = None,
        quarantines: Sequence[str] = (),
    ) -> LineupView:
        """The line-up as :meth:`lineup` would enter it, checked, written nowhere."""
        from skak.io.league_text import parse_quarantine
        from skak.records.league import commands as rules
        from skak.teams.lineups import AnyQuarantine, QuarantineList
        from skak.views.league import lineup_view

        season = self.get(ident)
        typed = QuarantineList(tuple(parse_quarantine(q) for q in quarantines))
        registry = AnyQuarantine((self._db.discipline.get(), typed))  # §10 d and §19
        named = tuple(None if p is None or p.strip() in ("", "-") else p.strip() for p in players)
        from skak.records.league.evolve import evolve

        events = rules.decide(season, rules.EnterLineup(round_number, team, named, day, registry))
        for e in events:
            season = evolve(season, e)
        view = lineup_view(season, round_number, team)
        assert view is not None
        return view

    def enter_card(
        self,
        ident: str | int | None,
        card: MatchCard,
        *,
        remark: str = "",
        actor: str | None = None,
    ) -> LeagueOutcome:
        from skak.records.league import commands as rules

        return self.execute(ident, rules.EnterResult(card, remark), actor=actor)

    def confirm(
        self, ident: str | int | None, round_number: int, team: str, *, actor: str | None = None
    ) -> LeagueOutcome:
        """The away captain confirms the card the home team reported (his signature on it,
        5.1 §12.6): a card confirmed that breaks no rule is approved by itself."""
        from skak.records.league import commands as rules

        command = rules.ConfirmCard(round_number, team, self._db._who(actor))
        return self.execute(ident, command, actor=actor)

    def dispute(
        self,
        ident: str | int | None,
        round_number: int,
        team: str,
        reason: str,
        *,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """The away captain objects to the card, saying what is wrong: it goes to the league
        leader, who approves it or enters it corrected."""
        from skak.records.league import commands as rules

        command = rules.DisputeCard(round_number, team, self._db._who(actor), reason)
        return self.execute(ident, command, actor=actor)

    def approve(
        self,
        ident: str | int | None,
        round_number: int,
        team: str,
        note: str = "",
        *,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """The league leader approves the card as it stands (after an objection, a remark
        or a broken rule), with his note."""
        from skak.records.league import commands as rules

        command = rules.ApproveCard(round_number, team, self._db._who(actor), note)
        return self.execute(ident, command, actor=actor)

    def rule(
        self,
        ident: str | int | None,
        paragraph: str,
        text: str,
        *,
        round_number: int | None = None,
        team: str | None = None,
        results: Sequence[str] | None = None,
        absent: Sequence[str] = (),
        late: Sequence[str] = (),
        no_show: Sequence[str] = (),
        penalties: Sequence[tuple[str, int]] = (),
        day: date | None = None,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """The league leader's ruling (kendelse, 5.1 §14–§15): ``paragraph`` and ``text``;
        on the match ``team`` played in ``round_number``, with the result card it decides
        when ``results`` are given (one token a board from the home team's side, as
        :meth:`result`); ``penalties`` as ``(team, points)``. It may be appealed to the
        tournament committee for 10 days (§15 b); it counts at once."""
        from skak.records.league import commands as rules

        season = self.get(ident)
        card = None
        if results is not None:
            if round_number is None or team is None:
                raise InputError(N_("a ruling that decides a result names the match"))
            card = self._card(season, round_number, team, results, absent, late, no_show)
        command = rules.GiveRuling(
            paragraph,
            text,
            self._db._who(actor),
            day or date.today(),
            round_number,
            team,
            card,
            tuple(penalties),
        )
        return self.execute(ident, command, actor=actor)

    def appeal(
        self,
        ident: str | int | None,
        number: int,
        reason: str,
        *,
        day: date | None = None,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """A club the ruling concerns appeals it to the tournament committee (§15 b)."""
        from skak.records.league import commands as rules

        command = rules.AppealRuling(number, self._db._who(actor), reason, day or date.today())
        return self.execute(ident, command, actor=actor)

    def decide_appeal(
        self,
        ident: str | int | None,
        number: int,
        outcome: str,
        text: str,
        *,
        results: Sequence[str] | None = None,
        absent: Sequence[str] = (),
        late: Sequence[str] = (),
        no_show: Sequence[str] = (),
        penalties: Sequence[tuple[str, int]] = (),
        day: date | None = None,
        actor: str | None = None,
    ) -> LeagueOutcome:
        """The tournament committee's decision of an appeal, entered by the leader:
        ``upheld``, ``overturned`` (what the ruling changed is undone) or ``changed`` (with
        the committee's result card, as ``results``, or penalty points)."""
        from skak.records.league import commands as rules

        season = self.get(ident)
        ruling = season.ruling(number)
        card = None
        if results is not None:
            if ruling.match is None:
                raise InputError(N_("a ruling that decides a result names the match"))
            r, home, _ = ruling.match
            card = self._card(season, r, home, results, absent, late, no_show)
        command = rules.DecideAppeal(
            number,
            outcome,
            text,
            self._db._who(actor),
            day or date.today(),
            card,
            tuple(penalties),
        )
        return self.execute(ident, command, actor=actor)

    def rulings(self, ident: str | int | None = None) -> tuple[RulingView, ...]:
        """The season's rulings, the newest first, with their appeals and outcomes."""
        from skak.views.league import ruling_views

        return ruling_views(self.get(ident))

    def for_clubs(
        self, clubs: Sequence[str], *, today: date | None = None
    ) -> tuple[CaptainMatch, ...]:
        """The matches of the clubs' teams in every season, and what their captain may do
        about each (:func:`skak.views.league.captain_matches`)."""
        from skak.views.league import captain_matches

        chosen = frozenset(clubs)
        day = today or date.today()
        return tuple(
            m
            for r in self.rows()
            for m in captain_matches(self.store.load(LEAGUE, r).state, r.id, chosen, day)
        )

    def rulings_for_clubs(
        self, clubs: Sequence[str], *, today: date | None = None
    ) -> tuple[CaptainRuling, ...]:
        """The rulings on the clubs' teams in every season, and whether they may still be
        appealed (:func:`skak.views.league.captain_rulings`)."""
        from skak.views.league import captain_rulings

        chosen = frozenset(clubs)
        day = today or date.today()
        return tuple(
            c
            for r in self.rows()
            for c in captain_rulings(self.store.load(LEAGUE, r).state, r.id, chosen, day)
        )

    def cards(
        self, ident: str | int | None = None, *, today: date | None = None
    ) -> tuple[CardLine, ...]:
        """Every card entered and what the captains and the leader said of it, the leader's
        business first (:func:`skak.views.league.card_lines`), as of ``today``."""
        from skak.views.league import card_lines

        return card_lines(self.get(ident), today or date.today())

    def result(
        self,
        ident: str | int | None,
        round_number: int,
        home: str,
        results: Sequence[str],
        *,
        absent: Sequence[str] = (),
        late: Sequence[str] = (),
        no_show: Sequence[str] = (),
        remark: str = "",
        actor: str | None = None,
    ) -> LeagueOutcome:
        """A match's result card as typed (see :mod:`skak.io.league_text`): ``home`` the
        home team, ``results`` one token a board, ``late`` the teams more than 60 minutes
        late and ``no_show`` those that did not come (5.1 §13 a); ``remark`` the
        irregularities of the match the reporter notes (§12.7: the leader looks at it)."""
        season = self.get(ident)
        fixture = season.fixture(round_number, home)
        if season.team(home).name != fixture.home:
            raise InputError(
                f"{fixture.label()}: {fixture.away} is the visiting team; write the home team "
                f"({fixture.home}) first, and the results from its side"
            )
        card = self._card(season, round_number, home, results, absent, late, no_show)
        return self.enter_card(ident, card, remark=remark, actor=actor)

    @classmethod
    def _card(
        cls,
        season: Season,
        round_number: int,
        team: str,
        results: Sequence[str],
        absent: Sequence[str],
        late: Sequence[str],
        no_show: Sequence[str],
    ) -> MatchCard:
        """The result card of the match ``team`` plays in the round, as typed: one token a
        board from the home team's side."""
        from skak.teams.matches import MatchCard

        fixture = season.fixture(round_number, season.team(team).name)
        boards = cls._boards(season, fixture, results, absent) if results else ()
        return MatchCard(
            round_number,
            fixture.home,
            fixture.away,
            boards,
            tuple(season.team(t).name for t in late),
            tuple(season.team(t).name for t in no_show),
        )

    @staticmethod
    def _boards(
        season: Season,
        fixture: Fixture,
        results: Sequence[str],
        absent: Sequence[str],
    ) -> tuple[BoardCard, ...]:
        from skak.io.league_text import parse_board_results

        spec = season.division(season.team(fixture.home).division)
        fielded = {}
        for is_home, team in ((True, fixture.home), (False, fixture.away)):
            lu = season.lineup(fixture.round, team)
            players = lu.players if lu is not None else ()
            fielded[is_home] = [
                b <= len(players) and players[b - 1] is not None for b in range(1, spec.boards + 1)
            ]
        return parse_board_results(
            results, spec.boards, fixture.label(), absent=absent, fielded=fielded
        )

    def withdraw(
        self,
        ident: str | int | None,
        team: str,
        round_number: int,
        reason: str,
        *,
        actor: str | None = None,
    ) -> LeagueOutcome:
        from skak.records.league import commands as rules

        command = rules.WithdrawTeam(team, round_number, reason)
        return self.execute(ident, command, actor=actor)

    def cancel_withdrawal(
        self, ident: str | int | None, team: str, reason: str = "", *, actor: str | None = None
    ) -> LeagueOutcome:
        """Undo a withdrawal the leader entered by mistake (one a result card wrote goes
        when that result is entered again)."""
        from skak.records.league import commands as rules

        return self.execute(ident, rules.CancelWithdrawal(team, reason), actor=actor)

    def penalty(
        self,
        ident: str | int | None,
        team: str,
        points: int,
        reason: str,
        *,
        round_number: int | None = None,
        actor: str | None = None,
    ) -> LeagueOutcome:
        from skak.records.league import commands as rules

        command = rules.GivePenalty(team, points, reason, round_number)
        return self.execute(ident, command, actor=actor)

    def lot(
        self, ident: str | int | None, order: Sequence[str], *, actor: str | None = None
    ) -> LeagueOutcome:
        """Record a lot drawn by hand (5.1 §3): the teams in the order drawn, the first
        placed highest. It decides a tie between teams it all names, before the seeded lot."""
        from skak.records.league import commands as rules

        return self.execute(ident, rules.DrawLot(tuple(order)), actor=actor)

    def playoff(
        self, ident: str | int | None, home: str, away: str, day: date, *, actor: str | None = None
    ) -> LeagueOutcome:
        from skak.records.league import commands as rules

        return self.execute(ident, rules.SetPlayoff(home, away, day), actor=actor)

    def audit(self, row: StreamRow) -> list[str]:
        """What is wrong with a stored season (``skak check``): it is replayed from all its
        events, and every group's standings and the play-off are computed from it."""
        from skak.teams.promotion import playoff_winner
        from skak.teams.standings import group_standings

        try:
            season = self.store.load(LEAGUE, row, full=True).state
        except SkakError as err:
            return [str(err)]
        if season is None:
            return []
        problems = []
        for d, g in season.groups():
            try:
                group_standings(season, d.name, g)
            except SkakError as err:
                problems.append(f"{d.name} group {g}: {err}")
        try:
            playoff_winner(season)
        except SkakError as err:
            problems.append(f"the play-off: {err}")
        return problems

    # -- the read side -------------------------------------------------------------------

    def team(self, ident: str | int | None, team: str) -> LeagueTeamView:
        """A team's page: its matches from its side and the players it used, with their
        boards and points.

        :raises NotFoundError: for a team the season does not hold.
        """
        from skak.views.league import team_view

        return team_view(self.get(ident), team)

    def team_rows(self, ident: str | int | None = None) -> tuple[TeamRow, ...]:
        from skak.views.league import team_rows

        return team_rows(self.get(ident))

    def schedule(
        self,
        ident: str | int | None = None,
        *,
        division: str | None = None,
        group: int | None = None,
    ) -> tuple[FixtureRow, ...]:
        from skak.views.league import fixture_rows

        season = self.get(ident)
        name = season.division(division).name if division is not None else None
        if group is not None:
            _chosen_groups(season, division, group)
        return fixture_rows(season, name, group)

    def strength_lists(
        self, ident: str | int | None = None, club: str | None = None
    ) -> tuple[StrengthListView, ...]:
        from skak.views.league import strength_views

        return strength_views(self.get(ident), club)

    def lineup_view(self, ident: str | int | None, round_number: int, team: str) -> LineupView:
        from skak.teams.league import PLAYOFF_ROUND
        from skak.views.league import lineup_view

        season = self.get(ident)
        view = lineup_view(season, round_number, team)
        if view is None:
            what = "the play-off" if round_number == PLAYOFF_ROUND else f"round {round_number}"
            raise NotFoundError(f"{season.team(team).name} has no line-up for {what} yet")
        return view

    def match(self, ident: str | int | None, round_number: int, team: str) -> MatchView:
        from skak.views.league import match_view

        season = self.get(ident)
        return match_view(season, season.fixture(round_number, team))

    def standings(
        self,
        ident: str | int | None = None,
        *,
        division: str | None = None,
        group: int | None = None,
        after_round: int | None = None,
    ) -> tuple[LeagueStandingsView, ...]:
        """Each group's standings (5.1 §3), or one division's or group's."""
        from skak.teams.standings import group_standings
        from skak.views.league import standings_views

        season = self.get(ident)
        chosen = _chosen_groups(season, division, group)
        if after_round is not None:
            most = max(season.rounds(d.name, g) for d, g in chosen)
            if not 1 <= after_round <= most:
                where = ", ".join(f"{d.name} group {g}" for d, g in chosen)
                raise InputError(
                    f"--after-round {after_round}: {where} "
                    f"{'plays' if len(chosen) == 1 else 'play'} rounds 1–{most}"
                )
        return standings_views(
            tuple(group_standings(season, d.name, g, after_round) for d, g in chosen)
        )

    def season_end(
        self,
        ident: str | int | None = None,
        *,
        district_winners: Sequence[str] = (),
        leaving: Sequence[str] = (),
        liga_clubs: Sequence[str] = (),
    ) -> SeasonEndView:
        """Next season's divisions (5.1 §4–§5); changes nothing. ``district_winners`` are
        the district tournaments' winners coming up, ``leaving`` the teams that leave the
        division tournament, ``liga_clubs`` (for a season without Skakligaen) the clubs with
        a team in Skakligaen next season."""
        from skak.teams.promotion import SeasonEndInput, season_end
        from skak.views.league import season_end_view

        season = self.get(ident)
        clubs = {t.club.casefold(): t.club for t in season.teams}
        for club in liga_clubs:
            if club.strip().casefold() not in clubs:
                known = ", ".join(sorted(clubs.values())) or "none"
                raise NotFoundError(
                    f"--liga-club {club!r}: no team of {season.name} is of that club "
                    f"(the clubs: {known})"
                )
        given = SeasonEndInput(
            tuple(district_winners),
            tuple(season.team(t).name for t in leaving),
            tuple(clubs[c.strip().casefold()] for c in liga_clubs),
        )
        return season_end_view(season_end(season, given))


def _groups(season: Season, command: rules.LeagueCommand) -> frozenset[str]:
    """The groups (``DIVISION/GROUP``) a command on the season touches: those of the teams
    and matches it names; none for what concerns the whole season (its teams, the clubs'
    strength lists) — a group's leader may not do those."""
    from skak.records.league import commands as rules

    names: set[str] = set()
    match command:
        case rules.EnterLineup(team=t) | rules.WithdrawTeam(team=t) | rules.GivePenalty(team=t):
            names = {t}
        case rules.CancelWithdrawal(team=t):
            names = {t}
        case rules.EnterResult(card=card):
            names = {card.home, card.away}
        case rules.ConfirmCard(team=t) | rules.DisputeCard(team=t) | rules.ApproveCard(team=t):
            names = {t}
        case rules.DrawLot(order=order):
            names = set(order)
        case rules.SetPlayoff(home=home, away=away):
            names = {home, away}
        case rules.GiveRuling(team=t, penalties=given):
            names = {name for name, _ in given} | ({t} if t is not None else set())
        case rules.AppealRuling(number=n) | rules.DecideAppeal(number=n):
            try:
                ruling = season.ruling(n)
            except SkakError:
                return frozenset()
            names = {p.team for p in ruling.penalties}
            if ruling.match is not None:
                names |= {ruling.match[1], ruling.match[2]}
    out = set()
    for name in names:
        try:
            team = season.team(name)
        except SkakError:  # the command says what is wrong with it
            return frozenset()
        out.add(f"{team.division}/{team.group}")
    return frozenset(out)


def _chosen_groups(
    season: Season, division: str | None, group: int | None
) -> list[tuple[DivisionSpec, int]]:
    """The season's groups ``division`` and ``group`` name (``None``: all).

    :raises NotFoundError: naming the group asked for and the groups there are.
    """
    name = season.division(division).name if division is not None else None
    held = [(d, g) for d, g in season.groups() if name is None or d.name == name]
    chosen = [(d, g) for d, g in held if group is None or g == group]
    if not chosen:
        asked = f"group {group}" if group is not None else "group"
        if name is not None:
            asked += f" in {name}"
        there = (
            ", ".join(f"{d.name} group {g}" for d, g in season.groups())
            or "none (no teams entered)"
        )
        raise NotFoundError(f"{season.name} has no {asked}; the groups there are: {there}")
    return chosen
