// The browser client of `monopoly serve` (docs/protocol.md). Plain ES module, no build step.
//
// The server is the only authority: the page shows the `legal` entries it receives and
// sends their canonical text forms back; it never decides what is legal. Every text the
// page itself shows comes from GET /api/ui (gettext catalogs, monopoly.web.ui_text) by key;
// square names from GET /api/board; prompts, labels and events are narrated by the server.

import { loadDeck, renderDeal, renderDealReplay } from "./deal.js";

const LANGS = ["en", "cs", "ru"];
const TOKEN_KEY = (room) => `monopoly.token.${room}`;
const HOST_KEY = (room) => `monopoly.host.${room}`;
const SEAT_KEY = (room) => `monopoly.seat.${room}`;
const LOG_KEY = (room) => `monopoly.log.${room}`; // this tab's event log, kept over a reload
const LANG_KEY = "monopoly.lang";
const NICK_KEY = "monopoly.nickname";
const PLAYER_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#d81b60"];
const GROUP_COLOURS = {
  brown: "#8b4a2b", light_blue: "#9fd8f5", pink: "#d6399b", orange: "#f39021",
  red: "#e02424", yellow: "#f5e02a", green: "#1f9d55", dark_blue: "#1e4fa8",
  railroad: "#333", utility: "#9aa3ab",
};
const MAX_LOG = 300;

const S = {
  lang: localStorage.getItem(LANG_KEY) || (LANGS.includes(navigator.language?.slice(0, 2)) ? navigator.language.slice(0, 2) : "en"),
  ui: {},
  meta: null,
  board: null, // {edition, lang, squares: [...], currency}
  deck: null, // Monopoly Deal rooms: the cards and colours (GET /api/deal/deck)
  dealCard: null, // Monopoly Deal: the card chosen in the hand
  route: { name: "lobby" },
  roomId: null,
  room: null,
  ws: null,
  wsOpen: false,
  wsRetry: 0,
  seat: null,
  seedHash: null,
  state: null,
  legal: [],
  prompt: null,
  clock: null,
  log: [],
  over: null,
  shownPos: [],
  targetPos: [],
  moving: null,
  busy: false,
  nextId: 1,
  tool: null, // "trade" | "build" | "mortgage" | "raise" | "loans" | null
  trade: null, // trade builder draft
  selected: null, // selected square
  roomPoll: null,
  lobbyPoll: null,
  replay: null, // the replay viewer: {id, lang, data, views, logEnds, log, step}
};

// ------------------------------------------------------------------ helpers

const $ = (sel, root = document) => root.querySelector(sel);
const app = () => document.getElementById("app");

function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** A text of the page in the current language: `t("high_bid", {amount: "$10", player: "Ann"})`. */
function t(key, params) {
  let text = S.ui[key];
  if (text === undefined) text = key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return text;
}

function money(amount) {
  const cur = S.currency || S.board?.currency || "$";
  const n = Math.abs(amount);
  const locale = { en: "en-US", cs: "cs-CZ", ru: "ru-RU" }[S.lang] || "en-US";
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  const sign = amount < 0 ? "-" : "";
  return S.lang === "en" ? `${sign}${cur}${digits}` : `${sign}${digits}\u00a0${cur}`;
}

function squareInfo(i) {
  return S.board?.squares?.[i] || { index: i, name: String(i), kind: "" };
}
function squareName(i) {
  const sq = squareInfo(i);
  return sq.name ?? sq.names?.[S.lang] ?? sq.names?.en ?? String(i);
}
function groupColour(group) {
  if (!group) return null;
  return GROUP_COLOURS[group] || `hsl(${[...group].reduce((a, c) => a + c.charCodeAt(0), 0) % 360} 60% 50%)`;
}
function playerName(seat) {
  const p = S.state?.view?.players?.[seat];
  return p?.name ?? S.room?.seats?.[seat]?.nickname ?? `#${seat + 1}`;
}
function playerColour(seat) { return PLAYER_COLOURS[seat % PLAYER_COLOURS.length]; }

