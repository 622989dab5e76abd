"""How a command wants the pipeline run."""

from __future__ import annotations

from dataclasses import dataclass

from claimcheck.model.names import Name

__all__ = ["Options"]


@dataclass(frozen=True)
class Options:
    """How a command wants the pipeline run."""

    jobs: int | None = None
    #: build before reading (False: read the existing outputs; stale or absent ones count as failed)
    build: bool = True
    kernel: bool = True
    #: install the toolchain if none is found
    install: bool = True
    include_all: bool = False
    decls: tuple[Name, ...] | None = None
    #: read no cached records (nothing is read under CI either)
    no_cache: bool = False
    #: run companion code even where no OS sandbox is available (the user's explicit choice)
    unsandboxed_companion: bool = False
    #: re-check each module with the kernel as soon as it and its imports are built (False: only
    #: after the whole build; the verdicts are the same)
    kernel_alongside: bool = True
