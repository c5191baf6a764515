"""Hypothesis strategies for whole tournaments: anything skak can hold."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from hypothesis import strategies as st

from skak.model import (
    Bye,
    Colour,
    Pairing,
    PairingBan,
    Player,
    RatedKind,
    Ratings,
    Result,
    Round,
    Scoring,
    Sex,
    Title,
    Tournament,
)
from skak.model.changes import CHANGE_KINDS, ChangeNote

TEXT = (
    st.text(
        alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
        min_size=1,
        max_size=40,
    )
    .map(str.strip)
    .filter(bool)
)
DATES = st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31))
HALVES = st.integers(0, 6).map(lambda n: Fraction(n, 2))
GAME_RESULTS = [r for r in Result if r.is_game]


@st.composite
def players(draw: st.DrawFn, numbers: list[int]) -> list[Player]:
    out = []
    for n in numbers:
        rounds = draw(st.lists(st.integers(1, 9), unique=True, max_size=4))
        split = draw(st.integers(0, len(rounds))), draw(st.integers(0, len(rounds)))
        a, b = sorted(split)
        birth = draw(st.one_of(st.none(), DATES, st.integers(1900, 2100)))
        out.append(
            Player(
                n,
                draw(TEXT),
                sex=draw(st.one_of(st.none(), st.sampled_from(Sex))),
                birth_date=birth if isinstance(birth, date) else None,
                birth_year=birth if isinstance(birth, int) else None,
                club=draw(st.one_of(st.none(), TEXT)),
                federation=draw(st.one_of(st.none(), st.from_regex(r"\A[A-Z]{3}\Z"))),
                dsu_id=draw(st.one_of(st.none(), st.integers(1, 10**7))),
                fide_id=draw(st.one_of(st.none(), st.integers(1, 10**10))),
                title=draw(st.one_of(st.none(), st.sampled_from(Title))),
                ratings=Ratings(
                    *(draw(st.one_of(st.none(), st.integers(1000, 3000))) for _ in range(4))
                ),
                withdrawn_from=draw(st.one_of(st.none(), st.integers(1, 9))),
                late_from=draw(st.one_of(st.none(), st.integers(1, 9))),
                absent_rounds=frozenset(rounds[:a]),
                half_bye_rounds=frozenset(rounds[a:b]),
                full_bye_rounds=frozenset(rounds[b:]),
                accelerations=tuple(
                    draw(st.dictionaries(st.integers(1, 9), HALVES, max_size=3)).items()
                ),
            )
        )
    return out


@st.composite
def rounds(draw: st.DrawFn, numbers: list[int], count: int) -> list[Round]:
    out = []
    for r in range(1, count + 1):
        field = draw(st.permutations(numbers))
        field = field[: draw(st.integers(2, len(field)))]
        byes = [
            Bye(
                n,
                draw(
                    st.sampled_from(
                        [Result.FULL_BYE, Result.HALF_BYE, Result.ZERO_BYE, Result.ABSENT]
                    )
                ),
            )
            for n in field[: draw(st.integers(0, max(len(field) - 2, 0)))]
        ]
        rest = field[len(byes) :]
        pab = rest.pop() if len(rest) % 2 else None
        pairings = []
        for i in range(0, len(rest), 2):
            result = draw(st.one_of(st.none(), st.sampled_from(GAME_RESULTS)))
            unrated = result in (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN) and draw(
                st.booleans()
            )
            pairings.append(Pairing(1, rest[i], rest[i + 1], result, unrated))
        if pab is not None:
            pairings.insert(
                draw(st.integers(0, len(pairings))), Pairing(1, pab, None, Result.PAIRING_BYE)
            )
        pairings = [
            Pairing(i, p.white, p.black, p.result, p.unrated) for i, p in enumerate(pairings, 1)
        ]
        explanation = tuple(draw(st.lists(TEXT, max_size=2)))
        out.append(Round(r, tuple(pairings), tuple(byes), explanation))
    return out


#: Changes a TRF file's ``###`` lines record (issue 38 item 2).
CHANGES = st.builds(
    ChangeNote,
    DATES.filter(lambda d: d.year >= 1000),
    st.integers(0, 999),
    st.sampled_from(CHANGE_KINDS),
    TEXT,
)


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    numbers = sorted(draw(st.sets(st.integers(1, 9999), min_size=2, max_size=10)))
    count = draw(st.integers(0, 4))
    start = draw(st.one_of(st.none(), DATES))
    scoring = draw(
        st.one_of(
            st.just(Scoring()),
            st.builds(
                Scoring,
                win=HALVES,
                draw=HALVES,
                loss=HALVES,
                forfeit_win=HALVES,
                forfeit_loss=HALVES,
                pairing_bye=HALVES,
                full_bye=HALVES,
                half_bye=HALVES,
                zero_bye=HALVES,
            ),
        )
    )
    imported = draw(
        st.lists(st.from_regex(r"\A9[0-9]{2} [A-Za-z0-9 ]{0,20}[A-Za-z0-9]\Z"), max_size=3)
    )
    return Tournament(
        name=draw(TEXT),
        pairing_system=draw(st.sampled_from(["berger", "dutch", "monrad"])),
        number_of_rounds=draw(st.one_of(st.none(), st.integers(max(count, 1), 11))),
        place=draw(st.one_of(st.none(), TEXT)),
        start_date=start,
        end_date=start,
        rated_kind=draw(st.sampled_from(RatedKind)),
        rated=draw(st.booleans()),
        time_control=draw(st.one_of(st.none(), TEXT)),
        pairing_settings=tuple(
            draw(
                st.dictionaries(
                    st.from_regex(r"\A[a-z-]{1,10}\Z"),
                    st.one_of(st.integers(-(10**11), 10**11), st.booleans(), TEXT),
                    max_size=3,
                )
            ).items()
        ),
        tiebreaks=tuple(
            draw(st.lists(st.from_regex(r"\A[A-Z]{2,4}(/[A-Z0-9]{1,2})?\Z"), max_size=4))
        ),
        scoring=scoring,
        players=tuple(draw(players(numbers))),
        rounds=tuple(draw(rounds(numbers, count))),
        imported_records=tuple(imported),
        imported_changes=tuple(draw(st.lists(CHANGES, max_size=3))),
        fide_mode=draw(st.booleans()),
        initial_colour=draw(st.one_of(st.none(), st.sampled_from(Colour))),
        bans=tuple(
            PairingBan(frozenset(group), first, None if last is None else max(first, last))
            for group, first, last in draw(
                st.lists(
                    st.tuples(
                        st.sets(st.sampled_from(numbers), min_size=2, max_size=3),
                        st.integers(1, 5),
                        st.one_of(st.none(), st.integers(1, 9)),
                    ),
                    max_size=2,
                )
            )
        ),
    )
