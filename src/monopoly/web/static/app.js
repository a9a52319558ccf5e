// The browser client of `monopoly serve` (docs/protocol.md). Plain ES module, no build step.
//
// The server is the only authority: the page shows the `legal` entries it receives and
// sends their canonical text forms back; it never decides what is legal. Every text the
// page itself shows comes from GET /api/ui (gettext catalogs, monopoly.web.ui_text) by key;
// square names from GET /api/board; prompts, labels and events are narrated by the server.

import { hotelLevel, moveTokens, renderBoard, tokenHtml } from "./board.js";
import { mountChat, receiveChat } from "./chat.js";
import { deedsByGroup, groupName, myProperties, renderControls } from "./controls.js";
import { $, api, app, deckName, esc, groupColour, HOST_KEY, isTemplate, kindOf, LANG_KEY, LANGS, loadBoard, loadMeta, loadTexts, LOG_KEY, MAX_LOG, money, NICK_KEY, playerColour, playerName, S, SEAT_KEY, seatLabel, squareName, t, toast, TOKEN_KEY } from "./core.js";
import { loadDeck, renderDeal } from "./deal.js";
import { countMoney, play, popup } from "./feedback.js";
import { isHelpKey, openHelp } from "./help.js";
import { loadRoomLists, renderLobby, roomId, roomTitle } from "./lobby.js";
import { renderPostgame } from "./postgame.js";
import { enterReplay } from "./replay.js";
import { bindSeatLink, mountSeatLink, seatLink, seatLinkHTML, takeSeat } from "./seatlink.js";

// ------------------------------------------------------------------ texts and data

async function setLang(lang) {
  if (!LANGS.includes(lang)) return;
  S.lang = lang;
  localStorage.setItem(LANG_KEY, lang);
  const edition = S.board?.edition;
  const names = S.board?.names ?? null;
  S.board = null;
  const deck = S.deck;
  S.deck = null;
  await Promise.all([loadTexts(), loadMeta(), edition ? loadBoard(edition, names).catch(() => {}) : null,
    deck ? loadDeck(S, api).catch(() => {}) : null]);
  setConn(S.roomId ? S.connState : null); // the badge in the new language
  if (S.ws && S.wsOpen) {
    S.ws.send(JSON.stringify({ type: "lang", lang }));
    askLog(true); // the log so far, in the new language
  }
  if (S.route.name === "replay") { await enterReplay(S.route.room); return; }
  if (S.route.name === "lobby") {
    const form = $("#create-form");
    const saved = form ? [...form.elements].filter((el) => el.name || el.dataset.seatKind).map((el) => [el.name || `seat:${el.dataset.seatKind}`, el.type === "checkbox" ? el.checked : el.value]) : [];
    const open = $(".advanced")?.open;
    renderLobby();
    const again = $("#create-form");
    for (const [name, value] of saved) {
      const el = name.startsWith("seat:") ? again.querySelector(`[data-seat-kind="${name.slice(5)}"]`) : again.elements[name];
      if (!el) continue;
      if (el.type === "checkbox") el.checked = value; else el.value = value;
      if (name === "game" || name === "preset") el.dispatchEvent(new Event("change"));
    }
    if (open) $(".advanced").open = true;
    loadRoomLists();
    return;
  }
  render();
}

// ------------------------------------------------------------------ routing

