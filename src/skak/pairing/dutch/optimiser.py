"""The Dutch system's optimiser (``_Matcher``): the weighted graph of the players still to
be paired, optimised by an exact maximum-weight matching (:mod:`skak.pairing._graphs.weighted`)
with three exact shortcuts — the window with a completion check, the sparse certified solve,
and the choices on the optimal face (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing._graphs.weighted import max_weight_matching, optimum

#: One choice of an optimisation with a bonus (``_Matcher.solve``): a player, and the value of
#: each opponent he may get (higher is better).
_Choice = tuple[int, dict[int, int]]

#: Whether ``_Matcher`` takes its shortcuts (tests compare the two ways).
SHORTCUTS = True

#: Each player's heaviest edges that the first sparse solve keeps (``_graphs.weighted``).
_NEIGHBOURS = 12


class _Matcher:
    """A weighted graph over the players to pair, kept between optimisations as a sparse
    weight matrix and a function for the pairs it leaves out; an edge of weight 0 is no
    edge. Pairs that have been settled leave the graph.

    A *window* (the bracket being paired and the next one) may be set: an optimisation then
    looks at the window only, with the completion field (the top bits, ``top_shift`` and
    above) left out, and keeps its answer only when the players it leaves unpaired can be
    paired with the rest of the field (``graph``, a bit-set pairability test). Since every
    complete pairing scores the same in the completion field, and nothing outside the window
    scores in the lower fields, that answer is then optimal for the whole field; otherwise
    the whole field is optimised."""

    def __init__(self, size: int) -> None:
        #: The weights ``set`` gave, per player (a sparse matrix); the other pairs weigh
        #: what ``outside`` says, computed when an optimisation reads them (no function: 0).
        self.weights: list[dict[int, int]] = [{} for _ in range(size)]
        self.outside: Callable[[int, int], int] | None = None
        self.alive = [True] * size
        self.size = size
        self.mate = list(range(size))
        self.solves = 0
        self.window_solves = 0
        self.choice_solves = 0
        #: Choice solves that looked at the window only (``_choose`` with a window).
        self.window_choices = 0
        #: Choices made on the face of an optimum with blossoms and kept (``_choose``).
        self.blossom_face_solves = 0
        # Position ``size`` is the bye: joined to the players who may get it, once known.
        self.graph = MatchGraph([0] * (size + 1))
        self.window: list[int] | None = None
        self.top_shift = 0
        self.natural: dict[int, int] = {}
        #: The window and the choices on the optimal face (off: every optimisation is one
        #: weighted matching of the whole field, the plain method they must agree with).
        self.shortcuts = SHORTCUTS
        #: The face of the last optimisation, after its choices (``reuse``).
        self._last: _Face | None = None
        #: Optimisations of a bracket's remainder made on the face of the one before it.
        self.face_reuses = 0

    def set(self, a: int, b: int, weight: int) -> None:
        if a == b or not (self.alive[a] and self.alive[b]):
            return
        weight = max(weight, 0)
        self.weights[a][b] = self.weights[b][a] = weight
        adj = self.graph.adj
        if weight:
            adj[a] |= 1 << b
            adj[b] |= 1 << a
        else:
            adj[a] &= ~(1 << b)
            adj[b] &= ~(1 << a)

    def set_many(self, b: int, others: Sequence[int], weights: Sequence[int]) -> None:
        """``set(a, b, w)`` for each player ``a`` of ``others`` and weight ``w`` of
        ``weights``, in one pass."""
        alive = self.alive
        if not alive[b]:
            return
        rows, adj = self.weights, self.graph.adj
        row_b = rows[b]
        # The pairs are edges in ``adj`` both ways (it is symmetric among the players): only
        # the pairs whose edge comes or goes change it, read off ``adj[b]`` as "0"/"1".
        flags = bin(adj[b])[:1:-1]
        top = len(flags)
        changed = []
        for a, w in zip(others, weights, strict=True):
            if a == b or not alive[a]:
                continue
            if w > 0:
                rows[a][b] = row_b[a] = w
                if a >= top or flags[a] != "1":
                    changed.append(a)
            else:
                rows[a][b] = row_b[a] = 0
                if a < top and flags[a] == "1":
                    changed.append(a)
        bit = 1 << b
        for a in changed:
            adj[a] ^= bit
            adj[b] ^= 1 << a

    def settle(self, a: int, b: int) -> None:
        """Fix the pair ``a``–``b``: both leave the graph."""
        self.alive[a] = self.alive[b] = False
        self.weights[a] = {}
        self.weights[b] = {}
        self.mate[a], self.mate[b] = b, a

    def set_bye_candidates(self, players: Iterable[int]) -> None:
        self._last = None  # the last face is no face of the new candidates' graph
        bye = self.size
        adj = self.graph.adj
        adj[bye] = 0
        for v in players:
            adj[bye] |= 1 << v
            adj[v] |= 1 << bye

    def alive_mask(self) -> int:
        return sum(1 << v for v in range(self.size) if self.alive[v])

    def complete(self, mask: int) -> dict[int, int] | None:
        """A pairing of everyone in ``mask`` (with the bye when their number is odd), or
        ``None`` when there is none. Any such pairing does (the rest of the field is paired
        again later), so the greedy start takes each player's lowest free neighbour."""
        if mask.bit_count() % 2:
            mask |= 1 << self.size
        found = self.graph.maximum_matching(mask, fewest=False)
        return found if len(found) == mask.bit_count() else None

    def _matrix(
        self,
        nodes: Sequence[int],
        shift: int,
        bonus: Mapping[tuple[int, int], int] | None,
        mask: int = -1,
    ) -> list[list[int]]:
        extra = bonus or {}
        outside = self.outside
        # Weights repeat (players alike weigh alike): each is masked and shifted once.
        scaled: dict[int, int] = {}
        out = []
        for a in nodes:
            row = self.weights[a]
            line = []
            for b in nodes:
                w = row.get(b)
                if w is None:
                    w = 0 if outside is None or a == b else outside(a, b)
                if w:
                    x = scaled.get(w)
                    if x is None:
                        x = scaled[w] = (w & mask) << shift
                    if extra:
                        x += extra.get((a, b) if a < b else (b, a), 0)
                    w = x
                line.append(w)
            out.append(line)
        return out

    def solve(
        self,
        shift: int = 0,
        bonus: Mapping[tuple[int, int], int] | None = None,
        choices: Sequence[_Choice] | None = None,
    ) -> list[int]:
        """A maximum-weight matching; with ``shift``, every weight is first multiplied by
        ``2**shift`` and ``bonus`` added, so the bonus only breaks ties (lexicographic).

        ``choices`` is the same bonus as a list of choices, most important first: a player
        and the value of each opponent he may get. Then the optimum is usually found
        without the bonus's huge weights (``_choose``)."""
        self.solves += 1
        self._last = None
        if choices is not None and self.shortcuts and self._choose(choices, shift, bonus or {}):
            self.choice_solves += 1
            self.window_choices += self.window is not None
            return self.mate
        if self.window is not None and self.shortcuts and self._solve_window(shift, bonus):
            self.window_solves += 1
            return self.mate
        nodes = [v for v in range(self.size) if self.alive[v]]
        found = self._optimise(nodes, self._matrix(nodes, shift, bonus))
        for i, v in enumerate(nodes):
            self.mate[v] = nodes[found[i]]
        return self.mate

    def solve_remainder(
        self,
        s1: Sequence[int],
        s2: Sequence[int],
        shift: int,
        bonus: Mapping[tuple[int, int], int],
        choices: Sequence[_Choice],
    ) -> list[int]:
        """``solve(shift, bonus, choices)`` for a bracket's remainder split into ``s1`` and
        ``s2``, after an optimisation of the same bracket with choices (``last``) whose
        moved-down players' pairs have been settled, the remainder's pairs weighted since by
        the ordering rules and nothing else changed. Tries ``reuse`` first."""
        last, self._last = self._last, None
        if last is not None and self.shortcuts and self._reuse(last, s1, s2, choices):
            self.solves += 1
            self.face_reuses += 1
            return self.mate
        return self.solve(shift, bonus, choices)

    def _reuse(
        self, last: _Face, s1: Sequence[int], s2: Sequence[int], choices: Sequence[_Choice]
    ) -> bool:
        """The remainder's optimisation without a new matching, when the remainder can be
        paired without exchanges: on the face of the last optimisation (after its choices),
        each player of ``s1`` keeps only his edges to ``s2`` and the players of ``s2`` lose
        theirs among themselves; the choices are made there, and the answer is kept when,
        with the pairs settled since, it weighs the last optimum.

        Why this is the optimum: the new weights are the last ones plus the ordering term
        of the remainder's pairs (C.04.3 4.3: pairs led by an S1 player, then the lowest
        numbers leading; its fields lie below every quality field). The new optimum weighs
        at most the last optimum less the settled pairs (any pairing of the rest, with them,
        is a pairing the last optimisation weighed) plus the most the ordering term gives
        (the remainder's pairs exactly S1's players each with one of S2: every leader of
        S1, and the lowest numbers; one leader fewer loses more than any numbers gain, and
        a pair more is led by S2 and loses its number). A pairing that reaches both bounds
        is optimal, and then every optimal one reaches both: with the settled pairs it is
        optimal for the last weights and takes the last choices (so it lies on that face:
        complementary slackness), and its remainder's pairs are S1 against S2. The choices,
        made over a set holding all optimal pairings, give a pairing in the optimal set:
        the best of that set, as ``_choose`` argues."""
        size, bye = self.size, 1 << self.size
        alive = self.alive_mask()
        everyone = alive | (bye if alive.bit_count() % 2 else 0)
        if everyone & ~last.everyone:
            return False
        pairs = {v: u for v, u in last.pairs.items() if everyone >> v & 1}
        if any(not everyone >> u & 1 for u in pairs.values()):
            return False  # a pair was settled that the last pairing did not hold
        face = MatchGraph(last.face.adj)
        adj = face.adj
        inside = sum(1 << b for b in s2)
        touched = 0
        for a in s1:
            cut = adj[a] & ~inside
            adj[a] &= inside
            touched |= cut | 1 << a
            clear = ~(1 << a)
            for b in bits(cut):
                adj[b] &= clear
        for b in s2:
            if adj[b] & inside:
                adj[b] &= ~inside
                touched |= 1 << b
        pairs = face.repair(everyone, pairs, touched)
        if len(pairs) != everyone.bit_count():
            return False  # exchanges are needed
        face.prefer(_preferred(face, everyone, choices, pairs))
        pairs = face.maximum_matching(everyone, fewest=False)
        pairs = _take_choices(face, everyone, pairs, choices)
        full = dict(pairs)
        for v in last.nodes:
            if not self.alive[v]:
                full[v] = self.mate[v]
        if _weight(last.matrix, last.nodes, full) != last.best:
            return False
        for v in bits(alive):
            u = pairs.get(v, v)
            self.mate[v] = u if u < size else v
        return True

    def _optimise(self, nodes: Sequence[int], matrix: Sequence[Sequence[int]]) -> list[int]:
        """A maximum-weight matching of ``matrix`` over ``nodes`` (positions in ``nodes``),
        sparse and certified, starting from the last optimum and the natural pairs."""
        return max_weight_matching(matrix, _NEIGHBOURS, self._hint(nodes), self._near(nodes))

    def pair_up(self, *groups: Sequence[int]) -> None:
        """Note each group's natural pairs (first half against second half, as S1 against
        S2): the sparse solver looks around them first (``near``)."""
        for group in groups:
            half = len(group) // 2
            for i in range(half):
                a, b = group[i], group[i + half]
                self.natural[a], self.natural[b] = b, a

    def _near(self, nodes: Sequence[int]) -> list[int]:
        where = {v: i for i, v in enumerate(nodes)}
        return [where.get(self.natural.get(v, v), i) for i, v in enumerate(nodes)]

    def _hint(self, nodes: Sequence[int]) -> list[int]:
        """The last optimum's pairs among ``nodes`` (positions in ``nodes``), or before any
        optimisation a maximum matching: the sparse solver starts from their edges."""
        mate = self.mate
        if all(mate[v] == v for v in nodes):
            mate = list(range(self.size))
            for v, u in self.graph.maximum_matching(sum(1 << v for v in nodes)).items():
                mate[v] = u
        where = {v: i for i, v in enumerate(nodes)}
        return [where.get(mate[v], i) for i, v in enumerate(nodes)]

    def _choose(
        self, choices: Sequence[_Choice], shift: int, bonus: Mapping[tuple[int, int], int]
    ) -> bool:
        """The bonus optimisation as a sequence of choices on the optimal face: one
        optimisation without the bonus gives duals; when no blossom has a positive dual,
        the optimal pairings (with the rest of the field completed, in a window) are exactly
        the perfect matchings of a graph ``face`` — tight edges, players of dual 0 free to
        leave — so each choice, most important first, takes the best opponent group that
        still leaves a perfect matching (a bit-set test). False when this does not apply.

        With blossoms, every optimal pairing is still a perfect matching of ``face``, but
        not every such matching is optimal (a blossom of positive dual must keep all but
        one of its players among themselves): the choices' pairing is kept when it weighs
        as much as the optimum — the best of a larger set that lies in the smaller set is
        the best of the smaller set — and otherwise the bonus is optimised on the tight
        edges (``_tight_bonus``)."""
        window = self.window
        nodes = [v for v in (window if window is not None else range(self.size)) if self.alive[v]]
        mask = (1 << self.top_shift) - 1 if window is not None else -1
        matrix = self._matrix(nodes, 0, None, mask)
        found = optimum(matrix, _NEIGHBOURS, self._hint(nodes), self._near(nodes), True, nodes)
        size, bye = self.size, 1 << self.size
        adj = [0] * (size + 1)
        free = 0  # players of dual 0: they may stay out of the window's pairs
        for i, tight in enumerate(found.tight(matrix)):  # bit sets over the players
            a = nodes[i]
            adj[a] = tight
            if not found.duals[i]:
                free |= 1 << a
        tight_adj = list(adj)  # before the rest of the field joins the face
        alive = self.alive_mask()
        compat = self.graph.adj
        if window is not None:
            rest = alive & ~sum(1 << v for v in nodes)
            others = rest | free | bye
            for v in bits(rest | free):
                adj[v] |= compat[v] & others & ~(1 << v)
            adj[size] = compat[size] & (rest | free)
        else:
            adj[size] = free & compat[size]  # the bye's candidates (C2) among them
            for v in bits(adj[size]):
                adj[v] |= bye
        everyone = alive | (bye if alive.bit_count() % 2 else 0)
        face = MatchGraph(adj)
        optimal = {nodes[i]: nodes[j] for i, j in enumerate(found.mate)}
        face.prefer(_preferred(face, everyone, choices, optimal))
        pairs = face.maximum_matching(everyone, fewest=False)
        if len(pairs) != everyone.bit_count():
            return False
        pairs = _take_choices(face, everyone, pairs, choices)
        best = _weight(matrix, nodes, optimal)
        if not found.flat and _weight(matrix, nodes, pairs) != best:
            return self._tight_bonus(nodes, matrix, tight_adj, found.mate, shift, bonus)
        self.blossom_face_solves += not found.flat
        self._last = _Face(face, everyone, pairs, matrix, nodes, best)
        for v in bits(alive):
            u = pairs.get(v, v)
            self.mate[v] = u if u < size else v
        return True

    def _tight_bonus(
        self,
        nodes: Sequence[int],
        matrix: Sequence[Sequence[int]],
        tight: Sequence[int],
        start: Sequence[int],
        shift: int,
        bonus: Mapping[tuple[int, int], int],
    ) -> bool:
        """The bonus optimisation on the edges that are tight in an optimum without the
        bonus: every optimum with the bonus is an optimum without it, so it uses only such
        edges (complementary slackness holds for any pair of optimal solutions)."""
        where = {v: i for i, v in enumerate(nodes)}
        weights = [[0] * len(nodes) for _ in nodes]
        for i, a in enumerate(nodes):
            row, out = matrix[i], weights[i]
            for b in bits(tight[a]):
                j = where[b]
                key = (a, b) if a < b else (b, a)
                out[j] = (row[j] << shift) + bonus.get(key, 0)
        found = max_weight_matching(weights, _NEIGHBOURS, start, self._near(nodes))
        return self._adopt(nodes, found)

    def _adopt(self, nodes: Sequence[int], found: Sequence[int]) -> bool:
        """Take the optimum ``found`` over ``nodes`` (positions in ``nodes``) when the rest
        of the field can be completed around it (always, without a window)."""
        rest: dict[int, int] = {}
        if self.window is not None:
            inside = sum(1 << v for v in nodes)
            exposed = sum(1 << nodes[i] for i in range(len(nodes)) if found[i] == i)
            completed = self.complete((self.alive_mask() & ~inside) | exposed)
            if completed is None:
                return False
            rest = completed
        for i, v in enumerate(nodes):
            self.mate[v] = nodes[found[i]]
        for v, u in rest.items():  # after the window's pairs: they complete its single players
            if v < self.size:
                self.mate[v] = u if u < self.size else v
        return True

    def _solve_window(self, shift: int, bonus: Mapping[tuple[int, int], int] | None) -> bool:
        assert self.window is not None
        nodes = [v for v in self.window if self.alive[v]]
        matrix = self._matrix(nodes, shift, bonus, (1 << self.top_shift) - 1)
        return self._adopt(nodes, self._optimise(nodes, matrix))


