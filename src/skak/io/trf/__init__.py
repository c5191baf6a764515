"""FIDE's Tournament Report File (TRF16 and TRF-2026): pure reading and writing.

>>> from skak.io.trf import parse_trf, write_trf
>>> t = parse_trf(open_text).tournament  # doctest: +SKIP
>>> write_trf(t)  # doctest: +SKIP

Result codes exist only here; the rest of skak speaks :class:`~skak.model.Result`. See
``docs/trf.md`` for what is read, what is written, and the normalisation a round trip makes.
"""

from typing import TYPE_CHECKING, Any

from skak.io.trf._common import TrfVersion
from skak.io.trf._read import TrfRead, decode_trf, parse_trf

if TYPE_CHECKING:
    from skak.io.trf._write import write_trf

__all__ = ["TrfRead", "TrfVersion", "decode_trf", "parse_trf", "write_trf"]


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """``write_trf``, imported on first use: the writer needs the standings (for the
        ranks a TRF file states), which reading a file and pairing from it do not."""
        if name == "write_trf":
            from skak.io.trf._write import write_trf

            return write_trf
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
