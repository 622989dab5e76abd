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
from dataclasses import dataclass, field, replace
from pathlib import Path

from claimcheck.olean.digest import expr_digest
from claimcheck.cache import Store, code_digest, digest
from claimcheck.kernel import Environment, Outcome
from claimcheck.kernel.checker import check_declaration, run_with_big_stack
from claimcheck.kernel.environment import DEFAULT_FUEL
from claimcheck.kernel.expr import Terms
from claimcheck.kernel.nat import SPEC_THEOREMS
from claimcheck.kernel.result import Declined
from claimcheck.model.facts import DeclineCode, KernelOutcome, KernelVerdict
from claimcheck.model.names import Name
from claimcheck.olean import reader as O
from claimcheck.recheck.front_end import (
    DecodeError, OleanSource, clash_reason, declared_twice, postorder,
)

CHECKED = KernelVerdict(KernelOutcome.CHECKED)
CACHE_VERSION = 5
#: The sealed store of kernel verdicts in the user's cache folder.
STORE_NAMESPACE = "kernel-verdicts"


def _undecided(reason: str) -> KernelVerdict:
    return KernelVerdict(KernelOutcome.UNDECIDED, reason)


class Checker:
    """One checking run: the kernel's environment and every unit's verdict so far, owned by the
    run and shared by the :func:`recheck` calls given it (the re-check of each module as the build
    finishes it, then the whole project's): a unit already checked in this run is not checked
    again. Used only by calls with the same ``fuel``, and never by one that finds names declared
    twice (such a run checks on its own)."""

    def __init__(self, fuel: int | None = DEFAULT_FUEL, terms: Terms | None = None) -> None:
        self.fuel = fuel
        #: the run's terms: every declaration of the run is read into them (`OleanSource(terms=...)`)
        self.terms = Terms() if terms is None else terms
        self.boundary: set = set()
        self.env = Environment(terms=self.terms, boundary_axioms=self.boundary, fuel=fuel)
        self.status: dict[Name, KernelVerdict] = {}


@dataclass(frozen=True)
class _BuildRecord:
    """The verdicts of a whole build (the fast path of the very same build and names)."""

    verdicts: dict[Name, KernelVerdict]
    units: int


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
    if ci is None:
        raise KeyError(f"{name} is not a constant of {mod.name}")
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
    fields = mod.kernel_fields(m)
    _put(h, fields.kind, str(m), "\0".join(map(str, ci.level_params)), expr_digest(ci.type, ci.level_params))
    if ci.value is not None:
        _put(h, expr_digest(ci.value, ci.level_params))
    _put(h, repr(replace(fields, rules=())), "\0".join(map(str, ci.all)), "\0".join(map(str, ci.ctors)),
         str(ci.induct or ""))
    for rule in fields.rules:  # as the front end reads them, not ConstantInfo.rule_addrs
        _put(h, str(rule.ctor), str(rule.num_fields), expr_digest(rule.rhs, ci.level_params))


def _part_digests(env: O.Environment, module: str) -> str | None:
    """The digest of the bytes of every part of ``module`` (``.olean``, ``.server``, ``.private``):
    what every record about the module is keyed on. None when the module cannot be found."""
    found = env.locate(module)
    if found is None:
        return None
    h = hashlib.sha256()
    for part in O.module_paths(module, found[1]):
        h.update(f"\0{module}\0{part.name}\0".encode())
        if part.is_file():
            with part.open("rb") as f:
                h.update(hashlib.file_digest(f, "sha256").digest())
    return h.hexdigest()


def _build_identity(files: dict[str, str | None] | None, names: list[Name], core: str) -> str | None:
    """The hash of the bytes of every part of the modules declaring ``names`` (and the names): the
    no-op check's key. None when a name or a module's files cannot be found."""
    if files is None or any(d is None for d in files.values()):
        return None
    h = hashlib.sha256(core.encode())
    for m in sorted(files):
        h.update((files[m] or "").encode())
    h.update("\0".join(sorted(map(str, names))).encode())
    return h.hexdigest()


