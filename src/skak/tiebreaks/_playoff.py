"""Play-offs and lots for players still tied, FIDE 004 annex 3 (2010) §1 and DSU 4.9.10.

004 annex 3, "Auswahl der Feinwertungen": "Wenn alle Feinwertungen zu keiner Entscheidung
führen, dann wird durch ein Los entschieden. Das beste System sind Entscheidungspartien";
DSU 4.9.10: "Selv om der anvendes korrektionsberegning, kan denne stadig give ligestilling,
derefter kan anvendes omkamp, lodtrækning."

* :func:`draw_lots` is every lot skak draws here, and the tie-break ``LOT`` (the last
  tie-break of a list) is one of them.
* :func:`playoff` is the play-off procedure of annex 3 §1 k for time-limited play-offs, with
  the places its results give (§1 e–f):

  1. two players play a match of two games (3 minutes + 5 seconds a move, k.1 a); if it is
     level the colours are drawn again and the first game won decides, the colours changed
     after every odd game (k.1 b);
  2. three players play a single round robin (k.2 a); if all three are level again, the
     tie-break order (G) puts out the last of them and the other two go on as in 1 (k.2 b);
  3. four players play a knock-out, its pairings drawn by lot, each match as in 1 (k.3);
  4. five or more are ranked by the tie-breaks and all but the first four are out (k.4);
     the four play as in 3.

  The colours are drawn by lot in every case (j). Places (e, f): each player is placed by his
  result in the play-off ("Nummer 2 sollte auch den zweiten Preis erhalten"); players still
  level once first place is decided share their places and the cash prizes due to them (the
  losers of the semi-finals share 3rd–4th).

How skak reads what the annex leaves open is in ``docs/interpretations.md`` (004 annex 3 §1).
"""

from __future__ import annotations

import enum
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from skak.errors import InputError
from skak.model.results import PLAYOFF_RESULTS, Result, format_points
from skak.tiebreaks._crosstable import Crosstable
from skak.tiebreaks._registry import Values, tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = [
    "Playoff",
    "PlayoffFormat",
    "PlayoffGame",
    "draw_lots",
    "lot",
    "playoff",
]

#: The time control of annex 3 §1 k.1 a, used by every time-limited play-off game.
PLAYOFF_TIME = "3 minutes + 5 seconds a move from move 1"


def draw_lots(seed: int | str, what: str, players: Iterable[int]) -> tuple[int, ...]:
    """``players`` in the order a lot draws them: by the SHA-256 digest (hexadecimal) of the
    text ``skak-lot:{seed}:{what}:{start number}``, smallest first.

    Anyone can redo a draw (``printf 'skak-lot:4711:LOT:12' | sha256sum``); a player's place
    against another never depends on who else takes part, and the same seed always draws
    the same order.
    """
    import hashlib  # only a drawing of lots needs it (every tie-break list loads this module)

    return tuple(
        sorted(
            players,
            key=lambda n: (hashlib.sha256(f"skak-lot:{seed}:{what}:{n}".encode()).hexdigest(), n),
        )
    )


def lot_seed(ct: Crosstable, spec: TieBreakSpec) -> int | str:
    """The seed of ``LOT``: the list's own (``LOT/4711``), else the tournament's name."""
    return spec.seed if spec.seed is not None else f"tournament {ct.tournament.name}"


@tiebreak(
    "LOT",
    "drawing of lots",
    '004 annex 3, Auswahl der Feinwertungen ("dann wird durch ein Los entschieden"); '
    'DSU 4.9.10 ("derefter kan anvendes omkamp, lodtrækning")',
    modifiers="N",
    ascending=True,
)
def lot(ct: Crosstable, spec: TieBreakSpec) -> Values:
    """Drawing of lots, the last tie-break (004 annex 3: when no tie-break decides, a lot
    does; DSU 4.9.10: "omkamp, lodtrækning").

    How the order is drawn: every player of the crosstable gets the SHA-256 digest of the
    text ``skak-lot:{seed}:LOT:{start number}``; the smallest digest draws lot number 1,
    the next number 2, and so on, and a lower lot number ranks higher (:func:`draw_lots`).
    The seed is the list's (``LOT/4711``: an arbiter may draw it in public when the lot is
    needed and name it in ``--tiebreaks``), else the tournament's name. The same seed draws
    the same order on every replay, and which of two tied players wins the lot does not
    depend on anyone else.
    """
    order = draw_lots(lot_seed(ct, spec), "LOT", ct.players)
    return {p: Fraction(i) for i, p in enumerate(order, start=1)}


