"""The Python package target: descriptors, input models, parse_arguments, decide and the
host and mode views.
"""