@dataclass
class _Units:
    """What the re-check reads of some project names: each name's unit (or why it has none), each
    unit's digest (`unit_digest`) and the constants its members use, or why they cannot be read.
    The errors are the texts of the verdicts they become."""

    unit_of: dict[Name, Name] = field(default_factory=dict)
    key_errors: dict[Name, str] = field(default_factory=dict)
    used: dict[Name, frozenset[Name]] = field(default_factory=dict)
    deps_errors: dict[Name, str] = field(default_factory=dict)
    digests: dict[Name, bytes] = field(default_factory=dict)
    digest_errors: dict[Name, str] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not (self.key_errors or self.deps_errors or self.digest_errors)

    def update(self, other: "_Units") -> None:
        for mine, theirs in zip(_unit_fields(self), _unit_fields(other)):
            mine.update(theirs)

    def to_record(self) -> "_UnitsRecord":
        return _UnitsRecord(dict(self.unit_of), {k: self.digests[k].hex() for k in sorted(self.used)},
                            {k: tuple(sorted(self.used[k])) for k in sorted(self.used)})

    @classmethod
    def from_record(cls, record: "_UnitsRecord | None", names: list[Name]) -> "_Units | None":
        """The record of exactly ``names`` (None: not such a record)."""
        if record is None or set(record.unit_of) != set(names) or set(record.unit_of.values()) != set(record.used):
            return None
        try:
            digests = {k: bytes.fromhex(d) for k, d in record.digests.items()}
        except ValueError:
            return None
        return cls(unit_of=record.unit_of, used={k: frozenset(u) for k, u in record.used.items()}, digests=digests)


@dataclass(frozen=True)
class _UnitsRecord:
    """`_Units` without errors, as a cache record (digests in hex)."""

    unit_of: dict[Name, Name]
    digests: dict[Name, str]
    used: dict[Name, tuple[Name, ...]]


def _unit_fields(u: _Units) -> tuple[dict, ...]:
    return (u.unit_of, u.key_errors, u.used, u.deps_errors, u.digests, u.digest_errors)


def _read_units(src: OleanSource, names: list[Name]) -> _Units:
    """`_Units` of ``names``, read from the `.olean` data (every failure kept, none raised)."""
    out = _Units()
    for n in names:
        try:
            out.unit_of[n] = src.key(n)
        except Exception as e:  # noqa: BLE001 - an undecodable constant is undecided, never skipped
            out.key_errors[n] = f"cannot decode it ({type(e).__name__}: {e})"
    for k in sorted(set(out.unit_of.values())):
        try:
            used: set[Name] = set()
            for m in src.members(k):
                ci, _ = src.info(m)
                used |= ci.type_constants() | ci.value_constants()
            out.used[k] = frozenset(used)
        except Exception as e:  # noqa: BLE001
            out.deps_errors[k] = f"cannot decode the dependencies ({type(e).__name__}: {e})"
        try:
            out.digests[k] = unit_digest(src, k)
        except Exception as e:  # noqa: BLE001
            out.digest_errors[k] = f"cannot decode it ({type(e).__name__}: {e})"
    return out


def _imports(env: O.Environment, module: str, follow: Callable[[str], bool]) -> set[str]:
    """``module`` and the modules it imports, transitively through those ``follow`` accepts (each
    one the search path has is loaded)."""
    seen, todo = {module}, [module]
    while todo:
        m = todo.pop()
        if m not in env.modules and env.locate(m) is None:
            continue
        for i in env.load(m).imports:
            if i.module not in seen:
                seen.add(i.module)
                if follow(i.module):
                    todo.append(i.module)
    return seen


class _ModuleRecords:
    """Each project module's `_Units`, kept in the verdict store under the digest of the module's
    own files and those of every project module it imports (transitively), with claimcheck's source
    and the core identity. A record lists of each unit only the used constants that can be project
    constants: a name that a library module among the module's imports declares is left out (in a
    run where no name is declared twice, the only kind that uses records, that library module is its
    only declarer). The caller uses records only when no name is declared twice and no listed name
    is a library constant; a module whose data cannot be read fully gets no record."""

    def __init__(self, env: O.Environment, src: OleanSource, store: Store, core: str) -> None:
        self.env, self.src, self.store = env, src, store
        self.core = digest("units", code_digest(), core)
        self._files: dict[str, str | None] = {}

    def _digest(self, module: str) -> str | None:
        if module not in self._files:
            self._files[module] = _part_digests(self.env, module)
        return self._files[module]

    def _project(self, m: str) -> bool:
        return not self.src.from_library(m)

    def _key(self, module: str, names: list[Name]) -> str | None:
        project = sorted(filter(self._project, _imports(self.env, module, self._project)))
        parts = [f"{m}={self._digest(m)}" for m in project]
        if any(self._digest(m) is None for m in project):
            return None
        return "units:" + digest(self.core, module, *parts, "|", *(str(n) for n in names))

    def units(self, module: str, names: list[Name]) -> _Units:
        """The units of ``names`` (all declared by ``module``), from the record or read (and recorded)."""
        key = self._key(module, names)
        got = _Units.from_record(self.store.read(key, _UnitsRecord), names)
        if got is not None:
            return got
        got = _read_units(self.src, names)
        if got.complete:
            library = {m for m in self.env.scope(module) if not self._project(m)}
            got.used = {k: frozenset(u for u in used if library.isdisjoint(self.env.declarers(u)))
                        for k, used in got.used.items()}
            if key is not None:
                self.store.write(key, got.to_record())
        return got


