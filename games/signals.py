"""What other apps hear from the tables.

``match_finished`` is sent once a match ends (played out or forfeited), after the transaction
that ended it commits, with ``public_id``: statistics, ratings and tournaments listen to it
instead of :mod:`games.services` knowing about them.

``finished_seats_claimed`` is sent, after the commit, for each finished match whose seats a
guest's sign-in just gave to their account (``public_id``): its results are then recorded for
the account (the guest's seats had none).
"""

from django.dispatch import Signal

match_finished = Signal()
finished_seats_claimed = Signal()
