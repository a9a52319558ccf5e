// The tournament pages' forms: a table's panel (the table referee's page, and the chief
// referee's detail of one table), the equipment count, the real table's score-sheet form
// with its running totals, and the form of a new tournament.

import {
  ACTIONS, BOOT, FORMS, INPUTS, S, actButton, api, clockHtml, currentRound, equipmentText, esc,
  isRunning, linesHtml, loadDeeds, money, op, opButton, options, patch, playerName, region,
  renderAgain, roundTitle, run, seatList, settings, showError, statusBadge, t, tournamentPath,
} from "./tournament-lib.js";

// ------------------------------------------------------------------ a table referee's page

export function renderTablePage(root) {
  const n = Number(String(BOOT.role || "").split(":")[1]);
  const r = currentRound();
  const table = r ? (r.tables || [])[n - 1] : null;
  const s = settings();
  patch(region(root, "head", "t-card t-head-card"), `<div class="t-head"><div><h1 class="t-title">${esc(s.name)}</h1>
    <p class="t-muted">${esc(t("role_table", { table: n }))}${r ? ` · <span data-testid="round-title">${esc(roundTitle(r))}</span>` : ""}</p></div>
    ${r ? clockHtml(r) : ""}</div>`);
  const idle = region(root, "idle");
  idle.hidden = Boolean(table);
  if (!table) patch(idle, `<p class="t-muted" data-testid="table-idle">${esc(r ? t("table_idle", { n }) : t("no_round"))}</p>`);
  const panel = region(root, "panel", "t-card t-panel");
  panel.hidden = !table;
  if (table) renderTablePanel(panel, r, table, { chief: false });
}

// ------------------------------------------------------------------ one table's panel

/** Table `table` of round `r` into `box` (subregions patched one by one, so that a poll
 *  leaves the score-sheet form alone while nothing of it changed). */
export function renderTablePanel(box, r, table, { chief = false } = {}) {
  const s = settings();
  const real = s.play === "real";
  const started = r.started_at !== null && r.started_at !== undefined;
  const n = table.table;
  const where = { round: r.round, table: n };
  let buttons = "";
  if (!chief && isRunning(r) && !table.lines) {
    buttons += table.paused
      ? opButton(`btn-resume-${n}`, t("btn_resume_table"), "table_resumed", where, { cls: "primary" })
      : opButton(`btn-pause-${n}`, t("btn_pause_table"), "table_paused", where);
  }
  if (table.room) buttons += `<a class="button" data-testid="room-link" href="/#/room/${encodeURIComponent(table.room)}">${esc(t("room_link"))}</a>`;
  // a stuck table: the referee gives a seat to the server's bot (online) or marks its
  // player absent; the chief referee does it from the console's form
  let stuck = "";
  if (!chief && isRunning(r) && !table.lines) {
    const seats = table.players.filter((p) => !table.replaced?.[String(p)]).map((p) => {
      const by = s.play === "online" ? "bot" : "absent";
      const label = t(by === "bot" ? "btn_bot_for" : "btn_absent_for", { name: playerName(p) });
      return opButton(`btn-stuck-${p}`, label, "seat_replaced", { ...where, player: p, by },
        { cls: "small", confirm: "confirm_replace", confirmArgs: { name: playerName(p), table: n } });
    });
    if (seats.length) stuck = `<details class="t-stuck" data-testid="stuck-seats"><summary>${esc(t("stuck_seats"))}</summary><div class="t-row">${seats.join("")}</div></details>`;
  }
  patch(region(box, "panel-head", "t-sub"), `<h2 data-testid="panel-title">${esc(t("table_n", { n }))} · ${esc(roundTitle(r))} ${statusBadge(table.status)}</h2>
    <div data-testid="panel-${n}">${seatList(table)}</div>
    ${started && !table.lines ? clockHtml(r, table, "table-clock") : ""}<div class="t-row">${buttons}</div>${stuck}`);

  const eq = region(box, "panel-equipment", "t-sub");
  eq.hidden = !(real && !started);
  if (!eq.hidden) patch(eq, equipmentHtml(r, table));

  const key = `${r.round}:${n}`;
  const accepted = table.status === "accepted";
  const nobodySigned = !(table.confirmed || []).length;
  const mayCorrect = real && started && table.lines && !accepted && (chief || nobodySigned);
  const open = real && started && !accepted && (!table.lines || (mayCorrect && S.sheetOpen === key));
  const sheet = region(box, "panel-sheet", "t-sub");
  sheet.hidden = !open;
  if (open) {
    if (!S.deeds) {
      patch(sheet, `<p class="t-muted">${esc(t("loading"))}</p>`);
      loadDeeds().then((deeds) => { if (deeds) renderAgain(); });
    } else {
      patch(sheet, sheetFormHtml(r, table, { reason: Boolean(chief && table.lines) }));
      recalcSheet(sheet.querySelector("form[data-form=sheet]"));
    }
  }

  const confirmFor = (p, st) => (chief || st.confirmed || st.replaced || accepted ? ""
    : opButton(`btn-confirm-${p}`, t("btn_confirm_for", { name: playerName(p) }), "sheet_confirmed", { ...where, player: p }, { cls: "small" }));
  const toggle = mayCorrect ? actButton("btn-correct-sheet", open ? t("btn_hide") : t("btn_correct_sheet"), "sheet-open", { data: { key } }) : "";
  const heading = s.play === "online" ? t("online_result") : t("score_sheet");
  patch(region(box, "panel-lines", "t-sub"), `<h2>${esc(heading)}</h2>${started ? linesHtml(table, { actions: confirmFor }) : ""}${toggle}`);
}

