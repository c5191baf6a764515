"""Promotion and relegation at the season's end (op- og nedrykning), DSU 003 §5.1 §4–§5.

* §4: each group's winner of 1. and 2. division goes up one division; the district
  tournaments' 9 winners (hovedkredsens holdturneringer) come up to 2. division.
  "En klub kan ikke have mere end ét hold i Skakligaen": when the winner's club will be in
  Skakligaen next season already, the right passes to the group's no. 2, then no. 3 … .
* §5: the last two teams of every group go down one division (from 2. division to the
  district tournament). The third-last teams of 2. division groups 3 and 4 play a play-off
  (omkamp); the loser goes down.
* §5: a place left vacant by a team that leaves the division tournament goes to the best
  placed relegated team of the group in question.

A team that left under §13 a is placed last and leaves; its place below is a vacancy too.
The choices the text leaves open are in docs/interpretations.md (5.1 §4–§5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from skak.errors import InputError, StateError
from skak.messages import N_, N_plural
from skak.teams.league import HOVEDKREDS_PROMOTED, PLAYOFF_ROUND, DivisionSpec, Fixture, Season
from skak.teams.standings import GroupStandings, StandingRow, group_standings, match_score
from skak.tiebreaks import draw_lots

__all__ = ["Move", "SeasonEnd", "SeasonEndInput", "playoff_pair", "playoff_winner", "season_end"]

#: Where a team goes that leaves the division tournament, or goes below its lowest division.
OUT = -1


@dataclass(frozen=True, slots=True)
class SeasonEndInput:
    """What the season itself does not hold: the district winners coming up, the teams that
    leave for next season, and (for a season without Skakligaen) the clubs that will have a
    team in Skakligaen next season."""

    district_winners: tuple[str, ...] = ()
    leaving: tuple[str, ...] = ()
    liga_clubs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Move:
    """A team's way into next season: ``to`` is a division's name, or ``None`` when it
    leaves the division tournament."""

    team: str
    club: str
    origin: str
    to: str | None
    why: str


@dataclass(frozen=True, slots=True)
class SeasonEnd:
    champion: str | None
    divisions: tuple[tuple[str, tuple[str, ...]], ...]
    moves: tuple[Move, ...]
    vacancies: tuple[str, ...]
    explanation: tuple[str, ...]


@dataclass
class _Team:
    name: str
    club: str
    level: int  # this season; OUT for a district winner
    group: int
    place: int
    row: StandingRow | None
    to: int = 0
    why: str = ""
    relegated_from: int | None = None
    leaving: bool = False
    history: list[str] = field(default_factory=list)

    def origin(self, divisions: dict[int, DivisionSpec]) -> str:
        if self.level == OUT:
            return N_("district tournament (hovedkredsturnering) winner")
        spec = divisions[self.level]
        if spec.groups > 1:
            return N_(
                "{division} group {group}, place {place}",
                division=spec.name,
                group=self.group,
                place=self.place,
            )
        return N_("{division}, place {place}", division=spec.name, place=self.place)


def playoff_pair(season: Season, standings: dict[tuple[str, int], GroupStandings]) -> list[str]:
    """The two teams of §5's play-off: the third-last of the division's play-off groups."""
    for spec in season.divisions:
        if spec.playoff_groups is None:
            continue
        pair = []
        for g in spec.playoff_groups:
            s = standings.get((spec.name, g))
            if s is not None and len(s.rows) > spec.relegated:
                pair.append(s.rows[len(s.rows) - spec.relegated - 1].team)
        if len(pair) == 2:
            return pair
    return []


def playoff_winner(season: Season) -> tuple[str, list[str]] | None:
    """The play-off's winner with the reasons, ``None`` before its result is in. A drawn
    play-off is decided as §3 decides a tie: board by board, then a lot."""
    p = season.playoff
    if p is None:
        return None
    f = Fixture(season.team(p.home).division, 0, PLAYOFF_ROUND, p.home, p.away)
    s = match_score(season, f)
    if s is None:
        return None
    score = f"{s.home}-{s.away}"
    lines: list[str] = [
        N_(
            "the play-off (omkamp, 5.1 §5) {home}–{away}: {score}",
            home=p.home,
            away=p.away,
            score=score,
        )
    ]
    if s.boards and "the play-off is lost" in s.boards[0].why:
        lines.append(s.boards[0].why)
    if s.home != s.away:
        return (p.home if s.home > s.away else p.away), lines
    for b in s.boards:
        if b.home != b.away:
            lines.append(N_("drawn: board {board} decides (5.1 §3, board by board)", board=b.board))
            return (p.home if b.home > b.away else p.away), lines
    by_hand = season.drawn_lot([p.home, p.away])
    if by_hand is not None:
        lines.append(
            N_(
                "drawn on every board: the lot drawn by hand decides: {team} (5.1 §3)",
                team=by_hand[0],
            )
        )
        return by_hand[0], lines
    first = draw_lots(season.settings.lot_seed or season.name, "playoff", [1, 2])[0]
    lines.append(N_("drawn on every board: a lot decides (5.1 §3)"))
    return (p.home if first == 1 else p.away), lines


def season_end(season: Season, given: SeasonEndInput = SeasonEndInput()) -> SeasonEnd:
    """Next season's divisions (see the module).

    :raises StateError: while a group's results or the play-off's are missing.
    """
    standings = {(d.name, g): group_standings(season, d.name, g) for d, g in season.groups()}
    missing = [m for s in standings.values() for m in s.missing]
    if missing:
        shown = ", ".join(missing[:5])
        if len(missing) > 5:
            raise StateError(
                N_(
                    "the season is not over: {matches} and {more} more have no result yet",
                    matches=shown,
                    more=len(missing) - 5,
                )
            )
        raise StateError(N_("the season is not over: {matches} have no result yet", matches=shown))
    by_level = {d.level: d for d in season.divisions}
    levels = sorted(by_level)
    teams: dict[str, _Team] = {}
    lines: list[str] = []
    for (division, g), s in standings.items():
        spec = season.division(division)
        for row in s.rows:
            teams[row.team] = _Team(row.team, row.club, spec.level, g, row.rank, row, spec.level)
    champion = None
    top = standings.get((by_level[levels[0]].name, 1))
    if top is not None and top.rows and levels[0] == 0:
        champion = top.rows[0].team
        lines.append(
            N_(
                "{team} wins Skakligaen: Danish team champion (Danmarksmester for hold, 5.1 §1)",
                team=champion,
            )
        )
    for name in given.leaving:
        if name not in teams:
            raise InputError(
                N_("--leaving {team} is no team of {season}", team=repr(name), season=season.name)
            )
        teams[name].leaving = True
    for w in season.withdrawals:
        if w.team in teams:
            teams[w.team].leaving = True
    _relegate(season, standings, teams, by_level, lines)
    _promote(season, standings, teams, by_level, given, lines)
    for name in given.district_winners:
        if name in teams:
            raise InputError(
                N_(
                    "district winner {team} plays in {season} already",
                    team=repr(name),
                    season=season.name,
                )
            )
        why = N_("5.1 §4: district winner")
        teams[name] = _Team(name, name, OUT, 0, 0, None, levels[-1], why)
    if given.district_winners and len(given.district_winners) != HOVEDKREDS_PROMOTED:
        lines.append(
            N_(
                "{given} district winners given; 5.1 §4 writes {written}",
                given=len(given.district_winners),
                written=HOVEDKREDS_PROMOTED,
            )
        )
    vacancies = _fill(teams, by_level, lines)
    moves = tuple(_move(t, by_level) for t in sorted(teams.values(), key=_key))
    divisions = tuple(
        (
            by_level[lv].name,
            tuple(t.name for t in sorted(teams.values(), key=_key) if not t.leaving and t.to == lv),
        )
        for lv in levels
    )
    for name, held in divisions:
        size = by_level[next(lv for lv in levels if by_level[lv].name == name)].size
        if len(held) != size:
            lines.append(
                N_plural(
                    "{division} next season: {n} team; 5.1 §1 writes {size}",
                    "{division} next season: {n} teams; 5.1 §1 writes {size}",
                    len(held),
                    division=name,
                    size=size,
                )
            )
    return SeasonEnd(champion, divisions, moves, tuple(vacancies), tuple(lines))


def _key(t: _Team) -> tuple[int, int, int, str]:
    return (t.to if t.to != OUT else 99, t.level if t.level != OUT else 99, t.place, t.name)


def _move(t: _Team, by_level: dict[int, DivisionSpec]) -> Move:
    to = None if t.leaving or t.to == OUT else by_level[t.to].name
    why = t.why
    if t.leaving:
        why = (
            N_("leaves the division tournament ({why})", why=why)
            if why
            else N_("leaves the division tournament")
        )
    elif t.to == OUT:
        why = N_("{why}: to the district tournament (hovedkredsturnering)", why=why)
    return Move(t.name, t.club, t.origin(by_level), to, why)


def _relegate(
    season: Season,
    standings: dict[tuple[str, int], GroupStandings],
    teams: dict[str, _Team],
    by_level: dict[int, DivisionSpec],
    lines: list[str],
) -> None:
    bottom = max(by_level)
    for (division, _g), s in standings.items():
        spec = season.division(division)
        for row in s.rows[len(s.rows) - spec.relegated :]:
            t = teams[row.team]
            t.to = spec.level + 1 if spec.level < bottom else OUT
            t.relegated_from = spec.level
            t.why = N_("5.1 §5: one of the last {n}", n=spec.relegated)
    pair = playoff_pair(season, standings)
    if not pair:
        return
    decided = playoff_winner(season)
    if (
        decided is None
        or season.playoff is None
        or {season.playoff.home, season.playoff.away} != set(pair)
    ):
        raise StateError(
            N_(
                "the play-off (omkamp, 5.1 §5) between {home} and {away} has no result yet: "
                "set it with 'skak league playoff' and enter its line-ups and result",
                home=pair[0],
                away=pair[1],
            )
        )
    winner, why = decided
    lines += why
    loser = next(t for t in pair if t != winner)
    t = teams[loser]
    t.to = t.level + 1 if t.level < bottom else OUT
    t.relegated_from = t.level
    t.why = N_("5.1 §5: lost the play-off (omkamp)")
    lines.append(
        N_(
            "{loser} lost the play-off and goes down; {winner} stays (5.1 §5)",
            loser=loser,
            winner=winner,
        )
    )


def _promote(
    season: Season,
    standings: dict[tuple[str, int], GroupStandings],
    teams: dict[str, _Team],
    by_level: dict[int, DivisionSpec],
    given: SeasonEndInput,
    lines: list[str],
) -> None:
    for level in sorted(by_level):
        spec = by_level[level]
        if level == 0 or spec.promoted == 0 or level - 1 not in by_level:
            continue
        above = by_level[level - 1]
        clubs: set[str] = set()
        if above.one_team_per_club:
            clubs = {
                t.club
                for t in teams.values()
                if t.level == above.level and t.to == above.level and not t.leaving
            }
            clubs |= set(given.liga_clubs)
        for g in range(1, spec.groups + 1):
            s = standings.get((spec.name, g))
            if s is None:
                continue
            taken = 0
            for row in s.rows:
                if taken == spec.promoted:
                    break
                t = teams[row.team]
                if t.relegated_from is not None or row.withdrawn:
                    break
                if above.one_team_per_club and t.club in clubs:
                    lines.append(
                        N_(
                            "{team} ({division} group {group}, place {place}) cannot go up: "
                            "{club} has a team in {above} next season already; the right "
                            "passes on (5.1 §4)",
                            team=t.name,
                            division=spec.name,
                            group=g,
                            place=row.rank,
                            club=t.club,
                            above=above.name,
                        )
                    )
                    continue
                t.to = above.level
                t.why = (
                    N_("5.1 §4: group winner")
                    if row.rank == 1
                    else N_("5.1 §4: the right to go up passed to place {place}", place=row.rank)
                )
                clubs.add(t.club)
                taken += 1
                lines.append(
                    N_(
                        "{team} goes up from {division} group {group} to {above}",
                        team=t.name,
                        division=spec.name,
                        group=g,
                        above=above.name,
                    )
                )


def _fill(
    teams: dict[str, _Team], by_level: dict[int, DivisionSpec], lines: list[str]
) -> list[str]:
    """§5: each place a leaving team leaves goes to the best placed relegated team of the
    group in question; the place that team leaves below is filled the same way."""
    open_places: list[str] = []
    queue = [
        (t.to, {t.group} if t.level == t.to else set())
        for t in sorted(teams.values(), key=_key)
        if t.leaving and t.to != OUT
    ]
    while queue:
        level, groups = queue.pop(0)
        spec = by_level[level]
        candidates = [
            t
            for t in teams.values()
            if t.relegated_from == level and not t.leaving and t.to != level
        ]
        if spec.one_team_per_club:
            clubs = {t.club for t in teams.values() if not t.leaving and t.to == level}
            candidates = [t for t in candidates if t.club not in clubs]
        if not candidates:
            open_places.append(
                N_(
                    "{division}: a place is vacant and no relegated team is left to take it "
                    "(for the committee)",
                    division=spec.name,
                )
            )
            continue
        best = min(candidates, key=lambda t: _best(t, groups))
        below = best.to
        best.to = level
        best.why = N_("5.1 §5: takes a vacant place, as the best placed relegated team")
        lines.append(
            N_(
                "{team} ({origin}) keeps its place in {division}: a team left the division "
                "tournament (5.1 §5, vacancy)",
                team=best.name,
                origin=best.origin(by_level),
                division=spec.name,
            )
        )
        if below != OUT:
            queue.append((below, set()))
    return open_places


def _best(t: _Team, groups: set[int]) -> tuple[object, ...]:
    """The order of relegated teams for a vacancy: the group in question first, then the
    better place, then more board points and match points."""
    row = t.row
    scores = (Fraction(0), Fraction(0)) if row is None else (-row.board_points, -row.match_points)
    return (0 if t.group in groups else 1, t.place, *scores, t.name)
