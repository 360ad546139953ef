"""What other apps hear from the tables.

``match_finished`` is sent once a match ends (played out or forfeited), after the transaction
that ended it commits, with ``public_id``: statistics, ratings and tournaments listen to it
instead of :mod:`games.services` knowing about them.
"""

from django.dispatch import Signal

match_finished = Signal()
