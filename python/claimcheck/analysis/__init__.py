"""Analysis of built declarations: proof status and axioms, statement fingerprints,
pretty-printed statements, and the cross-check of concrete instances."""
