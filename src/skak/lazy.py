"""Names a package gives but imports only when first asked for (PEP 562's module
``__getattr__``): a run that reads a file and pairs or ranks it does not pay for the
modules it never names. ``skak.api``, ``skak.views``, ``skak.tiebreaks`` and ``skak.model``
give their names so."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["names_later"]


def names_later(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of module ``package``: a name of ``where`` is imported from the
    module it names there the first time it is asked for, and kept in ``package`` (asked
    again, it is found at once); any other name is no attribute."""

    def __getattr__(name: str) -> Any:
        home = where.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
