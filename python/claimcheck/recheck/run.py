"""Re-check a project's declarations with claimcheck's own kernel (independent of the `lean` that built them).

`recheck(env, project_names, core_folders, store, fuel)` decodes the project's constants from the
build's `.olean` files (the reader's `Environment`), adds the core declarations they need in
dependency order, checks every unit with `claimcheck.kernel` in one checking run and returns one
:class:`~claimcheck.model.facts.KernelVerdict` per project constant:

* ``checked`` -- the kernel accepted it (and everything it uses);
* ``rejected`` -- the kernel found a concrete type error (the reason says where, both types shown);
* ``declined`` -- the check needs something the package does not contain (a private constant it
  does not ship, the body of a definition its module does not export, compiled code as
  `native_decide` uses it): ``missing`` names it;
* ``undecided`` -- the reader could not decode it fully, a dependency is not accepted
  (``needs X``), or the check ran out of fuel (``[kernel] fuel`` kernel steps per unit: the same
  verdict on every machine, however loaded).

What the front end vouches for (`front_end.OleanSource.provenance`): a constant read from the
toolchain's library folder is the core library's own (`Environment.library`: a bodyless `Nat.gcd`
there is the real gcd), and one the package ships without a body is marked as such
(`Environment.hidden_bodies`: a check that needs it is declined, not rejected). A project
constant is never vouched for.

A name declared by two modules that no Lean environment imports together (e.g. a `prelude` module's
own `Nat.gcd` beside `Init`'s, see `front_end.declared_twice`) makes every unit that uses it
``undecided``: checked by name, the two meanings would be mixed. Such a run neither reads nor
writes cached verdicts.

Verdicts are cached in the user's cache folder (`claimcheck.cache.Store`, sealed; never in the
project, nothing read under ``CI`` or ``--no-cache``), each under the digest of the unit's decoded
content, its project dependencies' keys, the kernel's and front end's own source, the core
library and the fuel.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from claimcheck.olean.digest import expr_digest
from claimcheck.cache import Store
from claimcheck.kernel import Environment, Outcome
from claimcheck.kernel.checker import check_declaration, run_with_big_stack
from claimcheck.kernel.environment import DEFAULT_FUEL
from claimcheck.kernel.nat import SPEC_THEOREMS
from claimcheck.kernel.result import Declined
from claimcheck.model.facts import KernelOutcome, KernelVerdict
from claimcheck.model.names import Name
from claimcheck.olean import reader as O
from claimcheck.recheck.front_end import (
    DecodeError, OleanSource, _hints, _raw_fields, clash_reason, declared_twice, postorder,
)

CHECKED = KernelVerdict(KernelOutcome.CHECKED)
CACHE_VERSION = 3
#: The sealed store of kernel verdicts in the user's cache folder.
STORE_NAMESPACE = "kernel-verdicts"


def _undecided(reason: str) -> KernelVerdict:
    return KernelVerdict(KernelOutcome.UNDECIDED, reason)


def _to_json(v: KernelVerdict) -> list:
    return [str(v.outcome), v.reason, v.missing.to_json() if v.missing is not None else None]


def _from_json(data: object) -> KernelVerdict | None:
    if (isinstance(data, list) and len(data) == 3 and isinstance(data[1], str)
            and data[0] in {str(o) for o in KernelOutcome}):
        missing = data[2]
        if missing is not None and not isinstance(missing, list):
            return None
        return KernelVerdict(KernelOutcome(data[0]), data[1], Name(missing) if missing is not None else None)
    return None


@dataclass(frozen=True)
class RecheckResult:
    verdicts: dict[Name, KernelVerdict]  # project constant -> verdict
    units: int  # project units
    checked_units: int  # project units actually checked by the kernel this run (not from the cache)
    seconds: float


def core_identity(folders: Sequence[Path]) -> str:
    """A digest of what every verdict also depends on: this checker's own code (the kernel package,
    the front end, this module) and the core library (its folder and the top-level `.olean` files'
    sizes and modification times; the toolchain is installed once and never edited in place)."""
    h = hashlib.sha256()
    here = Path(__file__).resolve()
    kernel_dir = here.parent.parent / "kernel"
    for p in [*sorted(here.parent.glob("*.py")), *sorted(kernel_dir.glob("*.py"))]:
        h.update(p.name.encode() + b"\0" + p.read_bytes())
    for folder in folders:
        folder = Path(folder).resolve()
        h.update(str(folder).encode())
        for p in sorted(folder.glob("*.olean")):
            st = p.stat()
            h.update(f"\0{p.name}\0{st.st_size}\0{st.st_mtime_ns}".encode())
    return h.hexdigest()


def unit_digest(src: OleanSource, key: Name) -> bytes:
    """The hash of everything a unit's check reads from the `.olean` data."""
    h = hashlib.sha256()
    for m in src.members(key):
        ci, mod = src.info(m)
        _put_constant(h, ci, mod, m)
    return h.digest()


