// The tournament pages (monopoly.web.tournament_pages): the chief referee's console, a
// table referee's page, a player's page, the public page, the projector and the form of
// a new tournament. Plain ES modules, no build step.
//
// The server is the only authority: the page polls GET /api/tournaments/{tid} every 2 s
// (and right after each action) and shows what it says; the clocks tick locally between
// polls from the server's `now`. Every text comes from the boot JSON's labels.

import {
  BOOT, FORMS, S, SEAT_KEY, TOKEN_KEY, api, clearError, clockHtml, currentRound, esc,
  installHandlers, linesHtml, money, patch, points, region, roundTitle, seatList,
  setRefresh, setRender, showError, standingsHtml, statusBadge, t, tick, tilesHtml, tournamentPath, fmtDate,
  op,
} from "./tournament-lib.js";
import { renderChief } from "./tournament-chief.js";
import { renderNew, renderTablePage } from "./tournament-forms.js";

const app = () => document.getElementById("app");

// ------------------------------------------------------------------ polling

async function poll() {
  clearTimeout(S.pollTimer);
  try {
    // with the version of the state it has, the page gets only the clocks when nothing
    // else changed
    const since = S.status && S.status.version !== undefined ? { v: String(S.status.version) } : {};
    const data = await api(tournamentPath(), { params: since });
    if (data.unchanged && S.status && data.version === S.status.version) {
      S.status.now = data.now;
      for (const c of data.rounds || []) {
        const r = (S.status.rounds || [])[c.round - 1];
        if (!r) continue;
        r.elapsed = c.elapsed;
        r.remaining = c.remaining;
        (r.tables || []).forEach((x, k) => { if (k < c.tables.length) x.remaining = c.tables[k]; });
      }
    } else {
      S.status = data;
    }
    S.polledAt = performance.now();
    clearError("poll");
    render();
  } catch (e) {
    const err = e.status ? e : new Error(t("error_network"));
    err.kind = "poll";
    showError(err);
    if (!S.status) app().innerHTML = "";
  } finally {
    // a hidden tab asks less often; it asks at once when shown again
    S.pollTimer = setTimeout(poll, document.hidden ? 15000 : BOOT.poll_ms || 2000);
  }
}

function render() {
  const root = app();
  if (!S.status) return;
  if (root.dataset.ready !== BOOT.page) {
    root.innerHTML = "";
    root.dataset.ready = BOOT.page;
  }
  const page = { chief: renderChief, table: renderTablePage, player: renderPlayer, projector: renderProjector }[BOOT.page] || renderPublic;
  page(root);
  tick();
}

// ------------------------------------------------------------------ the common head

/** The tournament's name, date, round and the round clock. */
function headHtml(r, { controls = "" } = {}) {
  const s = S.status.settings || {};
  const done = S.status.finished ? `<p class="t-done" data-testid="finished">${esc(t("finished"))}</p>` : "";
  return `<div class="t-head">
    <div><h1 class="t-title">${esc(s.name)}</h1><p class="t-muted">${esc(fmtDate(s.date))}${r ? ` · <span data-testid="round-title">${esc(roundTitle(r))}</span>` : ""}</p>${done}</div>
    ${r ? clockHtml(r) : `<p class="t-muted" data-testid="no-round">${esc(t("no_round"))}</p>`}
  </div>${controls}`;
}

// ------------------------------------------------------------------ the public page

