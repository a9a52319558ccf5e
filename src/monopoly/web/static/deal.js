// Monopoly Deal in the browser: the seat's hand, everybody's table, the piles,
// and the decisions as controls. Like the board game's page, it shows only the `legal`
// entries the server sends and sends back their text forms (docs/protocol.md, "Monopoly
// Deal rooms"); card and colour names come from GET /api/deal/deck, every other text
// from the page's catalogs (t) or the server's narration (labels, prompts, events).
//
// app.js calls renderDeal(ctx) with its helpers: {S, t, esc, send, toast, playerName,
// playerColour, renderLog, tickClock, checkSeed}.
//
// Cards show their whole names: words are never cut (fitCardNames writes a name smaller
// where a word does not fit its card). Everything works from the keyboard: the hand's
// cards are buttons (Enter or Space chooses one, the arrow keys go along the hand,
// Escape puts a chosen card back), and the focus stays where it was when the room is
// drawn again, or moves to the next thing to do once a control is gone.

/** The deck for the page, in the page's language (cached per language). */
export async function loadDeck(S, api) {
  if (S.deck && S.deck.lang === S.lang) return;
  const data = await api(`/api/deal/deck?lang=${S.lang}`);
  S.deck = { ...data, lang: S.lang, colourIndex: Object.fromEntries(data.colours.map((c, i) => [c.key, i])) };
}

function cardOf(S, id) { return S.deck?.cards?.[id] || { id, name: `#${id}`, kind: "", value: 0, colours: [] }; }
function colourOf(S, i) { return S.deck?.colours?.[i] || { key: String(i), name: String(i), css: "#999", set_size: 0 }; }
function colourByKey(S, key) { return colourOf(S, S.deck?.colourIndex?.[key]); }
/** An amount of the Deal's millions in the page's language ("5M", "5 M", "5 М"). */
function mm(ctx, n) { return ctx.t("deal_millions", { n }); }
/** A name with a line break allowed after each slash ("Railroads/Utilities"). */
function breakable(esc, text) { return esc(text).replace(/\//g, "/<wbr>"); }

const ANY_BAND = "conic-gradient(#e31b23, #f5d800, #1fb25a, #0072bb, #d93a96, #e31b23)";

/** A card as a small tile: its colour band(s), its whole name, a property's colour named
 * (not told by the band's colour alone) and its value. `opts.colour` false leaves the
 * colour out (a pile's cards: the pile names it); `opts.line` writes the card as one line
 * (the band at its left): a table's piles and bank, the payment and discard choosers. */
export function cardTile(ctx, id, opts = {}) {
  const { S, esc } = ctx;
  const c = cardOf(S, id);
  const bands = (c.colours || []).map((k) => colourByKey(S, k).css);
  const band = bands.length === 0 ? "" : bands.length === 1 ? bands[0]
    : c.any ? ANY_BAND : `linear-gradient(${opts.line ? "180deg" : "90deg"}, ${bands[0]} 50%, ${bands[1]} 50%)`;
  const colour = c.kind === "property" && opts.colour !== false ? colourByKey(S, c.colours[0]).name : "";
  const value = c.value && c.kind !== "money" ? `<span class="dvalue">${esc(mm(ctx, c.value))}</span>` : "";
  return `<span class="dcard ${opts.line ? "dline" : ""} kind-${esc(c.kind)}" title="${esc(c.name)}">${band ? `<span class="dband" style="background:${band}"></span>` : ""}`
    + `<span class="dname">${breakable(esc, c.name)}</span>${colour ? `<span class="dcolour">${breakable(esc, colour)}</span>` : ""}${value}</span>`;
}

/** A card in words for screen readers: its whole name, a property's colour, its value. */
export function cardLabel(ctx, id) {
  const { S } = ctx;
  const c = cardOf(S, id);
  if (c.kind === "money") return c.name;
  const parts = [c.name];
  if (c.kind === "property") parts.push(colourByKey(S, c.colours[0]).name);
  parts.push(mm(ctx, c.value));
  return parts.join(", ");
}

const FIT_STEPS = 3;
/** Whole words only: a card's name (or colour) with a word wider than its card is written
 * smaller, one step at a time (classes fit-1 .. fit-3 of style.css). */
export function fitCardNames(root) {
  const all = [...root.querySelectorAll(".dcard .dname, .dcard .dcolour")];
  for (const el of all) el.classList.remove(...Array.from({ length: FIT_STEPS }, (_, i) => `fit-${i + 1}`));
  let todo = all;
  for (let step = 1; step <= FIT_STEPS && todo.length; step++) {
    todo = todo.filter((el) => el.scrollWidth > el.clientWidth);
    for (const el of todo) { if (step > 1) el.classList.remove(`fit-${step - 1}`); el.classList.add(`fit-${step}`); }
  }
}

// ------------------------------------------------------------------ keyboard focus

// where the keyboard's focus was in the room (a selector), kept across redrawing
const F = { keyboard: false, where: null, listening: false };

function focusSelector(el) {
  if (!el || !el.closest || !el.closest(".deal-game")) return null;
  if (el.dataset.handCard !== undefined) return `[data-hand-card="${el.dataset.handCard}"]`;
  if (el.dataset.action !== undefined) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.dataset.testid) return `[data-testid="${CSS.escape(el.dataset.testid)}"]`;
  return null;
}

/** The page's listeners, once: where the focus is, and the names fitted again when the
 * window changes its size (a phone turned). */
function listen() {
  if (F.listening) return;
  F.listening = true;
  document.addEventListener("keydown", () => { F.keyboard = true; }, true);
  document.addEventListener("pointerdown", () => { F.keyboard = false; }, true);
  document.addEventListener("focusin", (ev) => { F.where = focusSelector(ev.target); });
  let queued = false;
  window.addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const game = document.querySelector(".deal-game");
      if (game) fitCardNames(game);
    });
  });
}

