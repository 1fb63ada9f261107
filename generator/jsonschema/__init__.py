"""The one JSON Schema toolkit every stage uses.

- :mod:`.pointer`: JSON pointers (RFC 6901) and local ``$ref`` fragments (RFC 3986
  percent-decoding), resolved the same way everywhere.
- :mod:`.dialects`: the dialects toolcanon reads (2020-12 unless ``$schema`` names
  another), their keyword vocabularies and defined formats.
- :mod:`.walk`: every subschema position of a schema, per dialect, without recursion.
- :mod:`.refs`: following local references: ``$defs`` names, dereferencing with
  siblings, and cycles of bare references.
- :mod:`.fold`: the one structural rebuild schema transforms run on (rules per keyword
  or per node, positions per dialect, key order kept), and the helpers they share.

Nothing here knows about contracts, providers or targets; nothing here reads a file.
"""
