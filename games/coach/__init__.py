"""The coach: every decision a person made in a finished hand, graded from what they knew then.

:func:`games.engine.bots.grade_decision` grades one decision from a seat's view, and
:mod:`.review` runs it over a hand (both pure: a seat's view and the engine, no I/O);
:mod:`.service` loads a table, runs the review and stores it; its job is queued when a hand
ends; :mod:`.selectors` says who may read a review, and when; :mod:`.play_on` starts a table
against the computer from a moment of a finished match.
"""
