"""The conformance harness: random legal play from fixed seeds, invariants after every action.

Like OpenSpiel's ``random_sim_test``: games between random bots (or the named bots of
``bots``, cycled over the seats; 2-8 seats, rule
variants by game), and after every action the position is checked against the
invariants the rules imply:

- money is conserved: the players' cash plus the Free Parking pot equals what they
  started with plus what the bank paid out minus what it took in;
- loans between players (house rule) are positive, between two different seats still
  in the game;
- the bank's stock: ``0 <= houses_left <= rules.houses`` (hotels likewise) and the
  buildings on the board plus the bank's stock are exactly ``rules.houses`` houses and
  ``rules.hotels`` hotels (§8);
- single ownership: every property has exactly one holder, the holdings lists agree
  with the owners, a bankrupt seat holds nothing, a bank-owned deed is neither built
  on nor mortgaged;
- even building, no buildings on a group with a mortgaged street or on a group not
  wholly owned by one seat (§8);
- both decks hold all their cards: pile plus jail cards held, each card exactly once;
- the pending seat always has legal actions before the end, and every finite legal
  action it is offered (and the bounds of a bid range) passes ``is_legal``;
- every :data:`COMPLETE_EVERY` actions, for every seat still in the game: every finite
  action (the first ids of the action table) that ``is_legal`` allows is listed by
  ``legal_actions``, and every one it lists is legal (legality agrees both ways); every
  :data:`MASK_EVERY` actions, the whole integer action table: ``legal_action_mask``
  agrees with ``is_legal`` for every id;
- the table's clock actions (time limit, negotiation limit, turn clock) are applied by
  a :class:`~monopoly.board.clocks.TableClock` on a simulated clock, and checked legal;
- every :data:`ROUND_TRIP_EVERY` actions and at the end: ``restore(snapshot(g))``
  gives the same snapshot text, and ``replay(record_lines(g))`` the same state hash.

An exception raised by the engine is an *error*; a broken invariant a *violation*.

Example::

    >>> run_conformance(1, seed=0)["violations"]
    0
"""

from __future__ import annotations

import json
import multiprocessing
import random
import traceback
from collections.abc import Callable
from typing import Any

from monopoly.board import actions as A
from monopoly.board.clocks import StepClock, TableClock
from monopoly.board.edition import load_edition
from monopoly.board.game import BANK, TABLE, Game
from monopoly.board.options import RuleSet, preset
from monopoly.board.record import (
    record_lines,
    replay,
    restore,
    snapshot,
    snapshot_text,
    state_hash,
)
from monopoly.board.tables import K_STREET
from monopoly.board.view import SeatView
from monopoly.bots.board.base import Bot, make_bot

ROUND_TRIP_EVERY = 200
COMPLETE_EVERY = 199  # every finite action's legality against the listed ones
MASK_EVERY = 1999  # the whole action table against is_legal (tests/test_core_protocol.py: often)
MAX_DETAILS = 20
TURN_LIMIT = 100_000  # far beyond what max_actions lets a game reach
SECONDS_PER_ACTION = 3  # the simulated clock of timed games

Check = Callable[[Game], "str | None"]


# --------------------------------------------------------------------- the invariants


def check_money(g: Game) -> str | None:
    """Money is conserved: cash == seats * starting cash + bank_out - bank_in."""
    total = sum(p.cash for p in g.players) + g.pot
    expected = len(g.players) * g.rules.starting_cash + g.bank_out - g.bank_in
    if total != expected:
        return f"money: players and pot hold {total}, expected {expected}"
    if g.pot < 0:
        return f"money: the pot holds {g.pot}"
    return None


def check_loans(g: Game) -> str | None:
    """§9 house rule: every loan is positive, between two seats still in the game."""
    for (borrower, lender), amount in g.loans.items():
        if amount <= 0 or borrower == lender:
            return f"loans: {borrower} owes {lender} {amount}"
        if g.players[borrower].bankrupt or g.players[lender].bankrupt:
            return f"loans: a loan {borrower}->{lender} involves a bankrupt seat"
    return None