ACTIONS["sheet-open"] = (b) => {
  S.sheetOpen = S.sheetOpen === b.dataset.key ? null : b.dataset.key;
  renderAgain();
};

// ------------------------------------------------------------------ the equipment count

function equipmentHtml(r, table) {
  const head = `<h2>${esc(t("equipment"))}</h2>`;
  if (table.counted) return `${head}<p class="t-ok" data-testid="equipment-done">✓ ${esc(t("counted"))}</p>`;
  const items = (S.status.equipment || []).map((item) => `<label class="check"><input type="checkbox" name="equip-${esc(item)}" value="${esc(item)}" data-testid="equip-${esc(item)}"> ${esc(equipmentText(item))}</label>`).join("");
  return `${head}<p class="small t-muted">${esc(t("equipment_help"))}</p>
    <form class="t-form" data-form="equipment" data-testid="equipment-form" data-round="${r.round}" data-table="${table.table}">
      <div class="t-checks">${items}</div>
      <button type="submit" class="primary" data-testid="btn-equipment">${esc(t("btn_equipment"))}</button></form>`;
}

FORMS.equipment = (form) => {
  const items = [...form.querySelectorAll("input[type=checkbox]:checked")].map((x) => x.value);
  if (items.length < (S.status.equipment || []).length) { showError(new Error(t("error_equipment"))); return; }
  op("equipment_counted", { round: Number(form.dataset.round), table: Number(form.dataset.table), items });
};

// ------------------------------------------------------------------ the score-sheet form

function housesForHotel() {
  const s = settings();
  const option = s.options?.houses_for_hotel;
  if (Number.isInteger(option)) return option;
  return BOOT.houses_for_hotel?.[s.preset] ?? 4;
}

const isStreet = (d) => d.kind === "street" || d.house_cost > 0;

