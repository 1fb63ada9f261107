"""Servers that fail in the ways import must report: ``garbage``, ``silent``, ``exit``.

garbage: answers the first request with a line that is not JSON.
silent:  reads requests and never answers (import's timeout must end it).
exit:    writes a message to stderr and exits with status 3.
"""

from __future__ import annotations

import sys
import time


def main(mode: str) -> None:
    if mode == "exit":
        print("broken_server: refusing to start", file=sys.stderr)
        raise SystemExit(3)
    sys.stdin.readline()
    if mode == "garbage":
        sys.stdout.write("this is not JSON\n")
        sys.stdout.flush()
    for _ in range(600):  # never answer; the client stops us
        time.sleep(0.1)


if __name__ == "__main__":
    main(sys.argv[1])
