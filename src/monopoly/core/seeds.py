"""Seeds: every random choice of the platform comes from a seeded generator, and every
seed is derived from one number by the rules here, so that a run is reproducible.

- :func:`bot_seed`: the bot in seat ``s`` of the game with seed ``g`` plays with seed
  ``g * 16 + s`` (distinct for the 8 seats a game may have);
- :func:`game_seed`: game ``i`` of a lab run with seed ``S`` (a hash of both: runs with
  nearby seeds share no games);
- :func:`room_bot_seed`: the bot of a seat in a server room (a hash of the room id and
  the seat: the same after a restart);
- :func:`seed_hash`: the published commitment to a game's seed (revealed at the end).

Example::

    >>> bot_seed(3, 1)
    49
    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
"""

from __future__ import annotations

import hashlib

__all__ = ["bot_seed", "game_seed", "room_bot_seed", "seed_hash"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game with seed `game_seed`."""
    return game_seed * 16 + seat


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with `seed` (63 bits of a hash of both)."""
    digest = hashlib.blake2b(f"monopoly-lab:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def room_bot_seed(room: str, seat: int) -> int:
    """The seed of the bot of `seat` in the server room `room`."""
    return int.from_bytes(hashlib.sha256(f"{room}:{seat}".encode()).digest()[:8], "big")


def seed_hash(seed: int) -> str:
    """The published commitment to a game's seed (SHA-256, revealed when the game ends)."""
    return hashlib.sha256(f"monopoly-seed:{seed}".encode()).hexdigest()