function blockHtml(p, i, count, deeds, hfh) {
  const orders = [["", "—"], ...Array.from({ length: count - 1 }, (_, k) => [k + 1, String(k + 1)])];
  const builds = [...Array.from({ length: hfh + 1 }, (_, k) => [k, String(k)]), ["H", t("hotel")]];
  const rows = deeds.map((d) => {
    const id = `${i}-${d.square}`;
    const build = isStreet(d)
      ? `<select name="build-${id}" data-testid="build-${id}" aria-label="${esc(t("houses"))}: ${esc(d.name)}">${options(builds, 0)}</select>` : "";
    return `<tr class="t-deed" data-square="${d.square}">
      <td><label class="t-deed-name" for="own-${id}"><span class="t-chip g-${esc(d.group)}"></span>${esc(d.name)} <span class="t-muted small">${esc(money(d.price))}</span></label></td>
      <td class="c"><input type="checkbox" id="own-${id}" name="own-${id}" data-testid="own-${id}" aria-label="${esc(t("owned"))}: ${esc(d.name)}"></td>
      <td class="c"><input type="checkbox" name="mort-${id}" data-testid="mort-${id}" aria-label="${esc(t("mortgaged"))}: ${esc(d.name)}"></td>
      <td>${build}</td></tr>`;
  }).join("");
  return `<fieldset class="t-sheet-block" data-block="${i}" data-player="${p}" data-testid="sheet-player-${i}">
    <legend>${esc(t("seat_n", { n: i + 1 }))}: ${esc(playerName(p))}</legend>
    <div class="t-row">
      <label>${esc(t("cash"))}<input type="number" name="cash-${i}" data-testid="sheet-cash-${i}" min="0" step="1" inputmode="numeric" placeholder="0"></label>
      <label class="check"><input type="checkbox" name="bankrupt-${i}" data-testid="sheet-bankrupt-${i}"> ${esc(t("bankrupt"))}</label>
      <label>${esc(t("bankrupt_order"))}<select name="order-${i}" data-testid="sheet-order-${i}">${options(orders, "")}</select></label>
    </div>
    <table class="t-table t-deeds"><thead><tr><th>${esc(t("deed"))}</th><th class="c">${esc(t("owned"))}</th><th class="c">${esc(t("mortgaged"))}</th><th>${esc(t("houses"))}</th></tr></thead>
      <tbody>${rows}</tbody></table>
    <p class="t-sheet-sum">${esc(t("properties"))}: <span data-sum="props-${i}"></span> · ${esc(t("buildings"))}: <span data-sum="builds-${i}"></span>
      · ${esc(t("total"))}: <strong data-testid="sheet-total-${i}" data-sum="total-${i}"></strong></p>
  </fieldset>`;
}

function sheetFormHtml(r, table, { reason }) {
  const deeds = S.deeds || [];
  const hfh = housesForHotel();
  const count = table.players.length;
  const tabs = table.players.map((p, i) => `<button type="button" role="tab" data-testid="sheet-tab-${i}" data-act="sheet-tab" data-i="${i}">${esc(playerName(p))}<br><span class="small" data-sum="tab-${i}"></span></button>`).join("");
  return `<h2>${esc(t("score_sheet"))}</h2><p class="small t-muted">${esc(t("valuation"))}</p>
    <form class="t-form t-sheet" data-form="sheet" data-testid="sheet-form" data-round="${r.round}" data-table="${table.table}" data-hfh="${hfh}" data-players="${count}" data-correct="${reason ? 1 : 0}" novalidate>
      <label class="check"><input type="checkbox" name="only-owned" data-testid="sheet-only-owned"> ${esc(t("only_owned"))}</label>
      <div class="t-sheet-tabs" role="tablist">${tabs}</div>
      <div class="t-sheet-blocks">${table.players.map((p, i) => blockHtml(p, i, count, deeds, hfh)).join("")}</div>
      ${reason ? `<label>${esc(t("reason"))}<input name="reason" data-testid="sheet-reason" maxlength="64" required></label>` : ""}
      <button type="submit" class="primary big" data-testid="btn-save-sheet">${esc(t("btn_save_sheet"))}</button>
    </form>`;
}

/** The running totals (assets.py's arithmetic: mortgaged at half, houses at cost, a hotel
 *  at the houses it replaced and itself), and what may be ticked. */
