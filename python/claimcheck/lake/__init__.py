"""Lake workspaces read as they are: lakefiles (:mod:`~claimcheck.lake.config`,
:mod:`~claimcheck.lake.toml_file`, :mod:`~claimcheck.lake.lean_file`, :mod:`~claimcheck.lake.native`),
``lake-manifest.json`` (:mod:`~claimcheck.lake.manifest`), the workspace's packages
(:mod:`~claimcheck.lake.workspace`) and what lake's trace files say an output was built from
(:mod:`~claimcheck.lake.trace`)."""
