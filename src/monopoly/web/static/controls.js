// The decisions of the seat: its buttons, the auction and the offer on the table, and the
// managers (trade window, buildings, mortgages, raising funds, loans).

import { dealContext, loans, send } from "./app.js";
import { hotelLevel } from "./board.js";
import { bundleWords, deckName, esc, groupColour, isTemplate, kindOf, labelOf, money, partnersOf, playerName, rangeOf, S, squareInfo, squareName, squareOf, t, testId, toast } from "./core.js";
import { renderDeal } from "./deal.js";

// ------------------------------------------------------------------ decisions

export const PRIMARY = new Set(["roll", "pay-fine", "use-card", "buy", "decline", "end", "accept", "reject", "tax", "choose", "lift", "keep", "bankrupt", "pass", "bid", "repay", "time", "expire"]);
export const STYLE = { buy: "primary", roll: "primary", end: "primary", accept: "primary", bankrupt: "danger", reject: "danger" };

export function renderControls() {
  const box = document.getElementById("controls");
  if (!box || !S.state) return;
  if (S.state.game === "deal") { renderDeal(dealContext()); return; }
  const view = S.state.view;
  const legal = S.legal;
  const disabled = S.busy ? "disabled" : "";
  const primary = [];
  let bid = null;
  const tools = { trade: null, counter: null, build: [], mortgage: [], raise: null, repay: [], resign: null };
  const placing = view.placement && view.placement[0] === S.seat;
  for (const e of legal) {
    const k = kindOf(e);
    if (k === "bid" && isTemplate(e)) bid = e;
    else if (k === "propose" && isTemplate(e)) tools.trade = e;
    else if (k === "counter" && isTemplate(e)) tools.counter = e;
    else if (k === "raise") tools.raise = e;
    else if (k === "repay" && isTemplate(e)) tools.repay.push(e);
    else if (k === "resign") tools.resign = e;
    else if ((k === "build" && !placing) || k === "sell") tools.build.push(e);
    else if (k === "mortgage" || k === "unmortgage") tools.mortgage.push(e);
    else if (PRIMARY.has(k) || k === "build") primary.push(e);
    else primary.push(e); // an entry added later: still offered, by its label
  }
  let html = "";
  if (view.auction) html += auctionPanel(view.auction, bid, disabled);
  if (view.offer) html += offerPanel(view.offer, tools.counter, disabled);
  if (primary.length) {
    html += `<div class="actions" data-testid="actions">${primary.map((e) => {
      const k = kindOf(e);
      return `<button type="button" class="${STYLE[k] || ""}" data-action="${esc(e.text)}" data-testid="action-${esc(testId(e.text))}" ${disabled}>${esc(labelOf(e))}</button>`;
    }).join("")}</div>`;
  }
  const tabs = [];
  if (tools.trade) tabs.push(["trade", t("tool_trade")]);
  if (tools.build.length) tabs.push(["build", t("tool_build")]);
  if (tools.mortgage.length) tabs.push(["mortgage", t("tool_mortgage")]);
  if (tools.raise && (view.debts || []).some((d) => d.debtor === S.seat)) tabs.push(["raise", t("tool_raise")]);
  if (tools.repay.length) tabs.push(["loans", t("tool_loans")]);
  if (tabs.length || tools.resign) {
    html += `<div class="tool-tabs" data-testid="tool-tabs">${tabs.map(([k, name]) => `<button type="button" class="tab ${S.tool === k ? "active" : ""}" data-tool="${k}" data-testid="tool-${k}">${esc(name)}</button>`).join("")}
      ${tools.resign ? `<button type="button" class="tab danger-text" data-resign="${esc(tools.resign.text)}" data-testid="action-resign" ${disabled}>${esc(t("resign"))}</button>` : ""}</div>`;
  }
  if (S.tool && !tabs.some(([k]) => k === S.tool) && !(S.tool === "trade" && tools.counter)) S.tool = null;
  const typed = box.querySelector("#bid-form [name=amount]");
  const typedValue = typed?.value;
  const typedFocus = typed && document.activeElement === typed;
  if (box.dataset.html !== html) {
    box.innerHTML = html;
    box.dataset.html = html;
    const input = box.querySelector("#bid-form [name=amount]");
    if (input && typedValue && Number(typedValue) >= Number(input.min) && Number(typedValue) <= Number(input.max)) input.value = typedValue;
    if (input && typedFocus) input.focus();
  }
  box.onclick = onControlClick;
  const bidForm = box.querySelector("#bid-form");
  if (bidForm) bidForm.onsubmit = (ev) => {
    ev.preventDefault();
    const [low, high] = rangeOf(bid);
    const amount = Math.round(Number(bidForm.amount.value));
    if (!(amount >= low && amount <= high)) { toast(t("error_bid_range", { low: money(low), high: money(high) })); return; }
    send(`bid ${amount}`);
  };
  renderTool(tools, disabled);
}