/** After drawing: the focus back on its control, or, when that control is gone (a card
 * played, an action sent), on the next thing to do: a playable card of the hand, else the
 * first control. Only for a keyboard's user, and not while an action is on its way. */
function restoreFocus(S) {
  if (!F.keyboard || !F.where || S.busy) return;
  const active = document.activeElement;
  if (active && active !== document.body) return; // still on a control that was kept
  const usable = (el) => el && !el.disabled && el.getAttribute("aria-disabled") !== "true" && el.offsetParent !== null;
  const same = document.querySelector(`.deal-game ${F.where}`);
  if (usable(same)) { same.focus({ preventScroll: true }); return; }
  const next = [...document.querySelectorAll(".deal-game [data-hand-card].playable, .deal-game #controls button, .deal-game #controls input, .deal-game #controls summary")].find(usable);
  if (next) next.focus();
}

// ------------------------------------------------------------------ the room

/** The whole Deal room: tables, piles, hand, and the side panel (the prompt and the
 * controls first: on a phone they stay at the bottom of the screen). */
export function renderDeal(ctx) {
  const { S, esc, t } = ctx;
  listen();
  const root = document.getElementById("app");
  const view = S.state.view;
  if (!root.querySelector(".deal-game")) {
    root.innerHTML = `
    <div class="game deal-game" data-testid="deal-game">
      <h1 class="dsr" id="deal-title"></h1>
      <div class="deal-area" id="deal-area" data-testid="deal-area"></div>
      <aside class="panel">
        <div class="dturn" data-testid="deal-turn">
          <section class="prompt-box" id="prompt-box" data-testid="prompt-box"></section>
          <section class="controls" id="controls" data-testid="controls"></section>
        </div>
        <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log" tabindex="0" aria-label="${esc(t("log"))}"></ol></section>
      </aside>
    </div>`;
  }
  document.getElementById("deal-title").textContent = t("game_deal");
  if (!S.deck) return; // the deck comes with the room: drawn again once it is here
  redraw(ctx, view);
  renderDealPrompt(ctx, view);
  ctx.renderLog();
}

/** One step of a finished game's replay (app.js's replay viewer): every table, each with
 * its hand (``view.hands``: a finished game hides nothing), and the piles. */
export function renderDealReplay(ctx, view) {
  renderArea(ctx, view, null);
  fitCardNames(document.getElementById("deal-area"));
}

/** The hand, the tables and the controls, drawn from one reading of the legal entries. */
function redraw(ctx, view) {
  const choices = dealChoices(ctx);
  renderArea(ctx, view, choices);
  renderDealControls(ctx, choices);
  fitCardNames(document.querySelector(".deal-game"));
  restoreFocus(ctx.S);
}

