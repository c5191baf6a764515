"""DSU's junior team championship (Junior Hold DM), 003 §5.5.

* §2: one team a district (hovedkreds); §5: all against all (alle-mod-alle), 30 minutes a
  player, nine rounds over a weekend — skak schedules by FIDE's Berger tables, team ``k``
  being Berger number ``k``; the team the table gives white has white on board 1 and the
  odd boards (as in the Olympiad schedule); an odd number gives a free round without points.
* §6: a team is 8 players, 6 of them cadets (kadetter: not 16 at the start of the year),
  one a girl (she may be a cadet); when the district has no girl, or its girls cannot come,
  a player rated at most 1100 takes her place. At most 1 reserve, used only so that the
  team playing meets these rules at all times. §7: the organiser may dispense a team.
* §4: placed by match points, then board points, then the direct match; if that was drawn,
  board 1 weighs most, then board 2, and so on; a complete tie shares the place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.pairing.berger import berger_schedule
from skak.tiebreaks import exact_decimal

__all__ = [
    "BOARDS",
    "CADETS",
    "GIRL_SUBSTITUTE_RATING",
    "JuniorChampionship",
    "JuniorMatch",
    "JuniorPlayer",
    "JuniorRow",
    "JuniorTeam",
    "check_composition",
    "check_junior_team",
    "junior_schedule",
    "junior_standings",
    "missing_matches",
]

#: §6: "Holdene består af 8 spillere".
BOARDS = 8
#: §6: "hvoraf de 6 skal være kadetter".
CADETS = 6
#: §6: "en spiller med maksimalt 1100 i rating anvendes i stedet for" the girl.
GIRL_SUBSTITUTE_RATING = 1100
ZERO = Fraction(0)
_POINTS = {
    "1-0": (Fraction(1), ZERO),
    "½-½": (Fraction(1, 2), Fraction(1, 2)),
    "0-1": (ZERO, Fraction(1)),
    "+-": (Fraction(1), ZERO),
    "-+": (ZERO, Fraction(1)),
    "--": (ZERO, ZERO),
}


@dataclass(frozen=True, slots=True)
class JuniorPlayer:
    id: str
    name: str
    birth_date: date
    girl: bool = False
    rating: int | None = None

    def cadet(self, year: int) -> bool:
        """§6: "ikke fyldt 16 ved indgangen af det aktuelle år"."""
        b = self.birth_date
        age = year - b.year - (1 if (b.month, b.day) > (1, 1) else 0)
        return age < 16


@dataclass(frozen=True, slots=True)
class JuniorTeam:
    """A district's team: its players (8, and at most 1 reserve); ``no_girl`` that the
    district has no girl player or its girls cannot come (§6); ``dispensation`` the
    organiser's dispensation from §6 (§7), in words."""

    name: str
    players: tuple[JuniorPlayer, ...]
    no_girl: bool = False
    dispensation: str = ""

    def find(self, ident: str) -> JuniorPlayer | None:
        for p in self.players:
            if p.id == ident:
                return p
        return None

    def player(self, ident: str) -> JuniorPlayer:
        """:raises InputError: for a player not on the team's list."""
        found = self.find(ident)
        if found is None:
            raise InputError(f"{self.name} has no player {ident!r}")
        return found


@dataclass(frozen=True, slots=True)
class JuniorMatch:
    """A match: ``first`` has white on board 1 and the odd boards; the players by board
    (``None``: a board left empty; none given: not checked) and each board's result from
    ``first``'s side (``1-0``, ``½-½``, ``0-1``, ``+-``, ``-+``, ``--``)."""

    round: int
    first: str
    second: str
    first_players: tuple[str | None, ...] = ()
    second_players: tuple[str | None, ...] = ()
    results: tuple[str, ...] = ()

    def points(self) -> tuple[Fraction, Fraction]:
        pts = [_POINTS[r] for r in self.results]
        return sum((p[0] for p in pts), ZERO), sum((p[1] for p in pts), ZERO)

    def board(self, team: str, board: int) -> Fraction:
        a, b = _POINTS[self.results[board - 1]]
        return a if team == self.first else b


@dataclass(frozen=True, slots=True)
class JuniorChampionship:
    """A junior team championship kept in a database (the fold of its events): its name, its
    day (the cadets' age is counted on 1 January of its year, §6), its teams and the
    matches entered so far."""

    name: str
    day: date
    teams: tuple[JuniorTeam, ...] = ()
    matches: tuple[JuniorMatch, ...] = ()

    def team(self, name: str) -> JuniorTeam:
        """The team named ``name`` (any case).

        :raises InputError: naming the teams there are.
        """
        for t in self.teams:
            if t.name.casefold() == name.strip().casefold():
                return t
        held = ", ".join(t.name for t in self.teams) or "none yet"
        raise InputError(f"{self.name} has no team {name!r} (its teams: {held})")

    @property
    def rounds(self) -> int:
        """§5: all against all; an odd number of teams gives each a free round."""
        n = len(self.teams)
        return n - 1 + n % 2 if n >= 2 else 0

    def match(self, round_number: int, team: str) -> JuniorMatch | None:
        """The match ``team`` played in the round, if entered."""
        for m in self.matches:
            if m.round == round_number and team in (m.first, m.second):
                return m
        return None


