"""The cache on Redis, where a Redis that does not answer is a cache that holds nothing.

allauth keeps its login rate limits in the cache: with Django's own ``RedisCache`` a Redis
outage turned every sign-in into a 500. Here each operation that fails is logged and answered
as an empty cache would answer it, so sign-in works (without a stored limit) until Redis is
back.
"""

import logging
from collections.abc import Callable

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class ForgivingRedisCache(RedisCache):
    def _or(self, fallback: object, operation: Callable[..., object], *args: object) -> object:
        try:
            return operation(*args)
        except RedisError as error:
            logger.warning("cache unavailable, %s answered as empty: %s", operation.__name__, error)
            return fallback

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        # Nothing is there while Redis is away, so the key counts as added (allauth's lock then
        # goes ahead at once instead of waiting for a lock it can never take).
        return self._or(True, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._or(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._or(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._or({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._or(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            logger.warning("cache unavailable, incr answered as empty: %s", error)
            raise ValueError(f"Key '{key}' not found") from error  # what a missing key raises

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._or(None, super().delete_many, keys, version)

    def clear(self):
        return self._or(False, super().clear)