/** The legal entries sorted for the page: those of no card as buttons, each card's plays
 * (equal cards, two Debt Collectors, listed once by one of them), the wildcard moves. */
function dealChoices(ctx) {
  const { S } = ctx;
  const legal = S.legal || [];
  const hand = new Set(S.state.view.hand || []);
  const general = legal.filter((e) => !e.template && (e.card === undefined || !hand.has(e.card) || e.kind === "jsn") && e.kind !== "move");
  const moves = legal.filter((e) => e.kind === "move");
  const fromHand = legal.filter((e) => !e.template && e.card !== undefined && hand.has(e.card) && e.kind !== "jsn");
  const keyOf = (id) => cardOf(S, id).key;
  const listed = new Map(fromHand.map((e) => [keyOf(e.card), e.card]));
  const entryCard = (id) => (fromHand.some((e) => e.card === id) ? id : listed.get(keyOf(id)));
  if (S.dealCard !== null && S.dealCard !== undefined && entryCard(S.dealCard) === undefined) S.dealCard = null;
  const playable = new Set([...hand].filter((id) => entryCard(id) !== undefined));
  return { legal, general, moves, fromHand, entryCard, playable };
}

function renderArea(ctx, view, choices) {
  const { S, esc, t } = ctx;
  const goal = S.room?.options?.sets_to_win ?? (S.room?.preset === "quick" ? 1 : 3);
  const tables = view.tables.map((tb) => tableHtml(ctx, view, tb, goal)).join("");
  const top = view.discard.length ? cardTile(ctx, view.discard[view.discard.length - 1], { line: true }) : `<span class="muted small">${esc(t("deal_discard_empty"))}</span>`;
  const playable = choices?.playable || new Set();
  const handCard = (id) => {
    const selected = S.dealCard === id;
    const can = playable.has(id);
    return `<button type="button" class="dhand-card ${selected ? "selected" : ""} ${can ? "playable" : ""}" data-hand-card="${id}" data-testid="hand-card-${id}"
      aria-label="${esc(cardLabel(ctx, id))}" aria-pressed="${selected}"${can ? "" : ` aria-disabled="true"`}>${cardTile(ctx, id)}</button>`;
  };
  const hand = view.hand
    ? `<section class="card dhand ${playable.size ? "choosing" : ""}" data-testid="deal-hand" aria-labelledby="deal-hand-title">
        <h2 id="deal-hand-title">${esc(t("deal_hand"))} <span class="muted small">(${view.hand.length})</span></h2>
        <div class="dhand-cards">${view.hand.map(handCard).join("")}</div></section>`
    : "";
  const area = document.getElementById("deal-area");
  area.innerHTML = `${hand}
    <div class="dpiles-line" data-testid="deal-piles"><span class="dchip" data-testid="draw-pile">${esc(t("deal_draw_pile", { n: view.draw_size }))}</span>
      <span class="muted small">${esc(t("deal_discard_pile"))}:</span> <span data-testid="discard-pile">${top}</span></div>
    <div class="dtables">${tables}</div>`;
  area.onclick = (ev) => {
    const b = ev.target.closest("[data-hand-card]");
    if (!b || b.getAttribute("aria-disabled") === "true") return;
    chooseCard(ctx, Number(b.dataset.handCard), ev.detail === 0);
  };
  area.onkeydown = (ev) => {
    const b = ev.target.closest?.("[data-hand-card]");
    if (!b || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(ev.key)) return;
    const cards = [...area.querySelectorAll("[data-hand-card]")];
    const i = cards.indexOf(b);
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: cards.length - 1 }[ev.key];
    if (cards[to]) { ev.preventDefault(); cards[to].focus(); }
  };
}

/** Chooses (or puts back) a card of the hand; from the keyboard, the focus goes to the
 * card's plays. */
function chooseCard(ctx, id, byKeyboard) {
  const { S } = ctx;
  S.dealCard = S.dealCard === id ? null : id;
  redraw(ctx, S.state.view);
  const plays = document.querySelector("[data-testid=card-plays]");
  if (byKeyboard && plays && S.dealCard !== null) plays.focus();
}

