"""Tables an arbiter prints before or beside a tournament: round-robin schedules, Varma
groups and draws, knock-out brackets and Olympiad team drafts (``skak schedule``,
``varma``, ``knockout bracket``, ``olympiad``), each a typed view whose fields are the JSON
keys.

Size limits: a round-robin schedule has 3–:data:`MAX_SCHEDULE_PLAYERS` players (DSU prints
its schedules, 003 §4.9.11, up to 24; the rule that makes them, like Berger's, works for any
number, and 1000 is far beyond any round robin while it keeps the output printable); a
knock-out bracket has 4–1024 players (:data:`skak.pairing.knockout.MAX_BRACKET_PLAYERS`); an
Olympiad draft at most :data:`MAX_OLYMPIAD_PLAYERS` players. The draws on a tournament's
players (:func:`varma_draw_view`, :func:`olympiad_view` with a tournament) write nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player
from skak.model.tournament import Tournament
from skak.pairing.berger import berger_schedule
from skak.pairing.dsu_rr import dsu_schedule
from skak.pairing.knockout import bracket, bracket_state
from skak.pairing.varma import varma_draw, varma_entries, varma_group_numbers, varma_groups
from skak.teams.olympiad import TeamMatch, olympiad
from skak.views._json import OMITTED, Omittable, face_only, from_data

__all__ = [
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
]

#: The most players ``skak schedule`` prints a round robin for (any system).
MAX_SCHEDULE_PLAYERS = 1000
#: The most players ``skak olympiad`` drafts.
MAX_OLYMPIAD_PLAYERS = 1000

Delegation = Literal["federation", "club"]


def _from_round_one(t: Tournament) -> list[Player]:
    """The players registered from round 1 and not withdrawn before it, by start number."""
    return [p for p in t.players if (p.late_from or 1) == 1 and not p.is_withdrawn(1)]


# -- round-robin schedules ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScheduleView:
    """A round-robin schedule by draw number: each round's games as ``(white, black)``, the
    free round (spillefri) as ``0``."""

    players: int
    system: str
    cycles: int
    rounds: tuple[tuple[tuple[int, int], ...], ...]


def schedule_view(players: int, system: str, double: bool = False) -> ScheduleView:
    """The schedule of ``system`` (``berger``: FIDE C.06 annex 1; ``dsu``: 4.9.11).

    :raises InputError: outside 3–:data:`MAX_SCHEDULE_PLAYERS` players or for an unknown
        system.
    """
    make = {"berger": berger_schedule, "dsu": dsu_schedule}.get(system)
    if make is None:
        raise InputError(f"unknown schedule {system!r}: berger or dsu")
    if players < 3:
        raise InputError(f"a round robin needs at least 3 players, not {players}")
    if players > MAX_SCHEDULE_PLAYERS:
        raise InputError(
            f"a round-robin schedule here has at most {MAX_SCHEDULE_PLAYERS} players, not "
            f"{players} (DSU prints its schedules, 4.9.11, for up to 24; the rule, like "
            "Berger's, works for any number)"
        )
    cycles = 2 if double else 1
    free = players + 1 if players % 2 else None
    rounds = tuple(
        tuple((0 if w == free else w, 0 if b == free else b) for w, b in rnd)
        for rnd in make(players, cycles=cycles)
    )
    return ScheduleView(players, system, cycles, rounds)


# -- Varma (FIDE C.06 annex 2) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VarmaGroupsView:
    """The Varma groups for a field: ``free_number`` is the Berger table's free number of an
    odd field (not drawn); ``latest_meeting`` is, per group, the last round in which two of
    its numbers meet."""

    players: int
    table: int
    rounds: int
    free_number: int | None
    groups: Mapping[str, tuple[int, ...]]
    latest_meeting: Mapping[str, int | None]
    rule: str


def varma_groups_view(players: int) -> VarmaGroupsView:
    """:raises InputError: outside 9–24 players."""
    return from_data(varma_groups(players), VarmaGroupsView)


@dataclass(frozen=True, slots=True)
class DrawnNumber:
    """A start number drawn (lodtrækningsnummer), its group and the player who drew it."""

    number: int
    group: str
    start_number: int
    name: str
    delegation: str | None


@dataclass(frozen=True, slots=True)
class DelegationLine:
    """Where one delegation drew: its players by name and the group(s)."""

    delegation: str | None
    players: tuple[str, ...]
    groups: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VarmaDrawView(VarmaGroupsView):
    """The Varma draw for a tournament's players, printed and never stored: ``numbers`` in
    the order of the numbers drawn."""

    seed: str | int | None
    numbers: tuple[DrawnNumber, ...]
    delegations: tuple[DelegationLine, ...]
    explanation: tuple[str, ...]
    tournament: str
    by: str
    saved: bool
    note: str


_NOT_SAVED = N_(
    "Nothing was saved: register the players in the order of the start numbers drawn "
    "(start number = lodtrækningsnummer) before round 1 is paired."
)


def varma_draw_view(t: Tournament, by: Delegation, seed: str | int | None) -> VarmaDrawView:
    """The Varma draw (FIDE C.06 annex 2) of ``t``'s players by federation or club.

    :raises InputError: once round 1 is paired, or for a field outside 9–24 players.
    """
    if t.rounds:
        raise InputError(
            f"round {t.current_round} of {t.name!r} has been paired: the Varma draw gives the "
            "start numbers before round 1"
        )
    field = _from_round_one(t)
    entries = varma_entries(field, by=by)
    draw = varma_draw(entries, seed=seed, kind=by)
    notes = list(draw.explanation)
    if t.pairing_system not in ("berger", "dsu-rr"):
        notes.append(
            N_(
                "note: {name} is paired by {system}; the Varma tables are made for a round "
                "robin by the Berger tables (berger or dsu-rr)",
                name=repr(t.name),
                system=t.pairing_system,
            )
        )
    rows = sorted(zip(draw.numbers, field, entries, strict=True), key=lambda row: row[0])
    group_of = {n: g for g, nums in varma_group_numbers(draw.players).items() for n in nums}
    groups = varma_groups_view(draw.players)
    return VarmaDrawView(
        groups.players,
        groups.table,
        groups.rounds,
        groups.free_number,
        groups.groups,
        groups.latest_meeting,
        groups.rule,
        draw.seed,
        tuple(
            DrawnNumber(n, group_of[n], p.start_number, p.name, e.delegation) for n, p, e in rows
        ),
        tuple(
            DelegationLine(d.delegation, tuple(entries[i].name for i in d.players), d.groups)
            for d in draw.delegations
        ),
        tuple(notes),
        t.name,
        by,
        False,
        _NOT_SAVED,
    )


# -- knock-out (DSU 4.9.7) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawNumberSeeds:
    draw_number: int
    seeds: tuple[int, int]


@dataclass(frozen=True, slots=True)
class FirstRoundMatch:
    match: int
    draw_numbers: tuple[int, int]


@dataclass(frozen=True, slots=True)
class BracketRoundSize:
    name: str
    players: int


@dataclass(frozen=True, slots=True)
class BracketView:
    """The empty bracket for a field: the seed group of each draw number, the first round's
    matches and the bracket rounds."""

    players: int
    size: int
    byes: int
    seeds_with_bye: tuple[int, ...]
    draw_numbers: tuple[DrawNumberSeeds, ...]
    first_round: tuple[FirstRoundMatch, ...]
    rounds: tuple[BracketRoundSize, ...]


def bracket_view(players: int) -> BracketView:
    """:raises InputError: for fewer than 4 or more than 1024 players."""
    return from_data(bracket(players), BracketView)


@dataclass(frozen=True, slots=True)
class Seed:
    seed: int
    player: int
    draw_number: int


@dataclass(frozen=True, slots=True)
class MatchGame:
    """A game of a match: ``stage`` (standard, rapid, blitz, armageddon) and its number in
    the stage."""

    round: int
    board: int
    white: int
    black: int
    result: str | None
    stage: str | None
    game: int | None


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match: its players (``None`` for a bye or a place not decided yet), games,
    score, the stage it is at, its status and how it was decided."""

    match: int
    draw_numbers: tuple[int, int]
    players: tuple[int | None, int | None]
    games: tuple[MatchGame, ...]
    score: tuple[str, str]
    stage: str | None
    status: str
    winner: int | None
    how: str


