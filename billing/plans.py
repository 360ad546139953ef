"""What each plan allows. The billing issue mirrors subscriptions from Stripe; until then every
host is on Free."""

FREE_TOURNAMENT_PLAYERS = 10


def tournament_player_limit(*, host) -> int:
    """The most entrants a tournament of ``host`` may have under the host's plan."""
    return FREE_TOURNAMENT_PLAYERS
