"""The team cup's read side (pokalstævnet, 5.3): a row's teams, rounds and standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.teams.cup import Cup, average_rating, check_cup_lineup, score_cup_match
from skak.teams.cup_rounds import CupStandingRow, CupStandings, cup_standings
from skak.tiebreaks import exact_decimal

__all__ = [
    "CupCaptainMatch",
    "CupLine",
    "CupMatchRow",
    "CupPlayerRow",
    "CupRoundView",
    "CupStandingsView",
    "CupTeamView",
    "cup_captain_matches",
    "cup_line",
    "cup_round_view",
    "cup_standings_view",
    "cup_team_views",
]


@dataclass(frozen=True, slots=True)
class CupLine:
    id: int
    name: str
    row: str
    day: date
    rounds: int
    teams: int
    paired: int


def cup_line(ident: int, cup: Cup) -> CupLine:
    return CupLine(ident, cup.name, cup.row, cup.day, cup.rounds, len(cup.teams), cup.paired_rounds)


@dataclass(frozen=True, slots=True)
class CupPlayerRow:
    number: int
    id: str
    name: str
    club: str
    rating: int | None
    birth_date: date | None


@dataclass(frozen=True, slots=True)
class CupTeamView:
    team: str
    club: str
    players: tuple[CupPlayerRow, ...]
    average: Fraction | None
    notes: tuple[str, ...] = ()


def cup_team_views(cup: Cup) -> tuple[CupTeamView, ...]:
    """Each team with its list; ``notes`` when the list's first players (its line-up unless
    another is entered) average above the Bredde row's cap (5.3 §4)."""
    out = []
    for t in cup.teams:
        first = [p.id for p in t.players[: cup.boards]]
        average = average_rating(cup, t, first)
        notes: tuple[str, ...] = ()
        if cup.row == "bredde" and average is not None and average > cup.settings.cap:
            notes = (
                f"{t.name}: the list's first {len(first)} average {exact_decimal(average)}, "
                f"above the Bredde row's cap of {cup.settings.cap} (5.3 §4): enter a line-up "
                "within the cap each round (skak cup lineup) before its result",
            )
        out.append(
            CupTeamView(
                t.name,
                t.club,
                tuple(
                    CupPlayerRow(i, p.id, p.name, p.club, p.rating, p.birth_date)
                    for i, p in enumerate(t.players, start=1)
                ),
                average,
                notes,
            )
        )
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CupMatchRow:
    """A pairing: ``first`` has white on board 1 (the visiting team, §8)."""

    first: str
    second: str
    first_points: Fraction | None
    second_points: Fraction | None
    first_players: tuple[str, ...]
    second_players: tuple[str, ...]
    first_average: Fraction | None
    second_average: Fraction | None
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CupRoundView:
    round: int
    matches: tuple[CupMatchRow, ...]
    bye: str | None
    explanation: tuple[str, ...]


def cup_round_view(cup: Cup, number: int, explanation: tuple[str, ...] = ()) -> CupRoundView:
    rows = []
    for m in cup.pairings:
        if m.round != number:
            continue
        card = cup.card(m)
        points: tuple[Fraction | None, Fraction | None] = (None, None)
        notes: list[str] = []
        players = {t: cup.playing(number, t) for t in m.teams()}
        if card is not None:
            total, _, notes = score_cup_match(cup, m, card)
            points = total
        else:
            notes = _cannot_play(cup, number, players)
        rows.append(
            CupMatchRow(
                m.first,
                m.second,
                points[0],
                points[1],
                players[m.first],
                players[m.second],
                average_rating(cup, cup.team(m.first), players[m.first]),
                average_rating(cup, cup.team(m.second), players[m.second]),
                tuple(notes),
            )
        )
    bye = next((t for r, t in cup.byes if r == number), None)
    return CupRoundView(number, tuple(rows), bye, explanation)


def _cannot_play(cup: Cup, number: int, players: dict[str, tuple[str, ...]]) -> list[str]:
    """What refuses a team's line-up as it stands (the list's first players unless one is
    entered): said at the pairing, so that the leader enters a legal one before the
    result (which is refused until then)."""
    notes = []
    for team, playing in players.items():
        refusals, _ = check_cup_lineup(cup, number, cup.team(team), playing)
        entered = cup.lineup(number, team) is not None
        whose = (
            "the line-up entered"
            if entered
            else f"the list's first {len(playing)} (no line-up entered)"
        )
        for r in refusals:
            notes.append(
                f"{r.message}; {team} plays {whose}: enter a line-up that may play before "
                f"the result (skak cup lineup {number} {team} …)"
            )
    return notes


@dataclass(frozen=True, slots=True)
class CupStandingsView:
    """The row's standings (§8), its rows :class:`~skak.teams.cup_rounds.CupStandingRow`;
    ``playoff`` names the two teams of a §9 play-off still to be played for first place."""

    name: str
    row: str
    standings: tuple[CupStandingRow, ...]
    playoff: tuple[str, ...]
    explanation: tuple[str, ...]


def cup_standings_view(cup: Cup) -> CupStandingsView:
    s: CupStandings = cup_standings(cup)
    return CupStandingsView(
        cup.name,
        cup.row,
        s.rows,
        s.playoff,
        s.explanation,
    )


@dataclass(frozen=True, slots=True)
class CupCaptainMatch:
    """A cup match of one of a captain's teams: its line-up as it stands (entered, or the
    first players of the list, §4), the score when its card is in, and whether his team
    reports the card (the first-named team, as ``skak cup result`` takes it)."""

    cup: int
    cup_name: str
    round: int
    team: str
    opponent: str
    reports: bool
    players: tuple[str, ...]
    lineup_entered: bool
    result: str


def cup_captain_matches(cup: Cup, ident: int, clubs: frozenset[str]) -> tuple[CupCaptainMatch, ...]:
    """The matches of the cup's teams of ``clubs`` in the paired rounds, the newest first."""
    folded = {c.casefold() for c in clubs}
    out = []
    for m in sorted(cup.pairings, key=lambda m: -m.round):
        for team in m.teams():
            if cup.team(team).club.casefold() not in folded:
                continue
            card = cup.card(m)
            result = ""
            if card is not None:
                (first, second), _, _ = score_cup_match(cup, m, card)
                ours, theirs = (first, second) if team == m.first else (second, first)
                result = f"{_half(ours)}-{_half(theirs)}"
            out.append(
                CupCaptainMatch(
                    ident,
                    cup.name,
                    m.round,
                    team,
                    m.opponent(team),
                    team == m.first,
                    cup.playing(m.round, team),
                    cup.lineup(m.round, team) is not None,
                    result,
                )
            )
    return tuple(out)


def _half(p: Fraction) -> str:
    """Board points as a card writes them: ``2½``."""
    whole, rest = divmod(p, 1)
    if not rest:
        return str(whole)
    return f"{whole}½" if whole else "½"