export function onControlClick(ev) {
  const b = ev.target.closest("button");
  if (!b || b.disabled) return;
  if (b.dataset.action) send(b.dataset.action);
  else if (b.dataset.resign) { if (confirm(t("confirm_resign"))) send(b.dataset.resign); }
  else if (b.dataset.tool) { S.tool = S.tool === b.dataset.tool ? null : b.dataset.tool; if (S.tool === "trade") S.trade = null; renderControls(); }
  else if (b.dataset.counter) { S.tool = "trade"; S.trade = null; renderControls(); }
  else if (b.dataset.bidAdd) {
    const input = document.querySelector("#bid-form [name=amount]");
    const v = Math.min(Number(input.max), Math.max(Number(input.min), Number(input.value || input.min) + Number(b.dataset.bidAdd)));
    input.value = v;
  }
}

export function auctionPanel(au, bid, disabled) {
  const lot = au.lot === "property" ? squareName(au.square) : t(`lot_${au.lot}`);
  const rows = [];
  if (au.sealed) {
    rows.push(`<p>${esc(t("sealed_auction"))}</p>`);
    rows.push(`<p class="muted">${esc(t("sealed_submitted", { players: (au.submitted || []).map(playerName).join(", ") || t("nobody") }))}</p>`);
  } else {
    rows.push(au.high_bidder !== null && au.high_bidder !== undefined
      ? `<p class="high-bid" data-testid="high-bid">${esc(t("high_bid", { amount: money(au.high_bid), player: playerName(au.high_bidder) }))}</p>`
      : `<p class="high-bid" data-testid="high-bid">${esc(t("no_bids"))}</p>`);
    rows.push(`<p class="muted">${esc(t("bidders", { players: (au.bidders || []).map(playerName).join(", ") }))}</p>`);
  }
  if (bid) {
    const [low, high] = rangeOf(bid);
    const start = au.sealed ? low : low;
    rows.push(`<form id="bid-form" class="bid-form" data-testid="bid-form">
      <input type="number" name="amount" min="${low}" max="${high}" step="1" value="${start}" required data-testid="bid-amount" inputmode="numeric" ${disabled}>
      ${au.sealed ? "" : [1, 10, 50].map((d) => `<button type="button" class="small" data-bid-add="${d}">+${d}</button>`).join("")}
      <button type="submit" class="primary" data-testid="bid-submit" ${disabled}>${esc(au.sealed ? t("hand_in_bid") : t("bid"))}</button>
      <span class="muted small">${esc(t("bid_bounds", { low: money(low), high: money(high) }))}</span></form>`);
  }
  return `<div class="auction card" data-testid="auction"><h3>${esc(t("auction_of", { lot }))}</h3>${rows.join("")}</div>`;
}

export function offerPanel(offer, counter, disabled) {
  return `<div class="offer card" data-testid="offer"><h3>${esc(t("trade_offer", { from: playerName(offer.proposer), to: playerName(offer.target) }))}</h3>
    <div class="offer-sides"><div><h4>${esc(t("offer_gives", { player: playerName(offer.proposer) }))}</h4><p>${esc(bundleWords(offer.give))}</p></div>
    <div><h4>${esc(t("offer_gives", { player: playerName(offer.target) }))}</h4><p>${esc(bundleWords(offer.take))}</p></div></div>
    ${counter ? `<button type="button" data-counter="1" data-testid="counter-offer" ${disabled}>${esc(labelOf(counter))}</button>` : ""}</div>`;
}