def check_junior_team(team: JuniorTeam, boards: int = 8) -> list[str]:
    """§6's size: 8 players and at most 1 reserve."""
    if not boards <= len(team.players) <= boards + 1:
        return [
            f"{team.name}: a team is {boards} players and at most 1 reserve, not "
            f"{len(team.players)} (5.5 §6)"
        ]
    return []


def check_composition(team: JuniorTeam, players: Sequence[str | None], day: date) -> list[str]:
    """The team as it plays a round against §6: 6 cadets and a girl (or, with no girl, a
    player rated at most 1100) among the players (``None``: an empty board); nothing when
    the organiser dispensed the team (§7).

    :raises InputError: for a player not on the team's list, or one on two boards.
    """
    named = [p for p in players if p is not None]
    if len(set(named)) != len(named):
        raise InputError(f"{team.name}: a player on two boards")
    fielded = [team.player(p) for p in named]
    if team.dispensation:
        return []
    problems = []
    cadets = [p for p in fielded if p.cadet(day.year)]
    if len(cadets) < CADETS:
        problems.append(
            f"{team.name}: {len(cadets)} cadets (not 16 on 1 January {day.year}) among the "
            f"players; 5.5 §6 asks {CADETS}"
        )
    if not any(p.girl for p in fielded):
        if not team.no_girl:
            problems.append(f"{team.name}: no girl among the players (5.5 §6)")
        elif not any(p.rating is not None and p.rating <= GIRL_SUBSTITUTE_RATING for p in fielded):
            problems.append(
                f"{team.name}: without a girl, a player rated at most "
                f"{GIRL_SUBSTITUTE_RATING} plays in her place (5.5 §6)"
            )
    return problems


def junior_schedule(teams: Sequence[JuniorTeam]) -> tuple[tuple[int, str, str], ...]:
    """``(round, first, second)`` for every match, by the Berger tables (see the module)."""
    names = [t.name for t in teams]
    if len(names) < 2:
        raise InputError("the junior team championship needs at least 2 teams")
    out = []
    for r, games in enumerate(berger_schedule(len(names)), start=1):
        for white, black in games:
            if white <= len(names) and black <= len(names):
                out.append((r, names[white - 1], names[black - 1]))
    return tuple(out)


def missing_matches(teams: Sequence[JuniorTeam], matches: Sequence[JuniorMatch]) -> tuple[str, ...]:
    """Every pairing of the round robin (§5: all against all) with no match in ``matches``.

    When every match given sits in the round the Berger schedule gives its pair
    (:func:`junior_schedule`), the rounds are fixed and a missing pairing is named with its
    round and colours ("round 3: C–A missing"); otherwise by the teams' order in the file
    ("A–C not played").
    """
    schedule = junior_schedule(teams)
    scheduled = {frozenset((a, b)): r for r, a, b in schedule}
    played = {frozenset((m.first, m.second)) for m in matches}
    fixed = all(scheduled.get(frozenset((m.first, m.second))) == m.round for m in matches)
    if fixed:
        return tuple(
            f"round {r}: {a}–{b} missing" for r, a, b in schedule if frozenset((a, b)) not in played
        )
    names = [t.name for t in teams]
    return tuple(
        f"{a}–{b} not played"
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if frozenset((a, b)) not in played
    )


@dataclass(frozen=True, slots=True)
class JuniorRow:
    rank: int
    team: str
    match_points: Fraction
    board_points: Fraction
    shared: bool
    decided_by: str


