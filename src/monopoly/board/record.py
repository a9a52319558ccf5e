"""Game records and position snapshots.

A record is JSON lines: a header line (rules, edition, seats, seed) followed by one line
per action, ``[seat, "action text"]``. Replaying it reproduces the final state exactly.
A snapshot is one JSON object holding the whole position, the generator's state included;
``restore(snapshot(g))`` gives a game whose snapshot is identical (like FEN in chess).

Example::

    lines = record_lines(game)
    again = replay(lines)
    assert state_hash(again) == state_hash(game)
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from monopoly.board import actions as A
from monopoly.board.edition import load_edition
from monopoly.board.errors import MonopolyError, RecordError
from monopoly.board.game import NOBODY, Auction, Debt, Game, Player, TradeOffer
from monopoly.board.options import RuleSet
from monopoly.core.outcome import Outcome
from monopoly.core.record import RecordCodec, header_line, replay_record
from monopoly.core.record import moves as record_moves
from monopoly.core.text import Text

RECORD_FORMAT = "monopoly-record/1"
SNAPSHOT_FORMAT = "monopoly-snapshot/1"


def snapshot(game: Game) -> dict[str, Any]:
    """The whole position as a JSON-ready object."""
    au = game.auction
    offer = game.offer
    version, state, gauss = game.rng.getstate()
    return {
        "format": SNAPSHOT_FORMAT,
        "rules": game.rules.record_dict(),
        "edition": game.edition.key,
        "seed": game.seed,
        "rng": [version, list(state), gauss],
        "players": [
            {
                "name": p.name,
                "cash": p.cash,
                "position": p.position,
                "in_jail": p.in_jail,
                "jail_turns": p.jail_turns,
                "jail_cards": [list(c) for c in p.jail_cards],
                "bankrupt": p.bankrupt,
                "lapped": p.lapped,
                "built": p.built,
                "fine_waived": p.fine_waived,
            }
            for p in game.players
        ],
        "owner": list(game.owner),
        "level": list(game.level),
        "mortgaged": list(game.mortgaged),
        "houses_left": game.houses_left,
        "hotels_left": game.hotels_left,
        "decks": [list(d) for d in game.decks],
        "order": list(game.order),
        "turn_player": game.turn_player,
        "turn_number": game.turn_number,
        "phase": game.phase,
        "doubles": game.doubles,
        "extra_roll": game.extra_roll,
        "dice": list(game.dice),
        "buy_square": game.buy_square,
        "auction": None
        if au is None
        else {
            "lot": au.lot,
            "square": au.square,
            "bidders": list(au.bidders),
            "turn": au.turn,
            "high_bid": au.high_bid,
            "high_bidder": au.high_bidder,
            "sealed": None if au.sealed is None else [[s, b] for s, b in au.sealed.items()],
            "round": au.round,
            "participants": list(au.participants),
            "min_bid": au.min_bid,
        },
        "auction_queue": list(game.auction_queue),
        "auction_requester": game.auction_requester,
        "debts": [[d.debtor, d.creditor, d.amount, d.reason] for d in game.debts],
        "after_debt_move": game.after_debt_move,
        "offer": None
        if offer is None
        else [offer.proposer, offer.target, offer.give.text(), offer.take.text()],
        "receipts": [list(r) for r in game.receipts],
        "placement": list(game.placement) if game.placement else None,
        "placement_paid": game.placement_paid,
        "outcome": game.outcome.to_dict() if game.outcome else None,
        "bankrupt_order": list(game.bankrupt_order),
        "bank_in": game.bank_in,
        "bank_out": game.bank_out,
        "throws": game.throws,
        "pot": game.pot,
        "loans": [[b, lender, v] for (b, lender), v in sorted(game.loans.items())],
        "choice": None if game.choice is None else list(game.choice),
        "time_called": game.time_called,
        "rolled": game.rolled,
        "landed_street": game.landed_street,
    }


def restore(data: dict[str, Any], *, events: bool = True) -> Game:
    """Rebuild a game from :func:`snapshot` output. Raises :class:`RecordError`."""
    try:
        if data.get("format") != SNAPSHOT_FORMAT:
            raise RecordError(
                Text("not a snapshot (format {value})", value=repr(data.get("format")))
            )
        rules = RuleSet.from_dict(data["rules"])
        seats = [p["name"] for p in data["players"]]
        game = Game(seats, int(data["seed"]), rules, load_edition(data["edition"]), events=events)
        version, state, gauss = data["rng"]
        game.rng.setstate((version, tuple(state), gauss))
        for p, d in zip(game.players, data["players"], strict=True):
            _restore_player(p, d)
        game.owner = [int(x) for x in data["owner"]]
        game.level = [int(x) for x in data["level"]]
        game.mortgaged = [bool(x) for x in data["mortgaged"]]
        game.holdings = [[] for _ in game.players]
        for sq, owner in enumerate(game.owner):
            if owner >= 0:
                game.holdings[owner].append(sq)
        game.houses_left = int(data["houses_left"])
        game.hotels_left = int(data["hotels_left"])
        game.decks = [deque(int(i) for i in d) for d in data["decks"]]
        game.order = [int(s) for s in data["order"]]
        game.turn_player = int(data["turn_player"])
        game.turn_number = int(data["turn_number"])
        game.phase = int(data["phase"])
        game.doubles = int(data["doubles"])
        game.extra_roll = bool(data["extra_roll"])
        d1, d2 = data["dice"]
        game.dice = (int(d1), int(d2))
        game.buy_square = int(data["buy_square"])
        au = data["auction"]
        if au is None:
            game.auction = None
        else:
            game.auction = Auction(au["lot"], int(au["square"]), [int(b) for b in au["bidders"]])
            game.auction.turn = int(au["turn"])
            game.auction.high_bid = int(au["high_bid"])
            game.auction.high_bidder = int(au["high_bidder"])
            sealed = au.get("sealed")
            game.auction.sealed = (
                None if sealed is None else {int(s): int(b) for s, b in sealed}
            )
            game.auction.round = int(au.get("round", 1))
            game.auction.participants = [
                int(s) for s in au.get("participants", game.auction.bidders)
            ]
            game.auction.min_bid = int(au.get("min_bid", 1))
        game.auction_queue = deque(int(s) for s in data["auction_queue"])
        game.auction_requester = int(data.get("auction_requester", NOBODY))
        game.debts = [Debt(int(a), int(b), int(c), str(r)) for a, b, c, r in data["debts"]]
        game.after_debt_move = int(data["after_debt_move"])
        offer = data["offer"]
        game.offer = (
            None
            if offer is None
            else TradeOffer(
                int(offer[0]), int(offer[1]), A.Bundle.parse(offer[2]), A.Bundle.parse(offer[3])
            )
        )
        game.receipts = [(int(a), int(b)) for a, b in data["receipts"]]
        pl = data["placement"]
        game.placement = None if pl is None else (int(pl[0]), str(pl[1]))
        game.placement_paid = int(data.get("placement_paid", 0))
        out = data["outcome"]
        game.outcome = None if out is None else Outcome.from_dict(out)
        game.bankrupt_order = [int(s) for s in data["bankrupt_order"]]
        game.bank_in = int(data["bank_in"])
        game.bank_out = int(data["bank_out"])
        game.throws = int(data["throws"])
        game.pot = int(data.get("pot", 0))
        game.loans = {(int(b), int(lender)): int(v) for b, lender, v in data.get("loans", [])}
        ch = data.get("choice")
        game.choice = None if ch is None else (int(ch[0]), int(ch[1]), int(ch[2]), int(ch[3]))
        game.time_called = bool(data.get("time_called", False))
        game.rolled = bool(data.get("rolled", False))
        game.landed_street = int(data.get("landed_street", -1))
        if game.events is not None:
            game.events.clear()
        game.touch()
        return game
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, MonopolyError) as exc:
        raise RecordError(Text("malformed snapshot: {error}", error=repr(exc))) from exc


def _restore_player(p: Player, d: dict[str, Any]) -> None:
    p.cash = int(d["cash"])
    p.position = int(d["position"])
    p.in_jail = bool(d["in_jail"])
    p.jail_turns = int(d["jail_turns"])
    p.jail_cards = [(int(a), int(b)) for a, b in d["jail_cards"]]
    p.bankrupt = bool(d["bankrupt"])
    p.lapped = bool(d.get("lapped", False))
    p.built = int(d.get("built", 0))
    p.fine_waived = bool(d.get("fine_waived", False))


def snapshot_text(game: Game) -> str:
    return json.dumps(snapshot(game), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(game: Game) -> str:
    """A SHA-256 of the canonical snapshot: equal hashes mean equal positions."""
    return hashlib.sha256(snapshot_text(game).encode("utf-8")).hexdigest()


def header(game: Game) -> dict[str, Any]:
    """The record's header: the format, rules, edition, seats and seed."""
    return {
        "format": RECORD_FORMAT,
        "rules": game.rules.record_dict(),
        "edition": game.edition.key,
        "seats": [p.name for p in game.players],
        "seed": game.seed,
    }