@dataclass(frozen=True, slots=True)
class KnockoutRound:
    round: int
    name: str
    matches: tuple[MatchLine, ...]


@dataclass(frozen=True, slots=True)
class KnockoutView:
    """Every match of a knock-out tournament as its rounds say it stands; ``names`` (for the
    faces) by start number."""

    system: str
    players: int
    size: int
    byes: int
    seeds: tuple[Seed, ...]
    rounds: tuple[KnockoutRound, ...]
    finished: bool
    winner: int | None
    names: Mapping[int, str] = face_only(default_factory=dict)


def knockout_view(t: Tournament) -> KnockoutView:
    """:raises InputError: for a tournament not paired by the knock-out system."""
    if t.pairing_system != "knockout":
        raise InputError(
            f"tournament {t.name!r} is paired by {t.pairing_system}, not knockout; "
            "use --players N for an empty bracket"
        )
    view = from_data(bracket_state(t), KnockoutView)
    return replace(view, names={p.start_number: p.name for p in t.players})


# -- Olympiad team draft (DSU 4.9.9.5) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DraftedTeam:
    """A team: its players' ranks in board order and their sum; drafted from a tournament,
    also their start numbers and names."""

    team: int
    players: tuple[int, ...]
    rank_sum: int
    start_numbers: Omittable[tuple[int, ...]] = OMITTED
    names: Omittable[tuple[str, ...]] = OMITTED


