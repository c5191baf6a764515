"""Pairing systems (parringssystemer), one module each, behind one protocol and a registry.

>>> from skak.pairing import get_system
>>> get_system("berger").name
'berger'
"""

from skak.pairing import berger as _berger
from skak.pairing.base import PairingSystem, get_system, register, system_names

register(_berger.SYSTEM)

__all__ = ["PairingSystem", "get_system", "register", "system_names"]
