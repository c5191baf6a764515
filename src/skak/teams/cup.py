"""DSU's team cup (pokalstævnet), 003 §5.3–5.4: teams, line-ups and what a match scores.

§2: one day (Whit Sunday), four rows (rækker) — junior, senior, bredde, elite — each paired
by Monrad (:mod:`skak.teams.cup_rounds`). §4: a team is 4 players and perhaps 1 reserve,
members of the club they play for (the senior row may mix clubs), in the order of the
strength list they sent (§6: the reserve plays at his place on the list). The rows:

* elite — any team;
* bredde — the 4 players of a round may average at most 1800 by the year's first DSU list;
  an unrated player gets a rating by the EMT rules (4.5.5's entry ratings);
* junior — players not 20 on 1 January of the year (ikke fyldt 20 år d. 1. januar);
* senior — players 60 on 1 January at the latest (fyldt 60 år senest 1. januar).

§8: home team white on the even boards, the visiting team on the odd ones; a round card not
filled in scores 0 in the games left out; a team that does not finish a round with at least
3 players loses 4-0; a player used illegally loses his game whatever its result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.rating.registry import entry_rating_allowed
from skak.rating.rules import rule_set_for
from skak.teams.lineups import out_of_order
from skak.tiebreaks import exact_decimal

__all__ = [
    "BREDDE_CAP",
    "CUP_RULES",
    "ROWS",
    "Cup",
    "CupBoard",
    "CupCard",
    "CupLineup",
    "CupMatch",
    "CupPlayer",
    "CupSettings",
    "CupTeam",
    "CupViolation",
    "average_rating",
    "check_cup_lineup",
    "check_cup_team",
    "cup_match_points",
    "score_cup_match",
    "short_teams",
]

#: §2's rows (rækker).
ROWS = ("junior", "senior", "bredde", "elite")
#: §4: "maksimalt have et ratinggennemsnit på 1800 for de 4 aktive spillere".
BREDDE_CAP = 1800
ZERO = Fraction(0)
ONE = Fraction(1)

CUP_RULES: dict[str, str] = {
    "4-size": "5.3 §4",
    "4-club": "5.3 §4",
    "4-junior-age": "5.3 §4",
    "4-senior-age": "5.3 §4",
    "4-order": "5.3 §4, §6",
    "4-rating-cap": "5.3 §4",
    "4-unrated": "5.3 §4; 4.5.5",
    "5-new-member": "5.3 §5",
}


@dataclass(frozen=True, slots=True)
class CupPlayer:
    """A player on a team's strength list. ``rating`` is from the year's first DSU list, or
    an entry rating given by ``authority`` (``club``, ``district``, ``rk``: 4.5.5) for an
    unrated player; ``registered`` the day he was registered with the rating office (RKF)
    when he joined the club after the list was sent (§5)."""

    id: str
    name: str
    club: str
    rating: int | None = None
    birth_date: date | None = None
    authority: str | None = None
    registered: date | None = None


@dataclass(frozen=True, slots=True)
class CupTeam:
    """A team: its players in the strength list's order (4, and perhaps a reserve)."""

    name: str
    club: str
    players: tuple[CupPlayer, ...]

    def player(self, ident: str) -> CupPlayer | None:
        for p in self.players:
            if p.id == ident:
                return p
        return None

    def place(self, ident: str) -> int:
        return next(i for i, p in enumerate(self.players, start=1) if p.id == ident)


@dataclass(frozen=True, slots=True)
class CupSettings:
    """The choices the text leaves open (docs/interpretations.md, 5.3): the Bredde cap, the
    points of a free round (oversidder) — board points (``None``: half the boards, a 2-2)
    and match points (1: the draw those board points make) — and the lot's seed (empty:
    the start order as entered)."""

    cap: int = BREDDE_CAP
    bye_board_points: Fraction | None = None
    bye_match_points: int = 1
    lot_seed: str = ""

    def bye_points(self, boards: int) -> tuple[Fraction, int]:
        """A free round's board points and match points."""
        bp = Fraction(boards, 2) if self.bye_board_points is None else self.bye_board_points
        return bp, self.bye_match_points


@dataclass(frozen=True, slots=True)
class CupLineup:
    round: int
    team: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CupMatch:
    """A pairing: ``first`` has white on board 1 and the odd boards (the visiting team,
    §8), ``second`` on the even ones (the home team)."""

    round: int
    first: str
    second: str

    def teams(self) -> tuple[str, str]:
        return (self.first, self.second)

    def opponent(self, team: str) -> str:
        return self.second if team == self.first else self.first

    def white(self, board: int) -> str:
        return self.first if board % 2 else self.second