@dataclass(frozen=True, slots=True)
class TeamRoundLine:
    """A round of the teams' all-play-all: its matches as the draft's schedule has them
    (:class:`~skak.teams.olympiad.TeamMatch`, board by board) and the team with the free
    round."""

    round: int
    matches: tuple[TeamMatch, ...]
    bye: int | None


@dataclass(frozen=True, slots=True)
class RankedPlayer:
    """A tournament's player in the strength order the draft uses."""

    rank: int
    start_number: int
    name: str
    rating: int | None
    fide_rating: int | None


@dataclass(frozen=True, slots=True)
class OlympiadView:
    """The Olympiad draft and its all-teams-play-all schedule; drafted from a tournament,
    also its name and the players ranked (nothing is written)."""

    players: int
    teams: int
    rule: str
    balanced: bool
    draft: tuple[DraftedTeam, ...]
    rank_sum_spread: int
    schedule: tuple[TeamRoundLine, ...]
    explanation: tuple[str, ...]
    tournament: Omittable[str] = OMITTED
    ranking: Omittable[tuple[RankedPlayer, ...]] = OMITTED


def _strength_order(t: Tournament, players: Sequence[Player]) -> list[Player]:
    """``players`` strongest first: DSU rating of the tournament's kind, then FIDE rating, then
    start number; a missing rating below every rating."""
    kind = t.rated_kind.dsu_rating_field

    def key(p: Player) -> tuple[bool, int, bool, int, int]:
        dsu, fide = p.rating(kind), p.ratings.fide
        return (dsu is None, -(dsu or 0), fide is None, -(fide or 0), p.start_number)

    return sorted(players, key=key)


def olympiad_view(players: int | Tournament, teams: int) -> OlympiadView:
    """The draft of ``players`` ranked 1…N into ``teams`` teams, or of a tournament's
    players ranked by DSU rating, then FIDE rating, then start number.

    :raises InputError: for more than :data:`MAX_OLYMPIAD_PLAYERS` players, fewer than 2
        teams or fewer players than teams.
    """
    t = players if isinstance(players, Tournament) else None
    ranked = _strength_order(t, _from_round_one(t)) if t is not None else []
    count = len(ranked) if t is not None else players
    assert isinstance(count, int)
    if count > MAX_OLYMPIAD_PLAYERS:
        raise InputError(
            f"an Olympiad draft here has at most {MAX_OLYMPIAD_PLAYERS} players, not {count}"
        )
    view = from_data(olympiad(count, teams), OlympiadView)
    if t is None:
        return view
    kind = t.rated_kind.dsu_rating_field
    explanation = list(view.explanation)
    explanation.insert(
        1,
        f"the {len(ranked)} players of {t.name!r} ranked by strength: DSU rating, then FIDE "
        "rating, then start number",
    )
    return replace(
        view,
        draft=tuple(
            replace(
                team,
                start_numbers=tuple(ranked[r - 1].start_number for r in team.players),
                names=tuple(ranked[r - 1].name for r in team.players),
            )
            for team in view.draft
        ),
        explanation=tuple(explanation),
        tournament=t.name,
        ranking=tuple(
            RankedPlayer(r, p.start_number, p.name, p.rating(kind), p.ratings.fide)
            for r, p in enumerate(ranked, start=1)
        ),
    )
