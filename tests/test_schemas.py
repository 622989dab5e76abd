"""The shipped JSON Schemas say what the model's dataclasses are (issue 34): every field of
``GateResult`` (``report.json``, ``check --json``) and of ``DeclFacts`` (``status --json``), down
through every dataclass they hold, is a property of the schema at the same place, typed alike (an
enum's values, a name's text, a list's items, ``None`` where the field may be), and the schema names
no property the model lacks (but the derived ones written for readers)."""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from typing import Any

import pytest

from claimcheck.model.codec import STATUS_SCHEMA
from claimcheck.model.evidence import REPORT_SCHEMA, GateResult
from claimcheck.model.facts import DeclFacts
from claimcheck.model.names import Name
from claimcheck.report.schema import json_schema

#: Keys written for readers and ignored on reading (the codec's derived values), by dataclass.
DERIVED = {"GateResult": {"schema", "summary"}, "PaperEvidence": {"summary"}, "ClaimEvidence": {"state"},
           "DeclFacts": {"components", "private"}}


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _alternatives(schema: dict[str, Any], node: dict[str, Any]) -> list[dict[str, Any]]:
    node = _resolve(schema, node)
    return [_resolve(schema, n) for n in node.get("oneOf", node.get("anyOf", [node]))]


def _allows_null(schema: dict[str, Any], node: dict[str, Any]) -> bool:
    for alt in _alternatives(schema, node):
        types_ = alt.get("type")
        if types_ == "null" or (isinstance(types_, list) and "null" in types_) or None in alt.get("enum", ()):
            return True
    return False


def _check(schema: dict[str, Any], node: dict[str, Any], kind: Any, where: str, seen: set) -> None:
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if type(None) in args:
            assert _allows_null(schema, node), f"{where}: may be None, the schema does not allow null"
        for a in inner:
            alts = [n for n in _alternatives(schema, node) if n.get("type") != "null"]
            _check(schema, alts[0] if len(alts) == 1 else node, a, where, seen)
        return
    node = _resolve(schema, node)
    if origin in (list, tuple):
        alts = [n for n in _alternatives(schema, node) if "items" in n or n.get("type") == "array"]
        assert alts, f"{where}: a list, the schema says {node}"
        items = alts[0].get("items", {})
        item_kind = args[0] if args else Any
        _check(schema, items, item_kind, where + "[]", seen)
        return
    if origin is dict:
        assert any(n.get("type") == "object" for n in _alternatives(schema, node)), f"{where}: an object"
        return
    if isinstance(kind, type) and issubclass(kind, Enum):
        enums = [set(n["enum"]) - {None} for n in _alternatives(schema, node) if "enum" in n]
        assert enums, f"{where}: the enum {kind.__name__}, the schema has no enum"
        assert set().union(*enums) == {e.value for e in kind}, f"{where}: {kind.__name__}'s values"
        return
    if kind is Name or kind is str:
        assert any(n.get("type") == "string" or (isinstance(n.get("type"), list) and "string" in n["type"])
                   or n.get("enum") for n in _alternatives(schema, node)), f"{where}: text"
        return
    if dataclasses.is_dataclass(kind):
        objects = [n for n in _alternatives(schema, node) if "properties" in n]
        assert objects, f"{where}: the object {kind.__name__}"
        obj = objects[0]
        hints = typing.get_type_hints(kind)
        fields = {f.name for f in dataclasses.fields(kind)}
        assert set(obj["properties"]) - fields <= DERIVED.get(kind.__name__, set()), \
            f"{where}: the schema names what {kind.__name__} lacks: {set(obj['properties']) - fields}"
        assert fields <= set(obj["properties"]), f"{where}: {kind.__name__}'s {fields - set(obj['properties'])}"
        if (kind, id(obj)) in seen:
            return
        seen.add((kind, id(obj)))
        for name in sorted(fields):
            _check(schema, obj["properties"][name], hints[name], f"{where}.{name}", seen)


@pytest.mark.parametrize(("marker", "model", "path"), [
    (REPORT_SCHEMA, GateResult, None),
    (STATUS_SCHEMA, DeclFacts, ("declarations", "items")),
])
def test_the_schema_is_the_model(marker: str, model: type, path: tuple[str, ...] | None) -> None:
    schema = json_schema(marker)
    node: dict[str, Any] = schema
    for step in path or ():
        node = _resolve(schema, node["properties"][step] if step != "items" else node["items"])
    _check(schema, node, model, model.__name__, set())


def test_the_check_finds_a_field_the_schema_lacks() -> None:
    schema = json_schema(STATUS_SCHEMA)
    item = _resolve(schema, schema["properties"]["declarations"]["items"])
    del item["properties"]["satisfiable_by"]
    with pytest.raises(AssertionError, match="satisfiable_by"):
        _check(schema, item, DeclFacts, "DeclFacts", set())
