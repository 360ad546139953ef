"""The live tables' runtime in a server process: the table's socket (consumers), who is at the
table (presence), the announcements of a new version (events) and the sweep that catches up a
socket whose announcement was lost (catch_up), the snapshots a server keeps of its tables
(snapshots), the one-statement write of a move (writes) and the event loop's own database
connections (async_db). The rules of a change are the services' (games.services); this package
carries them to and from the sockets."""