@dataclass(frozen=True, slots=True)
class CupBoard:
    """One board of the round card, from the first team's side: ``1-0``, ``½-½``, ``0-1``;
    ``None`` when the card does not say (§8: 0 points to both); ``absent`` the team whose
    player was not there (his game lost)."""

    board: int
    result: str | None = None
    absent: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CupCard:
    round: int
    first: str
    second: str
    boards: tuple[CupBoard, ...]


@dataclass(frozen=True, slots=True)
class CupViolation:
    rule: str
    board: int | None
    player: str | None
    message: str

    @property
    def paragraph(self) -> str:
        return CUP_RULES[self.rule]

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Cup:
    """One row of the cup day: everything entered so far (the fold of its events)."""

    name: str
    row: str
    day: date
    rounds: int
    boards: int = 4
    settings: CupSettings = field(default_factory=CupSettings)
    teams: tuple[CupTeam, ...] = ()
    pairings: tuple[CupMatch, ...] = ()
    byes: tuple[tuple[int, str], ...] = ()
    lineups: tuple[CupLineup, ...] = ()
    cards: tuple[CupCard, ...] = ()
    playoffs: tuple[CupCard, ...] = ()

    def team(self, name: str) -> CupTeam:
        """:raises InputError: for a team the cup does not hold."""
        for t in self.teams:
            if t.name.casefold() == name.strip().casefold():
                return t
        raise InputError(f"{self.name} has no team {name!r}")

    @property
    def paired_rounds(self) -> int:
        return max((m.round for m in self.pairings), default=0)

    def match(self, round_number: int, team: str) -> CupMatch | None:
        for m in self.pairings:
            if m.round == round_number and team in m.teams():
                return m
        return None

    def lineup(self, round_number: int, team: str) -> CupLineup | None:
        for lu in self.lineups:
            if lu.round == round_number and lu.team == team:
                return lu
        return None

    def playing(self, round_number: int, team: str) -> tuple[str, ...]:
        """The team's players in the round: its line-up, else the first players of its list
        (§4: "Spillerne skal stille op i denne orden")."""
        lu = self.lineup(round_number, team)
        if lu is not None:
            return lu.players
        return tuple(p.id for p in self.team(team).players[: self.boards])

    def card(self, m: CupMatch) -> CupCard | None:
        for c in self.cards:
            if c.round == m.round and {c.first, c.second} == set(m.teams()):
                return c
        return None


def _age_on_new_year(birth: date, year: int) -> int:
    return year - birth.year - (1 if (birth.month, birth.day) > (1, 1) else 0)


def check_cup_team(row: str, day: date, team: CupTeam) -> list[str]:
    """The team's registration against §4 (size, club, the row's ages): the problems found.

    A problem here is for the tournament leader before the day; a line-up check repeats
    what concerns the players who play.
    """
    problems = []
    if not 4 <= len(team.players) <= 5:
        problems.append(
            f"{team.name}: a team is 4 players and perhaps 1 reserve, not {len(team.players)} "
            "(5.3 §4)"
        )
    ids = [p.id for p in team.players]
    if len(set(ids)) != len(ids):
        problems.append(f"{team.name}: a player is on the list twice")
    for p in team.players:
        problems += [v.message for v in _player_rules(row, day, team, p, 0)]
    return problems


def _player_rules(
    row: str, day: date, team: CupTeam, p: CupPlayer, board: int
) -> list[CupViolation]:
    out = []
    where = f"board {board}: " if board else ""
    who = f"{p.name} ({p.id})"
    if row != "senior" and p.club != team.club:
        out.append(
            CupViolation(
                "4-club", board or None, p.id,
                f"{where}{who} plays for {p.club}, not {team.club}: only the senior row's "
                "teams may mix clubs (5.3 §4)",
            )
        )  # fmt: skip
    if row in ("junior", "senior"):
        if p.birth_date is None:
            out.append(
                CupViolation(
                    f"4-{row}-age", board or None, p.id,
                    f"{where}{who}: the {row} row needs his birth date (5.3 §4)",
                )
            )  # fmt: skip
        else:
            age = _age_on_new_year(p.birth_date, day.year)
            if row == "junior" and age >= 20:
                out.append(
                    CupViolation(
                        "4-junior-age", board or None, p.id,
                        f"{where}{who} was {age} on 1 January {day.year}: the junior row is "
                        "for players not yet 20 then (5.3 §4)",
                    )
                )  # fmt: skip
            if row == "senior" and age < 60:
                out.append(
                    CupViolation(
                        "4-senior-age", board or None, p.id,
                        f"{where}{who} was {age} on 1 January {day.year}: the senior row is "
                        "for players 60 by then (5.3 §4)",
                    )
                )  # fmt: skip
    if p.registered is not None and _month_before(day) < p.registered:
        out.append(
            CupViolation(
                "5-new-member", board or None, p.id,
                f"{where}{who} was registered with the rating office {p.registered}, less "
                "than a month before the day (5.3 §5)",
            )
        )  # fmt: skip
    return out


