"""DSU's division league (divisionsturneringen), 003 §5.1: the season's shape and schedule.

§1 prints the structure: 10 teams in Skakligaen (one group), 16 in 1. division (groups 1–2),
32 in 2. division (groups 1–4), 8 players a team. Each group plays all against all
(alle-mod-alle); skak schedules a group by FIDE's Berger tables (:mod:`skak.pairing.berger`),
team ``k`` of the group being Berger number ``k`` (its draw number, lodtrækningsnummer).

**Home and away.** §12 c: "Nr. 1 på det gæstende hold spiller hvid, nr. 2 sort osv." — the
visiting team (udehold) has white on board 1 and every odd board. So the team the Berger
table gives white is the visiting team, the other one the home team (hjemmehold); Berger's
alternation of colours becomes an alternation of home and away matches.

**Editions.** §3 ranks by board points (brætpoint), then match points (matchpoint). Since
the 2022/23 season Skakligaen ranks by match points first (SPEC-MAP); the other divisions
keep §3's order. The edition in force on the season's first day applies
(:data:`LEAGUE_EDITIONS`, editions of :mod:`skak.model.editions` like every rule's); a season
before 2011 gets the oldest.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from skak.errors import InputError, NotFoundError
from skak.messages import N_
from skak.model import editions
from skak.pairing.berger import berger_schedule
from skak.teams.matches import MatchCard
from skak.teams.strength import ListedPlayer, StrengthList

__all__ = [
    "APPEAL_DAYS",
    "DSU_DIVISIONS",
    "HOVEDKREDS_PROMOTED",
    "LEAGUE_EDITIONS",
    "PLAYOFF_ROUND",
    "AppealOutcome",
    "CardCheck",
    "DivisionSpec",
    "Fixture",
    "LeagueEdition",
    "LeagueSettings",
    "Lineup",
    "PenaltyPoints",
    "Playoff",
    "Ruling",
    "Season",
    "Team",
    "Withdrawal",
    "check_lot",
    "check_teams",
    "edition_for",
    "get_edition",
    "team_problems",
]

#: The round number of 2. division's play-off (omkamp, §5): it belongs to no round.
PLAYOFF_ROUND = 0

#: §4: "De 9 vindere af hovedkredsens holdturneringer rykker op i 2. division."
HOVEDKREDS_PROMOTED = 9


@dataclass(frozen=True, slots=True)
class DivisionSpec:
    """One division (række) as §1, §4 and §5 describe it.

    ``level`` 0 is the top (Skakligaen); ``promoted`` and ``relegated`` count per group;
    ``min_players`` is §13 a's "mindst 5 spillere"; ``playoff_groups`` names the two groups
    whose third-last teams play the play-off (omkamp) of §5; ``one_team_per_club`` is §4's
    "En klub kan ikke have mere end ét hold i Skakligaen".
    """

    name: str
    level: int
    groups: int
    teams_per_group: int
    boards: int = 8
    promoted: int = 1
    relegated: int = 2
    min_players: int = 5
    playoff_groups: tuple[int, int] | None = None
    one_team_per_club: bool = False

    @property
    def size(self) -> int:
        return self.groups * self.teams_per_group


#: §1 as printed (58 teams), §4–§5's promotion and relegation.
DSU_DIVISIONS: tuple[DivisionSpec, ...] = (
    DivisionSpec("Skakligaen", 0, 1, 10, promoted=0, one_team_per_club=True),
    DivisionSpec("1. division", 1, 2, 8),
    DivisionSpec("2. division", 2, 4, 8, playoff_groups=(3, 4)),
)


@dataclass(frozen=True, slots=True)
class LeagueEdition:
    """The rules in force from ``effective_from`` to ``effective_to`` (an edition of
    :mod:`skak.model.editions`): the levels ranked by match points first."""

    name: str
    effective_from: date
    effective_to: date | None
    match_points_first: frozenset[int]
    source: str

    def primary(self, level: int) -> tuple[str, str]:
        """The two scores that rank a group, in order: ``("bp", "mp")`` or ``("mp", "bp")``."""
        return ("mp", "bp") if level in self.match_points_first else ("bp", "mp")


#: The editions, oldest first; each ends the day before the next one starts.
LEAGUE_EDITIONS: tuple[LeagueEdition, ...] = (
    LeagueEdition(
        "dsu-2011",
        date(2011, 2, 1),
        date(2022, 6, 30),
        frozenset(),
        "003 §5.1 §3 (handbook 15.2, Feb 2011)",
    ),
    LeagueEdition(
        "dsu-2022",
        date(2022, 7, 1),
        None,
        frozenset({0}),
        "003 §5.1 §3; Skakligaen by match points first from the 2022/23 season",
    ),
)


def edition_for(day: date) -> LeagueEdition:
    """The edition in force on ``day`` (the oldest one before 2011)."""
    return editions.edition_for(
        day, LEAGUE_EDITIONS, what="division-league edition", or_oldest=True
    )


def get_edition(name: str) -> LeagueEdition:
    """The edition called ``name``.

    :raises InputError: naming the editions there are.
    """
    return editions.get_edition(name, LEAGUE_EDITIONS, what="division-league edition")


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """The choices the text leaves open (docs/interpretations.md, 5.1).

    * ``empty_boards_last``: a team short of players leaves its last boards empty; a player
      below an empty board is placed out of the strength list's order (§10 b);
    * ``penalty_points_from``: what a penalty point (strafpoint, §13 c, e) is taken from;
    * ``board_by_board``: §3's "resultaterne på de enkelte pladser" counted in the tied
      teams' matches with each other (``direct``) or in the whole season (``season``);
    * ``lot_seed``: the seed of §3's lot (lodtrækning); empty: the season's name;
    * ``lot_order``: a lot drawn by hand, the teams in the order drawn (first: placed
      highest); it decides a tie between teams it all names, before the seeded lot. Lots
      drawn during the season are recorded with ``skak league lot`` (:attr:`Season.lots`);
    * ``confirm_days``: the days the away captain has to confirm or dispute a result card
      the home team reported on the web (§12: both captains sign the card); a card neither
      confirmed nor disputed by then stands as reported.
    """

    empty_boards_last: bool = True
    penalty_points_from: Literal["board-points", "match-points"] = "board-points"
    board_by_board: Literal["direct", "season"] = "direct"
    lot_seed: str = ""
    lot_order: tuple[str, ...] = ()
    confirm_days: int = 3

    def __post_init__(self) -> None:
        if not 0 <= self.confirm_days <= 60:
            raise InputError(f"confirm-days is 0–60 days, not {self.confirm_days!r}")
        if self.penalty_points_from not in ("board-points", "match-points"):
            raise InputError(
                "penalty-points-from is board-points or match-points, "
                f"not {self.penalty_points_from!r}"
            )
        if self.board_by_board not in ("direct", "season"):
            raise InputError(f"board-by-board is direct or season, not {self.board_by_board!r}")
        check_lot(self.lot_order)


def check_lot(order: Sequence[str]) -> None:
    """:raises InputError: for a lot that names a team twice or an empty name."""
    if any(not t.strip() for t in order):
        raise InputError("a lot names teams; an empty name is no team")
    folded = [t.casefold() for t in order]
    twice = sorted({t for t in order if folded.count(t.casefold()) > 1})
    if twice:
        raise InputError(f"a lot names each team once, not {', '.join(twice)} twice")


@dataclass(frozen=True, slots=True)
class Team:
    """A club's team (klubhold) in one group.

    ``number`` is its draw number in the group (Berger number); ``rank`` its place among the
    club's teams (1: the club's first team), which decides what a lower team is (§10 b).
    """

    name: str
    club: str
    division: str
    group: int
    number: int
    rank: int = 1


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match of the schedule: round, home team (hjemmehold), visiting team (udehold).

    The visiting team has white on the odd boards (§12 c)."""

    division: str
    group: int
    round: int
    home: str
    away: str

    def teams(self) -> tuple[str, str]:
        return (self.home, self.away)

    def opponent(self, team: str) -> str:
        return self.away if team == self.home else self.home

    def label(self) -> str:
        if self.round == PLAYOFF_ROUND:
            return N_("play-off (omkamp): {home}–{away}", home=self.home, away=self.away)
        return N_("round {round}: {home}–{away}", round=self.round, home=self.home, away=self.away)


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's line-up (holdopstilling) for one match, as the result card (resultatkort)
    names it: a player id per board, ``None`` for a board left empty; ``day`` is the day
    the match was played (the round's date unless it was moved, §6 f); ``quarantined``
    the players the quarantine registry named when it was entered, with its words (§10 d),
    so a later check sees what the entry saw."""

    round: int
    team: str
    players: tuple[str | None, ...]
    day: date
    quarantined: tuple[tuple[str, str], ...] = ()

    def fielded(self) -> Iterator[tuple[int, str]]:
        for board, player in enumerate(self.players, start=1):
            if player is not None:
                yield board, player


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A team out of the division tournament from ``round`` on (udgået, §13 a).

    ``match`` is ``(round, home, away)`` when a result card made the team leave (it did not
    come, or came with fewer than 5 players): entering that result again without it, or a
    line-up that no longer fits the card, cancels the withdrawal. ``None``: the leader
    entered it (``skak league withdraw``)."""

    team: str
    round: int
    reason: str
    paragraph: str = "5.1 §13 a"
    match: tuple[int, str, str] | None = None


@dataclass(frozen=True, slots=True)
class PenaltyPoints:
    """Penalty points (strafpoint) the tournament leader gave a team (§13 e)."""

    team: str
    points: int
    reason: str
    paragraph: str = "5.1 §13 e"
    round: int | None = None


@dataclass(frozen=True, slots=True)
class CardCheck:
    """What the captains and the league leader said of one match's result card (5.1 §12: the
    card is signed by both captains; §12.7: irregularities are noted when it is reported):
    the home captain's remark, the away captain's confirmation or objection, the leader's
    approval. A card entered again starts afresh."""

    round: int
    home: str
    away: str
    remark: str = ""
    confirmed_by: str | None = None
    disputed: str | None = None
    disputed_by: str | None = None
    approved_by: str | None = None
    note: str = ""


#: 5.1 §15 b: "Klagen skal indsendes til turneringskomiteen senest 10 dage efter, at
#: turneringslederen har afsendt kendelsen."
APPEAL_DAYS = 10

#: What the tournament committee (turneringskomiteen, §14–§15 b) decided of an appeal:
#: the ruling upheld (stadfæstet), set aside (ophævet: what it changed is undone) or changed
#: (ændret: set aside, and the committee's own result and penalty points in its place).
AppealOutcome = Literal["upheld", "overturned", "changed"]


@dataclass(frozen=True, slots=True)
class Ruling:
    """The league leader's ruling (turneringslederens kendelse, 5.1 §14–§15): its number, the
    paragraph it applies, its text, the day it was sent and the last day of appeal to the
    tournament committee (§15 b: 10 days). It may decide a match's result (``card``, in
    place of ``before``, the card it replaced) and give penalty points (§13 e). An appeal has
    no suspensive effect (docs/interpretations.md): the ruling counts until the committee
    decides, and when it is set aside what it changed is undone."""

    number: int
    day: date
    paragraph: str
    text: str
    appeal_until: date
    by: str = ""
    match: tuple[int, str, str] | None = None
    card: MatchCard | None = None
    before: MatchCard | None = None
    penalties: tuple[PenaltyPoints, ...] = ()
    appealed_by: str | None = None
    appeal: str = ""
    appealed_on: date | None = None
    outcome: AppealOutcome | None = None
    decision: str = ""
    decided_by: str | None = None
    decided_on: date | None = None
    decided_card: MatchCard | None = None
    decided_penalties: tuple[PenaltyPoints, ...] = ()

    @property
    def in_force(self) -> bool:
        """Whether what the ruling changed counts (it was not set aside on appeal)."""
        return self.outcome in (None, "upheld")


@dataclass(frozen=True, slots=True)
class Playoff:
    """2. division's play-off (omkamp, §5) between the third-last teams of two groups."""

    home: str
    away: str
    day: date


@dataclass(frozen=True, slots=True)
class Season:
    """A season of the division tournament: everything entered so far (the fold of its
    events). Schedules, scores and standings are computed from it, never stored."""

    name: str
    start: date
    edition: str
    divisions: tuple[DivisionSpec, ...] = DSU_DIVISIONS
    dates: tuple[date, ...] = ()
    division_dates: tuple[tuple[str, tuple[date, ...]], ...] = ()
    settings: LeagueSettings = field(default_factory=LeagueSettings)
    teams: tuple[Team, ...] = ()
    lists: tuple[StrengthList, ...] = ()
    lineups: tuple[Lineup, ...] = ()
    cards: tuple[MatchCard, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()
    penalties: tuple[PenaltyPoints, ...] = ()
    playoff: Playoff | None = None
    lots: tuple[tuple[str, ...], ...] = ()
    checks: tuple[CardCheck, ...] = ()
    rulings: tuple[Ruling, ...] = ()

    # -- structure -----------------------------------------------------------------------

    @property
    def rules(self) -> LeagueEdition:
        return get_edition(self.edition)

    def division(self, name: str) -> DivisionSpec:
        """:raises NotFoundError: naming the divisions there are."""
        for d in self.divisions:
            if d.name.casefold() == name.strip().casefold():
                return d
        names = ", ".join(d.name for d in self.divisions)
        raise NotFoundError(f"{self.name} has no division {name!r}; it has {names}")

    def team(self, name: str) -> Team:
        """:raises NotFoundError: for a team the season does not hold."""
        found = _lookups(self).teams.get(name)
        if found is not None:
            return found
        folded = [t for t in self.teams if t.name.casefold() == name.strip().casefold()]
        if len(folded) == 1:
            return folded[0]
        raise NotFoundError(f"{self.name} has no team {name!r}")

    def groups(self) -> list[tuple[DivisionSpec, int]]:
        """Every group that holds teams, top division first."""
        held = {(t.division, t.group) for t in self.teams}
        return [
            (d, g)
            for d in sorted(self.divisions, key=lambda d: d.level)
            for g in range(1, d.groups + 1)
            if (d.name, g) in held
        ]

    def group_teams(self, division: str, group: int) -> tuple[Team, ...]:
        return tuple(
            sorted(
                (t for t in self.teams if t.division == division and t.group == group),
                key=lambda t: t.number,
            )
        )

    def club_teams(self, club: str) -> tuple[Team, ...]:
        return tuple(sorted((t for t in self.teams if t.club == club), key=lambda t: t.rank))

    def boards(self, team: str) -> int:
        return self.division(self.team(team).division).boards

    # -- schedule ------------------------------------------------------------------------

    def rounds(self, division: str, group: int) -> int:
        """The number of rounds the group plays (a free round each when it is odd)."""
        n = len(self.group_teams(division, group))
        return n - 1 + n % 2 if n >= 2 else 0

    def schedule(self, division: str, group: int) -> tuple[Fixture, ...]:
        """The group's matches, round by round, by the Berger tables (see the module)."""
        teams = self.group_teams(division, group)
        if len(teams) < 2:
            return ()
        by_number = {i: t.name for i, t in enumerate(teams, start=1)}
        out = []
        for number, games in enumerate(berger_schedule(len(teams)), start=1):
            for white, black in games:
                if white in by_number and black in by_number:
                    out.append(Fixture(division, group, number, by_number[black], by_number[white]))
        return tuple(out)

    def free_team(self, division: str, group: int, round_number: int) -> str | None:
        """The team without a match (spillefri) in the round, in an odd group."""
        teams = {t.name for t in self.group_teams(division, group)}
        playing = {
            n for f in self.schedule(division, group) if f.round == round_number for n in f.teams()
        }
        free = sorted(teams - playing)
        return free[0] if free and round_number <= self.rounds(division, group) else None

    def fixtures(self) -> tuple[Fixture, ...]:
        """Every match of the season, the play-off last."""
        out = [f for d, g in self.groups() for f in self.schedule(d.name, g)]
        if self.playoff is not None:
            home = self.team(self.playoff.home)
            out.append(
                Fixture(home.division, 0, PLAYOFF_ROUND, self.playoff.home, self.playoff.away)
            )
        return tuple(out)

    def fixture(self, round_number: int, team: str) -> Fixture:
        """The match ``team`` plays in the round (``PLAYOFF_ROUND``: the play-off).

        :raises NotFoundError: when it plays none (a free round, or no such round).
        """
        t = self.team(team)
        if round_number == PLAYOFF_ROUND:
            p = self.playoff
            if p is None or t.name not in (p.home, p.away):
                raise NotFoundError(f"{t.name} plays no play-off (omkamp) in {self.name}")
            return Fixture(self.team(p.home).division, 0, PLAYOFF_ROUND, p.home, p.away)
        rounds = self.rounds(t.division, t.group)
        if not 1 <= round_number <= rounds:
            raise NotFoundError(
                f"{t.division} group {t.group} plays rounds 1–{rounds}, not round {round_number}"
            )
        for f in self.schedule(t.division, t.group):
            if f.round == round_number and t.name in f.teams():
                return f
        raise NotFoundError(f"{t.name} has a free round (spillefri) in round {round_number}")

    def round_date(self, division: str, round_number: int) -> date | None:
        """The round's date (§6 a), the division's own list first (§6 b)."""
        if round_number == PLAYOFF_ROUND:
            return self.playoff.day if self.playoff is not None else None
        own = dict(self.division_dates).get(division)
        dates = own if own is not None else self.dates
        return dates[round_number - 1] if round_number <= len(dates) else None

    # -- what was entered ----------------------------------------------------------------

    def lineup(self, round_number: int, team: str) -> Lineup | None:
        return _lookups(self).lineups.get((round_number, team))

    def card(self, fixture: Fixture) -> MatchCard | None:
        return _lookups(self).cards.get((fixture.round, fixture.home, fixture.away))

    def striking_out(self, fixture: Fixture) -> Withdrawal | None:
        """The withdrawal that struck the match out (§13 a: "udgår alle holdets kampe"): one
        of its teams left from its round or earlier (the play-off: at all) — unless it was
        this match's own result card that made the team leave (that card stands for the
        match). ``None``: the match is to be played, or was."""
        key = (fixture.round, fixture.home, fixture.away)
        for w in self.withdrawals:
            if w.team not in fixture.teams() or w.match == key:
                continue
            if fixture.round == PLAYOFF_ROUND or w.round <= fixture.round:
                return w
        return None

    def struck_lineups(self) -> frozenset[tuple[int, str]]:
        """``(round, team)`` of every line-up place in a match a withdrawal struck out: a
        line-up there (entered before the withdrawal) counts for nothing (§13 a)."""
        out: set[tuple[int, str]] = set()
        for w in self.withdrawals:
            team = self.team(w.team)
            matches = [f for f in self.schedule(team.division, team.group) if w.team in f.teams()]
            p = self.playoff
            if p is not None and w.team in (p.home, p.away):
                matches.append(Fixture(team.division, 0, PLAYOFF_ROUND, p.home, p.away))
            for f in matches:
                if self.striking_out(f) is not None:
                    out |= {(f.round, f.home), (f.round, f.away)}
        return frozenset(out)

    def counted_lineups(self) -> tuple[Lineup, ...]:
        """The line-ups that count: all but those for a match struck out (§13 a)."""
        struck = self.struck_lineups()
        if not struck:
            return self.lineups
        return tuple(lu for lu in self.lineups if (lu.round, lu.team) not in struck)

    def check(self, round_number: int, home: str) -> CardCheck | None:
        """What was said of the card of the match ``home`` played at home in the round."""
        for c in self.checks:
            if c.round == round_number and c.home == home:
                return c
        return None

    def ruling(self, number: int) -> Ruling:
        """:raises NotFoundError: naming the rulings there are."""
        for r in self.rulings:
            if r.number == number:
                return r
        held = ", ".join(str(r.number) for r in self.rulings) or "none yet"
        raise NotFoundError(
            N_(
                "{season} has no ruling {number} (its rulings: {held})",
                season=self.name,
                number=number,
                held=held,
            )
        )

    def withdrawal(self, team: str) -> Withdrawal | None:
        """The team's withdrawal from the earliest round (``None``: it plays on)."""
        own = [w for w in self.withdrawals if w.team == team]
        return min(own, key=lambda w: w.round) if own else None

    def drawn_lot(self, teams: Sequence[str]) -> tuple[str, ...] | None:
        """The tied ``teams`` in the order of the newest lot drawn by hand that names them
        all (``skak league lot``, then the setting ``lot_order``); ``None``: there is none."""
        for order in (*reversed(self.lots), self.settings.lot_order):
            if order and set(teams) <= set(order):
                return tuple(t for t in order if t in teams)
        return None

    def club_lists(self, club: str) -> tuple[StrengthList, ...]:
        """The club's strength lists (styrkelister), in the order they were filed."""
        return _lookups(self).lists.get(club, ())

    def list_in_force(self, club: str, day: date) -> StrengthList | None:
        """The club's list that holds on ``day``: the newest one in force (§10 c, §11)."""
        found = None
        for s in self.club_lists(club):
            if s.in_force_on(day):
                found = s
        return found

    def listed(self, club: str, player: str) -> ListedPlayer | None:
        """The player on the club's newest list (in force or not)."""
        lists = self.club_lists(club)
        return lists[-1].player(player) if lists else None


def check_teams(teams: Sequence[Team], divisions: Sequence[DivisionSpec]) -> list[str]:
    """Notes on a set of teams against §1 (a group of another size than written); refuses
    what cannot be a season.

    :raises InputError: for a team twice, an unknown division or group, a club's team
        numbers used twice, or draw numbers that are not 1, 2, … in a group — every one
        found (:func:`team_problems`).
    """
    problems = team_problems(teams, divisions)
    if len(problems) == 1:
        raise InputError(problems[0])
    if problems:
        raise InputError("the teams cannot be entered", problems=problems)
    notes = []
    for spec in divisions:
        for g in range(1, spec.groups + 1):
            group = [t for t in teams if t.division == spec.name and t.group == g]
            if group and len(group) != spec.teams_per_group:
                notes.append(
                    f"{spec.name} group {g} has {len(group)} team{'' if len(group) == 1 else 's'}; "
                    "§1 writes "
                    f"{spec.teams_per_group}"
                )
    return notes


def team_problems(
    teams: Sequence[Team], divisions: Sequence[DivisionSpec], where: Sequence[str] = ()
) -> list[str]:
    """Everything that keeps ``teams`` from being a season's teams (see :func:`check_teams`),
    each problem once. ``where`` names each team's place (``"hold.csv line 3"``): a problem
    then starts with it, and one of a group names the places of the group's teams."""

    def at(*indexes: int) -> str:
        if not where:
            return ""
        if len(indexes) == 1:
            return f"{where[indexes[0]]}: "
        first, _, _ = where[indexes[0]].rpartition(" line ")
        lines = [where[i].rpartition(" line ")[2] for i in indexes]
        if first and all(where[i].startswith(f"{first} line ") for i in indexes):
            return f"{first} lines {', '.join(lines)}: "
        return f"{'; '.join(where[i] for i in indexes)}: "

    by_name = {d.name: d for d in divisions}
    problems: list[str] = []
    seen: dict[str, int] = {}
    ranks: dict[tuple[str, int], int] = {}
    for i, t in enumerate(teams):
        if not t.name.strip():
            problems.append(f"{at(i)}a team needs a name")
            continue
        if t.name.casefold() in seen:
            earlier = seen[t.name.casefold()]
            also = f" (first on {where[earlier]})" if where else ""
            problems.append(f"{at(i)}team {t.name!r} is entered twice{also}")
            continue
        seen[t.name.casefold()] = i
        spec = by_name.get(t.division)
        if spec is None:
            known = ", ".join(by_name)
            problems.append(f"{at(i)}team {t.name}: no division {t.division!r} (there are {known})")
            continue
        if not 1 <= t.group <= spec.groups:
            problems.append(
                f"{at(i)}team {t.name}: {spec.name} has groups 1–{spec.groups}, not {t.group} (§1)"
            )
            continue
        if (t.club, t.rank) in ranks:
            other = teams[ranks[(t.club, t.rank)]].name
            problems.append(
                f"{at(i)}team {t.name}: {t.club} has a team number {t.rank} already ({other})"
            )
            continue
        ranks[(t.club, t.rank)] = i
    for spec in divisions:
        for g in range(1, spec.groups + 1):
            group = [i for i, t in enumerate(teams) if t.division == spec.name and t.group == g]
            if not group:
                continue
            numbers = sorted(teams[i].number for i in group)
            if len(group) == 1:
                problems.append(
                    f"{at(*group)}{spec.name} group {g}: a group needs at least 2 teams"
                )
            elif numbers != list(range(1, len(group) + 1)):
                problems.append(
                    f"{at(*group)}{spec.name} group {g}: the draw numbers must be "
                    f"1–{len(group)} once each, not {', '.join(map(str, numbers))}"
                )
    return problems


@dataclass(frozen=True, slots=True)
class _Lookups:
    """A season's entries by what they are looked up by (the first of each, as the linear
    search found it): a season of DSU's size is looked up thousands of times a page."""

    teams: Mapping[str, Team]
    lineups: Mapping[tuple[int, str], Lineup]
    cards: Mapping[tuple[int, str, str], MatchCard]
    lists: Mapping[str, tuple[StrengthList, ...]]


def _lookups(season: Season) -> _Lookups:
    """The lookups of ``season``, made once for it (a season is a frozen value) and kept
    for the last few seasons asked about."""
    kept = _LOOKUPS.get(id(season))  # a dict's get is atomic: no lock to read
    if kept is not None and kept[0] is season:
        return kept[1]
    teams: dict[str, Team] = {}
    for t in season.teams:
        teams.setdefault(t.name, t)
    lineups: dict[tuple[int, str], Lineup] = {}
    for lu in season.lineups:
        lineups.setdefault((lu.round, lu.team), lu)
    cards: dict[tuple[int, str, str], MatchCard] = {}
    for c in season.cards:
        cards.setdefault((c.round, c.home, c.away), c)
    lists: dict[str, list[StrengthList]] = {}
    for s in season.lists:
        lists.setdefault(s.club, []).append(s)
    made = _Lookups(teams, lineups, cards, {club: tuple(ls) for club, ls in lists.items()})
    with _LOOKUP_LOCK:
        _LOOKUPS[id(season)] = (season, made)
        while len(_LOOKUPS) > 16:
            _LOOKUPS.popitem(last=False)
    return made


_LOOKUPS: OrderedDict[int, tuple[Season, _Lookups]] = OrderedDict()
_LOOKUP_LOCK = threading.Lock()