function parseRoute() {
  const hash = location.hash.replace(/^#/, "");
  const m = hash.match(/^\/room\/([A-Za-z0-9_-]+)/);
  if (m) return { name: "room", room: m[1] };
  const r = hash.match(/^\/replay\/([A-Za-z0-9_-]+)/);
  if (r) return { name: "replay", room: r[1] };
  return { name: "lobby" };
}

export async function route() {
  const taken = takeSeat(TOKEN_KEY, SEAT_KEY); // a seat link opened: its token, kept
  const r = parseRoute();
  if (r.name !== "room" || r.room !== S.roomId || taken) leaveRoom();
  S.route = r;
  clearInterval(S.lobbyPoll);
  if (r.name !== "replay") S.replay = null;
  if (r.name === "room") await enterRoom(r.room);
  else if (r.name === "replay") await enterReplay(r.room);
  else {
    await loadMeta();
    renderLobby();
    loadRoomLists();
    S.lobbyPoll = setInterval(loadRoomLists, 5000); // rooms open, start and end meanwhile
  }
}

function leaveRoom() {
  if (S.ws) { S.ws.onclose = null; S.ws.close(); }
  clearInterval(S.roomPoll);
  clearInterval(S.moving);
  Object.assign(S, { shownCash: null, ws: null, wsOpen: false, roomId: null, room: null, currency: null, seat: null, state: null, legal: [], prompt: null, log: [], over: null, shownPos: [], targetPos: [], moving: null, tool: null, trade: null, busy: false });
  setConn(null);
}

// ------------------------------------------------------------------ room

async function enterRoom(id) {
  if (S.roomId === id) { render(); return; } // already in it (or on the way)
  S.roomId = id;
  try { S.log = JSON.parse(sessionStorage.getItem(LOG_KEY(id)) || "[]"); } catch (e) { S.log = []; }
  app().innerHTML = `<p class="muted center">${esc(t("loading"))}</p>`;
  try { S.room = await api(`/api/rooms/${id}`); } catch (e) {
    S.roomId = null;
    app().innerHTML = `<section class="card narrow"><h2>${esc(t("room_not_found"))}</h2><p>${esc(e.message)}</p><a href="#/">${esc(t("back_to_lobby"))}</a></section>`;
    return;
  }
  try {
    if (S.room.game === "deal") await loadDeck(S, api);
    else await loadBoard(S.room.edition || "standard");
  } catch (e) { /* drawn without names */ }
  if (S.roomId !== id) return; // left meanwhile
  const token = localStorage.getItem(TOKEN_KEY(id));
  if (token || S.room.status !== "open") connect();
  if (S.room.status === "open") startRoomPoll();
  render();
}

function startRoomPoll() {
  clearInterval(S.roomPoll);
  S.roomPoll = setInterval(async () => {
    if (!S.roomId) return;
    try {
      const room = await api(`/api/rooms/${S.roomId}`);
      const was = S.room?.status;
      S.room = room;
      if (room.status !== "open") {
        clearInterval(S.roomPoll);
        if (!S.state?.view && !S.wsOpen) { if (S.ws) { S.ws.onclose = null; S.ws.close(); S.ws = null; } connect(); }
      }
      if (!S.state || was !== room.status) render();
    } catch (e) { /* keep polling */ }
  }, 1500);
}

function connect() {
  const token = localStorage.getItem(TOKEN_KEY(S.roomId));
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // batch=1: the messages the server queued together come in one frame, one per line
  const url = `${proto}//${location.host}/ws/${S.roomId}?lang=${S.lang}&batch=1${token ? `&token=${encodeURIComponent(token)}` : ""}`;
  const ws = new WebSocket(url);
  S.ws = ws;
  setConn("connecting");
  ws.onopen = () => {
    S.wsOpen = true; S.wsRetry = 0; setConn("online");
  };
  ws.onmessage = (ev) => {
    for (const line of String(ev.data).split("\n")) {
      if (S.ws !== ws) return; // a socket replaced meanwhile
      let msg;
      try { msg = JSON.parse(line); } catch (e) { continue; }
      if (msg.type === "over") {
        // the seed is a 62-bit integer: beyond a JS number's exact range, so it is read as digits
        const m = /"seed"\s*:\s*"?(\d+)/.exec(line);
        if (m) msg.seed = m[1];
      }
      onMessage(msg);
    }
  };
  ws.onclose = (ev) => {
    S.wsOpen = false; S.busy = false;
    if (S.ws !== ws) return;
    setConn("offline");
    if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) {
      // a token the server does not know (room gone, seat removed by the host): watch instead
      if (localStorage.getItem(TOKEN_KEY(S.roomId))) toast(t("seat_lost"));
      localStorage.removeItem(TOKEN_KEY(S.roomId));
      localStorage.removeItem(SEAT_KEY(S.roomId));
      S.seat = null; S.state = null;
      S.wsRetry = 0;
    }
    const delay = Math.min(10000, 500 * 2 ** S.wsRetry++);
    setTimeout(() => { if (S.ws === ws && S.roomId) connect(); }, delay);
  };
}

/** Ask the server for the log so far (a replay there: at most one every 2 seconds); a
 * `fresh` ask (a new language) waits for its turn rather than being dropped. */
function askLog(fresh = false) {
  const wait = 2100 - (Date.now() - (S.logAskedAt || 0));
  clearTimeout(S.logTimer);
  if (wait > 0) { if (fresh) S.logTimer = setTimeout(() => askLog(true), wait); return; }
  S.logAskedAt = Date.now();
  if (S.ws && S.wsOpen) S.ws.send(JSON.stringify({ type: "log", id: "log" }));
}

