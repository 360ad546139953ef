// A word at the table: the picker of phrases and reactions (the server's fixed list: the page
// sends an id, never text), a bubble by the speaker's seat for a few seconds, the table's talk
// history, and muting a person (remembered in this browser, by the speaker's token, which is
// the same at every table). Spectators' remarks reach spectators only (the server sees to it)
// and show apart, by the "watching" corner, not by a seat. At a partnership table the players
// keep quiet during a hand (unless the host allowed talk): the choices are greyed with the
// reason until the hand is over, and the server refuses them all the same.
//
// Messages: out {type: "remarks"} (the page opened: history and what may be said here),
// {type: "remark", phrase}; in {type: "remarks", remarks, phrases, speaker}, {type: "remark",
// remark}.

import { $, showAlert } from "./dom.js";
import { reactionSVG } from "./reactions.js";
import { fill, gettext } from "../i18n.js";

const BUBBLE_MS = 4000;
const HISTORY = 30;
const MUTED_KEY = "dominoes.muted";

const loadMuted = () => {
  try {
    const list = JSON.parse(localStorage.getItem(MUTED_KEY) || "[]");
    return new Set(Array.isArray(list) ? list : []);
  } catch {
    return new Set();
  }
};

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** What was said, drawn: a reaction's picture named by its words (role img), else the text. */
const saying = (className, remark) => {
  const words = el("span", className);
  const picture = remark.kind === "reaction" ? reactionSVG(remark.phrase) : null;
  if (!picture) {
    words.textContent = remark.text;
    return words;
  }
  words.append(picture);
  words.setAttribute("role", "img");
  words.setAttribute("aria-label", remark.spoken);
  return words;
};