/** One seat's table: its name and marks (on turn, answering, you), its numbers, its bank,
 * and its properties by colour, each colour named, a full set marked as such. */
function tableHtml(ctx, view, tb, goal) {
  const { S, esc, t } = ctx;
  const bankTotal = tb.bank.reduce((a, id) => a + cardOf(S, id).value, 0);
  const piles = tb.piles.map((p) => {
    const col = colourOf(S, p.colour);
    const buildings = [p.house, p.hotel].filter((x) => x >= 0).map((id) => cardTile(ctx, id, { line: true })).join("");
    const held = Math.min(p.cards.length, col.set_size);
    const pips = `<span class="dpips" aria-hidden="true">${"<i class=on></i>".repeat(held)}${"<i></i>".repeat(Math.max(0, col.set_size - held))}</span>`;
    return `<div class="dpile ${p.full ? "full" : ""}" style="--band:${col.css}" data-testid="pile-${tb.seat}-${esc(col.key)}" role="group" aria-labelledby="pile-${tb.seat}-${esc(col.key)}-head">
      <div class="dpile-head" id="pile-${tb.seat}-${esc(col.key)}-head"><span class="dswatch" aria-hidden="true"></span><b class="dpile-colour">${breakable(esc, col.name)}</b>
        <span class="dpile-count">${p.cards.length}/${col.set_size}</span>${pips}
        ${p.full ? `<span class="dfull" data-testid="full-${tb.seat}-${esc(col.key)}">✓ ${esc(t("deal_full"))}</span>` : ""}
        <span class="dpile-rent">${esc(t("deal_rent", { amount: mm(ctx, p.rent) }))}</span></div>
      <div class="dpile-cards">${p.cards.map((id) => cardTile(ctx, id, { colour: false, line: true })).join("")}${buildings}</div></div>`;
  }).join("");
  const turn = view.turn_seat === tb.seat && !view.outcome;
  const answering = view.pending === tb.seat && !turn && !view.outcome;
  const mine = tb.seat === S.seat;
  const marks = [turn ? `<span class="dmark turn" data-testid="on-turn-${tb.seat}">${esc(t("deal_on_turn"))}</span>` : "",
    answering ? `<span class="dmark answering" data-testid="answering-${tb.seat}">${esc(t("deal_answering"))}</span>` : "",
    mine ? `<span class="badge you">${esc(t("you"))}</span>` : ""].join("");
  return `<section class="card dtable ${mine ? "mine" : ""} ${turn ? "turn" : ""} ${answering ? "answering" : ""}" data-testid="deal-table-${tb.seat}" aria-labelledby="deal-table-${tb.seat}-name"${turn ? ` aria-current="true"` : ""}>
    <h2><span class="dot" style="background:${ctx.playerColour(tb.seat)}"></span><span class="dtable-name" id="deal-table-${tb.seat}-name">${esc(tb.name)}</span>${marks}</h2>
    <p class="dstats small"><span>${esc(t("deal_hand_of", { n: tb.hand_size }))}</span> <span class="${tb.full_sets ? "dsets done" : "dsets"}">${esc(t("deal_sets", { n: tb.full_sets, goal }))}</span> <span>${esc(t("deal_worth", { amount: mm(ctx, tb.worth) }))}</span></p>
    <div class="dbank" data-testid="bank-${tb.seat}"><span class="muted small">${esc(t("deal_bank", { amount: mm(ctx, bankTotal) }))}</span> ${tb.bank.map((id) => cardTile(ctx, id, { line: true })).join("")}</div>
    <div class="dpiles">${piles || `<span class="muted small">${esc(t("deal_no_cards"))}</span>`}</div>
    ${view.hands ? `<div class="dreplay-hand" data-testid="replay-hand-${tb.seat}"><span class="muted small">${esc(t("deal_replay_hand"))}:</span> ${view.hands[tb.seat].map((id) => cardTile(ctx, id, { line: true })).join("")}</div>` : ""}
  </section>`;
}

