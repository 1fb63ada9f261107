"""Provider profiles: what each provider accepts and how a contract's schema reaches it.

A profile holds a provider's name rule, the schema subset it accepts, its limits, and a
pure transform ``T`` from the contract's ``inputSchema`` to what the provider receives
(``base.Transformed``: the schema, or None, and findings with JSON paths relative to the
inputSchema). Every keyword ``T`` drops or rewrites is either an annotation or a finding
the pipeline reports at its contract line.
"""
