// The chat of a room and its quick reactions (docs/protocol.md, "Chat"), the same panel in
// the board game's room, the Deal's and the waiting room.
//
// app.js calls mountChat(container, ctx) whenever it draws the room (ctx: {S, t, esc,
// toast, playerColour}) and receiveChat(msg, ctx) for every `chat` message. The panel is
// one element kept here, moved into the new container when the page redraws its layout,
// so a half-written line survives the redraw. Seats write; a spectator's panel has no
// input, only a line saying the chat is read-only for spectators. Every text of a player
// is escaped (esc) before it goes into the page.

const MAX_CHAT = 200; // characters of a line, once trimmed (the server's limit)
const KEEP = 200; // lines kept in the page
const BUBBLE_MS = 4000; // how long a reaction shows on the player's card
export const REACTIONS = Object.freeze({
  thumbs_up: "👍", laugh: "😂", wow: "😮", sad: "😢", angry: "😡", party: "🎉",
});

const C = {
  room: null, // the room whose chat this is
  lines: [],
  panel: null,
  write: null, // the input part (only in a seat's panel)
  lang: null,
  dirty: true, // the lines must be drawn again
  focused: false, // the input had the focus (given back after a redraw)
  pending: null, // the line sent and not yet back from the server
  bubbles: new Map(), // seat -> {emoji, seq, until}
  timer: null,
};

function reset(room) {
  Object.assign(C, { room, lines: [], dirty: true, pending: null });
  C.bubbles.clear();
  if (C.write) C.write.querySelector("input").value = "";
}

/** A line's length as the server counts it: characters (code points), once trimmed. */
function length(text) { return [...text.trim()].length; }

/** Put the chat panel into `container` (after its log, if it has one) and bring it up to
 * date: the seat may write, or reads only; the texts in the page's language. */
export function mountChat(container, ctx) {
  if (!container) return;
  const { S } = ctx;
  if (C.room !== S.roomId) reset(S.roomId);
  if (!C.panel) build(ctx);
  if (C.panel.parentNode !== container) {
    const log = container.querySelector(":scope > #log-box");
    if (log) log.after(C.panel); else container.appendChild(C.panel);
    if (C.focused) C.write.querySelector("input").focus();
  }
  const seated = S.seat !== null && S.seat !== undefined;
  const readonly = C.panel.querySelector(".chat-readonly");
  if (seated && !C.write.isConnected) readonly.before(C.write);
  if (!seated && C.write.isConnected) { C.focused = false; C.write.remove(); }
  readonly.hidden = seated;
  if (C.lang !== S.lang) { texts(ctx); C.lang = S.lang; C.dirty = true; }
  if (C.dirty) drawLines(ctx);
  showBubbles(ctx);
}

/** A `chat` message: its lines (the history on connecting, or one new line). */
export function receiveChat(msg, ctx) {
  const { S } = ctx;
  if (C.room !== S.roomId) reset(S.roomId);
  const known = new Set(C.lines.map((l) => l.seq));
  const fresh = (msg.lines || []).filter((l) => !known.has(l.seq));
  if (!fresh.length) return;
  C.lines.push(...fresh);
  C.lines.sort((a, b) => a.seq - b.seq);
  if (C.lines.length > KEEP) C.lines.splice(0, C.lines.length - KEEP);
  C.dirty = true;
  for (const l of fresh) {
    if (l.seat === S.seat && C.pending !== null && l.text === C.pending) {
      const input = C.write.querySelector("input"); // the server took it: the box empties
      if (input.value.trim() === C.pending) { input.value = ""; counter(ctx); }
      C.pending = null;
    }
    if (!msg.history && l.reaction !== undefined) {
      C.bubbles.set(l.seat, { emoji: REACTIONS[l.reaction] ?? "", seq: l.seq, until: Date.now() + BUBBLE_MS });
    }
  }
  if (C.panel?.isConnected) { drawLines(ctx); showBubbles(ctx); }
}

function build(ctx) {
  const { esc } = ctx;
  const panel = document.createElement("section");
  panel.className = "chat card";
  panel.dataset.testid = "chat";
  panel.innerHTML = `<h3 class="chat-title"></h3>
    <ol class="chat-lines" data-testid="chat-lines" aria-live="polite" tabindex="0"></ol>
    <p class="chat-readonly muted small" data-testid="chat-readonly"></p>`;
  const write = document.createElement("div");
  write.className = "chat-write";
  write.innerHTML = `<div class="chat-reactions" role="group" data-testid="chat-reactions">
      ${Object.entries(REACTIONS).map(([key, emoji]) => `<button type="button" class="chat-react" data-reaction="${esc(key)}" data-testid="react-${esc(key)}">${esc(emoji)}</button>`).join("")}</div>
    <form class="chat-form" data-testid="chat-form" autocomplete="off">
      <label class="chat-sr" for="chat-input"></label>
      <input id="chat-input" name="text" data-testid="chat-input" aria-describedby="chat-left" enterkeyhint="send">
      <button type="submit" class="chat-send" data-testid="chat-send"></button>
    </form>
    <p id="chat-left" class="chat-left muted small" data-testid="chat-left"></p>`;
  const input = write.querySelector("input");
  input.addEventListener("input", () => counter(ctx));
  input.addEventListener("focus", () => { C.focused = true; });
  input.addEventListener("blur", () => { if (input.isConnected) C.focused = false; });
  write.querySelector("form").addEventListener("submit", (ev) => { // Enter sends too
    ev.preventDefault();
    const text = input.value.trim();
    if (!text || length(text) > MAX_CHAT) return;
    if (sendChat(ctx, { text })) C.pending = text;
  });
  write.querySelector(".chat-reactions").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-reaction]");
    if (b) sendChat(ctx, { reaction: b.dataset.reaction });
  });
  C.panel = panel;
  C.write = write;
}