def junior_standings(
    teams: Sequence[JuniorTeam], matches: Sequence[JuniorMatch]
) -> tuple[tuple[JuniorRow, ...], tuple[str, ...]]:
    """§4's standings and the explanation."""
    names = [t.name for t in teams]
    mp = dict.fromkeys(names, ZERO)
    bp = dict.fromkeys(names, ZERO)
    for m in matches:
        a, b = m.points()
        bp[m.first] += a
        bp[m.second] += b
        mp[m.first] += 2 if a > b else 1 if a == b else 0
        mp[m.second] += 2 if b > a else 1 if a == b else 0
    lines = ["ranked by match points, board points, the direct match, board 1, 2, … (5.5 §4)"]
    blocks: list[list[str]] = []
    for n in sorted(names, key=lambda n: (mp[n], bp[n]), reverse=True):
        if blocks and (mp[blocks[-1][0]], bp[blocks[-1][0]]) == (mp[n], bp[n]):
            blocks[-1].append(n)
        else:
            blocks.append([n])
    rows: list[JuniorRow] = []
    for i, block in enumerate(blocks):
        first_reason = "" if i == 0 else _why(rows[-1], mp[block[0]], bp[block[0]])
        for j, (group, how) in enumerate(_direct(block, matches, lines, len(rows) + 1)):
            reason = first_reason if j == 0 else how
            rank = len(rows) + 1
            for n in group:
                rows.append(JuniorRow(rank, n, mp[n], bp[n], len(group) > 1, reason))
    return tuple(rows), tuple(lines)


def _why(above: JuniorRow, mp: Fraction, bp: Fraction) -> str:
    return "match points" if above.match_points != mp else "board points"


def _direct(
    teams: Sequence[str], matches: Sequence[JuniorMatch], lines: list[str], first_rank: int
) -> list[tuple[list[str], str]]:
    """Tied teams by their matches with each other: match points, board points, then (the
    direct match drawn) the boards from board 1 down; still equal: shared. Each step tried
    is said in ``lines``."""
    if len(teams) == 1:
        return [([teams[0]], "")]
    mutual = [m for m in matches if m.first in teams and m.second in teams]
    boards = max((len(m.results) for m in mutual), default=0)
    key: dict[str, tuple[Fraction, ...]] = {}
    for t in teams:
        mp = bp = ZERO
        per_board = [ZERO] * boards
        for m in mutual:
            if t not in (m.first, m.second):
                continue
            a, b = m.points()
            own, other = (a, b) if t == m.first else (b, a)
            bp += own
            mp += 2 if own > other else 1 if own == other else 0
            for k in range(1, len(m.results) + 1):
                per_board[k - 1] += m.board(t, k)
        key[t] = (mp, bp, *per_board)
    out: list[tuple[list[str], str]] = []
    for t in sorted(teams, key=lambda t: key[t], reverse=True):
        if out and key[out[-1][0][0]] == key[t]:
            out[-1][0].append(t)
        else:
            how = _how(key[out[-1][0][0]], key[t]) if out else ""
            out.append(([t], how))
    lines.append(
        f"tied {', '.join(sorted(teams))} on match points and board points: "
        + _direct_steps(teams, mutual, key)
    )
    rank = first_rank
    for group, _ in out:
        if len(group) > 1:
            lines.append(
                f"{', '.join(group)} share {_ordinal(rank)} place (5.5 §4: a complete tie "
                "shares the place)"
            )
        rank += len(group)
    return out


def _direct_steps(
    teams: Sequence[str], mutual: Sequence[JuniorMatch], key: dict[str, tuple[Fraction, ...]]
) -> str:
    """The steps of §4 after the score, in words: the direct match, then board by board."""
    if not mutual:
        return "they have not met (no direct match), so nothing orders them"

    def groups(width: int | None) -> list[list[str]]:
        out: list[list[str]] = []
        for t in sorted(teams, key=lambda t: key[t][:width], reverse=True):
            if out and key[out[-1][0]][:width] == key[t][:width]:
                out[-1].append(t)
            else:
                out.append([t])
        return out

    by_match = groups(2)
    shown = "; ".join(
        f"{', '.join(g)} {'/'.join(exact_decimal(v) for v in key[g[0]][:2])}" for g in by_match
    )
    if len(by_match) == 1:
        steps = [f"the direct match (indbyrdes kamp) leaves them equal ({shown} each)"]
    else:
        steps = [f"the direct match (indbyrdes kamp) orders them {shown}"]
    still = [g for g in by_match if len(g) > 1]
    for g in still:
        boards = len(key[g[0]]) - 2
        split = [[t for t in h if t in g] for h in groups(None)]
        split = [h for h in split if h]
        if len(split) == 1:
            steps.append(f"board by board from board 1: {', '.join(g)} equal on all {boards}")
        else:
            board = next(i - 1 for i in range(2, len(key[g[0]])) if len({key[t][i] for t in g}) > 1)
            order = "; ".join(", ".join(h) for h in split)
            steps.append(f"board by board from board 1: board {board} orders {order}")
    return "; ".join(steps)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _how(above: tuple[Fraction, ...], below: tuple[Fraction, ...]) -> str:
    for i, (a, b) in enumerate(zip(above, below, strict=True)):
        if a != b:
            if i < 2:
                return "the direct match (indbyrdes kamp)"
            return f"the direct match, board {i - 1} (5.5 §4)"
    return ""  # pragma: no cover - only unequal keys are asked
