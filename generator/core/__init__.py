"""The bottom layer: diagnostics, the reporter, exit codes, paths as shown, fingerprints,
templating, the target table, the cache's read side and bounded JSON.
"""
