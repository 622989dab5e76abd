"""Re-checking a project with claimcheck's own kernel: the `.olean` front end and the run.

``front_end``: constants decoded by the `.olean` reader as kernel declarations; ``run``: the
re-check of a build (units in dependency order, a verdict per constant, the verdict cache) and the
lean4export NDJSON export. ``claimcheck.kernel`` itself knows nothing of `.olean` files.
"""