def meaning_digest(mod: O.Module, name: Name) -> bytes:
    """The hash of what the constant ``name`` of module ``mod`` means to the kernel, read by names:
    a proposition by its statement (a theorem and a theorem shipped without its proof, as an axiom,
    mean the same), anything else by all it declares."""
    ci = mod.get(name)
    h = hashlib.sha256()
    if ci.kind in ("theorem", "axiom") and not ci.is_unsafe:
        _put(h, "proposition", str(name), "\0".join(map(str, ci.level_params)), expr_digest(ci.type, ci.level_params))
    else:
        _put_constant(h, ci, mod, name)
    return h.digest()


def _put(h, *parts: bytes | str) -> None:
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        h.update(len(b).to_bytes(4, "little"))
        h.update(b)


def _put_constant(h, ci: O.ConstantInfo, mod: O.Module, m: Name) -> None:
    """Everything the kernel front end reads of one constant, into the hash ``h``."""
    g, kind, vps, vdata, sc = _raw_fields(mod, m)
    _put(h, kind, str(m), "\0".join(map(str, ci.level_params)), expr_digest(ci.type, ci.level_params))
    if ci.value is not None:
        _put(h, expr_digest(ci.value, ci.level_params))
    _put(h, bytes(vdata[sc:sc + 3]), "\0".join(map(str, ci.all)), "\0".join(map(str, ci.ctors)), str(ci.induct or ""))
    if kind in ("inductive", "constructor", "recursor"):
        _put(h, ",".join(str(p) if p & 1 else "*" for p in vps))  # boxed counts (nparams, nindices, ...)
    if kind == "definition":
        hints = _hints(g, vps[2])
        _put(h, f"{hints.kind}:{hints.height}")
    # the rules as the kernel front end reads them (RecursorVal field 6), not the reader's
    # ConstantInfo.rule_addrs (the right-hand sides only, and not set on every load path)
    for raddr in (g.list(vps[6]) if kind == "recursor" else ()):
        _d, _o, _t, (ctor_a, nf_a, rhs_a) = g.ctor(raddr, 0, 3, "RecursorRule")
        _put(h, str(g.name(ctor_a)), str(g.nat(nf_a)), expr_digest(mod._decoder.expr(rhs_a), ci.level_params))


def _build_identity(env: O.Environment, names: list[Name], core: str) -> str | None:
    """The hash of the bytes of every part of the modules declaring ``names`` (and the names): the
    no-op check's key. None when a module's files cannot be read."""
    h = hashlib.sha256(core.encode())
    modules = set()
    for n in names:
        ci = env.find(n)
        if ci is None:
            return None
        modules.add(ci.module)
    for m in sorted(modules):
        found = env.locate(m)
        if found is None:
            return None
        for part in O.module_paths(m, found[1]):
            h.update(f"\0{m}\0{part.name}\0".encode())
            if part.is_file():
                with part.open("rb") as f:
                    h.update(hashlib.file_digest(f, "sha256").digest())
    h.update("\0".join(sorted(map(str, names))).encode())
    return h.hexdigest()


