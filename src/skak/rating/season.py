"""A season's tournaments rated and applied to the registry in one call (ratingkartotek).

Each tournament is rated from the registry's ratings as they stand when its turn comes and
applied at once (§4.5.4.1), as a rating officer works through a season's reports: what
:func:`skak.rating.calc.calculate`, :func:`skak.rating.registry.changes_from_result` and
:meth:`skak.rating.registry.RegistryBuilder.apply` do tournament by tournament, with the
same events and the same registry (``tests/rating/test_season.py``). The common tournament
takes the whole-number path of :mod:`skak.rating.hundredths` with the season's ratings in
one table; any other (a forfeit, the average method) is rated by :func:`calculate`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from datetime import date

from skak.errors import InputError
from skak.model.progress import Progress
from skak.model.results import Result
from skak.rating.calc import RatedGame, RatedPlayer, RatingResult, calculate
from skak.rating.hundredths import HIGHEST, MAX_GAMES, packed_games, plan_for, results
from skak.rating.registry import (
    RegistryBuilder,
    TournamentApplied,
    changes_from_result,
)
from skak.rating.rules import RatingSettings, get_rule_set, rule_set_for

__all__ = ["SeasonTournament", "apply_season", "tournament_result"]

_WHITE_WIN, _DRAW, _BLACK_WIN = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


@dataclass(frozen=True, slots=True)
class SeasonTournament:
    """One tournament of a season as the registry takes it: its rated games between
    registered DSU members (white's DSU number, black's, the result; a forfeit listed is
    an unexcused no-show, §4.5.4.2 — leave out one that is not rated).

    ``edition`` is the rule-set's name (by default the one in force on ``day``);
    ``rating_kind`` standard, rapid or blitz (a rapid or blitz rating has its own floor,
    §2.6); ``round_robin`` allows the average method of the 2011 edition; ``team_event``
    rates no unplayed game; ``first_place`` the DSU numbers the tournament's standings
    place first (§2.5; by default the players level on the top score)."""

    key: str
    name: str
    day: date
    games: Sequence[tuple[int, int, Result]]
    edition: str | None = None
    rating_kind: str = "standard"
    round_robin: bool = False
    team_event: bool = False
    first_place: Collection[int] | None = None


def apply_season(
    builder: RegistryBuilder,
    tournaments: Iterable[SeasonTournament],
    progress: Progress | None = None,
) -> list[TournamentApplied]:
    """Rate each tournament from the ratings ``builder`` holds when its turn comes and apply
    it there, in order; :returns: the registry's events, one per tournament (to be stored).

    The players are taken in the order of their DSU numbers; the registry's settings
    (``builder.settings``) are the rating's too. ``tournaments`` may be made as they are
    asked for (a generator over a season's table holds one tournament's games at a time);
    when it has a length, ``progress`` is told ``(tournaments applied, tournaments)`` now
    and then.

    :raises InputError: naming the tournament and the player when a player is not in the
        registry with a rating of the tournament's kind; the tournaments before it stay
        applied to ``builder``.
    :raises StateError: when a tournament was applied already (likewise).

    A caller that builds a long season in one process may pause Python's full cycle
    collections around the call (:func:`skak.faces.collector.collector_paused`, as
    ``skak rating`` does): the pure core leaves the process's collector alone.
    """
    total = len(tournaments) if isinstance(tournaments, Sized) else None
    out: list[TournamentApplied] = []
    for t in tournaments:
        if progress is not None and total is not None and len(out) % _REPORT_EVERY == 0:
            progress(len(out), total)
        out.append(_apply_one(builder, t))
    if progress is not None and total is not None:
        progress(total, total)
    return out


def _apply_one(builder: RegistryBuilder, t: SeasonTournament) -> TournamentApplied:
    """One tournament rated from ``builder``'s ratings and applied there."""
    settings = builder.settings or RatingSettings()
    current = builder.ratings_of(t.rating_kind)
    rules = get_rule_set(t.edition) if t.edition is not None else rule_set_for(t.day)
    played = _played(t, current)
    if played is None or (rules.average_method and t.round_robin):
        event = _by_calculate(builder, t, current, settings)
        builder.apply(event)
        return event
    count, ids = played
    for pid in t.first_place or ():
        if pid not in count:
            raise _not_playing(t, pid)
    plan = plan_for(rules, settings, t.rating_kind != "standard")
    rows = results(ids, current, count, plan, t.first_place)
    return builder.apply_rated(t.key, t.name, t.day, t.rating_kind, rules.name, ids, rows)