function renderDealPrompt(ctx, view) {
  const { S, esc, t } = ctx;
  const box = document.getElementById("prompt-box");
  const over = S.over || (view.outcome ? { outcome: view.outcome } : null);
  box.closest(".dturn")?.classList.toggle("over", !!over);
  if (over) {
    const oc = over.outcome || {};
    const worth = oc.worth || [];
    box.innerHTML = `<div class="over" data-testid="game-over"><h2>${esc(t("game_over"))}</h2>
      ${oc.winner !== null && oc.winner !== undefined ? `<p class="winner" data-testid="winner">${esc(t("winner_is", { player: ctx.playerName(oc.winner) }))}</p>` : ""}
      <p class="muted small">${esc(t("deal_results"))}</p>
      <ol class="ranking" data-testid="ranking">${(oc.ranking || []).map((s) => `<li><span class="dot" style="background:${ctx.playerColour(s)}"></span>${esc(ctx.playerName(s))} <span class="muted">${esc(mm(ctx, worth[s] ?? 0))}</span></li>`).join("")}</ol>
      ${over.seed !== undefined ? `<p class="muted small">${esc(t("seed_revealed_deal", { seed: over.seed }))}<br><span data-testid="seed-check"></span></p>` : ""}
      <p><a class="button" href="#/replay/${esc(S.roomId)}" data-testid="replay-link">${esc(t("replay"))}</a>
      <a class="button" href="/api/rooms/${esc(S.roomId)}/record" target="_blank" data-testid="record-link">${esc(t("record"))}</a>
      <a class="button" href="#/" data-testid="back-to-lobby">${esc(t("back_to_lobby"))}</a></p></div>`;
    if (over.seed !== undefined) ctx.checkSeed(over.seed);
    return;
  }
  const mine = S.prompt;
  const text = mine
    ? `<p class="prompt mine" data-testid="prompt">${esc(mine)}</p>`
    : `<p class="prompt" data-testid="prompt">${esc(S.seat === null ? t("spectating") : "")}${esc(view.pending !== null && view.pending !== undefined ? t("waiting_for", { player: ctx.playerName(view.pending) }) : "")}</p>`;
  // the prompt is read out when it changes (not on every drawing, nor the clock's ticks)
  let said = box.querySelector(".dsaid");
  if (!said) {
    box.innerHTML = `<div class="dsaid" aria-live="polite"></div><div class="dclock"></div>`;
    said = box.querySelector(".dsaid");
  }
  if (said.innerHTML !== text) said.innerHTML = text;
  const clock = S.clock && S.clock.deadline ? `<p class="clock" data-testid="clock" data-deadline="${S.clock.deadline}"></p>` : "";
  const clockBox = box.querySelector(".dclock");
  if (clockBox.dataset.html !== clock) { clockBox.innerHTML = clock; clockBox.dataset.html = clock; }
  ctx.tickClock();
}

/** The decisions: the entries of no card (end, accept, Just Say No, pay, discard) as
 * buttons; a card's plays once the card is chosen in the hand; wildcard moves; the
 * payment and discard choosers for the two templates. */
