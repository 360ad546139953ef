// Short, quiet sounds made with the Web Audio API (no files to fetch): a tile laid, a draw, a
// pass knock, your turn, a hand won, a match won. One mute switch, kept in this browser's
// localStorage. Browsers start audio only after the person's first gesture; until then the
// context waits, suspended, and nothing is heard.

const KEY = "dominoes.sound";

// Each sound: notes of [frequency Hz, start s, length s, wave, volume]; "noise" is a filtered
// hiss (a tile sliding).
const SOUNDS = {
  laid: [["noise", 0, 0.05, 2400, 0.5], [520, 0, 0.06, "triangle", 0.5]],
  draw: [["noise", 0, 0.14, 900, 0.35]],
  pass: [[150, 0, 0.08, "sine", 0.8], [150, 0.12, 0.08, "sine", 0.8]],
  turn: [[660, 0, 0.12, "sine", 0.45], [880, 0.11, 0.16, "sine", 0.45]],
  hand: [[523, 0, 0.12, "triangle", 0.4], [659, 0.1, 0.12, "triangle", 0.4], [784, 0.2, 0.2, "triangle", 0.4]],
  match: [
    [523, 0, 0.12, "triangle", 0.4],
    [659, 0.1, 0.12, "triangle", 0.4],
    [784, 0.2, 0.12, "triangle", 0.4],
    [1047, 0.3, 0.3, "triangle", 0.4],
  ],
};

const VOLUME = 0.12;

export class Sounds {
  constructor() {
    this.muted = readSetting() === "off";
    this.context = null;
    // What was played, by name: for the person's own checks and for the browser tests.
    this.played = [];
    const wake = () => this.context?.state === "suspended" && this.context.resume();
    for (const type of ["pointerdown", "keydown"]) {
      window.addEventListener(type, wake, { capture: true, passive: true });
    }
  }

  setMuted(muted) {
    this.muted = muted;
    try {
      localStorage.setItem(KEY, muted ? "off" : "on");
    } catch {
      // Storage refused (a private window): the switch holds for this page only.
    }
  }

  play(name) {
    if (this.muted || !(name in SOUNDS)) return;
    this.played.push(name);
    const context = this.audio();
    if (!context) return;
    const start = context.currentTime + 0.01;
    for (const note of SOUNDS[name]) this.note(context, start, note);
  }

  audio() {
    if (!this.context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
    }
    return this.context;
  }

  note(context, start, [frequency, at, length, shape, volume]) {
    const gain = context.createGain();
    const t0 = start + at;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(VOLUME * volume, t0 + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    gain.connect(context.destination);
    let source;
    if (frequency === "noise") {
      const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      source = context.createBufferSource();
      source.buffer = buffer;
      const filter = context.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = shape; // for noise, the band's centre
      source.connect(filter).connect(gain);
    } else {
      source = context.createOscillator();
      source.type = shape;
      source.frequency.value = frequency;
      source.connect(gain);
    }
    source.start(t0);
    source.stop(t0 + length + 0.02);
  }
}

function readSetting() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

// The sounds a new state calls for, in order (at most one of each).
export function soundsFor(ctrl, previous, next) {
  const before = previous.view;
  const after = next.view;
  const names = [];
  if (before.hand_number === after.hand_number) {
    const fresh = (after.history || []).slice((before.history || []).length);
    if (fresh.some((m) => m.play)) names.push("laid");
    if (fresh.some((m) => m.draw)) names.push("draw");
    if (fresh.some((m) => m.pass)) names.push("pass");
  }
  const mySide = ctrl.watching ? null : ctrl.sideOf(ctrl.me);
  if (after.match.finished && !before.match.finished) {
    if (after.match.winners.includes(mySide)) names.push("match");
  } else if (after.result && !before.result) {
    if (after.result.winners.includes(mySide)) names.push("hand");
  } else if (ctrl.myTurn(after) && !ctrl.myTurn(before) && !ctrl.away) {
    names.push("turn");
  }
  return names;
}
