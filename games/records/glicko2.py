"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013). Pure Python.

A rating is a value, a rating deviation (RD: how unsure we are of the value) and a volatility
(how erratic the player's results are). :func:`rate` applies one rating period's results to a
player. The site counts every rated match as a rating period of its own, so a rating moves
after each match instead of waiting for the end of a calendar period.

>>> after = rate(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0),
...     (Glicko(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.rd, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The Glicko-2 scale factor between the displayed scale and the internal one.
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant: how much the volatility may change in one period (Glickman: 0.3-1.2).
TAU = 0.5
#: Convergence tolerance of the volatility iteration (the paper's epsilon).
EPSILON = 0.000001
#: Above this RD a rating is still provisional: too few games to trust it.
PROVISIONAL_RD = 110.0


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating on the displayed (Glicko-1) scale."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def provisional(self) -> bool:
        """True while the rating deviation is too large for the rating to be trusted."""
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Glicko, results: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """The player's rating after one period of ``results``: (opponent, score) pairs, with score
    1 for a win, 0.5 for a draw and 0 for a loss. With no results only the RD grows (step 6)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko(player.rating, phi_star * SCALE, sigma)

    # Step 3 and 4: the estimated variance v and the estimated improvement delta.
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = opponent.rd / SCALE
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * expected * (1 - expected)
        improvement += g * (score - expected)
    v = 1 / inverse_v
    delta = v * improvement

    sigma_new = _new_volatility(phi, sigma, v, delta, tau)
    # Step 6 and 7: the pre-period RD, then the new RD and rating.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Glicko(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def team_average(members: Sequence[Glicko]) -> Glicko:
    """One opponent standing for a team: the mean rating and the mean RD of its members."""
    count = len(members)
    return Glicko(
        sum(m.rating for m in members) / count,
        sum(m.rd for m in members) / count,
        sum(m.volatility for m in members) / count,
    )
