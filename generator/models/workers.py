"""Worker processes that end with the run that started them.

The model stage forks workers (``build.py``). Were toolcanon killed (SIGKILL, an
out-of-memory kill, a closed CI job), a worker would go on formatting models for
nobody. On Linux each worker asks the kernel to kill it when its parent dies
(``prctl(PR_SET_PDEATHSIG)``), and ends at once if the parent died before it asked.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """A pool initializer: end this worker when process ``parent`` ends."""
    if sys.platform == "linux":
        name = ctypes.util.find_library("c")
        if name:
            libc = ctypes.CDLL(name, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent is gone already: the signal will not come
        os._exit(1)
