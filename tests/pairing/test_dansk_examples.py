"""Dansk Schweizer: every worked example of DSU 003 §4.9.4 ("Vejledning for dommere ved Dansk
Schweizer") as a test that builds the stated situation and asserts the printed pairing.

The examples give each player's points and previous opponents, but no colours. The
situations are built so that colours cannot decide anything (every player has the same weak
colour preference), as the examples assume: each example player has played an odd number of
games, one more with black than with white and white then black in the last two, against the
other example players he is said to have met and against filler players who then withdrew
(1.3: withdrawn players leave the pairing). Ratings give the letters' order (A strongest, 3.1).

Known misprints (see the notes): example 3 prints "F(C)" where the text pairs C with F; it is
run on the printed text (the union of all printed meetings) and on the two likely readings
"F(B,D)" and "F(B)", and the printed pairing is the same in all three. Examples 5 and 6 print
only the 3-point pulje; the 2-point pulje G, H below it is added by skak (derived, not
printed) so the floaters C and D have somebody to meet (5.4). The 12-player colour example
follows the later edition (000), where B's colours are HHSHS; with 003's HSHSH the text's
reason ("B had black in the previous round") would be false.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from skak.model import Pairing, Player, Ratings, Result, Round, Tournament, parse_points
from skak.pairing import get_system

DANSK = get_system("dansk")

#: One example player: points as printed, his name and the names he has met.
Spec = tuple[str, str, str]


def situation(specs: list[Spec]) -> tuple[Tournament, dict[str, int]]:
    """A tournament whose next round is the printed situation (see the module docstring)."""
    names = [name for _, name, _ in specs]
    number = {name: i + 1 for i, name in enumerate(names)}
    points = {name: parse_points(pts) for pts, name, _ in specs}
    met: dict[str, set[str]] = defaultdict(set)
    for _, name, others in specs:
        for other in others:
            met[name].add(other)
            met[other].add(name)
    edges = sorted({tuple(sorted((a, b))) for a in met for b in met[a]})
    degree = max((len(v) for v in met.values()), default=0)
    k = degree + 1  # games: 2k + 1, with k whites and k + 1 blacks
    rounds = 2 * k + 1
    # Each example game gets a round (a proper edge colouring of the meetings) and a colour.
    busy: dict[str, set[int]] = defaultdict(set)
    whites: dict[str, int] = defaultdict(int)
    games: dict[int, list[tuple[str, str, Result]]] = defaultdict(list)
    colour_at: dict[str, dict[int, str]] = defaultdict(dict)
    scored: dict[str, Fraction] = defaultdict(Fraction)
    for a, b in edges:
        r = next(r for r in range(1, rounds - 1) if r not in busy[a] | busy[b])
        busy[a].add(r)
        busy[b].add(r)
        white, black = (a, b) if whites[a] <= whites[b] else (b, a)
        whites[white] += 1
        colour_at[white][r], colour_at[black][r] = "W", "B"
        if points[white] > points[black]:
            result = Result.WHITE_WIN
            scored[white] += 1
        elif points[white] < points[black]:
            result = Result.BLACK_WIN
            scored[black] += 1
        else:
            result = Result.DRAW
            scored[white] += Fraction(1, 2)
            scored[black] += Fraction(1, 2)
        games[r].append((white, black, result))
    # Filler games complete k − 1 whites and k blacks in rounds 1 … 2k − 1, then W, B.
    fillers: list[Player] = []
    filler_games: dict[int, list[tuple[int, int, Result]]] = defaultdict(list)
    for name in names:
        need = points[name] - scored[name]
        free = [r for r in range(1, rounds + 1) if r not in colour_at[name]]
        assert 0 <= need <= len(free), f"{name}: cannot make {points[name]} points"
        w_left = k - 1 - sum(1 for c in colour_at[name].values() if c == "W")
        assert w_left >= 0
        for r in free:
            if r == rounds - 1:
                mine = "W"
            elif r == rounds:
                mine = "B"
            else:
                mine = "W" if w_left > 0 else "B"
                w_left -= mine == "W"
            if need >= 1:
                outcome, need = "win", need - 1
            elif need == Fraction(1, 2):
                outcome, need = "draw", Fraction(0)
            else:
                outcome = "loss"
            filler = 1000 + len(fillers)
            fillers.append(Player(filler, f"Filler, {filler}", withdrawn_from=rounds + 1))
            result = {
                ("W", "win"): Result.WHITE_WIN,
                ("W", "loss"): Result.BLACK_WIN,
                ("B", "win"): Result.BLACK_WIN,
                ("B", "loss"): Result.WHITE_WIN,
            }.get((mine, outcome), Result.DRAW)
            pair = (number[name], filler) if mine == "W" else (filler, number[name])
            filler_games[r].append((*pair, result))
    field = [
        Player(number[name], f"Player, {name}", ratings=Ratings(dsu=2400 - 10 * number[name]))
        for name in names
    ]
    round_list = []
    for r in range(1, rounds + 1):
        boards = [(number[w], number[b], res) for w, b, res in games[r]] + filler_games[r]
        round_list.append(
            Round(r, tuple(Pairing(i, w, b, res) for i, (w, b, res) in enumerate(boards, 1)))
        )
    t = Tournament("Eksempel", "dansk", players=(*field, *fillers), rounds=tuple(round_list))
    return t, number


def paired(specs: list[Spec]) -> tuple[set[str], Round, dict[int, str]]:
    t, number = situation(specs)
    rnd = DANSK.pair(t)
    name = {n: s for s, n in number.items()}
    pairs = {"".join(sorted(name[p.white] + name[p.black or 0])) for p in rnd.pairings}
    return pairs, rnd, name


def pulje(points: str, *players: str) -> list[Spec]:
    """``pulje("4½", "A", "B", "C(F,G)")``: players of one pulje, meetings in brackets."""
    out = []
    for text in players:
        name, _, rest = text.partition("(")
        out.append((points, name, rest.rstrip(")").replace(",", "").replace("-", "")))
    return out


EXAMPLES = [
    pytest.param(
        pulje("4½", "A(-)", "B(-)", "C(F,G)", "D(-)", "E(-)") + pulje("4", "F(C)", "G(C)", "H(-)"),
        {"AD", "BE", "CH", "FG"},
        ["6.1", "5.4"],
        id="4.9.4-ulige-pointpulje",
    ),
    pytest.param(
        pulje("3", "A(-)", "B(F,G)", "C(-)", "D(-)", "E(-)", "F(B)", "G(B)", "H(-)"),
        {"AE", "BH", "CF", "DG"},
        ["5.3 nr. 1–2"],
        id="4.9.4-eksempel-1",
    ),
    pytest.param(
        pulje("3", "A(-)", "B(F,G)", "C(-)", "D(G)", "E(-)", "F(B)", "G(B,D)", "H(-)"),
        {"AE", "BH", "CG", "DF"},
        ["5.3 nr. 1–2"],
        id="4.9.4-eksempel-2",
    ),
    *(
        pytest.param(
            pulje("3", "A(-)", "B(F,G)", "C(-)", "D(F,G)", "E(-)", f, "G(B,D)", "H(-)"),
            {"AF", "BE", "CG", "DH"},
            ["5.3 nr. 1–2"],
            id=f"4.9.4-eksempel-3-{f}",
        )
        for f in ("F(C)", "F(B,D)", "F(B)")  # as printed (a misprint), and the two readings
    ),
    pytest.param(
        pulje("3", "A(D,E)", "B(D)", "C(D,E)", "D(A,B,C)", "E(A,C)", "F(-)"),
        {"AC", "BE", "DF"},
        ["5.3 nr. 4"],
        id="4.9.4-eksempel-4",
    ),
    pytest.param(
        pulje("3", "A(D,E,F)", "B(D,E)", "C(D,E)", "D(A,B,C,E)", "E(A,B,C,D)", "F(A)")
        + pulje("2", "G(-)", "H(-)"),  # derived: not printed, somebody for C and D to meet
        {"AB", "EF", "CG", "DH"},
        ["6.2", "5.3 nr. 4"],
        id="4.9.4-eksempel-5",
    ),
    pytest.param(
        pulje("3", "A(B,D,E,F)", "B(A,D,E)", "C(D,E)", "D(A,B,C,E)", "E(A,B,C,D)", "F(A)")
        + pulje("2", "G(-)", "H(-)"),  # derived: not printed, somebody for C and D to meet
        {"AC", "EF", "BG", "DH"},
        ["6.3 nr. 1", "5.3 nr. 4"],
        id="4.9.4-eksempel-6",
    ),
    # Examples 7 and 8: the lowest pulje (F) cannot be paired after B–D, so rule 9 applies (the
    # text: "hvorfor vi jf. 9.1 må opløse parringen af forudgående puljes flyder"), and then
    # "parres den nederste "gruppe" … som en pulje efter 5, hvor spillerne er opstillet efter
    # point og startnumre" (skak's 9.3): D–F (7) and D–E (8) as one gruppe.
    pytest.param(
        pulje("1½", "A(-)", "B(-)", "C(-)") + pulje("1", "D(-)", "E(F)") + pulje("½", "F(E)"),
        {"AC", "BE", "DF"},
        ["(9.1)", "9.3: the players left (D, F)"],
        id="4.9.4-eksempel-7",
    ),
    pytest.param(
        pulje("1½", "A(-)", "B(-)", "C(-)") + pulje("1", "D(F)", "E(F)") + pulje("½", "F(D,E)"),
        {"AC", "BF", "DE"},
        ["(9.1)", "9.3: the players left (D, E)"],
        id="4.9.4-eksempel-8",
    ),
    pytest.param(
        pulje("1½", "A(-)", "B(F)", "C(-)") + pulje("1", "D(F)", "E(F)") + pulje("½", "F(B,D,E)"),
        {"BC", "AF", "DE"},
        ["9.1", "6.3 nr. 1"],
        id="4.9.4-eksempel-9",
    ),
    pytest.param(
        pulje("2", "A(-)", "B(-)", "C(-)", "D(-)", "E(-)")
        + pulje("1½", "F(G,H)", "G(F,H)")
        + pulje("1", "H(F,G)"),
        {"AE", "BF", "CG", "DH"},
        ["6.3 nr. 3"],
        id="4.9.4-eksempel-10",
    ),
    pytest.param(
        pulje("2½", "A(-)", "B(-)", "C(-)")
        + pulje("2", "D(E,F,G)", "E(D,F,G,H)", "F(D,E,G)", "G(D,E,F)", "H(E)"),
        {"AD", "BE", "CF", "GH"},
        ["6.3 nr. 3", "9.1: the rule's first choice", "9.3: the players left (G, H)"],
        id="4.9.4-eksempel-11",
    ),
]


def test_a_higher_pulje_failing_is_no_rule_9() -> None:
    """Not printed (derived): rule 9 is for "nederste pulje/"gruppe" [der] ikke kan parres".
    Here B floats from the 9-pulje; his nearest opponent D would leave E (who has met F–L)
    without an opponent — a player of the 8-pulje, not of the lowest pulje — so B's floater
    pairing is dissolved (5.4 and the closing note of 4.9.4) and B meets E. The 8-pulje
    (D, F, G, H) and the 7-pulje (I, J, K, L) are then paired each by itself (5.1), not as one
    bottom gruppe."""
    specs = (
        pulje("9", "A(-)", "B(-)", "C(-)")
        + pulje("8", "D(-)", "E(F,G,H,I,J,K,L)", "F(-)", "G(-)", "H(-)")
        + pulje("7", "I(-)", "J(-)", "K(-)", "L(-)")
    )
    pairs, rnd, _ = paired(specs)
    assert pairs == {"AC", "BE", "DG", "FH", "IK", "JL"}
    text = "\n".join(rnd.explanation)
    assert "(9.1)" not in text
    assert "bottom gruppe" not in text
    assert "closing note of 4.9.4" in text


@pytest.mark.parametrize(("specs", "expected", "rules"), EXAMPLES)
def test_worked_example(specs: list[Spec], expected: set[str], rules: list[str]) -> None:
    """The printed pairing, and the rules the text names in the explanation (players are
    named by letter there)."""
    pairs, rnd, name = paired(specs)
    assert pairs == expected
    text = "\n".join(rnd.explanation)
    for number, letter in sorted(name.items(), reverse=True):
        text = text.replace(f"({number}, ", f"({letter}, ").replace(f", {number})", f", {letter})")
    for rule in rules:
        assert rule in text


def test_floaters_are_paired_strongest_first_with_the_nearest_lower_player() -> None:
    """Example 5: "Inden parringen af næste pulje parres flyderne, først C og derefter D": C
    meets G and D meets H, the nearest lower players (5.4). The 2-point pulje G, H is derived
    (not printed; see the module docstring)."""
    specs = next(e.values[0] for e in EXAMPLES if e.id == "4.9.4-eksempel-5")
    assert isinstance(specs, list)
    _, rnd, name = paired(specs)
    floater_boards = [line for line in rnd.explanation if "flyder " in line]
    met = [
        (
            name[int(line.split("flyder ")[1].split()[0])],
            name[int(line.split(" meets ")[1].split(":")[0])],
        )
        for line in floater_boards
    ]
    assert met == [("C", "G"), ("D", "H")]


#: 4.9.4 "Farvefordeling": 12 players in one pulje, colour histories (000's edition), and who
#: has white against whom as printed.
COLOUR_HISTORIES = {
    "A": "SHSHS",
    "B": "HHSHS",
    "C": "HSSHH",
    "D": "HHSSH",
    "E": "SHHSH",
    "F": "HSHSH",
    "G": "HSHSH",
    "H": "HSHSH",
    "I": "HSHSH",
    "J": "HSHSH",
    "K": "HSHSH",
    "L": "HSHSH",
}
COLOUR_PAIRS = {("A", "G"), ("B", "H"), ("I", "C"), ("D", "J"), ("K", "E"), ("L", "F")}


def colour_situation() -> tuple[Tournament, dict[int, str]]:
    """Twelve players with the printed colours, all against fillers who withdrew, all drawn."""
    letters = sorted(COLOUR_HISTORIES)
    field = [
        Player(i, f"Player, {x}", ratings=Ratings(dsu=2400 - 10 * i))
        for i, x in enumerate(letters, start=1)
    ]
    fillers: list[Player] = []
    rounds = []
    for r in range(5):
        boards = []
        for i, x in enumerate(letters, start=1):
            f = 100 + len(fillers)
            fillers.append(Player(f, f"Filler, {f}", withdrawn_from=6))
            pair = (i, f) if COLOUR_HISTORIES[x][r] == "H" else (f, i)
            boards.append(Pairing(len(boards) + 1, *pair, Result.DRAW))
        rounds.append(Round(r + 1, tuple(boards)))
    t = Tournament("Farver", "dansk", players=(*field, *fillers), rounds=tuple(rounds))
    return t, dict(enumerate(letters, start=1))


def test_colour_example_12_players() -> None:
    """4.9.4 Farvefordeling: A–G, B–H, C–I, D–J, E–K, F–L with the printed colours and, per
    pair, the reason the text gives (7.2, 7.3 previous round, last 2/3/4 rounds, 7.4)."""
    t, name = colour_situation()
    rnd = DANSK.pair(t)
    got = {(name[p.white], name[p.black or 0]) for p in rnd.pairings}
    assert got == COLOUR_PAIRS
    why = {
        frozenset((name[p.white], name[p.black or 0])): line
        for p, line in zip(
            rnd.pairings, [x for x in rnd.explanation if x.startswith("board")], strict=True
        )
    }
    assert "7.2" in why[frozenset("AG")]
    assert "had black in the previous round" in why[frozenset("BH")]
    assert "stærk præference" in why[frozenset("CI")] or "last 2 games" in why[frozenset("CI")]
    assert "last 3 games" in why[frozenset("DJ")]
    assert "last 4 games" in why[frozenset("EK")]
    assert "7.4" in why[frozenset("FL")]
