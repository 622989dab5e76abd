"""What a native ``lake build`` refuses that the wasm build accepts: definitions that need
``noncomputable`` (:func:`native_fidelity`).

The wasm build compiles each module inside a ``noncomputable section`` (see
``PROOF_ONLY_SECTION`` in :mod:`claimcheck.lean.build`): a definition whose code cannot be generated is then
left without code, silently. For most that is the wasm library's missing compiled code, and a native
Lean compiles them; but a definition whose *value* uses a constant that has no code anywhere (an
axiom such as ``Classical.choice``, a definition marked ``noncomputable``: ``Classical.choose``,
``Classical.propDecidable``, ...) fails a native build ("failed to compile definition, consider
marking it as 'noncomputable'"). Such a definition, not marked ``noncomputable`` by its author and not
inside a ``noncomputable section`` of the author's, gets a warning at its line.

What counts is the value's computationally relevant part, as Lean's compiler sees it: types of
binders are erased, and so are proofs (a theorem's value is never compiled). A definition of the
module that needs ``noncomputable`` makes the module's definitions using it need it too.
"""

from __future__ import annotations

from collections.abc import Callable

import re
from pathlib import Path

from claimcheck.errors import OleanError
from claimcheck.model.names import Name
from claimcheck.olean.reader import App, Const, Environment, Expr, Lam, LetE, MData, Proj
from claimcheck.olean.terms import subterms

__all__ = ["needs_noncomputable", "native_fidelity_messages"]

NONCOMPUTABLE_EXT = "Lean.noncomputableExt"
#: The core library's axiom with data in its type (the others are propositions).
_DATA_AXIOMS = frozenset({Name.parse("Classical.choice")})
_AUTHOR_SECTION = re.compile(r"^\s*noncomputable\s+section\b", re.M)


def _compiled_parts(x: Expr) -> tuple[Expr, ...]:
    """The subterms of ``x`` that compiled code keeps (binder types and `forall` types are erased)."""
    if isinstance(x, App):
        return (x.fn, x.arg)
    if isinstance(x, Lam):
        return (x.body,)
    if isinstance(x, LetE):
        return (x.value, x.body)
    if isinstance(x, MData):
        return (x.expr,)
    if isinstance(x, Proj):
        return (x.struct,)
    return ()


def _relevant_constants(e: Expr) -> set[Name]:
    """The constants of ``e`` that compiled code would call (binder types erased)."""
    return {x.name for x in subterms(e, _compiled_parts) if isinstance(x, Const)}


def needs_noncomputable(env: Environment, module: str, is_library: "Callable[[str], bool]") -> dict[Name, Name]:
    """The definitions of ``module`` that a native build refuses for want of ``noncomputable``,
    each with the constant without code its value uses (``is_library(module)``: a library module)."""
    from claimcheck.analysis.props import shape_of

    mod = env.load(module)
    marked = mod.tagged(NONCOMPUTABLE_EXT)
    tags: dict[str, frozenset[Name]] = {module: marked}
    memo: dict[Name, bool] = {}

    def without_code(name: Name) -> bool:
        got = memo.get(name)
        if got is not None:
            return got
        memo[name] = False
        ci = env.find(name, within=module)
        result = False
        if ci is not None:
            if ci.kind == "axiom":
                if is_library(ci.module):
                    result = name in _DATA_AXIOMS
                else:
                    try:
                        result = shape_of(env, ci.type, within=ci.module, is_core_module=is_library).is_theorem is False
                    except OleanError:
                        result = False
            elif ci.kind == "definition" and not ci.is_unsafe:
                if ci.module not in tags:
                    try:
                        tags[ci.module] = env.modules[ci.module].tagged(NONCOMPUTABLE_EXT)
                    except (OleanError, KeyError):
                        tags[ci.module] = frozenset()
                result = name in tags[ci.module]
        memo[name] = result
        return result

    found: dict[Name, Name] = {}
    definitions = [ci for ci in mod.constants() if ci.kind == "definition" and not ci.is_unsafe
                   and ci.name not in marked and not ci.name.is_internal]
    changed = True
    while changed:  # a definition of the module that needs it makes those using it need it
        changed = False
        for ci in definitions:
            if ci.name in found or ci.value is None:
                continue
            for c in sorted(_relevant_constants(ci.value), key=str):
                if c != ci.name and (c in found or without_code(c)):
                    found[ci.name] = c
                    changed = True
                    break
    return found


def native_fidelity_messages(env: Environment, module: str, source: Path, ilean: Path,
                             is_library: "Callable[[str], bool]") -> list[tuple[int | None, int | None, str]]:
    """Warnings (line, column, text) for the definitions of ``module`` a native ``lake build`` refuses."""
    import json

    try:
        found = needs_noncomputable(env, module, is_library)
    except OleanError:
        return []
    if not found:
        return []
    try:
        text = source.read_text(encoding="utf-8")
    except OSError:
        text = ""
    try:
        decls = json.loads(ilean.read_text(encoding="utf-8")).get("decls", {})
    except (OSError, ValueError, AttributeError):
        decls = {}
    out = []
    for name, culprit in sorted(found.items(), key=lambda kv: str(kv[0])):
        nums = decls.get(str(name)) if isinstance(decls, dict) else None
        line = nums[4] + 1 if isinstance(nums, list) and len(nums) >= 6 else None
        column = nums[5] + 1 if isinstance(nums, list) and len(nums) >= 6 else None
        before = "\n".join(text.splitlines()[:line - 1]) if line else text
        if _AUTHOR_SECTION.search(before):
            continue  # the author's own `noncomputable section`: a native build marks it too
        out.append((line, column,
                    f"a native `lake build` fails here: `{name.user_facing}` needs `noncomputable` (its value uses "
                    f"`{culprit.user_facing}`, which has no executable code; Lean: \"failed to compile definition, "
                    "consider marking it as 'noncomputable'\"). The wasm build accepts it only because it compiles "
                    "every module in a `noncomputable section`; write `noncomputable def`"))
    return out