function api(path, { method = "GET", body, host } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (host) headers.Authorization = `Bearer ${host}`;
  // errors come back in the page's language
  const url = path.includes("lang=") ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${S.lang}`;
  return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    .then(async (res) => {
      let data = null;
      const type = res.headers.get("content-type") || "";
      if (type.includes("json")) data = await res.json();
      if (!res.ok) {
        const msg = data?.error?.message || data?.detail || `${res.status}`;
        const err = new Error(typeof msg === "string" ? msg : JSON.stringify(msg));
        err.code = data?.error?.code;
        err.status = res.status;
        throw err;
      }
      return data;
    });
}

let toastTimer = null;
function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

/** An entry's verb and whether it is a template (an open-parameter action). */
function kindOf(entry) {
  return entry.kind || entry.text.split(" ")[0];
}
function isTemplate(entry) {
  if (entry.template !== undefined) return Boolean(entry.template);
  const text = entry.text;
  return text.includes("..") || text.includes("to=") || text === "raise ..." || text.endsWith(" ...");
}
function rangeOf(entry) {
  if (entry.low !== undefined && entry.high !== undefined) return [entry.low, entry.high];
  const m = entry.text.match(/(\d+)\.\.(\d+)/);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}
function squareOf(entry) {
  if (entry.square !== undefined) return entry.square;
  const m = entry.text.match(/^\w[\w-]* (\d+)$/);
  return m ? Number(m[1]) : null;
}
function partnersOf(entry) {
  if (entry.partners) return entry.partners;
  const m = entry.text.match(/to=([\d,]+)/);
  return m ? m[1].split(",").map(Number) : [];
}
function labelOf(entry) { return entry.label || entry.text; }
function testId(text) { return text.replace(/[^a-z0-9]+/gi, "-").replace(/-+$/, ""); }

/** One side of a trade (canonical text, e.g. "$100,1,card:chance") in words. */
function bundleWords(text) {
  if (!text || text === "-") return t("nothing");
  return text.split(",").map((item) => {
    if (item.startsWith("$")) return money(Number(item.slice(1)));
    if (item.startsWith("card:")) return t("jail_card_from", { deck: deckName(item.slice(5)) });
    if (item.startsWith("iou:")) return t("iou", { amount: money(Number(item.slice(4))) });
    return squareName(Number(item));
  }).join(", ");
}
function deckName(key) {
  return S.board?.decks?.[key] ?? t(`deck_${key}`);
}

// ------------------------------------------------------------------ texts and data

async function loadTexts() {
  try {
    S.ui = await api(`/api/ui?lang=${S.lang}`);
    if (S.ui && S.ui.texts) S.ui = S.ui.texts;
  } catch (e) {
    S.ui = S.ui || {};
  }
  document.documentElement.lang = S.lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-ui]")) el.textContent = t(el.dataset.ui);
  for (const b of document.querySelectorAll("[data-lang]")) b.classList.toggle("active", b.dataset.lang === S.lang);
}

async function loadBoard(edition) {
  if (!edition) return;
  if (S.board && S.board.edition === edition && S.board.lang === S.lang) return;
  const data = await api(`/api/board?edition=${encodeURIComponent(edition)}&lang=${S.lang}`);
  const squares = (Array.isArray(data) ? data : data.squares || []).map((sq, i) => ({ index: i, ...sq }));
  S.board = { ...(Array.isArray(data) ? {} : data), squares, edition, lang: S.lang };
}

async function loadMeta() {
  try { S.meta = await api(`/api/meta?lang=${S.lang}`); } catch (e) { S.meta = S.meta || {}; }
}

async function setLang(lang) {
  if (!LANGS.includes(lang)) return;
  S.lang = lang;
  localStorage.setItem(LANG_KEY, lang);
  const edition = S.board?.edition;
  S.board = null;
  const deck = S.deck;
  S.deck = null;
  await Promise.all([loadTexts(), loadMeta(), edition ? loadBoard(edition).catch(() => {}) : null,
    deck ? loadDeck(S, api).catch(() => {}) : null]);
  if (S.ws && S.wsOpen) S.ws.send(JSON.stringify({ type: "lang", lang }));
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
      if (name === "game") el.dispatchEvent(new Event("change"));
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

async function route() {
  const r = parseRoute();
  if (r.name !== "room" || r.room !== S.roomId) leaveRoom();
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
  Object.assign(S, { ws: null, wsOpen: false, roomId: null, room: null, currency: null, seat: null, state: null, legal: [], prompt: null, log: [], over: null, shownPos: [], targetPos: [], moving: null, tool: null, trade: null, busy: false });
  setConn(null);
}

// ------------------------------------------------------------------ lobby

function optionList(list, prefix = "") {
  // meta lists are ["a", "b"] or [{key, name}]; give [{key, name}]
  if (!list) return [];
  if (!Array.isArray(list)) return Object.entries(list).map(([key, v]) => ({ key, name: typeof v === "string" ? v : v.name || key, ...(typeof v === "object" ? v : {}) }));
  return list.map((v) => (typeof v === "string" ? { key: v, name: v } : { ...v, key: v.key ?? v.id ?? v.name, name: v.title ?? v.name ?? v.key }))
    .map((o) => ({ ...o, name: (prefix && S.ui[prefix + o.key]) || o.name }));
}

function metaOptions() {
  const raw = S.meta?.options;
  if (!raw) return [];
  if (Array.isArray(raw)) return raw.map((o) => ({ ...o, key: o.key ?? o.name }));
  return Object.entries(raw).map(([key, o]) => ({ key, ...o }));
}

function renderLobby() {
  const presets = optionList(S.meta?.presets, "preset_");
  const editions = optionList(S.meta?.editions);
  const levels = optionList(S.meta?.bot_levels || S.meta?.levels || ["easy", "medium", "hard"]);
  const nick = localStorage.getItem(NICK_KEY) || "";
  const opt = (list, sel) => list.map((o) => `<option value="${esc(o.key)}" ${o.key === sel ? "selected" : ""}>${esc(o.name)}</option>`).join("");
  const advanced = metaOptions().map((o) => optionField(o)).join("");
  app().innerHTML = `
  <div class="lobby">
    <section class="card create" data-testid="create-room">
      <h2>${esc(t("create_room"))}</h2>
      <form id="create-form" autocomplete="off">
        <label>${esc(t("nickname"))}<input name="nickname" data-testid="create-nickname" maxlength="24" required value="${esc(nick)}" placeholder="${esc(t("nickname_placeholder"))}"></label>
        <label>${esc(t("game"))}<select name="game" data-testid="create-game"><option value="board">${esc(t("game_board"))}</option><option value="deal">${esc(t("game_deal"))}</option></select></label>
        <div class="row">
          <label>${esc(t("preset"))}<select name="preset" data-testid="create-preset">${opt(presets.length ? presets : [{ key: "classic", name: "classic" }], "classic")}</select></label>
          <label>${esc(t("edition"))}<select name="edition" data-testid="create-edition">${opt(editions.length ? editions : [{ key: "standard", name: "standard" }], "standard")}</select></label>
        </div>
        <div class="row">
          <label>${esc(t("seats"))}<input type="number" name="seats" data-testid="create-seats" min="2" max="8" value="4"></label>
          <label>${esc(t("turn_clock"))}<select name="clock" data-testid="create-clock">
            <option value="">${esc(t("clock_off"))}</option>
            ${[30, 60, 120, 300].map((s) => `<option value="${s}">${esc(t("seconds", { n: s }))}</option>`).join("")}
          </select></label>
          <label>${esc(t("timeout_policy"))}<select name="timeout_policy" data-testid="create-timeout-policy">
            <option value="bot">${esc(t("timeout_bot"))}</option><option value="forfeit">${esc(t("timeout_forfeit"))}</option>
          </select></label>
        </div>
        <fieldset class="seats-fieldset"><legend>${esc(t("seat_players"))}</legend><div id="seat-rows" data-testid="seat-rows"></div></fieldset>
        <details class="advanced"><summary>${esc(t("rule_options"))}</summary>
          <div class="row"><label>${esc(t("turn_limit"))}<input type="number" name="turn_limit" data-testid="create-turn-limit" min="1" placeholder="—"></label></div>
          <div class="options-grid">${advanced}</div>
        </details>
        <button type="submit" class="primary" data-testid="create-submit">${esc(t("create"))}</button>
      </form>
    </section>
    <section class="card rooms">
      <h2>${esc(t("open_rooms"))}</h2><ul id="rooms-open" class="room-list" data-testid="rooms-open"><li class="muted loading">…</li></ul>
      <h2>${esc(t("playing_rooms"))}</h2><ul id="rooms-playing" class="room-list" data-testid="rooms-playing"><li class="muted loading">…</li></ul>
      <h2>${esc(t("finished_rooms"))}</h2><ul id="rooms-finished" class="room-list" data-testid="rooms-finished"><li class="muted loading">…</li></ul>
    </section>
  </div>`;
  const form = $("#create-form");
  const seatRows = () => {
    const n = Math.max(2, Math.min(Number(form.seats.max) || 8, Number(form.seats.value) || 4));
    const prev = [...form.querySelectorAll("[data-seat-kind]")].map((s) => s.value);
    $("#seat-rows").innerHTML = Array.from({ length: n }, (_, i) => {
      const value = prev[i] ?? (i === 0 ? "you" : i === 1 ? "human" : "medium");
      const choices = i === 0 ? [["you", t("seat_you")]] : [["human", t("seat_human")], ...levels.map((l) => [l.key, t("bot_level", { level: t(`level_${l.key}`) })])];
      return `<label class="seat-row"><span class="dot" style="background:${playerColour(i)}"></span>${esc(t("seat_n", { n: i + 1 }))}
        <select data-seat-kind="${i}" data-testid="seat-kind-${i}">${choices.map(([k, name]) => `<option value="${esc(k)}" ${k === value ? "selected" : ""}>${esc(name)}</option>`).join("")}</select></label>`;
    }).join("");
  };
  // Monopoly Deal: its presets, 2-5 seats, no board and none of the board's rule options
  const applyGame = () => {
    const deal = form.game.value === "deal";
    const list = deal ? optionList(S.meta?.deal?.presets, "deal_preset_") : presets;
    const keep = list.some((p) => p.key === form.preset.value) ? form.preset.value : (deal ? "official" : "classic");
    form.preset.innerHTML = opt(list.length ? list : [{ key: keep, name: keep }], keep);
    form.edition.closest("label").hidden = deal;
    $(".advanced").hidden = deal;
    form.seats.max = deal ? 5 : 8;
    if (Number(form.seats.value) > Number(form.seats.max)) form.seats.value = form.seats.max;
    seatRows();
    if (!deal) presetDefaults(form);
  };
  seatRows();
  form.seats.addEventListener("input", seatRows);
  presetDefaults(form);
  form.game.addEventListener("change", applyGame);
  form.preset.addEventListener("change", () => { if (form.game.value !== "deal") presetDefaults(form); });
  form.addEventListener("submit", (ev) => { ev.preventDefault(); createRoom(form); });
}

/** Show the chosen preset's values as the options' defaults (only changes are sent). */
function presetDefaults(form) {
  const preset = optionList(S.meta?.presets).find((p) => p.key === form.preset.value);
  const values = preset?.options || {};
  for (const o of metaOptions()) {
    const el = form.elements[`opt:${o.key}`];
    if (!el) continue;
    const def = o.key in values ? values[o.key] : o.default;
    if (el.type === "checkbox") { el.dataset.default = def ? "1" : ""; el.checked = Boolean(def); }
    else if (el.tagName === "SELECT") { el.dataset.default = def; el.value = def; }
    else { el.placeholder = def === null || def === undefined ? "—" : def; el.value = ""; }
  }
}

function optionField(o) {
  const key = o.key;
  if (["turn_limit", "turn_clock_seconds"].includes(key)) return "";
  const name = `opt:${key}`;
  const title = S.ui[`option_${key}`] || o.label || key.replace(/_/g, " ");
  const def = o.default;
  const tid = `option-${key}`;
  if (o.choices) {
    return `<label>${esc(title)}<select name="${esc(name)}" data-testid="${tid}" data-default="${esc(def)}">${o.choices.map((c) => `<option value="${esc(c)}" ${c === def ? "selected" : ""}>${esc(S.ui[`choice_${c}`] || c)}</option>`).join("")}</select></label>`;
  }
  if (o.type === "bool" || typeof def === "boolean") {
    return `<label class="check"><input type="checkbox" name="${esc(name)}" data-testid="${tid}" data-default="${def ? "1" : ""}" ${def ? "checked" : ""}>${esc(title)}</label>`;
  }
  const min = o.low ?? o.min ?? "";
  const max = o.high ?? o.max ?? "";
  return `<label>${esc(title)}<input type="number" name="${esc(name)}" data-testid="${tid}" min="${esc(min)}" max="${esc(max)}" placeholder="${def === null || def === undefined ? "—" : esc(def)}"></label>`;
}

async function createRoom(form) {
  const nickname = form.nickname.value.trim();
  localStorage.setItem(NICK_KEY, nickname);
  const deal = form.game.value === "deal";
  const seats = Math.max(2, Math.min(deal ? 5 : 8, Number(form.seats.value) || 4));
  const bots = {};
  for (const sel of form.querySelectorAll("[data-seat-kind]")) {
    const i = Number(sel.dataset.seatKind);
    if (i < seats && !["you", "human"].includes(sel.value)) bots[String(i)] = sel.value;
  }
  const options = {};
  if (!deal && form.turn_limit.value) { options.turn_limit = Number(form.turn_limit.value); options.end = "turn_limit"; }
  for (const el of deal ? [] : form.querySelectorAll("[name^='opt:']")) {
    const key = el.name.slice(4);
    if (el.type === "checkbox") { if (el.checked !== Boolean(el.dataset.default)) options[key] = el.checked; }
    else if (el.tagName === "SELECT") { if (el.value !== el.dataset.default) options[key] = el.value; }
    else if (el.value !== "") options[key] = Number(el.value);
  }
  const body = {
    game: form.game.value, preset: form.preset.value, edition: deal ? "standard" : form.edition.value, options, seats, bots, nickname,
    clock: form.clock.value ? Number(form.clock.value) : null, timeout_policy: form.timeout_policy.value,
  };
  try {
    const res = await api("/api/rooms", { method: "POST", body });
    localStorage.setItem(TOKEN_KEY(res.room), res.token);
    localStorage.setItem(SEAT_KEY(res.room), String(res.seat));
    if (res.host_token) localStorage.setItem(HOST_KEY(res.room), res.host_token);
    location.hash = `#/room/${res.room}`;
  } catch (e) { toast(t("error_create", { message: e.message })); }
}

