"""New DSU ratings after one tournament (DSU 001 §2; 2011 edition 003 §4.5.2).

``Rn = Ro + K × (W − We + B)``, then the correction for a crossed coefficient limit (§2.4),
the group-winner correction (§2.5) and the floor (§2.6). Exact arithmetic throughout; the new
rating is rounded to a whole number at the end, half up.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from skak.errors import InputError
from skak.messages import N_
from skak.model.results import Colour, Result, Scoring
from skak.rating.hundredths import HIGHEST, MAX_GAMES, limit_correction, plan_for, rate
from skak.rating.rules import RatingSettings, RuleSet
from skak.rating.tables import expected_hundredths, expected_score, rating_difference

__all__ = [
    "RatedGame",
    "RatedPlayer",
    "RatingChange",
    "RatingResult",
    "bonus",
    "calculate",
    "calculate_reference",
    "crosses",
    "limit_correction",
    "performance_rating",
    "round_expected",
]

_STEP = Fraction(1, 20)
#: The methods of §2.1 (4.5.2.1), by the names the JSON gives them: a face says them in its
#: language (differensmetoden, gennemsnitsmetoden).
DIFFERENCE = N_("difference")
AVERAGE = N_("average")
#: Standard scoring (1–½–0): the points DSU's rating counts.
_STANDARD = Scoring()
_PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
_SINGLE_FORFEITS = (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A player with his rating before the tournament; ``None`` for a foreign player without
    a recognised rating, who gets a performance rating (§4.5.5.2)."""

    id: str
    rating: int | None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game for rating: ``rated=False`` drops it (a reserve put in after half an hour,
    §4.5.4.2); a forfeit counts only when it was an unexcused no-show."""

    white: str
    black: str
    result: Result
    rated: bool = True
    unexcused_no_show: bool = False

    @property
    def counts(self) -> bool:
        if not self.rated:
            return False
        if self.result in _PLAYED:
            return True
        return self.result in _SINGLE_FORFEITS and self.unexcused_no_show

    @property
    def no_show(self) -> str | None:
        """The player who did not come to a forfeited game."""
        if self.result is Result.WHITE_FORFEIT_WIN:
            return self.black
        if self.result is Result.BLACK_FORFEIT_WIN:
            return self.white
        return None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating result, with the reasons in ``notes``. ``first``: he had no
    rating (§4.5.5.2): ``old`` is the performance rating he was rated from, and ``new``
    his first rating, not a change of one."""

    id: str
    old: int
    games: int
    score: Fraction
    expected: Fraction
    bonus: Fraction
    k: int
    new: int
    notes: tuple[str, ...]
    first: bool = False

    @property
    def change(self) -> int:
        return self.new - self.old


@dataclass(frozen=True, slots=True)
class RatingResult:
    edition: str
    method: str  # "difference" or "average"
    players: tuple[RatingChange, ...]


def round_expected(value: Fraction) -> Fraction:
    """§2.1: to the nearest multiple of 0.05 (3.33 → 3.35, 3.72 → 3.70); halfway goes up."""
    return Fraction(floor(value / _STEP + Fraction(1, 2))) * _STEP


