"""Pairing systems (parringssystemer), one module each, behind one protocol and a registry.

>>> from skak.pairing import get_system
>>> get_system("berger").name
'berger'
"""

from skak.pairing.base import PairingSystem, get_system, register, register_module, system_names

# Registered by name; a system's module is imported when it is first looked up.
register_module("berger", "skak.pairing.berger")
register_module("dansk", "skak.pairing.dansk")
register_module("dsu-rr", "skak.pairing.dsu_rr")
register_module("dubov", "skak.pairing.dubov")
register_module("dutch", "skak.pairing.dutch")
register_module("dutch-1998", "skak.pairing.dutch1998")
register_module("knockout", "skak.pairing.knockout")
register_module("monrad", "skak.pairing.monrad")

__all__ = ["PairingSystem", "get_system", "register", "register_module", "system_names"]
