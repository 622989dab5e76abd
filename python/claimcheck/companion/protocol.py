"""The companion protocol: one JSON request in, one JSON response out, and the term encoding.

Terms (the statements of instance theorems, as the ``.olean`` reader decodes them) travel as a
table of nodes, each referring to earlier ones by index, so shared subterms are sent once:

``["bvar", i]``, ``["sort", level]``, ``["const", name, [level, ...]]``, ``["app", f, a]``,
``["lam" | "pi", binder name, type, body, binder info]``, ``["let", name, type, value, body]``,
``["lit", value]`` (a number, or ``{"str": text}``), ``["proj", structure name, index, term]``,
``["mdata", term]``; levels as ``["zero"]``, ``["succ", l]``, ``["max" | "imax", a, b]``,
``["param", name]``; a name as its list of components.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from claimcheck.errors import ClaimcheckError
from claimcheck.model.names import Name
from claimcheck.olean.terms import App, BVar, Const, Expr, ForallE, Lam, LetE, Level, Lit, MData, Proj, Sort, fold

PROTOCOL = 1

__all__ = ["PROTOCOL", "ProtocolError", "Request", "Response", "InstanceRequest", "InstanceAnswer",
           "WitnessAnswer", "encode_terms", "decode_terms"]


class ProtocolError(ClaimcheckError):
    """A request or response that does not have the protocol's shape."""


def _level(lv: Level) -> list:
    if lv.kind == "zero":
        return ["zero"]
    if lv.kind == "succ":
        return ["succ", _level(lv.args[0])]
    if lv.kind in ("max", "imax"):
        return [lv.kind, _level(lv.args[0]), _level(lv.args[1])]
    if lv.kind == "param" and lv.name is not None:
        return ["param", lv.name.to_json()]
    raise ProtocolError(f"a level of kind {lv.kind} cannot be sent")


def _unlevel(data: Any) -> Level:
    if not isinstance(data, list) or not data:
        raise ProtocolError(f"not a level: {data!r}")
    kind = data[0]
    if kind == "zero":
        return Level("zero")
    if kind == "succ":
        return Level("succ", (_unlevel(data[1]),))
    if kind in ("max", "imax"):
        return Level(kind, (_unlevel(data[1]), _unlevel(data[2])))
    if kind == "param":
        return Level("param", (), Name.from_json(data[1]))
    raise ProtocolError(f"not a level: {data!r}")


def encode_terms(roots: list[Expr]) -> tuple[list[list], list[int]]:
    """``(table, root indices)`` for the terms ``roots`` (shared subterms once)."""
    table: list[list] = []

    def node(e: Expr, kids: list[int]) -> int:
        if isinstance(e, BVar):
            row: list = ["bvar", e.index]
        elif isinstance(e, Sort):
            row = ["sort", _level(e.level)]
        elif isinstance(e, Const):
            row = ["const", e.name.to_json(), [_level(lv) for lv in e.levels]]
        elif isinstance(e, App):
            row = ["app", *kids]
        elif isinstance(e, (Lam, ForallE)):
            row = ["lam" if isinstance(e, Lam) else "pi", e.binder_name.to_json(), *kids, e.binder_info]
        elif isinstance(e, LetE):
            row = ["let", e.decl_name.to_json(), *kids]
        elif isinstance(e, Lit):
            row = ["lit", e.value if isinstance(e.value, int) else {"str": e.value}]
        elif isinstance(e, MData):
            row = ["mdata", *kids]
        elif isinstance(e, Proj):
            row = ["proj", e.type_name.to_json(), e.index, *kids]
        else:
            raise ProtocolError(f"a {e.kind} term cannot be sent (statements are closed terms)")
        table.append(row)
        return len(table) - 1

    index: dict[int, int] = {}  # shared by the roots (they stay alive meanwhile: ids stay theirs)
    return table, [fold(root, node, index) for root in roots]


