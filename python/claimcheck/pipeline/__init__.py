"""The one pipeline every command uses (:mod:`claimcheck.pipeline.session`): the lazy chain of
stages (:mod:`~claimcheck.pipeline.stages`), what each stage's cached result depends on
(:mod:`~claimcheck.pipeline.keys`) and the typed records that hold them
(:mod:`~claimcheck.pipeline.records`)."""
