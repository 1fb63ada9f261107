"""The TypeScript package target: descriptor and input types, const descriptors,
parseArguments, decide, views and the Zod validators.
"""
