// The seat link: a player takes up their own seat again from another device (docs/protocol.md,
// "Identities"). The link carries the seat token in the URL's fragment, #/room/ROOM/seat/TOKEN,
// which a browser never sends to the server (neither in the path nor in a query of a request).
// Opening it keeps the token in localStorage, takes it out of the address bar
// (history.replaceState) and connects as that seat. Whoever has the link plays the seat: the
// page says so next to it.

const SEAT_PATH = /^#?\/room\/([A-Za-z0-9_-]+)\/seat\/([A-Za-z0-9_-]+)\/?$/;
let opened = false; // the box stays open (or closed) while the page draws it again
let byHand = false; // the clipboard failed once: the link's field stays shown

/** The link that opens the seat of `token` in `room` on another device. */
export function seatLink(room, token) {
  return `${location.origin}/#/room/${room}/seat/${token}`;
}

/** The seat link in the address bar, if it holds one: keep its token under the page's
 * keys (`tokenKey(room)`; the seat comes from the server's hello), and leave only the room in
 * the address bar and the history. Returns the room's id, or null. */
export function takeSeat(tokenKey, seatKey) {
  const m = SEAT_PATH.exec(location.hash);
  if (!m) return null;
  const [, room, token] = m;
  localStorage.setItem(tokenKey(room), token);
  localStorage.removeItem(seatKey(room));
  history.replaceState(history.state, "", `${location.pathname}${location.search}#/room/${room}`);
  return room;
}

/** The box of the seat link (`ctx.link`; none without a link): the warning, the copy button
 * and the link's text field, shown (selected) when the clipboard cannot be written. */
export function seatLinkHTML(ctx) {
  const { t, esc, link } = ctx;
  if (!link) return "";
  return `<details class="seat-link card" data-testid="seat-link" data-link="${esc(link)}" data-link-lang="${esc(ctx.lang)}"${opened ? " open" : ""}>
    <summary data-testid="seat-link-open">${esc(t("seat_link"))}</summary>
    <p class="muted small">${esc(t("seat_link_note"))}</p>
    <p class="small bad-text" data-testid="seat-link-warning">${esc(t("seat_link_warning"))}</p>
    <div class="invite"><input readonly value="${esc(link)}" data-testid="seat-link-text"${byHand ? "" : " hidden"}>
      <button type="button" data-testid="copy-seat-link">${esc(t("copy_seat_link"))}</button></div>
  </details>`;
}

/** Make the box drawn by seatLinkHTML in `root` work. */
export function bindSeatLink(root, ctx) {
  const box = root?.querySelector("[data-testid=seat-link]");
  if (!box) return;
  const field = box.querySelector("[data-testid=seat-link-text]");
  box.addEventListener("toggle", () => { opened = box.open; });
  box.querySelector("[data-testid=copy-seat-link]").addEventListener("click", async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard"); // a page served over plain http
      await navigator.clipboard.writeText(field.value);
      ctx.toast(ctx.t("copied"), "ok");
    } catch (e) {
      byHand = true;
      field.hidden = false; // copied by hand: the link, selected
      field.focus();
      field.select();
      ctx.toast(ctx.t("seat_link_select"), "ok");
    }
  });
}

/** The seat link's box in the panel of a game in play, under the players (kept as it is while
 * the link and the language stay the same; removed when there is no link). */
export function mountSeatLink(panel, ctx) {
  if (!panel) return;
  const old = panel.querySelector("[data-testid=seat-link]");
  if (!ctx.link) { old?.remove(); return; }
  if (old && old.dataset.link === ctx.link && old.dataset.linkLang === ctx.lang) return;
  old?.remove();
  const holder = document.createElement("div");
  holder.innerHTML = seatLinkHTML(ctx);
  const box = holder.firstElementChild;
  const players = panel.querySelector("#players");
  if (players) players.after(box); else panel.append(box);
  bindSeatLink(panel, ctx);
}
