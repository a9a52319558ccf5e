// The chief referee's console: the round clock and controls, the table grid, one table's
// detail, replacing and swapping players, registration, the settings, the links and the
// printouts, the standings and the audit log.

import {
  ACTIONS, BOOT, FORMS, INPUTS, S, actButton, api, clockHtml, confirmStep, currentRound, esc, fmtDate,
  fmtTime, isRunning, kindText, op, opButton, options, pageUrl, patch, playerName, region,
  renderAgain, roundTitle, run, settings, showError, standingsHtml, t, tilesHtml, tournamentPath,
} from "./tournament-lib.js";
import { renderTablePanel } from "./tournament-forms.js";

export function renderChief(root) {
  root.classList.add("t-console");
  const r = currentRound();
  patch(region(root, "round", "t-card t-head-card t-wide"), roundHtml(r));
  patch(region(root, "tables", "t-card t-wide"), `<h2>${esc(t("tables"))}</h2>${tilesHtml(r, { extra: (x) => tileActions(r, x) })}`);

  const detail = region(root, "detail", "t-card t-panel t-wide");
  const table = r && S.open ? (r.tables || [])[S.open - 1] : null;
  detail.hidden = !table;
  if (table) renderTablePanel(detail, r, table, { chief: true });

  const replace = region(root, "replace");
  replace.hidden = !(r && isRunning(r));
  if (!replace.hidden) patch(replace, replaceHtml(r));
  const swap = region(root, "swap");
  swap.hidden = !(r && !r.started_at && !r.closed);
  if (!swap.hidden) patch(swap, swapHtml(r));

  patch(region(root, "registration"), registrationHtml());
  patch(region(root, "players"), playersHtml());
  patch(region(root, "standings"), `<h2>${esc(t("standings"))}</h2><div data-testid="standings">${standingsHtml(S.status.standings)}</div>`);
  patch(region(root, "links"), linksHtml());
  patch(region(root, "settings"), settingsHtml());
  patch(region(root, "log", "t-card t-wide"), logHtml());
}

// ------------------------------------------------------------------ the round

function roundHtml(r) {
  const s = settings();
  const rounds = S.status.rounds || [];
  const prelimDone = rounds.filter((x) => !x.final && x.closed).length >= s.rounds;
  const free = !r || r.closed;
  const started = r && r.started_at !== null && r.started_at !== undefined;
  const n = r?.round;
  const b = [];
  b.push(actButton("btn-seat-next", t("btn_seat_next"), "seat-next", { cls: "primary", disabled: !free || prelimDone }));
  if (s.final_size) {
    b.push(actButton("btn-seat-final", t("btn_seat_final"), "seat-final", { disabled: !free || !prelimDone || rounds.some((x) => x.final) }));
  }
  b.push(opButton("btn-cancel-seating", t("btn_cancel_seating"), "seating_cancelled", { round: n }, { confirm: "confirm_cancel_seating", confirmArgs: { n }, disabled: !r || started }));
  b.push(opButton("btn-start-round", t("btn_start_round"), "round_started", { round: n }, { cls: "primary", disabled: !r || started }));
  if (r && r.paused) b.push(opButton("btn-resume-round", t("btn_resume_round"), "round_resumed", { round: n }, { cls: "primary", disabled: !isRunning(r) }));
  else b.push(opButton("btn-pause-round", t("btn_pause_round"), "round_paused", { round: n }, { disabled: !isRunning(r) }));
  b.push(opButton("btn-call-time", t("btn_call_time"), "time_called", { round: n }, { cls: "danger", confirm: "confirm_call_time", disabled: !isRunning(r) }));
  const allAccepted = r && (r.tables || []).every((x) => x.status === "accepted");
  b.push(opButton("btn-close-round", t("btn_close_round"), "round_closed", { round: n }, { confirm: "confirm_close_round", confirmArgs: { n }, disabled: !started || r.closed || !allAccepted }));
  const done = S.status.finished ? `<p class="t-done" data-testid="finished">${esc(t("finished"))}</p>` : "";
  return `<div class="t-head"><div><h1 class="t-title">${esc(s.name)}</h1>
      <p class="t-muted">${esc(fmtDate(s.date))}${r ? ` · <span data-testid="round-title">${esc(roundTitle(r))}</span>` : ""}</p>${done}</div>
      ${r ? clockHtml(r) : `<p class="t-muted" data-testid="no-round">${esc(t("no_round"))}</p>`}</div>
    <h2 class="sr-only">${esc(t("round_controls"))}</h2>
    <div class="t-row t-controls" data-testid="round-controls" role="group" aria-label="${esc(t("round_controls"))}">${b.join("")}</div>`;
}

