"""Dubov (DSU 4.9.6, the 1997 text) beside py4swiss's Dubov engine (PyPI; it implements
FIDE's Dubov rules of 2026, C.04.4.1): the same tournaments, round by round, each paired by
skak, and for every round whether py4swiss pairs the same games.

The two rule texts differ (docs/interpretations.md, "Dubov": the 2026 rules pair by a
weighted matching over criteria C1–C10, give the bye by other rules and place upfloaters
differently); round 1 is the same in both. Needs ``pip install py4swiss``.

``--trace`` finds, for every round the two pair differently, the first point of difference
(the score group, the players, skak's explanation line there and py4swiss's pairing there)
and names the rule difference that explains it (``KINDS``: the articles of both texts), or
"unexplained"; docs/interpretations.md ("Dubov", "py4swiss") reports the counts.

Run: .venv/bin/python benchmarks/dubov_py4swiss.py [--tournaments 20] [--players 8 30]
     [--trace]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from skak.errors import NoValidPairingError
from skak.io.trf import write_trf
from skak.model import Colour, Player, Ratings, Result, Round, Tournament
from skak.model.results import format_points
from skak.pairing import get_system
from skak.pairing.dubov import allocate, format_aro
from skak.pairing.dubov._cards import Card, cards_of
from skak.pairing.dubov._procedure import DubovRound, GroupNote

RESULTS = [Result.WHITE_WIN] * 5 + [Result.DRAW] * 4 + [Result.BLACK_WIN] * 5

KINDS = {
    "bye": "the bye: 4.9.6 §4 (the lowest R in the lowest score group; equal R: the dominant "
    "preference, then the higher ARO) vs 2026 3.1 (the lowest score, then the most games "
    "played, then the largest TPN)",
    "float": "who leaves a score group and whom he meets below: 4.9.6 6.4 and §8 (floaters "
    "chosen by 6.4's characteristics, then the lowest R; each paired with the highest R below, "
    "opposite preference first, 8.2) vs 2026 3.2.1/3.2.2, 4.2 and C5–C10 (no downfloaters: "
    "every resident is paired in his bracket, with the first upfloaters by score and TPN that "
    "best meet C5–C10)",
    "7.1": "the opponent moved up for a player who has met everyone in his group: 4.9.6 "
    "7.1 with 2.5 (from the next lower group, preference opposite the player's, the highest "
    "R, the lowest ARO; 2.5 forbids a third move up in a row and more than 3 (4) in all) vs "
    "2026 3.2.2, 4.2 and C6–C10 (the highest score, then the lowest TPN, that best meets "
    "C6 score differences, C7 colours, C8–C10 MaxT = 2 + Rnds/5 and the previous round)",
    "7.2": "the player moved up into an odd group: 4.9.6 7.2 with 2.5 (from the next lower "
    "group, preference opposite the group's dominant one, the highest R, the lowest ARO) vs "
    "2026 3.2.2, 4.2 and C6–C10 (as for 7.1)",
    "no-game": "a player without a played game (the round-1 bye): 4.9.6 §1 (no preference; "
    "skak puts him in the smaller subgroup) vs 2026 1.6.4 (a mild preference for black)",
    "shift": "balancing the subgroups: 4.9.6 7.3/7.4 (the n white-seekers with the lowest "
    "ARO, or black-seekers with the highest ARO, change subgroup; 2.6) vs 2026 3.2.4 and 4.3 "
    "(the first players in 4.3's middle-out order by ARO or TPN that comply best with C7)",
    "order": "the pairs within a score group: 4.9.6 6.2/6.3 (white-seekers by ascending exact "
    "ARO, ties the lower R first; black-seekers by descending R; a rematch takes the first "
    "black-seeker from a lower row) vs 2026 1.7 (ARO rounded to an integer), 3.2.5 and 4.4 "
    "(S1 by ARO then TPN; T2 the first transposition by TPN that complies best with C5–C10)",
    "colour": "the colours of a pair: 4.9.6 §3 (both preferences, equalise the numbers, the "
    "latest difference, white to the higher ARO, then to the lower R) vs 2026 5.2 (E1–E5: "
    "both preferences, the stronger preference, the latest difference, the higher-ranked "
    "player's preference)",
    "unexplained": "no rule difference found: skak's decision there was not made by a rule "
    "that differs",
}


@dataclass
class Tally:
    rounds: int = 0
    same: int = 0
    first_rounds: int = 0
    first_same: int = 0
    failed: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)


@dataclass(frozen=True)
class Bracket:
    """One of py4swiss's brackets: its residents, G1 and G2 after 3.2.4, its pairs."""

    residents: frozenset[int]
    g1: tuple[int, ...]
    g2: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Theirs:
    """py4swiss's pairing of a round (white, black; black 0 for the bye) and its brackets."""

    pairs: frozenset[tuple[int, int]]
    brackets: tuple[Bracket, ...]

    @property
    def bye(self) -> int | None:
        return next((w for w, b in self.pairs if b == 0), None)


