"""Standings (stilling): players ordered by points, then by tie-breaks; pure functions.

* :func:`standings` ranks by points and, when given, a tie-break list (korrektion), each
  tie-break only among the players still tied; players equal on everything share their place
  (printed ``3–4``), listed by start number.
* :func:`final_standings` is what an arbiter announces: the tournament's own tie-break list
  (else DSU's default by §24) and DSU §16's treatment of withdrawals; :func:`first_place`
  the players it places first (the group winners of the rating rules, 003 §4.5.2.5).
* :func:`dsu_withdrawals` is DSU §16 (Ikke fuldførelse af turnering) as a transformation of
  the tournament; :func:`share_prizes` is §24 (Præmiefordeling); :func:`apply_playoff` places
  the players of a play-off (004 annex 3 §1 e–f); :func:`standings_json` the JSON form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player
from skak.model.results import Result, playoff_pending
from skak.model.tournament import Pairing, Tournament
from skak.tiebreaks import (
    PRIZE_BASIS,
    RECOMMENDED,
    Edition,
    TieBreakSpec,
    crosstable,
    default_tiebreaks,
    exact_decimal,
    is_round_robin,
    rank,
)

__all__ = [
    "Standing",
    "TiebreakChoice",
    "Withdrawals",
    "apply_playoff",
    "choose_tiebreaks",
    "dsu_withdrawals",
    "final_standings",
    "first_place",
    "prize_basis",
    "share_prizes",
    "standings",
    "standings_json",
]

TieBreakList = str | Sequence[str | TieBreakSpec]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: place (shared places span ``rank``–``rank_to``).

    ``tiebreaks`` holds each tie-break's value in the order applied (``None``: no value);
    ``excluded`` marks a player who left a round robin before playing half his games — his
    score stays in the crosstable but not in the final standings (DSU §16).
    """

    rank: int
    rank_to: int
    player: Player
    points: Fraction
    games: int
    unfinished: int
    tiebreaks: tuple[tuple[str, Fraction | None], ...] = ()
    excluded: bool = False

    @property
    def place(self) -> str:
        if self.excluded:
            return "–"
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"

    @property
    def shared(self) -> bool:
        """True when other players share this place."""
        return self.rank_to > self.rank

    def tiebreak(self, code: str) -> Fraction | None:
        """The value of tie-break ``code`` as written in :attr:`tiebreaks` (``"BH/C1"``).

        :raises KeyError: when the standings have no such tie-break.
        """
        for name, value in self.tiebreaks:
            if name == code:
                return value
        raise KeyError(code)


def standings(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: TieBreakList | None = None,
    edition: Edition | str | None = None,
    round_robin: bool | None = None,
    rating: str | None = None,
    withdrawals: bool = False,
) -> tuple[Standing, ...]:
    """The standings after ``after_round`` (default: every round so far).

    Without ``tiebreaks`` players level on points share their place. Unfinished games score
    nothing yet and are counted in ``unfinished``. ``edition``, ``round_robin`` and
    ``rating`` choose how tie-breaks read the tournament (see
    :func:`skak.tiebreaks.crosstable`); ``withdrawals`` applies DSU §16 first
    (:func:`dsu_withdrawals`).

    :raises InputError: for a bad round number or tie-break code, or a rating-based
        tie-break with unrated players and no rule for them.
    :raises NotFoundError: for a round not paired yet.
    """
    table = tournament
    removed: frozenset[int] = frozenset()
    if withdrawals:
        w = dsu_withdrawals(_as_of(tournament, after_round), round_robin=round_robin)
        table, removed = w.tournament, w.removed
    ct = crosstable(
        table, after_round=after_round, edition=edition, round_robin=round_robin, rating=rating
    )
    ranking = rank(ct, tiebreaks or (), players=[p for p in ct.players if p not in removed])
    last = ct.rounds
    original = (
        crosstable(tournament, after_round=last, edition=ct.edition, round_robin=ct.round_robin)
        if removed
        else ct
    )

    columns = [(str(s), ranking.values[s]) for s in ranking.steps]  # named once, not a row
    tally = _games_and_unfinished(table, last)

    def line(number: int, first: int, to: int, excluded: bool = False) -> Standing:
        return Standing(
            first,
            to,
            tournament.player(number),
            original.score[number] if excluded else ct.score[number],
            *tally.get(number, (0, 0)),
            tuple([(name, values.get(number)) for name, values in columns]),
            excluded,
        )

    places = ranking.places()
    out = [line(p, *places[p]) for tier in ranking.tiers for p in tier]
    gone = sorted(removed, key=lambda n: (-original.score[n], n))
    out.extend(line(n, len(out) + 1, len(out) + 1, True) for n in gone)
    return tuple(out)


