// Monopoly Deal in the browser: the seat's hand, everybody's table, the piles,
// and the decisions as controls. Like the board game's page, it shows only the `legal`
// entries the server sends and sends back their text forms (docs/protocol.md, "Monopoly
// Deal rooms"); card and colour names come from GET /api/deal/deck, every other text
// from the page's catalogs (t) or the server's narration (labels, prompts, events).
//
// app.js calls renderDeal(ctx) with its helpers: {S, t, esc, send, toast, playerName,
// playerColour, renderLog, tickClock, checkSeed}.

/** The deck for the page, in the page's language (cached per language). */
export async function loadDeck(S, api) {
  if (S.deck && S.deck.lang === S.lang) return;
  const data = await api(`/api/deal/deck?lang=${S.lang}`);
  S.deck = { ...data, lang: S.lang, colourIndex: Object.fromEntries(data.colours.map((c, i) => [c.key, i])) };
}

function cardOf(S, id) { return S.deck?.cards?.[id] || { id, name: `#${id}`, kind: "", value: 0, colours: [] }; }
function colourOf(S, i) { return S.deck?.colours?.[i] || { key: String(i), name: String(i), css: "#999", set_size: 0 }; }
/** An amount of the Deal's millions in the page's language ("5M", "5 M", "5 М"). */
function mm(ctx, n) { return ctx.t("deal_millions", { n }); }

/** A card as a small tile: its colour band(s), name and value. */
function cardTile(ctx, id, extra = "") {
  const { S, esc } = ctx;
  const c = cardOf(S, id);
  const bands = (c.colours || []).map((k) => S.deck.colours[S.deck.colourIndex[k]]?.css || "#999");
  const band = bands.length === 0 ? "" : bands.length === 1 ? bands[0]
    : c.any ? "conic-gradient(#e31b23, #f5d800, #1fb25a, #0072bb, #d93a96, #e31b23)" : `linear-gradient(90deg, ${bands[0]} 50%, ${bands[1]} 50%)`;
  return `<span class="dcard kind-${esc(c.kind)}" title="${esc(c.name)}" ${extra}>${band ? `<span class="dband" style="background:${band}"></span>` : ""}<span class="dname">${esc(c.name)}</span>${c.value ? `<span class="dvalue">${esc(mm(ctx, c.value))}</span>` : ""}</span>`;
}

/** The whole Deal room: tables, piles, hand, and the side panel. */
export function renderDeal(ctx) {
  const { S, esc, t } = ctx;
  const root = document.getElementById("app");
  const view = S.state.view;
  if (!root.querySelector(".deal-game")) {
    root.innerHTML = `
    <div class="game deal-game" data-testid="deal-game">
      <div class="deal-area" id="deal-area" data-testid="deal-area"></div>
      <aside class="panel">
        <section class="prompt-box" id="prompt-box" data-testid="prompt-box"></section>
        <section class="controls" id="controls" data-testid="controls"></section>
        <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log"></ol></section>
      </aside>
    </div>`;
  }
  if (!S.deck) return; // the deck comes with the room: drawn again once it is here
  renderArea(ctx, view);
  renderDealPrompt(ctx, view);
  renderDealControls(ctx);
  ctx.renderLog();
}

/** One step of a finished game's replay (app.js's replay viewer): every table, each with
 * its hand (``view.hands``: a finished game hides nothing), and the piles. */
export function renderDealReplay(ctx, view) {
  renderArea(ctx, view);
}