@dataclass(frozen=True)
class Finding:
    """The first point where a round differs, and the rule difference that explains it."""

    seed: int
    round: int
    kind: str
    detail: str
    skak_lines: tuple[str, ...]
    theirs: str

    def report(self) -> str:
        lines = [f"tournament {self.seed} round {self.round}: {self.kind} — {self.detail}"]
        lines += [f"    skak: {line}" for line in self.skak_lines]
        lines.append(f"    py4swiss: {self.theirs}")
        return "\n".join(lines)


def theirs(t: Tournament) -> set[tuple[int, int]] | None:
    """py4swiss's Dubov pairing of the next round of ``t`` (``None`` when it fails)."""
    traced = theirs_traced(t)
    return None if traced is None else set(traced.pairs)


def theirs_traced(t: Tournament) -> Theirs | None:
    """py4swiss's engine run bracket by bracket as ``DubovEngine.generate_pairings`` runs it,
    keeping each bracket's residents, G1, G2 and pairs (``None`` when it fails)."""
    from py4swiss.engines.dubov.bracket import Bracket as TheirBracket
    from py4swiss.engines.dubov.bye_matcher import ByeMatcher
    from py4swiss.engines.dubov.engine import Engine
    from py4swiss.engines.dubov.pairer import Pairer
    from py4swiss.engines.dubov.player import PlayerRole, get_player_infos_from_trf
    from py4swiss.engines.dubov.state import State
    from py4swiss.trf import TrfParser

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.trf"
        path.write_text(write_trf(t, extensions=False), encoding="utf-8")
        try:
            trf = TrfParser.parse(path)
            x = trf.x_section
            round_number = min(len(s.results) for s in trf.player_sections) + 1
            players = get_player_infos_from_trf(trf)
            players.sort(reverse=True)
            pairs = []
            if len(players) % 2 == 1:
                bye = ByeMatcher(players, x.forbidden_pairs).get_bye()
                pairs.append((bye, bye))
                players.remove(bye)
            bracket = TheirBracket(players)
            brackets = []
            while not bracket.is_finished():
                state = State.from_data(
                    bracket.players,
                    round_number,
                    x.number_of_rounds,
                    x.forbidden_pairs,
                    x.configuration.first_round_color,
                )
                residents = frozenset(
                    p.id for p in bracket.players if p.role == PlayerRole.RESIDENT
                )
                pairer = Pairer(bracket.players, state)
                pairer.determine_initial_g1_and_g2()
                pairer.perform_g1_g2_recomposition()
                g1 = tuple(p.id for p in pairer._g1)
                g2 = tuple(p.id for p in pairer._g2)
                pairer.transpose_g2()
                got = pairer.get_player_pairs()
                bracket.apply_pairings(got)
                pairs.extend(got)
                brackets.append(Bracket(residents, g1, g2, tuple((a.id, b.id) for a, b in got)))
        except Exception:  # py4swiss's own failures are counted, not raised
            return None
    found = frozenset((p.white, p.black) for p in map(Engine._get_pairing, pairs))
    return Theirs(found, tuple(brackets))


