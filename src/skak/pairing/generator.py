"""A random tournament generator (RTG, FIDE C.04A A.5): a whole tournament, each round paired
by skak's own pairing system, with results drawn at random by the players' ratings.

FIDE endorses a pairing program only with a generator of simulated tournaments beside its
pairings checker: the generated file is checked by the program's own checker and by another
program's (bbpPairings' and JaVaFo's ``-c``). The settings are the keys of bbpPairings' and
JaVaFo's configuration file (:mod:`skak.io.generator_config` reads them); a key left out is
drawn at random from the range those programs draw it from, so that a run without a file
still varies every feature. Everything is drawn from one :class:`random.Random` seeded with
the seed, in a fixed order, so one seed and one configuration give one tournament; a key
given in the file changes no other key's draw.

What is drawn (docs/interpretations.md, "The random tournament generator"):

- the ratings: uniform whole numbers from ``LowestRating`` to ``HighestRating``, the start
  numbers in the order of the ratings (the highest first), as C.04.2.B's initial ranking;
- the initial colour (white or black for the first player), once;
- who retires: ``PlayersNumber / RetiredRate`` players (rounded down), each absent from a
  round drawn from round 2 to the last one on (zero-point byes to the end);
- who takes a half-point bye: ``PlayersNumber / HalfPointByeRate`` other players, each in one
  round drawn from all but the last (in which a requested bye is commonly refused);
- each game: each player fails to appear with the probability that makes one game in
  ``ForfeitRate`` a forfeit (both missing: a double forfeit); a game played is a draw with
  the probability ``DrawPercentage`` % (less where the stronger player's expected score
  leaves no room for it), else won by the stronger player so that his expected score is
  FIDE's normal curve of the rating difference (``E = Φ(D / (200·√2))``, the curve FIDE's
  table 8.1.2 is taken from), else by the weaker.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player, Ratings
from skak.model.results import Colour, Result, Scoring
from skak.model.tournament import Pairing, Tournament
from skak.pairing.base import PairingSystem
from skak.pairing.engine import pair_next, planned_rounds

__all__ = [
    "DEFAULT_RANGES",
    "MAX_SEED",
    "NEVER",
    "NOT_GENERATED",
    "GeneratorConfig",
    "Settled",
    "expected_score",
    "generate",
    "model_config",
    "random_seed",
    "settle",
]

#: The seeds a user may give: whole numbers from 0 to this (bbpPairings' and JaVaFo's
#: 32-bit seeds fit, and so does any seed a program that calls skak keeps as a 64-bit word).
MAX_SEED = 2**64 - 1

#: A rate that never happens (a model tournament without any forfeit, retirement or
#: half-point bye): one in a thousand million.
NEVER = Fraction(10**9)

#: The systems the generator does not pair: a knock-out's game slots follow its play-offs,
#: so it has no number of rounds to generate.
NOT_GENERATED = frozenset({"knockout"})

#: The range each key left out of the configuration is drawn from: bbpPairings' ranges
#: (its README and its generator's defaults), JaVaFo's "usually between 15 and 215 players
#: and between 5 and 15 rounds".
DEFAULT_RANGES: dict[str, tuple[int, int]] = {
    "players": (15, 215),
    "rounds": (5, 15),
    "draw_percentage": (10, 50),
    "forfeit_rate": (6, 30),
    "retired_rate": (15, 3225),
    "half_point_bye_rate": (15, 3225),
    "highest_rating": (2400, 2800),
    "lowest_rating": (1400, 2300),
}


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """The generator's settings as a configuration file gives them; ``None``: drawn at
    random (:data:`DEFAULT_RANGES`) or, for the points, FIDE's (1, ½, 0).

    The rates are "one in N": ``forfeit_rate`` games in which one is a forfeit,
    ``retired_rate`` players of whom one retires, ``half_point_bye_rate`` players of whom one
    takes a half-point bye.
    """

    players: int | None = None
    rounds: int | None = None
    draw_percentage: int | None = None
    forfeit_rate: Fraction | None = None
    retired_rate: Fraction | None = None
    half_point_bye_rate: Fraction | None = None
    highest_rating: int | None = None
    lowest_rating: int | None = None
    win: Fraction | None = None
    draw: Fraction | None = None
    loss: Fraction | None = None
    forfeit_loss: Fraction | None = None
    zero_bye: Fraction | None = None
    pairing_bye: Fraction | None = None

    def scoring(self) -> Scoring:
        """The tournament's points: a win's for a forfeit win, a full-point bye and (unless
        ``PointsForPAB`` says) the pairing-allocated bye; a draw's for a half-point bye; the
        forfeit loss's for a zero-point bye unless ``PointsForZPB`` says (bbpPairings')."""
        base = Scoring()
        win = base.win if self.win is None else self.win
        draw = base.draw if self.draw is None else self.draw
        forfeit_loss = base.forfeit_loss if self.forfeit_loss is None else self.forfeit_loss
        return Scoring(
            win=win,
            draw=draw,
            loss=base.loss if self.loss is None else self.loss,
            forfeit_win=win,
            forfeit_loss=forfeit_loss,
            pairing_bye=win if self.pairing_bye is None else self.pairing_bye,
            full_bye=win,
            half_bye=draw,
            zero_bye=forfeit_loss if self.zero_bye is None else self.zero_bye,
        )


@dataclass(frozen=True, slots=True)
class Settled:
    """Every setting of one generated tournament, those left out drawn already."""

    players: int
    rounds: int | None
    draw_percentage: int
    forfeit_rate: Fraction
    retired_rate: Fraction
    half_point_bye_rate: Fraction
    highest_rating: int
    lowest_rating: int


def settle(config: GeneratorConfig, rng: random.Random, *, own_rounds: bool = False) -> Settled:
    """The settings of ``config`` with each one left out drawn from ``rng``: every default
    is drawn, in one order, whether it is used or not, so that a key given changes no other
    key's draw. With ``own_rounds`` (a round robin, a knock-out) the rounds are the
    system's (``rounds`` is then ``None``), and the field, when not given, is drawn from 4
    to 16 players.

    :raises InputError: when the lowest rating is above the highest, or a system that
        decides its rounds itself is given a number of rounds.
    """
    drawn = {key: rng.randint(low, high) for key, (low, high) in DEFAULT_RANGES.items()}
    if own_rounds:
        drawn["players"] = rng.randint(4, 16)
        if config.rounds is not None:
            raise InputError(
                N_(
                    "RoundsNumber: this pairing system's rounds follow from its players; "
                    "leave it out"
                )
            )
    given = {f.name: getattr(config, f.name) for f in fields(config)}

    def pick(key: str) -> int:
        value = given.get(key)
        return drawn[key] if value is None else int(value)

    def rate(key: str) -> Fraction:
        value = given.get(key)
        return Fraction(drawn[key]) if value is None else Fraction(value)

    highest, lowest = pick("highest_rating"), pick("lowest_rating")
    if config.highest_rating is None and config.lowest_rating is not None:
        highest = max(highest, lowest)
    elif config.lowest_rating is None and config.highest_rating is not None:
        lowest = min(lowest, highest)
    if lowest > highest:
        raise InputError(
            N_(
                "LowestRating ({lowest}) is above HighestRating ({highest})",
                lowest=lowest,
                highest=highest,
            )
        )
    return Settled(
        players=pick("players"),
        rounds=None if own_rounds else pick("rounds"),
        draw_percentage=pick("draw_percentage"),
        forfeit_rate=rate("forfeit_rate"),
        retired_rate=rate("retired_rate"),
        half_point_bye_rate=rate("half_point_bye_rate"),
        highest_rating=highest,
        lowest_rating=lowest,
    )


def random_seed() -> int:
    """A seed for a run without one: 32 bits from the system's source of randomness."""
    return secrets.randbits(32)


