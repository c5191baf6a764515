"""``skak demo``: a whole round-robin club tournament, built and played through the API.

Results are drawn with a fixed seed from DSU table 1 (003 §4.5.7): white's expected score
``E`` against black's rating gives the probabilities ``draw = 0.35 × (1 − |2E − 1|)``,
``white wins = E − draw/2``, ``black wins = 1 − E − draw/2``, so each game's expected score
is exactly table 1's. The names are invented.
"""

from __future__ import annotations

import random
from datetime import date
from fractions import Fraction

from rich.console import Console
from rich.progress import Progress

from skak.api import Player, RatedKind, Ratings, Result, Sex, Skak, Tournament, TournamentRow
from skak.errors import InputError
from skak.pairing import get_system
from skak.rating import expected_score

__all__ = ["check_players", "draw_result", "run_demo"]

_NAMES = (
    ("Andersen, Mette", Sex.FEMALE),
    ("Bech, Rasmus", Sex.MALE),
    ("Christensen, Ole", Sex.MALE),
    ("Dahl, Sofie", Sex.FEMALE),
    ("Eriksen, Peter", Sex.MALE),
    ("Frandsen, Lars", Sex.MALE),
    ("Gregersen, Ida", Sex.FEMALE),
    ("Holm, Anders", Sex.MALE),
    ("Iversen, Karen", Sex.FEMALE),
    ("Jensen, Mikkel", Sex.MALE),
    ("Kjær, Henrik", Sex.MALE),
    ("Lund, Camilla", Sex.FEMALE),
    ("Madsen, Søren", Sex.MALE),
    ("Nielsen, Freja", Sex.FEMALE),
    ("Olsen, Jakob", Sex.MALE),
    ("Poulsen, Emma", Sex.FEMALE),
)
_CLUBS = ("Aarhus Skakklub", "Skakklubben K41", "Brønshøj Skakforening", "Odense Skakklub")


def draw_result(rng: random.Random, white_rating: int, black_rating: int) -> Result:
    """A game result whose expected score for white is table 1's."""
    e = expected_score(white_rating, black_rating)
    draw = Fraction(35, 100) * (1 - abs(2 * e - 1))
    white_wins = e - draw / 2
    u = Fraction(rng.randrange(1_000_000), 1_000_000)
    if u < white_wins:
        return Result.WHITE_WIN
    if u < white_wins + draw:
        return Result.DRAW
    return Result.BLACK_WIN


def check_players(players: int) -> None:
    """:raises InputError: unless the demo can seat ``players`` players."""
    if not 3 <= players <= len(_NAMES):
        raise InputError(f"the demo plays with 3–{len(_NAMES)} players, not {players}")


def run_demo(
    s: Skak, *, seed: int = 2026, players: int = 10, console: Console | None = None
) -> tuple[TournamentRow, Tournament]:
    """Create, pair and play a round robin of ``players`` players; return it finished."""
    check_players(players)
    rng = random.Random(seed)
    system = get_system("berger")
    row = s.tournaments.create(
        Tournament(
            name=f"Efterårsturnering 2026 (demo, seed {seed})",
            pairing_system=system.name,
            place="Aarhus",
            start_date=date(2026, 9, 1),
            end_date=date(2026, 11, 24),
            rated_kind=RatedKind.STANDARD,
            time_control="90 min/40 moves + 30 min, 30 s per move",
            scoring=system.default_scoring,
        )
    )
    chosen = rng.sample(_NAMES, players)
    field = [
        Player(
            start_number=i,
            name=name,
            sex=sex,
            club=rng.choice(_CLUBS),
            federation="DEN",
            dsu_id=200000 + i,  # invented member numbers
            ratings=Ratings(dsu=rng.randrange(1400, 2300, 5)),
        )
        for i, (name, sex) in enumerate(chosen, start=1)
    ]
    s.tournaments.add_players(row.id, lambda _t: field, source="demo")
    t = s.tournaments.get(row.id)
    total = system.planned_rounds(t) or 0
    with Progress(console=console, transient=True, disable=console is None) as progress:
        task = progress.add_task("Playing rounds", total=total)
        for _ in range(total):
            rnd = s.tournaments.pair(row.id).after.rounds[-1]
            for p in rnd.pairings:
                if p.black is None or p.result is not None:
                    continue
                white, black = t.player(p.white), t.player(p.black)
                outcome = draw_result(rng, white.ratings.dsu or 0, black.ratings.dsu or 0)
                s.tournaments.enter_result(row.id, rnd.number, p.board, outcome)
            progress.advance(task)
    return row, s.tournaments.get(row.id)
