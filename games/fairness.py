"""Provably fair deals. Pure: no Django.

Every hand is dealt from a fresh 256-bit seed (:func:`games.engine.deal.new_seed`, the
operating system's secure generator) by :meth:`Deal.from_seed`, a public algorithm. While the
hand is played the table shows only the seed's commitment, its SHA-256; once the hand is over
it shows the seed. Anyone can then check that the seed hashes to the commitment shown before
the hand (so it was fixed before any move) and that it yields the deal that was played.

Seeds are drawn independently for each hand, never derived from a table secret or from each
other, so a revealed seed says nothing about the deals still to come.

>>> from games.engine import Deal, Rules
>>> rules = Rules.for_preset("classic", seats=2)
>>> deal, seed = Deal.secure(rules)
>>> verify(rules, seed, commitment(seed), deal)
True
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from games.engine import Deal, Rules


@lru_cache(maxsize=4096)  # a hand's commitment is shown at every update of its table
def commitment(seed: str) -> str:
    """The SHA-256 of the seed, in hex: shown before the hand, it pins the seed down."""
    return hashlib.sha256(seed.encode()).hexdigest()


def deal_follows(rules: Rules, seed: str, deal: Deal) -> bool:
    """True when ``seed`` deals exactly ``deal`` (every hand and the boneyard's order)."""
    return Deal.from_seed(rules, seed) == deal


def verify(rules: Rules, seed: str, shown: str, deal: Deal) -> bool:
    """True when the seed matches the commitment ``shown`` and deals ``deal``."""
    return commitment(seed) == shown and deal_follows(rules, seed, deal)
