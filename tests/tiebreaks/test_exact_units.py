"""Issue 24: the tie-breaks add up whole numbers of the scoring's smallest unit; their values
and the standings are those of exact fractions.

The reference below is the tie-breaks as they were written with :class:`Fraction` points
throughout (before the crosstable counted in units), kept here as the oracle: on random
tournaments, with random scoring systems (half, third and quarter points, 3-1-0), in every
edition, Swiss and round robin, both give the same value to every player for every code
the change touched, and so the same standings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from skak.model import Scoring, Tournament
from skak.model.results import HALF
from skak.tiebreaks import crosstable, parse_tiebreaks, rank, values
from skak.tiebreaks._crosstable import Crosstable, Kind, RoundRecord
from skak.tiebreaks._editions import Edition
from skak.tiebreaks._rating import DP_TABLE, PD_TABLE
from skak.tiebreaks._spec import TieBreakSpec
from skak.tiebreaks._unplayed import Contribution, category, cut, fore_crosstable
from tests.strategies import tournaments

# -- the reference: Fraction points throughout -------------------------------------------


def _adjusted(ct: Crosstable) -> dict[int, Fraction]:
    out = {}
    for n, recs in ct.records.items():
        score = sum((r.points for r in recs), Fraction(0))
        if not ct.round_robin:
            for i, r in enumerate(recs):
                if r.kind is not Kind.GAME and (not ct.edition.is_c07 or category(recs, i) == 5):
                    score += ct.scoring.draw - r.points
        out[n] = score
    return out


def _stand_in(
    ct: Crosstable, recs: Sequence[RoundRecord], i: int, before: Fraction, adj: dict[int, Fraction]
) -> Contribution:
    r, s = recs[i], ct.scoring
    own = sum((x.points for x in recs), Fraction(0))
    if ct.edition is Edition.ANNEX_2010:
        theirs = {Fraction(1): s.loss, HALF: s.draw}.get(r.result or Fraction(0), s.win)
        return Contribution(r.round, before + theirs + s.draw * (ct.rounds - r.round), r.result)
    if ct.edition is Edition.ANNEX_2010_SELF:
        unplayed = sum((s.draw - x.points for x in recs if x.kind is not Kind.GAME), Fraction(0))
        return Contribution(r.round, own + unplayed, HALF)
    dummy = own
    if ct.edition is Edition.C07_2026:
        dummy = min(dummy, adj[r.opponent] if r.opponent is not None else s.draw * ct.rounds)
    return Contribution(r.round, dummy, r.result, r.kind.is_vur)


def _contributions(ct: Crosstable, p: int, as_played: bool) -> list[Contribution]:
    adj, out, before = _adjusted(ct), [], Fraction(0)
    recs = ct.records[p]
    for i, r in enumerate(recs):
        if r.opponent is not None and (ct.round_robin or r.kind is Kind.GAME or as_played):
            out.append(Contribution(r.round, adj[r.opponent], r.result, False, r.opponent))
        elif not ct.round_robin:
            out.append(_stand_in(ct, recs, i, before, adj))
        before += r.points
    return out


def _sum(ct: Crosstable, spec: TieBreakSpec, sb: bool) -> dict[int, Fraction]:
    vur_first = ct.edition.is_c07 and not ct.round_robin
    out = {}
    for p in ct.records:
        items = _contributions(ct, p, spec.forfeits_as_played)
        left = cut(items, spec.cut_low, spec.cut_high, sonneborn_berger=sb, vur_first=vur_first)
        out[p] = sum((c.sb if sb else c.score for c in left), Fraction(0))
    return out


def _koya(ct: Crosstable, spec: TieBreakSpec) -> dict[int, Fraction]:
    games = max(sum(1 for r in recs if r.has_opponent) for recs in ct.records.values())
    limit = HALF * ct.scoring.win * games + Fraction(spec.limit, 2)
    score = {n: sum((r.points for r in rs), Fraction(0)) for n, rs in ct.records.items()}
    return {
        p: sum(
            (r.points for r in recs if r.opponent is not None and score[r.opponent] >= limit),
            Fraction(0),
        )
        for p, recs in ct.records.items()
    }


def _own(ct: Crosstable, code: str, cut_low: int) -> dict[int, Fraction]:
    out = {}
    for p, recs in ct.records.items():
        if code == "WIN":
            out[p] = Fraction(sum(1 for r in recs if r.points == ct.scoring.win))
        elif code == "PS":
            running = total = Fraction(0)
            for i, r in enumerate(recs):
                running += r.points
                total += running if i >= cut_low else 0
            out[p] = total
        else:  # STD
            total = Fraction(0)
            for r in recs:
                if r.kind is Kind.GAME and r.result is None:
                    continue
                other = ct.scoring.draw
                if r.kind is Kind.GAME and r.opponent is not None:
                    other = ct.records[r.opponent][r.round - 1].points
                total += 1 if r.points > other else HALF if r.points == other else 0
            out[p] = total
    return out


def _round(x: Fraction) -> int:
    return math.floor(x + HALF)


def _expected(own: int, opponent: int) -> int:
    high = next((h for upper, h in PD_TABLE if abs(own - opponent) <= upper), 100)
    return high if own >= opponent else 100 - high


def _performance(ct: Crosstable, spec: TieBreakSpec) -> dict[int, Fraction | None]:
    code = spec.code
    rating = {p: ct.rating(p) or 1000 for p in ct.records}
    out: dict[int, Fraction | None] = {}
    for p, recs in ct.records.items():
        games = [
            (rating[r.opponent], r.result)
            for r in recs
            if r.kind is Kind.GAME and r.opponent is not None and r.result is not None
        ]
        if not games:
            out[p] = None
            continue
        faced = [f for f, _ in games]
        score = sum((s for _, s in games), Fraction(0))
        if code == "ARO":
            faced = sorted(faced)[spec.cut_low :]
            faced = faced[: len(faced) - min(spec.cut_high, len(faced))]
            if not faced:
                out[p] = None
                continue
            mean = Fraction(sum(faced), len(faced))
            chosen = sum(1 for r in recs if r.kind.is_vur)
            out[p] = Fraction(_round(mean)) if ct.edition.is_c07 else None if chosen > 2 else mean
        elif code == "TPR":
            aro = _round(Fraction(sum(faced), len(faced)))
            out[p] = Fraction(aro + DP_TABLE[_round(100 * score / len(games))])
        else:  # PTP
            target, low, high = 100 * score, min(faced) - 800, max(faced) + 800
            if target == 0:
                out[p] = Fraction(low)
                continue
            while high - low > 1:
                middle = (low + high) // 2
                if sum(_expected(middle, f) for f in faced) >= target:
                    high = middle
                else:
                    low = middle
            out[p] = Fraction(high)
    return out


def _of_opponents(ct: Crosstable, base: dict[int, Fraction], *, rated: bool) -> dict[int, object]:
    out: dict[int, object] = {}
    for p, recs in ct.records.items():
        met = [
            base[r.opponent]
            for r in recs
            if r.kind is Kind.GAME
            and r.opponent is not None
            and (r.result is not None or not rated)
        ]
        known = [v for v in met if v is not None]
        if rated:
            out[p] = Fraction(_round(sum(known, Fraction(0)) / len(known))) if known else None
        else:
            out[p] = sum(known, Fraction(0)) / len(known) if known else None
    return out


def reference(ct: Crosstable, code: str) -> dict[int, object]:
    """The value of ``code`` for every player, with Fraction points throughout."""
    (spec,) = parse_tiebreaks([code])
    if spec.code in ("BH", "SB"):
        return dict(_sum(ct, spec, spec.code == "SB"))
    if spec.code == "FB":
        return dict(_sum(fore_crosstable(ct), replace(spec, code="BH"), False))
    if spec.code in ("AOB", "BHS"):
        base = _sum(fore_crosstable(ct) if spec.fore else ct, TieBreakSpec("BH"), False)
        if spec.code == "BHS":
            return {
                p: sum(
                    (base[r.opponent] for r in recs if r.is_game and r.opponent is not None),
                    Fraction(0),
                )
                for p, recs in ct.records.items()
            }
        return _of_opponents(ct, base, rated=False)
    if spec.code == "KS":
        return dict(_koya(ct, spec))
    if spec.code in ("WIN", "PS", "STD"):
        return dict(_own(ct, spec.code, spec.cut_low))
    if spec.code in ("APRO", "APPO"):
        base = _performance(ct, TieBreakSpec("TPR" if spec.code == "APRO" else "PTP"))
        return _of_opponents(ct, base, rated=True)  # type: ignore[arg-type]
    return dict(_performance(ct, spec))


# -- the property ------------------------------------------------------------------------

CODES = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/P", "SB", "SB/C1", "SB/P", "FB", "FB/C1", "AOB",
    "AOB/F", "BHS", "KS", "KS/L+1", "KS/L-2", "PS", "PS/C1", "STD", "WIN", "ARO/U1000",
    "ARO/C1/U1000", "TPR/U1000", "PTP/U1000", "APRO/U1000", "APPO/U1000",
)  # fmt: skip

POINTS = st.builds(Fraction, st.integers(0, 12), st.sampled_from([1, 2, 3, 4]))


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    """Scoring systems of every unit: 1–½–0, 3–1–0, thirds, quarter points."""
    return draw(
        st.one_of(
            st.just(Scoring()),
            st.just(Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))),
            st.builds(
                Scoring,
                win=POINTS,
                draw=POINTS,
                loss=POINTS,
                forfeit_win=POINTS,
                forfeit_loss=POINTS,
                pairing_bye=POINTS,
                full_bye=POINTS,
                half_bye=POINTS,
                zero_bye=POINTS,
            ),
        )
    )


@given(
    tournaments(),
    scorings(),
    st.sampled_from(["annex-2010", "annex-2010-self", "c07-2024", "c07-2026"]),
    st.booleans(),
)
def test_whole_units_give_the_fractions_values_and_standings(
    t: Tournament, scoring: Scoring, edition: str, round_robin: bool
) -> None:
    # the 2010 annex's draw against oneself is refused after 2012: an earlier tournament
    t = replace(t, scoring=scoring, start_date=date(2010, 5, 1), end_date=date(2010, 5, 9))
    ct = crosstable(t, edition=edition, round_robin=round_robin)
    assert all(ct.units[p] == ct.score[p] * ct.unit for p in ct.players)
    for code in CODES:
        assert values(ct, code) == reference(ct, code), code
    chosen = ("BH/C1", "SB", "KS", "PS", "STD", "ARO/U1000", "PTP/U1000")
    columns = [reference(ct, c) for c in chosen]

    def key(p: int) -> tuple[object, ...]:
        values_ = (column[p] for column in columns)
        return (-ct.score[p], *((v is None, -v if v is not None else 0) for v in values_))

    expected: list[list[int]] = []
    for p in sorted(ct.players, key=lambda p: (key(p), p)):
        if expected and key(expected[-1][0]) == key(p):
            expected[-1].append(p)
        else:
            expected.append([p])
    assert [list(g) for g in rank(ct, list(chosen)).tiers] == expected


def test_a_scoring_in_quarter_points_counts_in_quarters() -> None:
    t = Tournament(
        "Q",
        "berger",
        scoring=Scoring(win=Fraction(1), draw=Fraction(1, 2), half_bye=Fraction(1, 4)),
    )
    ct = crosstable(t)
    assert ct.unit == 4
    t3 = replace(t, scoring=Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0)))
    assert crosstable(t3).unit == 2  # results on the 1–½–0 scale are in halves
