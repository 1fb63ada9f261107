"""The intermediate representation: the canonical descriptor (model), its field table, the
defaults and decision policy, names, and the options every emitter reads.
"""
