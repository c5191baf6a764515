"""Reading a file a user names: its text (UTF-8, else Windows-1252, as Danish spreadsheets
and DGT software write it) and the name to give in messages."""

from __future__ import annotations

from pathlib import Path

from skak.errors import InputError

__all__ = ["read_text"]


def read_text(path: str | Path) -> tuple[str, str]:
    """A file's text and its name for messages.

    :raises InputError: when it cannot be read.
    """
    from skak.io.players_csv import decode_text

    p = Path(path)
    try:
        return decode_text(p.read_bytes()), str(p)
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