class _Face:
    """What choices on an optimal face leave (``_Matcher._choose``): the face after the
    choices, the players to pair (``everyone``, with the bye's position when odd), the last
    pairing, and the optimisation's matrix over ``nodes`` and its optimum weight."""

    __slots__ = ("best", "everyone", "face", "matrix", "nodes", "pairs")

    def __init__(
        self,
        face: MatchGraph,
        everyone: int,
        pairs: dict[int, int],
        matrix: Sequence[Sequence[int]],
        nodes: Sequence[int],
        best: int,
    ) -> None:
        self.face = face
        self.everyone = everyone
        self.pairs = pairs
        self.matrix = matrix
        self.nodes = nodes
        self.best = best


def _take_choices(
    face: MatchGraph, everyone: int, pairs: dict[int, int], choices: Sequence[_Choice]
) -> dict[int, int]:
    """The choices on the face ``face``, most important first: each chooser keeps only the
    best opponent group that still leaves a pairing of ``everyone`` (``pairs``, one such
    pairing, is kept up to date); his other edges leave the face. The last pairing."""
    for a, values in choices:
        if not values:
            continue
        near = face.adj[a] & everyone
        best = max((value for b, value in values.items() if near >> b & 1), default=None)
        groups: dict[int, int] = {}
        for b, value in values.items():
            groups[value] = groups.get(value, 0) | 1 << b
        if best is None:
            # No opponent with a value is on the face: any other may be taken.
            group = ~sum(1 << b for b in values)
        elif values.get(pairs[a]) == best:
            group = groups[best]  # the partner has the best value on the face
        elif swap := _swap(face, pairs, a, groups[best] & near):
            # A best opponent ``b`` whose partner may meet ``a``'s: the pairing with the two
            # pairs crossed is complete, so ``b``'s group is the best one can get.
            b, c = swap
            p = pairs[a]
            pairs = {**pairs, a: b, b: a, p: c, c: p}
            group = groups[best]
        else:
            feasible = face.partners(a, everyone, pairs)
            ranked = sorted(groups.items(), reverse=True)
            group = next((g for _, g in ranked if g & feasible), 0)
            if not group:
                group = ~sum(1 << b for b in values)
        group &= face.adj[a]
        cut = face.adj[a] & ~group
        face.adj[a] &= group
        touched = cut | 1 << a
        fadj = face.adj
        clear = ~(1 << a)
        for b in bits(cut):
            fadj[b] &= clear
        if group.bit_count() == 1:
            # ``a`` has one opponent left, so that opponent is his in every pairing.
            b = group.bit_length() - 1
            others = fadj[b] & clear
            clear = ~(1 << b)
            for c in bits(others):
                fadj[c] &= clear
            face.adj[b] = 1 << a
            touched |= others | 1 << b
        if not group >> pairs[a] & 1:
            # The choice keeps a pairing of everyone (``feasible``): the pairs that
            # lost their edge augment again, and the pairing stays complete.
            pairs = face.repair(everyone, pairs, touched)
    return pairs


