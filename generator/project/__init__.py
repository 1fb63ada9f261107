"""A project's settings: the config file, the config model, accepted warnings, and where
the output, cache and hosts folders may be.
"""
