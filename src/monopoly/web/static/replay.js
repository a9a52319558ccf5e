// The replay viewer of a finished game: step by step, every step's board rebuilt from
// the server's deltas and drawn with the game's own code.

import { dealContext, renderLog, renderPlayers } from "./app.js";
import { moveTokens, renderBoard, tokenHtml } from "./board.js";
import { $, api, app, esc, loadBoard, playerName, S, t } from "./core.js";
import { loadDeck, renderDealReplay } from "./deal.js";
import { roomTitle } from "./lobby.js";

// ------------------------------------------------------------------ the replay viewer

/** A finished game step by step (GET /api/rooms/{id}/replay): step 0 is the board before
 * the first action, step k the board after action k. The server sends the board once in
 * full and then per action only what changed (a delta, docs/protocol.md); the page
 * rebuilds every step's board once and draws it with the game's own board code. */
export const REPLAY_ICON = Object.fromEntries(Object.entries({ // drawn: not every font has ⏮ ⏭
  first: "M3 4h2v16H3zM21 4v16L7 12z", prev_turn: "M12 4v16L2 12zM22 4v16l-10-8z", prev: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z", next_turn: "M2 4v16l10-8zM12 4v16l10-8z", last: "M19 4h2v16h-2zM3 4v16l14-8z",
}).map(([k, d]) => [k, `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`]));

export async function enterReplay(id) {
  const keep = S.replay && S.replay.id === id ? S.replay.step : null;
  if (!S.replay || S.replay.id !== id) app().innerHTML = `<p class="muted center">${esc(t("loading"))}</p>`;
  let room; let data;
  try {
    [room, data] = await Promise.all([api(`/api/rooms/${id}`), api(`/api/rooms/${id}/replay?lang=${S.lang}`)]);
    if (data.game === "deal") await loadDeck(S, api);
    else await loadBoard(data.edition || "standard", room.names ?? null);
  } catch (e) {
    S.replay = null;
    app().innerHTML = `<section class="card narrow" data-testid="replay-error"><h2>${esc(t("replay"))}</h2><p>${esc(e.message)}</p><a href="#/">${esc(t("back_to_lobby"))}</a></section>`;
    return;
  }
  if (S.route.name !== "replay" || S.route.room !== id) return; // left meanwhile
  const views = [{ ...data.start, hotel_level: data.hotel_level }];
  const log = data.start_texts.map((text) => ({ seat: -1, text }));
  const logEnds = [log.length];
  data.steps.forEach((step, k) => {
    views.push(applyDelta(views[k], step.delta));
    for (const text of step.texts) log.push({ seat: step.seat, text });
    logEnds.push(log.length);
  });
  S.room = { ...room, seats: (room.seats || []).map((x) => ({ ...x, connected: undefined })) }; // no "offline" badges
  S.replay = { id, data, views, log, logEnds, step: keep ?? 0, deal: data.game === "deal" };
  const deal = S.replay.deal; // Monopoly Deal: the tables (deal.js) instead of the board
  app().innerHTML = `
  <div class="game replay ${deal ? "deal-game" : ""}" data-testid="replay">
    ${deal ? `<div class="deal-area" id="deal-area" data-testid="deal-area"></div>` : `<div class="board-wrap"><div class="board" id="board" data-testid="board"></div></div>`}
    <aside class="panel">
      <section class="card replay-box" data-testid="replay-controls">
        <h2>${esc(t("replay"))} <small class="muted">${esc(roomTitle(room))}</small></h2>
        <div class="replay-buttons">
          <button type="button" data-step="first" data-testid="replay-first" title="${esc(t("replay_first"))}" aria-label="${esc(t("replay_first"))}">${REPLAY_ICON.first}</button>
          <button type="button" data-step="prev_turn" data-testid="replay-prev-turn" title="${esc(t("replay_prev_turn"))}" aria-label="${esc(t("replay_prev_turn"))}">${REPLAY_ICON.prev_turn}</button>
          <button type="button" data-step="prev" data-testid="replay-prev" title="${esc(t("replay_prev"))}" aria-label="${esc(t("replay_prev"))}">${REPLAY_ICON.prev}</button>
          <button type="button" class="primary" data-step="next" data-testid="replay-next" title="${esc(t("replay_next"))}" aria-label="${esc(t("replay_next"))}">${REPLAY_ICON.next}</button>
          <button type="button" data-step="next_turn" data-testid="replay-next-turn" title="${esc(t("replay_next_turn"))}" aria-label="${esc(t("replay_next_turn"))}">${REPLAY_ICON.next_turn}</button>
          <button type="button" data-step="last" data-testid="replay-last" title="${esc(t("replay_last"))}" aria-label="${esc(t("replay_last"))}">${REPLAY_ICON.last}</button>
        </div>
        <input type="range" id="replay-slider" class="replay-slider" min="0" max="${data.steps.length}" value="0" data-testid="replay-slider" aria-label="${esc(t("replay"))}">
        <p class="replay-where" data-testid="replay-step"></p>
        <p class="replay-action" data-testid="replay-action"></p>
        <p class="small">${deal ? "" : `<a href="/api/rooms/${esc(id)}/sheet?lang=${S.lang}" target="_blank">${esc(t("score_sheet"))}</a> ·`}
          <a href="/api/rooms/${esc(id)}/record" target="_blank">${esc(t("record"))}</a> ·
          <a href="#/" data-testid="back-to-lobby">${esc(t("back_to_lobby"))}</a></p>
      </section>
      ${deal ? "" : `<section class="players" id="players" data-testid="players"></section>`}
      <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log" tabindex="0" aria-label="${esc(t("log"))}"></ol></section>
    </aside>
  </div>`;
  app().querySelector(".replay-buttons").onclick = (ev) => {
    const b = ev.target.closest("[data-step]");
    if (!b) return;
    const r = S.replay;
    const to = { first: 0, prev: r.step - 1, next: r.step + 1, last: r.data.steps.length, prev_turn: turnBack(r), next_turn: turnOn(r) }[b.dataset.step];
    showStep(to, b.dataset.step === "next" || b.dataset.step === "prev");
  };
  $("#replay-slider").oninput = (ev) => showStep(Number(ev.target.value), false);
  showStep(S.replay.step, false);
}

