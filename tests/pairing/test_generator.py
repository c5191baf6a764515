"""The random tournament generator (FIDE C.04A A.5, issue 38 item 1): its configuration
file, its determinism, its results, and the statistics of a file's rounds.

Where ``$BBP_PAIRINGS`` names a bbpPairings binary (built outside the project), the last
test has bbpPairings' checker (``-c``) re-pair 20 generated tournaments of 30–200 players
and 7–11 rounds, and find nothing to object to in any of them.
"""

from __future__ import annotations

import os
import random
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from skak.errors import InputError
from skak.io.generator_config import KEYS, parse_generator_config
from skak.io.trf import parse_trf, write_trf
from skak.model import Player, Result, Round, Tournament
from skak.model.results import Colour, Scoring
from skak.model.tournament import Bye, Pairing
from skak.pairing import get_system
from skak.pairing.engine import check_rounds
from skak.pairing.generator import (
    DEFAULT_RANGES,
    GeneratorConfig,
    expected_score,
    generate,
    model_config,
    settle,
)
from skak.pairing.statistics import tournament_statistics

SMALL = GeneratorConfig(
    players=11,
    rounds=5,
    forfeit_rate=Fraction(8),
    retired_rate=Fraction(5),
    half_point_bye_rate=Fraction(4),
)


def _text(t: Tournament) -> str:
    return write_trf(t, extensions=False)


# --- the configuration file ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("PlayersNumber=40", "players", 40),
        ("RoundsNumber=9", "rounds", 9),
        ("DrawPercentage=35", "draw_percentage", 35),
        ("ForfeitRate=12.5", "forfeit_rate", Fraction(25, 2)),
        ("RetiredRate=20", "retired_rate", Fraction(20)),
        ("HalfPointByeRate=8", "half_point_bye_rate", Fraction(8)),
        ("HalfPointByteRate=8", "half_point_bye_rate", Fraction(8)),
        ("HighestRating=2650", "highest_rating", 2650),
        ("LowestRating=1200", "lowest_rating", 1200),
        ("PointsForWin=3", "win", Fraction(3)),
        ("PointsForDraw=1.5", "draw", Fraction(3, 2)),
        ("PointsForLoss=0.5", "loss", Fraction(1, 2)),
        ("PointsForForfeitLoss=0", "forfeit_loss", Fraction(0)),
        ("PointsForZPB=0.5", "zero_bye", Fraction(1, 2)),
        ("PointsForPAB=0.5", "pairing_bye", Fraction(1, 2)),
        ("  PlayersNumber = 40  ", "players", 40),
    ],
)
def test_each_key_is_read(line: str, field: str, value: object) -> None:
    config = parse_generator_config(f"# a comment\n\n{line}\r\n", "rtg.cfg")
    assert getattr(config, field) == value
    others = {k: v for k, v in vars_of(config).items() if k != field}
    assert all(v is None for v in others.values())


def vars_of(config: GeneratorConfig) -> dict[str, object]:
    return {f: getattr(config, f) for f in config.__slots__}


def test_every_key_of_both_programs_is_known() -> None:
    javafo = {
        "PlayersNumber",
        "RoundsNumber",
        "DrawPercentage",
        "ForfeitRate",
        "RetiredRate",
        "HalfPointByeRate",
        "HighestRating",
        "LowestRating",
        "PointsForWin",
        "PointsForDraw",
    }
    bbp = {"PointsForLoss", "PointsForForfeitLoss", "PointsForZPB", "PointsForPAB"}
    assert set(KEYS) == javafo | bbp


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PlayersNumber=40\nPlayers=40\n", "rtg.cfg line 2: unknown key 'Players'"),
        ("PlayersNumber 40\n", "rtg.cfg line 1: write Key=Value"),
        ("# x\nPlayersNumber=forty\n", "rtg.cfg line 2: PlayersNumber is a whole number"),
        ("PlayersNumber=1\n", "rtg.cfg line 1: PlayersNumber is a whole number from 2"),
        ("DrawPercentage=101\n", "rtg.cfg line 1: DrawPercentage is a whole number from 0 to 100"),
        (
            "RetiredRate=1\n",
            "rtg.cfg line 1: RetiredRate is one in how many (a number of at least 2)",
        ),
        ("ForfeitRate=0.5\n", "rtg.cfg line 1: ForfeitRate is one in how many"),
        ("ForfeitRate=nan\n", "rtg.cfg line 1: ForfeitRate is one in how many"),
        ("PointsForWin=-1\n", "rtg.cfg line 1: PointsForWin is a number of points"),
        (
            "PointsForDraw=0.001\n",
            "rtg.cfg line 1: PointsForDraw: 1/1000 is not a number of points",
        ),
        (
            "RoundsNumber=7\nRoundsNumber=8\n",
            "rtg.cfg line 2: RoundsNumber is given already on line 1",
        ),
    ],
)
def test_a_bad_line_is_named_by_file_and_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_generator_config(text, "rtg.cfg")
    assert caught.value.location == "rtg.cfg"
    assert any(p.startswith(message) for p in caught.value.problems), caught.value.problems