# -- the play-off (004 annex 3 §1) -----------------------------------------------------------


class PlayoffFormat(enum.Enum):
    """What the tied players play (004 annex 3 §1 k)."""

    MATCH = "match"  # k.1: two players
    ROUND_ROBIN = "round robin"  # k.2: three players
    KNOCKOUT = "knock-out"  # k.3: four players (k.4: the first four of five or more)

    def __repr__(self) -> str:
        return f"PlayoffFormat.{self.name}"


@dataclass(frozen=True, slots=True)
class PlayoffGame:
    """One play-off game: its stage (``"semi-final 1"``, ``"final, sudden death"``), the
    colours the lot gave, and its result once entered (from White's side)."""

    stage: str
    white: int
    black: int
    result: Result | None = None


@dataclass(frozen=True)
class Playoff:
    """A play-off as 004 annex 3 §1 prescribes it, and where its results have got to.

    ``players`` are the tied players in the order of the tournament's tie-breaks;
    ``eliminated`` those put out by the tie-breaks before it starts (k.4); ``games`` every
    game scheduled so far (with the results entered), ``pending`` the ones to play next;
    ``order`` the places, best first, once the play-off is decided (players in one tier
    share their places and the cash prizes of those places, e–f); ``steps`` the procedure in
    words with the annex's paragraphs.
    """

    players: tuple[int, ...]
    format: PlayoffFormat
    seed: int | str
    eliminated: tuple[int, ...]
    games: tuple[PlayoffGame, ...]
    pending: tuple[PlayoffGame, ...]
    order: tuple[tuple[int, ...], ...] | None
    steps: tuple[str, ...]

    @property
    def decided(self) -> bool:
        return self.order is not None

    @property
    def playing(self) -> tuple[int, ...]:
        """The players who play (the first four of five or more, k.4)."""
        return tuple(n for n in self.players if n not in self.eliminated)


@dataclass
class _Run:
    """The results entered, taken game by game as the procedure asks for them."""

    seed: int | str
    rank: dict[int, int]
    entered: dict[frozenset[int], list[tuple[int, int, Result]]]
    used: dict[frozenset[int], int] = field(default_factory=lambda: defaultdict(int))
    games: list[PlayoffGame] = field(default_factory=list)
    pending: list[PlayoffGame] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def take(self, stage: str, white: int, black: int) -> Result | None:
        """The result of the next game between ``white`` and ``black``, or ``None`` (then the
        game is pending).

        :raises InputError: when the game entered had the other colours.
        """
        pair = frozenset((white, black))
        done = self.used[pair]
        entered = self.entered.get(pair, [])
        if done >= len(entered):
            game = PlayoffGame(stage, white, black)
            self.games.append(game)
            self.pending.append(game)
            return None
        w, b, result = entered[done]
        if (w, b) != (white, black):
            raise InputError(
                f"play-off, {stage}: the lot gave {white} white against {black}, but the game "
                f"was entered with {w} as white (004 annex 3 §1 j: colours by lot)"
            )
        self.used[pair] = done + 1
        self.games.append(PlayoffGame(stage, white, black, result))
        return result

    def draw(self, what: str, players: Iterable[int]) -> tuple[int, ...]:
        return draw_lots(self.seed, f"playoff:{what}", players)

    def by_rank(self, players: Iterable[int]) -> tuple[int, ...]:
        return tuple(sorted(players, key=self.rank.__getitem__))


