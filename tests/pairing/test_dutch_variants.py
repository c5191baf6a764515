"""The Dutch system (C.04.3, 2026) where bbpPairings' corpus does not go: forbidden pairs
(``XXP``), the Baku acceleration (C.04.5; record ``192 FIDE_DUTCH_BAKU``) and other scoring
systems (``BBW``/``BBD``/…).

The tournaments are skak's own: played out by skak's Dutch pairings with random results,
then given bans, acceleration or a scoring system, and written as TRF. The pairing of the
next round that bbpPairings (the reference engine) made for each file is stored beside it in
``tests/data/dutch/variants`` (``.pairs``, the engine's output format), and skak must make
exactly the same.

Where ``$BBP_PAIRINGS`` names a bbpPairings binary (built outside the project), a further
test compares freshly generated variants with it live; the stored files are refreshed with
``python tests/pairing/test_dutch_variants.py`` (needs the binary).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from skak.io.trf import decode_trf, parse_trf, write_trf
from skak.model import Colour, Player, Result, Round, Tournament
from skak.model.results import Scoring
from skak.model.tournament import PairingBan
from skak.pairing.dutch import SYSTEM

VECTORS = Path(__file__).resolve().parents[1] / "data" / "dutch" / "variants"
KINDS = ("forbidden", "baku", "scoring")
OUTCOMES = [
    Result.WHITE_WIN,
    Result.DRAW,
    Result.BLACK_WIN,
    Result.WHITE_WIN,
    Result.BLACK_WIN,
    Result.WHITE_FORFEIT_WIN,
]


def _games(rnd: Round) -> set[tuple[int, int]]:
    return {(p.white, p.black or 0) for p in rnd.pairings}


def _read_pairs(text: str) -> set[tuple[int, int]]:
    lines = [x for x in text.split("\n")[1:] if x.strip()]
    return {(int(a), int(b)) for a, b in (x.split() for x in lines)}


def variant(kind: str, seed: int) -> str:
    """The TRF text of one generated tournament of ``kind``, before its next round."""
    rng = random.Random(f"{kind}-{seed}")
    size = rng.randint(12, 48)
    played = rng.randint(1, 5)
    scoring = Scoring()
    settings: tuple[tuple[str, bool], ...] = ()
    if kind == "scoring":
        # bbpPairings scores a half-point bye as a draw and a full-point bye as a win.
        win, draw = rng.choice([(3, 1), (2, 1), (3, Fraction(3, 2)), (1, Fraction(1, 2))])
        bye = rng.choice([win, draw])
        if (win, draw, bye) == (1, Fraction(1, 2), 1):
            bye = draw  # the standard system is not a variant
        scoring = Scoring(
            win=win, draw=draw, forfeit_win=win, pairing_bye=bye, full_bye=win, half_bye=draw
        )
    if kind == "baku":
        settings = (("baku", True),)
    t = Tournament(
        f"Variant {kind} {seed}",
        "dutch",
        number_of_rounds=played + rng.randint(1, 4),
        initial_colour=rng.choice(list(Colour)),
        scoring=scoring,
        pairing_settings=settings,
        players=tuple(
            Player(
                n,
                f"Spiller {n}",
                half_bye_rounds=frozenset(
                    {rng.randint(2, played + 1)} if rng.random() < 0.1 else ()
                ),
            )
            for n in range(1, size + 1)
        ),
    )
    if kind == "forbidden":
        bans = []
        for _ in range(rng.randint(2, 8)):
            group = rng.sample(range(1, size + 1), rng.choice([2, 2, 3]))
            bans.append(PairingBan(frozenset(group)))
        t = replace(t, bans=tuple(bans))
    for _ in range(played):
        rnd = SYSTEM.pair(t)
        results = [rng.choice(OUTCOMES) for _ in rnd.pairings]
        boards = tuple(
            p if p.is_bye else replace(p, result=r)
            for p, r in zip(rnd.pairings, results, strict=True)
        )
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=boards)))
    text = write_trf(t, extensions=False)
    if kind == "baku":
        head, rest = text.split("\n", 1)
        text = f"{head}\n192 FIDE_DUTCH_BAKU\n{rest}"
    return text


def _skak(text: str, name: str) -> set[tuple[int, int]]:
    t = parse_trf(text, name).tournament
    return _games(SYSTEM.pair(SYSTEM.as_checked(t)))


def _bbp(binary: str, text: str) -> set[tuple[int, int]] | None:
    with tempfile.TemporaryDirectory() as tmp:
        path, out = Path(tmp) / "in.trf", Path(tmp) / "out"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(
            [binary, "--dutch", str(path), "-p", str(out)], capture_output=True, check=False
        )
        if done.returncode != 0:
            return None
        return _read_pairs(out.read_text(encoding="utf-8"))


CASES = sorted(VECTORS.glob("*.trf"))


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_identical_to_bbppairings(case: Path) -> None:
    text = decode_trf(case.read_bytes())
    expected = _read_pairs(case.with_suffix(".pairs").read_text(encoding="utf-8"))
    assert _skak(text, case.name) == expected


def test_every_kind_is_covered() -> None:
    assert {c.stem.rsplit("-", 1)[0] for c in CASES} == set(KINDS)


def test_the_files_say_what_they_test() -> None:
    for case in CASES:
        t = parse_trf(decode_trf(case.read_bytes()), case.name).tournament
        kind = case.stem.rsplit("-", 1)[0]
        if kind == "forbidden":
            assert t.bans
        elif kind == "baku":
            assert t.setting("baku", False) is True
        else:
            assert t.scoring != Scoring()


@pytest.mark.skipif(not os.environ.get("BBP_PAIRINGS"), reason="no bbpPairings ($BBP_PAIRINGS)")
@pytest.mark.parametrize("kind", KINDS)
def test_fresh_variants_agree_with_bbppairings(kind: str) -> None:
    binary = os.environ["BBP_PAIRINGS"]
    for seed in range(1000, 1010):
        text = variant(kind, seed)
        assert _skak(text, f"{kind}-{seed}.trf") == _bbp(binary, text), f"{kind} seed {seed}"


def main() -> None:
    """Write the stored cases (needs ``$BBP_PAIRINGS``)."""
    binary = os.environ["BBP_PAIRINGS"]
    VECTORS.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        for seed in range(12):
            text = variant(kind, seed)
            pairs = _bbp(binary, text)
            if pairs is None:
                print(f"{kind}-{seed}: bbpPairings found no pairing; skipped", file=sys.stderr)
                continue
            (VECTORS / f"{kind}-{seed}.trf").write_text(text, encoding="utf-8")
            lines = [str(len(pairs)), *(f"{a} {b}" for a, b in sorted(pairs))]
            (VECTORS / f"{kind}-{seed}.pairs").write_text("\n".join(lines) + "\n", "utf-8")


if __name__ == "__main__":
    main()