def _swap(face: MatchGraph, pairs: dict[int, int], a: int, wanted: int) -> tuple[int, int] | None:
    """A player ``b`` of ``wanted`` and his partner ``c`` in ``pairs`` such that ``c`` may meet
    ``a``'s partner: then ``a``–``b`` and ``c``–(``a``'s partner) replace the two pairs."""
    p = pairs[a]
    adj = face.adj
    for b in bits(wanted):
        c = pairs.get(b)
        if c is not None and c != a and b != p and adj[c] >> p & 1:
            return b, c
    return None


def _preferred(
    face: MatchGraph, everyone: int, choices: Sequence[_Choice], then: Mapping[int, int]
) -> dict[int, int]:
    """A starting pairing for the choices on the face ``face``: each chooser in turn with
    his best opponent on the face who is still free, then the pairs of ``then`` (e.g. the
    optimum's). When it is complete, no choice needs a search."""
    pairs: dict[int, int] = {}
    free = everyone
    for a, values in choices:
        if not free >> a & 1:
            continue
        near = face.adj[a] & free
        options = [(value, -b) for b, value in values.items() if near >> b & 1]
        if options:
            b = -max(options)[1]
            pairs[a], pairs[b] = b, a
            free &= ~(1 << a | 1 << b)
    for a, b in then.items():
        if a != b and free >> a & 1 and free >> b & 1:
            pairs[a], pairs[b] = b, a
            free &= ~(1 << a | 1 << b)
    return pairs


def _weight(matrix: Sequence[Sequence[int]], nodes: Sequence[int], pairs: Mapping[int, int]) -> int:
    """The weight in ``matrix`` (over ``nodes``) of the pairs of ``pairs`` among ``nodes``."""
    where = {v: i for i, v in enumerate(nodes)}
    total = 0
    for i, v in enumerate(nodes):
        j = where.get(pairs.get(v, v), i)
        if j > i:
            total += matrix[i][j]
    return total
