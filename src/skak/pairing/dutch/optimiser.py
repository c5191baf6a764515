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

    def settle(self, a: int, b: int) -> None:
        """Fix the pair ``a``–``b``: both leave the graph."""
        self.alive[a] = self.alive[b] = False
        self.weights[a] = {}
        self.weights[b] = {}
        self.mate[a], self.mate[b] = b, a

    def set_bye_candidates(self, players: Iterable[int]) -> None:
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
        ``None`` when there is none."""
        if mask.bit_count() % 2:
            mask |= 1 << self.size
        found = self.graph.maximum_matching(mask)
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
        if choices is not None and self.shortcuts and self._choose(choices, shift, bonus or {}):
            self.choice_solves += 1
            return self.mate
        if self.window is not None and self.shortcuts and self._solve_window(shift, bonus):
            self.window_solves += 1
            return self.mate
        nodes = [v for v in range(self.size) if self.alive[v]]
        found = self._optimise(nodes, self._matrix(nodes, shift, bonus))
        for i, v in enumerate(nodes):
            self.mate[v] = nodes[found[i]]
        return self.mate

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
        found = optimum(matrix, _NEIGHBOURS, self._hint(nodes), self._near(nodes), True)
        size, bye = self.size, 1 << self.size
        adj = [0] * (size + 1)
        free = 0  # players of dual 0: they may stay out of the window's pairs
        for i, tight in enumerate(found.tight(matrix)):
            a = nodes[i]
            adj[a] = sum(1 << nodes[j] for j in bits(tight))
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
        face.prefer(_preferred(face, everyone, choices, found.mate, nodes))
        pairs = face.maximum_matching(everyone)
        if len(pairs) != everyone.bit_count():
            return False
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
            else:
                feasible = face.partners(a, everyone, pairs)
                ranked = sorted(groups.items(), reverse=True)
                group = next((g for _, g in ranked if g & feasible), 0)
                if not group:
                    group = ~sum(1 << b for b in values)
            group &= face.adj[a]
            cut = face.adj[a] & ~group
            face.adj[a] &= group
            for b in bits(cut):
                face.adj[b] &= ~(1 << a)
            if group.bit_count() == 1:
                # ``a`` has one opponent left, so that opponent is his in every pairing.
                b = group.bit_length() - 1
                for c in bits(face.adj[b] & ~(1 << a)):
                    face.adj[c] &= ~(1 << b)
                face.adj[b] = 1 << a
            if not group >> pairs[a] & 1:
                pairs = face.maximum_matching(everyone)
        if not found.flat and _weight(matrix, nodes, pairs) != _weight(
            matrix, nodes, {nodes[i]: nodes[j] for i, j in enumerate(found.mate)}
        ):
            return self._tight_bonus(nodes, matrix, tight_adj, found.mate, shift, bonus)
        self.blossom_face_solves += not found.flat
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


def _preferred(
    face: MatchGraph,
    everyone: int,
    choices: Sequence[_Choice],
    mate: Sequence[int],
    nodes: Sequence[int],
) -> dict[int, int]:
    """A starting pairing for the choices on the face ``face``: each chooser in turn with
    his best opponent on the face who is still free, then the optimum's pairs ``mate``
    (positions in ``nodes``). When it is complete, no choice needs a search."""
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
    for i, j in enumerate(mate):
        a, b = nodes[i], nodes[j]
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