function seat(final) {
  return run(() => api(tournamentPath("/next-round"), { method: "POST", body: { final } }), (res) => t("seated_round", { n: res.round }));
}
ACTIONS["seat-next"] = () => seat(false);
ACTIONS["seat-final"] = () => seat(true);

function tileActions(r, x) {
  const n = x.table;
  const where = { round: r.round, table: n };
  const b = [actButton(`btn-details-${n}`, S.open === n ? t("btn_hide") : t("btn_details"), "open-table", { cls: "small", data: { table: n } })];
  if (isRunning(r) && !x.lines) {
    b.push(x.paused
      ? opButton(`btn-resume-${n}`, t("btn_resume_table"), "table_resumed", where, { cls: "small primary" })
      : opButton(`btn-pause-${n}`, t("btn_pause_table"), "table_paused", where, { cls: "small" }));
  }
  if (settings().play === "real" && r.started_at && !x.lines) {
    b.push(actButton(`btn-sheet-${n}`, t("btn_enter_sheet"), "open-table", { cls: "small", data: { table: n, force: 1 } }));
  }
  if (x.status === "disputed") b.push(opButton(`btn-resolve-${n}`, t("btn_resolve"), "dispute_resolved", where, { cls: "small" }));
  if (x.status === "signed") b.push(opButton(`btn-accept-${n}`, t("btn_accept"), "result_accepted", where, { cls: "small primary" }));
  if (x.room) b.push(`<a class="button small" data-testid="room-${n}" href="/#/room/${encodeURIComponent(x.room)}" target="_blank" rel="noopener">${esc(t("room_link"))}</a>`);
  return b.join("");
}

ACTIONS["open-table"] = (b) => {
  const n = Number(b.dataset.table);
  S.open = S.open === n && !b.dataset.force ? null : n;
  renderAgain();
  if (S.open) document.querySelector('[data-region="detail"]')?.scrollIntoView({ behavior: "smooth", block: "start" });
};

// ------------------------------------------------------------------ replacing, swapping

function seatedOptions(r, filter) {
  const items = [];
  for (const x of r.tables || []) {
    for (const p of x.players) if (!filter || filter(x, p)) items.push([p, `${playerName(p)} (${t("table_n", { n: x.table })})`]);
  }
  return items;
}

function replaceHtml(r) {
  const items = seatedOptions(r, (x, p) => !x.lines && !x.replaced?.[String(p)]);
  const by = [...(settings().play === "online" ? [["bot", t("by_bot")]] : []), ["absent", t("by_absent")]];
  return `<h2>${esc(t("replace"))}</h2>
    <form class="t-form" data-form="replace" data-testid="replace-form" data-round="${r.round}">
      <label>${esc(t("field_player"))}<select name="player" data-testid="replace-player" required>${options([["", "—"], ...items], "")}</select></label>
      <label>${esc(t("field_by"))}<select name="by" data-testid="replace-by">${options(by, by[0][0])}</select></label>
      <button type="submit" data-testid="btn-replace">${esc(t("btn_replace"))}</button></form>`;
}

FORMS.replace = (form) => {
  const r = currentRound();
  const p = Number(form.player.value);
  if (!r || form.player.value === "") return;
  const table = (r.tables || []).find((x) => x.players.includes(p));
  if (!table || !confirmStep("confirm_replace", { name: playerName(p), table: table.table })) return;
  op("seat_replaced", { round: r.round, table: table.table, player: p, by: form.by.value }).then((ok) => { if (ok) form.reset(); });
};

function swapHtml(r) {
  const items = [["", "—"], ...seatedOptions(r)];
  return `<h2>${esc(t("swap"))}</h2><p class="small t-muted">${esc(t("swap_help"))}</p>
    <form class="t-form" data-form="swap" data-testid="swap-form" data-round="${r.round}">
      <label>${esc(t("field_a"))}<select name="a" data-testid="swap-a" required>${options(items, "")}</select></label>
      <label>${esc(t("field_b"))}<select name="b" data-testid="swap-b" required>${options(items, "")}</select></label>
      <button type="submit" data-testid="btn-swap">${esc(t("btn_swap"))}</button></form>`;
}

FORMS.swap = (form) => {
  if (form.a.value === "" || form.b.value === "") return;
  op("players_swapped", { round: Number(form.dataset.round), a: Number(form.a.value), b: Number(form.b.value) }).then((ok) => { if (ok) form.reset(); });
};

// ------------------------------------------------------------------ registration

