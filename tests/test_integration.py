"""Real PostgreSQL and Redis (make test points DATABASE_URL and REDIS_URL at the local ones)."""

import asyncio
import json
import uuid

import django_rq
import pytest
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import channel_layers
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from rq import Queue, SimpleWorker
from rq.job import Job


@pytest.mark.integration(services=["postgres"])
@pytest.mark.django_db
def test_postgresql_round_trip():
    assert connection.vendor == "postgresql"
    name = connection.settings_dict["NAME"]
    assert name.startswith("test_")
    assert not name.startswith("test_test_")
    User = get_user_model()
    User.objects.create_user(username="pg-check", email="pg@example.com", password="x")
    assert User.objects.get(username="pg-check").email == "pg@example.com"
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('server_version_num')::int")
        assert cursor.fetchone()[0] >= 120000


@pytest.mark.integration(services=["redis"])
@pytest.mark.asyncio
async def test_channels_redis_group_round_trip():
    # A layer of its own: closing its pools must not touch the site's shared layer, whose
    # pools belong to other event loops (the announcements' loop among them).
    layer = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)
    assert type(layer).__module__ == "channels_redis.pubsub"
    group = f"test-{uuid.uuid4().hex}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "table.changed", "seq": 7})
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        assert message == {"type": "table.changed", "seq": 7}
    finally:
        await layer.group_discard(group, channel)
        await layer.flush()  # closes its connections


@pytest.mark.integration(services=["redis"])
def test_rq_enqueue_fetch_and_run_on_real_redis():
    assert set(settings.RQ_QUEUES) == {"default", "bots", "deadlines", "coach"}
    connection = django_rq.get_connection("bots")
    queue = Queue(f"test-{uuid.uuid4().hex}", connection=connection)
    try:
        job = queue.enqueue(json.dumps, {"seat": 1})
        fetched = Job.fetch(job.id, connection=connection)
        assert fetched.func_name == "json.dumps"
        assert queue.job_ids == [job.id]

        SimpleWorker([queue], connection=connection).work(burst=True)
        assert Job.fetch(job.id, connection=connection).return_value() == '{"seat": 1}'
    finally:
        queue.delete(delete_jobs=True)


@pytest.mark.integration(services=["redis"])
def test_django_rq_queues_use_the_configured_redis():
    for name in ("default", "bots", "deadlines", "coach"):
        queue = django_rq.get_queue(name)
        assert queue.connection.ping() is True
