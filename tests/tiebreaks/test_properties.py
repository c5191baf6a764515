"""Properties every tie-break must have, over generated tournaments.

* Start numbers are labels: renumbering the players changes nobody's values (except the
  pairing number itself, TPN) and nobody's place.
* A tie-break added at the end of a list only splits groups still tied: it never changes
  the order of players the list already separated.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Tournament
from skak.tiebreaks import crosstable, rank, values

EDITIONS = ["annex-2010", "annex-2010-self", "c07-2024", "c07-2026"]
VALUE_CODES = [
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "FB", "FB/C1", "AOB", "AOB/F", "BHS",
    "SB", "SB/C1", "SB/P", "KS", "KS/L+1", "WIN", "WON", "BPG", "BWG", "REP", "PS", "PS/C1",
    "STD", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG",
]  # fmt: skip
LIST_CODES = [*VALUE_CODES, "DE", "DE/P", "AK", "MK", "KSX", "TPN"]
GAMES = [
    Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.DRAW,
    Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT,
]  # fmt: skip
BYES = [Result.ZERO_BYE, Result.HALF_BYE, Result.FULL_BYE, Result.ABSENT]


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    count = draw(st.integers(2, 9))
    numbers = list(range(1, count + 1))
    players = tuple(
        Player(n, f"P, {n}", ratings=Ratings(fide=draw(st.integers(1000, 2800)))) for n in numbers
    )
    rounds = []
    for r in range(1, draw(st.integers(1, 5)) + 1):
        field = draw(st.permutations(numbers))
        away = draw(st.integers(0, max(0, count - 2)))
        byes = tuple(Bye(n, draw(st.sampled_from(BYES))) for n in field[:away])
        rest = field[away:]
        boards = [
            Pairing(i + 1, rest[2 * i], rest[2 * i + 1], draw(st.sampled_from(GAMES)))
            for i in range(len(rest) // 2)
        ]
        if len(rest) % 2:
            boards.append(Pairing(len(boards) + 1, rest[-1], None, Result.PAIRING_BYE))
        rounds.append(Round(r, tuple(boards), byes))
    return Tournament("Generated", "dutch", players=players, rounds=tuple(rounds))


def relabel(t: Tournament, new: dict[int, int]) -> Tournament:
    players = tuple(
        sorted((replace(p, start_number=new[p.start_number]) for p in t.players),
               key=lambda p: p.start_number)
    )  # fmt: skip
    rounds = tuple(
        Round(
            rnd.number,
            tuple(
                Pairing(g.board, new[g.white], None if g.black is None else new[g.black], g.result)
                for g in rnd.pairings
            ),
            tuple(Bye(new[b.player], b.result) for b in rnd.byes),
        )
        for rnd in t.rounds
    )
    return replace(t, players=players, rounds=rounds)


@given(
    tournaments(),
    st.randoms(use_true_random=False),
    st.sampled_from(EDITIONS),
    st.booleans(),
)
def test_relabelling_start_numbers_changes_no_value(
    t: Tournament, rnd: object, edition: str, round_robin: bool
) -> None:
    numbers = [p.start_number for p in t.players]
    shuffled = list(numbers)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    new = dict(zip(numbers, shuffled, strict=True))
    other = relabel(t, new)
    a = crosstable(t, edition=edition, round_robin=round_robin)
    b = crosstable(other, edition=edition, round_robin=round_robin)
    for code in VALUE_CODES:
        va, vb = values(a, code), values(b, code)
        assert {new[p]: v for p, v in va.items()} == vb, code
    ra = rank(a, "DE,SB,BH")
    rb = rank(b, "DE,SB,BH")
    assert [sorted(new[p] for p in tier) for tier in ra.tiers] == [sorted(t) for t in rb.tiers]


@given(
    tournaments(),
    st.lists(st.sampled_from(LIST_CODES), max_size=3),
    st.sampled_from(LIST_CODES),
    st.sampled_from(EDITIONS),
    st.booleans(),
)
def test_a_further_tie_break_only_splits_groups_still_tied(
    t: Tournament, codes: list[str], extra: str, edition: str, round_robin: bool
) -> None:
    ct = crosstable(t, edition=edition, round_robin=round_robin)
    before = rank(ct, codes).tiers
    after = rank(ct, [*codes, extra]).tiers
    position = {p: i for i, tier in enumerate(before) for p in tier}
    # The new tiers cut the old ones into consecutive pieces, in the old order.
    assert [position[tier[0]] for tier in after] == sorted(position[tier[0]] for tier in after)
    for tier in after:
        assert len({position[p] for p in tier}) == 1
    assert sorted(p for tier in after for p in tier) == sorted(position)


@given(tournaments(), st.sampled_from(EDITIONS))
def test_values_are_exact_fractions_or_none(t: Tournament, edition: str) -> None:
    ct = crosstable(t, edition=edition)
    for code in VALUE_CODES:
        assert all(v is None or isinstance(v, Fraction) for v in values(ct, code).values())
