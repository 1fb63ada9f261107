"""Live MCP servers: connect with the official MCP client, list every tool, disconnect.

``stdio`` starts a server as a child process (and ends its whole process group);
``http`` connects to a Streamable HTTP endpoint. Both share ``session``: initialise,
then every page of ``tools/list``, with failures turned into a :class:`ServerError`
that says which way the server failed.
"""
