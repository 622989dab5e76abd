"""This repository's companion to claimcheck: what is specific to its own papers.

- :mod:`mltheory.witnesses`: numpy/sympy witnesses of the core lemmas (``[witnesses] modules``);
- :mod:`mltheory.semantics`: Python meanings of the MLTheory Lean definitions, for the instance
  cross-check (``[instances] modules``).

claimcheck itself never imports this package; ``claimcheck.toml`` names it.
"""
