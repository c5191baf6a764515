"""The Dutch round's explanation in an arbiter's words: per bracket, who floats down and why,
who gets the bye, and whose colour preference could not be granted, by name and start number
with the criterion of C.04.3 in brackets.

Each line is a message (:mod:`skak.messages`): English text that a face says in the arbiter's
language ("bracket 0: 12 players with 0 points", "pointgruppe 0: 12 spillere med 0 point").
The explanation is display only (what later rounds need is in the boards and the round's
record), and it is read off what the pairing already decided: the brackets as
:class:`BracketNote` records, the colours the boards got, and the pairing cards. It runs no
optimisation; where a reason would need one (which of several players could have floated),
it names the criteria that choose rather than guess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_, Message, N_plural, Phrases
from skak.model.results import Colour, format_points
from skak.pairing._words import colour_word, players_count, points_count
from skak.pairing.dutch.cards import Card, Float
from skak.pairing.dutch.colours import _last_difference
from skak.pairing.dutch.weights import _compatible, _Context

__all__ = ["BracketNote", "explain"]


@dataclass(frozen=True, slots=True)
class BracketNote:
    """One bracket as the pairing settled it (vertices are indices into the round's cards).

    ``mdps`` moved down into it, ``residents`` of its own score, the pairs made with moved-down
    players and in the remainder, the players left unpaired (``floaters``: they move down, or
    get the bye in the ``last`` bracket), and the number of exchanges between S1 and S2.
    """

    score: Fraction
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    mdp_pairs: tuple[tuple[int, int], ...]
    rem_pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]
    exchanges: int
    last: bool
    next_score: Fraction | None


def _kind(c: Card) -> Message:
    if c.absolute:
        return N_("absolute preference")
    return N_("strong preference") if c.strong else N_("mild preference")


class _Words:
    """Names, scores and the reasons, for one round."""

    def __init__(self, ctx: _Context, names: Mapping[int, str]) -> None:
        self.ctx = ctx
        self.cards = ctx.cards
        self.names = names

    def who(self, v: int) -> str:
        c = self.cards[v]
        name = self.names.get(c.number)
        return f"{name} ({c.number})" if name else str(c.number)

    def listing(self, vs: Sequence[int]) -> str:
        return ", ".join(self.who(v) for v in vs)

    def compatible(self, a: int, b: int) -> bool:
        hi, lo = sorted((self.cards[a], self.cards[b]), key=lambda c: (-c.score, c.rank))
        return _compatible(self.ctx, hi, lo)

    # -- floats ------------------------------------------------------------------------------

    def float_reason(self, note: BracketNote, v: int) -> Message:
        """Why ``v`` was left unpaired in the bracket (C.04.3 C1–C7, C14, article 4)."""
        members = [*note.mdps, *note.residents]
        others = [u for u in members if u != v]
        card = self.cards[v]
        if not others:
            return N_("the only player of the bracket (C.04.3 C5: nobody to pair with)")
        allowed = [u for u in others if self.compatible(v, u)]
        if not allowed:
            met = self.ctx.forbidden.get(card.number, set())
            if all(self.cards[u].number in met for u in others):
                return N_("has met (or may not meet) every other player of the bracket (C.04.3 C1)")
            return N_(
                "every player of the bracket not met yet has the same absolute colour "
                "preference (C.04.3 C1, C3)"
            )
        pairs = len(note.mdp_pairs) + len(note.rem_pairs)
        with_mdps = {x for pair in note.mdp_pairs for x in pair} - set(note.mdps)
        if v not in note.mdps and set(allowed) <= with_mdps:
            return N_(
                "the only players who could be met ({players}) are paired with players moved "
                "down into the bracket, who come first (C.04.3 C6)",
                players=self.listing(allowed),
            )
        if len(members) % 2 and len(note.floaters) == 1:
            return N_(
                "the bracket has an odd number of players, so one must float (C.04.3 C5); {chosen}",
                chosen=self.chosen(note, v),
            )
        return N_plural(
            "only {n} pair can be made in the bracket without a rematch or a clash of "
            "absolute colours while the rest of the round can still be paired (C.04.3 C1–C5)",
            "only {n} pairs can be made in the bracket without a rematch or a clash of "
            "absolute colours while the rest of the round can still be paired (C.04.3 C1–C5)",
            pairs,
        )

    def chosen(self, note: BracketNote, v: int) -> Message:
        """Why ``v`` of all players is the one who floats (as far as the cards tell)."""
        if v in note.mdps:
            return N_("moved down, and no pairing here lets all the others pair too (C.04.3 C6)")
        me = self.cards[v]
        below = [u for u in note.residents if self.cards[u].rank > me.rank]
        if note.last:
            barred = [u for u in below if not self.cards[u].bye_eligible]
            if barred and len(barred) == len(below):
                return N_(
                    "{players}, ranked lower, may not get the bye: a bye or a win without "
                    "playing before (C.04.3 C2)",
                    players=self.listing(barred),
                )
        if not below:
            return N_("the lowest ranked in it (C.04.3 article 4: the last player floats)")
        again = [u for u in below if self.cards[u].floats[0] is Float.DOWN]
        if again and me.floats[0] is not Float.DOWN:
            return N_(
                "{players}, ranked lower, floated down last round (C.04.3 C14)",
                players=self.listing(again),
            )
        return N_(
            "the lower-ranked players could not float instead without a worse pairing by the "
            "criteria (C.04.3 C6–C21, article 4)"
        )

    # -- colours -----------------------------------------------------------------------------

    def colour_reason(self, v: int, u: int) -> Message:
        """Why ``v`` got the colour both ``v`` and ``u`` wanted (C.04.3 article 5), in the order
        of :func:`skak.pairing.dutch.colours._colour_of`."""
        winner, loser = self.cards[v], self.cards[u]
        w = self.who(v)
        if winner.absolute and not loser.absolute:
            return N_("{player} has an absolute preference", player=w)
        if winner.absolute and winner.imbalance > loser.imbalance:
            return N_("both are absolute; {player} has the larger colour difference", player=w)
        if winner.strong and not loser.strong:
            return N_("{player}'s preference is strong, the other's mild", player=w)
        mine, theirs = _last_difference(winner, loser)
        if mine is not None and theirs is not None:
            return N_(
                "in the latest game in which their colours differed {player} had {colour}, so "
                "now the colours alternate",
                player=w,
                colour=colour_word(theirs.opposite),
            )
        return N_("{player} is ranked higher (score, then pairing number)", player=w)

    def colours(self, pairs: Sequence[tuple[int, int]], got: Mapping[int, Colour]) -> list[Message]:
        """The preferences the boards of these pairs could not grant, and to whom."""
        out = []
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                cx = self.cards[x]
                if cx.preference is None or got.get(cx.number) is cx.preference:
                    continue
                criterion = "C10–C11" if cx.absolute else "C13" if cx.strong else "C12"
                out.append(
                    N_(
                        "colour: {player} wanted {colour} ({preference}) but has {other} "
                        "against {opponent}, who wanted it too: {reason} (C.04.3 {criterion}, "
                        "article 5)",
                        player=self.who(x),
                        colour=colour_word(cx.preference),
                        preference=_kind(cx),
                        other=colour_word(cx.preference.opposite),
                        opponent=self.who(y),
                        reason=self.colour_reason(y, x),
                        criterion=criterion,
                    )
                )
        return out

    def floats_again(self, pairs: Sequence[tuple[int, int]]) -> list[Message]:
        """Players who float again in the same direction (C.04.3 C14–C17)."""
        out = []
        for a, b in pairs:
            hi, lo = sorted((a, b), key=lambda v: (-self.cards[v].score, self.cards[v].rank))
            if self.cards[hi].score == self.cards[lo].score:
                continue
            for back, (down, up) in enumerate((("C14", "C15"), ("C16", "C17"))):
                when = N_("last round") if back == 0 else N_("two rounds ago")
                if self.cards[hi].floats[back] is Float.DOWN:
                    out.append(
                        N_(
                            "{player} floats down against {opponent}, having floated down "
                            "{when} too (C.04.3 {criterion})",
                            player=self.who(hi),
                            opponent=self.who(lo),
                            when=when,
                            criterion=down,
                        )
                    )
                if self.cards[lo].floats[back] is Float.UP:
                    out.append(
                        N_(
                            "{player} floats up against {opponent}, having floated up {when} "
                            "too (C.04.3 {criterion})",
                            player=self.who(lo),
                            opponent=self.who(hi),
                            when=when,
                            criterion=up,
                        )
                    )
        return out


def explain(
    ctx: _Context,
    notes: Sequence[BracketNote],
    got: Mapping[int, Colour],
    names: Mapping[int, str],
) -> list[Message]:
    """The round's explanation, bracket by bracket: ``got`` is each paired player's colour
    (by start number), ``names`` the players' names."""
    words = _Words(ctx, names)
    cards = ctx.cards
    lines = []
    for note in notes:
        pts = format_points(note.score)
        players, points = players_count(len(note.residents)), points_count(note.score)
        if note.mdps:
            moved = Phrases(
                ", ",
                [
                    N_(
                        "{player} with {score}",
                        player=words.who(v),
                        score=format_points(cards[v].score),
                    )
                    for v in note.mdps
                ],
            )
            head = N_(
                "bracket {score}: {players} with {points}; moved down into it: {moved}",
                score=pts,
                players=players,
                points=points,
                moved=moved,
            )
        else:
            head = N_(
                "bracket {score}: {players} with {points}",
                score=pts,
                players=players,
                points=points,
            )
        lines.append(head)
        if note.mdp_pairs:
            lines.append(
                N_(
                    "moved-down players paired first, the highest first (C.04.3 C6): {pairs}",
                    pairs=", ".join(f"{words.who(a)} – {words.who(b)}" for a, b in note.mdp_pairs),
                )
            )
        if note.exchanges:
            lines.append(
                N_plural(
                    "{n} exchange between S1 and S2 so that everyone gets an allowed opponent "
                    "(C.04.3 article 4.3)",
                    "{n} exchanges between S1 and S2 so that everyone gets an allowed opponent "
                    "(C.04.3 article 4.3)",
                    note.exchanges,
                )
            )
        for v in note.floaters:
            reason = words.float_reason(note, v)
            if note.last:
                lines.append(
                    N_(
                        "{player} gets the pairing-allocated bye: {reason}; no bye nor a win "
                        "without playing before (C.04.1 c, C.04.3 C2)",
                        player=words.who(v),
                        reason=reason,
                    )
                )
            elif note.next_score is not None:
                lines.append(
                    N_(
                        "{player} floats down to the {score} bracket: {reason}",
                        player=words.who(v),
                        score=format_points(note.next_score),
                        reason=reason,
                    )
                )
            else:
                lines.append(
                    N_(
                        "{player} floats down to the next bracket: {reason}",
                        player=words.who(v),
                        reason=reason,
                    )
                )
        pairs = (*note.mdp_pairs, *note.rem_pairs)
        lines.extend(words.floats_again(pairs))
        lines.extend(words.colours(pairs, got))
    return lines
