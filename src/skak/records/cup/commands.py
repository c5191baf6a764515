"""A row of DSU's team cup (pokalstævnet, 003 §5.3–5.4) as a record: commands, ``decide``
and the fold. ``decide`` refuses what §4 forbids before a round is played (a team's
composition, the Bredde row's rating cap, an unrated player without an EMT rating), pairs
by team Monrad, checks a round card against the pairing, and takes §9's play-off only
between the two teams tied for first, with the colours of their match swapped. A line-up
corrected after its match's result sets the result aside (to be entered again), as the
league does; later rounds paired on it stand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date

from skak.errors import InputError, NotFoundError, StateError
from skak.records.cup.events import (
    CupCreated,
    CupEvent,
    CupLineupEntered,
    CupPlayoffEntered,
    CupResultCleared,
    CupResultEntered,
    CupRoundPaired,
    CupTeamsEntered,
)
from skak.teams.cup import (
    ROWS,
    Cup,
    CupCard,
    CupLineup,
    CupSettings,
    CupTeam,
    check_cup_lineup,
    check_cup_team,
)
from skak.teams.cup_rounds import cup_standings, pair_cup_round

__all__ = [
    "CreateCup",
    "CupCommand",
    "EnterCupLineup",
    "EnterCupPlayoff",
    "EnterCupResult",
    "EnterCupTeams",
    "PairCupRound",
    "check_round_number",
    "cup_notes",
    "decide",
]


@dataclass(frozen=True, slots=True)
class CreateCup:
    name: str
    row: str
    day: date
    rounds: int
    boards: int = 4
    settings: CupSettings = field(default_factory=CupSettings)


@dataclass(frozen=True, slots=True)
class EnterCupTeams:
    teams: tuple[CupTeam, ...]


@dataclass(frozen=True, slots=True)
class PairCupRound:
    pass


@dataclass(frozen=True, slots=True)
class EnterCupLineup:
    round: int
    team: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EnterCupResult:
    card: CupCard


@dataclass(frozen=True, slots=True)
class EnterCupPlayoff:
    card: CupCard


CupCommand = (
    CreateCup | EnterCupTeams | PairCupRound | EnterCupLineup | EnterCupResult | EnterCupPlayoff
)


def decide(cup: Cup | None, command: CupCommand) -> list[CupEvent]:
    """:raises SkakError: when a rule refuses the command (nothing is written then)."""
    if isinstance(command, CreateCup):
        return [_create(cup, command)]
    if cup is None:
        raise StateError("there is no cup yet; create one with 'skak cup new'")
    match command:
        case EnterCupTeams(teams=teams):
            return _teams(cup, teams)
        case PairCupRound():
            r = pair_cup_round(cup)
            return [CupRoundPaired(r.number, r.matches, r.bye, r.explanation)]
        case EnterCupLineup():
            return _lineup(cup, command)
        case EnterCupResult(card=card):
            return _result(cup, card)
        case EnterCupPlayoff(card=card):
            return _playoff(cup, card)
    raise TypeError(command)  # pragma: no cover


def _create(cup: Cup | None, c: CreateCup) -> CupCreated:
    if cup is not None:
        raise StateError(f"the cup {cup.name} exists already")
    if c.row not in ROWS:
        raise InputError(f"the cup's rows are {', '.join(ROWS)} (5.3 §2), not {c.row!r}")
    if not 1 <= c.rounds <= 15:
        raise InputError(f"a cup day has 1–15 rounds, not {c.rounds}")
    if not 1 <= c.boards <= 8:
        raise InputError(f"a cup team plays 1–8 boards (5.3 §4: 4), not {c.boards}")
    if not c.name.strip():
        raise InputError("a cup needs a name")
    return CupCreated(c.name.strip(), c.row, c.day, c.rounds, c.boards, c.settings)


def _teams(cup: Cup, teams: tuple[CupTeam, ...]) -> list[CupEvent]:
    if cup.pairings:
        raise StateError(f"{cup.name} is paired already: the teams can no longer change")
    names = [t.name.casefold() for t in teams]
    twice = sorted({t.name for t in teams if names.count(t.name.casefold()) > 1})
    problems = [f"team {t} entered twice" for t in twice]
    for t in teams:
        problems += check_cup_team(cup.row, cup.day, t)
    if problems:
        raise InputError("the teams are refused", problems=problems)
    return [] if teams == cup.teams else [CupTeamsEntered(teams)]


def check_round_number(round_number: int) -> None:
    """:raises InputError: for a round numbered below 1 (bad input, not a round missing)."""
    if round_number < 1:
        raise InputError(f"a round is numbered from 1, not {round_number}")


def _round_match(cup: Cup, round_number: int, team: str) -> None:
    check_round_number(round_number)
    if round_number > cup.paired_rounds:
        raise NotFoundError(
            f"round {round_number} of {cup.name} is not paired (rounds paired: {cup.paired_rounds})"
        )
    if cup.match(round_number, team) is None:
        raise StateError(f"{team} plays no match in round {round_number} (a free round)")


def _lineup(cup: Cup, c: EnterCupLineup) -> list[CupEvent]:
    team = cup.team(c.team)
    _round_match(cup, c.round, team.name)
    m = cup.match(c.round, team.name)
    refusals, _ = check_cup_lineup(cup, c.round, team, c.players)
    if refusals:
        raise InputError(
            f"{team.name}'s line-up for round {c.round} is refused",
            problems=[r.message for r in refusals],
        )
    lineup = CupLineup(c.round, team.name, tuple(c.players))
    if cup.playing(c.round, team.name) == lineup.players:
        return [] if cup.lineup(c.round, team.name) == lineup else [CupLineupEntered(lineup)]
    events: list[CupEvent] = [CupLineupEntered(lineup)]
    if m is not None and cup.card(m) is not None:
        # The round card was entered for the players as they stood; a corrected line-up
        # sets it aside, to be entered again (as the league does with its result card).
        events.append(
            CupResultCleared(
                c.round, m.first, m.second, f"{team.name}'s line-up corrected after the result"
            )
        )
    return events


def _result(cup: Cup, card: CupCard) -> list[CupEvent]:
    _round_match(cup, card.round, card.first)
    m = cup.match(card.round, card.first)
    assert m is not None
    if (m.first, m.second) != (card.first, card.second):
        raise InputError(
            f"round {card.round}: {m.first} has white on board 1 against {m.second}; write it "
            "first, and the results from its side"
        )
    for b in card.boards:
        if not 1 <= b.board <= cup.boards:
            raise InputError(f"the match has boards 1–{cup.boards}, not {b.board}")
    for t in m.teams():
        refusals, _ = check_cup_lineup(cup, card.round, cup.team(t), cup.playing(card.round, t))
        if refusals:
            raise InputError(
                f"{t}'s players in round {card.round} cannot play; enter the line-up that "
                "played (skak cup lineup)",
                problems=[r.message for r in refusals],
            )
    return [] if cup.card(m) == card else [CupResultEntered(card)]


def _playoff(cup: Cup, card: CupCard) -> list[CupEvent]:
    """§9's blitz match, between the teams the rounds left tied for first (read without
    any play-off entered, so a play-off entered again corrects the earlier one)."""
    standings = cup_standings(replace(cup, playoffs=()))
    if cup.paired_rounds < cup.rounds or any(cup.card(m) is None for m in cup.pairings):
        raise StateError(f"{cup.name} is not over: the play-off comes after the last round")
    if set(standings.playoff) != {card.first, card.second}:
        tied = " and ".join(standings.playoff) or "no two teams"
        raise StateError(f"§9's play-off is for the two teams tied for first: {tied}")
    regular = next(
        (m for m in cup.pairings if {m.first, m.second} == {card.first, card.second}), None
    )
    if regular is not None and regular.second != card.first:
        raise InputError(
            f"5.3 §9: the colours are swapped on each board: {regular.second} has white on "
            f"board 1 in the play-off (it had black in round {regular.round}); write it first"
        )
    if len(card.boards) != cup.boards or any(b.result is None for b in card.boards):
        raise InputError(f"the play-off needs a result on each of the {cup.boards} boards")
    if any(c == card for c in cup.playoffs):
        return []
    return [CupPlayoffEntered(card)]


def cup_notes(cup: Cup, command: CupCommand, events: Iterable[CupEvent] = ()) -> tuple[str, ...]:
    """What the leader should know: a line-up's illegal players (their games are lost); a
    result set aside by a corrected line-up, and the later rounds paired on it."""
    if isinstance(command, EnterCupLineup):
        team = cup.team(command.team)
        _, found = check_cup_lineup(cup, command.round, team, command.players)
        notes = [f"{v.message}; the game is the opponent's (5.3 §8)" for v in found]
        for e in events:
            if isinstance(e, CupResultCleared):
                notes.append(
                    f"round {e.round}: {e.first}–{e.second}: the result was entered for the "
                    f"line-up as it stood and is set aside; enter it again (skak cup result "
                    f"{e.round} {e.first} …)"
                )
                later = sorted({m.round for m in cup.pairings if m.round > e.round})
                if later:
                    rounds = ", ".join(str(r) for r in later)
                    many = len(later) > 1
                    notes.append(
                        f"round{'s' if many else ''} {rounds} {'were' if many else 'was'} "
                        "paired on the old result; the pairings stand (a round paired by "
                        "Monrad, 5.3 §2, is played as paired; the new result counts from "
                        "the next pairing on)"
                    )
        return tuple(notes)
    return ()
