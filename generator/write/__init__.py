"""The only package that writes: the plan, the swap and in-place writers, the lock,
ownership witnesses, the manifest, cache entries and atomic file writes.
"""