def test_every_bad_line_is_reported_at_once() -> None:
    with pytest.raises(InputError) as caught:
        parse_generator_config("A=1\nPlayersNumber=x\nRoundsNumber=5\nB\n", "c.cfg")
    assert [p.split(":")[0] for p in caught.value.problems] == [
        "c.cfg line 1",
        "c.cfg line 2",
        "c.cfg line 4",
    ]
    assert str(caught.value).startswith("c.cfg: 3 bad lines in the generator's configuration")


def test_the_lowest_rating_above_the_highest_is_refused() -> None:
    config = GeneratorConfig(highest_rating=1500, lowest_rating=1800)
    with pytest.raises(InputError, match=r"LowestRating \(1800\) is above HighestRating \(1500\)"):
        settle(config, random.Random(1))


def test_one_rating_given_bounds_the_other() -> None:
    for seed in range(20):
        low = settle(GeneratorConfig(lowest_rating=2700), random.Random(seed))
        assert low.highest_rating >= 2700
        high = settle(GeneratorConfig(highest_rating=1300), random.Random(seed))
        assert high.lowest_rating <= 1300


def test_the_scoring_follows_the_points_keys() -> None:
    config = parse_generator_config("PointsForWin=3\nPointsForDraw=1\n", "c.cfg")
    assert config.scoring() == Scoring(
        win=3, draw=1, forfeit_win=3, pairing_bye=3, full_bye=3, half_bye=1
    )
    config = parse_generator_config("PointsForPAB=1.5\nPointsForForfeitLoss=0.5\n", "c.cfg")
    s = config.scoring()
    assert (s.pairing_bye, s.forfeit_loss, s.zero_bye) == (
        Fraction(3, 2),
        Fraction(1, 2),
        Fraction(1, 2),
    )


# --- what is drawn ------------------------------------------------------------------------


def test_a_key_left_out_is_drawn_from_its_range() -> None:
    for seed in range(30):
        s = settle(GeneratorConfig(), random.Random(seed))
        for key, (low, high) in DEFAULT_RANGES.items():
            assert low <= getattr(s, key) <= high, (seed, key)


def test_a_key_given_changes_no_other_keys_draw() -> None:
    free = settle(GeneratorConfig(), random.Random(4))
    fixed = settle(GeneratorConfig(draw_percentage=3, players=20), random.Random(4))
    assert (fixed.draw_percentage, fixed.players) == (3, 20)
    assert (fixed.rounds, fixed.forfeit_rate, fixed.highest_rating) == (
        free.rounds,
        free.forfeit_rate,
        free.highest_rating,
    )


@pytest.mark.parametrize(
    ("difference", "expected"),
    # FIDE's table (4.7 §8.1.2): 0–3 → 0.50, 99–106 → 0.64, 198–206 → 0.76, 392–411 → 0.92.
    [(0, 0.50), (100, 0.64), (200, 0.76), (400, 0.92), (735, 1.00)],
)
def test_the_expected_score_is_fides_curve(difference: int, expected: float) -> None:
    assert round(expected_score(difference), 2) == expected


def test_one_seed_one_tournament() -> None:
    dutch = get_system("dutch")
    first = _text(generate(SMALL, dutch, 5))
    assert first == _text(generate(SMALL, dutch, 5))
    assert first != _text(generate(SMALL, dutch, 6))
    assert first.startswith("012 AutoTest Tournament 5\n")


