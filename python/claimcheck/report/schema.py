"""Schema markers of claimcheck's JSON outputs, and the JSON Schema shipped for each.

Every JSON document claimcheck writes carries ``"schema": "<kind>/<version>"`` so a consumer can
tell a current file from a stale or foreign one. The JSON Schema of each kind ships with the package
(``claimcheck/report/schemas/<name>.schema.json``); :func:`json_schema` reads it. The version is
bumped on an incompatible change (a key removed or its meaning changed); new keys do not bump it,
and readers tolerate unknown keys.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from claimcheck.claims.diff import DIFF_SCHEMA
from claimcheck.model.codec import STATUS_SCHEMA
from claimcheck.model.evidence import REPORT_SCHEMA

BUILD_SCHEMA = "claimcheck.build/2"

#: Marker -> the file name of its JSON Schema under ``schemas/``.
SCHEMA_FILES: dict[str, str] = {
    REPORT_SCHEMA: "report.schema.json",
    STATUS_SCHEMA: "status.schema.json",
    BUILD_SCHEMA: "build.schema.json",
    DIFF_SCHEMA: "diff.schema.json",
}


def marked(marker: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the schema marker as its first key."""
    if marker not in SCHEMA_FILES:
        raise KeyError(f"unknown schema marker {marker!r}")
    return {"schema": marker, **{k: v for k, v in data.items() if k != "schema"}}


def json_schema(marker: str) -> dict[str, Any]:
    """The JSON Schema (a dict) of the documents marked ``marker``."""
    name = SCHEMA_FILES[marker]
    text = resources.files("claimcheck.report").joinpath("schemas", name).read_text(encoding="utf-8")
    return json.loads(text)
