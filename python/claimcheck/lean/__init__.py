"""Toolchain and build: find or install Lean, read module headers, build modules incrementally."""
