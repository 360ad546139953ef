// Parts of the table a visit may never need, fetched the first time one of their methods is
// called, so that a first visit downloads only what it draws: the lobby and the talk (tables of
// people only) and the end panel (once a hand ends). Until its part has arrived a method is a
// stand-in: the call is made when the part is there, in the order the calls came (the part's
// methods then take the stand-ins' place on the page).

export function later(proto, load, names) {
  let loading = null;
  for (const name of names) {
    proto[name] = function (...args) {
      loading ??= load().then((part) => Object.assign(proto, part));
      loading.then(() => this[name](...args));
    };
  }
}