def decode_terms(table: Any, roots: Any) -> list[Expr]:
    """The terms of :func:`encode_terms` back (every reference points to an earlier node)."""
    if not isinstance(table, list) or not isinstance(roots, list):
        raise ProtocolError("terms: expected a table and a list of roots")
    out: list[Expr] = []

    def ref(i: Any) -> Expr:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(out):
            raise ProtocolError(f"terms: bad reference {i!r}")
        return out[i]

    for node in table:
        if not isinstance(node, list) or not node:
            raise ProtocolError(f"terms: not a node: {node!r}")
        kind = node[0]
        if kind == "bvar":
            e: Expr = BVar(int(node[1]))
        elif kind == "sort":
            e = Sort(_unlevel(node[1]))
        elif kind == "const":
            e = Const(Name.from_json(node[1]), tuple(_unlevel(lv) for lv in node[2]))
        elif kind == "app":
            e = App(ref(node[1]), ref(node[2]))
        elif kind in ("lam", "pi"):
            cls = Lam if kind == "lam" else ForallE
            e = cls(Name.from_json(node[1]), ref(node[2]), ref(node[3]), int(node[4]))
        elif kind == "let":
            e = LetE(Name.from_json(node[1]), ref(node[2]), ref(node[3]), ref(node[4]))
        elif kind == "lit":
            v = node[1]
            e = Lit(v["str"] if isinstance(v, dict) else int(v))
        elif kind == "mdata":
            e = MData(ref(node[1]))
        elif kind == "proj":
            e = Proj(Name.from_json(node[1]), int(node[2]), ref(node[3]))
        else:
            raise ProtocolError(f"terms: unknown node {kind!r}")
        out.append(e)
    return [ref(r) for r in roots]


@dataclass(frozen=True)
class InstanceRequest:
    """One instance statement to evaluate (its non-library instances already replaced by the
    marker :data:`claimcheck.analysis.instances.NON_LIBRARY_INSTANCE`)."""

    decl: str
    root: int  # index into the request's term table


@dataclass(frozen=True)
class Request:
    witness_modules: list[str] = field(default_factory=list)
    semantics_modules: list[str] = field(default_factory=list)
    #: witness ids to run (in order)
    witnesses: list[str] = field(default_factory=list)
    instances: list[InstanceRequest] = field(default_factory=list)
    terms: list[list] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"protocol": PROTOCOL, "witness_modules": self.witness_modules,
                "semantics_modules": self.semantics_modules, "witnesses": self.witnesses,
                "instances": [{"decl": i.decl, "root": i.root} for i in self.instances], "terms": self.terms}

    @classmethod
    def from_json(cls, data: Any) -> "Request":
        if not isinstance(data, dict) or data.get("protocol") != PROTOCOL:
            raise ProtocolError("not a companion request of this protocol version")
        try:
            return cls([str(m) for m in data["witness_modules"]], [str(m) for m in data["semantics_modules"]],
                       [str(w) for w in data["witnesses"]],
                       [InstanceRequest(str(i["decl"]), int(i["root"])) for i in data["instances"]],
                       list(data["terms"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ProtocolError(f"bad request: {exc}") from exc


@dataclass(frozen=True)
class WitnessAnswer:
    id: str
    ok: bool
    summary: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class InstanceAnswer:
    decl: str
    outcome: str  # an InstanceOutcome value
    lean_value: str = ""
    python_value: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Response:
    #: every witness id the companion's modules register (for validation)
    witness_ids: list[str] = field(default_factory=list)
    witnesses: list[WitnessAnswer] = field(default_factory=list)
    instances: list[InstanceAnswer] = field(default_factory=list)
    #: a companion that cannot be loaded (a module that cannot be imported, a bad registry)
    error: str | None = None

    def to_json(self) -> dict:
        return {"protocol": PROTOCOL, "witness_ids": self.witness_ids,
                "witnesses": [vars(w) for w in self.witnesses],
                "instances": [vars(i) for i in self.instances], "error": self.error}

    @classmethod
    def from_json(cls, data: Any) -> "Response":
        if not isinstance(data, dict) or data.get("protocol") != PROTOCOL:
            raise ProtocolError("not a companion response of this protocol version")
        try:
            witnesses = [WitnessAnswer(str(w["id"]), w["ok"] is True, str(w["summary"]),
                                       dict(w.get("details") or {})) for w in data["witnesses"]]
            instances = [InstanceAnswer(str(i["decl"]), str(i["outcome"]), str(i["lean_value"]),
                                        str(i["python_value"]), str(i["detail"])) for i in data["instances"]]
            error = data.get("error")
            return cls([str(w) for w in data["witness_ids"]], witnesses, instances,
                       None if error is None else str(error))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ProtocolError(f"bad response: {exc}") from exc
