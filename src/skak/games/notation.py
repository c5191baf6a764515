"""Danish algebraic notation (003 §3.4.3, tillæg C): K D T L S for SAN's K Q R B N.

C2: K = konge, D = dronning, T = tårn, L = løber, S = springer; C4: pawns have no letter;
C12: a promotion is written ``d8D``; castling ``0-0`` and ``0-0-0``; C9's "e.p." and
"++" for mate are read. A Danish move is never an English one (no English piece is D, T, L
or S), so a file may mix them and still be read one way. A file's moves are read by
:mod:`skak.games.movetext`; an export in Danish letters uses :func:`to_danish`.
"""

from __future__ import annotations

import re

__all__ = ["from_danish", "to_danish"]

_TO_DANISH = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"}
_FROM_DANISH = {v: k for k, v in _TO_DANISH.items()}

_SAN = re.compile(
    r"""(?P<piece>[KQRBNDTLS])?(?P<body>[a-h]?[1-8]?x?[a-h][1-8])
        (?:=?(?P<promo>[QRBNDTLS]))?(?P<suffix>[+#]*)$""",
    re.VERBOSE,
)


def to_danish(san: str) -> str:
    """SAN in Danish letters: ``Nf3`` → ``Sf3``, ``e8=Q+`` → ``e8D+``, ``O-O`` → ``0-0``.

    >>> [to_danish(m) for m in ("Nf3", "Bxe5", "Qd1+", "Rad1", "exd8=N#", "O-O-O")]
    ['Sf3', 'Lxe5', 'Dd1+', 'Tad1', 'exd8S#', '0-0-0']
    """
    if san.startswith("O-O"):
        return san.replace("O", "0")
    m = _SAN.match(san)
    if m is None:
        return san
    piece = _TO_DANISH[m["piece"]] if m["piece"] else ""
    promo = _TO_DANISH[m["promo"]] if m["promo"] else ""
    return f"{piece}{m['body']}{promo}{m['suffix']}"


def from_danish(move: str) -> str:
    """A move in Danish letters as SAN: ``Sf3`` → ``Nf3``, ``d8D`` → ``d8=Q``,
    ``exd6 e.p.`` → ``exd6``, ``Dh7++`` → ``Qh7#``; English SAN comes back unchanged.

    >>> [from_danish(m) for m in ("Sf3", "Lxe5", "d8D", "0-0", "exd6e.p.", "Dh7++", "Nf3")]
    ['Nf3', 'Bxe5', 'd8=Q', 'O-O', 'exd6', 'Qh7#', 'Nf3']
    """
    text = move.replace("e.p.", "").replace("ep", "").strip()
    if text.startswith("0-0"):
        return text.replace("0", "O").replace("++", "#")
    text = text.replace("++", "#")
    m = _SAN.match(text)
    if m is None:
        return text
    piece = m["piece"] or ""
    piece = _FROM_DANISH.get(piece, piece)
    promo = m["promo"] or ""
    promo = "=" + _FROM_DANISH.get(promo, promo) if promo else ""
    return f"{piece}{m['body']}{promo}{m['suffix']}"
