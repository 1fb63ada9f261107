"""The page target: the try-it catalogue (docs/index.html), its data and the package
modules it runs.
"""