def expected_score(difference: int) -> float:
    """The stronger player's expected score at a rating ``difference`` (≥ 0): the normal
    curve FIDE's table (4.7 §8.1.2) is read from, ``Φ(D / (200·√2))``."""
    return 0.5 * math.erfc(-difference / 400)


def model_config(model: Tournament) -> GeneratorConfig:
    """The settings a model tournament gives (JaVaFo's and bbpPairings' ``MODEL -g``): its
    players and rounds played, its share of draws among the games played, of forfeits among
    the games paired, of players with a zero-point bye or absence (retired) and with a
    half-point bye, and its scoring. What the model never has is :data:`NEVER`."""
    games = played = draws = forfeits = 0
    retired: set[int] = set()
    resting: set[int] = set()
    for rnd in model.rounds:
        for p in rnd.pairings:
            if p.black is None or p.result is None:
                continue
            games += 1
            played += p.result.is_played
            draws += p.result is Result.DRAW
            forfeits += p.result.is_forfeit
        for b in rnd.byes:
            if b.result is Result.HALF_BYE:
                resting.add(b.player)
            elif b.result in (Result.ZERO_BYE, Result.ABSENT):
                retired.add(b.player)
    n = len(model.players)

    def rate(whole: int, part: int) -> Fraction:
        return Fraction(whole, part) if part else NEVER

    sc = model.scoring
    return GeneratorConfig(
        players=n,
        rounds=len(model.rounds) or None,
        draw_percentage=draws * 100 // played if played else 0,
        forfeit_rate=rate(games, forfeits),
        retired_rate=max(Fraction(2), rate(n, len(retired))),
        half_point_bye_rate=rate(n, len(resting)),
        win=sc.win,
        draw=sc.draw,
        loss=sc.loss,
        forfeit_loss=sc.forfeit_loss,
        zero_bye=sc.zero_bye,
        pairing_bye=sc.pairing_bye,
    )


