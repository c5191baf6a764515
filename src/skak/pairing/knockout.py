"""DSU's knock-out system (DSU's Knock Out system), DSU 003 §4.9.7.

Before round 1 the players are seeded (seedet) by DSU rating, then title, then FIDE rating,
then lot (lodtrækning). The bracket puts seeds 1–2 at the two ends, seeds 3–4 at the inner ends
of the two halves, seeds 5–8 at the free ends of the quarters and so on, so that players seeded
for the final can meet at the earliest in the final, those seeded for the semi-final at the
earliest in the semi-final, and so on. The lot for the draw numbers (lodtrækningsnumre) within
each seed group fixes the whole course of the tournament. For 16 players this is the text's
table exactly: draw numbers 1 and 16 hold seeds 1–2, 8 and 9 seeds 3–4, 4, 5, 12 and 13 seeds
5–8, the rest seeds 9–16. A field that is no power of two is filled up with byes, the lowest
seeds, placed opposite seeds 1, 2, … so the top seeds go through without a game.

Each match is, as far as possible, an even number of standard games (``games``, default 2);
when level, two rapid games (``rapid-games``), then two blitz games (``blitz-games``), then one
armageddon game (5 minutes for white, 4 for black; a draw wins the match for black). Every game
of a stage is played; only a stage's total decides. Colours are drawn by lot before each match
and before each new kind of play-off; within a stage they alternate. Forfeits count as the
game's result; a withdrawn player's next game is entered as a forfeit loss in advance, and that
forfeit loses him the match. The lots use ``random.Random`` seeded with the ``seed`` setting
(the tournament's name when it is not set), so the same tournament always draws the same.

A tournament round is one game slot: :meth:`KnockoutSystem.pair` pairs the next game of every
undecided match of the current bracket round. Everything else (who is in which match, the score,
the stage, who won) is read off the rounds, never stored; :func:`bracket_state` shows it.

**The draw is fixed once round 1 is paired** ("fastlægger hele turneringens forløb"). Until
then the seeding and the draw follow the players' current ratings. Round 1's explanation
records both in two lines of a fixed form (``seeds (…): 1: 7, 2: 3, …`` and ``draw numbers
(…): 1: 7, 2: bye, …``; start numbers only, never names), and every later pairing reads the
draw back from them, so correcting a rating, a title or a name after round 1 changes nothing.
Round 1 without that record (a TRF file from another program) is read as far as it goes: its
games fix the first-round matches and, by board order, where they stand in the bracket; only
what it leaves open — which of the players without a game gets which bye place, and which
player of a match has the lower draw number — follows the seeding by current ratings.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from skak.errors import InputError, NoValidPairingError
from skak.model.player import Player, Title
from skak.model.results import Result, Scoring, format_points
from skak.model.tournament import Pairing, Round, SettingValue, Tournament
from skak.pairing.base import check_known_settings, pre_entered_result

__all__ = [
    "MAX_BRACKET_PLAYERS",
    "MIN_PLAYERS",
    "SYSTEM",
    "KnockoutSystem",
    "MatchFormat",
    "Stage",
    "bracket",
    "bracket_positions",
    "bracket_round_name",
    "bracket_size",
    "bracket_state",
    "draw_bracket",
    "seed_order",
]

#: "turneringer med flere end fire deltagere" next to "deltagerantal på hhv. 4, 8, 16 …": four
#: is a field the text aims for, so four is the least (docs: notes on 003 §4.9.7).
MIN_PLAYERS = 4
#: The largest field :func:`bracket` draws an empty bracket for (1024 places, ten bracket
#: rounds): far beyond any knock-out, and a bound for ``skak knockout bracket -n``.
MAX_BRACKET_PLAYERS = 1024

Json = dict[str, Any]

_TITLE_RANK = {title: i for i, title in enumerate(Title)}


# -- seeding and the draw (pure) -----------------------------------------------------------


def seed_order(
    players: Sequence[Player], seed: int | str = 0, *, rating: str = "dsu"
) -> tuple[int, ...]:
    """The start numbers in seed order (seedning), 003 §4.9.7: DSU rating (highest first), then
    title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then FIDE rating, then lot.

    A missing rating sorts below every rating. The lot is ``random.Random`` seeded with
    ``seed``, so the same field and seed always give the same order.

    :raises InputError: when a start number occurs twice.
    """
    numbers = sorted(p.start_number for p in players)
    if len(set(numbers)) != len(numbers):
        raise InputError("seeding: a start number (startnummer) occurs twice")
    lot = {
        n: i for i, n in enumerate(random.Random(f"{seed}|seeding").sample(numbers, len(numbers)))
    }

    def key(p: Player) -> tuple[int, int, int, int]:
        title = _TITLE_RANK[p.title] if p.title is not None else len(_TITLE_RANK)
        return (-(p.rating(rating) or 0), title, -(p.ratings.fide or 0), lot[p.start_number])

    return tuple(p.start_number for p in sorted(players, key=key))


def bracket_size(players: int) -> int:
    """The smallest power of two (at least 2) that holds ``players``: 4, 8, 16, 32 …"""
    size = 2
    while size < players:
        size *= 2
    return size


def bracket_positions(size: int) -> tuple[tuple[int, int], ...]:
    """The seed group ``(first, last)`` each draw number holds, for a bracket of ``size``.

    A draw number at the end of a block of ``size`` holds seeds 1–2, at the end of a half-block
    seeds 3–4, of a quarter-block seeds 5–8, and so on (003 §4.9.7's table for 16 players).

    >>> bracket_positions(8)
    ((1, 2), (5, 8), (5, 8), (3, 4), (3, 4), (5, 8), (5, 8), (1, 2))

    :raises InputError: when ``size`` is no power of two of at least 2.
    """
    if size < 2 or size & (size - 1):
        raise InputError(f"a knock-out bracket has 2, 4, 8, 16 … places, not {size}")
    groups = []
    for number in range(1, size + 1):
        block = size
        while (number - 1) % block and number % block:
            block //= 2
        groups.append((1, 2) if block == size else (size // block + 1, 2 * size // block))
    return tuple(groups)


def _partner(number: int) -> int:
    """The draw number a draw number meets in the first round (1–2, 3–4, …)."""
    return number + 1 if number % 2 else number - 1


def draw_bracket(seeded: Sequence[int], seed: int | str = 0) -> tuple[int | None, ...]:
    """The lot for draw numbers (lodtrækningsnumre), 003 §4.9.7: item ``d − 1`` is the start
    number on draw number ``d``, ``None`` a bye.

    ``seeded`` is the field in seed order. Each seed group draws by lot among its draw numbers
    (seeds 1–2 for 1 and 16 in a bracket of 16, …). The byes are the lowest seeds; they are
    not drawn but placed opposite seeds 1, 2, …, so the top seeds go through without a game.

    :raises InputError: for fewer than two players or a start number twice.
    """
    n = len(seeded)
    if n < 2 or len(set(seeded)) != n:
        raise InputError("a draw needs at least two different players")
    size = bracket_size(n)
    byes = size - n
    groups = bracket_positions(size)
    rng = random.Random(f"{seed}|draw")
    draw: list[int | None] = [None] * size
    place_of: dict[int, int] = {}
    for first, last in sorted(set(groups)):
        places = [d for d in range(1, size + 1) if groups[d - 1] == (first, last)]
        if last == size:  # the lowest group holds the byes, opposite the top seeds
            reserved = {_partner(place_of[s]) for s in range(1, byes + 1)}
            places = [d for d in places if d not in reserved]
        rng.shuffle(places)
        for s, d in zip(range(first, min(last, n) + 1), places, strict=True):
            draw[d - 1] = seeded[s - 1]
            place_of[s] = d
    return tuple(draw)


def bracket_round_name(players: int) -> str:
    """The name of a bracket round with ``players`` places: final, semi-final, …"""
    names = {
        2: "final (finale)",
        4: "semi-final (semifinale)",
        8: "quarter-final (kvartfinale)",
    }
    return names.get(players, f"round of {players}")


def bracket(players: int) -> Json:
    """The bracket for ``players`` as JSON-ready data (``skak knockout bracket``).

    >>> b = bracket(6)
    >>> b["size"], b["byes"], b["seeds_with_bye"], b["first_round"][0]
    (8, 2, [1, 2], {'match': 1, 'draw_numbers': [1, 2]})

    :raises InputError: for fewer than :data:`MIN_PLAYERS` or more than
        :data:`MAX_BRACKET_PLAYERS` players.
    """
    if players < MIN_PLAYERS:
        raise InputError(
            f"a knock-out (DSU 4.9.7) needs at least {MIN_PLAYERS} players, not {players}"
        )
    if players > MAX_BRACKET_PLAYERS:
        raise InputError(
            f"a knock-out bracket here has at most {MAX_BRACKET_PLAYERS} players "
            f"({MAX_BRACKET_PLAYERS} places, {MAX_BRACKET_PLAYERS.bit_length() - 1} bracket "
            f"rounds), not {players}"
        )
    size = bracket_size(players)
    groups = bracket_positions(size)
    rounds = []
    places = size
    while places >= 2:
        rounds.append({"name": bracket_round_name(places), "players": places})
        places //= 2
    return {
        "players": players,
        "size": size,
        "byes": size - players,
        "seeds_with_bye": list(range(1, size - players + 1)),
        "draw_numbers": [
            {"draw_number": d, "seeds": [first, last]}
            for d, (first, last) in enumerate(groups, start=1)
        ],
        "first_round": [
            {"match": m, "draw_numbers": [2 * m - 1, 2 * m]} for m in range(1, size // 2 + 1)
        ],
        "rounds": rounds,
    }


# -- matches ------------------------------------------------------------------------------


class Stage(enum.Enum):
    """The kinds of games in a match, in the order they are played (003 §4.9.7)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    ARMAGEDDON = "armageddon"

    def __repr__(self) -> str:
        return f"Stage.{self.name}"

    @property
    def label(self) -> str:
        return {
            Stage.STANDARD: "standard game (normal betænkningstid)",
            Stage.RAPID: "rapid play-off (omkamp i hurtigskak)",
            Stage.BLITZ: "blitz play-off (omkamp i lynskak)",
            Stage.ARMAGEDDON: (
                "armageddon (lynparti: 5 minutes for white, 4 for black; a draw wins the match "
                "for black)"
            ),
        }[self]


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How many games of each stage a match has; the armageddon game always follows."""

    games: int = 2
    rapid_games: int = 2
    blitz_games: int = 2

    @property
    def stages(self) -> tuple[tuple[Stage, int], ...]:
        counts = (
            (Stage.STANDARD, self.games),
            (Stage.RAPID, self.rapid_games),
            (Stage.BLITZ, self.blitz_games),
            (Stage.ARMAGEDDON, 1),
        )
        return tuple((stage, n) for stage, n in counts if n > 0)


@dataclass(frozen=True, slots=True)
class _Game:
    round: int
    board: int
    white: int
    black: int
    result: Result | None


@dataclass(frozen=True, slots=True)
class _Match:
    """One match of a bracket round: draw numbers ``first``–``last`` and the two players
    (``None`` where a bye or nobody came through), with its games so far."""

    bracket_round: int
    number: int
    first: int
    last: int
    players: tuple[int | None, int | None]
    start: int
    games: tuple[_Game, ...] = ()

    @property
    def where(self) -> str:
        return f"match {self.number} (draw numbers {self.first}–{self.last})"


@dataclass(frozen=True, slots=True)
class _Outcome:
    decided: bool
    winner: int | None = None
    how: str = ""
    labels: tuple[tuple[Stage, int, int], ...] = ()  # stage, game number, games in stage
    half_points: tuple[int, int] = (0, 0)  # the players' total score in half points

    @property
    def score(self) -> tuple[Fraction, Fraction]:
        return Fraction(self.half_points[0], 2), Fraction(self.half_points[1], 2)

    next: tuple[Stage, int, int] | None = None
    pending: tuple[tuple[int, int], ...] = ()


#: Game points in a match, in half points (exact, and fast): a win 1, a draw ½, a loss or
#: forfeit loss 0, whatever the tournament's scoring says.
_HALF_POINTS = {
    Result.WHITE_WIN: (2, 0),
    Result.DRAW: (1, 1),
    Result.BLACK_WIN: (0, 2),
    Result.WHITE_FORFEIT_WIN: (2, 0),
    Result.BLACK_FORFEIT_WIN: (0, 2),
    Result.DOUBLE_FORFEIT: (0, 0),
}

Withdrawn = Callable[[int, int], bool]


def _points(half_points: int) -> str:
    return format_points(Fraction(half_points, 2))


def _evaluate(match: _Match, fmt: MatchFormat, withdrawn: Withdrawn) -> _Outcome:
    """Where ``match`` stands after its games: decided (and who won, how), or the next game."""
    a, b = match.players
    if a is None or b is None:
        sole = a if b is None else b
        if sole is None or withdrawn(sole, match.start):
            return _Outcome(True, None, "nobody came through to this match")
        return _Outcome(True, sole, "went through without a game (bye)")
    stages = fmt.stages
    index, played = 0, 0
    stage_score = {a: 0, b: 0}
    total = {a: 0, b: 0}
    labels: list[tuple[Stage, int, int]] = []
    pending: list[tuple[int, int]] = []
    for game in match.games:
        if index == len(stages):  # only after an unfinished armageddon game
            break
        stage, count = stages[index]
        played += 1
        labels.append((stage, played, count))
        if game.result is None or game.result is Result.UNFINISHED:
            pending.append((game.round, game.board))
        elif not pending:
            white_pts, black_pts = _HALF_POINTS[game.result]
            points = {game.white: white_pts, game.black: black_pts}
            for p in (a, b):
                stage_score[p] += points[p]
                total[p] += points[p]
            score = (total[a], total[b])
            gone = [
                p
                for p in (game.white, game.black)
                if game.result.is_forfeit and not points[p] and withdrawn(p, game.round)
            ]
            if gone:
                winner = None if len(gone) == 2 else (b if gone[0] == a else a)
                how = f"player {' and '.join(map(str, gone))} withdrew (udgået)"
                return _Outcome(True, winner, how, tuple(labels), score)
            if stage is Stage.ARMAGEDDON:
                if game.result is Result.DOUBLE_FORFEIT:
                    return _Outcome(
                        True, None, "both forfeited the armageddon game", tuple(labels), score
                    )
                white_won = game.result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN)
                winner = game.white if white_won else game.black
                how = "won the armageddon game" + (
                    " with black by a draw" if game.result is Result.DRAW else ""
                )
                return _Outcome(True, winner, how, tuple(labels), score)
            if played == count and stage_score[a] != stage_score[b]:
                winner, loser = (a, b) if stage_score[a] > stage_score[b] else (b, a)
                won, lost = _points(stage_score[winner]), _points(stage_score[loser])
                how = f"won the {stage.value} games {won}–{lost}"
                return _Outcome(True, winner, how, tuple(labels), score)
        if played == count:  # level (or not yet known): the next stage follows
            index, played = index + 1, 0
            stage_score = {a: 0, b: 0}
    score = (total[a], total[b])
    if pending:
        return _Outcome(False, None, "", tuple(labels), score, None, tuple(pending))
    stage, count = stages[index]
    return _Outcome(False, None, "", tuple(labels), score, (stage, played + 1, count))


# -- the knock-out as the rounds say it stands ----------------------------------------------


@dataclass(frozen=True)
class _Knockout:
    lot: int | str
    fmt: MatchFormat
    seeded: tuple[int, ...]
    draw: tuple[int | None, ...]
    rounds: tuple[tuple[_Match, ...], ...]
    withdrawn: Withdrawn
    #: Outcomes already worked out: a replay asks for the same match after every round.
    cache: dict[_Match, _Outcome] = field(default_factory=dict, compare=False, repr=False)

    def outcome(self, match: _Match) -> _Outcome:
        if match not in self.cache:
            self.cache[match] = _evaluate(match, self.fmt, self.withdrawn)
        return self.cache[match]

    @property
    def finished(self) -> bool:
        current = self.rounds[-1]
        return len(current) == 1 and self.outcome(current[0]).decided


def _format(tournament: Tournament) -> MatchFormat:
    SYSTEM.check_settings(tournament.settings)
    return MatchFormat(
        games=int(tournament.setting("games", 2)),
        rapid_games=int(tournament.setting("rapid-games", 2)),
        blitz_games=int(tournament.setting("blitz-games", 2)),
    )


def _from_round_one(player: Player) -> bool:
    """Whether ``player`` is registered from round 1 on and not withdrawn before it
    (``late_from`` 1 is the same as none)."""
    return (player.late_from or 1) == 1 and not player.is_withdrawn(1)


def _field(tournament: Tournament) -> tuple[Player, ...]:
    """Everyone registered from round 1 except those withdrawn before it.

    :raises NoValidPairingError: for fewer than four players.
    """
    entrants = tuple(p for p in tournament.players if _from_round_one(p))
    if len(entrants) < MIN_PLAYERS:
        raise NoValidPairingError(
            f"a knock-out (DSU 4.9.7) needs at least {MIN_PLAYERS} players; "
            f"{len(entrants)} registered"
        )
    return entrants


def _check_outsiders(tournament: Tournament, draw: Sequence[int | None]) -> None:
    """Refuse players outside the draw who are not withdrawn: late entries, or players let
    back in after the draw was made.

    :raises NoValidPairingError: naming them.
    """
    drawn = {n for n in draw if n is not None}
    outside = [
        p.start_number
        for p in tournament.players
        if p.start_number not in drawn and not p.is_withdrawn(p.late_from or 1)
    ]
    if outside:
        raise NoValidPairingError(
            "a knock-out's bracket is drawn before round 1 and cannot take late entries "
            f"(sen tilmelding) or players left out of the draw: players {outside}; undo their "
            "registration or withdraw them",
            outside,
        )


#: The two lines of round 1's explanation that record the draw (see the module docstring).
#: Their wording is part of the stored data: rounds paired earlier are read back with it.
_SEEDS_LINE = "seeds (seedning by DSU rating, title, FIDE rating, lot): "
_DRAW_LINE = "draw numbers (lodtrækningsnumre) by lot within the seed groups: "
_BYE = "bye"


def _record_lines(seeded: Sequence[int], draw: Sequence[int | None]) -> list[str]:
    seeds = ", ".join(f"{i}: {n}" for i, n in enumerate(seeded, start=1))
    places = ", ".join(f"{d}: {_BYE if n is None else n}" for d, n in enumerate(draw, start=1))
    return [_SEEDS_LINE + seeds, _DRAW_LINE + places]


def _parse_record(text: str, what: str) -> list[int | None]:
    """``1: 7, 2: bye, …`` as ``[7, None, …]``; the numbers before the colons run 1, 2, …"""
    values: list[int | None] = []
    for index, item in enumerate(text.split(", "), start=1):
        key, sep, value = item.partition(": ")
        if not sep or key != str(index) or not (value == _BYE or value.isdigit()):
            raise NoValidPairingError(
                f"round 1's record of the knock-out's {what} cannot be read at {item!r}"
            )
        values.append(None if value == _BYE else int(value))
    return values


def _recorded_draw(
    tournament: Tournament, first: Round
) -> tuple[tuple[int, ...], tuple[int | None, ...]] | None:
    """The seeding and the draw recorded in round 1's explanation, or ``None`` without a record.

    :raises NoValidPairingError: for a record that is no knock-out draw of this tournament's
        players.
    """
    seeds_text = next((x for x in first.explanation if x.startswith(_SEEDS_LINE)), None)
    draw_text = next((x for x in first.explanation if x.startswith(_DRAW_LINE)), None)
    if seeds_text is None or draw_text is None:
        return None
    seeds = _parse_record(seeds_text.removeprefix(_SEEDS_LINE), "seeding")
    draw = tuple(_parse_record(draw_text.removeprefix(_DRAW_LINE), "draw numbers"))
    seeded = tuple(n for n in seeds if n is not None)
    drawn = sorted(n for n in draw if n is not None)
    problem = ""
    if len(seeded) != len(seeds) or len(set(seeded)) != len(seeded) or len(seeded) < 2:
        problem = "a seed without a player, or a player seeded twice"
    elif len(draw) != bracket_size(len(seeded)) or drawn != sorted(seeded):
        problem = "the draw numbers do not hold the seeded players once each"
    elif not all(tournament.has_player(n) for n in seeded):
        problem = "a start number that is no player of the tournament"
    if problem:
        raise NoValidPairingError(f"round 1's record of the knock-out's draw is broken: {problem}")
    return seeded, draw


def _draw_from_round_one(
    tournament: Tournament, first: Round, lot: int | str, rating: str
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """The draw as far as round 1's games fix it, for a round 1 without a record.

    The lot of :func:`draw_bracket` places seed ranks, not players, so its layout for the
    field's size says which draw numbers held byes and which matches were played. Round 1's
    boards are the played matches in bracket order; the players without a game are the byes'
    opponents. Only the order within a match and among the players with a bye follows the
    seeding by current ratings.

    :raises NoValidPairingError: when round 1 is no first round of a knock-out of the field.
    """
    playing = [n for p in first.pairings for n in p.players]
    resting = [
        p.start_number
        for p in tournament.players
        if _from_round_one(p) and p.start_number not in playing
    ]
    n = len(playing) + len(resting)
    size = bracket_size(n)
    if (
        any(p.black is None for p in first.pairings)
        or len(set(playing)) != len(playing)
        or n < MIN_PLAYERS
        or size // 2 != len(first.pairings) + len(resting)
    ):
        raise NoValidPairingError(
            f"round 1 has {len(first.pairings)} games and {len(resting)} players without a "
            f"game, which is no first round of a knock-out of {n} players, and its explanation "
            "holds no record of the draw",
            playing,
        )
    field = [tournament.player(x) for x in (*playing, *resting)]
    rank = {x: i for i, x in enumerate(seed_order(field, lot, rating=rating))}
    layout = draw_bracket(tuple(range(1, n + 1)), lot)  # the seed rank on each draw number
    place_of_rank = {r: d for d, r in enumerate(layout) if r is not None}
    draw: list[int | None] = [None] * size
    for r, player in enumerate(sorted(resting, key=rank.__getitem__), start=1):
        draw[place_of_rank[r]] = player
    played = [
        j for j in range(size // 2) if layout[2 * j] is not None and layout[2 * j + 1] is not None
    ]
    for j, pairing in zip(played, first.pairings, strict=True):
        better, worse = sorted(pairing.players, key=rank.__getitem__)
        low, high = layout[2 * j], layout[2 * j + 1]
        assert low is not None
        assert high is not None
        first_place = 2 * j if low < high else 2 * j + 1
        draw[first_place], draw[first_place ^ 1] = better, worse
    seeded = tuple(draw[place_of_rank[r]] for r in range(1, n + 1))
    assert None not in seeded
    return tuple(x for x in seeded if x is not None), tuple(draw)


def _fixed_draw(
    tournament: Tournament, lot: int | str
) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """The seeding and the draw: recorded in (or read off) round 1 once it is paired, else
    drawn from the current field and ratings.

    :raises NoValidPairingError: for too few players, late entries, or a round 1 that makes
        no draw.
    """
    rating = tournament.rated_kind.dsu_rating_field
    first = next((r for r in tournament.rounds if r.number == 1), None)
    if first is None:
        seeded = seed_order(_field(tournament), lot, rating=rating)
        draw = draw_bracket(seeded, lot)
    else:
        recorded = _recorded_draw(tournament, first)
        if recorded is None:
            recorded = _draw_from_round_one(tournament, first, lot, rating)
        seeded, draw = recorded
    _check_outsiders(tournament, draw)
    return seeded, draw


def _next_bracket_round(ko_rounds: list[tuple[_Match, ...]], ko: _Knockout, start: int) -> bool:
    """Add the next bracket round when every match of the current one is decided."""
    current = ko_rounds[-1]
    if len(current) == 1:
        return False
    outcomes = [ko.outcome(m) for m in current]
    if not all(o.decided for o in outcomes):
        return False
    ko_rounds.append(
        tuple(
            _Match(
                current[0].bracket_round + 1,
                j + 1,
                current[2 * j].first,
                current[2 * j + 1].last,
                (outcomes[2 * j].winner, outcomes[2 * j + 1].winner),
                start,
            )
            for j in range(len(current) // 2)
        )
    )
    return True


def _replay(tournament: Tournament) -> _Knockout:
    """The bracket, drawn as :func:`_fixed_draw` says, with every game of the rounds so far in
    its match.

    :raises NoValidPairingError: when a round holds a game that is no game of an undecided
        match (a result was corrected after the next game was paired, or the rounds were
        not paired by this system).
    """
    fmt = _format(tournament)
    lot: int | str = tournament.setting("seed", tournament.name)
    seeded, draw = _fixed_draw(tournament, lot)

    def withdrawn(player: int, round_number: int) -> bool:
        return tournament.player(player).is_withdrawn(round_number)

    first = tuple(
        _Match(1, j + 1, 2 * j + 1, 2 * j + 2, (draw[2 * j], draw[2 * j + 1]), 1)
        for j in range(len(draw) // 2)
    )
    ko = _Knockout(lot, fmt, seeded, draw, (first,), withdrawn)
    ko_rounds = [first]
    for rnd in tournament.rounds:
        while _next_bracket_round(ko_rounds, ko, rnd.number):
            pass
        current = list(ko_rounds[-1])
        owner: dict[int, int] = {}
        for index, match in enumerate(current):
            if not ko.outcome(match).decided:
                owner.update({p: index for p in match.players if p is not None})
        for p in rnd.pairings:
            i = owner.get(p.white)
            if p.black is None or i is None or owner.get(p.black) != i:
                raise NoValidPairingError(
                    f"round {rnd.number} board {p.board}: {p.white}–{p.black or 'bye'} is no "
                    "game of an undecided match of the knock-out as drawn before round 1; was "
                    "a result corrected after the next game was paired, or were the rounds "
                    "paired by another system?",
                    p.players,
                )
            game = _Game(rnd.number, p.board, p.white, p.black, p.result)
            current[i] = replace(current[i], games=(*current[i].games, game))
        ko_rounds[-1] = tuple(current)
    while _next_bracket_round(ko_rounds, ko, tournament.next_round):
        pass
    return replace(ko, rounds=tuple(ko_rounds))


def _who(tournament: Tournament, player: int | None) -> str:
    if player is None:
        return "nobody"
    return f"player {player} ({tournament.player(player).name})"


def _colours(ko: _Knockout, match: _Match, stage: Stage, number: int) -> tuple[int, int, str]:
    """White and black of the next game: by lot for a stage's first game, else reversed."""
    a, b = match.players
    assert a is not None
    assert b is not None
    if number > 1:
        last = match.games[-1]
        return last.black, last.white, "colours reversed from the previous game"
    rng = random.Random(f"{ko.lot}|colours|{match.bracket_round}|{match.number}|{stage.value}")
    white, black = (a, b) if rng.randrange(2) == 0 else (b, a)
    return white, black, "colours drawn by lot (lodtrækning om farven)"


class KnockoutSystem:
    """DSU 003 §4.9.7: DSU's knock-out system, one game slot per round."""

    name = "knockout"
    title = "DSU's knock-out system (DSU's Knock Out system), matches with play-offs"
    default_scoring = Scoring()
    #: The bracket is drawn before round 1.
    accepts_late_entries = False

    _SETTINGS: Mapping[str, type] = {
        "seed": int,
        "games": int,
        "rapid-games": int,
        "blitz-games": int,
    }

    def check_settings(self, settings: Mapping[str, SettingValue]) -> None:
        check_known_settings(self.name, settings, self._SETTINGS)
        if int(settings.get("games", 2)) < 1:
            raise InputError("knockout: 'games' (standard games per match) must be 1 or more")
        for key in ("rapid-games", "blitz-games"):
            if int(settings.get(key, 2)) < 0:
                raise InputError(f"knockout: {key!r} must be 0 (no such play-off) or more")

    def planned_rounds(self, tournament: Tournament) -> int | None:
        """Unknown in advance: play-offs add game slots."""
        return None

    def pair(self, tournament: Tournament) -> Round:
        ko = _replay(tournament)
        number = tournament.next_round
        current = ko.rounds[-1]
        places = 2 * len(current)
        name = bracket_round_name(places)
        if ko.finished:
            final = ko.outcome(current[0])
            if final.winner is None:
                raise NoValidPairingError(
                    f"the knock-out is finished without a winner: {final.how}"
                )
            raise NoValidPairingError(
                f"the knock-out is finished: {_who(tournament, final.winner)} won the final "
                f"({final.how})"
            )
        outcomes = [ko.outcome(m) for m in current]
        waiting = [(m, o) for m, o in zip(current, outcomes, strict=True) if o.pending]
        if waiting:
            boards = "; ".join(
                f"round {r} board {b} ({m.where} of the {name})"
                for m, o in waiting
                for r, b in o.pending
            )
            raise NoValidPairingError(
                f"the next game of a match depends on a game without a final result: {boards}; "
                "enter its result first",
                [p for m, _ in waiting for p in m.players if p is not None],
            )
        lines = [f"DSU knock-out (003 §4.9.7): {name}, game slot {number}"]
        if number == 1:
            lines += _draw_lines(tournament, ko)
        pairings: list[Pairing] = []
        for match, outcome in zip(current, outcomes, strict=True):
            if outcome.decided:
                if match.players[0] is not None and match.players[1] is not None:
                    lines.append(
                        f"{match.where} is decided: {_who(tournament, outcome.winner)} "
                        f"{outcome.how}"
                    )
                continue
            assert outcome.next is not None
            stage, game_no, count = outcome.next
            white, black, how = _colours(ko, match, stage, game_no)
            board = len(pairings) + 1
            result = pre_entered_result(tournament, number, white, black)
            pairings.append(Pairing(board, white, black, result))
            line = (
                f"board {board}: {name}, {match.where}: {stage.label}, "
                f"game {game_no} of {count}; {how}"
            )
            if result is not None:
                line += f"; pre-entered {result.label}: a player is withdrawn or absent"
            lines.append(line)
        return Round(number, tuple(pairings), explanation=tuple(lines))


def _draw_lines(tournament: Tournament, ko: _Knockout) -> list[str]:
    lines = _record_lines(ko.seeded, ko.draw)
    lines.append(
        "the draw numbers fix the whole knock-out (003 §4.9.7): later rounds follow the two "
        "lines above, whatever ratings or players are corrected after this round"
    )
    for seed, player in enumerate(ko.seeded[: len(ko.draw) - len(ko.seeded)], start=1):
        lines.append(f"seed {seed}, {_who(tournament, player)}, goes through without a game (bye)")
    return lines


# -- the bracket view -----------------------------------------------------------------------


def bracket_state(tournament: Tournament) -> Json:
    """The whole bracket as the rounds say it stands, as JSON-ready data: every match of every
    bracket round with its players, games, score, stage and winner (future matches with the
    players known so far).

    :raises NoValidPairingError: as :meth:`KnockoutSystem.pair` for a field or rounds that make
        no knock-out.
    """
    ko = _replay(tournament)
    rounds: list[list[Json]] = []
    previous: list[int | None] | None = None
    size = len(ko.draw)
    for k in range(1, size.bit_length()):
        if k <= len(ko.rounds):
            matches = ko.rounds[k - 1]
        else:
            assert previous is not None
            matches = tuple(
                _Match(
                    k,
                    j + 1,
                    j * 2**k + 1,
                    (j + 1) * 2**k,
                    (previous[2 * j], previous[2 * j + 1]),
                    tournament.next_round,
                )
                for j in range(size // 2**k)
            )
        views = [_match_view(ko, m, k <= len(ko.rounds)) for m in matches]
        previous = [v["winner"] if v["status"] == "decided" else None for v in views]
        rounds.append(views)
    final = ko.outcome(ko.rounds[-1][0]) if ko.finished else None
    return {
        "system": "knockout",
        "players": len(ko.seeded),
        "size": size,
        "byes": size - len(ko.seeded),
        "seeds": [
            {"seed": s, "player": n, "draw_number": ko.draw.index(n) + 1}
            for s, n in enumerate(ko.seeded, start=1)
        ],
        "rounds": [
            {"round": k, "name": bracket_round_name(len(r) * 2), "matches": r}
            for k, r in enumerate(rounds, start=1)
        ],
        "finished": ko.finished,
        "winner": final.winner if final else None,
    }


def _match_view(ko: _Knockout, match: _Match, started: bool) -> Json:
    outcome = ko.outcome(match) if started else _Outcome(False)
    if outcome.decided:
        status = "decided"
    elif not started:
        status = "not started"
    else:
        status = "playing" if match.games else "waiting"
    labels = outcome.labels
    games = [
        {
            "round": g.round,
            "board": g.board,
            "white": g.white,
            "black": g.black,
            "result": str(g.result) if g.result is not None else None,
            "stage": labels[i][0].value if i < len(labels) else None,
            "game": labels[i][1] if i < len(labels) else None,
        }
        for i, g in enumerate(match.games)
    ]
    stage = outcome.next[0] if outcome.next else (labels[-1][0] if labels else None)
    return {
        "match": match.number,
        "draw_numbers": [match.first, match.last],
        "players": list(match.players),
        "games": games,
        "score": [format_points(s) for s in outcome.score],
        "stage": stage.value if stage else None,
        "status": status,
        "winner": outcome.winner,
        "how": outcome.how,
    }


SYSTEM = KnockoutSystem()
