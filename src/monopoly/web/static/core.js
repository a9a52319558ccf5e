// The client's shared state and helpers: its texts, money, squares, seats' names, the
// HTTP calls and the toast (app.js and the page's other modules use them).

import { setupSwitches } from "./feedback.js";

export const LANGS = ["en", "cs", "ru"];
export const TOKEN_KEY = (room) => `monopoly.token.${room}`;
export const HOST_KEY = (room) => `monopoly.host.${room}`;
export const SEAT_KEY = (room) => `monopoly.seat.${room}`;
export const LOG_KEY = (room) => `monopoly.log.${room}`; // this tab's event log, kept over a reload
export const LANG_KEY = "monopoly.lang";
export const NICK_KEY = "monopoly.nickname";
export const PLAYER_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#d81b60"];
export const GROUP_COLOURS = {
  brown: "#8b4a2b", light_blue: "#9fd8f5", pink: "#d6399b", orange: "#f39021",
  red: "#e02424", yellow: "#f5e02a", green: "#1f9d55", dark_blue: "#1e4fa8",
  railroad: "#333", utility: "#9aa3ab",
};
export const MAX_LOG = 300;

export const S = {
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

export const $ = (sel, root = document) => root.querySelector(sel);
export const app = () => document.getElementById("app");

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** A text of the page in the current language: `t("high_bid", {amount: "$10", player: "Ann"})`. */
export function t(key, params) {
  let text = S.ui[key];
  if (text === undefined) text = key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return text;
}

export function money(amount) {
  const cur = S.currency || S.board?.currency || "$";
  const n = Math.abs(amount);
  const locale = { en: "en-US", cs: "cs-CZ", ru: "ru-RU" }[S.lang] || "en-US";
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n);
  const sign = amount < 0 ? "-" : "";
  return S.lang === "en" ? `${sign}${cur}${digits}` : `${sign}${digits}\u00a0${cur}`;
}

export function squareInfo(i) {
  return S.board?.squares?.[i] || { index: i, name: String(i), kind: "" };
}
export function squareName(i) {
  const sq = squareInfo(i);
  return sq.name ?? sq.names?.[S.lang] ?? sq.names?.en ?? String(i);
}
export function groupColour(group) {
  if (!group) return null;
  return GROUP_COLOURS[group] || `hsl(${[...group].reduce((a, c) => a + c.charCodeAt(0), 0) % 360} 60% 50%)`;
}
/** A seat's name as this page's reader reads it: the server writes a bot's default name
 * in the connection's language (a state's `names`, a replay's `seats`). */
export function playerName(seat) {
  const named = (S.replay ? S.replay.data?.seats : S.state?.names)?.[seat];
  if (named) return named;
  const s = S.room?.seats?.[seat];
  if (s?.default_name) return seatLabel(s);
  return S.state?.view?.players?.[seat]?.name ?? s?.nickname ?? `#${seat + 1}`;
}
export function playerColour(seat) { return PLAYER_COLOURS[seat % PLAYER_COLOURS.length]; }
/** The text colour readable on a seat's colour (4.5:1 or more): black or white. */
export function playerInk(seat) {
  const hex = playerColour(seat).slice(1);
  const lin = (k) => { const c = parseInt(hex.slice(k, k + 2), 16) / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? "#000" : "#fff";
}

export function api(path, { method = "GET", body, host } = {}) {
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

export let toastTimer = null;
export function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
}

/** An entry's verb and whether it is a template (an open-parameter action). */
export function kindOf(entry) {
  return entry.kind || entry.text.split(" ")[0];
}
export function isTemplate(entry) {
  if (entry.template !== undefined) return Boolean(entry.template);
  const text = entry.text;
  return text.includes("..") || text.includes("to=") || text === "raise ..." || text.endsWith(" ...");
}
export function rangeOf(entry) {
  if (entry.low !== undefined && entry.high !== undefined) return [entry.low, entry.high];
  const m = entry.text.match(/(\d+)\.\.(\d+)/);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}
export function squareOf(entry) {
  if (entry.square !== undefined) return entry.square;
  const m = entry.text.match(/^\w[\w-]* (\d+)$/);
  return m ? Number(m[1]) : null;
}
export function partnersOf(entry) {
  if (entry.partners) return entry.partners;
  const m = entry.text.match(/to=([\d,]+)/);
  return m ? m[1].split(",").map(Number) : [];
}
export function labelOf(entry) { return entry.label || entry.text; }
export function testId(text) { return text.replace(/[^a-z0-9]+/gi, "-").replace(/-+$/, ""); }

/** One side of a trade (canonical text, e.g. "$100,1,card:chance") in words. */
export function bundleWords(text) {
  if (!text || text === "-") return t("nothing");
  return text.split(",").map((item) => {
    if (item.startsWith("$")) return money(Number(item.slice(1)));
    if (item.startsWith("card:")) return t("jail_card_from", { deck: deckName(item.slice(5)) });
    if (item.startsWith("iou:")) return t("iou", { amount: money(Number(item.slice(4))) });
    return squareName(Number(item));
  }).join(", ");
}
export function deckName(key) {
  return S.board?.decks?.[key] ?? t(`deck_${key}`);
}

export async function loadTexts() {
  try {
    S.ui = await api(`/api/ui?lang=${S.lang}`);
    if (S.ui && S.ui.texts) S.ui = S.ui.texts;
  } catch (e) {
    S.ui = S.ui || {};
  }
  document.documentElement.lang = S.lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-ui]")) el.textContent = t(el.dataset.ui);
  for (const el of document.querySelectorAll("[data-ui-label]")) { el.title = t(el.dataset.uiLabel); el.setAttribute("aria-label", el.title); }
  for (const b of document.querySelectorAll("[data-lang]")) b.classList.toggle("active", b.dataset.lang === S.lang);
  setupSwitches(t);
}

/** The board of `edition` in this page's language, its streets named from the room's set
 * of names (`names`: the same for every seat, chosen by the host; GET /api/board). */
export async function loadBoard(edition, names = S.room?.names ?? null) {
  if (!edition) return;
  if (S.board && S.board.edition === edition && S.board.lang === S.lang && S.board.names === names) return;
  const data = await api(`/api/board?edition=${encodeURIComponent(edition)}&lang=${S.lang}${names ? `&names=${encodeURIComponent(names)}` : ""}`);
  const squares = (Array.isArray(data) ? data : data.squares || []).map((sq, i) => ({ index: i, ...sq }));
  S.board = { ...(Array.isArray(data) ? {} : data), squares, edition, lang: S.lang, names };
}

export async function loadMeta() {
  try { S.meta = await api(`/api/meta?lang=${S.lang}`); } catch (e) { S.meta = S.meta || {}; }
}

export function seatLabel(s) {
  if (!s || s.taken === false) return t("seat_free");
  const bot = s.bot ?? s.level;
  // a bot's default name ("Bot 2 (hard)") in this page's language; a named bot keeps its name
  if (bot && (s.default_name || !(s.nickname ?? s.name))) return t("bot_name", { number: s.seat + 1, level: t(`level_${bot}`) });
  return s.nickname ?? s.name ?? t("seat_free");
}
