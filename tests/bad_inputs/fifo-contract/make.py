"""A FIFO named like a contract: reading it would block forever; it is named instead."""

import os
from pathlib import Path


def make(contracts: Path) -> None:
    os.mkfifo(contracts / "pipe.yaml")