def record_lines(game: Game) -> list[str]:
    """The game's record: a header line, then one ``[seat, "action"]`` line per action."""
    lines = [header_line(header(game), ensure_ascii=False)]
    lines.extend(
        json.dumps([seat, action.text()], ensure_ascii=False) for seat, action in game.history
    )
    return lines


def record_text(game: Game) -> str:
    return "\n".join(record_lines(game)) + "\n"


def _new_game(head: dict[str, Any], events: bool) -> Game:
    return Game(
        [str(s) for s in head["seats"]],
        int(head["seed"]),
        RuleSet.from_dict(head["rules"]),
        load_edition(str(head["edition"])),
        events=events,
    )


def _parse_move(line: str) -> tuple[int, A.Action]:
    seat, text = json.loads(line)
    return int(seat), A.parse_action(str(text))


def _apply(game: Game, seat: int, action: A.Action) -> object:
    return game.apply(seat, action)


#: How the board game reads and writes its records (:mod:`monopoly.core.record`).
CODEC: RecordCodec[Game] = RecordCodec(RECORD_FORMAT, "board game", _new_game, _parse_move, _apply)


def replay(lines: str | Iterable[str], *, events: bool = False) -> Game:
    """Replay a record. Raises :class:`RecordError` naming the line that fails."""
    return replay_record(CODEC, lines, events=events)


def moves(lines: Iterable[str]) -> Iterator[tuple[int, int, A.Action]]:
    """The action lines of a record (the lines after its header): ``(line number, seat,
    action)``, blank lines skipped; :class:`RecordError` names a malformed line."""
    return record_moves(CODEC, lines)