def recheck(
    env: O.Environment,
    project_names: Iterable[Name],
    core_folders: Sequence[Path] = (),
    store: Store | None = None,
    fuel: int | None = DEFAULT_FUEL,
    progress: Callable[[str], None] | None = None,
) -> RecheckResult:
    """Kernel verdicts for ``project_names`` (constants of the project's modules in ``env``);
    ``store``: the verdict cache (None: none); ``fuel``: kernel steps per unit (None: no limit)."""
    t0 = time.monotonic()
    src = OleanSource(env, list(core_folders) or None)
    names = list(project_names)
    project = set(names)
    core = f"{core_identity(core_folders)}\0fuel={fuel}\0v{CACHE_VERSION}"
    # Fast path: the very same build (byte for byte) and names as the cached run -> its verdicts.
    build_key = _build_identity(env, names, core)
    if store is not None and build_key is not None:
        whole = store.get(f"build:{build_key}")
        if isinstance(whole, dict) and isinstance(whole.get("verdicts"), list):
            got = {}
            for item in whole["verdicts"]:
                if isinstance(item, list) and len(item) == 2 and isinstance(item[0], list):
                    verdict = _from_json(item[1])
                    if verdict is not None:
                        got[Name(item[0])] = verdict
            if set(got) == project:
                return RecheckResult(got, int(whole.get("units", 0)), 0, time.monotonic() - t0)
    verdicts: dict[Name, KernelVerdict] = {}
    unit_of: dict[Name, Name] = {}
    clashes = name_clashes(env, names)
    for n in names:
        try:
            unit_of[n] = src.key(n)
        except Exception as e:  # noqa: BLE001 - an undecodable constant is undecided, never skipped
            verdicts[n] = _undecided(f"cannot decode it ({type(e).__name__}: {e})")
    # Project units in dependency order (a unit's project dependencies first).
    try:
        project_deps = {}
        for k in sorted(set(unit_of.values())):
            members = src.members(k)
            used: set[Name] = set()
            for m in members:
                ci, _ = src.info(m)
                used |= ci.type_constants() | ci.value_constants()
            project_deps[k] = sorted({unit_of[u] for u in used if u in unit_of} - {k})
        project_order = postorder(project_deps, lambda k: project_deps.get(k, ()))
    except Exception as e:  # noqa: BLE001
        for n in unit_of:
            verdicts[n] = _undecided(f"cannot decode the dependencies ({type(e).__name__}: {e})")
        return RecheckResult(verdicts, 0, 0, time.monotonic() - t0)

    merkle: dict[Name, str] = {}
    unit_verdict: dict[Name, KernelVerdict] = {}
    for k in project_order:
        try:
            deps = project_deps[k]
            h = hashlib.sha256(core.encode())
            h.update(unit_digest(src, k))
            for d in deps:
                h.update(f"\0{d}\0{merkle.get(d, 'undecodable')}".encode())
            merkle[k] = h.hexdigest()
        except Exception as e:  # noqa: BLE001
            unit_verdict[k] = _undecided(f"cannot decode it ({type(e).__name__}: {e})")
    use_store = store is not None and not clashes
    todo = []
    for k in project_order:
        if k in unit_verdict:
            continue
        got = _from_json(store.get(f"unit:{merkle[k]}")) if use_store else None
        if got is not None:
            unit_verdict[k] = got
        else:
            todo.append(k)

    if todo:
        fresh = _check_units(src, todo, project, fuel, progress, clashes)
        unit_verdict.update(fresh)
        if use_store:
            for k in todo:
                if k in fresh and k in merkle:
                    store.put(f"unit:{merkle[k]}", _to_json(fresh[k]))
    for n, k in unit_of.items():
        verdicts.setdefault(n, unit_verdict.get(k, _undecided("not reached")))
    if use_store and build_key is not None:
        store.put(f"build:{build_key}", {
            "verdicts": [[n.to_json(), _to_json(v)] for n, v in sorted(verdicts.items())],
            "units": len(project_order)})
    return RecheckResult(verdicts, len(project_order), len(todo), time.monotonic() - t0)


def name_clashes(env: O.Environment, names: Iterable[Name]) -> dict[Name, tuple[str, ...]]:
    """The names declared with different meanings (`meaning_digest`) by modules among those declaring
    ``names`` and their imports (`declared_twice`). The same auxiliary lemma (`f.eq_1`,
    `f.congr_simp`) realized identically in two library modules is no clash; data that cannot be
    read counts as different."""
    modules = set()
    for n in names:
        ci = env.find(n)
        if ci is not None:
            modules.add(ci.module)
    out = {}
    for n, where in declared_twice(env, sorted(modules)).items():
        try:
            same = len({meaning_digest(env.modules[m], n) for m in where}) == 1
        except Exception:  # noqa: BLE001 - unreadable: not known to be the same
            same = False
        if not same:
            out[n] = where
    return out


def _kernel_verdict(v) -> KernelVerdict:
    """The pipeline's verdict for a kernel `Verdict`."""
    if v.outcome == Outcome.ACCEPTED:
        # unsafe/partial code (e.g. `f._unsafe_rec`) is checked as Lean's kernel checks it, and the
        # environment keeps every safe declaration from using it
        return CHECKED
    if v.outcome == Outcome.REJECTED:
        return KernelVerdict(KernelOutcome.REJECTED, v.reason)
    if v.code == Declined.OUT_OF_FUEL:
        return _undecided(v.reason)
    missing = Name(v.missing[0]) if v.missing else None
    return KernelVerdict(KernelOutcome.DECLINED, v.reason, missing)


