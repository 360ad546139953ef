// Parts of the table a visit may never need, fetched the first time one of their methods is
// called, so that a first visit downloads only what it draws: the lobby and the talk (tables of
// people only). Until its part has arrived a method is a stand-in: the call is made when the
// part is there, in the order the calls came (the part's methods then take the stand-ins' place
// on the page). The end panel is not one of them: every game reaches it, and drawn late it let
// the Next round button show before the panel it belongs to.

export function later(proto, load, names) {
  let loading = null;
  for (const name of names) {
    proto[name] = function (...args) {
      loading ??= load().then((part) => Object.assign(proto, part));
      loading.then(() => this[name](...args));
    };
  }
}