def bonus(
    score: Fraction, expected: Fraction, games: int, rules: RuleSet, s: RatingSettings
) -> Fraction:
    """§2.2: ``B = W − We − offset`` by number of games, and only when positive."""
    if games <= 5:
        offset = rules.bonus_offsets[0]
    elif games <= 11:
        offset = rules.bonus_offsets[(games - 4) // 2]
    elif s.bonus_beyond_eleven == "none":
        return Fraction(0)
    else:
        offset = rules.bonus_offsets[3] + Fraction(games - 10, 2) // 1 * Fraction(1, 2)
    return max(Fraction(0), score - expected - offset)


def calculate(
    players: Sequence[RatedPlayer],
    games: Sequence[RatedGame],
    rules: RuleSet,
    *,
    round_robin: bool = False,
    rapid_or_blitz: bool = False,
    team_event: bool = False,
    settings: RatingSettings | None = None,
    first_place: Collection[str] | None = None,
) -> RatingResult:
    """The rating result of every player of one tournament (or group).

    In a team event (the division league, rated team tournaments) no unplayed game is rated,
    not even an unexcused no-show (§4.5.4.2).

    ``first_place`` names the group winners of §2.5 (003 §4.5.2.5: "ved ligestilling på
    førstepladsen alle de implicerede spillere") as the tournament's own final standings
    place them — after its scoring (Gladiator play-offs, 4.9.8) and DSU §16. Without it
    (a bare list of games) they are the players level on the top score of every listed
    result.

    The common tournament (every player rated, every game rated and played over the board,
    the difference method) takes the whole-number path of :mod:`skak.rating.hundredths`;
    the rest :func:`calculate_reference`, which gives the same result for the common one too.

    :raises InputError: naming a game's or ``first_place``'s unknown player.
    """
    s = settings or RatingSettings()
    _check_ids(players, games, first_place)
    whole = _in_whole_numbers(players, games, rules, round_robin)
    if whole is None:
        return _calculate(
            players, games, rules, round_robin, rapid_or_blitz, team_event, s, first_place
        )
    rating, played = whole
    rows = rate(
        [p.id for p in players], rating, played, plan_for(rules, s, rapid_or_blitz), first_place
    )
    out = []
    for p, (n, w, we, b, k, _, new, notes) in zip(players, rows, strict=True):
        out.append(
            RatingChange(
                p.id,
                rating[p.id],
                n,
                _points(w),
                _points(we),
                _points(b),
                k,
                new,
                (p.note, *notes) if p.note else notes,
            )
        )
    return RatingResult(rules.name, DIFFERENCE, tuple(out))


def calculate_reference(
    players: Sequence[RatedPlayer],
    games: Sequence[RatedGame],
    rules: RuleSet,
    *,
    round_robin: bool = False,
    rapid_or_blitz: bool = False,
    team_event: bool = False,
    settings: RatingSettings | None = None,
    first_place: Collection[str] | None = None,
) -> RatingResult:
    """:func:`calculate` by the general path only: every rule of the text in turn (the
    reference the whole-number path is tested against)."""
    _check_ids(players, games, first_place)
    return _calculate(
        players,
        games,
        rules,
        round_robin,
        rapid_or_blitz,
        team_event,
        settings or RatingSettings(),
        first_place,
    )


def _check_ids(
    players: Sequence[RatedPlayer],
    games: Sequence[RatedGame],
    first_place: Collection[str] | None,
) -> None:
    ids = {p.id for p in players}
    if len(ids) != len(players):
        raise InputError("a player id is listed twice")
    for g in games:
        for who in (g.white, g.black):
            if who not in ids:
                raise InputError(f"a game names player {who!r}, who is not listed")
    for who in first_place or ():
        if who not in ids:
            raise InputError(f"first place names player {who!r}, who is not listed")


def _in_whole_numbers(
    players: Sequence[RatedPlayer], games: Sequence[RatedGame], rules: RuleSet, round_robin: bool
) -> tuple[dict[str, int], list[tuple[str, str, int]]] | None:
    """The ratings and the games as (white, black, white's half points) when the
    whole-number path covers the tournament (see :func:`calculate`), else ``None``."""
    if (rules.average_method and round_robin) or len(games) >= MAX_GAMES:
        return None
    rating = {}
    for p in players:
        if p.rating is None or not 0 <= p.rating <= HIGHEST:
            return None
        rating[p.id] = p.rating
    out = []
    for g in games:
        result = g.result
        if not g.rated:
            return None
        if result is Result.WHITE_WIN:
            out.append((g.white, g.black, 2))
        elif result is Result.DRAW:
            out.append((g.white, g.black, 1))
        elif result is Result.BLACK_WIN:
            out.append((g.white, g.black, 0))
        else:
            return None
    return rating, out


def _calculate(
    players: Sequence[RatedPlayer],
    games: Sequence[RatedGame],
    rules: RuleSet,
    round_robin: bool,
    rapid_or_blitz: bool,
    team_event: bool,
    s: RatingSettings,
    first_place: Collection[str] | None,
) -> RatingResult:
    scoring = _STANDARD
    rated, performance = _with_performance_ratings(players, games, s)
    notes_in = {p.id: p.note or "" for p in players}
    by_id = {p.id: p for p in rated}
    ratings = [p.rating for p in rated]
    average = (
        rules.average_method
        and round_robin
        and len(rated) > 1
        and max(ratings) - min(ratings) <= 200
    )
    # §4.5.4.2: a player who stayed away from the whole tournament without an approved
    # excuse is not rated, nor are his games for his opponents. He came to none of his games
    # (each a forfeit he lost, or a double forfeit), and at least one of those no-shows was
    # unexcused; a game begun or a forfeit won shows he came, so his no-shows are rated.
    came: set[str] = set()
    no_shows: set[str] = set()
    counting: list[RatedGame] = []
    for g in games:
        came.update(_came(g))
        if g.counts:
            counting.append(g)
            if g.no_show is not None:
                no_shows.add(g.no_show)
    absent = no_shows - came
    counted = [
        g
        for g in counting
        if not (absent and (g.white in absent or g.black in absent))
        and not (team_event and g.result not in _PLAYED)
    ]
    # Whole numbers: a score in half points, an expected score in hundredths (table 1 has
    # two decimals, and §2.1 rounds to 0.05); a Fraction only where a rule divides (the
    # average method, a crossed coefficient limit).
    score_of: dict[str, int] = {p.id: 0 for p in rated}
    opponents: dict[str, list[str]] = {p.id: [] for p in rated}
    for g in counted:
        white, black = _halves(g.result)
        score_of[g.white] += white
        score_of[g.black] += black
        opponents[g.white].append(g.black)
        opponents[g.black].append(g.white)
    winners = _group_winners(rated, games, scoring) if first_place is None else set(first_place)
    rating_of = {p.id: p.rating for p in rated}
    floor_value = rules.rapid_blitz_floor if rapid_or_blitz else rules.floor
    out = []
    for p in rated:
        opp = opponents[p.id]
        notes: list[str] = []
        if notes_in.get(p.id):
            notes.append(notes_in[p.id])
        if p.id in performance:
            notes.append(N_("performance rating {rating} (§4.5.5.2)", rating=performance[p.id]))
        if not opp:
            if p.id in absent:
                notes.append(
                    N_(
                        "absent from the whole tournament: not rated, and a quarantine of at "
                        "least 6 months from coordinated tournaments follows (§4.5.4.2)"
                    )
                )
            else:
                notes.append(N_("no rated games"))
            out.append(
                RatingChange(
                    p.id,
                    p.rating,
                    0,
                    Fraction(0),
                    Fraction(0),
                    Fraction(0),
                    rules.k(p.rating),
                    p.rating,
                    tuple(notes),
                    first=p.id in performance,
                )
            )
            continue
        if average:
            # the group he met (the whole class when he played everyone), once per cycle
            met = sorted(set(opp))
            group = [p.rating] + [by_id[o].rating for o in met]
            ra = floor(Fraction(sum(group), len(group)) + Fraction(1, 2))
            cycles = Fraction(len(opp), len(met))
            raw = cycles * (len(group) * expected_score(p.rating, ra) - Fraction(1, 2))
            notes.append(
                N_("average method: M = {m}, group average {average}", m=len(group), average=ra)
            )
            we = int(round_expected(raw) * 100)
        else:
            own = p.rating
            raw_hundredths = sum(expected_hundredths(own, rating_of[o]) for o in opp)
            we = 5 * ((2 * raw_hundredths + 5) // 10)  # §2.1: to 0.05, halfway up
        w = 50 * score_of[p.id]
        b = _bonus_hundredths(w, we, len(opp), rules, s)
        k = rules.k(p.rating)
        hundredths = 100 * p.rating + k * (w - we + b)
        if p.id in winners and w < we and hundredths < 100 * p.rating:
            hundredths = 100 * p.rating
            notes.append(N_("group winner below expectation: no change (§2.5)"))
        value: Fraction | int = hundredths
        if crosses(p.rating, hundredths, rules.limits):
            corrected = limit_correction(p.rating, Fraction(hundredths, 100), rules, s)
            if corrected != Fraction(hundredths, 100):
                notes.append(N_("corrected for a crossed coefficient limit (§2.4)"))
            value = corrected * 100
        if value < 100 * floor_value:
            value = 100 * floor_value
            notes.append(N_("raised to the floor {floor} (§2.6)", floor=floor_value))
        new = (
            floor(value / 100 + Fraction(1, 2))
            if isinstance(value, Fraction)
            else ((value + 50) // 100)
        )
        out.append(
            RatingChange(
                p.id,
                p.rating,
                len(opp),
                _points(w),
                _points(we),
                _points(b),
                k,
                new,
                tuple(notes),
                first=p.id in performance,
            )
        )
    return RatingResult(rules.name, AVERAGE if average else DIFFERENCE, tuple(out))


def _halves(result: Result) -> tuple[int, int]:
    """White's and black's points of a result under standard scoring, in half points."""
    found = _HALVES.get(result)
    if found is None:
        found = _HALVES[result] = (
            int(result.points(Colour.WHITE, _STANDARD) * 2),
            int(result.points(Colour.BLACK, _STANDARD) * 2),
        )
    return found


_HALVES: dict[Result, tuple[int, int]] = {}
#: Fractions of hundredths already made (a tournament's values repeat).
_HUNDREDTHS: dict[int, Fraction] = {}


def _points(hundredths: int) -> Fraction:
    """``hundredths`` as points (each value made once)."""
    value = _HUNDREDTHS.get(hundredths)
    if value is None:
        value = _HUNDREDTHS[hundredths] = Fraction(hundredths, 100)
    return value


def _bonus_hundredths(w: int, we: int, games: int, rules: RuleSet, s: RatingSettings) -> int:
    """:func:`bonus` in hundredths (every offset has at most two decimals)."""
    if games > 11 and s.bonus_beyond_eleven == "none":
        return 0
    offsets = _OFFSETS.get(rules.bonus_offsets)
    if offsets is None:
        offsets = _OFFSETS[rules.bonus_offsets] = tuple(
            _whole(o * 100) for o in rules.bonus_offsets
        )
    if games <= 5:
        offset = offsets[0]
    elif games <= 11:
        offset = offsets[(games - 4) // 2]
    else:
        offset = offsets[3] + 50 * ((games - 10) // 2)
    return max(0, w - we - offset)


#: Each edition's bonus offsets in hundredths.
_OFFSETS: dict[tuple[Fraction, ...], tuple[int, ...]] = {}


def _whole(value: Fraction) -> int:
    if value.denominator != 1:  # pragma: no cover - the editions' offsets are half points
        raise ValueError(f"{value / 100} has more than two decimals")
    return value.numerator


def crosses(old: int, hundredths: int, limits: Sequence[int]) -> bool:
    """Whether a new rating (in hundredths) lies past one of the coefficient limits (§2.4):
    above one the old rating is below, or below one the old rating reaches."""
    if hundredths > 100 * old:
        return any(old < limit and 100 * limit < hundredths for limit in limits)
    if hundredths < 100 * old:
        return any(hundredths < 100 * limit and limit <= old for limit in limits)
    return False


def _came(g: RatedGame) -> tuple[str, ...]:
    """The players who came to a game: both when it was begun, the winner of a forfeit."""
    if g.result in _PLAYED or g.result is Result.UNFINISHED:
        return (g.white, g.black)
    if g.result is Result.WHITE_FORFEIT_WIN:
        return (g.white,)
    if g.result is Result.BLACK_FORFEIT_WIN:
        return (g.black,)
    return ()


def _group_winners(
    rated: Sequence[_Rated], games: Sequence[RatedGame], scoring: Scoring
) -> set[str]:
    """§2.5's group winners from the games alone: every player level on the top score of
    every listed result, rated or not (an excused forfeit win counts for first place)."""
    standing: dict[str, int] = {p.id: 0 for p in rated}  # half points
    for g in games:
        if g.result is not Result.UNFINISHED:
            white, black = _halves(g.result)
            standing[g.white] += white
            standing[g.black] += black
    top = max(standing.values(), default=0)
    return {who for who, points in standing.items() if points == top}


def performance_rating(opponents: Sequence[int], score: Fraction, *, at_100: int = 800) -> int:
    """§4.5.5.2: ``Rp = Rc + Dp``, the opponents' average rating ``Rc`` (rounded half up)
    and Table 2's difference ``Dp`` for ``score`` in ``len(opponents)`` games.

    >>> performance_rating([1800, 2000], Fraction(1))
    1900

    :raises InputError: without any opponent.
    """
    if not opponents:
        raise InputError("a performance rating needs at least one game")
    rc = floor(Fraction(sum(opponents), len(opponents)) + Fraction(1, 2))
    return rc + rating_difference(score, len(opponents), at_100=at_100)


def _with_performance_ratings(
    players: Sequence[RatedPlayer], games: Sequence[RatedGame], s: RatingSettings
) -> tuple[list[_Rated], dict[str, int]]:
    """§4.5.5.2: ``Rp = Rc + Dp`` for players without a rating, recomputed until the values
    settle when such players met each other ("flere gennemregninger")."""
    scoring = _STANDARD
    known = {p.id: p.rating for p in players if p.rating is not None}
    unrated = [p.id for p in players if p.rating is None]
    if not unrated:
        return [_Rated(p.id, known[p.id]) for p in players], {}
    results: dict[str, list[tuple[str, Fraction]]] = {pid: [] for pid in unrated}
    for g in games:
        if not g.counts:
            continue
        for me, other, colour in (
            (g.white, g.black, Colour.WHITE),
            (g.black, g.white, Colour.BLACK),
        ):
            if me in results:
                results[me].append((other, g.result.points(colour, scoring)))
    for pid, played in results.items():
        if not played:
            raise InputError(f"player {pid!r} has no rating and no rated game to compute one from")
    if not known:
        raise InputError("no player has a rating: performance ratings cannot be computed")
    # unrated opponents start at the average of the rated players, then take their estimate
    start = floor(Fraction(sum(known.values()), len(known)) + Fraction(1, 2))
    estimate = dict.fromkeys(unrated, start)
    for _ in range(100):
        current = {**known, **estimate}
        updated = {}
        for pid, played in results.items():
            opponents = [current[o] for o, _ in played]
            score = sum((pts for _, pts in played), Fraction(0))
            updated[pid] = performance_rating(opponents, score, at_100=s.table_2_at_100)
        if updated == estimate:
            break
        estimate = updated
    merged = {**known, **estimate}
    return [_Rated(p.id, merged[p.id]) for p in players], estimate


@dataclass(frozen=True, slots=True)
class _Rated:
    id: str
    rating: int
