"""The docs target: the catalogue (TOOLS.md, README, PROVIDERS.md), parameter tables,
Markdown escaping and the compatibility matrix.
"""