def test_the_generated_field_is_as_configured() -> None:
    config = GeneratorConfig(
        players=40,
        rounds=6,
        highest_rating=2000,
        lowest_rating=1900,
        retired_rate=Fraction(4),
        half_point_bye_rate=Fraction(5),
        draw_percentage=0,
        forfeit_rate=Fraction(10**6),
    )
    t = generate(config, get_system("dutch"), 11)
    assert len(t.players) == 40 and len(t.rounds) == 6
    ratings = [p.ratings.fide or 0 for p in t.players]
    assert ratings == sorted(ratings, reverse=True)
    assert all(1900 <= r <= 2000 for r in ratings)
    retired = [p for p in t.players if p.absent_rounds]
    assert len(retired) == 10
    # A retired player stays away from his round on to the end.
    assert all(p.absent_rounds == set(range(min(p.absent_rounds), 7)) for p in retired)
    assert len([p for p in t.players if p.half_bye_rounds]) == 8
    results = [p.result for r in t.rounds for p in r.pairings if not p.is_bye]
    assert Result.DRAW not in results
    assert not any(r is not None and r.is_forfeit for r in results)


def test_the_stronger_player_scores_as_the_curve_says() -> None:
    config = GeneratorConfig(players=60, rounds=9, draw_percentage=30, forfeit_rate=Fraction(10**6))
    t = generate(config, get_system("dutch"), 21)
    score = expected = Fraction(0)
    for rnd in t.rounds:
        for p in rnd.pairings:
            if p.black is None or p.result is None:
                continue
            w, b = t.player(p.white).ratings.fide or 0, t.player(p.black).ratings.fide or 0
            stronger_is_white = w >= b
            points = p.result.points(Colour.WHITE, t.scoring)
            score += points if stronger_is_white else 1 - points
            expected += Fraction(expected_score(abs(w - b)))
    games = sum(1 for r in t.rounds for p in r.pairings if p.black is not None)
    assert abs(score - expected) / games < Fraction(1, 10)