def _month_before(day: date) -> date:
    month = day.month - 1 or 12
    year = day.year - (day.month == 1)
    for d in (day.day, 30, 29, 28):
        try:
            return date(year, month, d)
        except ValueError:
            continue
    raise AssertionError  # pragma: no cover


def average_rating(cup: Cup, team: CupTeam, players: Sequence[str]) -> Fraction | None:
    """§4's average of the round's players (those who play: three when a board is left
    empty), exact; ``None`` when one has no rating or is not on the list."""
    ratings = [p.rating for ident in players if (p := team.player(ident)) is not None]
    if len(ratings) != len(players) or any(r is None for r in ratings):
        return None
    return Fraction(sum(r for r in ratings if r is not None), len(ratings))


def check_cup_lineup(
    cup: Cup, round_number: int, team: CupTeam, players: Sequence[str]
) -> tuple[list[CupViolation], list[CupViolation]]:
    """The line-up against §4–§6: ``(refusals, violations)``. A refusal (the Bredde row's
    cap, an unrated player without a rating by the EMT rules, a player not on the list)
    means the line-up cannot play; a violation is a player used illegally (his game is lost,
    §8)."""
    refusals: list[CupViolation] = []
    found: list[CupViolation] = []
    if len(players) > cup.boards:
        raise InputError(f"{team.name}: {len(players)} players for {cup.boards} boards")
    if len(set(players)) != len(players):
        raise InputError(f"{team.name}: a player on two boards")
    known = []
    for board, ident in enumerate(players, start=1):
        p = team.player(ident)
        if p is None:
            refusals.append(
                CupViolation(
                    "4-order", board, ident,
                    f"board {board}: {ident} is not on {team.name}'s strength list (5.3 §4)",
                )
            )  # fmt: skip
            continue
        known.append((board, p))
        found += _player_rules(cup.row, cup.day, team, p, board)
    places = [team.place(p.id) for _, p in known]
    bad = out_of_order(places)
    for i in sorted(bad):
        board, p = known[i]
        kept = [(k, q) for k, (_, q) in enumerate(known) if k not in bad]
        lower = next((q for k, q in kept if k > i and places[k] < places[i]), None)
        if lower is not None:
            where = f"plays above {lower.name} (no. {team.place(lower.id)})"
        else:
            higher = next(q for k, q in kept if k < i and places[k] > places[i])
            where = f"plays below {higher.name} (no. {team.place(higher.id)})"
        found.append(
            CupViolation(
                "4-order", board, p.id,
                f"board {board}: {p.name} (no. {places[i]} on the list) {where}; the players "
                "play in the list's order, the reserve at his place (5.3 §4, §6)",
            )
        )  # fmt: skip
    if cup.row == "bredde":
        edition = rule_set_for(cup.day).name
        for board, p in known:
            if p.rating is None:
                refusals.append(
                    CupViolation(
                        "4-unrated", board, p.id,
                        f"board {board}: {p.name} has no rating: an unrated player gets one "
                        "by the EMT rules (4.5.5) before he plays in the Bredde row (5.3 §4)",
                    )
                )  # fmt: skip
            elif p.authority is not None and not entry_rating_allowed(
                p.rating, p.authority, edition
            ):
                refusals.append(
                    CupViolation(
                        "4-unrated", board, p.id,
                        f"board {board}: a {p.authority} cannot give {p.name} the entry rating "
                        f"{p.rating} ({edition}, 4.5.5)",
                    )
                )  # fmt: skip
        # §4: "de 4 aktive spillere" — the players who play; a board left empty does not
        # lift the cap (three players average over three).
        avg = average_rating(cup, team, players) if players else None
        if avg is not None and avg > cup.settings.cap:
            who = "players" if len(players) == cup.boards else f"{len(players)} players"
            refusals.append(
                CupViolation(
                    "4-rating-cap", None, None,
                    f"{team.name}'s round {round_number} {who} average {_dec(avg)}, above "
                    f"the Bredde row's {cup.settings.cap} (5.3 §4)",
                )
            )  # fmt: skip
    return refusals, found


