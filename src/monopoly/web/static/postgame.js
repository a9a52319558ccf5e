// The post-game summary of a finished board game (GET /api/rooms/{room}/summary, made by
// monopoly.web.postgame): the net worth of every seat after every turn as a line chart
// (inline SVG), the rent each received and paid, and the luck of each seat's dice.
// Plain ES module, no build step; every word comes from the page's texts, through `t`.

const SVG_NS = "http://www.w3.org/2000/svg";
const W = 360; // the chart's own units: it is drawn at the width of its box
const H = 230;
const PAD = { left: 54, right: 12, top: 12, bottom: 34 };
// one marker shape per seat, so that the colour is not the only cue
const SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross", "plus", "star"];
const MARKS = 7; // markers along each line (besides its last point)

const loaded = new Map(); // room -> the summary's promise: a finished game never changes

function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

async function load(roomId, lang) {
  const url = `/api/rooms/${encodeURIComponent(roomId)}/summary?lang=${encodeURIComponent(lang)}`;
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(url);
    if (res.ok) return res.json();
    // 403 "not over": the page may hear of the end a moment before the store does
    if (res.status !== 403 || attempt >= 3) {
      let message = "";
      try { message = (await res.json())?.error?.message || ""; } catch { /* not JSON */ }
      throw new Error(message || String(res.status));
    }
    await new Promise((done) => setTimeout(done, 700));
  }
}

function summaryOf(roomId, lang) {
  let found = loaded.get(roomId);
  if (!found) {
    found = load(roomId, lang);
    loaded.set(roomId, found);
    found.catch(() => loaded.delete(roomId)); // a failure is asked again next time
  }
  return found;
}

/** The SVG path of marker `shape` centred on (x, y), about 2r across. */
export function markerPath(shape, x, y, r = 4) {
  const p = (dx, dy) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`;
  switch (shape) {
    case "square": return `M${p(-r, -r)}H${(x + r).toFixed(1)}V${(y + r).toFixed(1)}H${(x - r).toFixed(1)}Z`;
    case "triangle": return `M${p(0, -r * 1.2)}L${p(r * 1.1, r * 0.8)}L${p(-r * 1.1, r * 0.8)}Z`;
    case "down": return `M${p(0, r * 1.2)}L${p(r * 1.1, -r * 0.8)}L${p(-r * 1.1, -r * 0.8)}Z`;
    case "diamond": return `M${p(0, -r * 1.3)}L${p(r * 1.1, 0)}L${p(0, r * 1.3)}L${p(-r * 1.1, 0)}Z`;
    case "cross": return `M${p(-r, -r)}L${p(r, r)}M${p(r, -r)}L${p(-r, r)}`;
    case "plus": return `M${p(-r * 1.2, 0)}H${(x + r * 1.2).toFixed(1)}M${p(0, -r * 1.2)}V${(y + r * 1.2).toFixed(1)}`;
    case "star": {
      let d = "";
      for (let k = 0; k < 10; k += 1) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const q = k % 2 ? r * 0.5 : r * 1.3;
        d += `${k ? "L" : "M"}${p(q * Math.cos(a), q * Math.sin(a))}`;
      }
      return `${d}Z`;
    }
    default: return `M${p(-r, 0)}A${r},${r} 0 1,0 ${p(r, 0)}A${r},${r} 0 1,0 ${p(-r, 0)}Z`;
  }
}

const OPEN = new Set(["cross", "plus"]); // drawn as strokes, not filled

function marker(shape, x, y, colour, r = 4) {
  const fill = OPEN.has(shape) ? "none" : colour;
  return `<path d="${markerPath(shape, x, y, r)}" fill="${fill}" stroke="${OPEN.has(shape) ? colour : "#fff"}" stroke-width="${OPEN.has(shape) ? 2 : 1}"/>`;
}

/** A seat's marker on its own, for the legend and the tables. */
function badge(seat, colour) {
  return `<svg class="pg-badge" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true">${marker(SHAPES[seat % SHAPES.length], 7, 7, colour, 4.5)}</svg>`;
}

