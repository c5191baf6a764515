"""Pairing the score groups (pointpuljer) of one round: DSU 003 §4.9.3 rules 4–6 and 9.

Players are positions ``0 … n−1`` in the round's order (points, then start number by
strength). The rules' "indtil løsning" is decided exactly: a choice is a solution when the
players it leaves can still all be paired (:class:`~skak.pairing.matching.MatchGraph`),
which is also the closing note of §4.9.4 ("når en pointpulje er parret, kan denne først
opløses, hvis puljens eventuelle flydere og de efterfølgende spillere på ingen måde kan parres").

For each pulje, in the rules' order:

1. the floaters (flydere): none (even pulje) or the middle player (6.1), then the two middle
   players (6.2), then the alternatives of 6.3;
2. for each floater set, the rest is split into gruppe a and b (5.1) and composed by 5.3:
   exchanges in b (nr. 1–2), moving one player between a and b (nr. 4), exchanging two or
   more (nr. 5); the first split that can be paired is used, and among its compositions the
   one meeting most colour preferences wins, ties to the earlier (5.2);
3. the floaters are paired, strongest first, with the nearest lower player (5.4), a player
   meeting more colour preferences first, a strong preference before a weak one (the note to
   6.3).

A floater set or a floater's opponent is only taken when the floaters and everyone below can
still be paired (the closing note of §4.9.4). Rule 9 ("Særregler hvis nederste pulje/"gruppe"
ikke kan parres") is cited, and the players left are paired as one bottom "gruppe" ordered by
points and start numbers (9.3), only when the rule's first choice was rejected because the
LOWEST pulje could then not be paired: no pairing of the players below gives every player of
the lowest score group an opponent, and they span at most two score groups. A choice rejected
because a player of a higher pulje would have no opponent is the ordinary dissolving of 5.4
and the closing note, and the puljer below are paired one by one. The choice among
compositions is :mod:`._compose`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from skak.messages import N_, Message
from skak.model.results import format_points
from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing.dansk._compose import IS_X, Composer, PairValue, Pos

__all__ = ["PairNote", "PuljePairer", "Split", "configurations", "floater_sets"]

#: Splits of a pulje (5.3 nr. 4–5) examined before skak pairs the rest in order (5.3 nr. 7).
_SPLIT_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class PairNote:
    """One pair as the pulje algorithm made it: ``high`` is the better placed player.

    ``b_from_bottom`` is the b-player's place counted from the weakest of gruppe b (1 = the
    weakest), for rule 7.1 in round 1; ``None`` for pairs that are not a–b pairs.
    """

    high: Pos
    low: Pos
    how: str
    b_from_bottom: int | None = None


@dataclass(slots=True)
class _Outcome:
    title: str
    notes: list[PairNote] = field(default_factory=list)
    lines: list[Message] = field(default_factory=list)
    used: int = 0
    forced: bool = False
    bottom: bool = False  # the first choice failed because the lowest pulje could not be paired


def floater_sets(n: int) -> Iterator[tuple[tuple[int, ...], Message]]:
    """The floater sets of a pulje of ``n`` players, as places ``0 … n−1``, in the rules'
    order, each with the rule that makes it (duplicates left out).

    >>> [f for f, _ in floater_sets(5)]
    [(2,), (1,), (0,), (3,), (4,), (1, 2, 3), (0, 1, 2, 3, 4)]
    """
    seen: set[tuple[int, ...]] = set()

    def fresh(candidate: tuple[int, ...]) -> bool:
        if candidate in seen:
            return False
        seen.add(candidate)
        return True

    if n == 0:
        return
    if n % 2:
        original: tuple[int, ...] = (n // 2,)
        fresh(original)
        yield original, N_("6.1: the middle player is the floater")
    else:
        fresh(())
        yield (), N_("5.1: an even pulje")
        original = (n // 2 - 1, n // 2)
        if fresh(original):
            yield original, N_("6.2: the two middle players are floaters")
    for f in original:
        for p in range(f - 1, -1, -1):
            if p in original:
                continue
            candidate = tuple(sorted({*original, p} - {f}))
            if fresh(candidate):
                yield (
                    candidate,
                    N_("6.3 nr. 1: floater at place {place} exchanged upwards", place=f + 1),
                )
    for f in reversed(original):
        for p in range(f + 1, n):
            if p in original:
                continue
            candidate = tuple(sorted({*original, p} - {f}))
            if fresh(candidate):
                yield (
                    candidate,
                    N_("6.3 nr. 2: floater at place {place} exchanged downwards", place=f + 1),
                )
    lo, hi = min(original), max(original)
    step = 3
    while lo > 0 or hi < n - 1:
        lo, hi = max(0, lo - 1), min(n - 1, hi + 1)
        candidate = tuple(range(lo, hi + 1))
        if (n - len(candidate)) % 2 == 0 and fresh(candidate):
            yield (
                candidate,
                (
                    N_("6.3 nr. 3: the nearest players above and below join the floaters")
                    if step == 3
                    else N_("6.3 nr. 4: more floaters added as in nr. 3")
                ),
            )
            step = 4
    everyone = tuple(range(n))
    if fresh(everyone):
        yield everyone, N_("6.3 nr. 5 (5.3 nr. 8): every player of the pulje is a floater")


@dataclass(frozen=True, slots=True)
class Split:
    """Gruppe a and b of a pulje (5.1), or as 5.3 nr. 4–5 changed them (``rule``, with the
    players moved ``down`` into b and ``up`` into a)."""

    a: list[Pos]
    b: list[Pos]
    rule: str | None = None
    down: tuple[Pos, ...] = ()
    up: tuple[Pos, ...] = ()


def configurations(rest: Sequence[Pos]) -> Iterator[Split]:
    """The splits of an even ``rest`` into gruppe a and b in the order of 5.3: the halves of
    5.1, then one player moved between a and b (nr. 4: the lowest of a first, with the
    highest of b first), then two or more exchanged (nr. 5). Each half stays in order.

    >>> [(s.a, s.b) for s in configurations([1, 2, 3, 4])][:3]
    [([1, 2], [3, 4]), ([1, 3], [2, 4]), ([1, 4], [2, 3])]
    """
    m = len(rest) // 2
    a, b = list(rest[:m]), list(rest[m:])
    yield Split(a, b)
    for k in range(1, m + 1):
        rule = "5.3 nr. 4" if k == 1 else "5.3 nr. 5"
        for down in combinations(reversed(a), k):
            for up in combinations(b, k):
                a2 = sorted([p for p in a if p not in down] + list(up))
                b2 = sorted(list(down) + [p for p in b if p not in up])
                yield Split(a2, b2, rule, tuple(sorted(down)), up)


class PuljePairer:
    """Pairs one round's positions pulje by pulje.

    ``points[i]`` are the pairing points of position ``i`` (positions are in pairing order);
    ``value(i, j)`` tells how many colour preferences the colours of pair ``(i, j)`` meet,
    how many of them strong, and how many strong preferences they break (only in the
    last-round exception); ``kind[i]`` is the colour class of position ``i``; ``name[i]``
    names it in explanations. With ``straight`` (the setting ``colour-choice=straight``) each
    a-player meets the strongest b-player he has not met (4.9.4: "skal spillerne i gruppe a
    … møde den stærkeste spiller i gruppe b som de ikke tidligere har mødt") and colours never
    reorder gruppe b; by default the composition meeting most colour preferences wins (5.2).
    """

    def __init__(
        self,
        graph: MatchGraph,
        points: Sequence[Fraction],
        value: PairValue,
        kind: Sequence[int],
        name: Sequence[str],
        *,
        straight: bool = False,
    ) -> None:
        self.graph = graph
        self.points = list(points)
        self.value = value
        self.name = list(name)
        self.kind = list(kind)
        self.straight = straight
        self.composer = Composer(graph, value, list(kind))

    def names(self, positions: Sequence[Pos] | int) -> str:
        items = list(bits(positions)) if isinstance(positions, int) else list(positions)
        return ", ".join(self.name[p] for p in items) or N_("none")

    # -- the round -------------------------------------------------------------------------

    def pair_round(self) -> tuple[list[PairNote], list[Message]]:
        """Every pair of the round with the explanation lines, pulje by pulje (4.2)."""
        remaining = (1 << self.graph.size) - 1
        notes: list[PairNote] = []
        lines: list[Message] = []
        merged = False
        while remaining:
            first = (remaining & -remaining).bit_length() - 1
            title: Message
            if merged:
                pulje = list(bits(remaining))
                title = N_("the bottom gruppe")
                rule = N_("9.3, by points and start numbers")
            else:
                pts = self.points[first]
                pulje = [p for p in bits(remaining) if self.points[p] == pts]
                title = N_("pulje {score}", score=format_points(pts))
                rule = N_("pointpulje, 4.1")
            pmask = sum(1 << p for p in pulje)
            lower = remaining & ~pmask
            out = self.pair_pulje(pulje, lower, title, rule)
            notes.extend(out.notes)
            lines.extend(out.lines)
            remaining &= ~out.used
            if out.bottom and not merged and remaining:
                groups = {self.points[p] for p in bits(remaining)}
                if len(groups) <= 2:
                    merged = True
                    lines.append(
                        N_(
                            "9.3: the players left ({players}) are paired as one bottom gruppe, "
                            "ordered by points and start numbers",
                            players=self.names(remaining),
                        )
                    )
        return notes, lines

    def bottom_fails(self, left: int, apart: int = 0) -> bool:
        """Rule 9's condition for the players ``left`` below a pulje after the rule's first
        choice there: they cannot all be paired, they span at most two score groups (the rest
        of the next pulje and the lowest), and it is the lowest pulje that fails — no pairing of
        them gives every player of the lowest score group an opponent. Player X (``IS_X``)
        belongs to the lowest group."""
        if not left or self.graph.can_pair(left, apart):
            return False
        real = [p for p in bits(left) if self.kind[p] != IS_X]
        groups = {self.points[p] for p in real}
        if not groups or len(groups) > 2:
            return False
        low = min(groups)
        lowest = sum(1 << p for p in bits(left) if self.kind[p] == IS_X or self.points[p] == low)
        return not self.graph.can_cover(left, lowest, apart)

    # -- one pulje -------------------------------------------------------------------------

    def pair_pulje(self, pulje: list[Pos], lower: int, title: Message, rule: Message) -> _Outcome:
        """Pair ``pulje`` (positions in order) with the players of ``lower`` below it."""
        out = _Outcome(title)
        out.lines.append(
            N_("{title} ({rule}): {players}", title=title, rule=rule, players=self.names(pulje))
        )
        graph = self.graph
        first_rule: str | None = None
        for places, why in floater_sets(len(pulje)):
            if first_rule is None:
                first_rule = why
            floaters = [pulje[k] for k in places]
            fmask = sum(1 << p for p in floaters)
            if floaters and not lower:
                continue
            rest = [p for p in pulje if not fmask >> p & 1]
            rmask = sum(1 << p for p in rest)
            if not graph.can_pair(rmask):
                continue
            if not graph.can_pair(fmask | lower, apart=fmask):
                if not out.forced:
                    out.bottom = self.bottom_fails(fmask | lower, fmask)
                out.forced = True
                continue
            if out.forced and out.bottom:
                which = "9.1" if first_rule.startswith("6.1") else "9.2"
                out.lines.append(
                    N_(
                        "{rule}: the rule's first choice would leave the lowest pulje "
                        "unpairable, so the floaters are chosen again",
                        rule=which,
                    )
                )
            elif out.forced:
                out.lines.append(
                    N_(
                        "the rule's first choice would leave a player below without an "
                        "opponent ('på ingen måde kan parres', the closing note of 4.9.4), so "
                        "the floaters are chosen again (5.4, 6.3)"
                    )
                )
            if floaters:
                out.lines.append(
                    N_("flydere: {players} ({why})", players=self.names(floaters), why=why)
                )
            out.used |= rmask | fmask
            self._compose(rest, out)
            self._pair_floaters(floaters, lower, out)
            return out
        self._in_order(pulje, lower, out)
        return out

    # -- composing the rest (5.1–5.3) --------------------------------------------------------

    def _compose(self, rest: list[Pos], out: _Outcome) -> None:
        if not rest:
            return
        graph = self.graph
        for count, split in enumerate(configurations(rest)):
            if count >= _SPLIT_BUDGET:
                break
            a, b = split.a, split.b
            if not graph.halves_can_pair(sum(1 << p for p in a), sum(1 << p for p in b)):
                continue
            first = self.composer.first(a, b)
            if self.straight:  # colour-choice=straight: 4.9.4, no reordering for colours
                found, exact = first, True
            else:
                found, exact = self.composer.best(a, b)
            if split.rule is not None:
                out.lines.append(
                    N_(
                        "{rule}: {down} moved to gruppe b, {up} to gruppe a",
                        rule=split.rule,
                        down=self.names(split.down),
                        up=self.names(split.up),
                    )
                )
            out.lines.append(N_("gruppe a: {a}; gruppe b: {b}", a=self.names(a), b=self.names(b)))
            met_found = sum(self.value(i, j)[0] for i, j in found)
            met_first = sum(self.value(i, j)[0] for i, j in first)
            straight = [j for _, j in first] == b
            if found != first:
                out.lines.append(
                    N_(
                        "5.2: of the compositions of these halves, this one meets the most "
                        "colour preferences ({met}; the first in the rule's order meets "
                        "{first})",
                        met=met_found,
                        first=met_first,
                    )
                )
            elif not straight:
                out.lines.append(N_("5.3 nr. 1–2: players of gruppe b moved up until all can meet"))
            if not exact:
                out.lines.append(
                    N_(
                        "skak's search limit was reached: the composition meeting most colour "
                        "preferences among those examined is used"
                    )
                )
            m = len(b)
            rule: str
            if split.rule is not None:
                rule = split.rule
            elif found != first:
                rule = N_("5.2, colour preferences")
            else:
                rule = "5.3 nr. 1–2" if not straight else "5.1"
            for i, j in found:
                place = b.index(j)
                how = N_(
                    "{title}: a-player {player} meets b-player {opponent} ({rule})",
                    title=out.title,
                    player=self.name[i],
                    opponent=self.name[j],
                    rule=rule,
                )
                out.notes.append(PairNote(i, j, how, m - place))
            return
        out.lines.append(
            N_(
                "5.3 nr. 7: no split within skak's search limit pairs the pulje; its players "
                "are paired in order, each with the nearest player he may meet"
            )
        )
        self._in_order(rest, 0, out, label="5.3 nr. 7")

    # -- floaters (5.4) --------------------------------------------------------------------

    def _pair_floaters(self, floaters: list[Pos], lower: int, out: _Outcome) -> None:
        graph = self.graph
        pending = sum(1 << p for p in floaters)
        pool = lower
        for f in floaters:
            pending &= ~(1 << f)
            options = graph.adj[f] & pool
            nearest: Pos | None = None
            wished: Pos | None = None
            chosen: Pos | None = None
            for group in self._score_groups(options):
                if nearest is None:
                    nearest = group[0]

                def key(c: Pos, f: Pos = f) -> tuple[int, int, int, Pos]:
                    count, strong, broken = self.value(f, c)
                    return broken, -count, -strong, c

                ranked = sorted(group, key=key)
                if wished is None:
                    wished = ranked[0]
                for c in ranked:
                    if graph.can_pair((pool & ~(1 << c)) | pending, apart=pending):
                        chosen = c
                        break
                if chosen is not None:
                    break
            if chosen is None:  # pragma: no cover - the floater set was checked pairable
                raise AssertionError("floater without a partner")
            source = out.title
            left = (pool & ~(1 << nearest)) | pending if nearest is not None else 0
            if chosen == nearest:
                how = N_("the nearest lower player he may meet (5.4)")
            elif chosen == wished or graph.can_pair(left, apart=pending):
                how = N_(
                    "the lower player of the nearest pulje meeting most colour preferences, a "
                    "strong one first (5.4 with 5.2 and the note to 6.3)"
                )
            else:
                if self.bottom_fails(left, pending):
                    out.bottom = True
                    how = N_(
                        "a nearer choice would leave the lowest pulje unpairable, so the "
                        "floater's pairing was dissolved and made again (9.1)"
                    )
                else:
                    how = N_(
                        "a nearer choice would leave a player below without an opponent, so "
                        "the floater's pairing was dissolved and made again (5.4 and the "
                        "closing note of 4.9.4)"
                    )
                out.forced = True
            met = N_(
                "flyder {player} from {source} meets {opponent}: {how}",
                player=self.name[f],
                source=source,
                opponent=self.name[chosen],
                how=how,
            )
            out.notes.append(PairNote(f, chosen, met))
            out.used |= 1 << chosen
            pool &= ~(1 << chosen)

    def _score_groups(self, mask: int) -> Iterator[list[Pos]]:
        group: list[Pos] = []
        for p in bits(mask):
            if group and self.points[p] != self.points[group[0]]:
                yield group
                group = []
            group.append(p)
        if group:
            yield group

    # -- the last resort (5.3 nr. 7) -------------------------------------------------------

    def _in_order(self, players: list[Pos], lower: int, out: _Outcome, label: str = "") -> None:
        """Each player in turn meets the nearest following player (in the pulje or below) with
        whom everyone left can still be paired."""
        graph = self.graph
        left = sum(1 << p for p in players) | lower
        if not label:
            out.lines.append(
                N_(
                    "5.3 nr. 7 (fortsæt indtil løsning): no floater choice of 6.1–6.3 pairs the "
                    "pulje; each player in turn meets the nearest player he may meet"
                )
            )
            label = "5.3 nr. 7"
        for p in players:
            if not left >> p & 1:
                continue
            left &= ~(1 << p)
            for c in bits(graph.adj[p] & left):
                if c > p and graph.can_pair(left & ~(1 << c)):
                    nearest_possible = N_(
                        "{rule}: {player} meets the nearest possible, {opponent}",
                        rule=label,
                        player=self.name[p],
                        opponent=self.name[c],
                    )
                    out.notes.append(PairNote(p, c, nearest_possible))
                    out.used |= (1 << p) | (1 << c)
                    left &= ~(1 << c)
                    break
            else:  # pragma: no cover - the round was checked pairable
                raise AssertionError("no partner in order")
