"""The Dutch system's bracket procedure (C.04.3 articles 2–4): the score of the
pairing-allocated bye first, then the brackets top down — moved-down players, exchanges
between S1 and S2, transpositions — each choice optimal for the whole field."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NoReturn

from skak.errors import NoValidPairingError
from skak.model.progress import Progress
from skak.pairing.dutch.explain import BracketNote
from skak.pairing.dutch.optimiser import _Choice, _Matcher
from skak.pairing.dutch.weights import _bits, _Context, _Weights


class _Pairer:
    """Settles the brackets top down (C.04.3 articles 2–4), re-optimising the whole field
    for every choice. ``progress`` is told ``(brackets paired, brackets)`` after each."""

    def __init__(self, ctx: _Context, progress: Progress | None = None) -> None:
        self.ctx = ctx
        self.progress = progress
        self.cards = ctx.cards
        self.n = len(self.cards)
        self.weights = _Weights(ctx)
        self.m = _Matcher(self.n)
        self.settled: list[tuple[int, int]] = []
        self.notes: list[BracketNote] = []
        self.windows = False
        #: Whether the edges outside the brackets have their weights yet (``_outside``).
        self.weighed = False
        #: Brackets paired by the natural pairing's proof (``_natural``), for the tests.
        self.natural_brackets = 0

    # -- helpers -----------------------------------------------------------------------------

    def _outside(self) -> None:
        """Weigh the edges between players still to be paired as outside the brackets
        (C2/C4, and C9 while the bye is the single downfloater, as it stands now): once,
        before the first bracket that needs an optimisation; each such weight is computed
        when an optimisation reads a pair that no bracket has weighed."""
        if self.weighed:
            return
        self.weighed = True
        cards, weights = self.cards, self.weights
        single = self.ctx.single_downfloater_is_bye

        def outside(a: int, b: int) -> int:
            if a > b:
                a, b = b, a
            return weights.outside(cards[a], cards[b], single)

        self.m.outside = outside

    def _natural(
        self, score: Fraction, mdps: list[int], residents: list[int], nexts: list[int]
    ) -> bool:
        """Settle the bracket by its natural pairing (S1 against S2, C.04.3 article 3), when a
        cheap proof shows the optimisation would choose it: no moved-down players and an even
        bracket, so every pairing that scores best in C5 pairs the bracket within itself and
        leaves the rest of the field the same choices; in such a pairing the fields C6 and
        C14–C21 are sums over the bracket's players, the same for all of them, and C10–C13
        count the pairs that meet them — the natural pairing meets them all, has no exchange
        and is the first transposition. The rest of the field must still be pairable (C4, the
        bye to a player who may get it); C9's scores on every edge and the bye's choice of
        the single downfloater of the next bracket are left to the optimisation."""
        ctx, cards, m = self.ctx, self.cards, self.m
        if (
            mdps
            or len(residents) % 2
            or not (m.shortcuts and self.windows)
            or ctx.single_downfloater_is_bye
            or (nexts and self.n % 2 and ctx.bye_score >= cards[nexts[0]].score)
        ):
            return False
        half = len(residents) // 2
        pairs = [(residents[i], residents[i + half]) for i in range(half)]
        for a, b in pairs:
            compatible, colours = self.weights.pair(cards[a], cards[b])
            if not (compatible and all(colours)):
                return False
        inside = sum(1 << v for v in residents)
        if m.complete(m.alive_mask() & ~inside) is None:
            return False
        for a, b in pairs:
            self._settle(a, b)
        self.natural_brackets += 1
        self._finish(score, [], residents, nexts, [], pairs, 0, m.mate)
        return True

    def _bye_search(self) -> None:
        """Step 1: the lowest score a pairing-allocated bye can go to (C.04.1 c, C2, C9):
        from the lowest score group up, whether everyone else can be paired when one
        eligible player of that score or lower is left out."""
        ctx, cards, n, m = self.ctx, self.cards, self.n, self.m
        everyone = m.alive_mask()
        for score in reversed(ctx.groups):
            m.set_bye_candidates(v for v in range(n) if self.weights.may_get_bye(cards[v], score))
            if m.complete(everyone) is not None:
                break
        else:
            self._no_pairing(everyone)
        ctx.bye_score = score
        top = cards[0].score
        if ctx.bye_score >= top:
            # The bye goes to a topscorer: is it the single downfloater (the other topscorers
            # paired among themselves, and everyone else among themselves)?
            tops = sum(1 << v for v in range(n) if cards[v].score >= top)
            ctx.single_downfloater_is_bye = (
                tops.bit_count() % 2 == 1
                and m.complete(tops) is not None
                and m.complete(everyone & ~tops) is not None
            )
        counts = sorted((c.played for c in cards if c.score == ctx.bye_score), reverse=True)
        ctx.unplayed_rank = {played: i for i, played in enumerate(counts)}

    def _no_pairing(self, mask: int) -> NoReturn:
        """Name the players who cannot all be paired (C1–C3 or the bye's C2)."""
        m = self.m
        if mask.bit_count() % 2:
            mask |= 1 << self.n
        found = m.graph.maximum_matching(mask)
        numbers = sorted(
            self.cards[v].number for v in range(self.n) if mask >> v & 1 and v not in found
        )
        raise NoValidPairingError(
            f"round {self.ctx.round} cannot be paired by the Dutch system without breaking "
            f"an absolute criterion (no rematch, no second bye, absolute colours): "
            f"players {', '.join(map(str, numbers))} cannot all be paired",
            numbers,
        )

    # -- the round ---------------------------------------------------------------------------

    def run(self) -> list[tuple[int, int]]:
        cards, n, m = self.cards, self.n, self.m
        m.top_shift = self.weights.top_shift
        m.graph.adj[:n] = self.weights.adj
        if n % 2:
            self._bye_search()
            m.set_bye_candidates(v for v in range(n) if self.weights.candidate(cards[v]))
        elif m.complete(m.alive_mask()) is None:
            self._no_pairing(m.alive_mask())
        self.weights.prepare()
        #: The window shortcut needs every edge outside the window to score nothing below
        #: the completion field; C9's field scores on all edges while the bye is the single
        #: downfloater.
        self.windows = not self.ctx.single_downfloater_is_bye

        # Score groups as (first vertex, end vertex).
        starts = [0] + [v for v in range(1, n) if cards[v].score != cards[v - 1].score]
        spans = [(s, e) for s, e in zip(starts, [*starts[1:], n], strict=True)]
        m.pair_up(*(range(s, e) for s, e in spans))
        carried: list[int] = []  # moved-down players, in order
        g = 0
        if self.progress is not None:
            self.progress(0, len(spans))
        while g < len(spans) or len(carried) > 1:
            if g >= len(spans):
                break
            res_begin, res_end = spans[g]
            nxt = spans[g + 1] if g + 1 < len(spans) else (res_end, res_end)
            carried = self._bracket(carried, res_begin, res_end, nxt)
            g += 1
            if self.progress is not None:
                self.progress(g, len(spans))
        if len(carried) > 1:  # pragma: no cover - the completion check prevents this
            raise NoValidPairingError("the Dutch pairing left several players unpaired", [])
        return self.settled

    def _bracket(
        self, mdps: list[int], res_begin: int, res_end: int, nxt: tuple[int, int]
    ) -> list[int]:
        cards, m = self.cards, self.m
        residents = list(range(res_begin, res_end))
        nexts = list(range(*nxt))
        members = mdps + residents
        low = self.ctx.pair_width  # one sub-field of the ordering bits
        score = cards[res_begin].score
        ctx = self.ctx
        if self._natural(score, mdps, residents, nexts):
            return []
        self._outside()
        m.pair_up(members, nexts)
        # Optimise over this bracket and the next only (``_Matcher``), unless the bye's
        # choice among the players below matters here: C9, or whether the bye will be the
        # single downfloater of the next bracket (``_finish``).
        m.window = (
            members + nexts
            if self.windows
            and nexts
            and not ctx.single_downfloater_is_bye
            and (self.n % 2 == 0 or ctx.bye_score < cards[nexts[0]].score)
            else None
        )

        # Quality fields for the edges into the bracket and into the next one.
        # ``base[j][i]``: the weight of ``i``–``j`` (``i < j``, both in the bracket), which
        # the ordering rules below build on; the edges into the next bracket are only set.
        base: dict[int, dict[int, int]] = {}
        everyone = members + nexts
        for pos, j in enumerate(everyone):
            if pos < len(mdps):
                continue
            in_cur = j < res_end
            his = everyone[:pos]
            ws = self.weights.column(his, j, in_cur, not in_cur)
            if in_cur:
                base[j] = dict(zip(his, ws, strict=True))
            m.set_many(j, his, ws)
        taken: set[int] = set()
        mdp_pairs = []
        if not mdps:
            # With no choices, to keep the optimal face for the remainder (``solve_remainder``).
            mate = m.solve(choices=[])
        else:
            # Which MDPs are paired here (C5/C6; the highest first) and against whom (the
            # highest resident first), as one lexicographic optimisation: selection bits
            # above one priority field per MDP, in MDP order.
            width = _bits(len(residents) + 1)
            count = len(mdps)
            low_part = count * width
            bonus: dict[tuple[int, int], int] = {}
            selects: list[_Choice] = []
            prios: list[_Choice] = []
            for i, v in enumerate(mdps):
                select = 1 << (low_part + count - 1 - i)
                selects.append((v, {}))
                prios.append((v, {}))
                for r in residents:
                    if base[r].get(v, 0):
                        prio = (res_end - r) << (width * (count - 1 - i))
                        bonus[v, r] = select + prio
                        selects[-1][1][r] = 1
                        prios[-1][1][r] = res_end - r
            mate = m.solve(low_part + count, bonus, selects + prios)
            for v in mdps:
                r = mate[v]
                if res_begin <= r < res_end:
                    taken.update((v, r))
                    mdp_pairs.append((v, r))
                    self._settle(v, r)

        # The remainder (C.04.3 2.3): S1 and S2, exchanges, then transpositions.
        remainder = [r for r in residents if r not in taken]
        pairs_here = sum(1 for r in remainder if mate[r] < r and mate[r] >= res_begin)
        s1_size = pairs_here
        pos_of = {v: i for i, v in enumerate(remainder)}
        m.pair_up(remainder[: 2 * s1_size])

        def ordered(i: int, j: int) -> int:
            w = base[j].get(i, 0)
            if not w:
                return 0
            idx = pos_of[i]
            return w + ((((idx < s1_size) << (2 * low)) - idx) << 1)

        for a_pos, a in enumerate(remainder):
            later = remainder[a_pos + 1 :]
            m.set_many(a, later, [ordered(a, b) for b in later])
        # Optimistically the transpositions too: when no exchange is needed, S1 is the
        # first half and the same optimum already pairs it in the rules' order.
        width = _bits(len(remainder) + 1)
        shift = width * max(s1_size, 1)
        bonus = {}
        choices: list[_Choice] = []
        for i, a in enumerate(remainder[:s1_size]):
            choices.append((a, {}))
            for b in remainder[i + 1 :]:
                if base[b].get(a, 0):
                    bonus[a, b] = (len(remainder) - pos_of[b]) << (width * (s1_size - 1 - i))
                    choices[-1][1][b] = len(remainder) - pos_of[b]
        mate = m.solve_remainder(remainder[:s1_size], remainder[s1_size:], shift, bonus, choices)

        def higher(v: int) -> bool:
            return v < mate[v] < res_end

        exchanges = sum(1 for v in remainder[:s1_size] if not higher(v))
        if not exchanges:
            rem_pairs = [(a, mate[a]) for a in remainder[:s1_size]]
            for a, b in rem_pairs:
                taken.update((a, b))
                self._settle(a, b)
            left = [v for v in remainder if v not in taken]
            for i, a in enumerate(left):
                for b in left[i + 1 :]:
                    m.set(a, b, 0)  # they float together: no pair among them later
            return self._finish(score, mdps, residents, nexts, mdp_pairs, rem_pairs, 0, mate)
        remaining = exchanges
        out_of_s1: list[int] = []
        for idx in range(s1_size - 1, -1, -1):
            if not remaining:
                break
            v = remainder[idx]
            later = remainder[idx + 1 :]
            if higher(v):
                for b in later:
                    w = ordered(v, b)
                    if w:
                        m.set(v, b, w - 1)
                mate = m.solve()
            moved = not higher(v)
            remaining -= moved
            if moved:
                out_of_s1.append(v)
            for b in later:
                if moved:
                    base[b][v] = 0
                m.set(v, b, ordered(v, b))
        remaining = exchanges
        into_s1: list[int] = []
        for idx in range(s1_size, len(remainder)):
            if remaining <= 1:
                break
            v = remainder[idx]
            later = remainder[idx + 1 :]
            already = higher(v)
            if not already:
                for b in later:
                    w = ordered(v, b)
                    if w:
                        m.set(v, b, w + 1)
                mate = m.solve()
            if higher(v):
                remaining -= 1
                into_s1.append(v)
                for a in remainder[:idx]:
                    base[v][a] = 0
                    m.set(a, v, 0)
                for b in nexts:
                    m.set(v, b, 0)
            if not already:
                for b in later:
                    m.set(v, b, ordered(v, b))
        for a_pos, a in enumerate(remainder):
            for b in remainder[a_pos + 1 :]:
                if not higher(a) or higher(b):
                    base[b][a] = 0
                m.set(a, b, base[b].get(a, 0))

        # Each S1 player, from the top, gets the highest S2 player the optimum allows.
        tops = [a for a in remainder if a not in taken and higher(a)]
        shift = width * max(len(tops), 1)
        bonus = {}
        choices = []
        for i, a in enumerate(tops):
            choices.append((a, {}))
            for b in remainder:
                if b > a and base[b].get(a, 0):
                    bonus[a, b] = (len(remainder) - pos_of[b]) << (width * (len(tops) - 1 - i))
                    choices[-1][1][b] = len(remainder) - pos_of[b]
        mate = m.solve(shift, bonus, choices)
        rem_pairs = [(a, mate[a]) for a in tops]
        for a, b in rem_pairs:
            taken.update((a, b))
            self._settle(a, b)
        return self._finish(score, mdps, residents, nexts, mdp_pairs, rem_pairs, exchanges, mate)

    def _finish(
        self,
        score: Fraction,
        mdps: list[int],
        residents: list[int],
        nexts: list[int],
        mdp_pairs: list[tuple[int, int]],
        rem_pairs: list[tuple[int, int]],
        exchanges: int,
        mate: Sequence[int],
    ) -> list[int]:
        """Who moves down, and whether the bye is still the single downfloater (C9)."""
        ctx, cards = self.ctx, self.cards
        paired = {v for pair in (*mdp_pairs, *rem_pairs) for v in pair}
        floaters = [v for v in (*mdps, *residents) if v not in paired]
        if nexts:
            nscore = cards[nexts[0]].score
            single = self.n % 2 == 1 and ctx.bye_score >= nscore
            for v in floaters + nexts:
                if single and cards[mate[v]].score < nscore:
                    single = False
            ctx.single_downfloater_is_bye = single
        else:
            ctx.single_downfloater_is_bye = False
        self._explain(score, mdps, residents, mdp_pairs, rem_pairs, floaters, exchanges, nexts)
        return floaters

    def _settle(self, a: int, b: int) -> None:
        self.settled.append((a, b))
        self.m.settle(a, b)

    def _explain(
        self,
        score: Fraction,
        mdps: list[int],
        residents: list[int],
        mdp_pairs: list[tuple[int, int]],
        rem_pairs: list[tuple[int, int]],
        floaters: list[int],
        exchanges: int,
        nexts: list[int],
    ) -> None:
        """Keep what the bracket decided, for the explanation (:mod:`.explain`)."""
        self.notes.append(
            BracketNote(
                score,
                tuple(mdps),
                tuple(residents),
                tuple(mdp_pairs),
                tuple(rem_pairs),
                tuple(floaters),
                exchanges,
                not nexts,
                self.cards[nexts[0]].score if nexts else None,
            )
        )
