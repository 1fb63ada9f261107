"""The JSON Schemas toolcanon ships, as package resources: a contract file's
(``contract.schema.json``) and a host overlay's (``overlay.schema.json``). The checker
validates against them and the schema target writes them out as they are; both read
them through ``generator.core.resources``, so no emitter imports the checker."""
