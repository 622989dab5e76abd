"""The model as JSON: ``report.json``, ``check --json``, ``status --json``, the records of the user's
cache, and reading each of them back.

One encoding per type, the same wherever a value is written: enums as their values,
:class:`~claimcheck.model.names.Name` values as their printed Lean text (which parses back to the
same components), dataclasses as objects of their fields (a declaration's record also carries its
name's ``components`` and ``private``), tuples and lists as arrays, a dict as an object when its
keys are text (strings, names, enums) and as an array of ``[key, value]`` pairs otherwise.
:func:`encode` writes a value; :func:`decode` reads one back given its type, checking the shape
as it goes (:class:`ModelError` for data of another shape: a stale cache record or a foreign
report). The derived counts (:class:`~claimcheck.model.evidence.Summary`) are written for readers
of the file and ignored when it is read back. A report is read back only when it carries this
version's schema marker.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from claimcheck.errors import ClaimcheckError
from claimcheck.model.names import Name, NameSyntaxError, parse_str

if TYPE_CHECKING:  # the evidence model is read when a report is: `status` needs the facts alone
    from claimcheck.model.evidence import GateResult
    from claimcheck.model.facts import DeclFacts

__all__ = ["ModelError", "STATUS_SCHEMA", "decode", "encode", "facts_from_json", "facts_to_json",
           "report_from_json", "report_to_json"]

#: The schema marker of ``claimcheck status --json``.
STATUS_SCHEMA = "claimcheck.status/2"

T = TypeVar("T")


class ModelError(ClaimcheckError):
    """Data that does not have the shape of the model (a stale or foreign report)."""


def _facts_type() -> type[DeclFacts]:
    """:class:`DeclFacts`, imported when a dataclass is first encoded or decoded (reading a
    record of text alone, as a reused ``status`` does, need not build the facts' model)."""
    from claimcheck.model.facts import DeclFacts

    return DeclFacts


def _text_key(key: Any) -> bool:
    return isinstance(key, (str, Name, Enum))


def encode(value: Any) -> Any:
    """A model value as JSON data (see the module docstring)."""
    if isinstance(value, Name):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, _facts_type()):
            # the name the author wrote (a private one marked `private`, never its mangled form)
            data["name"] = str(value.name.user_facing)
            data["components"] = value.name.user_facing.to_json()
            data["private"] = value.private
        return data
    if isinstance(value, dict):
        if all(_text_key(k) for k in value):
            return {k if isinstance(k, str) else encode(k): encode(v) for k, v in value.items()}
        return [[encode(k), encode(v)] for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    return value


def decode(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` (a model dataclass, an enum, ``Name``, ``str``/``int``/``bool``, or
    ``list``/``tuple``/``dict``/``X | None`` of those) that :func:`encode` wrote as ``data``; a
    :class:`ModelError` when ``data`` does not have that shape. Keys a dataclass does not have
    are ignored (derived counts, ``components``); a missing field takes its default."""
    try:
        return _decoder(kind)(data)
    except _FieldError as exc:
        raise ModelError(f'field "{exc.path}": {exc.why}') from exc
    except _ERRORS as exc:
        raise ModelError(f"not a {getattr(kind, '__name__', kind)}: {_why(exc)}") from exc


class _FieldError(ModelError):
    """What is wrong, and in which field (a dotted path of field names, as ``papers.claims.verdict``)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.why = path, why


_ERRORS = (KeyError, TypeError, ValueError, AttributeError, NameSyntaxError)


def _why(exc: Exception) -> str:
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def _expect(cls: type, data: Any) -> Any:
    if data.__class__ is not cls:
        raise TypeError(f"expected {cls.__name__}, got {type(data).__name__}")
    return data


def _name(data: Any) -> Name:
    return parse_str(data) if data.__class__ is str else Name(_expect(list, data))


def _facts_decoder(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A declaration's facts: its name is written as the author wrote it; a private one is Lean's
    ``_private.<module>.0.<name>`` again (its identity)."""
    def facts(data: Any) -> DeclFacts:
        got = read(data)
        if isinstance(data, dict) and data.get("private") is True and not got.name.is_private:
            module = tuple(Name.parse(got.module).components) if got.module else ()
            got = dataclasses.replace(got, name=Name(("_private", *module, 0, *got.name.components)))
        return got
    return facts


@lru_cache(maxsize=None)
def _decoder(kind: Any) -> Callable[[Any], Any]:
    """The reader of one type (made once per type)."""
    if kind is Any:
        return lambda data: data
    if kind is None or kind is type(None):
        return lambda data: _expect(type(None), data)
    if kind in (str, bool):
        return lambda data: _expect(kind, data)
    if kind is int:
        return lambda data: _expect(int, data)
    if kind is float:
        return lambda data: float(data) if data.__class__ is int else _expect(float, data)
    if kind is Name:
        return _name
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if kind is _facts_type():
            return _facts_decoder(_dataclass_decoder(kind))
        return _dataclass_decoder(kind)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        readers = [_decoder(a) for a in args if a is not type(None)]
        none_ok = type(None) in args
        if len(readers) == 1:
            one = readers[0]
            return lambda data: None if data is None and none_ok else one(data)

        def union(data: Any) -> Any:
            if data is None and none_ok:
                return None
            errors = []
            for read in readers:
                try:
                    return read(data)
                except (*_ERRORS, ModelError) as exc:
                    errors.append(_why(exc))
            raise TypeError("; ".join(errors))
        return union
    if origin is list:
        item = _decoder(args[0])
        return lambda data: [item(x) for x in _expect(list, data)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data: tuple(item(x) for x in _expect(list, data))
        parts = [_decoder(a) for a in args]

        def fixed(data: Any) -> tuple:
            if len(_expect(list, data)) != len(parts):
                raise ValueError(f"expected {len(parts)} items, got {len(data)}")
            return tuple(read(x) for read, x in zip(parts, data))
        return fixed
    if origin is dict:
        key, value = _decoder(args[0]), _decoder(args[1])
        if args[0] is str or args[0] is Name or (isinstance(args[0], type) and issubclass(args[0], Enum)):
            return lambda data: {key(k): value(v) for k, v in _expect(dict, data).items()}
        # an empty dict is written as an empty object whatever its keys (:func:`encode` sees no key)
        return lambda data: {} if data == {} else {key(k): value(v) for k, v in map(_pair, _expect(list, data))}
    raise TypeError(f"the codec has no encoding for {kind!r}")


def _pair(data: Any) -> tuple[Any, Any]:
    if len(_expect(list, data)) != 2:
        raise ValueError(f"expected a [key, value] pair, got {len(data)} items")
    return data[0], data[1]


def _dataclass_decoder(kind: type) -> Callable[[Any], Any]:
    hints = typing.get_type_hints(kind)
    fields = [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
              for f in dataclasses.fields(kind) if f.init]
    readers: dict[str, Callable[[Any], Any]] = {}

    def read(data: Any) -> Any:
        if not readers:  # filled on first use: a dataclass may contain itself
            readers.update((name, _decoder(hints[name])) for name, _ in fields)
        _expect(dict, data)
        values = {}
        for name, required in fields:
            if name in data:
                try:
                    values[name] = readers[name](data[name])
                except _FieldError as exc:
                    raise _FieldError(f"{name}.{exc.path}", exc.why) from exc
                except _ERRORS as exc:
                    raise _FieldError(name, _why(exc)) from exc
            elif required:
                raise _FieldError(name, f"missing (a {kind.__name__} has one)")
        return kind(**values)
    return read


def report_to_json(result: GateResult) -> dict[str, Any]:
    """The content of ``report.json`` (with the derived counts, for readers of the file)."""
    from claimcheck.model.evidence import REPORT_SCHEMA

    data = {"schema": REPORT_SCHEMA, **encode(result)}
    data["summary"] = {**encode(result.summary), "headline": result.summary.headline()}
    for paper_data, paper in zip(data["papers"], result.papers):
        paper_data["summary"] = encode(paper.summary)
        for claim_data, claim in zip(paper_data["claims"], paper.claims):
            claim_data["state"] = claim.state
    return data


def report_from_json(data: Any) -> GateResult:
    """Read ``report.json`` data back; derived keys are ignored. Data without this version's
    marker is refused with :class:`ModelError`."""
    from claimcheck.model.evidence import REPORT_SCHEMA, GateResult, tier_of

    if not isinstance(data, dict):
        raise ModelError(f"report data: expected a JSON object, got {type(data).__name__}")
    marker = data.get("schema")
    if marker != REPORT_SCHEMA:
        found = "no `schema` marker" if marker is None else f"schema `{marker}`"
        raise ModelError(f"report data: {found}; expected `{REPORT_SCHEMA}` (a report written by another"
                         " claimcheck version or another tool: regenerate it)")
    try:
        result = decode(GateResult, data)
    except ModelError as exc:
        raise ModelError(f"report data: {exc}") from exc
    for paper in result.papers:
        for claim in paper.claims:
            # A file that puts a claim in a tier its verdict and evidence do not give (a failing
            # claim in a green tier) is refused rather than shown.
            derived = tier_of(claim.verdict, claim.formal, bool(claim.witnesses))
            if claim.tier is not derived:
                raise ModelError(f"report data: claim {paper.id}/{claim.id}: tier {claim.tier} does not follow from"
                                 f" its verdict {claim.verdict} and its evidence (that gives {derived})")
    return result


def facts_from_json(data: Any) -> DeclFacts:
    """A declaration's record from its JSON (:func:`encode`'s), exactly."""
    return decode(_facts_type(), data)


def facts_to_json(records: list[DeclFacts], dependencies: str | None = None,
                  notes: list[str] | None = None) -> dict[str, Any]:
    """The ``status --json`` document (``dependencies``: the workspace's required packages and the
    kernel's treatment of them, when there are any; ``notes``: what else the status found, in words)."""
    doc: dict[str, Any] = {"schema": STATUS_SCHEMA, "declarations": [encode(r) for r in records]}
    if dependencies is not None:
        doc["dependencies"] = dependencies
    if notes:
        doc["notes"] = notes
    return doc
