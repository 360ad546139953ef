// A part of the table a visit may never need (the lobby, the talk, the coach's review), fetched
// the first time it is used, so that a first visit downloads only what it draws. Until it has
// arrived, each use waits for it, and the uses run in the order they came; once it is here, at
// once. The end panel is not one: every game reaches it, and drawn late it let the Next round
// button show before the panel it belongs to; only its fold (fold.js) comes when a hand ends.

export class Later {
  /** @param {() => Promise<object>} load the part, made for the page (a dynamic import) */
  constructor(load) {
    this.load = load;
    this.loading = null;
    this.part = null;
  }

  /** Whether the part was ever asked for. */
  get asked() {
    return this.loading !== null;
  }

  use(job) {
    if (this.part) {
      job(this.part);
      return;
    }
    this.loading ??= this.load().then((part) => (this.part = part));
    this.loading.then(job);
  }
}