def _points(result: Result) -> tuple[Fraction, Fraction]:
    return {
        Result.WHITE_WIN: (Fraction(1), Fraction(0)),
        Result.DRAW: (Fraction(1, 2), Fraction(1, 2)),
        Result.BLACK_WIN: (Fraction(0), Fraction(1)),
    }[result]


def _match(run: _Run, a: int, b: int, stage: str) -> int | None:
    """A match as in k.1, between ``a`` and ``b``: its winner, or ``None`` while pending."""
    white, black = run.draw(stage, (a, b))
    run.steps.append(
        f"{stage}: {a} against {b}, two games ({PLAYOFF_TIME}, 004 annex 3 §1 k.1 a); the "
        f"lot gives {white} white in game 1 (j), the colours change in game 2"
    )
    first = run.take(f"{stage}, game 1", white, black)
    second = run.take(f"{stage}, game 2", black, white)
    if first is None or second is None:
        return None
    score = {white: Fraction(0), black: Fraction(0)}
    for result, (w, bl) in ((first, (white, black)), (second, (black, white))):
        pw, pb = _points(result)
        score[w] += pw
        score[bl] += pb
    if score[white] != score[black]:
        winner = white if score[white] > score[black] else black
        run.steps.append(f"{stage}: {winner} wins the match")
        return winner
    white, black = run.draw(f"{stage}, sudden death", (a, b))
    run.steps.append(
        f"{stage}: the match is level; the colours are drawn again ({white} white) and the first "
        "game won decides, the colours changed after every odd game (k.1 b)"
    )
    game = 1
    while True:
        decider = run.take(f"{stage}, sudden death game {game}", white, black)
        if decider is None:
            return None
        if decider is not Result.DRAW:
            winner = white if decider is Result.WHITE_WIN else black
            run.steps.append(f"{stage}: {winner} wins sudden death game {game} and the match")
            return winner
        if game % 2:
            white, black = black, white
        game += 1