const BOTS = ["", "easy", "medium", "hard"]; // a person, or a bot entrant's level (online play)

function registrationHtml() {
  return `<h2>${esc(t("registration"))}</h2>
    <form class="t-form" data-form="add-player" data-testid="add-player-form">
      <h3>${esc(t("add_player"))}</h3>
      <label>${esc(t("field_name"))}<input name="name" data-testid="add-name" required maxlength="64" autocomplete="off"></label>
      <div class="t-row">
        <label>${esc(t("field_club"))}<input name="club" data-testid="add-club" maxlength="64"></label>
        <label>${esc(t("field_city"))}<input name="city" data-testid="add-city" maxlength="64"></label>
        <label>${esc(t("field_rating"))}<input type="number" name="rating" data-testid="add-rating" min="0" max="100000" step="1" inputmode="numeric"></label>
        ${settings().play === "online" ? `<label>${esc(t("field_bot"))}<select name="bot" data-testid="add-bot">${options(BOTS.map((b) => [b, t(`bot_${b || "person"}`)]), "")}</select></label>` : ""}
      </div>
      <button type="submit" class="primary" data-testid="btn-add-player">${esc(t("btn_add_player"))}</button>
    </form>
    ${editHtml()}
    <form class="t-form" data-form="import" data-testid="import-form">
      <h3>${esc(t("import"))}</h3><p class="small t-muted">${esc(t("import_help"))}</p>
      <label>${esc(t("field_csv"))}<textarea name="csv" data-testid="import-csv" rows="4" spellcheck="false" placeholder="name,club,city,rating"></textarea></label>
      <label>${esc(t("field_file"))}<input type="file" name="file" data-testid="import-file" accept=".csv,text/csv,text/plain"></label>
      <button type="submit" data-testid="btn-import">${esc(t("btn_import"))}</button>
    </form>`;
}

FORMS["add-player"] = (form) => {
  const name = form.name.value.trim();
  if (!name) return;
  const data = { name, club: form.club.value.trim(), city: form.city.value.trim(), rating: Math.max(0, Math.floor(Number(form.rating.value) || 0)) };
  if (form.bot && form.bot.value) data.bot = form.bot.value;
  op("player_added", data, t("added", { name })).then((ok) => { if (ok) { form.reset(); form.name.focus(); } });
};

function editHtml() {
  const list = S.status.players || [];
  if (!list.length) return "";
  return `<form class="t-form" data-form="edit-player" data-testid="edit-player-form">
      <h3>${esc(t("edit_player"))}</h3>
      <label>${esc(t("field_player"))}<select name="player" data-testid="edit-player" required>${options([["", "—"], ...list.map((p) => [p.number, `${p.number + 1}. ${p.name}`])], "")}</select></label>
      <label>${esc(t("field_name"))}<input name="name" data-testid="edit-name" maxlength="64" autocomplete="off"></label>
      <div class="t-row">
        <label>${esc(t("field_club"))}<input name="club" data-testid="edit-club" maxlength="64"></label>
        <label>${esc(t("field_city"))}<input name="city" data-testid="edit-city" maxlength="64"></label>
        <label>${esc(t("field_rating"))}<input type="number" name="rating" data-testid="edit-rating" min="0" max="100000" step="1" inputmode="numeric"></label>
      </div>
      <button type="submit" data-testid="btn-edit-player">${esc(t("btn_edit_player"))}</button>
    </form>`;
}

// choosing the player fills in what is registered
INPUTS["edit-player"] = (form, ev) => {
  if (ev.type !== "change" || ev.target !== form.player) return;
  const p = (S.status.players || [])[Number(form.player.value)];
  form.name.value = p && form.player.value !== "" ? p.name : "";
  form.club.value = p ? p.club : "";
  form.city.value = p ? p.city : "";
  form.rating.value = p && p.rating ? p.rating : "";
};

FORMS["edit-player"] = (form) => {
  if (form.player.value === "") return;
  const number = Number(form.player.value);
  const p = (S.status.players || [])[number];
  if (!p) return;
  const data = { player: number };
  const name = form.name.value.trim();
  if (name && name !== p.name) data.name = name;
  for (const key of ["club", "city"]) if (form[key].value.trim() !== p[key]) data[key] = form[key].value.trim();
  const rating = Math.max(0, Math.floor(Number(form.rating.value) || 0));
  if (rating !== p.rating) data.rating = rating;
  if (Object.keys(data).length === 1) return;
  op("player_edited", data, t("player_saved", { name: data.name || p.name })).then((ok) => { if (ok) form.reset(); });
};

