"""Write the site's nginx configuration from deploy/nginx/dominoes.conf (docs/operations.md,
"Deploying on PostgreSQL and Redis"): the web processes' addresses, the site's name, its TLS
certificate. Python's standard library only: it runs before the site's venv exists.

    python3 deploy/nginx/render.py --web 127.0.0.1:8000 --web 127.0.0.1:8001 \\
        --server-name play.example.com \\
        --certificate /etc/letsencrypt/live/play.example.com/fullchain.pem \\
        --certificate-key /etc/letsencrypt/live/play.example.com/privkey.pem \\
        > /etc/nginx/conf.d/dominoes.conf
    nginx -t && nginx -s reload
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("dominoes.conf")
FIELD = re.compile(r"@([A-Z_]+)@")


def render(
    *,
    web: list[str],
    server_name: str,
    certificate: str,
    certificate_key: str,
    https_listen: str = "443",
    http_listen: str = "80",
    log_dir: str = "/var/log/nginx",
) -> str:
    """The configuration, every field filled (a field the template has and this does not
    fill is an error, never a line nginx would read as written)."""
    if not web:
        raise ValueError("at least one web process (--web HOST:PORT)")
    values = {
        "WEB_SERVERS": "\n".join(f"    server {address} max_fails=0;" for address in web),
        "SERVER_NAME": server_name,
        "CERTIFICATE": certificate,
        "CERTIFICATE_KEY": certificate_key,
        "HTTPS_LISTEN": https_listen,
        "HTTP_LISTEN": http_listen,
        "LOG_DIR": log_dir.rstrip("/"),
    }
    template = TEMPLATE.read_text()
    unknown = set(FIELD.findall(template)) - set(values)
    if unknown:
        raise ValueError(f"the template has fields this script does not fill: {sorted(unknown)}")
    return FIELD.sub(lambda field: values[field.group(1)], template)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--web",
        action="append",
        required=True,
        metavar="HOST:PORT",
        help="a web process (daphne); once for each",
    )
    parser.add_argument("--server-name", required=True, help="the site's host name")
    parser.add_argument("--certificate", required=True, help="the TLS certificate (PEM, chain)")
    parser.add_argument("--certificate-key", required=True, help="its private key (PEM)")
    parser.add_argument("--https-listen", default="443", help="nginx's listen for HTTPS")
    parser.add_argument("--http-listen", default="80", help="for plain HTTP (redirects)")
    parser.add_argument("--log-dir", default="/var/log/nginx", help="for dominoes-access.log")
    parser.add_argument("-o", "--output", type=Path, help="the file to write (else stdout)")
    arguments = vars(parser.parse_args(argv))
    output = arguments.pop("output")
    text = render(**arguments)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text)


if __name__ == "__main__":
    main()