export class Talk {
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.said = null; // what was said here, once the server told (receiveAll)
    this.muted = loadMuted();
    this.askedAs = undefined; // watching or not when the remarks were asked for
  }

  /** The socket is open: ask for what was said and what may be said (once per seat change). */
  ask() {
    this.askedAs = this.ctrl.watching;
    this.ctrl.socket.send({ type: "remarks" });
  }

  /** A spectator who took a seat may now say more, and hears only the players: ask again. */
  render() {
    if (this.askedAs !== undefined && this.askedAs !== this.ctrl.watching && this.ctrl.socket.open) {
      this.ask();
    }
    this.renderOpen();
  }

  /** Partners say nothing during a hand unless the host allowed it (games.services.remarks):
   * the choices are greyed with the reason above them; between hands they come back. */
  renderOpen() {
    const partners = this.ctrl.info.teams && !this.ctrl.watching;
    const allowed = Boolean(this.ctrl.state.table.table_talk);
    const inPlay = this.ctrl.started && !this.ctrl.view.result && !this.ctrl.over;
    const closed = partners && !allowed && inPlay;
    $("talk").dataset.closed = String(closed);
    $("talk-closed").hidden = !closed;
    $("talk-allowed").hidden = !(partners && allowed);
    for (const say of $("talk").querySelectorAll("button[data-phrase]")) say.disabled = closed;
  }

  receiveAll(message) {
    this.said = []; // the last HISTORY remarks, oldest first
    this.seen = new Set(); // their ids: the history and a live message can cross
    this.me = message.speaker;
    this.buildPicker(message.phrases || []);
    $("talk-history").replaceChildren();
    for (const remark of message.remarks || []) this.addRemark(remark, { quiet: true });
  }

  receive(remark) {
    if (this.said) this.addRemark(remark, { quiet: false });
  }

  buildPicker(phrases) {
    const talk = $("talk");
    talk.hidden = phrases.length === 0;
    const groups = { phrase: $("talk-phrases"), reaction: $("talk-reactions") };
    for (const group of Object.values(groups)) group.replaceChildren();
    for (const phrase of phrases) {
      const button = el("button", `say ${phrase.kind}`);
      button.type = "button";
      button.dataset.phrase = phrase.id;
      const picture = phrase.kind === "reaction" ? reactionSVG(phrase.id) : null;
      if (picture) button.append(picture);
      else button.textContent = phrase.text;
      if (phrase.kind === "reaction") button.setAttribute("aria-label", phrase.spoken);
      groups[phrase.kind].append(button);
    }
    groups.phrase.closest("section").hidden = groups.phrase.children.length === 0;
    this.renderOpen();
  }

  bind() {
    $("talk").addEventListener("click", (event) => {
      const say = event.target.closest("button[data-phrase]");
      if (say) {
        this.ctrl.socket.send({ type: "remark", phrase: say.dataset.phrase }) ||
          showAlert(gettext("Not connected to the table: reconnecting, try again in a moment."));
        $("talk").open = false;
        $("talk").querySelector("summary").focus();
        return;
      }
      const mute = event.target.closest("button[data-speaker]");
      if (mute) this.toggleMute(mute.dataset.speaker);
    });
    $("talk").addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !$("talk").open) return;
      $("talk").open = false;
      $("talk").querySelector("summary").focus();
    });
  }

  addRemark(remark, { quiet }) {
    if (this.seen.has(remark.id)) return; // the history and a live message can cross
    this.seen.add(remark.id);
    this.said.push(remark);
    if (this.said.length > HISTORY) this.said.shift();
    this.renderHistory();
    if (quiet || this.muted.has(remark.speaker)) return;
    this.showBubble(remark);
    this.announceRemark(remark);
  }

  renderHistory() {
    const list = $("talk-history");
    list.replaceChildren();
    for (const remark of this.said) {
      const muted = this.muted.has(remark.speaker);
      const li = el("li", remark.spectator ? "said crowd" : "said");
      li.dataset.speaker = remark.speaker;
      if (muted) li.classList.add("muted");
      const name = remark.spectator
        ? fill(gettext("%(name)s (watching)"), { name: remark.name })
        : remark.name;
      const who = el("span", "said-name", name);
      li.dataset.phrase = remark.phrase;
      li.append(who, muted ? el("span", "said-text", gettext("(muted)")) : saying("said-text", remark));
      if (remark.speaker !== this.me) {
        const button = el("button", "mute", muted ? gettext("Unmute") : gettext("Mute"));
        button.type = "button";
        button.dataset.speaker = remark.speaker;
        const label = muted ? gettext("Unmute %(name)s") : gettext("Mute %(name)s");
        button.setAttribute("aria-label", fill(label, { name: remark.name }));
        li.append(button);
      }
      list.append(li);
    }
    $("talk-empty").hidden = this.said.length > 0;
  }

  toggleMute(speaker) {
    if (this.muted.has(speaker)) this.muted.delete(speaker);
    else this.muted.add(speaker);
    try {
      localStorage.setItem(MUTED_KEY, JSON.stringify([...this.muted]));
    } catch {
      // Private mode without storage: the mute holds for this page only.
    }
    for (const bubble of document.querySelectorAll(".bubble")) {
      if (this.muted.has(bubble.dataset.speaker)) bubble.remove();
    }
    this.renderHistory();
    document.querySelector(`#talk-history button[data-speaker="${speaker}"]`)?.focus();
  }

  /** The bubble by the speaker's seat (a spectator's in the watching corner), for a while. */
  showBubble(remark) {
    const layer = $("bubbles");
    const bubble = el("div", `bubble ${remark.kind}`);
    bubble.dataset.speaker = remark.speaker;
    bubble.dataset.phrase = remark.phrase;
    bubble.dataset.seat = remark.seat === null ? "crowd" : String(remark.seat);
    bubble.append(el("span", "bubble-name", remark.name), saying("bubble-text", remark));
    const seat = remark.seat === null ? null : document.querySelector(`#seats .seat[data-seat="${remark.seat}"]`);
    const box = seat?.getBoundingClientRect();
    if (box && box.width > 0) {
      const below = seat.dataset.pos === "top";
      const x = Math.min(Math.max(box.left + box.width / 2, 90), window.innerWidth - 90);
      bubble.classList.add(below ? "below" : "above");
      bubble.style.left = `${x}px`;
      bubble.style.top = `${below ? box.bottom + 6 : box.top - 6}px`;
    } else {
      bubble.classList.add(remark.seat === null ? "crowd" : "corner");
      for (const old of layer.querySelectorAll(`.bubble.${remark.seat === null ? "crowd" : "corner"}`)) {
        old.remove(); // one at a time in a corner: a burst never piles up
      }
    }
    for (const old of layer.querySelectorAll(`.bubble[data-seat="${bubble.dataset.seat}"]:not(.crowd)`)) {
      old.remove();
    }
    layer.append(bubble);
    setTimeout(() => bubble.remove(), BUBBLE_MS);
  }

  announceRemark(remark) {
    const said = remark.spectator
      ? gettext("%(name)s (watching) says: %(words)s")
      : gettext("%(name)s says: %(words)s");
    const line = el("p", null, fill(said, { name: remark.name, words: remark.spoken }));
    $("live").append(line);
    setTimeout(() => line.remove(), BUBBLE_MS * 3);
  }
}