@pytest.mark.parametrize(
    "system", ["dutch", "dutch-1998", "dubov", "monrad", "dansk", "berger", "dsu-rr"]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_round_is_the_systems_own(system: str, seed: int) -> None:
    """The file read back is re-paired round by round to the same pairings (``--check``)."""
    pairing = get_system(system)
    own_rounds = system in {"berger", "dsu-rr"}
    config = GeneratorConfig(
        players=9 if own_rounds else 12,
        rounds=None if own_rounds else 5,
        forfeit_rate=Fraction(8),
        retired_rate=Fraction(5),
        half_point_bye_rate=Fraction(4),
    )
    t = generate(config, pairing, seed)
    back = parse_trf(_text(t), "generated.trf").tournament
    checks = check_rounds(back, pairing)
    assert len(checks) == len(t.rounds) > 0
    assert all(c.agrees for c in checks), [c.describe() for c in checks if not c.agrees]


def test_a_round_robin_takes_no_rounds_number() -> None:
    with pytest.raises(InputError, match="RoundsNumber: this pairing system's rounds follow"):
        generate(GeneratorConfig(players=6, rounds=3), get_system("berger"), 1)


def test_a_knockout_is_not_generated() -> None:
    with pytest.raises(InputError, match="a knock-out's rounds depend on its play-offs"):
        generate(GeneratorConfig(players=8), get_system("knockout"), 1)


def test_a_seed_out_of_range_is_refused() -> None:
    with pytest.raises(InputError, match="the seed is a whole number"):
        generate(SMALL, get_system("dutch"), -1)


# --- the statistics -----------------------------------------------------------------------


def _counted_by_hand() -> Tournament:
    """Five players, four rounds; the figures below are counted by hand from this table."""
    players = tuple(Player(n, f"Spiller {n}") for n in range(1, 6))
    rounds = (
        Round(
            1,
            (
                Pairing(1, 1, 2, Result.WHITE_WIN),
                Pairing(2, 3, 4, Result.DRAW),
                Pairing(3, 5, None, Result.PAIRING_BYE),
            ),
        ),
        Round(
            2,
            (Pairing(1, 5, 1, Result.BLACK_WIN), Pairing(2, 2, 3, Result.WHITE_FORFEIT_WIN)),
            byes=(Bye(4, Result.HALF_BYE),),
        ),
        Round(
            3,
            (Pairing(1, 4, 1, Result.BLACK_WIN), Pairing(2, 3, 5, Result.WHITE_WIN)),
            byes=(Bye(2, Result.ABSENT),),
        ),
        Round(
            4,
            (Pairing(1, 3, 2, Result.WHITE_WIN), Pairing(2, 1, 5, Result.DRAW)),
            byes=(Bye(4, Result.ZERO_BYE),),
        ),
    )
    return Tournament("Håndtalt", "dutch", number_of_rounds=4, players=players, rounds=rounds)


def test_the_statistics_of_a_tournament_counted_by_hand() -> None:
    s = tournament_statistics(_counted_by_hand())
    assert (s.players, s.rounds, s.games) == (5, 4, 8)
    assert (s.white_wins, s.draws, s.black_wins) == (3, 2, 2)
    assert (s.forfeits, s.double_forfeits) == (1, 0)
    assert (s.pairing_byes, s.half_point_byes, s.full_point_byes, s.zero_point_byes) == (1, 1, 0, 2)
    # Colours of games played (the forfeit gives none): 1 WBBW, 2 B..B, 3 W.WW, 4 B.W, 5 .WBB.
    assert s.colour_differences == ((-2, 1), (-1, 1), (0, 2), (3, 1))
    assert s.colour_difference_beyond_two == 1
    assert (s.same_colour_three_times, s.same_colour_three_times_last_round) == (1, 1)
    # Scores before each round: R2 2 (0) – 3 (½); R3 4 (1) – 1 (2), 3 (½) – 5 (1);
    # R4 3 (1½) – 2 (1), 1 (3) – 5 (1).
    assert (s.upfloats, s.downfloats) == (5, 5)
    assert (s.upfloats_in_a_row, s.downfloats_in_a_row) == (0, 1)
    assert s.largest_score_difference == 2
    assert s.largest_score_difference_text == "2"


def test_a_model_tournament_gives_its_shares() -> None:
    """JaVaFo's and bbpPairings' model file: the settings the tournament counted by hand
    gives — 5 players, 4 rounds, 2 draws of 7 games played, 1 forfeit of 8 games, players 2
    and 4 with a zero-point bye or absence, player 4 with a half-point bye."""
    config = model_config(_counted_by_hand())
    assert (config.players, config.rounds, config.draw_percentage) == (5, 4, 28)
    assert config.forfeit_rate == 8
    assert config.retired_rate == Fraction(5, 2)
    assert config.half_point_bye_rate == 5
    assert config.scoring() == Scoring()


def test_a_generated_tournament_keeps_the_models_players() -> None:
    model = generate(SMALL, get_system("dutch"), 8)
    t = generate(GeneratorConfig(), get_system("dutch"), 9, model=model)
    assert [(p.start_number, p.name, p.ratings) for p in t.players] == [
        (p.start_number, p.name, p.ratings) for p in model.players
    ]
    assert len(t.rounds) == len(model.rounds)
    assert all(c.agrees for c in check_rounds(t, get_system("dutch")))


def test_the_statistics_of_a_generated_tournament_add_up() -> None:
    t = generate(SMALL, get_system("dutch"), 3)
    s = tournament_statistics(t)
    assert s.white_wins + s.draws + s.black_wins + s.forfeits == s.games
    assert sum(n for _, n in s.colour_differences) == s.players
    assert s.upfloats == s.downfloats
    assert s.colour_difference_beyond_two == 0


# --- bbpPairings' checker -----------------------------------------------------------------


@pytest.mark.skipif(
    not os.environ.get("BBP_PAIRINGS"),
    reason="no bbpPairings ($BBP_PAIRINGS names a binary built outside the project)",
)
def test_bbppairings_checker_objects_to_none_of_20_tournaments(tmp_path: Path) -> None:
    binary = os.environ["BBP_PAIRINGS"]
    dutch = get_system("dutch")
    objections = {}
    for seed in range(1, 21):
        config = GeneratorConfig(
            players=30 + seed * 83 % 171,
            rounds=7 + seed % 5,
            forfeit_rate=Fraction(12),
            retired_rate=Fraction(12),
            half_point_bye_rate=Fraction(10),
            win=Fraction(3) if seed % 4 == 0 else None,
            draw=Fraction(1) if seed % 4 == 0 else None,
        )
        path = tmp_path / f"t{seed}.trf"
        path.write_text(_text(generate(config, dutch, seed)), encoding="utf-8")
        done = subprocess.run(
            [binary, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
        )
        said = [
            line
            for line in (done.stdout + done.stderr).splitlines()
            if line.strip() and not line.startswith(f"t{seed}: Round #")
        ]
        if done.returncode or said:
            objections[seed] = (done.returncode, said[:5])
    assert not objections