def _games_and_unfinished(t: Tournament, last: int) -> dict[int, tuple[int, int]]:
    """Each player's games over the board (an unfinished one included, not a forfeit) and
    unfinished games (a Gladiator board waiting for its winner too) in the rounds up to
    ``last``: his entries (:func:`~skak.model.games.entries_by_player`) counted, read off the
    rounds in one pass, what each result is worked out once."""
    scoring = t.scoring
    #: Whether a result is a game played over the board, and whether it is unfinished (a
    #: board without play-off; a tournament has few results).
    kinds: dict[int, tuple[bool, bool]] = {}  # by identity: an enum hashes in Python
    out: dict[int, list[int]] = {}

    def kind(result: Result | None) -> tuple[bool, bool]:
        known = kinds[id(result)] = (
            result is not None and result.is_played,
            result is Result.UNFINISHED or playoff_pending(result, (), scoring),
        )
        return known

    def count(player: int, game: bool, result: Result | None, playoff: tuple[Result, ...]) -> None:
        if playoff:
            played = result is not None and result.is_played
            pending = result is Result.UNFINISHED or playoff_pending(result, playoff, scoring)
        else:
            played, pending = kinds.get(id(result)) or kind(result)
        mine = out.get(player)
        if mine is None:
            mine = out[player] = [0, 0]
        mine[0] += game and played
        mine[1] += pending

    for rnd in t.rounds:
        if rnd.number > last:
            continue
        for g in rnd.pairings:
            if g.black is None:
                count(g.white, False, g.result, ())
            elif g.playoff:
                count(g.white, True, g.result, g.playoff)
                count(g.black, True, g.result, g.playoff)
            else:  # count() written out for either player, as most boards are
                played, pending = kinds.get(id(g.result)) or kind(g.result)
                for player in (g.white, g.black):
                    mine = out.get(player)
                    if mine is None:
                        mine = out[player] = [0, 0]
                    mine[0] += played
                    mine[1] += pending
        for b in rnd.byes:
            count(b.player, False, b.result, ())
    return {n: (games, unfinished) for n, (games, unfinished) in out.items()}


def _as_of(tournament: Tournament, after_round: int | None) -> Tournament:
    """The tournament as it stood after ``after_round``: later rounds left out, and players
    who withdrew only later still in it (§16 looks at who has left by then)."""
    if after_round is None or after_round >= tournament.current_round:
        return tournament
    keep = max(after_round, 0)
    players = tuple(
        replace(p, withdrawn_from=None)
        if p.withdrawn_from is not None and p.withdrawn_from > keep + 1
        else p
        for p in tournament.players
    )
    return replace(tournament, rounds=tournament.rounds[:keep], players=players)


@dataclass(frozen=True, slots=True)
class TiebreakChoice:
    """The tie-breaks to rank by, how cash prizes are shared, and where they came from."""

    tiebreaks: str | tuple[TieBreakSpec, ...]
    prize_basis: str
    note: str = ""


def choose_tiebreaks(
    t: Tournament,
    tiebreaks: str | None = None,
    rules: str | None = None,
    *,
    round_robin: bool | None = None,
) -> TiebreakChoice:
    """The one place that decides how a tournament is ranked: the arbiter's list
    (``tiebreaks``), a named championship list (``rules``), the tournament's own, else DSU's
    §24 default (Sonneborn-Berger in a round robin, almindelig korrektion otherwise); with
    the prize rule that goes with it.

    :raises InputError: for both lists at once, or an unknown named list.
    """
    if tiebreaks is not None and rules is not None:
        raise InputError(N_("give --tiebreaks or --rules, not both"))
    if rules is not None:
        if rules not in RECOMMENDED:
            raise InputError(
                N_(
                    "unknown list {name}; known lists: {known}",
                    name=repr(rules),
                    known=", ".join(sorted(RECOMMENDED)),
                )
            )
        return TiebreakChoice(
            RECOMMENDED[rules], PRIZE_BASIS[rules], N_("tie-breaks of {rules}", rules=rules)
        )
    basis = prize_basis(t, round_robin=round_robin)
    if tiebreaks is not None:
        return TiebreakChoice(tiebreaks, basis)
    if t.tiebreaks:
        return TiebreakChoice(",".join(t.tiebreaks), basis)
    chosen = tuple(default_tiebreaks(t, round_robin=round_robin))
    names = ",".join(str(s) for s in chosen) or N_("none")
    return TiebreakChoice(
        chosen,
        basis,
        N_("tie-breaks: {names} (DSU §24 default)", names=names),
    )