function renderDealControls(ctx, choices) {
  const { S, esc, t } = ctx;
  const box = document.getElementById("controls");
  if (!box) return;
  const disabled = S.busy ? "disabled" : "";
  const { legal, general, moves, fromHand, entryCard, playable } = choices;
  const button = (e, cls = "") => `<button type="button" class="${cls}" data-action="${esc(e.text)}" data-testid="action-${esc(e.text.replace(/[^a-z0-9]+/gi, "-"))}" ${disabled}>${esc(e.label || e.text)}</button>`;
  let html = "";
  if (general.length) html += `<div class="actions" data-testid="actions">${general.map((e) => button(e, ["end", "accept", "jsn"].includes(e.kind) ? "primary" : "")).join("")}</div>`;
  for (const e of legal.filter((x) => x.template)) html += e.kind === "pay" ? payForm(ctx, e, disabled) : discardForm(ctx, e, disabled);
  if (playable.size) {
    if (S.dealCard !== null && S.dealCard !== undefined) {
      const plays = fromHand.filter((e) => e.card === entryCard(S.dealCard));
      html += `<div class="card dplays" data-testid="card-plays" tabindex="-1" role="group" aria-labelledby="deal-plays-title">
        <h4 id="deal-plays-title">${esc(t("deal_card_plays", { card: cardOf(S, S.dealCard).name }))}</h4>
        <div class="actions">${plays.map((e) => button(e)).join("")}</div>
        <button type="button" class="small dput-back" data-put-back="1" data-testid="put-back">${esc(t("deal_cancel_card"))}</button></div>`;
    } else {
      html += `<p class="muted small" data-testid="choose-card">${esc(t("deal_choose_card"))}</p>`;
    }
  }
  if (moves.length) html += `<details class="dmoves" data-testid="wild-moves"><summary>${esc(t("deal_move_wilds"))}</summary><div class="actions">${moves.map((e) => button(e, "small")).join("")}</div></details>`;
  const open = box.querySelector("[data-testid=wild-moves]")?.open;
  box.innerHTML = html;
  if (open && box.querySelector("[data-testid=wild-moves]")) box.querySelector("[data-testid=wild-moves]").open = true;
  const putBack = () => {
    const id = S.dealCard;
    S.dealCard = null;
    redraw(ctx, S.state.view);
    document.querySelector(`[data-hand-card="${id}"]`)?.focus();
  };
  box.onclick = (ev) => {
    if (ev.target.closest("[data-put-back]")) { putBack(); return; }
    const b = ev.target.closest("button[data-action]");
    if (!b || b.disabled) return;
    S.dealCard = null;
    ctx.send(b.dataset.action);
  };
  box.onkeydown = (ev) => {
    if (ev.key === "Escape" && ev.target.closest("[data-testid=card-plays]")) { ev.preventDefault(); putBack(); }
  };
  const pay = box.querySelector("#pay-form");
  if (pay) {
    const entry = legal.find((e) => e.kind === "pay" && e.template);
    const total = () => [...pay.querySelectorAll("input:checked")].reduce((a, c) => a + Number(c.dataset.value), 0);
    pay.onchange = () => { pay.querySelector("[data-testid=pay-total]").textContent = t("deal_pay_total", { amount: mm(ctx, total()) }); };
    pay.onsubmit = (ev) => {
      ev.preventDefault();
      const chosen = [...pay.querySelectorAll("input:checked")].map((c) => Number(c.dataset.card));
      if (total() < entry.amount && chosen.length < entry.cards.length) { ctx.toast(t("deal_pay_short", { amount: mm(ctx, entry.amount) })); return; }
      ctx.send(`pay ${chosen.length ? chosen.join(",") : "-"}`);
    };
  }
  const discard = box.querySelector("#discard-form");
  if (discard) {
    const entry = legal.find((e) => e.kind === "discard" && e.template);
    discard.onsubmit = (ev) => {
      ev.preventDefault();
      const chosen = [...discard.querySelectorAll("input:checked")].map((c) => Number(c.dataset.card));
      if (chosen.length !== entry.count) { ctx.toast(t("deal_discard_count", { n: entry.count })); return; }
      ctx.send(`discard ${chosen.join(",")}`);
    };
  }
}

function payForm(ctx, e, disabled) {
  const { S, esc, t } = ctx;
  return `<form id="pay-form" class="card dchoose" data-testid="pay-form"><h4>${esc(t("deal_pay_title", { amount: mm(ctx, e.amount) }))}</h4>
    <ul class="entries">${e.cards.map((id) => `<li><label class="check"><input type="checkbox" data-card="${id}" data-value="${cardOf(S, id).value}" data-testid="pay-card-${id}" aria-label="${esc(cardLabel(ctx, id))}">${cardTile(ctx, id, { line: true })}</label></li>`).join("")}</ul>
    <p class="muted small" data-testid="pay-total" aria-live="polite">${esc(t("deal_pay_total", { amount: mm(ctx, 0) }))}</p>
    <button type="submit" class="primary" data-testid="pay-submit" ${disabled}>${esc(t("deal_pay_submit"))}</button></form>`;
}

function discardForm(ctx, e, disabled) {
  const { esc, t } = ctx;
  return `<form id="discard-form" class="card dchoose" data-testid="discard-form"><h4>${esc(t("deal_discard_title", { n: e.count }))}</h4>
    <ul class="entries">${e.cards.map((id) => `<li><label class="check"><input type="checkbox" data-card="${id}" data-testid="discard-card-${id}" aria-label="${esc(cardLabel(ctx, id))}">${cardTile(ctx, id, { line: true })}</label></li>`).join("")}</ul>
    <button type="submit" class="primary" data-testid="discard-submit" ${disabled}>${esc(t("deal_discard_submit"))}</button></form>`;
}
