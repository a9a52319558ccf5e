// The lobby: the form that makes a room (presets first, the rule options under
// "advanced"), and the lists of open, running and finished rooms.

import { $, api, app, esc, HOST_KEY, NICK_KEY, playerColour, S, SEAT_KEY, seatLabel, t, toast, TOKEN_KEY } from "./core.js";
import { presetAbout } from "./help.js";

// ------------------------------------------------------------------ lobby

export function optionList(list, prefix = "") {
  // meta lists are ["a", "b"] or [{key, name}]; give [{key, name}]
  if (!list) return [];
  if (!Array.isArray(list)) return Object.entries(list).map(([key, v]) => ({ key, name: typeof v === "string" ? v : v.name || key, ...(typeof v === "object" ? v : {}) }));
  return list.map((v) => (typeof v === "string" ? { key: v, name: v } : { ...v, key: v.key ?? v.id ?? v.name, name: v.title ?? v.name ?? v.key }))
    .map((o) => ({ ...o, name: (prefix && S.ui[prefix + o.key]) || o.name }));
}

export function metaOptions() {
  const raw = S.meta?.options;
  if (!raw) return [];
  if (Array.isArray(raw)) return raw.map((o) => ({ ...o, key: o.key ?? o.name }));
  return Object.entries(raw).map(([key, o]) => ({ key, ...o }));
}

export function renderLobby() {
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
        <label>${esc(t("preset"))}<select name="preset" data-testid="create-preset" aria-describedby="preset-about">${opt(presets.length ? presets : [{ key: "classic", name: "classic" }], "classic")}</select></label>
        <p class="preset-about" id="preset-about" data-testid="preset-about" aria-live="polite"></p>
        <div class="row">
          <label>${esc(t("edition"))}<select name="edition" data-testid="create-edition">${opt(editions.length ? editions : [{ key: "standard", name: "standard" }], "standard")}</select></label>
          <label title="${esc(t("street_names_hint"))}">${esc(t("street_names"))}<select name="names" data-testid="create-names"></select></label>
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
  // the edition's sets of street names (US, Moscow, London...): the one of this page's
  // language first where the edition has it; kept while the edition stays
  const applyEdition = () => {
    const ed = (S.meta?.editions || []).find((e) => e.key === form.edition.value);
    const sets = ed?.name_sets || [];
    const keep = sets.some((n) => n.key === form.names.value) ? form.names.value : ed?.names;
    form.names.innerHTML = opt(sets, keep);
    form.names.closest("label").hidden = form.game.value === "deal" || sets.length < 2;
  };
  applyEdition();
  form.edition.addEventListener("change", applyEdition);
  form.game.addEventListener("change", applyEdition);
  seatRows();
  form.seats.addEventListener("input", seatRows);
  presetDefaults(form);
  form.game.addEventListener("change", applyGame);
  form.preset.addEventListener("change", () => { if (form.game.value !== "deal") presetDefaults(form); });
  const about = () => { $("#preset-about").textContent = presetAbout(t, form.game.value, form.preset.value); };
  for (const el of [form.game, form.preset]) el.addEventListener("change", about); // after applyGame
  about();
  form.addEventListener("submit", (ev) => { ev.preventDefault(); createRoom(form); });
}

/** Show the chosen preset's values as the options' defaults (only changes are sent). */
export function presetDefaults(form) {
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

export function optionField(o) {
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

export async function createRoom(form) {
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
    ...(deal || !form.names.value ? {} : { names: form.names.value }),
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

export async function loadRoomLists() {
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

export function roomId(r) { return r.id ?? r.room; }
export function editionName(key) {
  return optionList(S.meta?.editions).find((e) => e.key === key)?.name ?? key ?? "";
}
/** A room's rules and board in words: "Short game · Standard", "Official rules · Monopoly Deal". */
export function roomTitle(r) {
  if (r.game === "deal") return `${t(`deal_preset_${r.preset}`)} · ${t("game_deal")}`;
  return `${t(`preset_${r.preset}`)} · ${editionName(r.edition)}`;
}

export function roomItem(r, status) {
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
