"""Line-up checks (holdopstilling), DSU 003 §5.1 §10 (with §9 b 3, §11 and §13 a).

Each rule is a :class:`LineupRule` with a code and the paragraph it applies; a broken rule
is a :class:`Violation` that names both. Every violation makes its player "used illegally"
(anvendt ulovligt), so §13 b applies: his game is won by the opponent, whatever its result.

The rules, as written (choices in docs/interpretations.md, 5.1):

* ``10a-foreign`` — at most two players a round who are neither Danish citizens nor
  resident in the Danish realm or South Schleswig; the third and later ones, counted from
  board 1, are used illegally;
* ``10b-order`` — players in the order of the strength list: the fewest players whose
  removal leaves the line-up in the list's order are used illegally (:func:`out_of_order`;
  of a swapped pair, the one placed too high);
* ``10b-empty-board`` — (setting ``empty_boards_last``) a team short of players leaves its
  last boards empty: a player below an empty board is placed out of order;
* ``10b-lower-team`` — nobody plays on a lower team than the one he is registered for;
* ``10b-one-match`` — a player is on one line-up a day (the order of §10 b presupposes it;
  the match day, not the round number, as the divisions' rounds fall on different days);
* ``10c-not-listed`` — only players on the club's strength list;
* ``10c-30-days`` — a player added, or moved to another team, counts 30 days after the
  tournament leader received the notice (§10 c, §11); until then the earlier list holds;
* ``10c-other-club`` — not a player who played for another club in the division or
  district tournament this season (as the club's list marks it, or as the season shows);
* ``10d-quarantine`` — not during a quarantine (karantæne, the discipline registry's
  business: given to the check as :class:`Quarantines`);
* ``10e-playoff`` — in a play-off (omkamp) nobody placed higher on the club's list than the
  team's board 1, unless he played on the team as a reserve during the season;
* ``13a-excluded`` — the players of a team that left under §13 a are excluded for the season.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from skak.errors import InputError
from skak.messages import N_, Phrases
from skak.teams.strength import ListedPlayer, StrengthList

if TYPE_CHECKING:
    from skak.teams.league import Lineup, Season

__all__ = [
    "NO_QUARANTINES",
    "RULES",
    "AnyQuarantine",
    "LineupRule",
    "Quarantine",
    "QuarantineList",
    "Quarantines",
    "Violation",
    "check_lineup",
    "check_lineup_shape",
    "illegal_boards",
    "lineups_by_player",
    "out_of_order",
]

#: The round number of the play-off (omkamp); the same as :data:`skak.teams.league.PLAYOFF_ROUND`.
_PLAYOFF = 0


@dataclass(frozen=True, slots=True)
class LineupRule:
    code: str
    paragraph: str
    title: str


RULES: dict[str, LineupRule] = {
    r.code: r
    for r in (
        LineupRule("10a-foreign", "5.1 §10 a", "at most two foreign players a round"),
        LineupRule("10b-order", "5.1 §10 b", "players in the strength list's order"),
        LineupRule("10b-empty-board", "5.1 §10 b", "empty boards last (interpretation)"),
        LineupRule("10b-lower-team", "5.1 §10 b", "no player on a lower team than his own"),
        LineupRule("10b-one-match", "5.1 §10 b", "one line-up a day (interpretation)"),
        LineupRule("10c-not-listed", "5.1 §9 b 3, §10 c", "only players on the strength list"),
        LineupRule("10c-30-days", "5.1 §10 c, §11", "30 days after the leader's notice"),
        LineupRule("10c-other-club", "5.1 §10 c", "not for another club this season"),
        LineupRule("10d-quarantine", "5.1 §10 d", "not during a quarantine"),
        LineupRule("10e-playoff", "5.1 §10 e", "play-off: none above the team's board 1"),
        LineupRule("13a-excluded", "5.1 §13 a", "players of a team that left are excluded"),
    )
}


@dataclass(frozen=True, slots=True)
class Violation:
    """A rule broken by the player on ``board``; ``message`` names the rule's paragraph."""

    rule: str
    board: int
    player: str
    message: str

    @property
    def paragraph(self) -> str:
        return RULES[self.rule].paragraph

    def __str__(self) -> str:
        return self.message


class Quarantines(Protocol):
    """Who is in quarantine (karantæne, §19) on a day: the discipline registry's answer."""

    def quarantine(self, player: str, day: date) -> str | None:
        """A description of the player's quarantine on ``day``, or ``None``."""
        ...


@dataclass(frozen=True, slots=True)
class Quarantine:
    player: str
    start: date
    end: date
    reason: str = ""


