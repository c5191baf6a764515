"""Pairing systems (parringssystemer), one module each, behind one protocol and a registry.

>>> from skak.pairing import get_system
>>> get_system("berger").name
'berger'
"""

from skak.pairing import berger as _berger
from skak.pairing import dansk as _dansk
from skak.pairing import dsu_rr as _dsu_rr
from skak.pairing import dutch as _dutch
from skak.pairing import knockout as _knockout
from skak.pairing import monrad as _monrad
from skak.pairing.base import PairingSystem, get_system, register, system_names

register(_berger.SYSTEM)
register(_dansk.SYSTEM)
register(_dsu_rr.SYSTEM)
register(_dutch.SYSTEM)
register(_knockout.SYSTEM)
register(_monrad.SYSTEM)

__all__ = ["PairingSystem", "get_system", "register", "system_names"]