def check_buildings(g: Game) -> str | None:
    """§8: the bank's stock in range, and board + stock == rules.houses / rules.hotels."""
    rules = g.rules
    hl = g.hotel_level
    if not 0 <= g.houses_left <= rules.houses:
        return f"buildings: houses_left {g.houses_left} outside 0..{rules.houses}"
    if not 0 <= g.hotels_left <= rules.hotels:
        return f"buildings: hotels_left {g.hotels_left} outside 0..{rules.hotels}"
    houses = hotels = 0
    kind = g.t.kind
    for sq, lv in enumerate(g.level):
        if lv:
            if kind[sq] != K_STREET or not 0 < lv <= hl:
                return f"buildings: square {sq} has level {lv}"
            if lv == hl:
                hotels += 1
            else:
                houses += lv
    if houses + g.houses_left != rules.houses:
        return (
            f"buildings: {houses} houses on the board + {g.houses_left} in the bank "
            f"!= {rules.houses}"
        )
    if hotels + g.hotels_left != rules.hotels:
        return (
            f"buildings: {hotels} hotels on the board + {g.hotels_left} in the bank "
            f"!= {rules.hotels}"
        )
    return None


def check_ownership(g: Game) -> str | None:
    """Every property has exactly one holder; holdings agree with owners (§9)."""
    owner = g.owner
    n = len(g.players)
    listed = 0
    for seat, held in enumerate(g.holdings):
        if not held:
            continue
        if g.players[seat].bankrupt:
            return f"ownership: bankrupt seat {seat} holds {held}"
        if len(set(held)) != len(held):
            return f"ownership: seat {seat} lists a square twice: {held}"
        for sq in held:
            if owner[sq] != seat:
                return f"ownership: seat {seat} lists square {sq}, owned by {owner[sq]}"
        listed += len(held)
    owned = 0
    props = _property_mask(g)
    for sq, (o, lv, m) in enumerate(zip(owner, g.level, g.mortgaged, strict=True)):
        if o == BANK:
            if lv or m:
                return f"ownership: the bank's square {sq} is built on or mortgaged"
        elif not props[sq]:
            return f"ownership: square {sq} is not a property but has owner {o}"
        elif not 0 <= o < n:
            return f"ownership: square {sq} has owner {o}"
        else:
            owned += 1
    if owned != listed:
        return f"ownership: {owned} squares are owned but the holdings list {listed}"
    return None


def _property_mask(g: Game) -> list[bool]:
    mask = [False] * len(g.owner)
    for sq in g.t.properties:
        mask[sq] = True
    return mask


def check_groups(g: Game) -> str | None:
    """§8: even building; no buildings on a group with a mortgaged street or split owners."""
    t = g.t
    level = g.level
    for gi in t.street_groups:
        group = t.groups[gi]
        levels = [level[s] for s in group]
        if not any(levels):
            continue
        if max(levels) - min(levels) > 1:
            return f"groups: uneven building in {t.group_keys[gi]}: {levels}"
        if any(g.mortgaged[s] for s in group):
            return f"groups: buildings on {t.group_keys[gi]}, which has a mortgaged street"
        owners = {g.owner[s] for s in group}
        if len(owners) != 1 or BANK in owners:
            return f"groups: buildings on {t.group_keys[gi]}, owned by {sorted(owners)}"
    return None


def check_decks(g: Game) -> str | None:
    """Both decks hold all their cards: pile + jail cards held, each card exactly once."""
    t = g.t
    held = [c for p in g.players for c in p.jail_cards]
    for d, pile in enumerate(g.decks):
        cards = list(pile)
        if held:
            cards.extend(i for deck, i in held if deck == d)
        cards.sort()
        if cards != list(range(len(t.cards[d]))):
            return f"decks: {t.deck_keys[d]} holds {cards}"
    return None


def check_legal_actions(g: Game, legal: list[A.LegalEntry] | None = None) -> str | None:
    """Before the end the pending seat has legal actions, and every finite one is legal.

    `legal` is ``g.legal_actions(g.pending)`` when the caller already has it."""
    seat = g.pending
    if g.is_over:
        if seat is not None:
            return f"legal: the game is over but seat {seat} is pending"
        if g.outcome is None:
            return "legal: the game is over without an outcome"
        return None
    if seat is None:
        return "legal: no seat is pending before the end"
    if legal is None:
        legal = g.legal_actions(seat)
    if not legal:
        return f"legal: seat {seat} is pending but has no legal action"
    for other in g.pending_seats():
        if other != seat:  # the other bidders of a sealed auction
            why = _check_entries(g, other, g.legal_actions(other))
            if why is not None:
                return why
    return _check_entries(g, seat, legal)


