"""Hosts: one overlay per host over the shared contracts (``hosts/<host>.yaml``).

An overlay selects the host's tools (``include``/``exclude``) and adds host fields to
them (``tools:`` entries matched by name or glob). It never carries a schema and may
only tighten safety. ``load`` reads and checks overlay files like contracts (positions,
the overlay schema, did-you-mean); ``apply`` builds each host's view of the resolved
tools and says, at the overlay's line, what an overlay may not do (``safety``).

Codes besides the contract schema's (TC1xx): TC170 two overlays of one host, TC171 a
schema in an overlay, TC172 a loosening, TC173 a host named unlike its file, TC174 a
name or glob that matches no tool, TC175 a change to what the contract says.
"""

from __future__ import annotations
