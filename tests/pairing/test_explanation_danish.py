"""The pairing systems' explanations in Danish (issue "The arbiter's hall", item 11): every
line the Dutch, Monrad, Dansk Schweizer and Berger systems write is a message whose template,
and the template of every message in it, is in the Danish catalogue; the English text says
"1 player with 1 point" and "12 players with 0 points", not "player(s)"."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skak.faces import i18n
from skak.messages import Message, Phrases
from skak.model import Colour, Player, Ratings, Result, Round, Tournament
from skak.pairing import get_system

OUTCOMES = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]


def _catalogue() -> dict[object, str]:
    catalogue: dict[object, str] = i18n.translations("da")._catalog  # type: ignore[attr-defined]
    return catalogue


def untranslated(text: str) -> list[str]:
    """The templates in ``text`` (a message, its parameters that are messages, a phrase list's
    items) the Danish catalogue lacks; a line that is no message at all is named whole."""
    catalogue = _catalogue()
    if isinstance(text, Phrases):
        return [t for item in (text.separator, *text.items) for t in _inner(item)]
    if not isinstance(text, Message):
        return [text]
    key: object = text.template if text.plural is None else (text.template, 0)
    missing = [] if key in catalogue else [text.template]
    return missing + [t for v in text.params.values() if isinstance(v, str) for t in _inner(v)]


def _inner(text: str) -> list[str]:
    """As :func:`untranslated`, for a parameter: plain text there is a name or a number."""
    return untranslated(text) if isinstance(text, Message | Phrases) else []


def _field(system: str, size: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    players = tuple(
        Player(n, f"Spiller, {n}", ratings=Ratings(dsu=2300 - 7 * n)) for n in range(1, size + 1)
    )
    rounds = size - 1 + size % 2 if system == "berger" else 5
    return Tournament("Åben", system, number_of_rounds=rounds, players=players,
                      initial_colour=rng.choice(list(Colour)))  # fmt: skip


def _rounds(system: str, size: int, seed: int, count: int) -> list[Round]:
    rng = random.Random(seed)
    t = _field(system, size, seed)
    out = []
    for _ in range(count):
        rnd = get_system(system).pair(t)
        out.append(rnd)
        played = tuple(
            p if p.result is not None or p.is_bye else replace(p, result=rng.choice(OUTCOMES))
            for p in rnd.pairings
        )
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=played)))
    return out


@pytest.mark.parametrize("system", ["dutch", "monrad", "dansk", "berger"])
@pytest.mark.parametrize(("size", "seed"), [(7, 1), (12, 2), (15, 3)])
def test_every_line_of_the_explanation_is_in_the_danish_catalogue(
    system: str, size: int, seed: int
) -> None:
    for rnd in _rounds(system, size, seed, 5):
        assert rnd.explanation
        for line in rnd.explanation:
            assert not untranslated(line), (system, rnd.number, line, untranslated(line))


def test_the_dutch_brackets_count_players_and_points_in_words() -> None:
    rounds = _rounds("dutch", 12, 2, 3)
    heads = [line for rnd in rounds for line in rnd.explanation if line.startswith("bracket")]
    for head in (
        "bracket 0: 12 players with 0 points",
        "bracket 1: 5 players with 1 point",
        "bracket 2: 1 player with 2 points",
        "bracket ½: 2 players with ½ point; moved down into it: Spiller, 8 (8) with 1",
    ):
        assert head in heads, heads
    assert not any("(s)" in line for rnd in rounds for line in rnd.explanation)
    said = {i18n.say(line, "da") for line in heads}
    assert "pointgruppe 0: 12 spillere med 0 point" in said
    assert "pointgruppe 2: 1 spiller med 2 point" in said
    assert "pointgruppe ½: 2 spillere med ½ point; flyttet ned i den: Spiller, 8 (8) med 1" in said


def test_a_monrad_explanation_in_danish() -> None:
    first = _rounds("monrad", 7, 2, 1)[0].explanation
    said = [i18n.say(line, "da") for line in first]
    assert said[1] == (
        "bræt 1: 1 (placeret 1) møder 2 (placeret 2), den nærmest følgende spiller, han ikke "
        "har mødt; ingen af dem har haft hvid endnu: den lavest placerede har hvid"
    )
    assert said[-1] == "7 er den lavest placerede uden en fri runde: oversidder"
