"""The rating registry's replay reports how far it has come (issue 23 item 19)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from skak.api import Skak
from skak.io.dsu_list import COLUMNS


def test_registry_replay_reports_events(api: Skak, tmp_path: Path) -> None:
    listing = tmp_path / "liste.csv"
    rows = [";".join(f'"{c}"' for c in COLUMNS)]
    rows += [f'"{i}";"1980";"Spiller, {i:04d}";"Klub";"";"{1400 + i % 900}";"";"";"";"";""'
             for i in range(1, 2501)]  # fmt: skip
    listing.write_text("\n".join(rows) + "\n", encoding="utf-8")
    entered: list[tuple[int, int]] = []
    count = api.registry.import_list(
        listing, date(2026, 11, 1), progress=lambda d, n: entered.append((d, n))
    )
    assert count == 2500
    assert entered and entered[-1][0] == entered[-1][1]
    replayed: list[tuple[int, int]] = []
    registry = api.registry.get(progress=lambda d, n: replayed.append((d, n)))
    assert [d for d, _ in replayed] == sorted(d for d, _ in replayed)
    assert replayed[0][0] == 0
    assert replayed[-1][0] == replayed[-1][1] > 0
    assert 2 <= len(replayed) < 100  # now and then, not once per event
    assert registry == api.registry.get()