def final_standings(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: TieBreakList | None = None,
    edition: Edition | str | None = None,
    round_robin: bool | None = None,
) -> tuple[Standing, ...]:
    """The standings an arbiter announces: the given tie-breaks, else those
    :func:`choose_tiebreaks` chooses (the tournament's own, else DSU's §24 default), with
    DSU §16 applied to withdrawals. ``round_robin`` says whether the tournament is a round
    robin (else its pairing system tells)."""
    chosen = (
        choose_tiebreaks(tournament, round_robin=round_robin).tiebreaks
        if tiebreaks is None
        else tiebreaks
    )
    return standings(
        tournament,
        after_round=after_round,
        tiebreaks=chosen or None,
        edition=edition,
        round_robin=round_robin,
        withdrawals=True,
    )


def first_place(tournament: Tournament, *, round_robin: bool | None = None) -> frozenset[int]:
    """The start numbers sharing first place in the final standings: the group winners of
    003 §4.5.2.5 (001 §2.5), "ved ligestilling på førstepladsen alle de implicerede spillere".

    The points are :func:`final_standings`' — the tournament's scoring (a Gladiator
    play-off's winner scores, 4.9.8) and DSU §16 (a round-robin player who left before half
    his games has every game annulled); a player excluded by §16 takes no place. Every
    player level on points with the leader shares first place: a tie-break orders the
    places and the honour prizes (§24), it does not make the players unequal, so none is
    computed here (and none can fail for want of ratings).
    """
    rows = [
        s
        for s in standings(tournament, round_robin=round_robin, withdrawals=True)
        if not s.excluded
    ]
    if not rows:
        return frozenset()
    return frozenset(s.player.start_number for s in rows if s.points == rows[0].points)


@dataclass(frozen=True)
class Withdrawals:
    """A tournament after DSU §16, and the players whose games it removed."""

    tournament: Tournament
    removed: frozenset[int]


_FINISHED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


def dsu_withdrawals(tournament: Tournament, *, round_robin: bool | None = None) -> Withdrawals:
    """DSU §16 (Ikke fuldførelse af turnering) for the players who left (``withdrawn_from``).

    In a round robin (alle-mod-alle-gruppe), a player who completed fewer than 50 % of his
    games has every game removed: points scored by or against him do not count in the final
    standings. One who completed at least 50 % keeps his games, and each game from his
    withdrawal on that was not played counts 0 for him and 1 for his opponent (a forfeit;
    both lose when both had left).

    In any other system his score stays and counts; a player without an opponent because of
    him got a bye when the round was paired, so nothing changes here.
    """
    rr = is_round_robin(tournament, round_robin)
    leavers = [p for p in tournament.players if p.withdrawn_from is not None]
    if not rr or not leavers:
        return Withdrawals(tournament, frozenset())
    total = _games_per_player(tournament)
    removed = set()
    for p in leavers:
        completed = sum(
            1
            for rnd in tournament.rounds
            for g in rnd.pairings
            if p.start_number in g.players and g.black is not None and g.result in _FINISHED
        )
        if 2 * completed < total:
            removed.add(p.start_number)
    rounds = []
    for rnd in tournament.rounds:
        kept = [g for g in rnd.pairings if not removed.intersection(g.players)]
        kept = [_forfeit_if_left(tournament, rnd.number, g) for g in kept]
        byes = tuple(b for b in rnd.byes if b.player not in removed)
        rounds.append(replace(rnd, pairings=tuple(kept), byes=byes))
    return Withdrawals(replace(tournament, rounds=tuple(rounds)), frozenset(removed))


def _games_per_player(t: Tournament) -> int:
    """The games each player of the round robin is scheduled for: (n − 1) per cycle."""
    field = {n for rnd in t.rounds[:1] for g in rnd.pairings for n in g.players}
    field |= {b.player for rnd in t.rounds[:1] for b in rnd.byes}
    n = len(field) or len(t.players)
    from skak.pairing.berger import round_robin_settings  # for a round robin with leavers

    return (n - 1) * round_robin_settings(t).cycles_for(n, t.number_of_rounds)


def _forfeit_if_left(t: Tournament, number: int, g: Pairing) -> Pairing:
    if g.black is None or g.result in _FINISHED:
        return g
    white_left = t.player(g.white).is_withdrawn(number)
    black_left = t.player(g.black).is_withdrawn(number)
    if white_left and black_left:
        return replace(g, result=Result.DOUBLE_FORFEIT)
    if white_left:
        return replace(g, result=Result.BLACK_FORFEIT_WIN)
    if black_left:
        return replace(g, result=Result.WHITE_FORFEIT_WIN)
    return g


def prize_basis(tournament: Tournament, *, round_robin: bool | None = None) -> str:
    """DSU §24: in a round robin cash prizes are shared by players level on points
    (``"points"``); in other groups prizes follow almindelig korrektion, so only players who
    share a place after the tie-breaks share (``"place"``). ``round_robin`` says whether the
    tournament is one (else its pairing system tells, as for :func:`default_tiebreaks`)."""
    return "points" if is_round_robin(tournament, round_robin) else "place"