async function loadRoomLists() {
  for (const status of ["open", "playing", "finished"]) {
    const ul = document.getElementById(`rooms-${status}`);
    if (!ul) continue;
    let rooms = [];
    try {
      const data = await api(`/api/rooms?status=${status}`);
      rooms = Array.isArray(data) ? data : data.rooms || [];
    } catch (e) { ul.innerHTML = `<li class="muted">${esc(t("error_load"))}</li>`; continue; }
    if (!document.getElementById(`rooms-${status}`)) return;
    ul.innerHTML = rooms.length ? rooms.slice(0, 30).map((r) => roomItem(r, status)).join("") : `<li class="muted">${esc(t("no_rooms"))}</li>`;
  }
}

function roomId(r) { return r.id ?? r.room; }
function editionName(key) {
  return optionList(S.meta?.editions).find((e) => e.key === key)?.name ?? key ?? "";
}
function seatLabel(s) {
  if (!s || s.taken === false) return t("seat_free");
  const bot = s.bot ?? s.level;
  if (bot) return t("bot_level", { level: t(`level_${bot}`) });
  return s.nickname ?? s.name ?? t("seat_free");
}

/** A room's rules and board in words: "Short game · Standard", "Official rules · Monopoly Deal". */
function roomTitle(r) {
  if (r.game === "deal") return `${t(`deal_preset_${r.preset}`)} · ${t("game_deal")}`;
  return `${t(`preset_${r.preset}`)} · ${editionName(r.edition)}`;
}

