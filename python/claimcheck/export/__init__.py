"""Exports of a project's declarations for other tools (LeanDojo)."""
