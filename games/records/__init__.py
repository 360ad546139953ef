"""The records of finished matches: results and ratings (Glicko-2, per family of rules),
statistics and charts, replays and their files, public profiles and the leaderboard. It reads
the live tables (games.services, games.models), never the other way: a finished match reaches
it through ``games.signals.match_finished``."""
