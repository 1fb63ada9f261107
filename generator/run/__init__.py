"""Runs the stages: the pipeline (load, build), the render stage, memory upkeep, the check
fast path and what init writes.
"""