function renderArea(ctx, view) {
  const { S, esc, t } = ctx;
  const goal = S.room?.options?.sets_to_win ?? (S.room?.preset === "quick" ? 1 : 3);
  const tables = view.tables.map((tb) => {
    const bankTotal = tb.bank.reduce((a, id) => a + cardOf(S, id).value, 0);
    const piles = tb.piles.map((p) => {
      const col = colourOf(S, p.colour);
      const buildings = [p.house, p.hotel].filter((x) => x >= 0).map((id) => cardTile(ctx, id)).join("");
      return `<div class="dpile ${p.full ? "full" : ""}" style="--band:${col.css}" data-testid="pile-${tb.seat}-${esc(col.key)}">
        <div class="dpile-head"><b>${esc(col.name)}</b> ${p.cards.length}/${col.set_size}${p.full ? ` · ${esc(t("deal_full"))}` : ""} · ${esc(t("deal_rent", { amount: mm(ctx, p.rent) }))}</div>
        <div class="dpile-cards">${p.cards.map((id) => cardTile(ctx, id)).join("")}${buildings}</div></div>`;
    }).join("");
    const turn = view.turn_seat === tb.seat;
    return `<section class="card dtable ${tb.seat === S.seat ? "mine" : ""} ${turn ? "turn" : ""}" data-testid="deal-table-${tb.seat}">
      <h3><span class="dot" style="background:${ctx.playerColour(tb.seat)}"></span>${esc(tb.name)}
        <span class="muted small">${esc(t("deal_hand_of", { n: tb.hand_size }))} · ${esc(t("deal_sets", { n: tb.full_sets, goal }))} · ${esc(t("deal_worth", { amount: mm(ctx, tb.worth) }))}</span></h3>
      <div class="dbank" data-testid="bank-${tb.seat}"><span class="muted small">${esc(t("deal_bank", { amount: mm(ctx, bankTotal) }))}</span> ${tb.bank.map((id) => cardTile(ctx, id)).join("")}</div>
      <div class="dpiles">${piles || `<span class="muted small">${esc(t("deal_no_cards"))}</span>`}</div>
      ${view.hands ? `<div class="dhand-cards" data-testid="replay-hand-${tb.seat}"><span class="muted small">${esc(t("deal_replay_hand"))}:</span> ${view.hands[tb.seat].map((id) => cardTile(ctx, id)).join("")}</div>` : ""}
    </section>`;
  }).join("");
  const top = view.discard.length ? cardTile(ctx, view.discard[view.discard.length - 1]) : `<span class="muted small">${esc(t("deal_discard_empty"))}</span>`;
  const hand = view.hand
    ? `<section class="card dhand" data-testid="deal-hand"><h3>${esc(t("deal_hand"))}</h3><div class="dhand-cards">${view.hand.map((id) => `<button type="button" class="dhand-card ${S.dealCard === id ? "selected" : ""}" data-hand-card="${id}" data-testid="hand-card-${id}">${cardTile(ctx, id)}</button>`).join("")}</div></section>`
    : "";
  const area = document.getElementById("deal-area");
  area.innerHTML = `${hand}
    <div class="dpiles-line" data-testid="deal-piles"><span data-testid="draw-pile">${esc(t("deal_draw_pile", { n: view.draw_size }))}</span>
      <span class="muted small">${esc(t("deal_discard_pile"))}:</span> <span data-testid="discard-pile">${top}</span></div>
    <div class="dtables">${tables}</div>`;
  area.onclick = (ev) => {
    const b = ev.target.closest("[data-hand-card]");
    if (!b) return;
    const id = Number(b.dataset.handCard);
    S.dealCard = S.dealCard === id ? null : id;
    renderArea(ctx, S.state.view);
    renderDealControls(ctx);
  };
}

function renderDealPrompt(ctx, view) {
  const { S, esc, t } = ctx;
  const box = document.getElementById("prompt-box");
  const over = S.over || (view.outcome ? { outcome: view.outcome } : null);
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
  box.innerHTML = mine
    ? `<p class="prompt mine" data-testid="prompt">${esc(mine)}</p>`
    : `<p class="prompt" data-testid="prompt">${esc(S.seat === null ? t("spectating") : "")}${esc(view.pending !== null && view.pending !== undefined ? t("waiting_for", { player: ctx.playerName(view.pending) }) : "")}</p>`;
  if (S.clock && S.clock.deadline) box.innerHTML += `<p class="clock" data-testid="clock" data-deadline="${S.clock.deadline}"></p>`;
  ctx.tickClock();
}

/** The decisions: the entries of no card (end, accept, Just Say No, pay, discard) as
 * buttons; a card's plays once the card is chosen in the hand; wildcard moves; the
 * payment and discard choosers for the two templates. */
