"""toolcanon: YAML tool contracts → every shape an agent host needs."""

__version__ = "0.4.0"