#: How many tournaments are applied between two progress reports.
_REPORT_EVERY = 100


def _played(
    t: SeasonTournament, current: dict[int, int]
) -> tuple[dict[int, int], list[int]] | None:
    """Every player's packed count (:func:`skak.rating.hundredths.results`) and the players
    by DSU number when the whole-number path covers the tournament, else ``None``.

    :raises InputError: for a player without a registered rating of the kind."""
    if len(t.games) >= MAX_GAMES:
        return None
    packed = packed_games()
    start = 3 * HIGHEST
    count: defaultdict[int, int] = defaultdict(int)
    white = black = 0
    try:
        for white, black, result in t.games:
            if result is _WHITE_WIN:
                halves = 2
            elif result is _DRAW:
                halves = 1
            elif result is _BLACK_WIN:
                halves = 0
            else:
                return None
            # a rating past HIGHEST may go past the table's end or wrap round: checked below
            to_white, to_black = packed[3 * (current[white] - current[black]) + halves + start]
            count[white] += to_white
            count[black] += to_black
    except KeyError:
        raise _unrated(t, white if white not in current else black) from None
    except IndexError:
        return None
    ids = sorted(count)
    for pid in ids:
        if not 0 <= current[pid] <= HIGHEST:
            return None
    return count, ids


def _unrated(t: SeasonTournament, pid: int) -> InputError:
    return InputError(
        f"{t.name}: DSU member {pid} has no {t.rating_kind} rating in the registry",
        location=t.key,
    )


def _not_playing(t: SeasonTournament, pid: int) -> InputError:
    return InputError(
        f"{t.name}: first place names DSU member {pid}, who played no game", location=t.key
    )


def tournament_result(
    t: SeasonTournament, ratings: Mapping[int, int], settings: RatingSettings | None = None
) -> RatingResult:
    """The rating result of one tournament of a season from its players' start ratings
    (``ratings``, by DSU number: every player's rating in the registry when its turn came),
    with every player's notes: what explains the changes :func:`apply_season` applied.
    Player ids are the DSU numbers as text. The event's changes record the start ratings
    of the players with a counted game only: those of the others (a player whose games
    were all forfeits) come from the registry too, as the calculation takes every player
    of the tournament.

    :raises InputError: for a player without a start rating, or a first place who did not
        play.
    """
    ids = sorted({pid for white, black, _ in t.games for pid in (white, black)})
    for pid in ids:
        if pid not in ratings:
            raise InputError(
                f"{t.name}: no start rating given for DSU member {pid}", location=t.key
            )
    for pid in t.first_place or ():
        if pid not in ids:
            raise _not_playing(t, pid)
    return calculate(
        [RatedPlayer(str(pid), ratings[pid]) for pid in ids],
        [RatedGame(str(w), str(b), r, unexcused_no_show=True) for w, b, r in t.games],
        get_rule_set(t.edition) if t.edition is not None else rule_set_for(t.day),
        round_robin=t.round_robin,
        rapid_or_blitz=t.rating_kind != "standard",
        team_event=t.team_event,
        settings=settings,
        first_place=None if t.first_place is None else {str(pid) for pid in t.first_place},
    )


def _by_calculate(
    builder: RegistryBuilder,
    t: SeasonTournament,
    current: dict[int, int],
    settings: RatingSettings,
) -> TournamentApplied:
    for white, black, _ in t.games:
        for pid in (white, black):
            if pid not in current:
                raise _unrated(t, pid)
    result = tournament_result(t, current, settings)
    ids = [int(c.id) for c in result.players]
    return TournamentApplied(
        t.key,
        t.name,
        t.day,
        t.rating_kind,
        result.edition,
        changes_from_result(
            result,
            {str(pid): pid for pid in ids},
            {str(pid): builder.name_of(pid) for pid in ids},
        ),
    )
