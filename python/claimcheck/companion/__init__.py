"""A project's companion code (witnesses, instance semantics), run in a process of its own.

claimcheck never imports a project's Python. ``claimcheck.toml`` names the companion modules
(``[witnesses] modules``, ``[instances] modules``); :func:`~claimcheck.companion.client.run` starts
``python -m claimcheck.companion.child``, sends it one JSON request on its standard input (the
witness ids to run, the instance statements to evaluate, encoded as terms) and reads one JSON
response back (:mod:`claimcheck.companion.protocol`). What a companion returns is data: it can make
a witness or an instance cross-check pass or fail, never a Lean verdict or a rule of the gate.
"""