function renderDealControls(ctx) {
  const { S, esc, t } = ctx;
  const box = document.getElementById("controls");
  if (!box) return;
  const disabled = S.busy ? "disabled" : "";
  const legal = S.legal || [];
  const hand = new Set(S.state.view.hand || []);
  const button = (e, cls = "") => `<button type="button" class="${cls}" data-action="${esc(e.text)}" data-testid="action-${esc(e.text.replace(/[^a-z0-9]+/gi, "-"))}" ${disabled}>${esc(e.label || e.text)}</button>`;
  const general = legal.filter((e) => !e.template && (e.card === undefined || !hand.has(e.card) || ["jsn"].includes(e.kind)) && e.kind !== "move");
  const moves = legal.filter((e) => e.kind === "move");
  const fromHand = legal.filter((e) => !e.template && e.card !== undefined && hand.has(e.card) && e.kind !== "jsn");
  // equal cards (two Debt Collectors) are listed once, by one of them: either may be chosen
  const keyOf = (id) => cardOf(S, id).key;
  const listed = new Map(fromHand.map((e) => [keyOf(e.card), e.card]));
  const entryCard = (id) => (fromHand.some((e) => e.card === id) ? id : listed.get(keyOf(id)));
  if (S.dealCard !== null && S.dealCard !== undefined && entryCard(S.dealCard) === undefined) S.dealCard = null;
  const playable = new Set([...hand].filter((id) => entryCard(id) !== undefined));
  let html = "";
  if (general.length) html += `<div class="actions" data-testid="actions">${general.map((e) => button(e, ["end", "accept", "jsn"].includes(e.kind) ? "primary" : "")).join("")}</div>`;
  for (const e of legal.filter((x) => x.template)) html += e.kind === "pay" ? payForm(ctx, e, disabled) : discardForm(ctx, e, disabled);
  if (playable.size) {
    if (S.dealCard !== null && S.dealCard !== undefined) {
      const plays = fromHand.filter((e) => e.card === entryCard(S.dealCard));
      html += `<div class="card dplays" data-testid="card-plays"><h4>${esc(t("deal_card_plays", { card: cardOf(S, S.dealCard).name }))}</h4><div class="actions">${plays.map((e) => button(e)).join("")}</div></div>`;
    } else {
      html += `<p class="muted small" data-testid="choose-card">${esc(t("deal_choose_card"))}</p>`;
    }
  }
  if (moves.length) html += `<details class="dmoves" data-testid="wild-moves"><summary>${esc(t("deal_move_wilds"))}</summary><div class="actions">${moves.map((e) => button(e, "small")).join("")}</div></details>`;
  box.innerHTML = html;
  for (const card of document.querySelectorAll("[data-hand-card]")) card.classList.toggle("playable", playable.has(Number(card.dataset.handCard)));
  box.onclick = (ev) => {
    const b = ev.target.closest("button[data-action]");
    if (!b || b.disabled) return;
    S.dealCard = null;
    ctx.send(b.dataset.action);
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
    <ul class="entries">${e.cards.map((id) => `<li><label class="check"><input type="checkbox" data-card="${id}" data-value="${cardOf(S, id).value}" data-testid="pay-card-${id}">${cardTile(ctx, id)}</label></li>`).join("")}</ul>
    <p class="muted small" data-testid="pay-total">${esc(t("deal_pay_total", { amount: mm(ctx, 0) }))}</p>
    <button type="submit" class="primary" data-testid="pay-submit" ${disabled}>${esc(t("deal_pay_submit"))}</button></form>`;
}

function discardForm(ctx, e, disabled) {
  const { esc, t } = ctx;
  return `<form id="discard-form" class="card dchoose" data-testid="discard-form"><h4>${esc(t("deal_discard_title", { n: e.count }))}</h4>
    <ul class="entries">${e.cards.map((id) => `<li><label class="check"><input type="checkbox" data-card="${id}" data-testid="discard-card-${id}">${cardTile(ctx, id)}</label></li>`).join("")}</ul>
    <button type="submit" class="primary" data-testid="discard-submit" ${disabled}>${esc(t("deal_discard_submit"))}</button></form>`;
}