function setConn(state) {
  S.connState = state;
  const el = document.querySelector(".conn");
  if (!el) return;
  el.hidden = !state;
  el.className = `conn ${state || ""}`;
  el.textContent = state ? t(`conn_${state}`) : "";
}

export function send(action) {
  if (!S.ws || !S.wsOpen) { toast(t("error_offline")); return; }
  const id = `c${S.nextId++}`;
  S.busy = true;
  S.ws.send(JSON.stringify({ type: "action", id, action }));
  renderControls();
}

function onMessage(msg) {
  switch (msg.type) {
    case "hello":
      S.seat = msg.seat ?? null;
      S.seedHash = msg.seed_hash ?? null;
      if (msg.room) S.room = { ...S.room, ...msg.room };
      if (S.seat !== null) localStorage.setItem(SEAT_KEY(S.roomId), String(S.seat));
      if (msg.lang && msg.lang !== S.lang && S.ws) S.ws.send(JSON.stringify({ type: "lang", lang: S.lang }));
      // a page without this game's log (another device, a seat link, a cleared tab): ask for it
      if (S.ws && msg.room?.status === "playing" && !S.log.length) askLog();
      render();
      break;
    case "state": onState(msg); break;
    case "log": // the log so far in this page's language (asked for: docs/protocol.md)
      S.log = (msg.entries || []).flatMap((e) => (e.texts || []).map((text) => ({ seq: e.seq, seat: e.seat, text })));
      if (S.log.length > MAX_LOG) S.log.splice(0, S.log.length - MAX_LOG);
      try { sessionStorage.setItem(LOG_KEY(S.roomId), JSON.stringify(S.log.slice(-150))); } catch (e) { /* full */ }
      renderLog();
      break;
    case "events":
      offerAnswered(msg);
      if (/^roll\b/.test(msg.action || "")) S.rolled = true; // the dice tumble on the next board
      (msg.marks || []).forEach((mark, k) => { if (mark && msg.texts?.[k]) popup(msg.texts[k], mark); });
      for (const text of msg.texts || []) S.log.push({ seq: msg.seq, seat: msg.seat, text });
      if (S.log.length > MAX_LOG) S.log.splice(0, S.log.length - MAX_LOG);
      try { sessionStorage.setItem(LOG_KEY(S.roomId), JSON.stringify(S.log.slice(-150))); } catch (e) { /* full */ }
      renderLog();
      break;
    case "ack": S.busy = false; renderControls(); break;
    case "error":
      if (msg.id === "log") break; // the log comes with the next ask
      S.busy = false;
      if (msg.code === "not_started") { render(); break; }
      toast(msg.message || msg.code);
      renderControls();
      break;
    case "over":
      S.over = msg;
      render();
      break;
    case "room":
      S.room = { ...S.room, ...msg.room };
      render();
      break;
    case "chat": receiveChat(msg, chatContext()); break;
    default: break;
  }
}

/** A trade this seat offered was answered (the answer's events come before the new state):
 * say so, whoever answered and however (a counter-offer is never missed). */
function offerAnswered(msg) {
  const offer = S.state?.view?.offer;
  if (!offer || S.seat === null || offer.proposer !== S.seat || msg.seat !== offer.target) return;
  const kind = (msg.action || "").split(" ")[0];
  const key = { accept: "offer_accepted", reject: "offer_rejected", counter: "offer_countered" }[kind];
  if (key) toast(t(key, { player: playerName(offer.target) }), kind === "reject" ? "error" : "ok");
}

function onState(msg) {
  const first = !S.state;
  const prevView = S.state?.view;
  S.state = msg;
  S.legal = msg.legal || [];
  if (msg.prompt && !S.prompt && !first) play("turn"); // the game waits for this seat now
  S.prompt = msg.prompt ?? null;
  S.clock = msg.clock ?? null;
  S.busy = false;
  if (msg.game === "deal") { if (!S.deck) loadDeck(S, api).then(render).catch(() => {}); }
  else if (msg.board?.edition && (msg.board.edition !== S.board?.edition || (S.room?.names ?? null) !== S.board?.names)) loadBoard(msg.board.edition).then(render).catch(() => {});
  if (msg.board?.currency) S.currency = msg.board.currency; // a tournament's "M"
  if (S.room && S.room.status === "open") S.room.status = "playing";
  const view = msg.view;
  if (view?.outcome && !S.over) S.over = { outcome: view.outcome };
  // keep the trade builder's draft while its template is still legal
  if (S.tool === "trade" && !S.legal.some((e) => ["propose", "counter"].includes(kindOf(e)) && isTemplate(e))) { S.tool = null; S.trade = null; }
  if (msg.game !== "deal") moveTokens(prevView, view, first);
  render();
}