@dataclass(frozen=True, slots=True)
class QuarantineList:
    """Quarantines as a plain list (typed on the command line: ``PLAYER:FROM:TO``)."""

    entries: tuple[Quarantine, ...] = ()

    def quarantine(self, player: str, day: date) -> str | None:
        for q in self.entries:
            if q.player == player and q.start <= day <= q.end:
                if q.reason:
                    return N_(
                        "in quarantine {start}–{end} ({reason})",
                        start=str(q.start),
                        end=str(q.end),
                        reason=q.reason,
                    )
                return N_("in quarantine {start}–{end}", start=str(q.start), end=str(q.end))
        return None


NO_QUARANTINES = QuarantineList()


@dataclass(frozen=True, slots=True)
class AnyQuarantine:
    """Several sources asked in turn (the discipline registry, a typed list): the first
    quarantine one of them knows of."""

    sources: tuple[Quarantines, ...]

    def quarantine(self, player: str, day: date) -> str | None:
        for source in self.sources:
            found = source.quarantine(player, day)
            if found is not None:
                return found
        return None


def check_lineup_shape(players: Sequence[str | None], boards: int, where: str) -> None:
    """:raises InputError: for another number of entries than boards (an empty board is an
    entry: ``None``, typed ``-``), or a player on two boards."""
    if len(players) > boards:
        raise InputError(f"{where}: {len(players)} players for {boards} boards")
    if len(players) < boards:
        raise InputError(
            f"{where}: {len(players)} entries for {boards} boards; the line-up names a player "
            "for every board, '-' for a board left empty"
        )
    named = [p for p in players if p is not None]
    for p in named:
        if not p.strip():
            raise InputError(f"{where}: a board needs a player's id, or '-' for an empty board")
    twice = sorted({p for p in named if named.count(p) > 1})
    if twice:
        raise InputError(f"{where}: {', '.join(twice)} on two boards")


def check_lineup(
    season: Season, lineup: Lineup, quarantines: Quarantines = NO_QUARANTINES
) -> tuple[Violation, ...]:
    """Every rule the line-up breaks, board by board (see the module)."""
    team = season.team(lineup.team)
    in_force = season.list_in_force(team.club, lineup.day)
    lists = season.club_lists(team.club)
    newest = lists[-1] if lists else None
    found: list[Violation] = []
    known: list[tuple[int, ListedPlayer]] = []
    counted = lineups_by_player(season)  # the line-ups that count (§13 a), by the players in them

    def add(rule: str, board: int, player: str, text: str) -> None:
        r = RULES[rule]
        said = N_(
            "board {board}: {text} ({paragraph}); {lost}",
            board=board,
            text=text,
            paragraph=r.paragraph,
            lost=N_("the game is won by the opponent whatever its result (5.1 §13 b)"),
        )
        found.append(Violation(rule, board, player, said))

    for board, pid in lineup.fielded():
        lp = in_force.player(pid) if in_force is not None else None
        if lp is None:
            pending = newest.player(pid) if newest is not None else None
            if pending is not None and newest is not None and newest.in_force_from:
                add(
                    "10c-30-days",
                    board,
                    pid,
                    N_(
                        "{name} ({id}) is on the list the tournament leader received "
                        "{notified}: he may play from {start}, 30 days on",
                        name=pending.name,
                        id=pid,
                        notified=str(newest.notified),
                        start=str(newest.in_force_from),
                    ),
                )
            else:
                add(
                    "10c-not-listed",
                    board,
                    pid,
                    N_("{id} is not on {club}'s strength list", id=pid, club=team.club),
                )
            continue
        known.append((board, lp))
        _player_rules(
            season, counted, lineup, team.rank, team.club, board, lp, in_force, quarantines, add
        )
    _foreign(known, add)
    _order(known, add)
    if season.settings.empty_boards_last:
        _empty_boards(lineup, add)
    return tuple(sorted(found, key=lambda v: (v.board, v.rule)))


