// The board: its squares (whole names, owners' edges, buildings), the tokens (a shape
// and letters per seat) and their moves, a square's card, and a phone's strip of squares.

import { esc, groupColour, money, playerColour, playerInk, playerName, S, squareInfo, squareName, t } from "./core.js";
import { showDice } from "./feedback.js";
import { optionList } from "./lobby.js";

// ------------------------------------------------------------------ token movement

export function moveTokens(prev, view, first) {
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
export function stepTokens() {
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

// grid cell of square i on an 11 x 11 board (GO bottom right, play runs clockwise... as printed)
export function cellOf(i) {
  if (i <= 10) return [11, 11 - i, "bottom"];
  if (i < 20) return [11 - (i - 10), 1, "left"];
  if (i <= 30) return [1, 1 + (i - 20), "top"];
  return [1 + (i - 30), 11, "right"];
}

export const CORNER_ICON = { go: "➜", jail: "▦", free_parking: "P", go_to_jail: "⚑" };
export const KIND_ICON = { chance: "?", community_chest: "✉", utility: "⚡" };
export const TRAIN_SVG = '<svg viewBox="0 0 24 16" class="train" aria-hidden="true"><path d="M2 3h9v6h3V5h5l3 5v3H2z" fill="currentColor"/><circle cx="6" cy="14" r="2" fill="currentColor"/><circle cx="13" cy="14" r="2" fill="currentColor"/><circle cx="19" cy="14" r="2" fill="currentColor"/><rect x="4" y="1" width="3" height="3" fill="currentColor"/></svg>';

export function renderBoard() {
  const board = document.getElementById("board");
  const view = S.state.view;
  const built = `${S.board?.edition}/${S.lang}/${S.board?.names}`;
  if (!board.dataset.built || board.dataset.built !== built) {
    board.dataset.built = built;
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
    fitNames(board);
    if (!board.resizing) { // a board drawn at another size fits its names again
      board.resizing = new ResizeObserver(() => requestAnimationFrame(() => fitNames(board)));
      board.resizing.observe(board);
    }
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
    mark.style.color = owner >= 0 ? playerInk(owner) : "";
    mark.title = owner >= 0 ? playerName(owner) : "";
    const letters = owner >= 0 ? (tokenLetters()[owner] ?? "") : "";
    if (mark.textContent !== letters) mark.textContent = letters;
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
  showDice(document.getElementById("dice"), view.dice || [0, 0], S.rolled);
  S.rolled = false;
  const info = [];
  info.push(`<div>${esc(t("turn_n", { n: view.turn }))} · ${tokenHtml(view.turn_player, "inline")}<b>${esc(playerName(view.turn_player))}</b></div>`);
  if (view.pot) info.push(`<div>${esc(t("pot", { amount: money(view.pot) }))}</div>`);
  info.push(`<div class="muted">${esc(t("bank_buildings", { houses: view.houses_left, hotels: view.hotels_left }))}</div>`);
  document.getElementById("center-info").innerHTML = info.join("");
  renderTokens();
  renderSquareDetail();
  renderStrip();
}

/** A phone's strip: the squares around this seat's token (the turn player's for a
 * spectator, the chosen square where one is chosen), large enough to read, with their
 * whole names, prices, owners and buildings (the board above is too small for words). */
export function renderStrip() {
  const box = document.getElementById("strip");
  const view = S.state?.view;
  if (!box || !view) return;
  const who = S.seat !== null && view.players[S.seat] && !view.players[S.seat].bankrupt ? S.seat : view.turn_player;
  const focus = S.selected ?? S.shownPos[who] ?? view.players[who]?.position ?? 0;
  const html = [-3, -2, -1, 0, 1, 2, 3].map((k) => {
    const i = (focus + k + 40) % 40;
    const sq = squareInfo(i);
    const owner = view.owner[i];
    const level = view.level[i];
    const here = view.players.map((p, s) => [p, s]).filter(([p, s]) => !p.bankrupt && (S.shownPos[s] ?? p.position) === i).map(([, s]) => tokenHtml(s)).join("");
    const colour = sq.kind === "street" ? groupColour(sq.group) : null;
    const state = [
      owner >= 0 ? `<span class="strip-owner">${tokenHtml(owner)}${esc(playerName(owner))}</span>` : "",
      view.mortgaged[i] ? `<span class="badge warn">${esc(t("mortgaged"))}</span>` : "",
      level ? `<span class="badge">${esc(level >= hotelLevel() ? t("hotel") : t("houses_n", { n: level }))}</span>` : "",
    ].join("");
    return `<li class="strip-sq${k === 0 ? " focus" : ""}${view.mortgaged[i] ? " mortgaged" : ""}" data-strip-sq="${i}" data-testid="strip-${i}">
      <span class="strip-band" style="background:${colour || "transparent"}"></span>
      <span class="strip-name">${esc(squareName(i))}</span>
      ${sq.price ? `<span class="muted small">${esc(money(sq.price))}</span>` : sq.tax ? `<span class="muted small">${esc(money(sq.tax))}</span>` : ""}
      <span class="strip-state">${state}</span><span class="strip-tokens">${here}</span></li>`;
  }).join("");
  if (box.dataset.html !== html) {
    box.innerHTML = html;
    box.dataset.html = html;
    const centre = box.querySelector(".focus"); // the token's square in the middle
    if (centre) box.scrollLeft = centre.offsetLeft - (box.clientWidth - centre.offsetWidth) / 2;
  }
  box.onclick = (ev) => {
    const el = ev.target.closest("[data-strip-sq]");
    if (!el) return;
    S.selected = Number(el.dataset.stripSq);
    renderSquareDetail();
    renderStrip();
  };
}

/** The building level of a hotel: houses_for_hotel + 1 (the room's options on top of its preset's). */
/** A smaller type for long names (some editions' squares have four-word names). */
export function nameSize(name) {
  const longest = Math.max(...name.split(/\s+/).map((w) => w.length));
  if (name.length > 26 || longest > 12) return "longer";
  if (name.length > 17 || longest > 9) return "long";
  return "";
}

/** Every square's name in whole words: a name whose longest word (or whose lines) does not
 * fit its square is written smaller until it does, never broken inside a word; on a board
 * too small for it to be read at all (a phone), the name is left to the strip of squares
 * around the token and to the square's card (a tap), and the square keeps its title. */
export const NAME_MIN_PX = 6;
export function fitNames(board) {
  const overflows = (el) => el.scrollWidth > el.clientWidth + 0.5 || el.parentElement.scrollHeight > el.parentElement.clientHeight + 0.5;
  for (const el of board.querySelectorAll(".sq .name")) {
    el.style.fontSize = "";
    el.classList.remove("unfit");
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (size > NAME_MIN_PX && overflows(el)) {
      size = Math.max(NAME_MIN_PX, size * 0.9);
      el.style.fontSize = `${size}px`;
    }
    if (overflows(el)) el.classList.add("unfit");
  }
}

export function hotelLevel() {
  if (S.state?.view?.hotel_level) return S.state.view.hotel_level;
  const preset = optionList(S.meta?.presets).find((p) => p.key === S.room?.preset);
  const options = { ...(preset?.options || {}), ...(S.room?.options || {}) };
  return (options.houses_for_hotel ?? 4) + 1;
}

export function renderTokens() {
  const view = S.state?.view;
  const board = document.getElementById("board");
  if (!view || !board) return;
  const at = Array.from({ length: 40 }, () => []);
  view.players.forEach((p, i) => { if (!p.bankrupt) at[S.shownPos[i] ?? p.position].push(i); });
  for (let i = 0; i < 40; i++) {
    const box = board.querySelector(`[data-sq="${i}"] .tokens`);
    const html = at[i].map((s) => tokenHtml(s, `${view.players[s].in_jail && i === 10 ? "jailed" : ""} ${s === view.turn_player ? "current" : ""}`, `token-${s}`)).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
  }
}

// Each seat's token: its colour, its shape (never two alike) and its letters (never two
// alike): colour is never the only cue. The edition's tokens name them where it has some.
export const TOKEN_SHAPES = [
  '<circle cx="12" cy="12" r="10.5"/>',
  '<rect x="2" y="2" width="20" height="20" rx="3"/>',
  '<path d="M12 1.5 23 21.5H1z"/>',
  '<path d="M12 1 23 12 12 23 1 12z"/>',
  '<path d="M12 1.5 22.5 9.3 18.5 22h-13L1.5 9.3z"/>',
  '<path d="M6.5 2h11L23 12l-5.5 10h-11L1 12z"/>',
  '<path d="M12 1l3.1 7.2 7.9.6-6 5.2 1.9 7.7L12 17.6 5.1 21.7 7 14l-6-5.2 7.9-.6z"/>',
  '<path d="M12 22S1.5 15 1.5 8.3A5.3 5.3 0 0 1 12 5.6a5.3 5.3 0 0 1 10.5 2.7C22.5 15 12 22 12 22z"/>',
];
export function tokenLetters() {
  const names = (S.state?.view?.players || []).map((_, s) => playerName(s) || "?");
  const pick = (n) => names.map((name) => [...name.replace(/\s+/g, "")].slice(0, n).join("").toUpperCase() || "?");
  let letters = pick(1);
  if (new Set(letters).size < letters.length) {
    const two = pick(2);
    letters = letters.map((l, s) => (letters.indexOf(l) !== letters.lastIndexOf(l) ? two[s] : l));
  }
  return letters.map((l, s) => (letters.indexOf(l) !== letters.lastIndexOf(l) ? `${l[0]}${s + 1}` : l));
}
export function tokenHtml(seat, extra = "", testid = "") {
  const edition = S.board?.tokens?.[seat]?.name;
  const title = edition ? `${playerName(seat)} (${edition})` : playerName(seat);
  return `<span class="token ${extra}" style="--c:${playerColour(seat)}" ${testid ? `data-testid="${testid}"` : ""} title="${esc(title)}" data-seat="${seat}">`
    + `<svg viewBox="0 0 24 24" aria-hidden="true">${TOKEN_SHAPES[seat % TOKEN_SHAPES.length]}</svg><b style="color:${playerInk(seat)}">${esc(tokenLetters()[seat] ?? "?")}</b></span>`;
}

export function renderSquareDetail() {
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
    ${owner >= 0 ? `<div>${esc(t("owner"))}: ${tokenHtml(owner, "inline")}<b>${esc(playerName(owner))}</b>${view.mortgaged[i] ? ` · ${esc(t("mortgaged"))}` : ""}</div>` : ""}
  </div>`;
}