// ------------------------------------------------------------------ rendering the room

/** What the Deal's page (deal.js) uses of this module. */
export function dealContext() {
  return { S, t, esc, send, toast, playerName, playerColour, renderLog, tickClock, checkSeed };
}
/** What the chat panel (chat.js) uses of this module. */
function chatContext() { return { S, t, esc, toast, playerColour }; }
/** What the help (help.js) shows: the rules of the room, or the lobby's presets. */
function helpContext() {
  const room = S.route.name === "lobby" ? null : S.room;
  return { t, esc, lang: S.lang, meta: S.meta, game: room?.game ?? null, preset: room?.preset, options: room?.options, edition: room?.edition };
}

function render() {
  if (S.route.name !== "room") return;
  if (!S.state || !S.state.view) { renderWaiting(); if (S.ws) mountChat(app(), chatContext()); return; }
  if (S.state.game === "deal") {
    renderDeal(dealContext()); mountChat($(".deal-game .panel"), chatContext());
    mountSeatLink($(".deal-game .panel"), seatLinkContext());
    return;
  }
  const root = app();
  if (!root.querySelector(".game")) {
    root.innerHTML = `
    <div class="game" data-testid="game">
      <div class="board-wrap"><div class="board" id="board" data-testid="board"></div>
        <ol class="strip" id="strip" data-testid="strip" tabindex="0" aria-label="${esc(t("strip_label"))}"></ol></div>
      <aside class="panel">
        <section class="prompt-box" id="prompt-box" data-testid="prompt-box"></section>
        <section class="controls" id="controls" data-testid="controls"></section>
        <section class="tool" id="tool" data-testid="tool"></section>
        <section class="players" id="players" data-testid="players"></section>
        <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log" tabindex="0" aria-label="${esc(t("log"))}"></ol></section>
      </aside>
    </div>`;
    root.querySelector(".log h3").dataset.ui = "log";
  }
  renderBoard();
  renderPrompt();
  renderControls();
  renderPlayers();
  renderLog();
  renderTournamentBar(root.querySelector(".panel"));
  mountSeatLink(root.querySelector(".panel"), seatLinkContext());
  root.querySelector("#log-box h3").textContent = t("log");
  mountChat(root.querySelector(".panel"), chatContext());
}

// ------------------------------------------------------------------ a tournament's table

// A table of a tournament shows the round's clock (net playing time, from the tournament's
// state: GET /api/tournaments/{id}, polled) and the way back to the player's page.
const TOURNEY = { id: null, status: null, at: 0, timer: null };

async function pollTournament() {
  const where = S.room?.tournament;
  if (!where) return;
  try {
    const token = localStorage.getItem(TOKEN_KEY(S.roomId));
    const q = token ? `?token=${encodeURIComponent(token)}&lang=${S.lang}` : `?lang=${S.lang}`;
    TOURNEY.status = await api(`/api/tournaments/${encodeURIComponent(where.id)}${q}`);
    TOURNEY.at = Date.now() / 1000;
  } catch { /* the bar keeps its last reading */ }
  renderTournamentBar(document.querySelector(".panel"));
}