def recheck(
    env: O.Environment,
    project_names: Iterable[Name],
    core_folders: Sequence[Path] = (),
    store: Store | None = None,
    fuel: int | None = DEFAULT_FUEL,
    progress: Callable[[str], None] | None = None,
    trusted_folders: Sequence[Path] = (),
    checker: Checker | None = None,
) -> RecheckResult:
    """Kernel verdicts for ``project_names`` (constants of the project's modules in ``env``);
    ``store``: the verdict cache (None: none); ``fuel``: kernel steps per unit (None: no limit);
    ``trusted_folders``: output folders of required packages whose theorems are admitted as stated;
    ``checker``: a checking run shared with earlier calls (its verdicts are this run's own)."""
    t0 = time.monotonic()
    names = list(project_names)
    project = set(names)
    core = f"{core_identity(core_folders)}\0fuel={fuel}\0v{CACHE_VERSION}"
    if trusted_folders:
        core += "\0trusted=" + "|".join(sorted(str(Path(f).resolve()) for f in trusted_folders))
    by_module: dict[str | None, list[Name]] = {}  # None: names no module declares
    for n in names:
        ci = env.find(n)
        by_module.setdefault(ci.module if ci is not None else None, []).append(n)
    files = None if None in by_module else {m: _part_digests(env, m) for m in by_module if m is not None}
    # Fast path: the very same build (byte for byte) and names as the cached run -> its verdicts.
    build_key = _build_identity(files, names, core)
    if store is not None and build_key is not None:
        whole = store.read(f"build:{build_key}", _BuildRecord)
        if whole is not None and set(whole.verdicts) == project:
            return RecheckResult(whole.verdicts, whole.units, 0, time.monotonic() - t0)
    clashes = name_clashes(env, names)
    cache = store if not clashes else None  # a name with two meanings: nothing is reused or kept
    # a checking run shared with earlier calls, when this one may join it (the same fuel, no name
    # with two meanings): its declarations are read into that run's terms
    # (and no package admitted as stated: the run alongside the build checked every theorem it read)
    shared = checker if checker is not None and checker.fuel == fuel and not clashes and not trusted_folders else None
    src = OleanSource(env, list(core_folders) or None, terms=shared.terms if shared is not None else None,
                      trusted_folders=trusted_folders)
    # What is read of each module's data, from its record when the module's files are unchanged.
    records = (_ModuleRecords(env, src, cache, core)
               if cache is not None and not any(m is None or src.from_library(m) for m in by_module) else None)
    units = _Units()
    for m, ns in by_module.items():
        units.update(records.units(m, ns) if records is not None and m is not None else _read_units(src, ns))
    verdicts: dict[Name, KernelVerdict] = {}
    unit_of: dict[Name, Name] = {}
    for n in names:
        if n in units.key_errors:
            verdicts[n] = _undecided(units.key_errors[n])
        else:
            unit_of[n] = units.unit_of[n]
    if units.deps_errors:
        why = units.deps_errors[min(units.deps_errors)]
        for n in unit_of:
            verdicts[n] = _undecided(why)
        return RecheckResult(verdicts, 0, 0, time.monotonic() - t0)
    # Project units in dependency order (a unit's project dependencies first).
    project_deps = {k: sorted({unit_of[u] for u in units.used[k] if u in unit_of} - {k})
                    for k in sorted(set(unit_of.values()))}
    project_order = postorder(project_deps, lambda k: project_deps.get(k, ()))

    merkle: dict[Name, str] = {}
    unit_verdict: dict[Name, KernelVerdict] = {}
    for k in project_order:
        if k in units.digest_errors:
            unit_verdict[k] = _undecided(units.digest_errors[k])
            continue
        h = hashlib.sha256(core.encode())
        h.update(units.digests[k])
        for d in project_deps[k]:
            h.update(f"\0{d}\0{merkle.get(d, 'undecodable')}".encode())
        merkle[k] = h.hexdigest()
    # Cached verdicts: each module's under its units' keys, else each unit's under its own.
    bundles: dict[str, list[Name]] = {}
    if cache is not None:
        for ns in by_module.values():
            keys = sorted({unit_of[n] for n in ns if n in unit_of and unit_of[n] in merkle})
            bundle = "verdicts:" + digest(core, *(f"{k}={merkle[k]}" for k in keys))
            got = cache.read(bundle, list[KernelVerdict])
            if got is not None and len(got) == len(keys):
                for k, verdict in zip(keys, got):
                    unit_verdict.setdefault(k, verdict)
                continue
            bundles[bundle] = keys
    todo = []
    for k in project_order:
        if k in unit_verdict:
            continue
        got = cache.read(f"unit:{merkle[k]}", KernelVerdict) if cache is not None else None
        if got is not None:
            unit_verdict[k] = got
        else:
            todo.append(k)

    if todo:
        fresh = _check_units(src, todo, project, fuel, progress, clashes, shared)
        unit_verdict.update(fresh)
        if cache is not None:
            for k in todo:
                if k in fresh and k in merkle:
                    cache.write(f"unit:{merkle[k]}", fresh[k])
    for bundle, keys in bundles.items():
        if cache is not None and all(k in unit_verdict for k in keys):
            cache.write(bundle, [unit_verdict[k] for k in keys])
    for n, k in unit_of.items():
        verdicts.setdefault(n, unit_verdict.get(k, _undecided("not reached")))
    if cache is not None and build_key is not None:
        cache.write(f"build:{build_key}", _BuildRecord(dict(sorted(verdicts.items())), len(project_order)))
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
    catalog = env.catalog
    for n, where in declared_twice(env, sorted(modules)).items():
        if catalog is not None and all(catalog.covers(m) for m in where) and catalog.same_meaning_everywhere(n):
            continue  # library modules all declaring it alike (compared once per library: its catalog)
        try:
            same = len({meaning_digest(env.load(m), n) for m in where}) == 1
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
    code = DeclineCode(v.code.value) if v.code is not None else None
    if v.code == Declined.OUT_OF_FUEL:
        return KernelVerdict(KernelOutcome.UNDECIDED, v.reason, code=code)
    missing = Name(v.missing[0]) if v.missing else None
    return KernelVerdict(KernelOutcome.DECLINED, v.reason, missing, code)