def generate(
    config: GeneratorConfig,
    system: PairingSystem,
    seed: int,
    *,
    model: Tournament | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """A tournament of ``config`` whose every round ``system`` pairs (:func:`pair_next`),
    named ``AutoTest Tournament SEED`` as bbpPairings names its own (the seed is on the
    file's first line). With a ``model`` tournament its players (numbers, names, ratings)
    are kept and the settings are :func:`model_config`'s. ``progress`` is told
    ``(rounds paired, rounds)``.

    :raises InputError: for settings that cannot make a tournament (see :func:`settle`).
    :raises NoValidPairingError: when the system finds no pairing for a round.
    """
    if system.name in NOT_GENERATED:
        raise InputError(
            N_(
                "the generator pairs the Swiss systems and the round robins; a knock-out's "
                "rounds depend on its play-offs ({system})",
                system=system.name,
            )
        )
    if not 0 <= seed <= MAX_SEED:
        raise InputError(N_("the seed is a whole number from 0 to {top}", top=MAX_SEED))
    rng = random.Random(seed)
    own_rounds = _decides_rounds(system)
    if model is not None:
        config = model_config(model)
        if own_rounds:
            config = replace(config, rounds=None)
    s = settle(config, rng, own_rounds=own_rounds)
    ratings = sorted(
        (rng.randint(s.lowest_rating, s.highest_rating) for _ in range(s.players)), reverse=True
    )
    initial = rng.choice([Colour.WHITE, Colour.BLACK])
    if model is None:
        players = tuple(
            Player(n, f"Test{n:04d} Player{n:04d}", ratings=Ratings(fide=r))
            for n, r in enumerate(ratings, 1)
        )
    else:
        players = tuple(
            replace(
                p,
                absent_rounds=frozenset(),
                half_bye_rounds=frozenset(),
                full_bye_rounds=frozenset(),
                withdrawn_from=None,
                late_from=None,
                accelerations=(),
            )
            for p in model.players
        )
    t = Tournament(
        f"AutoTest Tournament {seed}",
        system.name,
        number_of_rounds=s.rounds,
        scoring=config.scoring(),
        initial_colour=initial,
        players=players,
    )
    rounds = planned_rounds(t, system) or 0
    t = _with_byes(t, s, rounds, rng)
    missing = 0.0 if s.forfeit_rate >= NEVER else 1 - math.sqrt(1 - 1 / float(s.forfeit_rate))
    for done in range(rounds):
        if progress is not None:
            progress(done, rounds)
        rnd = pair_next(t, system)
        boards = tuple(_played(p, t, s, missing, rng) for p in rnd.pairings)
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=boards)))
    if progress is not None:
        progress(rounds, rounds)
    return t


def _decides_rounds(system: PairingSystem) -> bool:
    """Whether ``system`` fixes the number of rounds by the field (a round robin, a
    knock-out) rather than being told it (a Swiss system)."""
    field = tuple(Player(n, f"P{n}") for n in range(1, 5))
    return system.planned_rounds(Tournament("probe", system.name, players=field)) is not None


def _with_byes(t: Tournament, s: Settled, rounds: int, rng: random.Random) -> Tournament:
    """``t`` with its retired players' absences and its half-point byes declared."""
    numbers = [p.start_number for p in t.players]
    retiring = rng.sample(numbers, min(len(numbers), int(len(numbers) / s.retired_rate)))
    others = [n for n in numbers if n not in set(retiring)]
    resting = rng.sample(others, min(len(others), int(len(numbers) / s.half_point_bye_rate)))
    absent: dict[int, frozenset[int]] = {}
    for n in retiring:
        if rounds >= 2:
            absent[n] = frozenset(range(rng.randint(2, rounds), rounds + 1))
    half: dict[int, frozenset[int]] = {}
    for n in resting:
        if rounds >= 2:
            half[n] = frozenset({rng.randint(1, rounds - 1)})
    players = tuple(
        replace(
            p,
            absent_rounds=absent.get(p.start_number, frozenset()),
            half_bye_rounds=half.get(p.start_number, frozenset()),
        )
        for p in t.players
    )
    return replace(t, players=players)


def _played(p: Pairing, t: Tournament, s: Settled, missing: float, rng: random.Random) -> Pairing:
    """The board with its result drawn (a bye, or a game decided in advance, as it is)."""
    if p.is_bye or p.black is None or p.result is not None:
        return p
    white_missing = rng.random() < missing
    black_missing = rng.random() < missing
    if white_missing or black_missing:
        if white_missing and black_missing:
            return replace(p, result=Result.DOUBLE_FORFEIT)
        return replace(
            p, result=Result.BLACK_FORFEIT_WIN if white_missing else Result.WHITE_FORFEIT_WIN
        )
    white = t.player(p.white).ratings.fide or 0
    black = t.player(p.black).ratings.fide or 0
    expected = expected_score(abs(white - black))
    draw = min(s.draw_percentage / 100, 2 - 2 * expected)
    x = rng.random()
    if x < draw:
        return replace(p, result=Result.DRAW)
    stronger_wins = x < expected + draw / 2
    white_wins = stronger_wins == (white >= black)
    return replace(p, result=Result.WHITE_WIN if white_wins else Result.BLACK_WIN)
