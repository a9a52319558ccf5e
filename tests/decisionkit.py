"""Positions that put each kind of decision to seat 0, for the tests that take every
decision through a client (the browser's controls, the terminal's keys): random games
from fixed seeds, searched for the first position offering seat 0 each kind (the same
positions on every run of the same engine). Each position keeps its game and the game's
record, so a client can be given the position itself or resume it from the record."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from monopoly.board import actions as A
from monopoly.board.edition import load_edition
from monopoly.board.game import Game
from monopoly.board.options import preset
from monopoly.board.record import restore, snapshot
from monopoly.board.testing import give, new_game
from monopoly.board.view import SeatView
from monopoly.bots.board.random_bot import RandomBot
from monopoly.bots.deal.random_bot import RandomBot as DealRandomBot
from monopoly.deal.game import Game as DealGame
from monopoly.deal.options import DealRules
from monopoly.web.games.deal import entry_json

# (preset, edition, options) searched in this order; a kind is taken from the first game
# offering it
TABLES: tuple[tuple[str, str, dict[str, int]], ...] = (
    ("classic", "standard", {}), ("tournament", "standard", {}), ("czech", "standard", {}),
    ("house", "standard", {}), ("classic", "uk", {}),
)
# every kind of entry a seat can be offered (the table's own actions, time/expire/
# timeout/stop, are not a seat's); "bid" is split into open and sealed auctions, "build"
# into building and placing won buildings
KINDS = ("roll", "pay-fine", "use-card", "buy", "decline", "bid-open", "bid-sealed", "pass",
         "end", "bankrupt", "accept", "reject", "counter", "propose", "build", "build-placing",
         "sell", "mortgage", "unmortgage", "lift", "keep", "raise", "tax", "choose", "repay",
         "resign")


@dataclass
class Position:
    kind: str
    table: tuple[str, str, dict[str, int]]
    game: Game  # a copy of the game at the position
    lines: list[str] = field(default_factory=list)  # its record (none: made by hand)

    def entries(self) -> list[A.LegalEntry]:
        return [e for e in self.game.legal_actions(0) if key_of(self.game, e) == self.kind]


def key_of(game: Game, entry: A.LegalEntry) -> str:
    kind = entry.text().split(" ", 1)[0]
    if kind == "bid":
        return "bid-sealed" if game.rules.auction == "sealed" else "bid-open"
    if kind == "build" and game.placement is not None:
        return "build-placing"  # a house won at a shortage auction (docs/rules.md §8)
    if kind == "raise" and not any(d["debtor"] == 0 for d in game.view(0).to_dict()["debts"]):
        return "raise-any"  # raising funds in bulk is the debtor's tool; else one by one
    return kind


def placing_position() -> Position:
    """docs/rules.md §8: seat 1 asks for the bank's last house, seat 0 wins the housing
    shortage's auction and places the house on a street of its own (random games seldom
    get there)."""
    game = new_game(4)
    give(game, 0, 1, 3)  # Mediterranean and Baltic Avenues
    give(game, 1, 37, 39)  # Park Place and Boardwalk
    game.houses_left = 1
    game.apply(1, A.Build(37))
    game.apply(0, A.Bid(210))
    game.apply(1, A.PASS_BID)
    assert game.placement == (0, "house")
    return Position("build-placing", ("classic", "standard", {"houses_left": 1}), game)


def find_positions() -> dict[str, Position]:
    """The first position offering seat 0 each kind of :data:`KINDS` (random games from
    fixed seeds: the same positions on every run of the same engine)."""
    found: dict[str, Position] = {"build-placing": placing_position()}
    for table in TABLES:
        name, edition, options = table
        rules = preset(name, **options)
        if rules.end in ("last_player", "bankruptcies"):
            rules = rules.with_options(turn_limit=300)
        for seed in range(12):
            if len(found) == len(KINDS):
                return found
            game = Game(["Ann", "Bob", "Cid", "Dan"], seed, rules, load_edition(edition),
                        events=False)
            bots = [RandomBot(seed * 10 + s) for s in range(4)]
            views = [SeatView(game, s) for s in range(4)]
            for legal in seat0_decisions(game, bots, views.__getitem__):
                for entry in legal:
                    key = key_of(game, entry)
                    if key in KINDS and key not in found:
                        found[key] = Position(key, table, restore(snapshot(game)),
                                              game.record_lines())
    return found


def seat0_decisions(game: Any, bots: list[Any], view: Callable[[int], Any],
                    limit: int = 3000) -> Iterator[list[Any]]:
    """Play `game` with a bot in each seat (each sees `view(seat)`; the table's own
    actions, seat -1, the first legal), yielding seat 0's legal entries at each of its
    decisions (before its choice), for at most `limit` actions or to the end."""
    for _ in range(limit):
        seat = game.pending
        if game.is_over or seat is None:
            return
        legal = game.legal_actions(seat)
        if seat == 0:
            yield legal
        game.apply(seat, bots[seat].choose(view(seat), legal) if seat >= 0 else legal[0])


# every kind of entry the Deal offers a seat (docs/deal-rules.md): the plays of each kind of
# card, moving a wildcard, ending the turn, the discard, and the answers to an action aimed
# at the seat (Just Say No, letting it stand, paying)
DEAL_KINDS = ("bank", "property", "passgo", "birthday", "debt", "sly", "forced", "breaker",
              "house", "hotel", "rent", "move", "end", "discard", "jsn", "accept", "pay")


@dataclass
class DealPosition:
    kind: str
    players: int
    lines: list[str]  # the game's record up to the position


def find_deal_positions() -> dict[str, DealPosition]:
    """The first position offering seat 0 each kind of :data:`DEAL_KINDS` (random games of
    2-4 players from fixed seeds)."""
    found: dict[str, DealPosition] = {}
    for seed in range(400):
        players = 2 + seed % 3
        game = DealGame(players, seed, DealRules())
        bots = [DealRandomBot(seed * 10 + s) for s in range(players)]
        for legal in seat0_decisions(game, bots, game.seat_view):
            for entry in legal:
                kind = entry_json(entry, "")["kind"]
                if kind in DEAL_KINDS and kind not in found:
                    found[kind] = DealPosition(kind, players, game.record_lines())
        if len(found) == len(DEAL_KINDS):
            break
    return found