export function recalcSheet(form) {
  if (!form) return;
  const hfh = Number(form.dataset.hfh) || 4;
  const count = Number(form.dataset.players) || 0;
  const deeds = S.deeds || [];
  const el = (name) => form.elements[name];
  form.classList.toggle("only-owned", Boolean(el("only-owned")?.checked));
  const owner = new Map();
  for (const d of deeds) {
    for (let i = 0; i < count; i++) {
      if (!el(`bankrupt-${i}`)?.checked && el(`own-${i}-${d.square}`)?.checked && !owner.has(d.square)) owner.set(d.square, i);
    }
  }
  S.sheetTab = Math.min(S.sheetTab, Math.max(0, count - 1));
  for (let i = 0; i < count; i++) {
    const bankrupt = Boolean(el(`bankrupt-${i}`)?.checked);
    const block = form.querySelector(`[data-block="${i}"]`);
    block?.classList.toggle("is-bankrupt", bankrupt);
    block?.classList.toggle("active", i === S.sheetTab);
    const tab = form.querySelector(`[data-testid="sheet-tab-${i}"]`);
    tab?.setAttribute("aria-selected", String(i === S.sheetTab));
    el(`cash-${i}`).disabled = bankrupt;
    el(`order-${i}`).disabled = !bankrupt;
    let props = 0;
    let builds = 0;
    for (const d of deeds) {
      const own = el(`own-${i}-${d.square}`);
      const mort = el(`mort-${i}-${d.square}`);
      const build = el(`build-${i}-${d.square}`);
      const taken = owner.has(d.square) && owner.get(d.square) !== i;
      if (taken && own.checked) own.checked = false;
      own.disabled = bankrupt || taken;
      const owned = own.checked && !bankrupt;
      own.closest("tr").classList.toggle("is-owned", owned);
      mort.disabled = !owned;
      if (build) build.disabled = !owned || mort.checked;
      if (!owned) continue;
      props += mort.checked ? Math.floor(d.price / 2) : d.price;
      if (build && !mort.checked) builds += build.value === "H" ? d.house_cost * (hfh + 1) : d.house_cost * (Number(build.value) || 0);
    }
    const cash = bankrupt ? 0 : Math.max(0, Math.floor(Number(el(`cash-${i}`).value) || 0));
    const total = bankrupt ? 0 : cash + props + builds;
    const set = (key, text) => { const x = form.querySelector(`[data-sum="${key}"]`); if (x) x.textContent = text; };
    set(`props-${i}`, money(bankrupt ? 0 : props));
    set(`builds-${i}`, money(bankrupt ? 0 : builds));
    set(`total-${i}`, money(total));
    set(`tab-${i}`, bankrupt ? t("bankrupt") : money(total));
  }
}

INPUTS.sheet = (form) => recalcSheet(form);

ACTIONS["sheet-tab"] = (b) => {
  S.sheetTab = Number(b.dataset.i) || 0;
  recalcSheet(b.closest("form"));
};

FORMS.sheet = (form) => {
  recalcSheet(form);
  const round = Number(form.dataset.round);
  const number = Number(form.dataset.table);
  const r = (S.status.rounds || []).find((x) => x.round === round);
  const table = r?.tables?.[number - 1];
  if (!table) return;
  const holdings = [];
  const orders = {};
  for (let i = 0; i < table.players.length; i++) {
    const p = table.players[i];
    if (form.elements[`bankrupt-${i}`].checked) {
      const order = form.elements[`order-${i}`].value;
      if (!order) { S.sheetTab = i; recalcSheet(form); showError(new Error(t("error_bankrupt_order"))); return; }
      orders[String(p)] = Number(order);
      holdings.push({ cash: 0, bankrupt: true, deeds: {} });
      continue;
    }
    const deeds = {};
    for (const d of S.deeds || []) {
      if (!form.elements[`own-${i}-${d.square}`].checked) continue;
      const mortgaged = form.elements[`mort-${i}-${d.square}`].checked;
      const build = form.elements[`build-${i}-${d.square}`];
      const value = build && !mortgaged ? build.value : "0";
      deeds[String(d.square)] = { mortgaged, houses: value === "H" ? 0 : Number(value) || 0, hotel: value === "H" };
    }
    holdings.push({ cash: Math.max(0, Math.floor(Number(form.elements[`cash-${i}`].value) || 0)), bankrupt: false, deeds });
  }
  const body = { round, table: number, holdings, bankrupt_order: orders };
  if (form.dataset.correct === "1") {
    const reason = form.elements.reason.value.trim();
    if (!reason) { showError(new Error(t("error_reason"))); form.elements.reason.focus(); return; }
    body.reason = reason;
  }
  run(() => api(tournamentPath("/sheet"), { method: "POST", body }), t("sheet_saved")).then((ok) => {
    if (ok) S.sheetOpen = null;
  });
};