def _player_rules(
    season: Season,
    counted: Mapping[str, tuple[Lineup, ...]],
    lineup: Lineup,
    rank: int,
    club: str,
    board: int,
    lp: ListedPlayer,
    in_force: StrengthList | None,
    quarantines: Quarantines,
    add: _Add,
) -> None:
    who = f"{lp.name} ({lp.id})"
    pending = _pending_team(season, club, lp, lineup.day)
    if lp.team is not None and rank > lp.team:
        names = {t.rank: t.name for t in season.club_teams(club)}
        own = names.get(lp.team, N_("team {number}", number=lp.team))
        text = N_(
            "{who} is registered for {team}, a higher team; nobody plays on a lower team",
            who=who,
            team=own,
        )
        if pending is not None:
            text = N_(
                "{who} is registered for {team}, a higher team; nobody plays on a lower team "
                "(his move to team {number} holds from {start})",
                who=who,
                team=own,
                number=pending[0],
                start=str(pending[1]),
            )
        add("10b-lower-team", board, lp.id, text)
    other = _other_club(season, counted, club, lineup, lp.id)
    if lp.other_club or other is not None:
        said = (
            N_(
                "{who} has played for another club in the division or district tournament "
                "this season (on {team}'s line-up)",
                who=who,
                team=other,
            )
            if other is not None
            else N_(
                "{who} has played for another club in the division or district tournament "
                "this season",
                who=who,
            )
        )
        add("10c-other-club", board, lp.id, said)
    q = quarantines.quarantine(lp.id, lineup.day) or dict(lineup.quarantined).get(lp.id)
    if q is not None:
        add(
            "10d-quarantine",
            board,
            lp.id,
            N_("{who} is {what} on {day}", who=who, what=q, day=str(lineup.day)),
        )
    if lineup.round == _PLAYOFF and in_force is not None:
        _playoff(counted.get(lp.id, ()), lineup, rank, board, lp, in_force, add)
    gone = _excluded(season, club, lp, lineup)
    if gone is not None:
        add(
            "13a-excluded",
            board,
            lp.id,
            N_(
                "{who} was registered for {team}, which left the tournament under §13 a: its "
                "players are excluded for the season",
                who=who,
                team=gone,
            ),
        )
    twice = _other_lineup(season, counted, lineup, club, lp.id)
    if twice is not None:
        add(
            "10b-one-match",
            board,
            lp.id,
            N_(
                "{who} is on {team}'s line-up on the same day ({day}) too",
                who=who,
                team=twice,
                day=str(lineup.day),
            ),
        )


class _Add(Protocol):
    def __call__(self, rule: str, board: int, player: str, text: str) -> None: ...


def _pending_team(
    season: Season, club: str, lp: ListedPlayer, day: date
) -> tuple[int | None, date] | None:
    lists = season.club_lists(club)
    if not lists or lists[-1].in_force_on(day):
        return None
    newer = lists[-1].player(lp.id)
    if newer is None or newer.team == lp.team or lists[-1].in_force_from is None:
        return None
    return newer.team, lists[-1].in_force_from


def lineups_by_player(season: Season) -> Mapping[str, tuple[Lineup, ...]]:
    """The line-ups that count (none of a match struck out, §13 a), by each player in them,
    in the season's order: a line-up's checks look at the player's own line-ups only, so a
    season of DSU's size (2 250 line-ups) is checked in linear time, not quadratic. Kept for
    the last few seasons asked about (a season is a frozen value: its index never changes)."""
    kept = _INDEX.get(id(season))  # a dict's get is atomic: no lock to read
    if kept is not None and kept[0] is season:
        return kept[1]
    index: dict[str, list[Lineup]] = {}
    for lu in season.counted_lineups():
        for p in dict.fromkeys(p for p in lu.players if p is not None):
            index.setdefault(p, []).append(lu)
    frozen = MappingProxyType({p: tuple(lus) for p, lus in index.items()})
    with _INDEX_LOCK:
        _INDEX[id(season)] = (season, frozen)
        while len(_INDEX) > 8:
            _INDEX.popitem(last=False)
    return frozen


_INDEX: OrderedDict[int, tuple[Season, Mapping[str, tuple[Lineup, ...]]]] = OrderedDict()
_INDEX_LOCK = threading.Lock()


def _other_club(
    season: Season,
    counted: Mapping[str, tuple[Lineup, ...]],
    club: str,
    lineup: Lineup,
    player: str,
) -> str | None:
    """The team of another club that fielded the player earlier this season."""
    for lu in counted.get(player, ()):
        if player in lu.players and (lu.day, lu.round) < (lineup.day, lineup.round):
            other = season.team(lu.team)
            if other.club != club:
                return other.name
    return None


def _other_lineup(
    season: Season,
    counted: Mapping[str, tuple[Lineup, ...]],
    lineup: Lineup,
    club: str,
    player: str,
) -> str | None:
    """Another team of the club that fields the player on the same day. The day, not the
    round number: Skakligaen's last double round is a week after the divisions' (§6 b),
    matches may be moved (§6 f), and the play-off is played with Skakligaen's last round
    (§6 c). A line-up for a match struck out (§13 a) is no line-up: ``counted`` leaves
    it out."""
    for lu in counted.get(player, ()):
        same_day = lu.day == lineup.day and lu.team != lineup.team
        if same_day and player in lu.players and season.team(lu.team).club == club:
            return lu.team
    return None