def _check_entries(g: Game, seat: int, legal: list[A.LegalEntry]) -> str | None:
    if not legal:
        return f"legal: seat {seat} is pending but has no legal action"
    for entry in legal:
        if isinstance(entry, A.RepayRange):
            for amount in (entry.low, entry.high):
                if not g.is_legal(seat, A.RepayLoan(entry.to, amount)):
                    why = g.why_illegal(seat, A.RepayLoan(entry.to, amount))
                    return f"legal: listed repayment {amount} of {entry.text()} is illegal: {why}"
        elif isinstance(entry, A.BidRange):
            for amount in (entry.low, entry.high):
                if not g.is_legal(seat, A.Bid(amount)):
                    why = g.why_illegal(seat, A.Bid(amount))
                    return f"legal: listed bid {amount} of {entry.text()} is illegal: {why}"
        elif not isinstance(entry, (A.TradeTemplate, A.RaiseFundsTemplate)) and not g.is_legal(
            seat, entry
        ):
            why = g.why_illegal(seat, entry)
            return f"legal: listed {entry.text()!r} for seat {seat} is illegal: {why}"
    return None


def check_finite_actions(g: Game) -> str | None:
    """For every seat still in the game: a finite action is legal exactly when
    ``legal_actions`` lists it (legality agrees both ways)."""
    finite = A.ACTIONS_BY_ID
    for seat in g.active_seats():
        listed = set(g.legal_actions(seat))
        for action in finite:
            legal = g.is_legal(seat, action)
            if legal != (action in listed):
                why = g.why_illegal(seat, action)
                said = "legal but not listed" if legal else f"listed but illegal ({why})"
                return f"legal: {action.text()!r} for seat {seat} is {said}"
    return None


def check_action_table(g: Game) -> str | None:
    """For every seat still in the game: ``legal_action_mask`` is True exactly for the
    ids whose action (``action_from_id``) is legal."""
    for seat in g.active_seats():
        mask = g.legal_action_mask(seat)
        if len(mask) != g.num_actions:
            return f"action table: the mask has {len(mask)} entries, not {g.num_actions}"
        for i, listed in enumerate(mask):
            action = g.action_from_id(i, seat)
            if listed != g.is_legal(seat, action):
                said = "masked in but illegal" if listed else "legal but masked out"
                return f"action table: id {i} ({action.text()!r}) of seat {seat} is {said}"
    return None


def check_round_trips(g: Game, shadow: ReplayShadow | None = None) -> str | None:
    """restore(snapshot) gives the same snapshot; replaying the record the same state hash.

    Without a `shadow` the whole record, ``record_lines(g)``, is replayed. With one, the
    record is replayed incrementally: only the lines added since the last check, in the
    same notation and through the same parser, so that checking every few hundred
    actions stays linear in the length of the game.
    """
    text = snapshot_text(g)
    again = restore(snapshot(g), events=False)
    if snapshot_text(again) != text:
        return "round trip: restore(snapshot(g)) differs from g"
    replayed = replay(record_lines(g)) if shadow is None else shadow.advance(g)
    if state_hash(replayed) != state_hash(g):
        return "round trip: replaying the record of g reaches a different state"
    return None