/** The step where the turn of step `k` begins (its first board of that turn number). */
export function turnStart(r, k) {
  let j = k;
  while (j > 0 && r.views[j - 1].turn === r.views[k].turn) j--;
  return j;
}
/** "One turn back": the start of this turn, or of the one before when already there. */
export function turnBack(r) {
  const start = turnStart(r, r.step);
  return start < r.step ? start : turnStart(r, Math.max(0, r.step - 1));
}
/** "Next turn": the first step of a later turn (the end when there is none). */
export function turnOn(r) {
  let j = r.step;
  while (j < r.views.length - 1 && r.views[j].turn === r.views[r.step].turn) j++;
  return j;
}

/** A view with a delta applied: changed keys replaced; a list sent as {index: item} patched. */
export function applyDelta(view, delta) {
  const out = { ...view };
  for (const [key, value] of Object.entries(delta)) {
    const old = out[key];
    if (Array.isArray(old) && value !== null && typeof value === "object" && !Array.isArray(value)) {
      const items = old.slice();
      for (const [i, item] of Object.entries(value)) items[Number(i)] = item;
      out[key] = items;
    } else out[key] = value;
  }
  return out;
}

/** Show step `k` of the replay; `animate`: the tokens walk there (one step back or on). */
export function showStep(k, animate) {
  const r = S.replay;
  if (!r) return;
  const step = Math.max(0, Math.min(r.data.steps.length, k));
  const prev = S.state?.view;
  r.step = step;
  S.state = { view: r.views[step] };
  S.log = r.log.slice(0, r.logEnds[step]);
  if (r.deal) {
    renderDealReplay(dealContext(), S.state.view);
    renderLog();
  } else {
    moveTokens(prev, S.state.view, !animate);
    renderBoard();
    renderPlayers();
    renderLog();
  }
  const total = r.data.steps.length;
  const slider = $("#replay-slider");
  if (slider) slider.value = String(step);
  $("[data-testid=replay-step]").textContent = `${t("replay_step", { n: step, total })} · ${t("turn_n", { n: S.state.view.turn })}`;
  const action = step ? r.data.steps[step - 1] : null;
  $("[data-testid=replay-action]").innerHTML = action
    ? `${action.seat >= 0 ? `${tokenHtml(action.seat, "inline")}<b>${esc(playerName(action.seat))}</b>: ` : ""}${esc(action.label)}`
    : esc(t("replay_start"));
  for (const b of document.querySelectorAll("[data-step]")) {
    b.disabled = ["first", "prev", "prev_turn"].includes(b.dataset.step) ? step === 0 : step === total;
  }
}

document.addEventListener("keydown", (ev) => {
  if (S.route.name !== "replay" || !S.replay || ev.target.closest?.("input, textarea, select, dialog")) return;
  const r = S.replay;
  const to = { ArrowLeft: r.step - 1, ArrowRight: r.step + 1, PageUp: turnBack(r), PageDown: turnOn(r), Home: 0, End: r.data.steps.length }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  showStep(to, ev.key.startsWith("Arrow"));
});