function sendChat(ctx, body) {
  const { S } = ctx;
  if (!S.ws || !S.wsOpen) { ctx.toast(ctx.t("error_offline")); return false; }
  S.ws.send(JSON.stringify({ type: "chat", ...body }));
  return true;
}

function texts(ctx) {
  const { t } = ctx;
  const p = C.panel;
  p.querySelector(".chat-title").textContent = t("chat");
  p.querySelector(".chat-readonly").textContent = t("chat_spectator");
  p.querySelector(".chat-lines").setAttribute("aria-label", t("chat"));
  const w = C.write;
  w.querySelector(".chat-reactions").setAttribute("aria-label", t("chat_reactions"));
  for (const b of w.querySelectorAll("[data-reaction]")) {
    const name = t(`reaction_${b.dataset.reaction}`);
    b.title = name;
    b.setAttribute("aria-label", name);
  }
  w.querySelector("label").textContent = t("chat_message");
  w.querySelector("input").placeholder = t("chat_placeholder");
  w.querySelector(".chat-send").textContent = t("chat_send");
  counter(ctx);
}

/** The characters left; the send button only for a line the server takes. */
function counter(ctx) {
  const input = C.write.querySelector("input");
  const n = length(input.value);
  const left = MAX_CHAT - n;
  const el = C.write.querySelector(".chat-left");
  el.textContent = left < 0 ? ctx.t("chat_too_long", { n: MAX_CHAT }) : ctx.t("chat_left", { n: left });
  el.classList.toggle("over", left < 0);
  input.setAttribute("aria-invalid", String(left < 0));
  C.write.querySelector(".chat-send").disabled = n === 0 || left < 0;
}

function lineHTML(ctx, l) {
  const { S, esc, t } = ctx;
  const colour = ctx.playerColour(Number(l.seat) || 0);
  const when = new Date(Number(l.at) * 1000);
  const time = Number.isFinite(when.getTime())
    ? when.toLocaleTimeString(S.lang, { hour: "2-digit", minute: "2-digit" }) : "";
  const who = `<b class="chat-name" style="color:${esc(colour)}">${esc(l.name)}</b>`;
  const body = l.reaction !== undefined
    ? `<span class="chat-emoji" role="img" aria-label="${esc(t("chat_reacts", { player: l.name, reaction: t(`reaction_${l.reaction}`) }))}">${esc(REACTIONS[l.reaction] ?? l.reaction)}</span>`
    : `<span class="chat-text" data-testid="chat-text">${esc(l.text)}</span>`;
  return `<li class="chat-line ${l.seat === S.seat ? "mine" : ""}" style="--c:${esc(colour)}" data-seq="${esc(l.seq)}" data-testid="chat-line"><time class="muted small">${esc(time)}</time> ${who} ${body}</li>`;
}

function drawLines(ctx) {
  const ol = C.panel.querySelector(".chat-lines");
  // follow the newest line, unless the reader has scrolled back
  const follow = !ol.querySelector(".chat-line") || ol.scrollHeight - ol.scrollTop - ol.clientHeight < 24;
  ol.innerHTML = C.lines.map((l) => lineHTML(ctx, l)).join("")
    || `<li class="muted small chat-none">${ctx.esc(ctx.t("chat_empty"))}</li>`;
  if (follow) ol.scrollTop = ol.scrollHeight;
  C.dirty = false;
}

/** The card of a seat in the page's layout: the board's player card, the Deal's table, or
 * the waiting room's seat. */
function cardOf(seat) {
  return document.querySelector(`[data-testid="player-${seat}"], [data-testid="deal-table-${seat}"], [data-testid="seat-${seat}"]`);
}

/** The reactions of the last seconds beside their players' cards (drawn again after a
 * redraw of the cards; gone when their time is up). */
function showBubbles(ctx) {
  const now = Date.now();
  for (const el of document.querySelectorAll(".chat-bubble")) {
    const b = C.bubbles.get(Number(el.dataset.seat));
    if (!b || b.until <= now || String(b.seq) !== el.dataset.seq) el.remove();
  }
  let next = Infinity;
  for (const [seat, b] of C.bubbles) {
    if (b.until <= now) { C.bubbles.delete(seat); continue; }
    next = Math.min(next, b.until);
    const card = cardOf(seat);
    if (!card || card.querySelector(":scope > .chat-bubble")) continue;
    card.classList.add("chat-bubbled");
    const el = document.createElement("span");
    el.className = "chat-bubble";
    el.dataset.seat = String(seat);
    el.dataset.seq = String(b.seq);
    el.dataset.testid = `reaction-${seat}`;
    el.setAttribute("aria-hidden", "true"); // the chat's line says it in words
    el.textContent = b.emoji;
    card.appendChild(el);
  }
  clearTimeout(C.timer);
  if (next < Infinity) C.timer = setTimeout(() => showBubbles(ctx), next - now + 20);
}
