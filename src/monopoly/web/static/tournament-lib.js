// The tournament pages' shared helpers: the boot parameters, texts, numbers and money,
// the API, the error banner and the region patching that keeps what the user typed.
//
// Every text comes from the boot JSON's labels (monopoly.web.tournament_pages.LABELS,
// translated by the gettext catalogs) through t("key"); this file writes no word itself.

const bootEl = document.getElementById("tournament-boot");

/** The page's parameters (render_page): page, tid, token, lang, role, name, labels, money. */
export const BOOT = bootEl ? JSON.parse(bootEl.textContent) : { labels: {}, money: {} };

/** What the page knows: the last status and when it came (for the local clock). */
export const S = {
  status: null,
  polledAt: 0, // performance.now() when the status arrived
  busy: false,
  open: null, // the chief's opened table (the detail panel)
  sheetTab: 0, // the player block shown by the score-sheet form on a phone
  deeds: null, // GET /api/tournaments/{tid}/deeds
  deedsError: false,
  onlyOwned: false,
  pollTimer: null,
};

export const LANGS = ["en", "cs", "ru"];
export const TOKEN_KEY = (room) => `monopoly.token.${room}`; // as in app.js
export const SEAT_KEY = (room) => `monopoly.seat.${room}`;

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** A label in the page's language, `{name}` placeholders filled: t("table_n", {n: 3}). */
export function t(key, params) {
  let text = BOOT.labels[key];
  if (text === undefined) text = key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return text;
}

/** The label of a table's status, of an equipment item, of a tie-break, of a log entry. */
export function statusText(status) { return t(`status_${status}`); }
export function equipmentText(item) { return t(`equipment_${item}`); }
export function tiebreakText(name) { return name ? t(`tiebreak_${name}`) : ""; }
export function kindText(kind) { return BOOT.labels[`kind_${kind}`] ?? kind; }

/** A whole number grouped as the language writes it (Translator.number). */
export function num(n) {
  const digits = String(Math.trunc(Math.abs(Number(n) || 0)));
  const group = BOOT.money?.group ?? ",";
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return (Number(n) < 0 ? "-" : "") + grouped;
}

/** Money as Translator.money writes it, with the tournament's currency (never "$"). */
export function money(amount) {
  const cur = S.status?.settings?.currency || "M";
  const m = BOOT.money || {};
  const neg = Number(amount) < 0;
  const pre = (neg ? m.neg_prefix : m.prefix) ?? "";
  const suf = (neg ? m.neg_suffix : m.suffix) ?? "";
  return pre.replace("¤", cur) + num(Math.abs(Number(amount) || 0)) + suf.replace("¤", cur);
}

/** Points (whole or fractional: a shared place shares the points). */
export function points(value) {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (Number.isInteger(n)) return num(n);
  return new Intl.NumberFormat(BOOT.lang, { maximumFractionDigits: 2 }).format(n);
}

export function fmtDate(iso) {
  if (!iso) return "";
  const d = new Date(`${iso}T12:00:00`);
  if (Number.isNaN(d.getTime())) return String(iso);
  return new Intl.DateTimeFormat(BOOT.lang, { dateStyle: "long" }).format(d);
}

export function fmtTime(epoch) {
  return new Intl.DateTimeFormat(BOOT.lang, { timeStyle: "medium" }).format(new Date(epoch * 1000));
}