class ReplayShadow:
    """A game replayed from `g`'s record as it grows: :func:`replay`, in steps."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.consumed = 0  # actions of the record replayed so far

    def advance(self, g: Game) -> Game:
        if self.game is None:
            self.game = replay(record_lines(g)[:1])
        game = self.game
        for seat, action in g.history[self.consumed :]:
            line = json.dumps([seat, action.text()], ensure_ascii=False)  # as record_lines
            rseat, text = json.loads(line)
            game.apply(int(rseat), A.parse_action(str(text)))
        self.consumed = len(g.history)
        return game


CHECKS: tuple[Check, ...] = (
    check_money,
    check_loans,
    check_buildings,
    check_ownership,
    check_groups,
    check_decks,
)


def check_position(g: Game, legal: list[A.LegalEntry] | None = None) -> list[str]:
    """Every per-action invariant (``legal``: the pending seat's legal actions, if known);
    the messages of those that fail."""
    out = []
    for check in CHECKS:
        why = check(g)
        if why is not None:
            out.append(why)
    why = check_legal_actions(g, legal)
    if why is not None:
        out.append(why)
    return out


# --------------------------------------------------------------------- the games


def game_setup(
    seed: int,
    index: int,
    players: int,
    preset_name: str | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[list[str], RuleSet]:
    """Seats and rules of game `index`: 2-8 seats varying by game, and a few variants.

    `players` is the count of every fourth game; the others cycle through 2-8. Every
    fifth game has a small bank (8 houses, 2 hotels) to reach the housing shortage (§8),
    every third fixes the seat order. Without a preset, every seventh game has no
    auctions and every eleventh runs a 60-second turn clock (§9) on a clock with slow
    players; with a preset, its options are kept (the turn limit only caps the game).
    `options` are set on top of the preset (classic when none is named), as they are.
    """
    n = players if index % 4 == 0 else 2 + (seed + index) % 7
    opts: dict[str, Any] = {"turn_limit": TURN_LIMIT}
    if index % 5 == 4:
        opts.update(houses=8, hotels=2)
    if index % 3 == 2:
        opts["first_player"] = "fixed"
    if preset_name is None and not options:
        if index % 7 == 6:
            opts["auction"] = "none"
        if index % 11 == 10:
            opts["turn_clock_seconds"] = 60
        return [f"p{i}" for i in range(n)], RuleSet.from_dict(opts)
    rules = preset(preset_name or "classic", **(options or {}))
    if rules.starting_properties * n > 28:
        n = 28 // rules.starting_properties
    if rules.end == "turn_limit" or rules.turn_limit is not None:
        opts.pop("turn_limit")
    return [f"p{i}" for i in range(n)], rules.with_options(**opts)


def _error(tag: str, where: str, what: str, exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1]
    place = f"{last.filename.rsplit('/', 1)[-1]}:{last.lineno}"
    return f"{tag}, {where}: {what}: {exc!r} at {place}"


def run_game(
    seed: int,
    index: int,
    players: int,
    max_actions: int,
    preset_name: str | None = None,
    edition: str = "standard",
    options: dict[str, Any] | None = None,
    bots: tuple[str, ...] | None = None,
) -> tuple[int, int, list[str]]:
    """Play and check one game; (violations, errors, messages).

    `bots`: None for random bots; else bot names (:func:`monopoly.bots.make_bot`) cycled
    over the seats, seat ``s`` playing ``bots[(s + index) % len(bots)]``. The game stops
    at the first broken invariant or error (what follows would only repeat it)."""
    game_seed = seed + index
    tag = f"game {index} (seed {game_seed})"
    try:
        seats, rules = game_setup(seed, index, players, preset_name, options)
        g = Game(seats, game_seed, rules, load_edition(edition), events=False)
    except Exception as exc:
        return 0, 1, [_error(tag, "setup", "error creating the game", exc)]
    clock = StepClock(
        step=SECONDS_PER_ACTION,
        jitter=rules.turn_clock_seconds or 0,
        jitter_every=50 if rules.turn_clock_seconds else 0,
        jitter_rng=random.Random(game_seed),
    )
    table = TableClock(rules, clock)
    if bots:
        names = [bots[(s + index) % len(bots)] for s in range(len(seats))]
    else:
        names = ["random"] * len(seats)
    try:
        seat_bots: list[Bot] = [make_bot(name, game_seed * 100 + s) for s, name in enumerate(names)]
    except Exception as exc:
        return 0, 1, [_error(tag, "setup", "error creating the bots", exc)]
    views = [SeatView(g, s) for s in range(len(seats))]
    shadow = ReplayShadow()
    done = 0
    where = "at the start"
    while True:
        # check the position (and hand the pending seat's legal actions on to its bot)
        seat = g.pending
        try:
            legal = g.legal_actions(seat) if seat is not None else []
            found = check_position(g, legal)
            if done % COMPLETE_EVERY == 0 and not g.is_over:
                why = check_finite_actions(g)
                if why:
                    found.append(why)
            if done % MASK_EVERY == 0 and not g.is_over:
                why = check_action_table(g)
                if why:
                    found.append(why)
            final = g.is_over or done >= max_actions
            if final or (done and done % ROUND_TRIP_EVERY == 0):
                why = check_round_trips(g, None if final else shadow)
                if why:
                    found.append(why)
        except Exception as exc:
            return 0, 1, [_error(tag, where, "error while checking", exc)]
        if found:
            return len(found), 0, [f"{tag}, {where}: {why}" for why in found]
        if final or seat is None:
            return 0, 0, []
        if table.active:
            try:
                due = table.due(g)
            except Exception as exc:
                return 0, 1, [_error(tag, where, "error in the table clock", exc)]
            if due:
                action = due[0]
                if not g.is_legal(TABLE, action):
                    why = g.why_illegal(TABLE, action)
                    msg = f"the clock's {action.text()!r} is illegal: {why}"
                    return 0, 1, [f"{tag}, {where}: {msg}"]
                try:
                    g.apply(TABLE, action)
                except Exception as exc:
                    return 0, 1, [_error(tag, where, f"engine error on {action.text()!r}", exc)]
                done += 1
                where = f"after action {done} (turn {g.turn_number}), the table {action.text()!r}"
                continue
        where = f"action {done + 1} (turn {g.turn_number})"
        try:
            action = seat_bots[seat].choose(views[seat], legal)
        except Exception as exc:
            return 0, 1, [_error(tag, where, f"{names[seat]} bot of seat {seat} failed", exc)]
        if not g.is_legal(seat, action):
            why = g.why_illegal(seat, action)
            return 0, 1, [f"{tag}, {where}: the bot chose illegal {action.text()!r}: {why}"]
        try:
            g.apply(seat, action)
        except Exception as exc:
            return 0, 1, [_error(tag, where, f"engine error on seat {seat} {action.text()!r}", exc)]
        done += 1
        clock.tick()
        where = f"after action {done} (turn {g.turn_number}), seat {seat} {action.text()!r}"


def _run_one(
    args: tuple[
        int, int, int, int, str | None, str, dict[str, Any] | None, tuple[str, ...] | None
    ],
) -> tuple[int, int, list[str]]:
    return run_game(*args)


def run_conformance(
    games: int,
    seed: int = 0,
    players: int = 4,
    max_actions: int = 3000,
    workers: int = 1,
    preset_name: str | None = None,
    edition: str = "standard",
    options: dict[str, Any] | None = None,
    bots: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """Play `games` random games from seeds ``seed + i`` and check every invariant.

    `bots`: None plays random bots; otherwise bot names (as :func:`monopoly.bots.make_bot`
    takes them) cycled over the seats, seat ``s`` of game ``i`` playing
    ``bots[(s + i) % len(bots)]``; an unknown name is an error before any game is played.

    Returns ``{"games", "violations", "errors", "details"}`` (details: the first
    messages, in game order). The result does not depend on `workers` (processes).
    """
    if games < 0:
        raise ValueError(f"games must not be negative, got {games}")
    if not 2 <= players <= 8:
        raise ValueError(f"players must be 2-8, got {players}")
    if preset_name is not None or options:
        # an unknown preset or option is an error before any game is played
        preset(preset_name or "classic", **(options or {}))
    load_edition(edition)
    if bots is not None:
        bots = tuple(bots)
        if not bots:
            raise ValueError("bots must name at least one bot")
        for name in bots:
            make_bot(name, 0)  # an unknown name raises ValueError naming the known bots
    jobs = [
        (seed, i, players, max_actions, preset_name, edition, options, bots)
        for i in range(games)
    ]
    if workers > 1 and games > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers) as pool:
            results = pool.map(_run_one, jobs, chunksize=max(1, games // (workers * 8)))
    else:
        results = [_run_one(job) for job in jobs]
    violations = sum(r[0] for r in results)
    errors = sum(r[1] for r in results)
    details: list[str] = []
    for r in results:
        details.extend(r[2])
    return {
        "games": games,
        "violations": violations,
        "errors": errors,
        "details": details[:MAX_DETAILS],
    }
