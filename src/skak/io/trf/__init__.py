"""FIDE's Tournament Report File (TRF16 and TRF-2026): pure reading and writing.

>>> from skak.io.trf import parse_trf, write_trf
>>> t = parse_trf(open_text).tournament  # doctest: +SKIP
>>> write_trf(t)  # doctest: +SKIP

Result codes exist only here; the rest of skak speaks :class:`~skak.model.Result`. See
``docs/trf.md`` for what is read, what is written, and the normalisation a round trip makes.
"""

from skak.io.trf._common import TrfVersion
from skak.io.trf._read import TrfRead, decode_trf, parse_trf
from skak.io.trf._write import write_trf

__all__ = ["TrfRead", "TrfVersion", "decode_trf", "parse_trf", "write_trf"]
