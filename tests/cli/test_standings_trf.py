"""``skak standings --trf FILE --round-robin``: DSU §24's round-robin default for a file that
names no system, exactly as for the same file imported with ``--system berger`` (issue 23
item 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app

#: A round robin of four with no system record: A and C level on 1½, SB puts C first.
TRF = """\
012 RR
XXR 3
001    1      A, A                                                               1.5    1     4 w 1     3 b =     2 w 0
001    2      B, B                                                               2.0    1     3 w 0     4 b 1     1 b 1
001    3      C, C                                                               1.5    1     2 b 1     1 w =     4 b 0
001    4      D, D                                                               1.0    1     1 b 0     2 w 0     3 w 1
"""  # noqa: E501


def _json(runner: CliRunner, *args: str) -> list[dict[str, Any]]:
    result = runner.invoke(app, [*args, "--json", "--prizes", "300,200,100"])
    assert result.exit_code == 0, result.output + result.stderr
    rows: list[dict[str, Any]] = json.loads(result.stdout)["standings"]
    return rows


@pytest.mark.parametrize(
    ("flag", "codes", "prizes"),
    [
        pytest.param("--round-robin", ["SB"], ["300", "150", "150", None], id="24-round-robin"),
        pytest.param("--swiss", ["BH/C2", "BH/C1", "BH"], None, id="24-other-groups"),
    ],
)
def test_the_section_24_default_follows_round_robin_or_swiss(
    runner: CliRunner, flag: str, codes: list[str], prizes: list[str | None] | None
) -> None:
    """§24: "I alle-mod-alle-grupper deles kontante præmier, mens fordelingen af eventuelle
    ærespræmier afgøres ved Sonneborn-Berger-korrektion. I alle andre grupper fordeles
    præmier ved almindelig korrektion." """
    Path("rr.trf").write_text(TRF, encoding="utf-8")
    rows = _json(runner, "standings", "--trf", "rr.trf", flag)
    assert all(list(r["tiebreaks"]) == codes for r in rows)
    if prizes is not None:  # A and C level on points share 2nd and 3rd prize
        assert [r["prize"] for r in rows] == prizes
    if flag == "--round-robin":
        imported = runner.invoke(app, ["import", "trf", "rr.trf", "--system", "berger"])
        assert imported.exit_code == 0, imported.output + imported.stderr
        assert _json(runner, "standings") == rows
