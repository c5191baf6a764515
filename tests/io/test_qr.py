"""The QR code to the public pages (:func:`skak.io.qr.qr_svg`): the SVG draws exactly the
modules of the standard QR code of the address, with its quiet zone."""

from __future__ import annotations

import re

import pytest
import segno

from skak.errors import InputError
from skak.io.qr import qr_svg

URL = "https://skak.example.dk/t/12"


def _modules(svg: str) -> tuple[int, set[tuple[int, int]]]:
    """The SVG's size in modules and its dark modules (column, row), read off its path:
    ``M x y`` starts, ``h n`` draws ``n`` dark modules along a row, ``m dx dy`` moves."""
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    assert size and size.group(1) == size.group(2)
    path = re.search(r' d="([^"]+)"', svg)
    assert path
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, a, b in re.findall(
        r"([Mmh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", path.group(1).replace(",", " ")
    ):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for i in range(int(a)):
                dark.add((int(x) + i, int(y - 0.5)))
            x += int(a)
    return int(size.group(1)), dark


def test_the_svg_draws_the_qr_code_of_the_address() -> None:
    svg = qr_svg(URL)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert f"<title>{URL}</title>" in svg
    code = segno.make_qr(URL, error="m")
    assert not code.is_micro and code.error in ("M", "Q", "H")  # M at least
    size, dark = _modules(svg)
    width = len(code.matrix)
    assert size == width + 8  # a quiet zone of four modules on every side
    expected = {
        (x + 4, y + 4) for y, row in enumerate(code.matrix) for x, bit in enumerate(row) if bit
    }
    assert dark == expected


def test_another_address_is_another_code() -> None:
    assert _modules(qr_svg(URL))[1] != _modules(qr_svg(URL + "3"))[1]


def test_a_title_is_escaped() -> None:
    assert "<title>https://x.dk/?a=1&amp;b=&lt;2&gt;</title>" in qr_svg("https://x.dk/?a=1&b=<2>")


def test_an_empty_address_is_refused() -> None:
    with pytest.raises(InputError):
        qr_svg("")