def _excluded(season: Season, club: str, lp: ListedPlayer, lineup: Lineup) -> str | None:
    for w in season.withdrawals:
        gone = season.team(w.team)
        if gone.club != club or w.team == lineup.team or w.paragraph != "5.1 §13 a":
            continue
        earlier = lineup.round == _PLAYOFF or w.round <= lineup.round
        if earlier and lp.team == gone.rank:
            return gone.name
    return None


def _playoff(
    counted: Sequence[Lineup],
    lineup: Lineup,
    rank: int,
    board: int,
    lp: ListedPlayer,
    in_force: StrengthList,
    add: _Add,
) -> None:
    own = in_force.team_players(rank)
    if not own or lp.number >= own[0].number:
        return
    reserve = any(
        lu.team == lineup.team and lu.round != _PLAYOFF and lp.id in lu.players for lu in counted
    )
    if not reserve:
        add(
            "10e-playoff",
            board,
            lp.id,
            N_(
                "{name} ({id}, list no. {number}) is placed above the team's board 1 "
                "({first}, no. {first_number}) and has not played on the team as a reserve "
                "this season",
                name=lp.name,
                id=lp.id,
                number=lp.number,
                first=own[0].name,
                first_number=own[0].number,
            ),
        )


def _foreign(known: Sequence[tuple[int, ListedPlayer]], add: _Add) -> None:
    foreign = [(b, p) for b, p in known if p.foreign]
    for board, p in foreign[2:]:
        first = Phrases(
            ", ", (N_("{name} (board {board})", name=q.name, board=b) for b, q in foreign[:2])
        )
        add(
            "10a-foreign",
            board,
            p.id,
            N_(
                "{name} ({id}) is a third player who is neither a Danish citizen nor "
                "resident; the team has {first} already",
                name=p.name,
                id=p.id,
                first=first,
            ),
        )


def out_of_order(numbers: Sequence[int]) -> frozenset[int]:
    """The positions (0-based) of the fewest players whose removal leaves ``numbers`` (list
    numbers in board order) increasing: everyone outside a longest increasing subsequence.
    Of several such subsequences the one with the smallest list numbers is kept, so the
    player placed too high is the one out of order (a swap costs one game, not two).

    >>> sorted(out_of_order([1, 2, 4, 3, 5]))  # no. 4 placed above no. 3
    [2]
    >>> sorted(out_of_order([2, 3, 4, 5, 6, 7, 8, 1]))  # no. 1 on board 8
    [7]
    >>> sorted(out_of_order([4, 5, 1, 2]))  # nos. 4 and 5 above nos. 1 and 2
    [0, 1]
    """
    n = len(numbers)
    longest = [1] * n  # the longest increasing run of list numbers starting at each board
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, n):
            if numbers[j] > numbers[i]:
                longest[i] = max(longest[i], longest[j] + 1)
    kept: set[int] = set()
    need, start, last = max(longest, default=0), 0, None
    while need:
        j = min(
            (
                k
                for k in range(start, n)
                if longest[k] == need and (last is None or numbers[k] > last)
            ),
            key=lambda k: numbers[k],
        )
        kept.add(j)
        need, start, last = need - 1, j + 1, numbers[j]
    return frozenset(range(n)) - kept


def _order(known: Sequence[tuple[int, ListedPlayer]], add: _Add) -> None:
    bad = out_of_order([p.number for _, p in known])
    for i in sorted(bad):
        board, p = known[i]
        kept = [(k, b, q) for k, (b, q) in enumerate(known) if k not in bad]
        below = next(((b, q) for k, b, q in kept if k > i and q.number < p.number), None)
        if below is not None:
            b, q = below
            said = N_(
                "{name} ({id}, list no. {number}) is placed above {other} (no. {other_number}, "
                "board {other_board})",
                name=p.name,
                id=p.id,
                number=p.number,
                other=q.name,
                other_number=q.number,
                other_board=b,
            )
        else:
            b, q = next((b, q) for k, b, q in kept if k < i and q.number > p.number)
            said = N_(
                "{name} ({id}, list no. {number}) is placed below {other} (no. {other_number}, "
                "board {other_board})",
                name=p.name,
                id=p.id,
                number=p.number,
                other=q.name,
                other_number=q.number,
                other_board=b,
            )
        add("10b-order", board, p.id, said)


def _empty_boards(lineup: Lineup, add: _Add) -> None:
    empty = [b for b, p in enumerate(lineup.players, start=1) if p is None]
    for board, pid in lineup.fielded():
        above = [e for e in empty if e < board]
        if above:
            add(
                "10b-empty-board",
                board,
                pid,
                N_(
                    "{id} plays below the empty board {empty}; a team short of players "
                    "leaves its last boards empty",
                    id=pid,
                    empty=above[0],
                ),
            )


def illegal_boards(violations: Iterable[Violation]) -> frozenset[int]:
    return frozenset(v.board for v in violations)
