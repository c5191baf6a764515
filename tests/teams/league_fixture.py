"""A whole 1. division group season (8 teams, 7 rounds) as data, and builders for smaller
seasons. The results were chosen so that every rule of 5.1 §3 decides a place:

=====  ==============  ======  ====  ===========================================
place  team            BP      MP    why
=====  ==============  ======  ====  ===========================================
1      Aarhus 2        43      14    board points
2      Brønshøj 1      33½     10    board points
3      Odense 1        30½     10    beat Esbjerg 1 5-3: the direct encounter
4      Esbjerg 1       30½     10
5      Nørresundby 1   25      5     drew Helsingør 1 4-4, won board 1: board by board
6      Helsingør 1     25      5
7      Vejle 1         19½     2     a board 3 win lost: placed out of order (§10 b, §13 b)
8      Skive 1         16      0     17 less 1 penalty point (§13 c, the leader's mistake)
=====  ==============  ======  ====  ===========================================
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from skak.records.league.events import (
    LineupEntered,
    MatchResultEntered,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
)
from skak.records.league.evolve import evolve
from skak.teams.league import DSU_DIVISIONS, DivisionSpec, Lineup, Season, Team
from skak.teams.matches import Absence, BoardCard, MatchCard
from skak.teams.strength import ListedPlayer, StrengthList

DIVISION = "1. division"
DATES = (
    date(2025, 10, 5),
    date(2025, 11, 2),
    date(2025, 11, 30),
    date(2026, 1, 11),
    date(2026, 2, 1),
    date(2026, 3, 1),
    date(2026, 4, 12),
)

#: (team, club, club team number, player id prefix), by draw number.
TEAMS = (
    ("Aarhus 2", "Aarhus Skakforening", 2, "AAR"),
    ("Brønshøj 1", "Brønshøj Skakforening", 1, "BRO"),
    ("Odense 1", "Odense Skakklub", 1, "ODE"),
    ("Esbjerg 1", "Esbjerg Skakklub", 1, "ESB"),
    ("Helsingør 1", "Helsingør Skakklub", 1, "HEL"),
    ("Nørresundby 1", "Nørresundby Skakklub", 1, "NOR"),
    ("Vejle 1", "Vejle Skakklub", 1, "VEJ"),
    ("Skive 1", "Skive Skakklub", 1, "SKI"),
)

#: (round, home, away, boards home–away): ``1`` ``=`` ``0``; ``.`` a board without a game
#: (see SPECIAL). Home and away by draw number, as the Berger table gives them.
RESULTS = """
1 8 1 00=0.0=0
1 7 2 0==0100.
1 6 3 1=010100
1 5 4 1=010100
2 5 8 0=1=0=1.
2 4 6 1=01=011
2 3 7 1=01=011
2 2 1 1=01=000
3 8 2 1=000000
3 1 3 1=010111
3 7 4 1=0=0000
3 6 5 1=01=010
4 6 8 1=010111
4 5 7 1=010101
4 4 1 1=0=0000
4 3 2 1=010100
5 8 3 1=010000
5 2 4 1=010100
5 1 5 1=01=111
5 7 6 1=010100
6 7 8 1=1==101
6 6 1 1=000000
6 5 2 1=01=000
6 4 3 1=01=000
7 8 4 1=010000
7 3 5 1=010101
7 2 6 1=01=011
7 1 7 1=1=1111
"""

#: Absences (round, team number, board, absence).
ABSENT = (
    (1, 8, 5, Absence.LEADER),  # Skive 1: 1 penalty point (§13 c)
    (1, 7, 8, Absence.NO_SHOW),  # Vejle 1's board 8: punished as in the EMT (§13 c)
)
#: Boards left empty (round, team number, board).
EMPTY = ((2, 8, 8),)
#: Line-ups other than the team's eight players in list order: (round, team, list numbers).
LINEUPS = ((6, 7, (1, 2, 5, 3, 4, 6, 7, 8)),)  # no. 5 above nos. 3 and 4: §10 b


def player_id(prefix: str, number: int) -> str:
    return f"{prefix}{number:02d}"


def strength_list(team: int) -> StrengthList:
    """Eight players registered for the team, two reserves (Aarhus: its first team's eight
    first, then Aarhus 2's)."""
    _name, club, rank, prefix = TEAMS[team - 1]
    players = []
    first = 8 * (rank - 1)
    for n in range(1, first + 11):
        registered = 1 if n <= first else (rank if n <= first + 8 else None)
        players.append(
            ListedPlayer(n, player_id(prefix, n), f"{prefix.title()} Spiller {n}", registered)
        )
    return StrengthList(club, tuple(players))


def new_season(
    name: str = "Divisionsturneringen 2025/26",
    start: date = date(2025, 9, 1),
    edition: str = "dsu-2022",
) -> Season:
    created = SeasonCreated(name, start, edition, DSU_DIVISIONS, dates=DATES)
    season = evolve(None, created)
    teams = tuple(
        Team(n, club, DIVISION, 1, i, rank) for i, (n, club, rank, _) in enumerate(TEAMS, start=1)
    )
    season = evolve(season, TeamsEntered(teams))
    for i in range(1, len(TEAMS) + 1):
        season = evolve(season, StrengthListFiled(strength_list(i)))
    return season


def lineup(season: Season, round_number: int, team: int, numbers: tuple[int, ...] = ()) -> Lineup:
    name, _, rank, prefix = TEAMS[team - 1]
    first = 8 * (rank - 1)
    order = numbers or tuple(range(first + 1, first + 9))
    players: list[str | None] = [player_id(prefix, n) for n in order]
    for r, t, b in EMPTY:
        if (r, t) == (round_number, team):
            players[b - 1] = None
    return Lineup(round_number, name, tuple(players), DATES[round_number - 1])


def card(round_number: int, home: int, away: int, boards: str) -> MatchCard:
    symbols = {"1": "1-0", "=": "½-½", "0": "0-1"}
    cards = []
    for b, symbol in enumerate(boards, start=1):
        absences = {t: a for r, t, bb, a in ABSENT if r == round_number and bb == b}
        cards.append(BoardCard(b, symbols.get(symbol), absences.get(home), absences.get(away)))
    return MatchCard(round_number, TEAMS[home - 1][0], TEAMS[away - 1][0], tuple(cards))


def played_season(**kwargs: object) -> Season:
    """The whole group season of the module's docstring."""
    season = new_season(**kwargs)  # type: ignore[arg-type]
    special = {(r, t): n for r, t, n in LINEUPS}
    for line in RESULTS.strip().splitlines():
        r, h, a, boards = line.split()
        rn, home, away = int(r), int(h), int(a)
        for team in (home, away):
            lu = lineup(season, rn, team, special.get((rn, team), ()))
            season = evolve(season, LineupEntered(lu))
        season = evolve(season, MatchResultEntered(card(rn, home, away, boards)))
    return season


def small_structure(teams: int = 4) -> tuple[DivisionSpec, ...]:
    """A scaled-down §1: a one-group top division (two relegated), two groups below it, two
    below that (with §5's play-off), ``teams`` a group, one relegated a group below the top."""
    return (
        DivisionSpec(
            "Skakligaen",
            0,
            1,
            teams,
            boards=4,
            promoted=0,
            relegated=2,
            min_players=3,
            one_team_per_club=True,
        ),
        DivisionSpec("1. division", 1, 2, teams, boards=4, relegated=1, min_players=3),
        DivisionSpec(
            "2. division",
            2,
            2,
            teams,
            boards=4,
            relegated=1,
            min_players=3,
            playoff_groups=(1, 2),
        ),
    )


def with_settings(season: Season, **settings: object) -> Season:
    return replace(season, settings=replace(season.settings, **settings))  # type: ignore[arg-type]
