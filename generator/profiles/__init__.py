"""Provider profiles: per target, its name rule, the schema it accepts, and a pure transform.

Each transform takes a contract's inputSchema and returns ``base.Transformed``: the schema the
provider receives (or None) and findings with JSON paths relative to the inputSchema.
"""