def _round_robin(run: _Run, players: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """k.2: a single round robin of three, its table numbers (and so its colours) by lot."""
    t1, t2, t3 = run.draw("round robin", players)
    run.steps.append(
        f"3 players tied: a single round robin ({PLAYOFF_TIME}; 004 annex 3 §1 k.2 a); table "
        f"numbers by lot (j): 1 = {t1}, 2 = {t2}, 3 = {t3} (Berger table: 2–3, 1–2, 3–1)"
    )
    schedule = ((1, t2, t3), (2, t1, t2), (3, t3, t1))
    results = [run.take(f"round robin, round {r}", w, b) for r, w, b in schedule]
    if any(r is None for r in results):
        return None
    score = dict.fromkeys(players, Fraction(0))
    for (_, w, b), result in zip(schedule, results, strict=True):
        assert result is not None
        pw, pb = _points(result)
        score[w] += pw
        score[b] += pb
    levels = sorted(set(score.values()), reverse=True)
    tiers = [run.by_rank(n for n in players if score[n] == v) for v in levels]
    run.steps.append(
        "round robin: " + ", ".join(f"{n} {format_points(score[n])}" for n in run.by_rank(players))
    )
    if len(tiers) == 1:
        first, second, last = run.by_rank(players)
        run.steps.append(
            f"all three are level again: the tie-breaks (G) put out the last of them, {last}, "
            f"who is third; {first} and {second} play as in k.1 (k.2 b)"
        )
        winner = _match(run, first, second, "decider")
        if winner is None:
            return None
        return ((winner,), (second if winner == first else first,), (last,))
    if len(tiers[0]) == 2:
        a, b = tiers[0]
        run.steps.append(
            f"{a} and {b} are level at the top: first place is not decided, so they play as in "
            "k.1 (1 d: the play-off decides first place)"
        )
        winner = _match(run, a, b, "decider")
        if winner is None:
            return None
        return ((winner,), (b if winner == a else a,), tiers[1])
    if len(tiers) == 2:
        run.steps.append(
            f"{tiers[0][0]} is first; {' and '.join(map(str, tiers[1]))} are level after first "
            "place is decided and share their places and the prizes due to them (1 f)"
        )
    return tuple(tiers)


def _knockout(run: _Run, four: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
    """k.3: a knock-out of four, its pairings by lot, each match as in k.1."""
    d = run.draw("knock-out", four)
    run.steps.append(
        f"4 players: a knock-out, the pairings by lot (004 annex 3 §1 k.3): semi-final 1 "
        f"{d[0]}–{d[1]}, semi-final 2 {d[2]}–{d[3]}; each match of two games as in k.1"
    )
    first = _match(run, d[0], d[1], "semi-final 1")
    second = _match(run, d[2], d[3], "semi-final 2")
    if first is None or second is None:
        return None
    losers = run.by_rank(n for n in four if n not in (first, second))
    champion = _match(run, first, second, "final")
    if champion is None:
        return None
    runner_up = second if champion == first else first
    run.steps.append(
        f"{' and '.join(map(str, losers))} lost their semi-finals and share 3rd and 4th place "
        "and the prizes due to them (1 f)"
    )
    return ((champion,), (runner_up,), losers)


def playoff(
    tied: Sequence[int],
    *,
    seed: int | str,
    results: Iterable[tuple[int, int, Result]] = (),
) -> Playoff:
    """The play-off of 004 annex 3 §1 k for the ``tied`` players (start numbers, in the order
    of the tournament's tie-breaks, best first) and the places it gives so far.

    ``results`` are the games played, each ``(white, black, result)``, in the order each pair
    of players played them; ``seed`` draws every lot (pairings, table numbers, colours; see
    :func:`draw_lots`), so the schedule can be printed before the play-off and replayed.

    :raises InputError: for fewer than two players, a player given twice, a result that is
        not a game's (won, drawn, lost), a game with other colours than the lot gave, or more
        games than the procedure has.
    """
    players = tuple(tied)
    if len(players) < 2:
        raise InputError("a play-off needs at least two tied players")
    if len(set(players)) != len(players):
        raise InputError(f"a play-off lists a player twice: {', '.join(map(str, players))}")
    entered: dict[frozenset[int], list[tuple[int, int, Result]]] = defaultdict(list)
    for white, black, result in results:
        if result not in PLAYOFF_RESULTS:
            raise InputError(f"play-off game {white}–{black}: {result.label} is no game result")
        entered[frozenset((white, black))].append((white, black, result))
    run = _Run(seed, {n: i for i, n in enumerate(players)}, dict(entered))
    eliminated: tuple[int, ...] = ()
    order: tuple[tuple[int, ...], ...] | None
    if len(players) == 2:
        fmt = PlayoffFormat.MATCH
        run.steps.append("2 players tied: a match (004 annex 3 §1 k.1)")
        winner = _match(run, *players, "match")
        order = None if winner is None else ((winner,), tuple(n for n in players if n != winner))
    elif len(players) == 3:
        fmt = PlayoffFormat.ROUND_ROBIN
        order = _round_robin(run, players)
    else:
        fmt = PlayoffFormat.KNOCKOUT
        if len(players) > 4:
            eliminated = players[4:]
            run.steps.append(
                f"{len(players)} players tied: ranked by the tie-breaks, all but the first four "
                f"are out (004 annex 3 §1 k.4): {', '.join(map(str, eliminated))}"
            )
        order = _knockout(run, players[:4])
        if order is not None:
            order = (*order, *((n,) for n in eliminated))
    unused = {
        tuple(sorted(pair)): len(games) - run.used[pair]
        for pair, games in entered.items()
        if len(games) > run.used[pair]
    }
    if unused:
        (a, b), extra = next(iter(sorted(unused.items())))
        raise InputError(
            f"play-off: {extra} game(s) between {a} and {b} that the procedure does not "
            "have (yet) (004 annex 3 §1 k)"
        )
    if order is not None:
        run.steps.append(
            "places (1 e): "
            + ", ".join(
                "–".join(map(str, tier)) if len(tier) > 1 else str(tier[0]) for tier in order
            )
        )
    return Playoff(
        players,
        fmt,
        seed,
        eliminated,
        tuple(run.games),
        tuple(run.pending),
        order,
        tuple(run.steps),
    )
