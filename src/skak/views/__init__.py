"""The read side: typed views of a record that every face renders, and decides nothing.

Each view is a frozen dataclass built by a pure function from the tournament (or from what
a command reads), carrying everything the faces show, so the CLI only renders it and a web
page can render the same object; :func:`to_json` is its one JSON form (the shapes the
README documents), by the one codec in :mod:`skak.views._json`.

The modules, by subject:

* :mod:`.standings` — the standings with the tie-break choice, §16, prizes and the rating
  column (:func:`standings_view`); ``skak standings``, ``skak export json``, ``skak demo``
  and the crosstable rank through it alike;
* :mod:`.crosstable` — the crosstable (krydstabel) in the standings' order;
* :mod:`.rounds` — a round's pairing list (the event log in words is the tournament record's
  own, :mod:`skak.records.tournament.history`);
* :mod:`.hall` — the forbidden pairings and the check-in list;
* :mod:`.players` — the players list; :mod:`.tournaments` — the database's tournaments and
  a tournament's export;
* :mod:`.systems` — round-robin schedules, Varma groups and draws, knock-out brackets and
  Olympiad drafts;
* :mod:`.rating` — a tournament's rating changes, candidate results, the rating registry;
* :mod:`.correspondence` — a correspondence game's time and notation (``skak corr``);
* :mod:`.cup` — the team cup: a row's teams, rounds and standings;
* :mod:`.junior` — the junior team championship's standings and composition problems;
* :mod:`.league` — the division league: seasons, teams, schedules, strength lists,
  line-ups with their checks, matches, standings and the season's end;
* :mod:`.accounts` — the accounts and their roles (``skak user list``);
* :mod:`.catalogue` — the pairing systems and named tie-break lists the faces list;
* :func:`number_column` — how the faces write a column of points or tie-breaks;
  :func:`local_time` — a recorded time (UTC) in the machine's local time and zone.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skak.tiebreaks import exact_decimal
    from skak.views._json import OMITTED, Omittable, Omitted, face_only, from_data, to_json
    from skak.views._numbers import number_column, quarters
    from skak.views._times import local_time
    from skak.views.accounts import AccountLine
    from skak.views.catalogue import (
        SystemEntry,
        pairing_system,
        pairing_systems,
        system_names,
        tiebreak_lists,
    )
    from skak.views.correspondence import (
        CorrControlRow,
        CorrDueRow,
        CorrEntrantRow,
        CorrGameLine,
        CorrGroupLine,
        CorrGroupView,
        CorrHolidayRow,
        CorrOpenGameRow,
        CorrOverdueView,
        CorrPlayerRow,
        CorrStandingRow,
        CorrStandingsView,
        CorrTeamStandingRow,
        CorrTimeView,
        NotationView,
        corr_group_line,
        corr_group_view,
        corr_overdue_view,
        corr_standings_view,
        corr_time_view,
        notation_view,
    )
    from skak.views.crosstable import CrossCell, CrosstableRow, CrosstableView, crosstable_view
    from skak.views.cup import (
        CupLine,
        CupMatchRow,
        CupPlayerRow,
        CupRoundView,
        CupStandingsView,
        CupTeamView,
        cup_line,
        cup_round_view,
        cup_standings_view,
        cup_team_views,
    )
    from skak.views.games import TimeControlView, time_control_view
    from skak.views.hall import (
        BanRow,
        BansView,
        CheckinRow,
        CheckinView,
        GroupBanRow,
        bans_view,
        checkin_view,
    )
    from skak.views.junior import JuniorView, junior_view
    from skak.views.league import (
        CaptainMatch,
        CardLine,
        DivisionTeams,
        FixtureRow,
        LeagueStandingsView,
        LeagueTeamView,
        LineupBoardRow,
        LineupView,
        MatchView,
        ScheduleRow,
        SeasonEndView,
        SeasonLine,
        StrengthListView,
        TeamRow,
        ViolationRow,
        card_lines,
        fixture_rows,
        lineup_view,
        match_view,
        season_end_view,
        season_line,
        standings_views,
        strength_views,
        team_rows,
        team_view,
    )
    from skak.views.norms import (
        FideCell,
        NormRow,
        NormsView,
        PlayerNorms,
        norms_view,
    )
    from skak.views.players import PlayerRow, PlayersView, player_row, players_view
    from skak.views.rating import (
        CandidateRow,
        FideChangeRow,
        FideView,
        RatingChangeRow,
        RatingView,
        RegistryHistoryLine,
        RegistryRow,
        TournamentRatingRow,
        TournamentRatingView,
        candidate_rows,
        fide_view,
        rating_view,
        registry_row,
        registry_rows,
        tournament_rating_view,
    )
    from skak.views.rounds import (
        BoardRow,
        ByeRow,
        ResultEnteredView,
        RoundView,
        board_line,
        pending_playoff,
        result_entered,
        round_json,
        round_view,
    )
    from skak.views.standings import (
        RatingCell,
        StandingRow,
        StandingsView,
        TiebreakChoice,
        choose_tiebreaks,
        final_rating,
        is_finished,
        standing_rows,
        standings_view,
    )
    from skak.views.systems import (
        MAX_OLYMPIAD_PLAYERS,
        MAX_SCHEDULE_PLAYERS,
        BracketView,
        KnockoutView,
        OlympiadView,
        ScheduleView,
        VarmaDrawView,
        VarmaGroupsView,
        bracket_view,
        knockout_view,
        olympiad_view,
        schedule_view,
        varma_draw_view,
        varma_groups_view,
    )
    from skak.views.tournaments import (
        TournamentExport,
        TournamentLine,
        tournament_export,
        tournament_lines,
    )

#: Where each public name is defined. A name is imported on first use (PEP 562), so that a
#: face importing one view (or ``--help`` listing the pairing systems) does not import the
#: standings, the tie-breaks, the rating rules and every pairing system.
_MODULES: dict[str, tuple[str, ...]] = {
    "skak.tiebreaks": ("exact_decimal",),
    "skak.views._json": ("OMITTED", "Omittable", "Omitted", "face_only", "from_data", "to_json"),
    "skak.views._numbers": ("number_column", "quarters"),
    "skak.views._times": ("local_time",),
    "skak.views.catalogue": (
        "SystemEntry",
        "pairing_system",
        "pairing_systems",
        "system_names",
        "tiebreak_lists",
    ),
    "skak.views.correspondence": (
        "CorrControlRow",
        "CorrDueRow",
        "CorrEntrantRow",
        "CorrGameLine",
        "CorrGroupLine",
        "CorrGroupView",
        "CorrHolidayRow",
        "CorrOpenGameRow",
        "CorrOverdueView",
        "CorrPlayerRow",
        "CorrStandingRow",
        "CorrStandingsView",
        "CorrTeamStandingRow",
        "CorrTimeView",
        "NotationView",
        "corr_group_line",
        "corr_group_view",
        "corr_overdue_view",
        "corr_standings_view",
        "corr_time_view",
        "notation_view",
    ),
    "skak.views.crosstable": ("CrossCell", "CrosstableRow", "CrosstableView", "crosstable_view"),
    "skak.views.games": ("TimeControlView", "time_control_view"),
    "skak.views.norms": (
        "FideCell",
        "NormRow",
        "NormsView",
        "PlayerNorms",
        "norms_view",
    ),
    "skak.views.cup": (
        "CupLine",
        "CupMatchRow",
        "CupPlayerRow",
        "CupRoundView",
        "CupStandingsView",
        "CupTeamView",
        "cup_line",
        "cup_round_view",
        "cup_standings_view",
        "cup_team_views",
    ),
    "skak.views.junior": ("JuniorView", "junior_view"),
    "skak.views.league": (
        "CaptainMatch",
        "CardLine",
        "DivisionTeams",
        "FixtureRow",
        "LeagueStandingsView",
        "LeagueTeamView",
        "LeagueTeamView",
        "LineupBoardRow",
        "LineupView",
        "MatchView",
        "ScheduleRow",
        "SeasonEndView",
        "SeasonLine",
        "StrengthListView",
        "TeamRow",
        "ViolationRow",
        "fixture_rows",
        "lineup_view",
        "match_view",
        "season_end_view",
        "season_line",
        "standings_views",
        "strength_views",
        "captain_matches",
        "card_lines",
        "team_rows",
        "team_view",
    ),
    "skak.views.accounts": ("AccountLine",),
    "skak.views.hall": (
        "BanRow",
        "BansView",
        "CheckinRow",
        "CheckinView",
        "GroupBanRow",
        "bans_view",
        "checkin_view",
    ),
    "skak.views.players": ("PlayerRow", "PlayersView", "player_row", "players_view"),
    "skak.views.rating": (
        "CandidateRow",
        "FideChangeRow",
        "FideView",
        "RatingChangeRow",
        "RatingView",
        "RegistryHistoryLine",
        "RegistryRow",
        "TournamentRatingRow",
        "TournamentRatingView",
        "candidate_rows",
        "fide_view",
        "rating_view",
        "registry_row",
        "registry_rows",
        "tournament_rating_view",
    ),
    "skak.views.rounds": (
        "BoardRow",
        "ByeRow",
        "ResultEnteredView",
        "RoundView",
        "board_line",
        "pending_playoff",
        "result_entered",
        "round_json",
        "round_view",
    ),
    "skak.views.standings": (
        "RatingCell",
        "StandingRow",
        "StandingsView",
        "TiebreakChoice",
        "choose_tiebreaks",
        "final_rating",
        "is_finished",
        "standing_rows",
        "standings_view",
    ),
    "skak.views.systems": (
        "MAX_OLYMPIAD_PLAYERS",
        "MAX_SCHEDULE_PLAYERS",
        "BracketView",
        "KnockoutView",
        "OlympiadView",
        "ScheduleView",
        "VarmaDrawView",
        "VarmaGroupsView",
        "bracket_view",
        "knockout_view",
        "olympiad_view",
        "schedule_view",
        "varma_draw_view",
        "varma_groups_view",
    ),
    "skak.views.tournaments": (
        "TournamentExport",
        "TournamentLine",
        "tournament_export",
        "tournament_lines",
    ),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "MAX_OLYMPIAD_PLAYERS",
    "MAX_SCHEDULE_PLAYERS",
    "OMITTED",
    "AccountLine",
    "BanRow",
    "BansView",
    "BoardRow",
    "BracketView",
    "ByeRow",
    "CandidateRow",
    "CaptainMatch",
    "CardLine",
    "CheckinRow",
    "CheckinView",
    "CorrControlRow",
    "CorrDueRow",
    "CorrEntrantRow",
    "CorrGameLine",
    "CorrGroupLine",
    "CorrGroupView",
    "CorrHolidayRow",
    "CorrOpenGameRow",
    "CorrOverdueView",
    "CorrPlayerRow",
    "CorrStandingRow",
    "CorrStandingsView",
    "CorrTeamStandingRow",
    "CorrTimeView",
    "CrossCell",
    "CrosstableRow",
    "CrosstableView",
    "CupLine",
    "CupMatchRow",
    "CupPlayerRow",
    "CupRoundView",
    "CupStandingsView",
    "CupTeamView",
    "DivisionTeams",
    "FideCell",
    "FideChangeRow",
    "FideView",
    "FixtureRow",
    "GroupBanRow",
    "JuniorView",
    "KnockoutView",
    "LeagueStandingsView",
    "LeagueTeamView",
    "LineupBoardRow",
    "LineupView",
    "MatchView",
    "NormRow",
    "NormsView",
    "NotationView",
    "OlympiadView",
    "Omittable",
    "Omitted",
    "PlayerNorms",
    "PlayerRow",
    "PlayersView",
    "RatingCell",
    "RatingChangeRow",
    "RatingView",
    "RegistryHistoryLine",
    "RegistryRow",
    "ResultEnteredView",
    "RoundView",
    "ScheduleRow",
    "ScheduleView",
    "SeasonEndView",
    "SeasonLine",
    "StandingRow",
    "StandingsView",
    "StrengthListView",
    "SystemEntry",
    "TeamRow",
    "TiebreakChoice",
    "TimeControlView",
    "TournamentExport",
    "TournamentLine",
    "TournamentRatingRow",
    "TournamentRatingView",
    "VarmaDrawView",
    "VarmaGroupsView",
    "ViolationRow",
    "bans_view",
    "board_line",
    "bracket_view",
    "candidate_rows",
    "captain_matches",
    "card_lines",
    "checkin_view",
    "choose_tiebreaks",
    "corr_group_line",
    "corr_group_view",
    "corr_overdue_view",
    "corr_standings_view",
    "corr_time_view",
    "crosstable_view",
    "cup_line",
    "cup_round_view",
    "cup_standings_view",
    "cup_team_views",
    "exact_decimal",
    "face_only",
    "fide_view",
    "final_rating",
    "fixture_rows",
    "from_data",
    "is_finished",
    "junior_view",
    "knockout_view",
    "lineup_view",
    "local_time",
    "match_view",
    "norms_view",
    "notation_view",
    "number_column",
    "olympiad_view",
    "pairing_system",
    "pairing_systems",
    "pending_playoff",
    "player_row",
    "players_view",
    "quarters",
    "rating_view",
    "registry_row",
    "registry_rows",
    "result_entered",
    "round_json",
    "round_view",
    "schedule_view",
    "season_end_view",
    "season_line",
    "standing_rows",
    "standings_view",
    "standings_views",
    "strength_views",
    "system_names",
    "team_rows",
    "team_view",
    "tiebreak_lists",
    "time_control_view",
    "to_json",
    "tournament_export",
    "tournament_lines",
    "tournament_rating_view",
    "varma_draw_view",
    "varma_groups_view",
]


if not TYPE_CHECKING:  # for mypy the imports above define every name

    def __getattr__(name: str) -> Any:
        module = _WHERE.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