FORMS.import = (form) => {
  const csv = form.csv.value;
  if (!csv.trim()) return;
  run(() => api(tournamentPath("/import"), { method: "POST", body: { csv } }), (res) => t("imported", { count: res.added }))
    .then((ok) => { if (ok) form.reset(); });
};

// the file input fills the text area (the text is what is sent)
document.addEventListener("change", (ev) => {
  const input = ev.target;
  if (!(input instanceof HTMLInputElement) || input.dataset.testid !== "import-file" || !input.files?.length) return;
  input.files[0].text().then((text) => {
    const area = input.form?.elements.csv;
    if (area) area.value = text.replace(/^\ufeff/, "");
  }).catch(() => showError(new Error(t("error_file"))));
});

function playersHtml() {
  const list = S.status.players || [];
  if (!list.length) return `<h2>${esc(t("players"))}</h2><p class="t-muted" data-testid="players">${esc(t("no_players"))}</p>`;
  const rows = list.map((p) => {
    const state = (p.withdrawn ? `<span class="t-tag bad">${esc(t("withdrawn"))}</span>`
      : p.joined_round > 1 ? `<span class="t-tag">${esc(t("joined_round", { n: p.joined_round }))}</span>` : "")
      + (p.bot ? ` <span class="t-tag">${esc(t(`bot_${p.bot}`))}</span>` : "");
    const button = p.withdrawn
      ? opButton(`btn-return-${p.number}`, t("btn_return"), "player_returned", { player: p.number }, { cls: "small" })
      : opButton(`btn-withdraw-${p.number}`, t("btn_withdraw"), "player_withdrawn", { player: p.number }, { cls: "small", confirm: "confirm_withdraw", confirmArgs: { name: p.name } });
    return `<tr data-testid="player-${p.number}" class="${p.withdrawn ? "withdrawn" : ""}"><td class="num">${p.number + 1}</td><td>${esc(p.name)}</td>
      <td class="hide-narrow">${esc(p.club)}</td><td class="hide-narrow">${esc(p.city)}</td><td class="num hide-narrow">${p.rating ? esc(p.rating) : ""}</td>
      <td>${state}</td><td>${button}</td></tr>`;
  }).join("");
  return `<h2>${esc(t("players"))} (${list.filter((p) => !p.withdrawn).length})</h2>
    <div class="t-scroll t-tall"><table class="t-table" data-testid="players"><thead><tr><th class="num">${esc(t("col_number"))}</th><th>${esc(t("field_name"))}</th>
    <th class="hide-narrow">${esc(t("field_club"))}</th><th class="hide-narrow">${esc(t("field_city"))}</th><th class="num hide-narrow">${esc(t("field_rating"))}</th><th></th><th></th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}

// ------------------------------------------------------------------ settings

const LATE = ["name", "date", "rounds", "final_size", "scoring", "language", "currency"];

function settingsHtml() {
  const s = settings();
  const finals = [[0, t("final_none")], ...[3, 4, 5].map((n) => [n, t("final_top", { n })])];
  const schemes = ["championship", "hasbro", "5321"];
  const scoring = schemes.includes(s.scoring) ? schemes.map((k) => [k, t(`scoring_${k}`)]) : [...schemes.map((k) => [k, t(`scoring_${k}`)]), [s.scoring, s.scoring]];
  return `<h2>${esc(t("settings"))}</h2>
    <form class="t-form" data-form="settings" data-testid="settings-form">
      <label>${esc(t("field_tname"))}<input name="name" data-testid="settings-name" maxlength="120" required value="${esc(s.name)}"></label>
      <div class="t-row">
        <label>${esc(t("field_date"))}<input type="date" name="date" data-testid="settings-date" value="${esc(s.date)}"></label>
        <label>${esc(t("field_rounds"))}<input type="number" name="rounds" data-testid="settings-rounds" min="1" max="20" value="${esc(s.rounds)}"></label>
        <label>${esc(t("field_final_size"))}<select name="final_size" data-testid="settings-final-size">${options(finals, s.final_size)}</select></label>
      </div>
      <div class="t-row">
        <label>${esc(t("field_scoring"))}<select name="scoring" data-testid="settings-scoring">${options(scoring, s.scoring)}</select></label>
        <label>${esc(t("field_language"))}<select name="language" data-testid="settings-language">${options(["cs", "en", "ru"].map((l) => [l, l.toUpperCase()]), s.language)}</select></label>
        <label>${esc(t("field_currency"))}<input name="currency" data-testid="settings-currency" maxlength="8" value="${esc(s.currency)}"></label>
      </div>
      <button type="submit" data-testid="btn-save-settings">${esc(t("btn_save_settings"))}</button></form>`;
}

FORMS.settings = (form) => {
  const s = settings();
  const changes = {};
  for (const key of LATE) {
    const raw = form.elements[key].value;
    const value = ["rounds", "final_size"].includes(key) ? Number(raw) : raw.trim();
    if (value !== s[key]) changes[key] = value;
  }
  if (!Object.keys(changes).length) return;
  op("settings_changed", { changes }, t("settings_saved"));
};

// ------------------------------------------------------------------ links and printouts

function linkItem(testid, label, url) {
  return `<li><a href="${esc(url)}" data-testid="${esc(testid)}" target="_blank" rel="noopener">${esc(label)}</a></li>`;
}

function linksHtml() {
  const links = S.status.links || {};
  const tid = encodeURIComponent(BOOT.tid);
  const prints = ["cards", "sheets", "standings", "certificates", "links"]
    .map((what) => {
      const url = pageUrl(`/tournament/${tid}/print/${what}`);
      const pdf = `${url}${url.includes("?") ? "&" : "?"}format=pdf`;
      return `<li><a href="${esc(url)}" data-testid="print-${what}" target="_blank" rel="noopener">${esc(t(`print_${what}`))}</a>
        · <a href="${esc(pdf)}" data-testid="pdf-${what}" target="_blank" rel="noopener">PDF</a></li>`;
    }).join("");
  const tables = Object.entries(links.tables || {}).map(([n, url]) => linkItem(`link-table-${n}`, t("table_n", { n }), url)).join("");
  const players = Object.entries(links.players || {}).map(([n, url]) => linkItem(`link-player-${n}`, playerName(Number(n)), url)).join("");
  return `<h2>${esc(t("links"))}</h2><div data-testid="links">
    <ul class="t-links">
      ${links.chief ? linkItem("link-chief", t("link_chief"), links.chief) : ""}
      ${links.projector ? linkItem("link-projector", t("link_projector"), links.projector) : ""}
      ${linkItem("link-public", t("link_public"), `/tournament/${tid}?lang=${BOOT.lang}`)}
    </ul>
    <h3>${esc(t("printouts"))}</h3><ul class="t-links" data-testid="printouts">${prints}</ul>
    ${tables ? `<details><summary>${esc(t("link_tables"))}</summary><ul class="t-links">${tables}</ul></details>` : ""}
    ${players ? `<details><summary>${esc(t("link_players"))}</summary><ul class="t-links">${players}</ul></details>` : ""}
  </div>`;
}

// ------------------------------------------------------------------ the audit log

function actorText(actor) {
  if (actor === "chief") return t("role_chief");
  if (actor === "server") return t("role_server");
  const [kind, n] = String(actor).split(":");
  if (kind === "table") return t("role_table", { table: n });
  if (kind === "player") return playerName(Number(n));
  return actor;
}

function detailsText(kind, d) {
  const parts = [];
  if (d.round !== undefined) parts.push(t("round_n", { n: d.round }));
  if (d.table !== undefined) parts.push(t("table_n", { n: d.table }));
  if (d.player !== undefined) parts.push(playerName(d.player));
  if (d.a !== undefined && d.b !== undefined) parts.push(`${playerName(d.a)} ⇄ ${playerName(d.b)}`);
  if (kind === "player_added" && d.name) parts.push(d.name);
  if (d.by) parts.push(t(`replaced_${d.by}`));
  if (d.changes) parts.push(Object.keys(d.changes).join(", "));
  if (d.reason) parts.push(`“${d.reason}”`);
  return parts.join(" · ");
}

function logHtml() {
  const ops = [...(S.status.log || [])].reverse();
  if (!ops.length) return `<h2>${esc(t("log"))}</h2><p class="t-muted" data-testid="log">${esc(t("log_empty"))}</p>`;
  const rows = ops.map((o) => `<tr data-seq="${o.seq}"><td class="num">${esc(o.seq)}</td><td>${o.at ? esc(fmtTime(o.at)) : ""}</td>
    <td>${esc(actorText(o.actor))}</td><td>${esc(kindText(o.kind))}</td><td class="small">${esc(detailsText(o.kind, o.data || {}))}</td></tr>`).join("");
  return `<h2>${esc(t("log"))}</h2><div class="t-scroll t-tall"><table class="t-table t-log" data-testid="log"><thead><tr>
    <th class="num">#</th><th>${esc(t("col_time"))}</th><th>${esc(t("col_actor"))}</th><th>${esc(t("col_operation"))}</th><th>${esc(t("col_details"))}</th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}