def tournament(seed: int, players: int, rounds: int) -> Tournament:
    rng = random.Random(seed)
    field_ = tuple(
        Player(i, f"P, {i:03d}", ratings=Ratings(fide=rng.randint(1400, 2600)))
        for i in range(1, players + 1)
    )
    field_ = tuple(  # numbered by rating, as both programs expect
        replace(p, start_number=i)
        for i, p in enumerate(sorted(field_, key=lambda p: -(p.ratings.fide or 0)), start=1)
    )
    return Tournament(
        f"Dubov {seed}",
        "dubov",
        number_of_rounds=rounds,
        players=field_,
        initial_colour=Colour.WHITE,
        pairing_settings=(("initial-ranking", "fide"),),
    )


def _group_lines(lines: Sequence[str], score: Fraction) -> list[str]:
    """skak's explanation lines of one score group (its heading to the next heading)."""
    head = f"score group {format_points(score)} (4.9.6 §6)"
    if head not in lines:
        return []
    out: list[str] = []
    for line in lines[lines.index(head) :]:
        ends = line.startswith(("score group ", "bye (§4)")) or ": white to " in line
        if out and ends:
            break
        out.append(line)
    return out


def classify(t: Tournament, rnd: Round, other: Theirs, seed: int) -> Finding:
    """The first point where skak's round ``rnd`` and py4swiss's ``other`` differ, named by
    the rule difference (``KINDS``) that explains it."""
    cards = cards_of(t)
    by = {c.number: c for c in cards}
    total = t.number_of_rounds
    procedure = DubovRound(cards, rnd.number, total == rnd.number, total is not None and total > 9)
    procedure.run(False)
    notes = {note.score: note for note in procedure.notes}
    lines = rnd.explanation
    ours = {(p.white, p.black or 0) for p in rnd.pairings}
    ours_bye = next((w for w, b in ours if b == 0), None)

    def who(n: int) -> str:
        c = by[n]
        return f"{n} ({format_points(c.score)}, R {c.rating}, ARO {_aro(c)})"

    def finding(kind: str, detail: str, skak: Sequence[str], there: str) -> Finding:
        return Finding(seed, rnd.number, kind, detail, tuple(skak), there)

    if ours_bye != other.bye:
        skak = [line for line in lines if line.startswith("bye (§4)")]
        theirs_bye = "nobody" if other.bye is None else who(other.bye)
        detail = f"skak gives the bye to {who(ours_bye) if ours_bye else 'nobody'}"
        return finding("bye", detail, skak, f"the bye to {theirs_bye}")
    score = {c.number: c.score for c in cards}

    def top(game: frozenset[int]) -> Fraction:
        return max(score[n] for n in game)

    games_ours = {frozenset(p) for p in ours if p[1]}
    games_theirs = {frozenset(p) for p in other.pairs if p[1]}
    for s in sorted({c.score for c in cards}, reverse=True):
        o = {g for g in games_ours if top(g) == s}
        th = {g for g in games_theirs if top(g) == s}
        if o == th:
            continue
        note = notes.get(s)
        skak = _group_lines(lines, s)
        bracket = next((b for b in other.brackets if {score[r] for r in b.residents} == {s}), None)
        there = "pairs " + ", ".join(f"{a}–{b}" for a, b in sorted(map(sorted, th)))
        if bracket is not None:
            there += f"; G1 {list(bracket.g1)}, G2 {list(bracket.g2)}"
        detail = f"score group {format_points(s)}: skak " + ", ".join(
            f"{a}–{b}" for a, b in sorted(map(sorted, o - th))
        )
        detail += ", py4swiss " + ", ".join(f"{a}–{b}" for a, b in sorted(map(sorted, th - o)))
        players_o = {n for g in o for n in g}
        players_th = {n for g in th for n in g}
        lower_o = {n for n in players_o if score[n] < s}
        lower_th = {n for n in players_th if score[n] < s}
        direct = {cards[u].number for u, a in note.moved_up if a == "7.1"} if note else set()
        across = {n for g in o ^ th for n in g if score[n] < s} & (lower_o | lower_th)
        if players_o != players_th or lower_o != lower_th or across & (direct | lower_th - lower_o):
            if note is not None and note.floaters_out:
                return finding("float", detail, skak, there)
            if note is not None and note.moved_up:
                kind = (
                    "7.1" if across & direct or all(a == "7.1" for _, a in note.moved_up) else "7.2"
                )
                return finding(kind, detail, skak, there)
            return finding("unexplained", detail, skak, there)
        if note is not None and note.floaters_out and across:
            return finding("float", detail, skak, there)
        if note is not None and bracket is not None and _subgroups_differ(cards, note, bracket):
            g1 = set(bracket.g1)
            nobody = any(  # a player without a game is on another side in py4swiss
                cards[v].preference is None and (v in note.whites) != (cards[v].number in g1)
                for v in [*note.whites, *note.blacks]
            )
            if nobody or note.switched:
                return finding("no-game" if nobody else "shift", detail, skak, there)
            return finding("unexplained", detail, skak, there)
        if note is not None and _orders_differ(cards, note):
            return finding("order", detail, skak, there)
        return finding("unexplained", detail, skak, there)
    for w, b in sorted(ours):  # the same games: a pair's colours differ
        if b and (w, b) not in other.pairs:
            skak = [line for line in lines if line.startswith(f"{by[w].name} ({w}) – ")]
            _, rule = allocate(by[w], by[b])
            kind = "colour" if rule in {"2e", "3", "4", "5"} else "unexplained"
            return finding(kind, f"{w}–{b}: skak gives white to {w}", skak, f"white to {b}")
    return finding("unexplained", "no difference found", [], "")  # pragma: no cover


