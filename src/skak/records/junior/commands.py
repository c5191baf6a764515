"""A junior team championship (Junior Hold DM, 003 §5.5) as a record: its commands, ``decide``
and the notes for its leader.

``decide`` checks what the text and the data require before anything is written: the teams
are entered before the first match, each of 8 players and at most 1 reserve (§6), no player
on two teams; a match is a pairing of the round robin (§5: all against all, each pair once,
a team once a round), its players on their team's list, one result a board. What a team's
players break of §6's composition (6 cadets, a girl or a player rated at most 1100) is not
refused — the match was played so — but said at once, board by board, for the leader (§7:
the organiser may have dispensed the team).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.records.junior.events import (
    ChampionshipCreated,
    JuniorEvent,
    JuniorMatchEntered,
    JuniorTeamsEntered,
)
from skak.teams.junior import (
    BOARDS,
    JuniorChampionship,
    JuniorMatch,
    JuniorTeam,
    check_composition,
    check_junior_team,
)

__all__ = [
    "RESULTS",
    "CreateChampionship",
    "EnterJuniorMatch",
    "EnterJuniorTeams",
    "JuniorCommand",
    "decide",
    "notes",
]

#: A board's result from the first team's side (5.5 uses the usual ones; ``--``: no game).
RESULTS = ("1-0", "½-½", "0-1", "+-", "-+", "--")


@dataclass(frozen=True, slots=True)
class CreateChampionship:
    name: str
    day: date


@dataclass(frozen=True, slots=True)
class EnterJuniorTeams:
    teams: tuple[JuniorTeam, ...]


@dataclass(frozen=True, slots=True)
class EnterJuniorMatch:
    match: JuniorMatch


JuniorCommand = CreateChampionship | EnterJuniorTeams | EnterJuniorMatch


def decide(state: JuniorChampionship | None, command: JuniorCommand) -> list[JuniorEvent]:
    """The events that carry out ``command``; none when it changes nothing.

    :raises SkakError: when a rule refuses it (nothing is written then).
    """
    if isinstance(command, CreateChampionship):
        if state is not None:
            raise StateError(N_("the championship {name} exists already", name=state.name))
        if not command.name.strip():
            raise InputError(N_("a championship needs a name"))
        return [ChampionshipCreated(command.name.strip(), command.day)]
    if state is None:
        raise StateError(N_("there is no championship yet"))
    match command:
        case EnterJuniorTeams(teams=teams):
            return _teams(state, teams)
        case EnterJuniorMatch(match=m):
            return _match(state, m)
    raise TypeError(command)  # pragma: no cover - the union is closed


def _teams(state: JuniorChampionship, teams: Sequence[JuniorTeam]) -> list[JuniorEvent]:
    if state.matches:
        raise StateError(
            N_("{name} has matches already: its teams can no longer change", name=state.name)
        )
    if len(teams) < 2:
        raise InputError(N_("the junior team championship needs at least 2 teams"))
    names: set[str] = set()
    owner: dict[str, str] = {}
    for t in teams:
        if t.name.casefold() in names:
            raise InputError(N_("team {team} is entered twice", team=t.name))
        names.add(t.name.casefold())
        for p in t.players:
            if p.id in owner:
                raise InputError(
                    N_(
                        "player {player} is on {first} and {second}",
                        player=p.id,
                        first=owner[p.id],
                        second=t.name,
                    )
                )
            owner[p.id] = t.name
    if tuple(teams) == state.teams:
        return []
    return [JuniorTeamsEntered(tuple(teams))]


def _match(state: JuniorChampionship, m: JuniorMatch) -> list[JuniorEvent]:
    first, second = state.team(m.first), state.team(m.second)
    where = f"round {m.round}: {first.name}–{second.name}"
    if first.name == second.name:
        raise InputError(N_("{match}: a team does not play itself", match=where))
    if not 1 <= m.round <= state.rounds:
        raise InputError(
            N_(
                "{match}: the championship plays rounds 1–{rounds} (5.5 §5: all against all)",
                match=where,
                rounds=state.rounds,
            )
        )
    for x in state.matches:
        same = {x.first, x.second} == {first.name, second.name}
        if same and x.round != m.round:
            raise InputError(
                N_(
                    "{match}: the two teams met in round {round} already (5.5 §5: each pair once)",
                    match=where,
                    round=x.round,
                )
            )
        if not same and x.round == m.round and {x.first, x.second} & {first.name, second.name}:
            raise InputError(
                N_(
                    "{match}: {team} plays {other} in this round already (a team plays once a "
                    "round)",
                    match=where,
                    team=next(iter({x.first, x.second} & {first.name, second.name})),
                    other=f"{x.first}–{x.second}",
                )
            )
    if len(m.results) != BOARDS:
        raise InputError(
            N_(
                "{match}: {count} results for {boards} boards",
                match=where,
                count=len(m.results),
                boards=BOARDS,
            )
        )
    for b, r in enumerate(m.results, start=1):
        if r not in RESULTS:
            raise InputError(
                N_(
                    "{match}, board {board}: {result} is no result (write one of {known})",
                    match=where,
                    board=b,
                    result=repr(r),
                    known=" ".join(RESULTS),
                )
            )
    for team, players in ((first, m.first_players), (second, m.second_players)):
        if players and len(players) != BOARDS:
            raise InputError(
                N_(
                    "{match}: {team}'s players are {boards}, one a board (- for an empty one), "
                    "not {count}",
                    match=where,
                    team=team.name,
                    boards=BOARDS,
                    count=len(players),
                )
            )
        if players:
            check_composition(team, players, state.day)  # an unknown player is refused
    named = JuniorMatch(
        m.round, first.name, second.name, m.first_players, m.second_players, m.results
    )
    if named in state.matches:
        return []
    return [JuniorMatchEntered(named)]


def notes(
    before: JuniorChampionship | None, command: JuniorCommand, after: JuniorChampionship
) -> tuple[str, ...]:
    """What the leader should know: a team's size against §6, a round's composition."""
    match command:
        case EnterJuniorTeams(teams=teams):
            return tuple(p for t in teams for p in check_junior_team(t))
        case EnterJuniorMatch(match=m):
            out: list[str] = []
            for name, players in ((m.first, m.first_players), (m.second, m.second_players)):
                if players:
                    team = after.team(name)
                    out += [
                        f"round {m.round}: {p}" for p in check_composition(team, players, after.day)
                    ]
            return tuple(out)
    return ()
