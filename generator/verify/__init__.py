"""``toolcanon verify``: does a running MCP server still serve what was reviewed?

expected (the contracts of one server, as ``generate`` would list them, or a pin) →
the server's own listing (``generator.live``) → compare (diff's rules, plus the
``live-…`` rules of ``rules``) → diff's reporter.
"""