function renderTournamentBar(panel) {
  const where = S.room?.tournament;
  if (!panel || !where) return;
  if (TOURNEY.id !== where.id) {
    TOURNEY.id = where.id;
    clearInterval(TOURNEY.timer);
    TOURNEY.timer = setInterval(() => { pollTournament(); }, 5000);
    pollTournament();
  }
  let bar = panel.querySelector("#tournament-bar");
  if (!bar) {
    bar = document.createElement("section");
    bar.id = "tournament-bar";
    bar.className = "card tournament-bar";
    bar.dataset.testid = "tournament-bar";
    panel.prepend(bar);
  }
  const r = TOURNEY.status?.rounds?.[where.round - 1];
  const x = r?.tables?.[where.table - 1];
  let clock = "";
  if (r && x) {
    if (r.time_called_at) clock = t("tournament_called");
    else if (r.paused || x.paused || S.room.paused) clock = t("tournament_paused");
    else {
      const left = Math.max(0, Math.round(x.remaining - (Date.now() / 1000 - TOURNEY.at)));
      const mm = String(Math.floor(left / 60)).padStart(2, "0");
      const ss = String(left % 60).padStart(2, "0");
      clock = t("tournament_left", { time: `${mm}:${ss}` });
    }
  }
  const token = localStorage.getItem(TOKEN_KEY(S.roomId));
  const back = `/tournament/${encodeURIComponent(where.id)}?lang=${S.lang}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
  bar.innerHTML = `<b>${esc(t("tournament_table", { round: where.round, table: where.table }))}</b>
    <span class="tournament-clock" data-testid="tournament-clock">${esc(clock)}</span>
    <a href="${esc(back)}" data-testid="tournament-page">${esc(t("tournament_page"))}</a>`;
}
setInterval(() => renderTournamentBar(document.querySelector(".panel")), 1000);

/** The player's own seat link (another device takes the seat up again: seatlink.js), while
 * the room is open or playing; none for a spectator or a tournament's table (whose players
 * come back through their tournament page). */
function seatLinkContext() {
  const token = localStorage.getItem(TOKEN_KEY(S.roomId));
  const live = ["open", "playing"].includes(S.room?.status ?? "open");
  const link = token && live && !S.room?.tournament ? seatLink(S.roomId, token) : null;
  return { t, esc, toast, lang: S.lang, link };
}

function renderWaiting() {
  const room = S.room || {};
  const seats = room.seats || [];
  const token = localStorage.getItem(TOKEN_KEY(S.roomId));
  const host = localStorage.getItem(HOST_KEY(S.roomId));
  const mySeat = S.seat ?? (token ? Number(localStorage.getItem(SEAT_KEY(S.roomId))) : null);
  const link = `${location.origin}/#/room/${S.roomId}`;
  const status = room.status || "open";
  const canJoin = !token && status === "open" && seats.some((s) => !s || s.taken === false || (s.taken === undefined && !s.bot && !(s.nickname ?? s.name)));
  app().innerHTML = `
  <section class="card narrow waiting" data-testid="waiting-room">
    <h2>${esc(t("room"))} <small class="muted">${esc(roomTitle(room))}</small></h2>
    <p data-testid="room-status">${esc(t(status === "open" ? "waiting_for_start" : status === "expired" ? "room_expired" : "connecting_game"))}</p>
    <div class="invite"><label>${esc(t("invite_link"))}<input readonly value="${esc(link)}" data-testid="invite-link"></label>
      <button type="button" data-testid="copy-invite" id="copy-invite">${esc(t("copy"))}</button></div>
    ${seatLinkHTML(seatLinkContext())}
    <ol class="seat-list" data-testid="seat-list">
      ${seats.map((s, i) => `<li data-testid="seat-${i}"><span class="dot" style="background:${playerColour(i)}"></span>
        <span class="seat-name">${esc(seatLabel(s))}${i === mySeat ? ` <em>(${esc(t("you"))})</em>` : ""}${s && s.agent ? ` <em class="agent" data-testid="agent-${i}">(${esc(t("seat_agent"))})</em>` : ""}</span>
        ${s && s.connected ? `<span class="badge ok">${esc(t("connected"))}</span>` : ""}
        ${host && status === "open" && i !== mySeat && s && (s.nickname ?? s.name) && !(s.bot ?? s.level) ? `<button type="button" class="small danger" data-kick="${i}" data-testid="kick-${i}">${esc(t("kick"))}</button>` : ""}
      </li>`).join("")}
    </ol>
    ${canJoin ? `<form id="join-form" class="row" autocomplete="off">
        <label>${esc(t("nickname"))}<input name="nickname" required maxlength="24" data-testid="join-nickname" value="${esc(localStorage.getItem(NICK_KEY) || "")}"></label>
        <button type="submit" class="primary" data-testid="join-submit">${esc(t("join"))}</button></form>` : ""}
    ${!token ? `<p class="muted">${esc(t("spectator_note"))}</p>` : ""}
    ${room.seed_hash ? `<p class="muted small seed-hash" data-testid="seed-hash">${esc(t("seed_hash", { hash: room.seed_hash }))}</p>` : ""}
    ${host && status === "open" && seats.some((x) => !x || x.taken === false) ? `<p class="muted small">${esc(t("free_seats_note"))}</p>` : ""}
    ${host && status === "open" ? `<button type="button" class="primary big" id="start-game" data-testid="start-game">${esc(t("start_game"))}</button>` : ""}
    <p><a href="#/" data-testid="back-to-lobby">${esc(t("back_to_lobby"))}</a></p>
  </section>`;
  $("#copy-invite")?.addEventListener("click", () => { navigator.clipboard?.writeText(link).then(() => toast(t("copied"), "ok"), () => {}); });
  bindSeatLink(app(), seatLinkContext());
  $("#join-form")?.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const nickname = ev.target.nickname.value.trim();
    localStorage.setItem(NICK_KEY, nickname);
    try {
      const res = await api(`/api/rooms/${S.roomId}/join`, { method: "POST", body: { nickname } });
      localStorage.setItem(TOKEN_KEY(S.roomId), res.token);
      localStorage.setItem(SEAT_KEY(S.roomId), String(res.seat));
      if (S.ws) { S.ws.onclose = null; S.ws.close(); }
      S.room = await api(`/api/rooms/${S.roomId}`);
      connect();
      render();
    } catch (e) { toast(t("error_join", { message: e.message })); }
  });
  $("#start-game")?.addEventListener("click", async () => {
    try { S.room = await api(`/api/rooms/${S.roomId}/start`, { method: "POST", host }); render(); if (!S.ws) connect(); }
    catch (e) { toast(t("error_start", { message: e.message })); }
  });
  for (const b of document.querySelectorAll("[data-kick]")) {
    b.addEventListener("click", async () => {
      try { S.room = await api(`/api/rooms/${S.roomId}/kick`, { method: "POST", host, body: { seat: Number(b.dataset.kick) } }); render(); }
      catch (e) { toast(e.message); }
    });
  }
}

