"""The Deal conformance harness: random legal play from fixed seeds, invariants after
every action (docs/architecture.md, after OpenSpiel's ``random_sim_test``).

Games between random players, 2-5 seats, cycling over :data:`RULE_VARIANTS`; after every
action:

- all 106 cards are somewhere exactly once, and the card-location tables agree with the
  piles (draw, discard, hands, banks, property piles, houses, hotels);
- no hand holds more than the hand limit when a turn ends (docs/deal-rules.md § Turn 4);
- at most ``plays_per_turn`` plays a turn, a Double The Rent counting as one, a Just Say
  No only with ``jsn_uses_play``;
- the pending seat has legal actions before the end, and every concrete one passes
  ``is_legal`` (templates are filled at random and must pass too);
- a payment takes nothing from the payer's hand (docs/deal-rules.md § Paying);
- buildings stand only on full sets of buildable colours, a hotel only with a house;
- a winner holds ``sets_to_win`` full sets;
- views: a seat's view shows its own hand and no other, a spectator's no hand;
- every :data:`ROUND_TRIP_EVERY` actions and at the end ``restore(snapshot(g))`` gives
  the same snapshot, and at the end ``replay(record)`` gives the same state hash;
- every :data:`ROUND_TRIP_EVERY` actions, the integer action table
  (:func:`check_action_table`): for every id, ``mask[id]`` is ``is_legal`` of its action,
  every concrete legal entry has an id that gives it back, and an illegal action changes
  nothing.

An exception raised by the engine is an *error*; a broken invariant a *violation*.

Example::

    >>> run_conformance(4, seed=0)["violations"]
    0
"""

from __future__ import annotations

import json
import random
import time
import traceback
from typing import Any

from monopoly.deal.actions import (
    Accept,
    Action,
    Discard,
    DiscardTemplate,
    EndTurn,
    MoveWild,
    Pay,
    PayTemplate,
    PlayRent,
    SayNo,
)
from monopoly.deal.errors import IllegalActionError
from monopoly.deal.game import Game
from monopoly.deal.options import DealRules
from monopoly.deal.players import concrete, pick
from monopoly.deal.position import NONE, OVER, P_HAND
from monopoly.deal.record import record_text, replay, restore, snapshot_text, state_hash

ROUND_TRIP_EVERY = 97
MAX_DETAILS = 20
MAX_ACTIONS = 20_000
TURN_CAP = 300

# The rule sets the harness cycles over: the official rules first, then each option.
RULE_VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"sets_to_win": 1},
    {"discard_to": "discard_pile", "stack_double_rent": True},
    {"jsn_uses_play": True, "win_on_owner_turn_only": True},
    {"buildings_on_broken_set": "discard", "received_buildings": "bank"},
    {"deal_breaker_takes_extras": False, "first_player": "random"},
    {"ask_without_choice": False},
    {"reshuffle_discard": False, "hand_limit": 5, "plays_per_turn": 4},
)


def check_cards(g: Game) -> str | None:
    """All cards somewhere exactly once, and the location tables agree."""
    seen = [0] * g.deck.size
    for c in g.draw:
        seen[c] += 1
    for c in g.discard:
        seen[c] += 1
    for s in range(g.n):
        for c in g.hands[s]:
            seen[c] += 1
            if g.place[c] != P_HAND or g.owner[c] != s:
                return f"cards: card {c} in seat {s}'s hand is recorded elsewhere"
        for c in g.banks[s]:
            seen[c] += 1
        for colour, pile in enumerate(g.piles[s]):
            for c in pile:
                seen[c] += 1
                if g.owner[c] != s or g.pile_colour[c] != colour:
                    return f"cards: card {c} in seat {s}'s pile {colour} is recorded elsewhere"
            for b in (g.house[s][colour], g.hotel[s][colour]):
                if b != NONE:
                    seen[b] += 1
    bad = [c for c, k in enumerate(seen) if k != 1]
    if bad:
        return f"cards: not exactly once: {bad[:10]}"
    return None