/** Replace a box's HTML unless it is the same; keep the focused field focused. */
export function replaceHTML(box, html) {
  if (box.dataset.html === html) return;
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  box.innerHTML = html;
  box.dataset.html = html;
  if (focused) box.querySelector(`[data-testid="${focused}"]`)?.focus();
}

// ------------------------------------------------------------------ tools: trade, buildings, mortgages, raise, loans

export function renderTool(tools, disabled) {
  const box = document.getElementById("tool");
  if (!box) return;
  const keepDraft = S.tool === "trade" && box.querySelector("#trade-form");
  if (keepDraft && S.trade) { readTradeForm(); }
  let html = "";
  if (S.tool === "trade" && (tools.trade || tools.counter)) html = tradeBuilder(tools.counter || tools.trade, Boolean(tools.counter), disabled);
  else if (S.tool === "build") html = entryList(tools.build, "build-manager", t("tool_build_note"), disabled);
  else if (S.tool === "mortgage") html = entryList(tools.mortgage, "mortgage-manager", t("tool_mortgage_note"), disabled);
  else if (S.tool === "raise" && tools.raise) html = raiseBuilder(disabled);
  else if (S.tool === "loans") html = loansTool(tools.repay, disabled);
  replaceHTML(box, html);
  box.hidden = !html;
  box.onclick = onControlClick;
  const tf = box.querySelector("#trade-form");
  if (tf) {
    tf.onchange = (ev) => {
      if (ev.target.name === "partner") { readTradeForm(); S.trade.take = new Set(); S.trade.takeCards = new Set(); renderControls(); return; }
      readTradeForm();
      const warn = tf.querySelector("#trade-warnings");
      if (warn) warn.innerHTML = tradeWarnings();
    };
    // the cash is checked as it is typed: the message is there before the click on send
    tf.oninput = (ev) => { if (ev.target.name?.endsWith("_cash")) checkTradeCash(tf, false); };
    tf.onsubmit = (ev) => { ev.preventDefault(); readTradeForm(); if (checkTradeCash(tf)) submitTrade(Boolean(tools.counter)); };
    // a draft written again (a new state: a move, the language) keeps what is said of it
    if (keepDraft) checkTradeCash(tf, false);
  }
  const rf = box.querySelector("#raise-form");
  if (rf) rf.onsubmit = (ev) => {
    ev.preventDefault();
    const sell = [...rf.querySelectorAll("select[data-raise-sq]")].filter((s) => Number(s.value) !== Number(s.dataset.level)).map((s) => `${s.dataset.raiseSq}:${s.value}`);
    const mort = [...rf.querySelectorAll("input[data-raise-mortgage]:checked")].map((c) => c.dataset.raiseMortgage);
    if (!sell.length && !mort.length) return;
    send(`raise sell=${sell.join(",") || "-"} mortgage=${mort.join(",") || "-"}`);
  };
  for (const form of box.querySelectorAll("form[data-repay]")) form.onsubmit = (ev) => {
    ev.preventDefault();
    send(`repay ${form.dataset.repay} ${Math.round(Number(form.amount.value))}`);
  };
}

