"""Zod v4 validators from JSON Schema: the converter, one branch per JSON type, and the
runtime helper module.
"""
