"""The typed model of what the pipeline learns: Lean names, declaration facts, claim evidence.

The bottom of the package: every stage produces or reads these types, every output renders them,
and nothing here imports another part of claimcheck.
"""