export function entryList(entries, tid, note, disabled) {
  const bySquare = new Map();
  for (const e of entries) {
    const sq = squareOf(e);
    if (!bySquare.has(sq)) bySquare.set(sq, []);
    bySquare.get(sq).push(e);
  }
  const view = S.state.view;
  const rows = [...bySquare.entries()].sort((a, b) => a[0] - b[0]).map(([sq, es]) => {
    const info = squareInfo(sq);
    const colour = groupColour(info.group);
    const level = view.level[sq];
    const state = view.mortgaged[sq] ? t("mortgaged") : level ? (level >= hotelLevel() ? t("hotel") : t("houses_n", { n: level })) : "";
    return `<li><span class="chip" style="background:${colour || "#ccc"}"></span><span class="entry-name">${esc(squareName(sq))} <span class="muted small">${esc(state)}</span></span>
      <span class="entry-buttons">${es.map((e) => `<button type="button" class="small" data-action="${esc(e.text)}" data-testid="action-${esc(testId(e.text))}" ${disabled}>${esc(labelOf(e))}</button>`).join("")}</span></li>`;
  });
  return `<div class="card manager" data-testid="${tid}"><p class="muted small">${esc(note)}</p><ul class="entries">${rows.join("")}</ul></div>`;
}

export function myProperties(seat) {
  const view = S.state.view;
  const out = [];
  for (let i = 0; i < 40; i++) if (view.owner[i] === seat) out.push(i);
  return out;
}

export function readTradeForm() {
  const f = document.getElementById("trade-form");
  if (!f || !S.trade) return;
  S.trade.partner = Number(f.partner.value);
  S.trade.giveCash = Math.max(0, Math.round(Number(f.give_cash.value) || 0));
  S.trade.takeCash = Math.max(0, Math.round(Number(f.take_cash.value) || 0));
  S.trade.give = new Set([...f.querySelectorAll("input[data-give-sq]:checked")].map((c) => Number(c.dataset.giveSq)));
  S.trade.take = new Set([...f.querySelectorAll("input[data-take-sq]:checked")].map((c) => Number(c.dataset.takeSq)));
  S.trade.giveCards = new Set([...f.querySelectorAll("input[data-give-card]:checked")].map((c) => c.dataset.giveCard));
  S.trade.takeCards = new Set([...f.querySelectorAll("input[data-take-card]:checked")].map((c) => c.dataset.takeCard));
}

export function parseBundle(text) {
  const b = { cash: 0, squares: new Set(), cards: new Set() };
  if (!text || text === "-") return b;
  for (const item of text.split(",")) {
    if (item.startsWith("$")) b.cash += Number(item.slice(1));
    else if (item.startsWith("card:")) b.cards.add(item.slice(5));
    else if (!item.startsWith("iou:")) b.squares.add(Number(item));
  }
  return b;
}

