"""The companion's process (started by :func:`claimcheck.companion.client.run`; never imported by
claimcheck's own process).

Reads one :class:`~claimcheck.companion.protocol.Request` (JSON) on standard input and the sandbox's
:class:`~claimcheck.sandbox.Policy` from its argument; then, in a confined child process
(:func:`claimcheck.sandbox.supervise`), imports the companion modules the request names,
runs the witnesses and evaluates the instance statements it lists, and writes one
:class:`~claimcheck.companion.protocol.Response` (JSON) back. Whatever the companion prints goes to
standard error, so the response stays readable. A companion that cannot be loaded is an ``error``
in the response; a witness or evaluation that raises is a failed result, never a crash of the
process.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Mapping
from typing import Any

from claimcheck.companion.protocol import (
    InstanceAnswer,
    InstanceRequest,
    ProtocolError,
    Request,
    Response,
    WitnessAnswer,
    decode_terms,
)


def _exported(modules: list[str], attribute: str, setting: str) -> list[tuple[str, Mapping[str, Any]]]:
    out = []
    for name in modules:
        try:
            module = importlib.import_module(name)
        except Exception as exc:  # noqa: BLE001 - any failure to import is the companion's problem
            raise LookupError(f"{setting}: cannot import {name!r}: {type(exc).__name__}: {exc}") from exc
        found = getattr(module, attribute, None)
        if not isinstance(found, Mapping):
            raise LookupError(f"{setting}: {name!r} has no {attribute} mapping")
        out.append((name, found))
    return out


def _jsonable(value: object, depth: int = 0) -> object:
    """Witness details may hold numpy scalars, fractions or tuples: JSON values."""
    if depth > 50:
        return repr(value)[:200]
    if isinstance(value, dict):
        return {str(k): _jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v, depth + 1) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else repr(value)
    if hasattr(value, "item"):
        try:
            return _jsonable(value.item(), depth + 1)
        except Exception:  # noqa: BLE001
            return repr(value)
    return str(value)


def _witnesses(request: Request) -> tuple[list[str], list[WitnessAnswer]]:
    registry: dict[str, Any] = {}
    for name, found in _exported(request.witness_modules, "REGISTRY", "witnesses.modules"):
        for wid, check in found.items():
            if wid in registry:
                raise LookupError(f"witnesses.modules: witness id {wid!r} is registered twice (again by {name!r})")
            registry[str(wid)] = check
    answers = []
    for wid in request.witnesses:
        check = registry.get(wid)
        if check is None:
            answers.append(WitnessAnswer(wid, False, "not registered by the companion modules"))
            continue
        try:
            res = check()
            ok, summary, details = res.ok, res.summary, getattr(res, "details", {})
            if not isinstance(ok, bool):
                raise TypeError(f"its result's `ok` is {ok!r}, not a bool")
            answers.append(WitnessAnswer(wid, ok, str(summary), _jsonable(details or {})))  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001 - a crashing check is a failed check
            answers.append(WitnessAnswer(wid, False, f"check raised {type(exc).__name__}: {exc}",
                                         {"exception": repr(exc)}))
    return sorted(registry), answers


def load_semantics(modules: list[str]) -> dict[str, Any]:
    """The core vocabulary with the ``SEMANTICS`` of each companion module named (in order)."""
    from claimcheck.analysis.instances import CORE_SEMANTICS

    semantics: dict[str, Any] = dict(CORE_SEMANTICS)
    for _name, extra in _exported(modules, "SEMANTICS", "instances.modules"):
        semantics.update({str(k): v for k, v in extra.items()})
    return semantics


def evaluate_instances(evaluator: Any, instances: list[InstanceRequest], table: list[list]) -> list[InstanceAnswer]:
    """The answers for ``instances`` (their statements in the term ``table``), by ``evaluator``."""
    from claimcheck.analysis.instances import Unsupported, evaluate_statement

    terms = decode_terms(table, [i.root for i in instances])
    answers = []
    for inst, term in zip(instances, terms):
        try:
            stated, computed, ok = evaluate_statement(evaluator, term)
        except Unsupported as exc:
            answers.append(InstanceAnswer(inst.decl, "not-cross-checked", detail=str(exc)))
            continue
        except RecursionError:
            answers.append(InstanceAnswer(inst.decl, "not-cross-checked", detail="too deep to evaluate"))
            continue
        except Exception as exc:  # noqa: BLE001 - a semantics that crashes gives no value
            answers.append(InstanceAnswer(inst.decl, "not-cross-checked",
                                          detail=f"the evaluation raised {type(exc).__name__}: {exc}"))
            continue
        detail = "" if ok else "Lean states one value, Python recomputes another"
        answers.append(InstanceAnswer(inst.decl, "agree" if ok else "disagree", stated, computed, detail))
    return answers


def _instances(request: Request) -> list[InstanceAnswer]:
    if not request.instances:
        return []
    from claimcheck.analysis.instances import Evaluator

    return evaluate_instances(Evaluator(load_semantics(request.semantics_modules)), request.instances, request.terms)


def answer(request: Request) -> Response:
    """The companion's response to ``request`` (runs the project's code: call it confined)."""
    try:
        ids, witnesses = _witnesses(request)
        instances = _instances(request)
        return Response(ids, witnesses, instances)
    except LookupError as exc:
        return Response(error=str(exc.args[0]) if exc.args else str(exc))


def main(argv: list[str] | None = None) -> int:
    """The supervisor: read the request and the sandbox's policy, load claimcheck's own code, run
    the companion confined (:func:`claimcheck.sandbox.supervise`) and write one envelope
    (JSON) on standard output: the companion's answer, how it ended, what it left behind."""
    from claimcheck import sandbox

    argv = sys.argv[1:] if argv is None else argv
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        setup = json.loads(argv[0])
        policy = sandbox.Policy.from_json(setup["policy"])
        project = str(setup["project"])
        request = Request.from_json(json.loads(sys.stdin.read()))
    except (ValueError, KeyError, IndexError, TypeError, ProtocolError) as exc:
        out.write(json.dumps({"error": f"bad request: {exc}"}))
        return 2
    # all of claimcheck's own code is loaded before any project code runs: a project module that
    # rewrote a claimcheck file would change nothing this process (or a later import) runs
    from claimcheck.companion.client import load_own_code

    load_own_code()

    def run() -> bytes:
        # the project's modules are found first (as `python -m` in the project would), only now
        sys.path.insert(0, project)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
        return json.dumps(answer(request).to_json()).encode()

    outcome = sandbox.supervise(policy, run)
    out.write(json.dumps({"answer": outcome.output.decode("utf-8", errors="replace"), "exit": outcome.exit_code,
                          "timed_out": outcome.timed_out, "left_behind": outcome.left_behind,
                          "notes": outcome.notes}))
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
