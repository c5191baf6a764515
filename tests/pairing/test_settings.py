"""Typed pairing-system settings: one declaration per system, one parser for all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from skak.errors import InputError
from skak.model import Player, Tournament
from skak.pairing import get_system, system_names
from skak.pairing.berger import RoundRobinSettings
from skak.pairing.dansk import DanskSettings
from skak.pairing.knockout import KnockoutSettings
from skak.pairing.monrad import MonradSettings
from skak.pairing.settings import Settings, setting


@dataclass(frozen=True)
class _Example(Settings):
    rounds: int = setting(0, "0 (every round) or more", valid=lambda n: n >= 0)
    mode: Literal["fast", "slow"] = setting("fast", "'fast' or 'slow'")
    size: Literal[1, 2] | None = setting(None, "1 or 2")
    strict: bool = setting(False, "yes or no")


def _t(system: str, *settings: tuple[str, object]) -> Tournament:
    return Tournament("T", system, players=(Player(1, "A, B"),), pairing_settings=settings)  # type: ignore[arg-type]


def test_defaults_and_keys_come_from_the_declaration() -> None:
    assert _Example.parse({}, system="x") == _Example()
    assert _Example.keys() == ("rounds", "mode", "size", "strict")
    assert _Example.describe()["mode"] == "'fast' or 'slow'"
    assert _Example.parse([("rounds", 3), ("size", 2)], system="x") == _Example(rounds=3, size=2)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"round": 1}, r"pairing system 'x' has no setting 'round' \(known: rounds, mode"),
        ({"rounds": -1}, r"x: 'rounds' is 0 \(every round\) or more, not -1"),
        (
            {"rounds": "1"},
            r"x: setting 'rounds' must be a whole number, not '1'; "
            r"it takes 0 \(every round\) or more",
        ),
        ({"rounds": True}, r"must be a whole number"),
        ({"mode": "medium"}, r"x: 'mode' is 'fast' or 'slow', not 'medium'"),
        ({"size": 3}, r"x: 'size' is 1 or 2, not 3"),
        ({"size": True}, r"must be a whole number"),
        ({"strict": 1}, r"must be yes or no"),
    ],
)
def test_errors_name_the_key_and_the_values_allowed(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        _Example.parse(values, system="x")  # type: ignore[arg-type]


def test_a_yes_or_no_setting_says_so_in_words_without_nested_parentheses() -> None:
    with pytest.raises(InputError) as caught:
        MonradSettings.parse({"look-ahead": 1}, system="monrad")
    assert str(caught.value) == (
        "monrad: setting 'look-ahead' must be yes or no (keep the remaining rounds pairable "
        "without rematches, 4.9.2), not 1"
    )


def test_a_tournaments_settings_are_parsed_once_per_settings_tuple() -> None:
    t = _t("knockout", ("games", 4))
    first = KnockoutSettings.of(t)
    assert first == KnockoutSettings(games=4)
    assert KnockoutSettings.of(_t("knockout", ("games", 4))) is first
    assert KnockoutSettings.of(_t("knockout", ("games", 6))).games == 6


def test_true_is_no_one_in_the_cache() -> None:
    """``True == 1`` in Python; a cached ``cycles=1`` must not let ``cycles=True`` through."""
    assert RoundRobinSettings.of(_t("berger", ("cycles", 1))).cycles == 1
    with pytest.raises(InputError, match="must be a whole number"):
        RoundRobinSettings.of(_t("berger", ("cycles", True)))


def test_each_system_reads_its_settings_typed() -> None:
    assert get_system("knockout").settings(_t("knockout", ("rapid-games", 0))) == KnockoutSettings(
        rapid_games=0
    )
    assert get_system("dansk").settings(_t("dansk")) == DanskSettings()
    assert get_system("monrad").settings(_t("monrad", ("lot-seed", 7))).lot_seed == 7  # type: ignore[attr-defined]
    assert get_system("dsu-rr").settings(_t("dsu-rr", ("cycles", 2))).cycles == 2  # type: ignore[attr-defined]
    assert MonradSettings().look_ahead is True


@pytest.mark.parametrize("name", system_names())
def test_every_system_accepts_its_defaults_and_refuses_an_unknown_key(name: str) -> None:
    system = get_system(name)
    system.check_settings({})
    with pytest.raises(InputError, match="no setting 'no-such-key'"):
        system.check_settings({"no-such-key": 1})
    with pytest.raises(InputError, match="no setting 'no-such-key'"):
        system.settings(_t(name, ("no-such-key", 1)))


def test_round_robin_cycles_come_from_the_setting_or_the_declared_rounds() -> None:
    assert RoundRobinSettings().cycles_for(5, 10) == 2  # 5 players: 5 rounds a cycle
    assert RoundRobinSettings().cycles_for(5, 5) == 1
    assert RoundRobinSettings(cycles=2).cycles_for(5, None) == 2
    assert RoundRobinSettings(cycles=1).cycles_for(5, 10) == 1
