// What the table shows and plays besides the board itself: dice that roll, money that
// counts up or down, short popups for rent, taxes, cards and auctions, and sounds.
//
// Motion follows the player's choice (the top bar's switch, kept in localStorage), and by
// default the system's `prefers-reduced-motion`; sounds are off until the player turns
// them on (the switch is kept too). The sounds are made with the Web Audio API: no files
// to load, so the page stays light.

const MOTION_KEY = "monopoly.motion"; // "on" | "off"; unset: the system's preference
const SOUND_KEY = "monopoly.sound"; // "on" | "off" (default)
const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

/** Whether the table animates (dice, tokens, money). */
export function motionOn() {
  const kept = localStorage.getItem(MOTION_KEY);
  if (kept) return kept === "on";
  return !(reduced && reduced.matches);
}

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

/** The top bar's two switches (buttons with aria-pressed), labelled by `t`. */
export function setupSwitches(t) {
  const motion = document.querySelector("[data-testid=motion-switch]");
  const sound = document.querySelector("[data-testid=sound-switch]");
  const label = () => {
    document.documentElement.classList.toggle("no-motion", !motionOn());
    if (motion) {
      motion.setAttribute("aria-pressed", String(motionOn()));
      motion.title = motionOn() ? t("motion_on") : t("motion_off");
      motion.setAttribute("aria-label", motion.title);
    }
    if (sound) {
      sound.setAttribute("aria-pressed", String(soundOn()));
      sound.title = soundOn() ? t("sound_on") : t("sound_off");
      sound.setAttribute("aria-label", sound.title);
      sound.querySelector(".sound-on").hidden = !soundOn();
      sound.querySelector(".sound-off").hidden = soundOn();
    }
  };
  if (motion && !motion.dataset.wired) {
    motion.dataset.wired = "1";
    motion.addEventListener("click", () => { localStorage.setItem(MOTION_KEY, motionOn() ? "off" : "on"); label(); });
  }
  if (sound && !sound.dataset.wired) {
    sound.dataset.wired = "1";
    sound.addEventListener("click", () => {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
      label();
      if (soundOn()) play("turn");
    });
  }
  if (reduced && !reduced.wired) { reduced.wired = true; reduced.addEventListener?.("change", label); }
  label();
}

let audio = null;
/** A short sound of `kind` ("dice", "money_in", "money_out", "turn", "card"), when on. */
export function play(kind) {
  if (!soundOn()) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    const tone = (freq, start, length, type = "sine", gain = 0.12) => {
      const osc = audio.createOscillator();
      const g = audio.createGain();
      osc.type = type;
      osc.frequency.setValueAtTime(freq, now + start);
      g.gain.setValueAtTime(gain, now + start);
      g.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(g).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    };
    if (kind === "dice") for (let k = 0; k < 5; k++) tone(180 + 90 * ((k * 7) % 5), k * 0.05, 0.04, "square", 0.05);
    else if (kind === "money_in") { tone(880, 0, 0.12); tone(1320, 0.08, 0.18); }
    else if (kind === "money_out") { tone(440, 0, 0.12); tone(330, 0.09, 0.18); }
    else if (kind === "card") tone(660, 0, 0.2, "triangle");
    else tone(523, 0, 0.15, "triangle"), tone(784, 0.12, 0.25, "triangle");
  } catch (e) { /* no audio here: silence */ }
}

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** Draw the dice `values` into `box`; `roll`: a new throw, which tumbles first. */
export function showDice(box, values, roll) {
  const final = values[0] ? values.map((d) => `<span class="die" data-value="${d}" aria-label="${d}">${FACES[d] || d}</span>`).join("") : "";
  if (!roll || !motionOn() || !values[0]) { box.innerHTML = final; box.classList.remove("rolling"); return; }
  play("dice");
  box.classList.add("rolling");
  let k = 0;
  clearInterval(box.rollTimer);
  box.rollTimer = setInterval(() => {
    if (++k >= 8) { clearInterval(box.rollTimer); box.classList.remove("rolling"); box.innerHTML = final; return; }
    box.innerHTML = values.map(() => `<span class="die" aria-hidden="true">${FACES[1 + Math.floor(Math.random() * 6)]}</span>`).join("");
  }, 60);
}

/** Count `el`'s amount from `from` to `to` (written by `format`), with a floating change. */
export function countMoney(el, from, to, format) {
  if (!el || from === to) return;
  const change = document.createElement("span");
  change.className = `money-change ${to > from ? "up" : "down"}`;
  change.textContent = `${to > from ? "+" : "−"}${format(Math.abs(to - from))}`;
  change.setAttribute("aria-hidden", "true");
  el.parentElement?.appendChild(change);
  // gone when its rise ends, or after 2 s where no animation runs (without motion the
  // change stands still; a hidden panel fires no animationend)
  change.addEventListener("animationend", () => change.remove(), { once: true });
  setTimeout(() => change.remove(), 2000);
  if (!motionOn()) { el.textContent = format(to); return; }
  const start = performance.now();
  const step = (now) => {
    const k = Math.min(1, (now - start) / 600);
    el.textContent = format(Math.round(from + (to - from) * k));
    if (k < 1 && el.isConnected) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** A short popup over the board (rent, a tax, a card, an auction won...). */
export function popup(text, kind) {
  // over the board's centre where there is a board (never over the squares), else at the top
  const home = document.querySelector("#board .center") || document.body;
  let stack = document.getElementById("popups");
  if (stack && stack.parentElement !== home) { stack.remove(); stack = null; }
  if (!stack) {
    stack = document.createElement("div");
    stack.id = "popups";
    stack.className = "popups";
    stack.setAttribute("role", "status");
    stack.setAttribute("aria-live", "polite");
    stack.dataset.testid = "popups";
    home.appendChild(stack);
  }
  const item = document.createElement("div");
  item.className = `popup popup-${kind}`;
  item.dataset.testid = `popup-${kind}`;
  item.textContent = text;
  stack.appendChild(item);
  const most = window.matchMedia?.("(max-width: 600px)").matches ? 2 : 3;
  while (stack.children.length > most) stack.firstElementChild.remove();
  setTimeout(() => item.remove(), 3500);
  if (kind === "card") play("card");
}