// ------------------------------------------------------------------ a new tournament

export function renderNew(root) {
  const c = BOOT.choices || {};
  const d = BOOT.defaults || {};
  const sel = (name, items, value) => `<select name="${name}" data-testid="new-${name.replace(/_/g, "-")}">${options(items, value)}</select>`;
  const finals = [[0, t("final_none")], ...[3, 4, 5].map((n) => [n, t("final_top", { n })])];
  root.innerHTML = `<section class="t-card t-new" data-region="new">
    <h1>${esc(t("title_new"))}</h1><p class="t-muted">${esc(t("new_help"))}</p>
    <form class="t-form" data-form="new" data-testid="new-form">
      <label>${esc(t("field_tname"))}<input name="name" data-testid="new-name" required maxlength="120"></label>
      <div class="t-row">
        <label>${esc(t("field_date"))}<input type="date" name="date" data-testid="new-date" required value="${esc(d.date)}"></label>
        <label>${esc(t("field_rounds"))}<input type="number" name="rounds" data-testid="new-rounds" min="1" max="20" value="${esc(d.rounds)}"></label>
        <label>${esc(t("field_table_size"))}<input type="number" name="table_size" data-testid="new-table-size" min="3" max="5" value="${esc(d.table_size)}"></label>
        <label>${esc(t("field_game_minutes"))}<input type="number" name="game_minutes" data-testid="new-game-minutes" min="1" max="600" value="${esc(d.game_minutes)}"></label>
      </div>
      <div class="t-row">
        <label>${esc(t("field_format"))}${sel("format", (c.format || []).map((f) => [f, t(`format_${f}`)]), d.format)}</label>
        <label>${esc(t("field_scoring"))}${sel("scoring", (c.scoring || []).map((s) => [s, t(`scoring_${s}`)]), d.scoring)}</label>
        <label>${esc(t("field_final_size"))}${sel("final_size", finals, d.final_size)}</label>
      </div>
      <div class="t-row">
        <label>${esc(t("field_preset"))}${sel("preset", (c.preset || []).map((p) => [p.key, p.name]), d.preset)}</label>
        <label>${esc(t("field_edition"))}${sel("edition", (c.edition || []).map((e) => [e.key, e.name]), d.edition)}</label>
        <label>${esc(t("field_play"))}${sel("play", (c.play || []).map((p) => [p, t(`play_${p}`)]), d.play)}</label>
      </div>
      <div class="t-row">
        <label>${esc(t("field_language"))}${sel("language", (c.language || []).map((l) => [l, l.toUpperCase()]), d.language)}</label>
        <label>${esc(t("field_currency"))}<input name="currency" data-testid="new-currency" maxlength="8" required value="${esc(d.currency)}"></label>
      </div>
      <button type="submit" class="primary big" data-testid="btn-create">${esc(t("btn_create"))}</button>
    </form></section>`;
}

FORMS.new = (form) => {
  const e = form.elements;
  const body = {
    name: e.name.value.trim(), date: e.date.value, rounds: Number(e.rounds.value),
    table_size: Number(e.table_size.value), game_minutes: Number(e.game_minutes.value),
    format: e.format.value, scoring: e.scoring.value, final_size: Number(e.final_size.value),
    preset: e.preset.value, edition: e.edition.value, play: e.play.value,
    language: e.language.value, currency: e.currency.value.trim(),
  };
  if (!form.reportValidity()) return;
  run(() => api("/api/tournaments", { method: "POST", body })).then((res) => {
    if (res && res.id) {
      location.href = `/tournament/${encodeURIComponent(res.id)}?${new URLSearchParams({ token: res.chief_token, lang: BOOT.lang })}`;
    }
  });
};