def _check_units(src: OleanSource, todo: list[Name], project: set[Name], fuel: int | None,
                 progress: Callable[[str], None] | None,
                 clashes: dict[Name, tuple[str, ...]] | None = None) -> dict[Name, KernelVerdict]:
    """Check the units ``todo`` (project units) and everything they need, in dependency order, in
    one checking run (its caches shared by the units); a unit declaring a name of ``clashes`` is
    undecided (and so is every unit that needs it)."""
    clashes = clashes or {}
    roots = [Name(n) for n in SPEC_THEOREMS] + todo  # so that gcd/div/mod and literals can be checked
    order = src.closure(roots)
    wanted = set(todo)
    out: dict[Name, KernelVerdict] = {}

    def run() -> dict[Name, KernelVerdict]:
        # filled as units are added: the core's proof-less theorems, the core's constants, the
        # core's constants shipped without a body
        env = Environment(boundary_axioms=set(), fuel=fuel)
        status: dict[Name, KernelVerdict] = {}  # every unit: its verdict
        n_done = 0
        last = time.monotonic()
        for k in order:
            twice = next((m for m in src.members(k) if m in clashes), None) if clashes else None
            # a dependency not checked yet is one of a cycle (unsafe mutual definitions, such as
            # `f._unsafe_rec` and `g._unsafe_rec`): the kernel says why it cannot check that
            bad = None if twice else next((d for d in src.deps(k) if d in status and not status[d].accepted), None)
            if twice is not None:
                status[k] = _undecided(clash_reason(twice, clashes[twice]))
            elif bad is not None:
                why = status.get(bad)
                if why is not None and why.outcome is KernelOutcome.DECLINED:
                    status[k] = KernelVerdict(KernelOutcome.DECLINED, f"needs {bad}, which was declined: {why.reason}",
                                              why.missing or bad)
                else:
                    status[k] = _undecided(f"needs {bad} ({why.outcome if why is not None else 'not checked'})")
            else:
                try:
                    decl = src.declaration(k)
                except DecodeError as e:
                    status[k] = _undecided(str(e))
                    continue
                if src.is_boundary(k):
                    env.boundary_axioms.add(decl.name)
                lib, hidden = src.provenance(k)
                env.library.update(lib)
                env.hidden_bodies.update(hidden)
                status[k] = _kernel_verdict(check_declaration(env, decl))
            if k in wanted:
                out[k] = status[k]
            n_done += 1
            now = time.monotonic()
            if progress and now - last > 5:
                last = now
                progress(f"kernel: {n_done}/{len(order)} declarations re-checked")
        return out

    return run_with_big_stack(run)


def export_ndjson(env: O.Environment, project_names: Iterable[Name], path: Path) -> int:
    """Write the project's declarations, after the core declarations they need (in dependency
    order), as lean4export NDJSON 3.1.0 to ``path`` (atomically); returns the number of units.
    Core theorems without a body are written as axioms (the trusted boundary). A unit that cannot
    be decoded, or a name declared by two modules that no Lean environment imports together, is an
    error (DecodeError), never left out or resolved one way."""
    from claimcheck.kernel.ndjson import dump_lines

    src = OleanSource(env)
    project_names = list(project_names)
    clashes = name_clashes(env, project_names)
    if clashes:
        first = min(clashes)
        raise DecodeError(clash_reason(first, clashes[first]))
    roots = [Name(n) for n in SPEC_THEOREMS] + sorted({src.key(n) for n in project_names})
    order = src.closure(roots)
    lines = dump_lines(src.declaration(k) for k in order)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(order)


def project_verdicts(env: O.Environment, modules: Iterable[str], core_folders: Sequence[Path],
                     store: Store | None, fuel: int | None = DEFAULT_FUEL,
                     progress: Callable[[str], None] | None = None) -> tuple[dict[tuple[str, Name], KernelVerdict], RecheckResult]:
    """The kernel's verdict on every constant of the built project ``modules`` (auxiliary ones
    included), by (module, name); ``store``: the verdict cache, ``fuel``: kernel steps per unit."""
    keys: list[tuple[str, Name]] = []
    for m in modules:
        keys += [(m, n) for n in env.load(m).constant_names()]
    result = recheck(env, sorted({n for _m, n in keys}), core_folders, store, fuel, progress)
    return {k: result.verdicts[k[1]] for k in keys if k[1] in result.verdicts}, result


__all__ = ["project_verdicts", "export_ndjson", "CHECKED", "RecheckResult", "core_identity", "meaning_digest",
           "name_clashes", "recheck", "unit_digest"]