function roomItem(r, status) {
  const id = roomId(r);
  const seats = (r.seats || []).map(seatLabel).join(", ");
  const links = status === "finished" && r.game === "deal"
    ? `<a href="#/replay/${esc(id)}" data-testid="replay-link-${esc(id)}">${esc(t("replay"))}</a>
       <a href="/api/rooms/${esc(id)}/record" target="_blank" data-testid="record-link-${esc(id)}">${esc(t("record"))}</a>`
    : status === "finished"
    ? `<a href="#/replay/${esc(id)}" data-testid="replay-link-${esc(id)}">${esc(t("replay"))}</a>
       <a href="/api/rooms/${esc(id)}/sheet?lang=${S.lang}" target="_blank" data-testid="sheet-link-${esc(id)}">${esc(t("score_sheet"))}</a>
       <a href="/api/rooms/${esc(id)}/record" target="_blank" data-testid="record-link-${esc(id)}">${esc(t("record"))}</a>`
    : `<a href="#/room/${esc(id)}" data-testid="room-link-${esc(id)}">${esc(status === "open" ? t("join") : t("watch"))}</a>`;
  return `<li><span class="room-meta"><b>${esc(roomTitle(r))}</b></span><span class="room-seats">${esc(seats)}</span><span class="room-links">${links}</span></li>`;
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

function setConn(state) {
  const el = document.querySelector(".conn");
  if (!el) return;
  el.hidden = !state;
  el.className = `conn ${state || ""}`;
  el.textContent = state ? t(`conn_${state}`) : "";
}

function send(action) {
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
      render();
      break;
    case "state": onState(msg); break;
    case "events":
      for (const text of msg.texts || []) S.log.push({ seq: msg.seq, seat: msg.seat, text });
      if (S.log.length > MAX_LOG) S.log.splice(0, S.log.length - MAX_LOG);
      try { sessionStorage.setItem(LOG_KEY(S.roomId), JSON.stringify(S.log.slice(-150))); } catch (e) { /* full */ }
      renderLog();
      break;
    case "ack": S.busy = false; renderControls(); break;
    case "error":
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
    default: break;
  }
}

function onState(msg) {
  const first = !S.state;
  const prevView = S.state?.view;
  S.state = msg;
  S.legal = msg.legal || [];
  S.prompt = msg.prompt ?? null;
  S.clock = msg.clock ?? null;
  S.busy = false;
  if (msg.game === "deal") { if (!S.deck) loadDeck(S, api).then(render).catch(() => {}); }
  else if (msg.board?.edition && msg.board.edition !== S.board?.edition) loadBoard(msg.board.edition).then(render).catch(() => {});
  if (msg.board?.currency) S.currency = msg.board.currency; // a tournament's "M"
  if (S.room && S.room.status === "open") S.room.status = "playing";
  const view = msg.view;
  if (view?.outcome && !S.over) S.over = { outcome: view.outcome };
  // keep the trade builder's draft while its template is still legal
  if (S.tool === "trade" && !S.legal.some((e) => ["propose", "counter"].includes(kindOf(e)) && isTemplate(e))) { S.tool = null; S.trade = null; }
  if (msg.game !== "deal") moveTokens(prevView, view, first);
  render();
}

// ------------------------------------------------------------------ token movement