/** Round axis steps: 1, 2 or 5 times a power of ten, about `count` of them over `span`. */
export function niceStep(span, count) {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** The net-worth chart as an inline SVG (a string). */
export function chartSvg(data, { t, money, playerName, playerColour }) {
  const turns = data.turns;
  const series = data.net_worth;
  const first = turns[0];
  const last = Math.max(turns[turns.length - 1], first + 1);
  const all = series.flat();
  const yStep = niceStep(Math.max(...all) - Math.min(...all), 4);
  const low = Math.floor(Math.min(...all) / yStep) * yStep;
  const high = Math.max(Math.ceil(Math.max(...all) / yStep) * yStep, low + yStep);
  const x = (turn) => PAD.left + ((turn - first) / (last - first)) * (W - PAD.left - PAD.right);
  const y = (worth) => PAD.top + (1 - (worth - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const parts = [];
  for (let v = low; v <= high + yStep / 2; v += yStep) {
    const yy = y(v).toFixed(1);
    parts.push(`<line class="pg-grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${yy}" y2="${yy}"/>`);
    parts.push(`<text class="pg-tick" x="${PAD.left - 5}" y="${yy}" text-anchor="end" dominant-baseline="middle">${esc(money(v))}</text>`);
  }
  const xStep = Math.max(1, niceStep(last - first, 5));
  for (let v = Math.ceil(first / xStep) * xStep; v <= last; v += xStep) {
    const xx = x(v).toFixed(1);
    parts.push(`<line class="pg-axis" x1="${xx}" x2="${xx}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom + 4}"/>`);
    parts.push(`<text class="pg-tick" x="${xx}" y="${H - PAD.bottom + 14}" text-anchor="middle">${v}</text>`);
  }
  parts.push(`<line class="pg-axis" x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${H - PAD.bottom}"/>`);
  parts.push(`<line class="pg-axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}"/>`);
  parts.push(`<text class="pg-label" x="${(PAD.left + W - PAD.right) / 2}" y="${H - 4}" text-anchor="middle">${esc(t("postgame_turn"))}</text>`);
  const every = Math.max(1, Math.ceil((turns.length - 1) / MARKS));
  series.forEach((values, seat) => {
    const colour = playerColour(seat);
    const shape = SHAPES[seat % SHAPES.length];
    const points = values.map((v, i) => `${x(turns[i]).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const marks = values.map((v, i) => (i % every === (seat % every) || i === values.length - 1
      ? marker(shape, x(turns[i]), y(v), colour) : "")).join("");
    parts.push(`<g class="pg-line" data-seat="${seat}"><title>${esc(playerName(seat))}</title>`
      + `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>${marks}</g>`);
  });
  const label = t("postgame_chart");
  return `<svg class="pg-chart" xmlns="${SVG_NS}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" data-testid="postgame-chart"><title>${esc(label)}</title>${parts.join("")}</svg>`;
}

function number(value, lang, digits) {
  const locale = { en: "en-US", cs: "cs-CZ", ru: "ru-RU" }[lang] || "en-US";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** The rent luck in words (HTML): the amount is never split over two lines. */
function luckText(p, t, money) {
  const amount = Math.round(p.rent_luck);
  if (!amount) return esc(t("postgame_even"));
  const key = amount > 0 ? "postgame_lucky" : "postgame_unlucky";
  const [before, after = ""] = t(key, { amount: "\u0000" }).split("\u0000");
  return `${esc(before)}<span class="pg-amount">${esc(money(Math.abs(amount)))}</span>${esc(after)}`;
}

/** Fetch the summary of finished room `roomId` and draw it into `box`. */
export async function renderPostgame(box, { roomId, t, money, playerName, playerColour, lang = "en" }) {
  if (!box) return;
  box.classList.add("postgame");
  if (!box.innerHTML) box.innerHTML = `<p class="muted">${esc(t("loading"))}</p>`;
  let data;
  try {
    data = await summaryOf(roomId, lang);
  } catch (err) {
    box.innerHTML = `<p class="bad-text" data-testid="postgame-error">${esc(t("postgame_error", { message: err.message }))}</p>`;
    return;
  }
  const ctx = { t, money, playerName, playerColour };
  const seats = data.players.map((p) => p.seat);
  const name = (seat) => `${badge(seat, playerColour(seat))} ${esc(playerName(seat))}`;
  const legend = seats.map((s) => `<li>${name(s)}</li>`).join("");
  const luckClass = (p) => (Math.round(p.rent_luck) > 0 ? "pg-lucky" : Math.round(p.rent_luck) < 0 ? "pg-unlucky" : "");
  const rents = data.players.map((p) => `<tr data-seat="${p.seat}"><th scope="row">${name(p.seat)}</th>`
    + `<td>${esc(money(p.rent_received))}</td><td>${esc(money(p.rent_paid))}</td>`
    + `<td class="${luckClass(p)}">${luckText(p, t, money)}</td></tr>`).join("");
  const dice = data.players.map((p) => `<tr data-seat="${p.seat}"><th scope="row">${name(p.seat)}</th>`
    + `<td>${p.throws}</td>`
    + `<td>${esc(t("postgame_of_expected", { n: p.doubles, expected: number(p.doubles_expected, lang, 1) }))}</td>`
    + `<td>${p.pips_mean === null ? "–" : esc(t("postgame_of_expected", { n: number(p.pips_mean, lang, 2), expected: number(7, lang, 0) }))}</td></tr>`).join("");
  box.innerHTML = `<h3>${esc(t("postgame_title"))}</h3>
    <figure class="pg-figure"><figcaption>${esc(t("postgame_chart"))}</figcaption>
      ${chartSvg(data, ctx)}
      <ul class="pg-legend" data-testid="postgame-legend">${legend}</ul></figure>
    <div class="pg-scroll" tabindex="0" role="region" aria-label="${esc(t("postgame_rents"))}"><table class="pg-table" data-testid="postgame-rents">
      <caption>${esc(t("postgame_rents"))}</caption>
      <thead><tr><th scope="col">${esc(t("postgame_player"))}</th><th scope="col">${esc(t("postgame_rent_received"))}</th><th scope="col">${esc(t("postgame_rent_paid"))}</th><th scope="col">${esc(t("postgame_rent_luck"))}</th></tr></thead>
      <tbody>${rents}</tbody></table></div>
    <div class="pg-scroll" tabindex="0" role="region" aria-label="${esc(t("postgame_dice"))}"><table class="pg-table" data-testid="postgame-dice">
      <caption>${esc(t("postgame_dice"))}</caption>
      <thead><tr><th scope="col">${esc(t("postgame_player"))}</th><th scope="col">${esc(t("postgame_throws"))}</th><th scope="col">${esc(t("postgame_doubles"))}</th><th scope="col">${esc(t("postgame_mean_throw"))}</th></tr></thead>
      <tbody>${dice}</tbody></table></div>
    <p class="muted small">${esc(t("postgame_luck_note"))}</p>`;
}