def check_buildings(g: Game) -> str | None:
    deck = g.deck
    for s in range(g.n):
        for colour in range(deck.n_colours):
            house, hotel = g.house[s][colour], g.hotel[s][colour]
            if house == NONE and hotel == NONE:
                continue
            if not deck.buildable[colour]:
                return f"buildings: seat {s} has a building on {deck.colour_keys[colour]}"
            if not g.is_full(s, colour):
                return f"buildings: seat {s}'s {deck.colour_keys[colour]} set is not full"
            if hotel != NONE and house == NONE:
                return f"buildings: seat {s} has a hotel without a house"
    return None


def check_views(g: Game) -> str | None:
    if g.view(None).hand is not None:
        return "views: a spectator sees a hand"
    seat = g.pending
    if seat is not None:
        v = g.view(seat)
        if v.hand != tuple(g.hands[seat]):
            return f"views: seat {seat} does not see its own hand"
        if len(v.tables) != g.n or any(
            t.hand_size != len(g.hands[t.seat]) for t in v.tables
        ):
            return "views: hand sizes are wrong"
    return None


def check_action_table(g: Game) -> str | None:
    """The integer action table agrees with the rules in this position (the module
    docstring)."""
    seat = g.pending
    if seat is None:
        return None
    mask = g.legal_action_mask(seat)
    if len(mask) != g.num_actions:
        return f"table: the mask has {len(mask)} entries, not {g.num_actions}"
    before = g.state_hash()
    illegal: Action | None = None
    for i in range(g.num_actions):
        action = g.action_from_id(i)
        legal = g.is_legal(seat, action)
        if mask[i] != legal:
            return f"table: id {i} ({action.text()}) is {legal} but masked {mask[i]}"
        if legal and g.action_from_id(g.action_id(action)) != action:
            return f"table: id {i} ({action.text()}) does not come back"
        if not legal and illegal is None:
            illegal = action
    for entry in g.legal_actions(seat):
        if isinstance(entry, (PayTemplate, DiscardTemplate)):
            continue
        i = g.action_id(entry)
        if not mask[i] or g.action_from_id(i) != entry:
            return f"table: legal {entry.text()} has id {i}, which gives it not back"
    if illegal is not None:
        try:
            g.apply(seat, illegal)
        except IllegalActionError:
            pass
        else:
            return f"table: the illegal {illegal.text()} was applied"
    if g.state_hash() != before:
        return "table: the state changed"
    return None


def check_outcome(g: Game) -> str | None:
    out = g.outcome
    if out is None:
        return "end: a finished game without an outcome"
    if out.reason == "win":
        if out.winner is None or g.full_sets(out.winner) < g.rules.sets_to_win:
            return f"end: winner {out.winner} lacks {g.rules.sets_to_win} full sets"
    elif out.winner is not None:
        return "end: a draw with a winner"
    if sorted(out.ranking) != list(range(g.n)):
        return f"end: the ranking {out.ranking} is not every seat once"
    return None


def _plays(action: Action, g: Game) -> int:
    if isinstance(action, PlayRent):
        return 1 + len(action.doubles)
    if isinstance(action, SayNo):
        return 1 if g.rules.jsn_uses_play else 0
    if isinstance(action, (Pay, Discard, EndTurn, MoveWild, Accept)):
        return 0
    return 1