function moveTokens(prev, view, first) {
  if (!view) return;
  const target = view.players.map((p) => p.position);
  if (first || !prev || S.shownPos.length !== target.length) {
    S.shownPos = target.slice();
    S.targetPos = target.slice();
    return;
  }
  target.forEach((to, i) => { // sent to jail: straight there, not round the board
    if (view.players[i].in_jail && !prev.players[i]?.in_jail) S.shownPos[i] = to;
  });
  S.targetPos = target;
  if (!S.moving) S.moving = setInterval(stepTokens, 90);
}

/** One step of every token towards its square: forward, or back for "go back 3 spaces";
 * a long way goes faster, so that no move takes much more than a second. */
function stepTokens() {
  let left = false;
  S.targetPos.forEach((to, i) => {
    const from = S.shownPos[i];
    if (from === to) return;
    const fwd = (to - from + 40) % 40;
    S.shownPos[i] = 40 - fwd <= 3 ? (from + 39) % 40 : (from + Math.ceil(fwd / 12)) % 40;
    if (S.shownPos[i] !== to) left = true;
  });
  renderTokens();
  if (!left) { clearInterval(S.moving); S.moving = null; }
}

// ------------------------------------------------------------------ rendering the room

/** What the Deal's page (deal.js) uses of this module. */
function dealContext() {
  return { S, t, esc, send, toast, playerName, playerColour, renderLog, tickClock, checkSeed };
}