def score_cup_match(
    cup: Cup, m: CupMatch, card: CupCard
) -> tuple[tuple[Fraction, Fraction], list[tuple[Fraction, Fraction]], list[str]]:
    """The match as it counts (§8): the two teams' board points, each board's, and why.

    Points are the first team's and the second's."""
    why = []
    lineups = {t: cup.playing(m.round, t) for t in m.teams()}
    illegal: dict[str, set[int]] = {}
    for t, players in lineups.items():
        team = cup.team(t)
        _, found = check_cup_lineup(cup, m.round, team, players)
        illegal[t] = {v.board for v in found if v.board is not None}
        why += [f"{t}: {v.message}; the game is the opponent's (5.3 §8)" for v in found]
    short = short_teams(cup, m, card)
    if short:
        first = ZERO if m.first in short else Fraction(cup.boards)
        second = ZERO if m.second in short else Fraction(cup.boards)
        why.append(
            f"{' and '.join(short)} did not finish the round with at least {_MIN_PLAYERS} "
            f"players: {'each loses' if len(short) == 2 else 'loses'} {cup.boards}-0 (5.3 §8)"
        )
        return (first, second), [(first / cup.boards, second / cup.boards)] * cup.boards, why
    boards = []
    for number in range(1, cup.boards + 1):
        b = next((x for x in card.boards if x.board == number), CupBoard(number))
        here = {t: number <= len(lineups[t]) and t not in b.absent for t in m.teams()}
        if all(here.values()):
            if b.result is None:
                pts = (ZERO, ZERO)
                why.append(f"board {number}: not filled in on the round card: 0 points (5.3 §8)")
            else:
                pts = _points(b.result)
        else:
            pts = (ONE if here[m.first] else ZERO, ONE if here[m.second] else ZERO)
        bad = {t for t in m.teams() if number in illegal[t]}
        if bad:
            pts = (
                ONE if (m.second in bad and m.first not in bad and here[m.first]) else ZERO,
                ONE if (m.first in bad and m.second not in bad and here[m.second]) else ZERO,
            )
        boards.append(pts)
    total = (sum((p[0] for p in boards), ZERO), sum((p[1] for p in boards), ZERO))
    return total, boards, why


#: §8: "Hvis et hold ikke gennemfører en runde med minimum 3 spillere, taber holdet 4-0".
_MIN_PLAYERS = 3


def short_teams(cup: Cup, m: CupMatch, card: CupCard) -> tuple[str, ...]:
    """The teams of the match that did not finish the round with at least 3 players there
    (on the line-up and not marked absent on the card), §8."""
    out = []
    for t in m.teams():
        players = cup.playing(m.round, t)
        absent = {b.board for b in card.boards if t in b.absent}
        if sum(1 for b in range(1, len(players) + 1) if b not in absent) < _MIN_PLAYERS:
            out.append(t)
    return tuple(out)


def cup_match_points(
    cup: Cup, m: CupMatch, card: CupCard, points: tuple[Fraction, Fraction]
) -> tuple[int, int]:
    """§8's match points of the match (2 won, 1 drawn, 0 lost) from its board points; two
    teams both short of 3 players each lose (§8: "taber holdet 4-0"): 0 each."""
    if len(short_teams(cup, m, card)) == 2:
        return 0, 0
    a, b = points
    return (2, 0) if a > b else (0, 2) if b > a else (1, 1)


_RESULTS = {"1-0": (ONE, ZERO), "½-½": (Fraction(1, 2), Fraction(1, 2)), "0-1": (ZERO, ONE)}


def _points(result: str) -> tuple[Fraction, Fraction]:
    return _RESULTS[result]


def _dec(value: Fraction) -> str:
    """An average exactly: ``1800.25``, or ``1800 1/3`` where no decimal writes it."""
    text = exact_decimal(value)
    if "/" not in text:
        return text
    whole, rest = divmod(value, 1)
    return f"{whole} {rest.numerator}/{rest.denominator}"