function shownTable() {
  const q = new URLSearchParams(location.search).get("table");
  const n = Number(BOOT.table ?? q);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function renderPublic(root) {
  const r = currentRound();
  patch(region(root, "head", "t-card t-head-card"), headHtml(r));
  const n = shownTable();
  const table = r && n ? (r.tables || [])[n - 1] : null;
  const view = region(root, "table-view");
  view.hidden = !n;
  if (n) {
    patch(view, table ? `<h2>${esc(t("table_n", { n }))} ${statusBadge(table.status)}</h2><div data-testid="table-view">
      ${seatList(table)}${r.started_at && !table.lines ? clockHtml(r, table, "table-clock") : ""}${linesHtml(table)}</div>`
      : `<p class="t-muted" data-testid="table-view">${esc(t("no_round"))}</p>`);
  }
  const link = (x) => `/tournament/${encodeURIComponent(BOOT.tid)}?table=${x.table}&lang=${BOOT.lang}`;
  patch(region(root, "tables"), `<h2>${esc(t("tables"))}</h2>${tilesHtml(r, { link })}`);
  patch(region(root, "standings"), `<h2>${esc(t("standings"))}</h2><div data-testid="standings">${standingsHtml(S.status.standings)}</div>`);
}

// ------------------------------------------------------------------ the projector

function renderProjector(root) {
  const r = currentRound();
  const s = S.status.settings || {};
  patch(region(root, "head", "p-head"), `<h1 class="p-title">${esc(s.name)}</h1>
    <p class="p-round" data-testid="round-title">${r ? esc(roundTitle(r)) : esc(t("no_round"))}</p>
    ${r ? clockHtml(r) : ""}${S.status.finished ? `<p class="p-done" data-testid="finished">${esc(t("finished"))}</p>` : ""}`);
  patch(region(root, "tables", "p-tables"), tilesHtml(r, { big: true }));
  patch(region(root, "standings", "p-standings"), `<h2>${esc(t("standings_top"))}</h2><div data-testid="standings">${standingsHtml(S.status.standings, { top: 10 })}</div>`);
}

// ------------------------------------------------------------------ a player's page

function myTable() {
  const me = S.status.me;
  const r = currentRound();
  if (!me || !r || !me.table) return [r, null];
  return [r, (r.tables || [])[me.table - 1] || null];
}

function renderPlayer(root) {
  const me = S.status.me || {};
  const [r, table] = myTable();
  const p = (S.status.players || [])[me.player];
  patch(region(root, "head", "t-card t-head-card"), headHtml(r) + (p ? `<p class="t-me" data-testid="me">${esc(p.name)}${p.club ? ` · ${esc(p.club)}` : ""}</p>` : ""));

  let where;
  if (!table) {
    where = `<p class="t-muted" data-testid="not-seated">${esc(t("not_seated"))}</p>`;
  } else {
    const seat = table.players.indexOf(me.player) + 1;
    const go = me.room_url && !table.lines
      ? `<a class="button primary big" href="${esc(me.room_url)}" data-testid="btn-go-table" data-act-link="go-table">${esc(t("btn_go_table"))}</a>`
      : "";
    where = `<p class="t-where" data-testid="my-seat">${esc(t("your_seat", { round: r.final ? t("final") : r.round, table: table.table, seat }))}</p>
      ${statusBadge(table.status)}${seatList(table, { me: me.player })}
      ${r.started_at && !table.lines ? clockHtml(r, table, "table-clock") : ""}${go}`;
  }
  patch(region(root, "my-table"), `<h2>${esc(t("your_table"))}</h2><div data-testid="my-table">${where}</div>`);

  const line = region(root, "my-line");
  line.hidden = !(table && table.lines);
  if (table && table.lines) patch(line, myLineHtml(r, table, me.player));

  patch(region(root, "my-results"), `<h2>${esc(t("your_results"))}</h2><div data-testid="my-results">${resultsHtml(me.player)}</div>`);
  patch(region(root, "standings"), `<h2>${esc(t("standings"))}</h2><div data-testid="standings">${standingsHtml(S.status.standings, { me: me.player })}</div>`);
}

function myLineHtml(r, table, me) {
  const confirmed = (table.confirmed || []).includes(me);
  const dispute = table.disputes?.[String(me)];
  const accepted = table.status === "accepted";
  let actions = "";
  if (confirmed) actions = `<p class="t-ok" data-testid="my-confirmed">${esc(t("you_confirmed"))}</p>`;
  else if (!accepted) {
    const data = { round: r.round, table: table.table, player: me };
    actions = `${dispute ? `<p class="t-bad" data-testid="my-dispute">${esc(t("you_disputed", { reason: dispute }))}</p>` : ""}
      <div class="t-row"><button type="button" class="primary big" data-testid="btn-confirm" data-op="sheet_confirmed" data-args="${esc(JSON.stringify(data))}">${esc(t("btn_confirm"))}</button></div>
      <form class="t-form t-inline" data-form="dispute" data-testid="dispute-form" data-args="${esc(JSON.stringify(data))}">
        <label>${esc(t("dispute_reason"))}<input name="reason" data-testid="dispute-reason" maxlength="64" required></label>
        <button type="submit" class="danger" data-testid="btn-dispute">${esc(t("btn_dispute"))}</button>
      </form>`;
  }
  return `<h2>${esc(t("your_line"))}</h2><div data-testid="my-line">${linesHtml(table, { me })}${actions}</div>`;
}

function resultsHtml(me) {
  const rows = [];
  for (const r of S.status.rounds || []) {
    for (const x of r.tables || []) {
      const line = (x.lines || []).find((l) => l.player === me);
      if (!x.players.includes(me)) continue;
      rows.push(`<tr data-round="${r.round}"><td>${esc(roundTitle(r))}</td><td class="num">${esc(x.table)}</td>
        <td class="num">${line ? esc(points(line.place)) : ""}</td><td class="num">${line ? esc(points(line.points)) : ""}</td>
        <td class="num">${line ? esc(money(line.total)) : ""}</td><td>${statusBadge(x.status)}</td></tr>`);
    }
  }
  if (!rows.length) return `<p class="t-muted">${esc(t("no_results"))}</p>`;
  return `<div class="t-scroll"><table class="t-table"><thead><tr><th>${esc(t("col_round"))}</th><th class="num">${esc(t("col_table"))}</th>
    <th class="num">${esc(t("col_place"))}</th><th class="num">${esc(t("col_points"))}</th><th class="num">${esc(t("total"))}</th><th></th></tr></thead>
    <tbody>${rows.join("")}</tbody></table></div>`;
}

FORMS.dispute = (form) => {
  const reason = form.reason.value.trim();
  if (!reason) { showError(new Error(t("error_reason"))); return; }
  const data = JSON.parse(form.dataset.args);
  op("sheet_disputed", { ...data, reason }).then((ok) => { if (ok) form.reset(); });
};

/** "Go to your table": the browser game at / remembers the seat by these keys (app.js). */
function goToTable(ev) {
  const a = ev.target.closest("a[data-act-link=go-table]");
  if (!a) return;
  const me = S.status?.me;
  if (!me || !me.room) return;
  localStorage.setItem(TOKEN_KEY(me.room), BOOT.token);
  localStorage.setItem(SEAT_KEY(me.room), String(me.seat));
  localStorage.setItem("monopoly.lang", BOOT.lang); // the game speaks the page's language
}

// ------------------------------------------------------------------ boot

function fixLangLinks() {
  // keep every parameter of this address (?table=N) and change the language only
  for (const a of document.querySelectorAll("[data-testid=lang-switch] a[data-lang]")) {
    const q = new URLSearchParams(location.search);
    q.set("lang", a.dataset.lang);
    a.href = `${location.pathname}?${q}`;
  }
}

function boot() {
  const root = app();
  document.documentElement.lang = BOOT.lang;
  fixLangLinks();
  installHandlers(root);
  root.addEventListener("click", goToTable);
  document.querySelector("[data-testid=btn-error-close]")?.addEventListener("click", () => clearError());
  if (BOOT.page === "new") { root.innerHTML = ""; renderNew(root); return; }
  setRender(render);
  setRefresh(() => { clearTimeout(S.pollTimer); S.pollTimer = setTimeout(poll, 0); });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  setInterval(tick, 500);
  poll();
}

boot();