export function tradeBuilder(template, counter, disabled) {
  const view = S.state.view;
  const partners = counter ? [view.offer.proposer] : partnersOf(template);
  if (!S.trade) {
    S.trade = { partner: partners[0], give: new Set(), take: new Set(), giveCash: 0, takeCash: 0, giveCards: new Set(), takeCards: new Set() };
    if (counter && view.offer) { // start from the offer on the table, seen from this side
      const theirs = parseBundle(view.offer.give), mine = parseBundle(view.offer.take);
      Object.assign(S.trade, { give: mine.squares, giveCash: mine.cash, giveCards: mine.cards, take: theirs.squares, takeCash: theirs.cash, takeCards: theirs.cards });
    }
  }
  if (!partners.includes(S.trade.partner)) S.trade.partner = partners[0];
  const tr = S.trade;
  const me = S.seat;
  // one side: the seat's cash, its deeds by colour group with their printed prices (a
  // complete group marked), its jail cards
  const side = (seat, which, chosen, cards, cash) => {
    const p = view.players[seat];
    const groups = deedsByGroup(seat);
    return `<fieldset class="trade-side" data-testid="trade-${which}"><legend>${esc(which === "give" ? t("you_give") : t("you_get", { player: playerName(seat) }))}</legend>
      <label class="cash">${esc(t("cash"))} <span class="muted small" data-testid="trade-${which}-has">${esc(t("trade_has_cash", { amount: money(p.cash) }))}</span>
        <input type="number" name="${which}_cash" min="0" max="${p.cash}" step="1" value="${cash}" data-testid="trade-${which}-cash" inputmode="numeric" data-player="${seat}"></label>
      <p class="form-error" id="trade-${which}-cash-error" role="alert" data-testid="trade-${which}-cash-error" hidden></p>
      ${groups.map(({ group, squares, complete }) => `<div class="trade-group${complete ? " complete" : ""}" data-testid="trade-${which}-group-${esc(group)}">
        <div class="trade-group-name"><span class="chip" style="background:${groupColour(group) || "#ccc"}"></span>${esc(groupName(group))}${complete ? ` <span class="badge ok small">${esc(t("group_complete"))}</span>` : ""}</div>
        <ul class="trade-props">${squares.map((sq) => `<li><label class="check"><input type="checkbox" data-${which}-sq="${sq}" data-testid="trade-${which}-sq-${sq}" ${chosen.has(sq) ? "checked" : ""}>
          ${esc(squareName(sq))} <span class="muted small">${esc(money(squareInfo(sq).price || 0))}</span>${view.mortgaged[sq] ? ` <span class="muted small">(${esc(t("mortgaged"))})</span>` : ""}${view.level[sq] ? ` <span class="muted small">(${esc(view.level[sq] >= hotelLevel() ? t("hotel") : t("houses_n", { n: view.level[sq] }))})</span>` : ""}</label></li>`).join("")}</ul></div>`).join("") || `<p class="muted small">${esc(t("no_properties"))}</p>`}
      ${(p.jail_cards || []).map((d) => `<label class="check"><input type="checkbox" data-${which}-card="${esc(d)}" data-testid="trade-${which}-card-${esc(d)}" ${cards.has(d) ? "checked" : ""}>${esc(t("jail_card_from", { deck: deckName(d) }))}</label>`).join("")}
    </fieldset>`;
  };
  return `<form id="trade-form" class="card trade" data-testid="trade-builder" autocomplete="off" novalidate>
    <h3>${esc(counter ? t("counter_offer") : t("tool_trade"))}</h3>
    <label>${esc(t("trade_with"))}<select name="partner" data-testid="trade-partner" ${counter ? "disabled" : ""}>${partners.map((s) => `<option value="${s}" ${s === tr.partner ? "selected" : ""}>${esc(playerName(s))}</option>`).join("")}</select></label>
    <div class="trade-sides">${side(me, "give", tr.give, tr.giveCards, tr.giveCash)}${side(tr.partner, "take", tr.take, tr.takeCards, tr.takeCash)}</div>
    <div class="trade-warnings" id="trade-warnings" data-testid="trade-warnings" aria-live="polite">${tradeWarnings()}</div>
    <button type="submit" class="primary" data-testid="trade-submit" ${disabled}>${esc(counter ? t("send_counter") : t("send_offer"))}</button>
  </form>`;
}

/** A seat's deeds by group, in board order: [{group, squares, complete}]. */
export function deedsByGroup(seat) {
  const view = S.state.view;
  const out = new Map();
  for (const sq of myProperties(seat)) {
    const group = squareInfo(sq).group || "";
    if (!out.has(group)) out.set(group, []);
    out.get(group).push(sq);
  }
  return [...out.entries()].map(([group, squares]) => ({
    group, squares, complete: ownsGroup(view.owner, seat, group),
  }));
}

/** Whether `seat` owns every square of `group` in the ownership `owner` (by square). */
export function ownsGroup(owner, seat, group) {
  const members = S.board?.groups?.[group];
  return Boolean(members && members.length && members.every((sq) => owner[sq] === seat));
}

export function groupName(group) {
  const sq = S.board?.squares?.find((x) => x.group === group);
  return sq?.group_name || group;
}

/** The draft's warnings: a colour group it completes for the partner. */
export function tradeWarnings() {
  const tr = S.trade;
  const view = S.state?.view;
  if (!tr || !view) return "";
  const after = view.owner.slice();
  for (const sq of tr.give) after[sq] = tr.partner;
  for (const sq of tr.take) after[sq] = S.seat;
  const out = [];
  for (const group of Object.keys(S.board?.groups || {})) {
    if (group === "railroad" || group === "utility") continue; // a colour group: houses
    if (ownsGroup(after, tr.partner, group) && !ownsGroup(view.owner, tr.partner, group)) {
      out.push(`<p class="warn" data-testid="trade-warning-${esc(group)}">⚠ ${esc(t("trade_completes_group", { player: playerName(tr.partner), group: groupName(group) }))}</p>`);
    }
  }
  return out.join("");
}