/** mm:ss of a number of seconds (45:00, 07:30, 00:07). */
export function fmtClock(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

// ------------------------------------------------------------------ the status

export function status() { return S.status; }
export function settings() { return S.status?.settings || {}; }
export function currentRound() { const r = S.status?.rounds || []; return r.length ? r[r.length - 1] : null; }
export function player(n) { return (S.status?.players || [])[n] || null; }
export function playerName(n) { return player(n)?.name ?? `#${n}`; }
export function roundTitle(r) { return r.final ? t("final") : t("round_n", { n: r.round }); }
export function isRunning(r) { return Boolean(r && r.started_at !== null && r.started_at !== undefined && r.time_called_at == null && !r.closed); }

/** Seconds since the status came: the server's clock, advanced locally between polls. */
export function sinceStatus() { return S.status ? (performance.now() - S.polledAt) / 1000 : 0; }
/** The server's time now (epoch seconds), from its `now`. */
export function serverNow() { return (S.status?.now || 0) + sinceStatus(); }

/** The remaining net playing time of a round (table: of that table), ticking locally. */
export function remaining(r, table) {
  if (!r) return 0;
  const base = table ? table.remaining : r.remaining;
  if (!isRunning(r) || r.paused || (table && (table.paused || table.lines))) return base ?? 0;
  return Math.max(0, (base ?? 0) - sinceStatus());
}

/** The clock's state word: not started, running, paused, time called, over. */
export function clockState(r, table) {
  if (!r) return "not_started";
  if (r.closed) return "closed";
  if (r.started_at === null || r.started_at === undefined) return "not_started";
  if (r.time_called_at !== null && r.time_called_at !== undefined) return "time_called";
  if (r.paused || (table && table.paused)) return "paused";
  return "running";
}

// ------------------------------------------------------------------ the API

function withParams(path, params) {
  const q = new URLSearchParams();
  if (BOOT.token) q.set("token", BOOT.token);
  q.set("lang", BOOT.lang);
  for (const [k, v] of Object.entries(params || {})) q.set(k, v);
  return `${path}?${q}`;
}

/** A call of the tournament API; a refusal throws an Error with the server's message. */
export async function api(path, { method = "GET", body, params } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(withParams(path, params), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  if ((res.headers.get("content-type") || "").includes("json")) data = await res.json().catch(() => null);
  if (!res.ok) {
    const msg = data?.error?.message || data?.detail || t("error_generic", { message: `${res.status} ${res.statusText}`.trim() });
    const err = new Error(typeof msg === "string" ? msg : JSON.stringify(msg));
    err.code = data?.error?.code;
    err.status = res.status;
    throw err;
  }
  return data;
}

export const tournamentPath = (suffix = "") => `/api/tournaments/${encodeURIComponent(BOOT.tid)}${suffix}`;

/** A page URL of this tournament with the token and language (printouts, links). */
export function pageUrl(path, extra) { return withParams(path, extra); }

let refresh = () => {};
let renderHook = () => {};
/** The page's render (set by tournament.js): draw again from the status we have. */
export function setRender(fn) { renderHook = fn; }
export function renderAgain() { renderHook(); }
/** The poller's "fetch the status now" (set by tournament.js). */
export function setRefresh(fn) { refresh = fn; }

/** Do something against the server: errors go to the banner; the status is refreshed. */
export async function run(fn, done) {
  if (S.busy) return false;
  S.busy = true;
  document.body.classList.add("t-busy");
  try {
    const out = await fn();
    clearError();
    if (done) note(typeof done === "function" ? done(out) : done);
    return out ?? true;
  } catch (e) {
    showError(e);
    return false;
  } finally {
    S.busy = false;
    document.body.classList.remove("t-busy");
    refresh();
  }
}

/** One operation of the tournament's log (POST /ops). */
export function op(kind, data, done) {
  return run(() => api(tournamentPath("/ops"), { method: "POST", body: { kind, data } }), done);
}

// ------------------------------------------------------------------ banners

export function showError(e) {
  const box = document.getElementById("error");
  if (!box) return;
  const message = e instanceof Error ? e.message : String(e);
  box.querySelector("[data-testid=error-text]").textContent = message;
  box.dataset.kind = e?.kind || "action";
  box.hidden = false;
}

export function clearError(kind) {
  const box = document.getElementById("error");
  if (box && (!kind || box.dataset.kind === kind)) box.hidden = true;
}

let noteTimer = null;
export function note(message) {
  const el = document.getElementById("note");
  if (!el || !message) return;
  el.textContent = message;
  el.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

// ------------------------------------------------------------------ rendering

const shown = new WeakMap(); // element -> the HTML last set

const fieldKey = (f) => `${f.form?.dataset.form || ""}:${f.name}`;
const FIELDS = "input[name], select[name], textarea[name]";

/** Set a region's HTML if it changed, keeping what was typed in its fields and the focus. */
export function patch(el, html) {
  if (!el || shown.get(el) === html) return;
  const values = new Map();
  for (const f of el.querySelectorAll(FIELDS)) {
    if (f.type !== "file") values.set(fieldKey(f), f.type === "checkbox" || f.type === "radio" ? f.checked : f.value);
  }
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = focused?.name ? fieldKey(focused) : null;
  const focusId = focused?.dataset?.testid || null;
  const caret = focused && typeof focused.selectionStart === "number" ? [focused.selectionStart, focused.selectionEnd] : null;
  el.innerHTML = html;
  shown.set(el, html);
  let again = null;
  for (const f of el.querySelectorAll(FIELDS)) {
    const key = fieldKey(f);
    if (key === focusKey) again = f;
    if (!values.has(key) || f.type === "file") continue;
    const v = values.get(key);
    if (f.type === "checkbox" || f.type === "radio") f.checked = v; else f.value = v;
  }
  if (!again && focusId) again = el.querySelector(`[data-testid="${CSS.escape(focusId)}"]`);
  if (again) {
    again.focus();
    try { if (caret && again.setSelectionRange) again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text field */ }
  }
}

/** The region `id` inside `root`, made when missing (a <section> card). */
export function region(root, id, cls = "t-card") {
  let el = root.querySelector(`[data-region="${id}"]`);
  if (!el) {
    el = document.createElement("section");
    el.dataset.region = id;
    el.className = cls;
    root.appendChild(el);
  }
  return el;
}

/** <option>s of `items` ([value, label]), `selected` chosen. */
export function options(items, selected) {
  return items.map(([v, label]) => `<option value="${esc(v)}"${String(v) === String(selected) ? " selected" : ""}>${esc(label)}</option>`).join("");
}

/** A badge of a table's status (its class is the status: the CSS colours it). */
export function statusBadge(s) {
  return `<span class="t-status s-${esc(s)}" data-testid="status">${esc(statusText(s))}</span>`;
}

/** The clock block: its state; tick() writes mm:ss (and keeps it running), so that the
 *  HTML of a region stays the same from poll to poll and is not drawn again. */
export function clockHtml(r, table, testid = "clock") {
  const key = table ? `table:${table.table}` : "round";
  const st = clockState(r, table);
  return `<div class="t-clock c-${st}" data-testid="${esc(testid)}" data-clock="${esc(key)}" data-state="${st}" role="timer" aria-label="${esc(t("clock"))}">
    <span class="t-clock-time" data-clock-time></span>
    <span class="t-clock-state" data-clock-state>${esc(t(`clock_${st}`))}</span></div>`;
}

/** Update every clock on the page from the status (every half second). */
export function tick() {
  const r = currentRound();
  if (!r) return;
  for (const el of document.querySelectorAll("[data-clock]")) {
    const key = el.dataset.clock;
    const table = key.startsWith("table:") ? (r.tables || []).find((x) => String(x.table) === key.slice(6)) : null;
    const time = el.querySelector("[data-clock-time]");
    const left = remaining(r, table);
    const text = fmtClock(left);
    if (time && time.textContent !== text) time.textContent = text;
    el.classList.toggle("c-low", isRunning(r) && left <= 300);
    // the game time is up: the chief referee calls time (the seed gives them the word)
    const up = el.dataset.state === "running" && left <= 0;
    const word = el.querySelector("[data-clock-state]");
    const want = t(up ? "clock_time_up" : `clock_${el.dataset.state}`);
    if (word && word.textContent !== want) word.textContent = want;
    el.classList.toggle("c-up", up);
  }
}

/** The names of a table's players in seat order, first seat marked, replacements noted. */
export function seatList(table, { me } = {}) {
  const items = (table.players || []).map((p, k) => {
    const by = table.replaced?.[String(p)];
    const tags = [k === 0 ? `<span class="t-tag first" data-testid="first-seat">${esc(t("first_seat"))}</span>` : "",
      by ? `<span class="t-tag warn">${esc(t(`replaced_${by}`))}</span>` : ""].join("");
    return `<li class="${p === me ? "me" : ""}" data-player="${p}"><span class="t-seat">${esc(t("seat_n", { n: k + 1 }))}</span> <span class="t-pname">${esc(playerName(p))}</span> ${tags}</li>`;
  });
  return `<ol class="t-seats" data-testid="seats">${items.join("")}</ol>`;
}

/** The standings table (top: only the first rows). */
export function standingsHtml(rows, { top, me } = {}) {
  const list = top ? (rows || []).slice(0, top) : rows || [];
  if (!list.length) return `<p class="t-muted" data-testid="no-standings">${esc(t("no_standings"))}</p>`;
  const body = list.map((s) => `<tr class="${s.player === me ? "me" : ""}" data-player="${s.player}">
    <td class="num">${esc(s.rank)}.</td><td>${esc(s.name)}</td><td class="num">${esc(points(s.points))}</td>
    <td class="num">${esc(money(s.assets))}</td><td class="num hide-narrow">${esc(s.games)}</td><td class="num hide-narrow">${esc(s.wins)}</td>
    <td class="hide-narrow">${s.games ? esc(tiebreakText(s.tiebreak)) : ""}</td></tr>`).join("");
  return `<div class="t-scroll"><table class="t-table t-standings">
    <thead><tr><th class="num">${esc(t("col_rank"))}</th><th>${esc(t("col_player"))}</th><th class="num">${esc(t("col_points"))}</th>
    <th class="num">${esc(t("col_assets"))}</th><th class="num hide-narrow">${esc(t("col_games"))}</th><th class="num hide-narrow">${esc(t("col_wins"))}</th>
    <th class="hide-narrow">${esc(t("col_tiebreak"))}</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A table's score-sheet lines with the signatures; `actions(player)` adds buttons. */
export function linesHtml(table, { actions, me } = {}) {
  if (!table.lines) return `<p class="t-muted" data-testid="no-lines">${esc(t("waiting_result"))}</p>`;
  const confirmed = new Set(table.confirmed || []);
  const other = table.lines.some((l) => l.other);
  const rows = table.lines.map((l) => {
    const dispute = table.disputes?.[String(l.player)];
    const by = table.replaced?.[String(l.player)];
    let sig;
    if (confirmed.has(l.player)) sig = `<span class="t-tag ok">✓ ${esc(t("signed"))}</span>`;
    else if (dispute) sig = `<span class="t-tag bad">${esc(t("disputed_because", { reason: dispute }))}</span>`;
    else if (by) sig = `<span class="t-tag">${esc(t(`replaced_${by}`))}</span>`;
    else sig = `<span class="t-tag warn">${esc(t("not_signed"))}</span>`;
    const extra = actions ? actions(l.player, { confirmed: confirmed.has(l.player), dispute, replaced: by }) : "";
    return `<tr class="${l.player === me ? "me" : ""}" data-testid="line-${l.player}" data-player="${l.player}">
      <td>${esc(playerName(l.player))}${l.bankrupt_order ? ` <span class="t-tag bad">${esc(t("bankrupt"))} ${esc(l.bankrupt_order)}</span>` : ""}</td>
      <td class="num">${esc(money(l.cash))}</td><td class="num hide-narrow">${esc(money(l.properties))}</td><td class="num hide-narrow">${esc(money(l.buildings))}</td>
      ${other ? `<td class="num hide-narrow">${esc(money(l.other))}</td>` : ""}
      <td class="num"><strong>${esc(money(l.total))}</strong></td><td class="num">${esc(points(l.place))}</td><td class="num">${esc(points(l.points))}</td>
      <td>${sig}${extra}</td></tr>`;
  }).join("");
  const source = table.source ? `<p class="t-muted small">${esc(t(`source_${table.source}`))}</p>` : "";
  return `<div class="t-scroll"><table class="t-table t-lines" data-testid="sheet-lines"><thead><tr>
    <th>${esc(t("col_player"))}</th><th class="num">${esc(t("cash"))}</th><th class="num hide-narrow">${esc(t("properties"))}</th><th class="num hide-narrow">${esc(t("buildings"))}</th>
    ${other ? `<th class="num hide-narrow">${esc(t("other"))}</th>` : ""}<th class="num">${esc(t("total"))}</th><th class="num">${esc(t("place"))}</th><th class="num">${esc(t("points"))}</th>
    <th>${esc(t("col_signature"))}</th></tr></thead><tbody>${rows}</tbody></table></div>${source}`;
}

/** A round's tables as tiles (`extra(table)`: the tile's buttons). */
export function tilesHtml(r, { extra, big, link } = {}) {
  if (!r) return `<p class="t-muted" data-testid="no-round">${esc(t("no_round"))}</p>`;
  const tiles = (r.tables || []).map((x) => {
    const signed = (x.confirmed || []).length;
    const must = (x.players || []).filter((p) => !x.replaced?.[String(p)]).length;
    const names = (x.players || []).map((p, k) => `<li${k === 0 ? ' class="first"' : ""}>${esc(playerName(p))}${x.replaced?.[String(p)] ? ` <span class="t-tag warn">${esc(t(`replaced_${x.replaced[String(p)]}`))}</span>` : ""}</li>`).join("");
    const head = link ? `<a href="${esc(link(x))}">${esc(t("table_n", { n: x.table }))}</a>` : esc(t("table_n", { n: x.table }));
    return `<article class="t-tile s-${esc(x.status)}${big ? " big" : ""}" data-testid="table-${x.table}" data-status="${esc(x.status)}" data-table="${x.table}">
      <header><h3>${head}</h3>${statusBadge(x.status)}</header>
      ${big ? "" : `<ol class="t-tile-players">${names}</ol>`}
      ${x.lines && !big ? `<p class="small">${esc(t("signed_count", { done: signed, all: must }))}</p>` : ""}
      ${isRunning(r) && !x.lines ? clockHtml(r, x, `table-clock-${x.table}`) : ""}
      ${extra ? `<div class="t-tile-actions">${extra(x)}</div>` : ""}</article>`;
  }).join("");
  return `<div class="t-tiles${big ? " big" : ""}" data-testid="tables">${tiles}</div>`;
}

/** The title deeds of the tournament's edition (GET /deeds), loaded once. */
export async function loadDeeds() {
  if (S.deeds || S.deedsError) return S.deeds;
  try {
    S.deeds = await api(tournamentPath("/deeds"));
  } catch (e) {
    S.deedsError = true;
    showError(new Error(t("error_deeds")));
  }
  return S.deeds;
}

// ------------------------------------------------------------------ actions and forms

/** Click handlers by `data-act` name (`el` the button), registered by the page modules. */
export const ACTIONS = {};
/** Submit handlers by `data-form` name, registered by the page modules. */
export const FORMS = {};
/** Change/input handlers by `data-form` name (live totals of the score sheet). */
export const INPUTS = {};

/** A button of one operation: data-op, its data as JSON, an optional confirmation key. */
export function opButton(testid, label, kind, data, { cls = "", confirm, confirmArgs, disabled } = {}) {
  const attrs = [`type="button"`, `data-testid="${esc(testid)}"`, `data-op="${esc(kind)}"`, `data-args="${esc(JSON.stringify(data))}"`];
  if (confirm) attrs.push(`data-confirm="${esc(confirm)}"`, `data-confirm-args="${esc(JSON.stringify(confirmArgs || {}))}"`);
  if (cls) attrs.push(`class="${esc(cls)}"`);
  if (disabled) attrs.push("disabled");
  return `<button ${attrs.join(" ")}>${esc(label)}</button>`;
}

/** A button of a registered action. */
export function actButton(testid, label, act, { cls = "", disabled, data = {} } = {}) {
  const extra = Object.entries(data).map(([k, v]) => ` data-${k}="${esc(v)}"`).join("");
  return `<button type="button" data-testid="${esc(testid)}" data-act="${esc(act)}"${cls ? ` class="${esc(cls)}"` : ""}${disabled ? " disabled" : ""}${extra}>${esc(label)}</button>`;
}

/** Ask before an irreversible step (the label key of the question, its params). */
export function confirmStep(key, params) {
  return !key || window.confirm(t(key, params));
}

export function installHandlers(root) {
  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-op], button[data-act]");
    if (!b || b.disabled || !root.contains(b)) return;
    ev.preventDefault();
    if (b.dataset.op) {
      const args = JSON.parse(b.dataset.args || "{}");
      if (!confirmStep(b.dataset.confirm, JSON.parse(b.dataset.confirmArgs || "{}"))) return;
      op(b.dataset.op, args);
      return;
    }
    const fn = ACTIONS[b.dataset.act];
    if (fn) fn(b, ev);
  });
  root.addEventListener("submit", (ev) => {
    const form = ev.target.closest("form[data-form]");
    if (!form) return;
    ev.preventDefault();
    const fn = FORMS[form.dataset.form];
    if (fn) fn(form, ev);
  });
  const live = (ev) => {
    const form = ev.target.closest("form[data-form]");
    const fn = form && INPUTS[form.dataset.form];
    if (fn) fn(form, ev);
  };
  root.addEventListener("input", live);
  root.addEventListener("change", live);
}
