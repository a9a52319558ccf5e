// The page's help: the "?" button of the top bar, or the key ?, opens a dialog with the
// rules of the room in words (GET /api/rules: the words of `monopoly rules`), the keys of
// the page and what its controls mean. In the lobby it shows every game's presets instead
// of a room's rules. Also the one-line description of a preset the lobby shows under its
// choice of rules (presetAbout).
//
// app.js calls openHelp(ctx) with ctx: {t, esc, lang, meta, game, preset, options, edition}
// (game null: the lobby; meta: GET /api/meta, for the lobby's list of presets). The dialog
// is one <dialog> under <body>, outside what the page draws again, opened modal: the focus
// moves into it and the rest of the page is inert; Escape or its close button closes it and
// the focus goes back to the control that had it. Every text from the server is escaped.

let dialog = null;
let opener = null; // the control the focus goes back to
let asked = 0; // the latest request for rules: an older answer coming late is dropped
const cache = new Map(); // query -> the rules in words

/** Whether `ev` is the key that opens the help: "?" while no field is being typed in and no
 * dialog is open. */
export function isHelpKey(ev) {
  if (ev.key !== "?" || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return false;
  if (ev.target?.closest?.("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return false;
  return !document.querySelector("dialog[open]");
}

/** The one-line description of a preset of `game` ("board" or "deal"), in the page's texts. */
export function presetAbout(t, game, preset) {
  return t(game === "deal" ? `deal_preset_about_${preset}` : `preset_about_${preset}`);
}

/** Open the help of the room of `ctx` (or the lobby's), in the page's language. */
export function openHelp(ctx) {
  const { t, esc } = ctx;
  if (!dialog) build();
  if (!dialog.open) {
    const active = document.activeElement;
    opener = active && active !== document.body && !dialog.contains(active) ? active : null;
  }
  dialog.lang = ctx.lang || "";
  dialog.querySelector("#help-title").textContent = t("help");
  const close = dialog.querySelector(".help-close");
  close.title = t("help_close");
  close.setAttribute("aria-label", t("help_close"));
  const room = Boolean(ctx.game);
  dialog.querySelector(".help-body").innerHTML = `
    ${room ? rulesPart(ctx) : presetsPart(ctx)}
    <section class="help-part" data-testid="help-keys" aria-labelledby="help-keys-title">
      <h3 id="help-keys-title">${esc(t("help_keys"))}</h3>
      <dl class="help-list">${keys(t).map(([k, what]) => `<div><dt>${k.map((name) => `<kbd>${esc(name)}</kbd>`).join(" ")}</dt><dd>${esc(what)}</dd></div>`).join("")}</dl>
    </section>
    <section class="help-part" data-testid="help-controls" aria-labelledby="help-controls-title">
      <h3 id="help-controls-title">${esc(t("help_controls"))}</h3>
      <dl class="help-list">${controls(t, room ? ctx.game : null).map(([term, what]) => `<div><dt>${esc(term)}</dt><dd>${esc(what)}</dd></div>`).join("")}</dl>
    </section>`;
  if (!dialog.open) dialog.showModal();
  close.focus();
  if (room) loadRules(ctx);
}

function build() {
  dialog = document.createElement("dialog");
  dialog.className = "help";
  dialog.dataset.testid = "help-dialog";
  dialog.setAttribute("aria-labelledby", "help-title");
  dialog.innerHTML = `<header class="help-head"><h2 id="help-title"></h2>
      <button type="button" class="help-close" data-testid="help-close">×</button></header>
    <div class="help-body"></div>`;
  dialog.querySelector(".help-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); }); // the backdrop
  dialog.addEventListener("close", () => {
    asked += 1;
    const back = opener?.isConnected ? opener : document.querySelector("[data-help]");
    opener = null;
    back?.focus();
  });
  document.body.appendChild(dialog);
}

function rulesPart(ctx) {
  const { t, esc } = ctx;
  return `<section class="help-part" data-testid="help-rules" aria-labelledby="help-rules-title">
      <h3 id="help-rules-title">${esc(t("help_rules"))}</h3>
      <div class="help-rules" aria-live="polite" aria-busy="true"><p class="muted">${esc(t("loading"))}</p></div>
    </section>`;
}

function presetsPart(ctx) {
  const { t, esc } = ctx;
  const games = [["board", ctx.meta?.presets, "preset_"], ["deal", ctx.meta?.deal?.presets, "deal_preset_"]];
  return `<section class="help-part" data-testid="help-presets" aria-labelledby="help-presets-title">
      <h3 id="help-presets-title">${esc(t("help_presets"))}</h3>
      <p class="muted small">${esc(t("help_presets_note"))}</p>
      ${games.filter(([, list]) => list?.length).map(([game, list, prefix]) => `<h4>${esc(t(`game_${game}`))}</h4>
      <dl class="help-list">${list.map((p) => p.name ?? p.key ?? p).map((name) => `<div><dt>${esc(t(prefix + name))}</dt><dd>${esc(presetAbout(t, game, name))}</dd></div>`).join("")}</dl>`).join("")}
    </section>`;
}

async function loadRules(ctx) {
  const { t, esc } = ctx;
  const ask = ++asked;
  const box = dialog.querySelector(".help-rules");
  const query = new URLSearchParams({ game: ctx.game, lang: ctx.lang || "en", options: JSON.stringify(ctx.options || {}) });
  if (ctx.preset) query.set("preset", ctx.preset);
  if (ctx.edition) query.set("edition", ctx.edition);
  let html;
  try {
    const data = await rules(query.toString());
    const item = (line) => `<li${line.changed ? ' class="changed"' : ""} data-option="${esc(line.option)}">${line.changed ? `<span class="help-mark" aria-hidden="true">●</span><span class="help-sr">${esc(t("help_changed"))}: </span>` : ""}${esc(line.text)}</li>`;
    const changed = data.rules.filter((line) => line.changed);
    html = `<p class="help-preset" data-testid="help-preset"><b>${esc(data.title)}</b> — ${esc(data.about)}</p>
      ${changed.length ? `<h4>${esc(t(ctx.game === "deal" ? "help_changed_deal" : "help_changed_board"))}</h4>
      <ul class="help-rules-list help-changes" data-testid="help-changes">${changed.map((line) => `<li>${esc(line.text)}</li>`).join("")}</ul>` : ""}
      <details class="help-all" data-testid="help-all-rules"><summary>${esc(t("help_all_rules", { n: data.rules.length }))}</summary>
      ${data.sections.map((s) => `<h4>${esc(s.title)}</h4><ul class="help-rules-list">${s.rules.map(item).join("")}</ul>`).join("")}
      </details>`;
  } catch (e) {
    html = `<p class="bad-text" data-testid="help-rules-error">${esc(t("help_rules_error", { message: e.message }))}</p>`;
  }
  if (ask !== asked || !box.isConnected) return; // closed, or opened again meanwhile
  box.innerHTML = html;
  box.setAttribute("aria-busy", "false");
}

async function rules(query) {
  if (cache.has(query)) return cache.get(query);
  const res = await fetch(`/api/rules?${query}`);
  let data = null;
  try { data = await res.json(); } catch (e) { /* no JSON */ }
  if (!res.ok) throw new Error(data?.error?.message || res.statusText || String(res.status));
  cache.set(query, data);
  return data;
}

/** The keys of a text such as "Home, End", one by one. */
function each(names) { return names.split(/,\s*/).filter(Boolean); }

function keys(t) {
  return [
    [["?"], t("help_key_help")],
    [[t("key_esc")], t("help_key_esc")],
    [each(t("key_tab")), t("help_key_tab")],
    [each(t("key_enter")), t("help_key_enter")],
    [["←", "→"], t("help_key_arrows")],
    [each(t("key_pages")), t("help_key_pages")],
    [each(t("key_home_end")), t("help_key_home_end")],
  ];
}

function controls(t, game) {
  const common = [["EN · CS · RU", t("help_langs")], [t("conn_online"), t("help_conn")]];
  if (!game) {
    return [
      [t("create_room"), t("help_create")],
      [t("preset"), t("help_preset")],
      [t("rule_options"), t("help_rule_options")],
      [t("turn_clock"), t("help_turn_clock")],
      [`${t("join")} · ${t("watch")}`, t("help_join")],
      ...common,
    ];
  }
  const room = [[t("log"), t("help_log")], [t("chat"), t("help_chat")], [t("seat_link"), t("seat_link_note")]];
  if (game === "deal") {
    return [
      [t("help_prompt_term"), t("help_prompt")],
      [t("deal_hand"), t("help_deal_hand")],
      [t("deal_move_wilds"), t("help_deal_wilds")],
      [t("deal_pay_submit"), t("help_deal_pay")],
      [t("deal_discard_submit"), t("help_deal_discard")],
      ...room, ...common,
    ];
  }
  return [
    [t("help_prompt_term"), t("help_prompt")],
    [t("help_square_term"), t("help_square")],
    [t("tool_trade"), t("help_trade")],
    [t("tool_build"), t("tool_build_note")],
    [t("tool_mortgage"), t("tool_mortgage_note")],
    [t("tool_raise"), t("tool_raise_note")],
    [t("tool_loans"), t("help_loans")],
    ...room,
    [t("resign"), t("help_resign")],
    ...common,
  ];
}
