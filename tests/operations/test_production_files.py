"""Production mode end to end in fresh interpreters: `check --deploy` is clean, collected static
files are served by WhiteNoise with far-future cache headers, logs are JSON lines, and the
Procfile runs commands that exist."""

import json
import re
import shlex
import subprocess

import pytest
from production_support import PRODUCTION, ROOT, run_python


def test_deploy_check_is_clean_with_a_database_and_redis():
    result = run_python(PRODUCTION, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)" in result.stdout


SERVE = """
import django, json
django.setup()
from django.templatetags.static import static
from django.test import Client
from django.contrib.staticfiles.storage import staticfiles_storage
answers = {}
for url in (static("css/site.css"), staticfiles_storage.table_bundle["entry"]):
    response = Client(HTTP_HOST="play.example.com").get(
        url, secure=True, headers={"Accept-Encoding": "gzip"}
    )
    body = b"".join(response.streaming_content)
    answers[url] = {
        "status": response.status_code,
        "cache": response.get("Cache-Control"),
        "encoding": response.get("Content-Encoding"),
        "size": len(body),
    }
print(json.dumps(answers))
"""


def test_collected_static_files_are_served_hashed_compressed_and_cached_for_ever(tmp_path):
    env = {
        **PRODUCTION,
        "STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_SETTINGS_MODULE": "dominoes.settings",
    }
    collected = run_python(env, "manage.py", "collectstatic", "--noinput")
    assert collected.returncode == 0, collected.stderr
    served = run_python(env, "-c", SERVE)
    assert served.returncode == 0, served.stderr
    sheet, bundle = json.loads(served.stdout).items()
    # A content hash in the name: a changed file is a new URL, so the old one may be cached;
    # Django's for the site's files, the build's for the table's bundle (dist/table/main-...).
    assert sheet[0].startswith("/static/css/site.") and sheet[0] != "/static/css/site.css"
    assert re.fullmatch(r"/static/dist/table/main-[A-Z0-9]{8}\.js", bundle[0]), bundle[0]
    for url, answer in (sheet, bundle):
        assert answer["status"] == 200, url
        assert "max-age=315360000" in answer["cache"] and "immutable" in answer["cache"], url
        assert answer["encoding"] == "gzip" and answer["size"] > 0, url
    # The table's modules import each other by their hashed names: all cached for ever.
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    main = (tmp_path / "static" / manifest["js/table/main.js"]).read_text()
    ctrl = manifest["js/table/ctrl.js"].rsplit("/", 1)[1]
    assert f'from "./{ctrl}"' in main and ctrl != "ctrl.js"


PAGE = """
import django, json
django.setup()
from django.test import Client
client = Client(HTTP_HOST="play.example.com")
page = client.get("/play/", secure=True)
css = client.get("/static/css/site.css", secure=True)
print(json.dumps({
    "page": page.status_code,
    "links_source": b'href="/static/css/site.css"' in page.content,
    "css": css.status_code,
}))
"""


def test_without_collectstatic_pages_still_render_with_the_source_files(tmp_path):
    """A server started in production mode without collectstatic (a benchmark, a quick try)."""
    env = {
        **PRODUCTION,
        "DATABASE_URL": "",  # SQLite: the setup page reads no table
        "STATIC_ROOT": str(tmp_path / "never-collected"),
        "DJANGO_SETTINGS_MODULE": "dominoes.settings",
    }
    result = run_python(env, "-c", PAGE)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"page": 200, "links_source": True, "css": 200}


LOG = """
import django, logging
django.setup()
logging.getLogger("games.live.consumers").warning("table %s refused", "abc")
"""


def test_production_logs_are_json_lines():
    result = run_python({**PRODUCTION, "DJANGO_SETTINGS_MODULE": "dominoes.settings"}, "-c", LOG)
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stderr.strip().splitlines()[-1])
    assert line["logger"] == "games.live.consumers"
    assert line["level"] == "WARNING"
    assert line["message"] == "table abc refused"
    assert line["request_id"] is None


def test_an_unknown_log_format_is_refused():
    result = run_python({**PRODUCTION, "LOG_FORMAT": "xml"}, "manage.py", "check")
    assert result.returncode != 0
    assert "LOG_FORMAT='xml'" in result.stderr


def procfile() -> dict[str, list[str]]:
    processes = {}
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, command = line.split(":", 1)
            processes[name] = shlex.split(command)
    return processes


def test_the_procfile_runs_the_site_its_workers_both_safety_nets_and_the_session_sweep():
    processes = procfile()
    assert set(processes) == {"web", "bots", "coach", "worker", "sweep", "billing", "sessions"}
    assert processes["web"][0] == "daphne" and processes["web"][-1] == "dominoes.asgi:application"
    # The computer's moves never wait on RQ's scheduler (or its lock) nor behind other jobs.
    assert processes["bots"][:4] == ["python", "manage.py", "rqworker", "bots"]
    assert "--with-scheduler" not in processes["bots"]
    assert processes["worker"][:3] == ["python", "manage.py", "rqworker"]
    assert {"default", "deadlines", "--with-scheduler"} <= set(processes["worker"])
    assert "bots" not in processes["worker"]
    # A review of a hand (seconds of search) never queues ahead of a move or a deadline.
    assert processes["coach"][:4] == ["python", "manage.py", "rqworker", "coach"]
    assert "coach" not in processes["worker"] and "coach" not in processes["bots"]
    # A lost computer turn is played within its pause + COMPUTER_OVERDUE_SECONDS + this.
    assert processes["sweep"][2:] == ["sweep_deadlines", "--every", "1"]
    assert processes["billing"][2] == "refresh_subscriptions"
    assert processes["sessions"][2:] == ["repeat", "--every", "3600", "clearsessions"]


@pytest.mark.parametrize("name", ["bots", "coach", "worker", "sweep", "billing", "sessions"])
def test_each_procfile_command_exists_with_its_options(name):
    command = procfile()[name]
    assert command[:2] == ["python", "manage.py"]
    # --help parses the command line the Procfile gives, without running it.
    result = run_python(PRODUCTION, "manage.py", command[2], "--help")
    assert result.returncode == 0, result.stderr
    for option in (arg for arg in command[3:] if arg.startswith("--")):
        assert option in result.stdout


def test_the_web_process_listens_on_loopback_and_trusts_no_forwarded_header_itself():
    """Only the site's proxy reaches daphne, and daphne's --proxy-headers would take the first
    X-Forwarded-For entry (the client's own) as the address: the site reads the header itself,
    trusting only TRUSTED_PROXY_COUNT entries (dominoes/client_address.py)."""
    web = procfile()["web"]
    assert web[web.index("-b") + 1] == "127.0.0.1"
    assert "--proxy-headers" not in web


def test_the_web_process_sets_daphne_s_timeouts_with_options_daphne_has():
    command = procfile()["web"]
    for option in ("--http-timeout", "--websocket_connect_timeout", "--ping-interval"):
        assert option in command  # daphne's default --http-timeout waits forever
    result = run_python(PRODUCTION, "-m", "daphne", "--help")
    assert result.returncode == 0, result.stderr
    for option in (arg for arg in command[1:] if arg.startswith("--")):
        assert option in result.stdout


def test_deploy_run_starts_only_a_process_the_procfile_has():
    """deploy/run.sh (what the systemd unit of docs/operations.md runs) names a Procfile line;
    anything else is refused, with the reason, before anything starts."""
    result = subprocess.run(
        ["deploy/run.sh", "webs-8000"], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 2
    assert "no process 'webs' in the Procfile" in result.stderr