function renderPrompt() {
  const box = document.getElementById("prompt-box");
  const view = S.state.view;
  const over = S.over || (view.outcome ? { outcome: view.outcome } : null);
  let html = "";
  if (over) {
    const oc = over.outcome || {};
    const ranking = oc.ranking || [];
    html = `<div class="over" data-testid="game-over"><h2>${esc(t("game_over"))}</h2>
      ${oc.winner !== null && oc.winner !== undefined ? `<p class="winner" data-testid="winner">${esc(t("winner_is", { player: playerName(oc.winner) }))}</p>` : ""}
      <ol class="ranking" data-testid="ranking">${ranking.map((s) => `<li><span class="dot" style="background:${playerColour(s)}"></span>${esc(playerName(s))} <span class="muted">${esc(money(oc.net_worth?.[s] ?? view.players[s].net_worth))}</span></li>`).join("")}</ol>
      ${over.seed !== undefined ? `<p class="muted small">${esc(t("seed_revealed", { seed: over.seed }))}<br><span data-testid="seed-check"></span></p>` : ""}
      <p><a class="button primary" href="/api/rooms/${esc(S.roomId)}/sheet?lang=${S.lang}" target="_blank" data-testid="score-sheet-link">${esc(t("score_sheet"))}</a>
      <a class="button" href="/api/rooms/${esc(S.roomId)}/record" target="_blank" data-testid="record-link">${esc(t("record"))}</a>
      <a class="button" href="#/replay/${esc(S.roomId)}" data-testid="replay-link">${esc(t("replay"))}</a>
      <a class="button" href="#/" data-testid="back-to-lobby">${esc(t("back_to_lobby"))}</a></p>
      ${S.state.game !== "deal" ? `<div id="postgame" data-testid="postgame"></div>` : ""}</div>`;
  } else {
    const mine = S.prompt;
    const waiting = waitingFor(view);
    document.title = mine ? `● ${t("title")}` : t("title"); // a sign in the tab when the game waits for you
    html = mine
      ? `<p class="prompt mine" data-testid="prompt">${esc(mine)}</p>`
      : `<p class="prompt" data-testid="prompt">${esc(S.seat === null ? t("spectating") : "")}${esc(waiting)}</p>`;
    if (S.clock && S.clock.deadline) html += `<p class="clock" data-testid="clock" data-deadline="${S.clock.deadline}"></p>`;
  }
  box.innerHTML = html;
  tickClock();
  if (over && over.seed !== undefined) checkSeed(over.seed);
  if (over && S.state.game !== "deal") renderPostgame(document.getElementById("postgame"), { roomId: S.roomId, t, money, playerName, playerColour, lang: S.lang });
}