def share_prizes(
    rows: Sequence[Standing],
    prizes: Sequence[Fraction | int | str],
    *,
    by: str = "place",
) -> dict[int, Fraction]:
    """Each prize winner's cash (DSU §24; 4.9.5 F10): tied players share the prizes of the
    places they cover equally — ``prizes[0]`` is the first prize.

    ``by="place"`` ties players who share a place in ``rows``; ``by="points"`` ties players
    level on points whatever the tie-breaks say (a round robin's cash prizes, §24). Players
    excluded by §16 take no place and no prize.

    >>> from skak.model import Player
    >>> rows = [Standing(1, 1, Player(1, "A"), Fraction(3), 3, 0),
    ...         Standing(2, 3, Player(2, "B"), Fraction(2), 3, 0),
    ...         Standing(2, 3, Player(3, "C"), Fraction(2), 3, 0)]
    >>> share_prizes(rows, [500, 300, 100])
    {1: Fraction(500, 1), 2: Fraction(200, 1), 3: Fraction(200, 1)}

    :raises InputError: for a negative or unreadable amount, or an unknown ``by``.
    """
    if by not in ("place", "points"):
        raise InputError(f"prizes are shared by 'place' or 'points', not {by!r}")
    amounts = [_amount(p) for p in prizes]
    ranked = [s for s in rows if not s.excluded]
    out: dict[int, Fraction] = {}
    i = 0
    while i < len(ranked):
        j = i + 1
        while j < len(ranked) and _tied(ranked[i], ranked[j], by):
            j += 1
        pot = sum(amounts[i:j], Fraction(0))
        if pot:
            for s in ranked[i:j]:
                out[s.player.start_number] = pot / (j - i)
        i = j
    return out


def apply_playoff(rows: Sequence[Standing], order: Sequence[Sequence[int]]) -> tuple[Standing, ...]:
    """The standings with a play-off's places (004 annex 3 §1 e–f): the players who played
    off take the places of their group in the order of ``order`` (tiers, best first, as
    :attr:`skak.tiebreaks.Playoff.order` gives them); players in one tier share their places,
    and :func:`share_prizes` then shares the cash prizes of those places between them.

    :raises InputError: when a player of ``order`` is not in the standings (or is excluded by
        §16), is given twice, or the players are not level on points.
    """
    members = [n for tier in order for n in tier]
    if len(set(members)) != len(members):
        raise InputError(f"a play-off lists a player twice: {', '.join(map(str, members))}")
    at = {s.player.start_number: i for i, s in enumerate(rows) if not s.excluded}
    missing = [n for n in members if n not in at]
    if missing:
        raise InputError(f"players {', '.join(map(str, missing))} have no place in the standings")
    if len({rows[at[n]].points for n in members}) > 1:
        raise InputError(
            f"players {', '.join(map(str, members))} are not level on points; a play-off "
            "decides between tied players (004 annex 3 §1)"
        )
    start = min(at[n] for n in members)
    end = start + len(members)
    if sorted(at[n] for n in members) != list(range(start, end)):
        raise InputError(
            f"players {', '.join(map(str, members))} are not one group of the standings"
        )
    place = rows[start].rank
    placed: list[Standing] = []
    for tier in order:
        for n in tier:
            placed.append(replace(rows[at[n]], rank=place, rank_to=place + len(tier) - 1))
        place += len(tier)
    return (*rows[:start], *placed, *rows[end:])


def _tied(a: Standing, b: Standing, by: str) -> bool:
    if by == "points":
        return a.points == b.points
    return (a.rank, a.rank_to) == (b.rank, b.rank_to)


def _amount(value: Fraction | int | str) -> Fraction:
    try:
        amount = Fraction(value.replace(",", ".") if isinstance(value, str) else value)
    except (ValueError, ZeroDivisionError):
        raise InputError(N_("prize {value} is not an amount", value=repr(value))) from None
    if amount < 0:
        raise InputError(N_("prize {value} is negative", value=repr(value)))
    return amount


def standings_json(rows: Sequence[Standing]) -> dict[str, list[dict[str, Any]]]:
    """``{"standings": [{"rank", "shared", "start_number", "name", "points",
    "tiebreaks": {code: exact decimal}}]}``; a player excluded by §16 has no rank."""
    return {
        "standings": [
            {
                "rank": None if s.excluded else s.rank,
                "shared": s.shared,
                "start_number": s.player.start_number,
                "name": s.player.name,
                "points": exact_decimal(s.points),
                "tiebreaks": {
                    code: None if value is None else exact_decimal(value)
                    for code, value in s.tiebreaks
                },
            }
            for s in rows
        ]
    }
