// Every message the server sends the table's socket, by its `type`, and what the page does with
// it: the one place they come in (socket.js hands each here). The server builds them in
// games/live/protocol.py (OUTGOING; the consumer sends them: games/live/consumers.py);
// tests hold these keys to the server's list (the marker below says where the table is).

// wire: incoming
export const handlers = {
  // The seat's view of the table at a version: drawn unless older than the one shown.
  state: (ctrl, message) => ctrl.receiveState(message),
  // An intent refused, in words ({message, version}).
  error: (ctrl, message) => ctrl.refused(message.message),
  // The hint asked for: {move, reason}.
  hint: (ctrl, message) => ctrl.receiveHint(message.move, message.reason),
  // What was said at the table and what this person may say: {remarks, phrases, speaker}.
  remarks: (ctrl, message) => ctrl.talk.use((talk) => talk.receiveAll(message)),
  // One remark said now: {remark}.
  remark: (ctrl, message) => ctrl.talk.use((talk) => talk.receive(message.remark)),
  // The coach's review of this seat's hand just over: {version, review}.
  review: (ctrl, message) => ctrl.review.use((review) => review.update(message)),
  // The computer's seat this watcher takes at the next hand: {seat} (null: none any more).
  arrival: (ctrl, message) => ctrl.receiveArrival(message.seat),
  // The rematch (Play again) this seat asked for is dealt: {table}; the page goes there.
  rematch_dealt: (ctrl, message) => ctrl.goToRematch(message.table),
};

export function dispatch(ctrl, message) {
  const handle = Object.hasOwn(handlers, message.type) ? handlers[message.type] : null;
  if (handle) handle(ctrl, message);
  // A type this page does not know (a newer server, mid-deploy) that carries a newer version
  // means something was missed: ask for the state.
  else if (typeof message.version === "number" && message.version > ctrl.state.version) {
    ctrl.socket.sync();
  }
}