/** Fair dice: the revealed seed against the hash published at the start,
 * sha256("monopoly-seed:" + seed), checked here in the browser. */
async function checkSeed(seed) {
  const el = document.querySelector("[data-testid=seed-check]");
  const published = S.seedHash || S.room?.seed_hash;
  if (!el || !published || !globalThis.crypto?.subtle) return;
  const bytes = new TextEncoder().encode(`monopoly-seed:${seed}`);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  el.textContent = hex === published ? t(S.state?.game === "deal" ? "seed_ok_deal" : "seed_ok") : t("seed_bad");
  el.className = hex === published ? "ok-text" : "bad-text";
  el.dataset.match = String(hex === published);
}

function waitingFor(view) {
  if (view.pending === null || view.pending === undefined) return "";
  if (view.auction?.sealed) return t("waiting_sealed");
  return t("waiting_for", { player: playerName(view.pending) });
}

function tickClock() {
  const el = document.querySelector("[data-deadline]");
  if (!el) return;
  const left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
  el.textContent = S.clock.seat === S.seat ? t("clock_left_you", { seconds: left }) : t("clock_left", { player: playerName(S.clock.seat), seconds: left });
  el.classList.toggle("urgent", left <= 10);
}
setInterval(tickClock, 1000);

// ------------------------------------------------------------------ players and log

export function renderPlayers() {
  const box = document.getElementById("players");
  const view = S.state.view;
  const seats = view.order || view.players.map((p) => p.seat);
  box.onclick = (ev) => {
    const b = ev.target.closest("[data-kick-playing]");
    if (b) kickPlaying(Number(b.dataset.kickPlaying));
  };
  box.innerHTML = seats.map((s) => {
    const p = view.players[s];
    const props = myProperties(s);
    const roomSeat = S.room?.seats?.[s];
    const bot = roomSeat?.bot ?? roomSeat?.level;
    const flags = [];
    if (s === S.seat) flags.push(`<span class="badge you">${esc(t("you"))}</span>`);
    if (p.in_jail) flags.push(`<span class="badge warn">${esc(t("in_jail"))}</span>`);
    if (p.bankrupt) flags.push(`<span class="badge bad">${esc(t("bankrupt"))}</span>`);
    if (roomSeat && roomSeat.connected === false && !bot) flags.push(`<span class="badge muted">${esc(t("offline"))}</span>`);
    const cards = (p.jail_cards || []).map((d) => `<span class="badge card-badge" title="${esc(deckName(d))}">${esc(t("jail_card_from", { deck: deckName(d) }))}</span>`).join("");
    const debt = (view.debts || []).find((d) => d.debtor === s);
    const host = localStorage.getItem(HOST_KEY(S.roomId));
    // during play the host removes only a player who is not connected (the server checks it too)
    const kick = host && !bot && roomSeat?.taken !== false && roomSeat?.connected === false && s !== S.seat && !p.bankrupt && !view.outcome
      ? `<button type="button" class="small kick" data-kick-playing="${s}" data-testid="kick-${s}">${esc(t("kick"))}</button>` : "";
    return `<div class="player card ${s === view.turn_player ? "on-turn" : ""} ${p.bankrupt ? "out" : ""} ${s === view.pending ? "pending" : ""}" data-testid="player-${s}">
      <div class="player-head">${tokenHtml(s)}
        <span class="player-name">${esc(playerName(s))}</span>${flags.join("")}
        <span class="cash" data-testid="cash-${s}">${esc(money(p.cash))}</span></div>
      <div class="player-props">${deedsByGroup(s).map(({ group, squares, complete }) => `<span class="prop-group${complete ? " complete" : ""}" title="${esc(groupName(group))}${complete ? ` · ${esc(t("group_complete"))}` : ""}" data-testid="player-${s}-group-${esc(group)}">${squares.map((sq) => {
        const level = view.level[sq];
        return `<span class="prop ${view.mortgaged[sq] ? "mortgaged" : ""}" style="--c:${groupColour(group) || "#bbb"}" title="${esc(squareName(sq))}${view.mortgaged[sq] ? ` (${esc(t("mortgaged"))})` : ""}" data-sq-chip="${sq}">${esc(shortName(squareName(sq)))}${level ? `<sup>${level >= hotelLevel() ? esc(t("hotel_mark")) : level}</sup>` : ""}</span>`;
      }).join("")}${complete ? `<span class="group-done" aria-label="${esc(t("group_complete"))}">✓</span>` : ""}</span>`).join("")}${cards}</div>
      <div class="player-foot muted small">${p.bankrupt ? "" : `${esc(t("on_square", { square: squareName(p.position) }))} · `}${esc(t("net_worth", { amount: money(p.net_worth) }))}${loans(view, s)}${debt ? ` · <span class="bad-text">${esc(t("owes", { amount: money(debt.amount) }))}</span>` : ""}${kick}</div>
    </div>`;
  }).join("");
  // money that changed counts to its new amount (this seat hears it)
  const shown = S.shownCash;
  S.shownCash = view.players.map((p) => p.cash);
  if (shown && shown.length === S.shownCash.length && !S.replay) { // a replay jumps: no counting
    S.shownCash.forEach((cash, s) => {
      if (cash === shown[s]) return;
      countMoney(box.querySelector(`[data-testid=cash-${s}]`), shown[s], cash, money);
      if (s === S.seat) play(cash > shown[s] ? "money_in" : "money_out");
    });
  }
}