def _aro(c: Card) -> str:
    return format_aro(c.aro)


def _orders_differ(cards: Sequence[Card], note: GroupNote) -> bool:
    """Whether 2026's S1 (ARO rounded to an integer, 1.7.1; ties by TPN, 3.2.5) or its G2
    order (TPN, 4.4.2) is not skak's 6.2 order (exact ARO, ties to the lower R; R
    descending)."""
    whites = [cards[v] for v in note.whites]
    blacks = [cards[v] for v in note.blacks]
    s1 = sorted(whites, key=lambda c: ((c.aro_key + Fraction(1, 2)).__floor__(), c.number))
    return s1 != whites or sorted(blacks, key=lambda c: c.number) != blacks


def _subgroups_differ(cards: Sequence[Card], note: GroupNote, bracket: Bracket) -> bool:
    """Whether skak's white- and black-seekers (after 7.3/7.4) are not py4swiss's G1 and G2
    (after 3.2.4), read over the players both hold."""
    whites = {cards[v].number for v in note.whites}
    both = (whites | {cards[v].number for v in note.blacks}) & {*bracket.g1, *bracket.g2}
    return whites & both != {*bracket.g1} & both


def compare(count: int, low: int, high: int, *, trace: bool = False) -> Tally:
    tally = Tally()
    system = get_system("dubov")
    for seed in range(count):
        rng = random.Random(seed)
        t = tournament(seed, rng.randint(low, high), rng.randint(5, 9))
        for number in range(1, (t.number_of_rounds or 0) + 1):
            try:
                rnd = system.pair(t)
            except NoValidPairingError:
                break
            ours = {(p.white, p.black or 0) for p in rnd.pairings}
            traced = theirs_traced(t)
            other = None if traced is None else set(traced.pairs)
            tally.rounds += 1
            if other is None:
                tally.failed += 1
            tally.same += other == ours
            if number == 1:
                tally.first_rounds += 1
                tally.first_same += other == ours
            if trace and traced is not None and other != ours:
                found = classify(t, rnd, traced, seed)
                tally.kinds[found.kind] += 1
                tally.findings.append(found)
            results = tuple(
                p if p.black is None else replace(p, result=rng.choice(RESULTS))
                for p in rnd.pairings
            )
            t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=results)))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, nargs=2, default=[8, 30])
    parser.add_argument("--trace", action="store_true", help="classify every difference")
    args = parser.parse_args()
    tally = compare(args.tournaments, *args.players, trace=args.trace)
    rate = tally.same / tally.rounds if tally.rounds else 0.0
    if args.trace:
        for found in tally.findings:
            print(found.report())
        print()
        for kind, text in KINDS.items():
            print(f"{tally.kinds[kind]:4d}  {kind}: {text}")
    print(
        f"Dubov beside py4swiss: {tally.same} of {tally.rounds} rounds the same ({rate:.0%}); "
        f"round 1: {tally.first_same} of {tally.first_rounds}; py4swiss failed on "
        f"{tally.failed}"
    )


if __name__ == "__main__":
    main()
