"""Run localstripe for one test run: ``python tests/localstripe_server.py PORT`` (started by
tests/stripe_support.py).

localstripe binds every interface and keeps its state in the shared file
``/tmp/localstripe.pickle`` (STACK-NOTES); this runner binds 127.0.0.1 only and keeps the state
in this process's memory, so parallel runs never share or clobber each other's objects.
"""

import sys

from aiohttp import web
from localstripe import resources
from localstripe.server import app


def main() -> None:
    port = int(sys.argv[1])
    # State in memory only: never read or write the shared pickle file.
    resources.store.dump_to_disk = lambda: None
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


if __name__ == "__main__":
    main()