/** Loans between players (docs/rules.md §9 house rule) that `seat` owes. */
export function loans(view, seat) {
  return (view.loans || []).filter(([borrower]) => borrower === seat)
    .map(([, lender, amount]) => ` · <span class="bad-text">${esc(t("loan_owed", { amount: money(amount), player: playerName(lender) }))}</span>`).join("");
}

async function kickPlaying(seat) {
  if (!confirm(t("confirm_kick", { player: playerName(seat) }))) return;
  try {
    S.room = await api(`/api/rooms/${S.roomId}/kick`, { method: "POST", host: localStorage.getItem(HOST_KEY(S.roomId)), body: { seat } });
    renderPlayers();
  } catch (e) { toast(e.message); }
}

function shortName(name) {
  const plain = name.replace(/\(.*\)/, "").trim();
  return plain.length > 14 ? `${plain.slice(0, 13).trim()}…` : plain;
}

export function renderLog() {
  const ol = document.getElementById("log");
  if (!ol) return;
  const heading = document.querySelector("#log-box h3");
  if (heading) heading.textContent = t("log");
  const items = S.log.slice(-120);
  ol.innerHTML = items.map((e) => `<li style="--c:${e.seat >= 0 ? playerColour(e.seat) : "#999"}">${esc(e.text)}</li>`).join("") || `<li class="muted">${esc(t("log_empty"))}</li>`;
  ol.scrollTop = ol.scrollHeight;
  const centre = document.getElementById("center-log");
  if (centre) centre.innerHTML = S.log.slice(-3).map((e) => `<li style="--c:${e.seat >= 0 ? playerColour(e.seat) : "#999"}">${esc(e.text)}</li>`).join("");
}

// ------------------------------------------------------------------ start

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-lang]");
  if (b) setLang(b.dataset.lang);
  if (ev.target.closest("[data-help]")) openHelp(helpContext());
});
document.addEventListener("keydown", (ev) => { if (isHelpKey(ev)) { ev.preventDefault(); openHelp(helpContext()); } });
window.addEventListener("hashchange", route);

// A tooltip on every control: a button or link without its own title gets its words (or
// its label for a screen reader) as one, whenever the page draws it.
function tooltips(root) {
  for (const el of root.querySelectorAll("button:not([title]), a.button:not([title]), select:not([title])")) {
    const text = (el.getAttribute("aria-label") || (el.tagName === "SELECT" ? el.closest("label")?.firstChild?.textContent : el.textContent) || "").replace(/\s+/g, " ").trim();
    if (text) el.title = text;
  }
}
new MutationObserver(() => tooltips(document.getElementById("app"))).observe(document.getElementById("app"), { childList: true, subtree: true });

(async function main() {
  await Promise.all([loadTexts(), loadMeta()]);
  await route();
})();

// Read-only access for tests and curious players (the console): the last state and seat.
window.monopolyClient = Object.freeze({
  get state() { return S.state; },
  get seat() { return S.seat; },
  get room() { return S.room; },
  get replay() { return S.replay && { room: S.replay.id, step: S.replay.step, steps: S.replay.data.steps.length }; },
});
