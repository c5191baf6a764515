"""The recommended tie-break lists by name, as data: what ``--help`` lists reads this alone
(:mod:`._lists` parses them)."""

from __future__ import annotations

__all__ = ["PRIZE_BASIS", "RECOMMENDED"]

#: Recommended lists by tournament type: 004 annex 3 G (FIDE 2010), DSU §24 (4.1), 4.9.5 F10.
RECOMMENDED: dict[str, str] = {
    "fide-round-robin": "DE,WIN,SB,BWG,KS",  # annex 3 G a
    "fide-swiss": "DE,WIN,BWG,BH/C1,BH,SB",  # G c: not every player rated
    "fide-swiss-rated": "DE,WIN,BWG,ARO/C1,BH/C1,BH,SB",  # G d: every player rated
    "dsu-round-robin": "SB",  # §24: honour prizes by Sonneborn-Berger
    "dsu-other": "AK",  # §24: other groups by almindelig korrektion
    "fide-1998-swiss": "F10",  # 4.9.5 F10
    "gladiator": "GLO,GLR,DE",  # 4.9.8
    # DSU championships (003 §36–37, 4.3.2–4.3.3): where the title is decided by a play-off
    # (omkamp), the list orders the other places.
    "dm-landsholdsklassen": "",  # §36: play-off for the title, "ikke korrektionsberegning"
    "dm-kandidatklassen": "AK",  # §37: places by almindelig korrektion, prizes by points
    "dm-senior": "AK",  # 4.3.2: almindelig korrektion, then title and prize shared
    "dm-hurtigskak": "AK",  # 4.3.3: play-off for the title, other prizes by AK
}

#: How each named list shares cash prizes between tied players (DSU §24 and the sections
#: above): ``"points"`` — players level on points share; ``"place"`` — only players still
#: level after the tie-breaks share.
PRIZE_BASIS: dict[str, str] = {
    "fide-round-robin": "place",
    "fide-swiss": "place",
    "fide-swiss-rated": "place",
    "dsu-round-robin": "points",  # §24: "I alle-mod-alle-grupper deles kontante præmier"
    "dsu-other": "place",  # §24: "fordeles præmier ved almindelig korrektion"
    "fide-1998-swiss": "points",  # 4.9.5 F10: "skal pengepræmier deles"
    "gladiator": "place",
    "dm-landsholdsklassen": "points",  # §36: "Øvrige præmier deles ved ligestilling"
    "dm-kandidatklassen": "points",  # §37: "Ved ligestilling i point deles præmierne"
    "dm-senior": "place",  # 4.3.2: shared only when still level after the correction
    "dm-hurtigskak": "place",  # 4.3.3: "Øvrige præmier deles ved almindelig korrektion"
}
