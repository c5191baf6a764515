"""The QR code that leads to a tournament's public pages: on the hall screen, at
``/t/{id}/qr.svg`` and on the prints, made in one place by the pure-Python ``segno``.

The code is a standard QR code (never a Micro QR, which not every phone's camera reads)
with error correction level M or higher (segno raises it while the code stays as small) and
the quiet zone of four modules that ISO/IEC 18004 asks for. The SVG is a whole document (with
its namespace, so it is a file of its own too; without an XML declaration, so it can stand
inside an HTML page); its size is one millimetre per module, and its ``viewBox`` lets a page
or a print scale it to any size.
"""

from __future__ import annotations

import io

from skak.errors import InputError

__all__ = ["qr_svg"]


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as SVG (the address in its ``<title>``).

    >>> qr_svg("https://skak.example/t/1").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True

    :raises InputError: for an empty address.
    """
    import segno  # imported when a code is made: a command that makes none pays nothing

    if not url:
        raise InputError("a QR code needs an address")
    code = segno.make_qr(url, error="m")
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        scale=1,
        unit="mm",
        border=4,
        svgclass="qr",
        lineclass="qrline",
        title=url,
        nl=False,
    )
    return out.getvalue().decode("utf-8")