function render() {
  if (S.route.name !== "room") return;
  if (!S.state || !S.state.view) { renderWaiting(); return; }
  if (S.state.game === "deal") { renderDeal(dealContext()); return; }
  const root = app();
  if (!root.querySelector(".game")) {
    root.innerHTML = `
    <div class="game" data-testid="game">
      <div class="board-wrap"><div class="board" id="board" data-testid="board"></div></div>
      <aside class="panel">
        <section class="prompt-box" id="prompt-box" data-testid="prompt-box"></section>
        <section class="controls" id="controls" data-testid="controls"></section>
        <section class="tool" id="tool" data-testid="tool"></section>
        <section class="players" id="players" data-testid="players"></section>
        <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log"></ol></section>
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
  root.querySelector("#log-box h3").textContent = t("log");
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
    <p>${esc(t(status === "open" ? "waiting_for_start" : "connecting_game"))}</p>
    <div class="invite"><label>${esc(t("invite_link"))}<input readonly value="${esc(link)}" data-testid="invite-link"></label>
      <button type="button" data-testid="copy-invite" id="copy-invite">${esc(t("copy"))}</button></div>
    <ol class="seat-list" data-testid="seat-list">
      ${seats.map((s, i) => `<li data-testid="seat-${i}"><span class="dot" style="background:${playerColour(i)}"></span>
        <span class="seat-name">${esc(seatLabel(s))}${i === mySeat ? ` <em>(${esc(t("you"))})</em>` : ""}</span>
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

// grid cell of square i on an 11 x 11 board (GO bottom right, play runs clockwise... as printed)
function cellOf(i) {
  if (i <= 10) return [11, 11 - i, "bottom"];
  if (i < 20) return [11 - (i - 10), 1, "left"];
  if (i <= 30) return [1, 1 + (i - 20), "top"];
  return [1 + (i - 30), 11, "right"];
}

const CORNER_ICON = { go: "➜", jail: "▦", free_parking: "P", go_to_jail: "⚑" };
const KIND_ICON = { chance: "?", community_chest: "✉", utility: "⚡" };
const TRAIN_SVG = '<svg viewBox="0 0 24 16" class="train" aria-hidden="true"><path d="M2 3h9v6h3V5h5l3 5v3H2z" fill="currentColor"/><circle cx="6" cy="14" r="2" fill="currentColor"/><circle cx="13" cy="14" r="2" fill="currentColor"/><circle cx="19" cy="14" r="2" fill="currentColor"/><rect x="4" y="1" width="3" height="3" fill="currentColor"/></svg>';

function renderBoard() {
  const board = document.getElementById("board");
  const view = S.state.view;
  if (!board.dataset.built || board.dataset.built !== `${S.board?.edition}/${S.lang}`) {
    board.dataset.built = `${S.board?.edition}/${S.lang}`;
    let html = "";
    for (let i = 0; i < 40; i++) {
      const [row, col, side] = cellOf(i);
      const sq = squareInfo(i);
      const colour = sq.kind === "street" ? groupColour(sq.group) : null;
      const corner = i % 10 === 0;
      html += `<div class="sq ${side} ${corner ? "corner" : ""} kind-${esc(sq.kind)}" style="grid-row:${row};grid-column:${col}" data-sq="${i}" data-testid="square-${i}" title="${esc(squareName(i))}">
        ${colour ? `<div class="band" style="background:${colour}"><span class="bld"></span></div>` : corner ? "" : `<div class="band blank"></div>`}
        <div class="sq-body">${corner || KIND_ICON[sq.kind] ? `<span class="icon">${esc(CORNER_ICON[sq.kind] || KIND_ICON[sq.kind] || "")}</span>` : ""}${sq.kind === "railroad" ? `<span class="icon">${TRAIN_SVG}</span>` : ""}
          <span class="name ${nameSize(squareName(i))}">${esc(squareName(i))}</span>${sq.price ? `<span class="price">${esc(money(sq.price))}</span>` : sq.tax ? `<span class="price">${esc(money(sq.tax))}</span>` : ""}</div>
        <div class="owner-mark"></div><div class="tokens"></div></div>`;
    }
    html += `<div class="center" data-testid="board-center"><div class="logo">${esc(t("title"))}</div>
      <div class="dice" id="dice" data-testid="dice"></div><div class="center-info" id="center-info"></div>
      <ol class="center-log" id="center-log" data-testid="center-log"></ol>
      <div class="square-detail" id="square-detail" data-testid="square-detail"></div></div>`;
    board.innerHTML = html;
    board.onclick = (ev) => {
      const el = ev.target.closest("[data-sq]");
      S.selected = el ? (S.selected === Number(el.dataset.sq) ? null : Number(el.dataset.sq)) : null;
      renderSquareDetail();
    };
  }
  for (let i = 0; i < 40; i++) {
    const el = board.querySelector(`[data-sq="${i}"]`);
    const owner = view.owner[i];
    const mark = el.querySelector(".owner-mark");
    mark.style.background = owner >= 0 ? playerColour(owner) : "transparent";
    mark.title = owner >= 0 ? playerName(owner) : "";
    el.classList.toggle("owned", owner >= 0);
    el.classList.toggle("mortgaged", Boolean(view.mortgaged[i]));
    el.classList.toggle("buy-square", view.buy_square === i || view.auction?.square === i);
    const bld = el.querySelector(".bld");
    if (bld) {
      const level = view.level[i];
      const hotel = level >= hotelLevel();
      bld.innerHTML = hotel ? `<i class="hotel" data-testid="hotel-${i}"></i>` : "<i class=\"house\"></i>".repeat(level);
      bld.dataset.level = level;
    }
  }
  const dice = view.dice || [0, 0];
  const faces = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
  document.getElementById("dice").innerHTML = dice[0] ? dice.map((d) => `<span class="die" data-value="${d}">${faces[d] || d}</span>`).join("") : "";
  const info = [];
  info.push(`<div>${esc(t("turn_n", { n: view.turn }))} · <b style="color:${playerColour(view.turn_player)}">${esc(playerName(view.turn_player))}</b></div>`);
  if (view.pot) info.push(`<div>${esc(t("pot", { amount: money(view.pot) }))}</div>`);
  info.push(`<div class="muted">${esc(t("bank_buildings", { houses: view.houses_left, hotels: view.hotels_left }))}</div>`);
  document.getElementById("center-info").innerHTML = info.join("");
  renderTokens();
  renderSquareDetail();
}

/** The building level of a hotel: houses_for_hotel + 1 (the room's options on top of its preset's). */
/** A smaller type for long names (some editions' squares have four-word names). */
function nameSize(name) {
  const longest = Math.max(...name.split(/\s+/).map((w) => w.length));
  if (name.length > 26 || longest > 12) return "longer";
  if (name.length > 17 || longest > 9) return "long";
  return "";
}

function hotelLevel() {
  if (S.state?.view?.hotel_level) return S.state.view.hotel_level;
  const preset = optionList(S.meta?.presets).find((p) => p.key === S.room?.preset);
  const options = { ...(preset?.options || {}), ...(S.room?.options || {}) };
  return (options.houses_for_hotel ?? 4) + 1;
}

function renderTokens() {
  const view = S.state?.view;
  const board = document.getElementById("board");
  if (!view || !board) return;
  const at = Array.from({ length: 40 }, () => []);
  view.players.forEach((p, i) => { if (!p.bankrupt) at[S.shownPos[i] ?? p.position].push(i); });
  for (let i = 0; i < 40; i++) {
    const box = board.querySelector(`[data-sq="${i}"] .tokens`);
    const html = at[i].map((s) => `<span class="token ${view.players[s].in_jail && i === 10 ? "jailed" : ""} ${s === view.turn_player ? "current" : ""}" style="background:${playerColour(s)}" data-testid="token-${s}" title="${esc(playerName(s))}">${esc((playerName(s) || "?").slice(0, 1).toUpperCase())}</span>`).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
  }
}

function renderSquareDetail() {
  const box = document.getElementById("square-detail");
  if (!box) return;
  if (S.selected === null) { box.innerHTML = ""; box.hidden = true; return; }
  const i = S.selected;
  const sq = squareInfo(i);
  const view = S.state.view;
  const owner = view.owner[i];
  const rents = sq.rents || [];
  const rentRows = sq.kind === "street" && rents.length
    ? rents.map((r, n) => `<tr><td>${esc(n === 0 ? t("rent_base") : n >= hotelLevel() ? t("rent_hotel") : t("rent_houses", { n }))}</td><td>${esc(money(r))}</td></tr>`).join("")
    : sq.kind === "railroad" && rents.length ? rents.map((r, n) => `<tr><td>${esc(t("rent_railroads", { n: n + 1 }))}</td><td>${esc(money(r))}</td></tr>`).join("") : "";
  box.hidden = false;
  box.innerHTML = `<div class="deed">
    ${sq.kind === "street" ? `<div class="deed-band" style="background:${groupColour(sq.group)}"></div>` : ""}
    <b>${esc(squareName(i))}</b>
    ${sq.price ? `<div>${esc(t("price"))}: ${esc(money(sq.price))}</div>` : ""}
    ${rentRows ? `<table>${rentRows}</table>` : ""}
    ${sq.house_cost ? `<div>${esc(t("house_cost"))}: ${esc(money(sq.house_cost))}</div>` : ""}
    ${owner >= 0 ? `<div>${esc(t("owner"))}: <b style="color:${playerColour(owner)}">${esc(playerName(owner))}</b>${view.mortgaged[i] ? ` · ${esc(t("mortgaged"))}` : ""}</div>` : ""}
  </div>`;
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
      <a class="button" href="#/" data-testid="back-to-lobby">${esc(t("back_to_lobby"))}</a></p></div>`;
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

// ------------------------------------------------------------------ decisions

const PRIMARY = new Set(["roll", "pay-fine", "use-card", "buy", "decline", "end", "accept", "reject", "tax", "choose", "lift", "keep", "bankrupt", "pass", "bid", "repay", "time", "expire"]);
const STYLE = { buy: "primary", roll: "primary", end: "primary", accept: "primary", bankrupt: "danger", reject: "danger" };

function renderControls() {
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

function onControlClick(ev) {
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

function auctionPanel(au, bid, disabled) {
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

function offerPanel(offer, counter, disabled) {
  return `<div class="offer card" data-testid="offer"><h3>${esc(t("trade_offer", { from: playerName(offer.proposer), to: playerName(offer.target) }))}</h3>
    <div class="offer-sides"><div><h4>${esc(t("offer_gives", { player: playerName(offer.proposer) }))}</h4><p>${esc(bundleWords(offer.give))}</p></div>
    <div><h4>${esc(t("offer_gives", { player: playerName(offer.target) }))}</h4><p>${esc(bundleWords(offer.take))}</p></div></div>
    ${counter ? `<button type="button" data-counter="1" data-testid="counter-offer" ${disabled}>${esc(labelOf(counter))}</button>` : ""}</div>`;
}

/** Replace a box's HTML unless it is the same; keep the focused field focused. */
function replaceHTML(box, html) {
  if (box.dataset.html === html) return;
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  box.innerHTML = html;
  box.dataset.html = html;
  if (focused) box.querySelector(`[data-testid="${focused}"]`)?.focus();
}

// ------------------------------------------------------------------ tools: trade, buildings, mortgages, raise, loans

function renderTool(tools, disabled) {
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
    tf.onchange = (ev) => { if (ev.target.name === "partner") { readTradeForm(); S.trade.take = new Set(); S.trade.takeCards = new Set(); renderControls(); } };
    tf.onsubmit = (ev) => { ev.preventDefault(); readTradeForm(); submitTrade(Boolean(tools.counter)); };
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

function entryList(entries, tid, note, disabled) {
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

function myProperties(seat) {
  const view = S.state.view;
  const out = [];
  for (let i = 0; i < 40; i++) if (view.owner[i] === seat) out.push(i);
  return out;
}

function readTradeForm() {
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

function parseBundle(text) {
  const b = { cash: 0, squares: new Set(), cards: new Set() };
  if (!text || text === "-") return b;
  for (const item of text.split(",")) {
    if (item.startsWith("$")) b.cash += Number(item.slice(1));
    else if (item.startsWith("card:")) b.cards.add(item.slice(5));
    else if (!item.startsWith("iou:")) b.squares.add(Number(item));
  }
  return b;
}

function tradeBuilder(template, counter, disabled) {
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
  const side = (seat, which, chosen, cards, cash) => {
    const props = myProperties(seat);
    const p = view.players[seat];
    return `<fieldset class="trade-side" data-testid="trade-${which}"><legend>${esc(which === "give" ? t("you_give") : t("you_get", { player: playerName(seat) }))}</legend>
      <label class="cash">${esc(t("cash"))}<input type="number" name="${which}_cash" min="0" max="${p.cash}" value="${cash}" data-testid="trade-${which}-cash" inputmode="numeric"></label>
      <ul class="trade-props">${props.map((sq) => {
        const info = squareInfo(sq);
        return `<li><label class="check"><input type="checkbox" data-${which}-sq="${sq}" data-testid="trade-${which}-sq-${sq}" ${chosen.has(sq) ? "checked" : ""}>
          <span class="chip" style="background:${groupColour(info.group) || "#ccc"}"></span>${esc(squareName(sq))}${view.mortgaged[sq] ? ` <span class="muted small">(${esc(t("mortgaged"))})</span>` : ""}${view.level[sq] ? ` <span class="muted small">(${esc(t("houses_n", { n: view.level[sq] }))})</span>` : ""}</label></li>`;
      }).join("") || `<li class="muted small">${esc(t("no_properties"))}</li>`}</ul>
      ${(p.jail_cards || []).map((d) => `<label class="check"><input type="checkbox" data-${which}-card="${esc(d)}" data-testid="trade-${which}-card-${esc(d)}" ${cards.has(d) ? "checked" : ""}>${esc(t("jail_card_from", { deck: deckName(d) }))}</label>`).join("")}
    </fieldset>`;
  };
  return `<form id="trade-form" class="card trade" data-testid="trade-builder" autocomplete="off">
    <h3>${esc(counter ? t("counter_offer") : t("tool_trade"))}</h3>
    <label>${esc(t("trade_with"))}<select name="partner" data-testid="trade-partner" ${counter ? "disabled" : ""}>${partners.map((s) => `<option value="${s}" ${s === tr.partner ? "selected" : ""}>${esc(playerName(s))}</option>`).join("")}</select></label>
    <div class="trade-sides">${side(me, "give", tr.give, tr.giveCards, tr.giveCash)}${side(tr.partner, "take", tr.take, tr.takeCards, tr.takeCash)}</div>
    <button type="submit" class="primary" data-testid="trade-submit" ${disabled}>${esc(counter ? t("send_counter") : t("send_offer"))}</button>
  </form>`;
}

function bundleText(cash, squares, cards) {
  const items = [];
  if (cash > 0) items.push(`$${cash}`);
  for (const sq of [...squares].sort((a, b) => a - b)) items.push(String(sq));
  for (const d of cards) items.push(`card:${d}`);
  return items.length ? items.join(",") : "-";
}

function submitTrade(counter) {
  const tr = S.trade;
  const give = bundleText(tr.giveCash, tr.give, tr.giveCards);
  const take = bundleText(tr.takeCash, tr.take, tr.takeCards);
  if (give === "-" && take === "-") { toast(t("error_empty_trade")); return; }
  send(counter ? `counter give=${give} take=${take}` : `propose ${tr.partner} give=${give} take=${take}`);
  S.tool = null; S.trade = null;
}

function raiseBuilder(disabled) {
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

function loansTool(entries, disabled) {
  return `<div class="card manager" data-testid="loans">${entries.map((e) => {
    const to = Number(e.to ?? e.text.split(" ")[1]);
    const [low, high] = rangeOf(e);
    return `<form data-repay="${to}" class="row"><span>${esc(labelOf(e))}</span><input type="number" name="amount" min="${low}" max="${high}" value="${high}" data-testid="repay-amount-${to}">
      <button type="submit" class="small" ${disabled}>${esc(t("repay"))}</button></form>`;
  }).join("")}</div>`;
}

// ------------------------------------------------------------------ players and log

function renderPlayers() {
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
    const kick = host && !bot && roomSeat?.taken !== false && s !== S.seat && !p.bankrupt && !view.outcome
      ? `<button type="button" class="small kick" data-kick-playing="${s}" data-testid="kick-${s}">${esc(t("kick"))}</button>` : "";
    return `<div class="player card ${s === view.turn_player ? "on-turn" : ""} ${p.bankrupt ? "out" : ""} ${s === view.pending ? "pending" : ""}" data-testid="player-${s}">
      <div class="player-head"><span class="token" style="background:${playerColour(s)}">${esc((p.name || "?").slice(0, 1).toUpperCase())}</span>
        <span class="player-name">${esc(p.name)}</span>${flags.join("")}
        <span class="cash" data-testid="cash-${s}">${esc(money(p.cash))}</span></div>
      <div class="player-props">${props.map((sq) => {
        const info = squareInfo(sq);
        const level = view.level[sq];
        return `<span class="prop ${view.mortgaged[sq] ? "mortgaged" : ""}" style="--c:${groupColour(info.group) || "#bbb"}" title="${esc(squareName(sq))}" data-sq-chip="${sq}">${esc(shortName(squareName(sq)))}${level ? `<sup>${level >= hotelLevel() ? esc(t("hotel_mark")) : level}</sup>` : ""}</span>`;
      }).join("")}${cards}</div>
      <div class="player-foot muted small">${p.bankrupt ? "" : `${esc(t("on_square", { square: squareName(p.position) }))} · `}${esc(t("net_worth", { amount: money(p.net_worth) }))}${loans(view, s)}${debt ? ` · <span class="bad-text">${esc(t("owes", { amount: money(debt.amount) }))}</span>` : ""}${kick}</div>
    </div>`;
  }).join("");
}

/** Loans between players (docs/rules.md §9 house rule) that `seat` owes. */
function loans(view, seat) {
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

function renderLog() {
  const ol = document.getElementById("log");
  if (!ol) return;
  const items = S.log.slice(-120);
  ol.innerHTML = items.map((e) => `<li style="--c:${e.seat >= 0 ? playerColour(e.seat) : "#999"}">${esc(e.text)}</li>`).join("") || `<li class="muted">${esc(t("log_empty"))}</li>`;
  ol.scrollTop = ol.scrollHeight;
  const centre = document.getElementById("center-log");
  if (centre) centre.innerHTML = S.log.slice(-3).map((e) => `<li style="--c:${e.seat >= 0 ? playerColour(e.seat) : "#999"}">${esc(e.text)}</li>`).join("");
}

// ------------------------------------------------------------------ the replay viewer

/** A finished game step by step (GET /api/rooms/{id}/replay): step 0 is the board before
 * the first action, step k the board after action k. The server sends the board once in
 * full and then per action only what changed (a delta, docs/protocol.md); the page
 * rebuilds every step's board once and draws it with the game's own board code. */
const REPLAY_ICON = Object.fromEntries(Object.entries({ // drawn: not every font has ⏮ ⏭
  first: "M3 4h2v16H3zM21 4v16L7 12z", prev_turn: "M12 4v16L2 12zM22 4v16l-10-8z", prev: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z", next_turn: "M2 4v16l10-8zM12 4v16l10-8z", last: "M19 4h2v16h-2zM3 4v16l14-8z",
}).map(([k, d]) => [k, `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="${d}" fill="currentColor"/></svg>`]));

async function enterReplay(id) {
  const keep = S.replay && S.replay.id === id ? S.replay.step : null;
  if (!S.replay || S.replay.id !== id) app().innerHTML = `<p class="muted center">${esc(t("loading"))}</p>`;
  let room; let data;
  try {
    [room, data] = await Promise.all([api(`/api/rooms/${id}`), api(`/api/rooms/${id}/replay?lang=${S.lang}`)]);
    if (data.game === "deal") await loadDeck(S, api);
    else await loadBoard(data.edition || "standard");
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
      <section class="log card" id="log-box"><h3>${esc(t("log"))}</h3><ol id="log" data-testid="log"></ol></section>
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
function turnStart(r, k) {
  let j = k;
  while (j > 0 && r.views[j - 1].turn === r.views[k].turn) j--;
  return j;
}
/** "One turn back": the start of this turn, or of the one before when already there. */
function turnBack(r) {
  const start = turnStart(r, r.step);
  return start < r.step ? start : turnStart(r, Math.max(0, r.step - 1));
}
/** "Next turn": the first step of a later turn (the end when there is none). */
function turnOn(r) {
  let j = r.step;
  while (j < r.views.length - 1 && r.views[j].turn === r.views[r.step].turn) j++;
  return j;
}

/** A view with a delta applied: changed keys replaced; a list sent as {index: item} patched. */
function applyDelta(view, delta) {
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
function showStep(k, animate) {
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
    ? `${action.seat >= 0 ? `<b style="color:${playerColour(action.seat)}">${esc(playerName(action.seat))}</b>: ` : ""}${esc(action.label)}`
    : esc(t("replay_start"));
  for (const b of document.querySelectorAll("[data-step]")) {
    b.disabled = ["first", "prev", "prev_turn"].includes(b.dataset.step) ? step === 0 : step === total;
  }
}

document.addEventListener("keydown", (ev) => {
  if (S.route.name !== "replay" || !S.replay || ev.target.closest?.("input, textarea, select")) return;
  const r = S.replay;
  const to = { ArrowLeft: r.step - 1, ArrowRight: r.step + 1, PageUp: turnBack(r), PageDown: turnOn(r), Home: 0, End: r.data.steps.length }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  showStep(to, ev.key.startsWith("Arrow"));
});

// ------------------------------------------------------------------ start

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-lang]");
  if (b) setLang(b.dataset.lang);
});
window.addEventListener("hashchange", route);

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