def play_one(index: int, seed: int, players: int | None = None,
             options: dict[str, Any] | None = None) -> tuple[list[str], Game]:
    """Play one random game and check it; returns the violations and the game."""
    rng = random.Random(seed * 1_000_003 + index)
    n = players if players is not None else 2 + index % 4
    variant = dict(RULE_VARIANTS[index % len(RULE_VARIANTS)] if options is None else options)
    variant.setdefault("turn_cap", TURN_CAP)
    rules = DealRules.from_dict(variant)
    g = Game(n, seed * 7919 + index, rules)
    problems: list[str] = []
    checks = (check_cards, check_buildings, check_views)
    plays = 0
    turn = g.turn_number
    actions = 0
    while not g.is_over:
        if actions >= MAX_ACTIONS:
            problems.append(f"end: no end after {MAX_ACTIONS} actions")
            break
        seat = g.pending
        if seat is None:
            problems.append("pending: nobody to act before the end")
            break
        legal = g.legal_actions(seat)
        if not legal:
            problems.append(f"legal: seat {seat} has no legal action in phase {g.phase_name()}")
            break
        for entry in legal:
            if not isinstance(entry, (PayTemplate, DiscardTemplate)) and not g.is_legal(
                seat, entry
            ):
                problems.append(f"legal: {entry.text()} listed but {g.why_illegal(seat, entry)}")
        action = concrete(g, seat, pick(legal, rng), rng)
        why = g.why_illegal(seat, action)
        if why is not None:
            problems.append(f"legal: {action.text()} built from a template: {why}")
            break
        hand_before = list(g.hands[seat])
        before_turn, before_seat = g.turn_number, g.turn_seat
        if seat == g.turn_seat:
            plays += _plays(action, g)
        g.apply(seat, action)
        actions += 1
        if isinstance(action, Pay) and g.hands[seat] != hand_before:
            problems.append(f"paying: seat {seat}'s hand changed by a payment")
        if plays > g.rules.plays_per_turn or g.plays_left < 0:
            problems.append(f"plays: seat {g.turn_seat} made {plays} plays in a turn")
        if g.turn_number != turn or g.phase == OVER:
            if g.turn_number != before_turn and len(g.hands[before_seat]) > g.rules.hand_limit:
                problems.append(
                    f"hand: seat {before_seat} ended a turn with {len(g.hands[before_seat])}"
                )
            turn = g.turn_number
            plays = 0
        for check in checks:
            problem = check(g)
            if problem is not None:
                problems.append(problem)
        if actions % ROUND_TRIP_EVERY == 0:
            problems.extend(_round_trip(g, replay_too=False))
            problem = check_action_table(g)
            if problem is not None:
                problems.append(problem)
        if len(problems) > MAX_DETAILS:
            break
    if g.is_over:
        problem = check_outcome(g)
        if problem is not None:
            problems.append(problem)
    problems.extend(_round_trip(g, replay_too=True))
    return problems, g


def _round_trip(g: Game, *, replay_too: bool) -> list[str]:
    out: list[str] = []
    text = snapshot_text(g)
    if snapshot_text(restore(json.loads(text))) != text:
        out.append("snapshot: restore(snapshot) differs")
    if replay_too and state_hash(replay(record_text(g))) != state_hash(g):
        out.append("record: the replay's state differs")
    return out


def run_conformance(games: int, seed: int = 0, players: int | None = None,
                    options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play and check ``games`` random games; ``players`` None cycles 2-5 seats and
    ``options`` None cycles :data:`RULE_VARIANTS`."""
    started = time.process_time()
    violations = errors = actions = wins = draws = 0
    details: list[str] = []
    for i in range(games):
        try:
            problems, g = play_one(i, seed, players, options)
        except Exception:  # an engine error is counted and reported
            errors += 1
            if len(details) < MAX_DETAILS:
                details.append(f"game {i} (seed {seed}): error\n{traceback.format_exc()}")
            continue
        actions += len(g.history)
        if g.outcome is not None and g.outcome.winner is not None:
            wins += 1
        else:
            draws += 1
        violations += len(problems)
        for p in problems:
            if len(details) < MAX_DETAILS:
                details.append(f"game {i} (seed {seed}): {p}")
    return {
        "games": games,
        "violations": violations,
        "errors": errors,
        "seed": seed,
        "players": players if players is not None else "2-5",
        "actions": actions,
        "wins": wins,
        "draws": draws,
        "variants": len(RULE_VARIANTS) if options is None else 1,
        "cpu_seconds": round(time.process_time() - started, 3),
        "details": details,
    }