/** The draft's cash against each side's money: a message by the field, in this page's
 * language (never the browser's own bubble); true when both fit. */
export function checkTradeCash(form, focus = true) {
  let ok = true;
  for (const which of ["give", "take"]) {
    const input = form[`${which}_cash`];
    const err = form.querySelector(`#trade-${which}-cash-error`);
    const seat = Number(input.dataset.player);
    const has = S.state.view.players[seat]?.cash ?? 0;
    const value = Number(input.value || 0);
    let message = "";
    if (!Number.isInteger(value) || value < 0) message = t("trade_cash_whole");
    else if (value > has) message = seat === S.seat ? t("trade_cash_over_you", { amount: money(has) }) : t("trade_cash_over", { player: playerName(seat), amount: money(has) });
    err.textContent = message;
    err.hidden = !message;
    input.setAttribute("aria-invalid", message ? "true" : "false");
    if (message) input.setAttribute("aria-describedby", err.id); else input.removeAttribute("aria-describedby");
    if (message && ok && focus) input.focus();
    ok = ok && !message;
  }
  return ok;
}

export function bundleText(cash, squares, cards) {
  const items = [];
  if (cash > 0) items.push(`$${cash}`);
  for (const sq of [...squares].sort((a, b) => a - b)) items.push(String(sq));
  for (const d of cards) items.push(`card:${d}`);
  return items.length ? items.join(",") : "-";
}

export function submitTrade(counter) {
  const tr = S.trade;
  const give = bundleText(tr.giveCash, tr.give, tr.giveCards);
  const take = bundleText(tr.takeCash, tr.take, tr.takeCards);
  if (give === "-" && take === "-") { toast(t("error_empty_trade")); return; }
  send(counter ? `counter give=${give} take=${take}` : `propose ${tr.partner} give=${give} take=${take}`);
  S.tool = null; S.trade = null;
}

export function raiseBuilder(disabled) {
  const view = S.state.view;
  const mine = myProperties(S.seat);
  const rows = mine.map((sq) => {
    const level = view.level[sq];
    const name = esc(squareName(sq));
    if (level > 0) {
      const opts = Array.from({ length: level + 1 }, (_, n) => `<option value="${n}" ${n === level ? "selected" : ""}>${esc(n >= hotelLevel() ? t("hotel") : t("houses_n", { n }))}</option>`).join("");
      return `<li><span class="entry-name">${name}</span><select data-raise-sq="${sq}" data-level="${level}" data-testid="raise-level-${sq}">${opts}</select></li>`;
    }
    if (!view.mortgaged[sq]) return `<li><label class="check"><input type="checkbox" data-raise-mortgage="${sq}" data-testid="raise-mortgage-${sq}">${esc(t("mortgage_square", { square: squareName(sq) }))}</label></li>`;
    return "";
  }).join("");
  return `<form id="raise-form" class="card manager" data-testid="raise-builder"><p class="muted small">${esc(t("tool_raise_note"))}</p><ul class="entries">${rows}</ul>
    <button type="submit" class="primary" data-testid="raise-submit" ${disabled}>${esc(t("raise_submit"))}</button></form>`;
}

export function loansTool(entries, disabled) {
  return `<div class="card manager" data-testid="loans">${entries.map((e) => {
    const to = Number(e.to ?? e.text.split(" ")[1]);
    const [low, high] = rangeOf(e);
    return `<form data-repay="${to}" class="row"><span>${esc(labelOf(e))}</span><input type="number" name="amount" min="${low}" max="${high}" value="${high}" data-testid="repay-amount-${to}">
      <button type="submit" class="small" ${disabled}>${esc(t("repay"))}</button></form>`;
  }).join("")}</div>`;
}