def _check_units(src: OleanSource, todo: list[Name], project: set[Name], fuel: int | None,
                 progress: Callable[[str], None] | None,
                 clashes: dict[Name, tuple[str, ...]] | None = None,
                 checker: Checker | None = None) -> dict[Name, KernelVerdict]:
    """Check the units ``todo`` (project units) and everything they need, in dependency order, in
    one checking run (its caches shared by the units; ``checker``: the run's earlier state, whose
    units are not checked again); a unit declaring a name of ``clashes`` is undecided (and so is
    every unit that needs it)."""
    clashes = clashes or {}
    roots = [Name(n) for n in SPEC_THEOREMS] + todo  # so that gcd/div/mod and literals can be checked
    run_state = checker if checker is not None else Checker(fuel, src.terms)
    if run_state.terms is not src.terms:
        raise ValueError("a checking run reads its declarations into its own terms (OleanSource(terms=...))")
    order = [k for k in src.closure(roots) if k not in run_state.status]
    wanted = set(todo)
    out: dict[Name, KernelVerdict] = {k: run_state.status[k] for k in todo if k in run_state.status}

    def run() -> dict[Name, KernelVerdict]:
        # filled as units are added: the core's proof-less theorems, the core's constants, the
        # core's constants shipped without a body
        env = run_state.env
        boundary = run_state.boundary
        status = run_state.status  # every unit: its verdict
        n_done = 0
        started = last = time.monotonic()
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
                                              why.missing or bad, DeclineCode.DEPENDS_ON_DECLINED)
                else:
                    status[k] = _undecided(f"needs {bad} ({why.outcome if why is not None else 'not checked'})")
            else:
                try:
                    decl = src.declaration(k)
                except DecodeError as e:
                    status[k] = _undecided(str(e))
                    continue
                if src.is_boundary(k):
                    boundary.add(decl.name)
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
                progress(f"kernel: {n_done}/{len(order)} declarations re-checked{_left(now - started, n_done, len(order))}")
        return out

    return run_with_big_stack(run)


def _left(elapsed: float, done: int, total: int) -> str:
    """``, about N s left`` at the rate measured so far (declarations differ in cost: a guess)."""
    if done <= 0 or total <= done:
        return ""
    left = elapsed / done * (total - done)
    return f", about {left / 60:.0f} min left" if left >= 90 else f", about {left:.0f} s left"


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
                     progress: Callable[[str], None] | None = None,
                     trusted_folders: Sequence[Path] = (), checker: Checker | None = None,
                     ) -> tuple[dict[tuple[str, Name], KernelVerdict], RecheckResult]:
    """The kernel's verdict on every constant of the built project ``modules`` (auxiliary ones
    included), by (module, name); ``store``: the verdict cache, ``fuel``: kernel steps per unit;
    ``trusted_folders``: see :func:`recheck`; ``checker``: this run's checking so far (:class:`Checker`)."""
    keys: list[tuple[str, Name]] = []
    for m in modules:
        keys += [(m, n) for n in env.load(m).constant_names()]
    result = recheck(env, sorted({n for _m, n in keys}), core_folders, store, fuel, progress,
                     trusted_folders=trusted_folders, checker=checker)
    return {k: result.verdicts[k[1]] for k in keys if k[1] in result.verdicts}, result


__all__ = ["Checker", "project_verdicts", "export_ndjson", "CHECKED", "RecheckResult", "core_identity", "meaning_digest",
           "name_clashes", "recheck", "unit_digest"]
