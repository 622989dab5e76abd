"""The independent kernel re-check of a project (claimcheck/recheck/) and what the gate makes of it.

Fixture folders of ``tests/fixtures/recheck/`` are small projects with an ``expected.yaml`` in the
one vocabulary of ``tests/cases.py``: ``kernel`` (the verdict kind of each declaration after a clean
build), and optionally ``kernel_why`` (declaration -> a text its verdict contains), ``statuses``
(declaration -> the olean's own status, ``claimcheck status``), ``claims`` (declaration ->
``holds``/``fails``: a theorem claim on it, the kernel required), ``problems`` (``DecodeError: ...``:
the NDJSON export must refuse the project), and ``tamper`` (``from``/``to``: a Nat literal changed in
the built ``.olean`` bytes; ``decl``: a declaration whose statement shows it) with ``tampered`` (the
verdict kinds after that) and ``tampered_claims``, and ``ndjson`` (declaration -> the verdict a
checker of the NDJSON export gives, where it differs).

Verdicts are cached in a sealed store in the user's cache folder (``claimcheck.cache.Store``), here
a temporary one per test (``CLAIMCHECK_CACHE_DIR``): nothing is written to the project.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import cases
from claimcheck.analysis.statuses import declaration_facts, open_environment
from claimcheck.cache import Store, reads_allowed
from claimcheck.kernel import check_all, read_ndjson
from claimcheck.model.facts import DeclFacts, KernelOutcome, KernelVerdict
from claimcheck.model.names import Name
from claimcheck.model.evidence import Settings
from claimcheck.recheck.front_end import DecodeError, declared_twice
from claimcheck.recheck.run import CHECKED, STORE_NAMESPACE, export_ndjson, name_clashes, recheck

from builders import claim, decl, evidence, formal, verdict
from tamper import tamper_nat_literals

N = Name.parse


def _kind(v: KernelVerdict | None) -> str:
    """A verdict's outcome (``undecided`` when there is none: not re-checked)."""
    return "undecided" if v is None else str(v.outcome)


def _evidence(record: DeclFacts, required: bool):
    return evidence(record, settings=Settings(kernel_required=required, strict_instances=True))


UNDECIDED = KernelVerdict(KernelOutcome.UNDECIDED, "ran out of fuel: 10 kernel steps")
REJECTED = KernelVerdict(KernelOutcome.REJECTED, "the value has type ...")


@pytest.mark.parametrize("kernel", [None, UNDECIDED, REJECTED], ids=["none", "undecided", "rejected"])
def test_a_theorem_claim_needs_the_kernels_checked_when_required(kernel: KernelVerdict | None) -> None:
    c = claim(formal=[formal("A.t", "f1")])
    got, problems = verdict(c, _evidence(decl("A.t", kernel=kernel), required=True))
    assert got == "fails" and any("independent kernel" in p for p in problems)
    # `[kernel] require = false` relaxes only what is undecided (issue 23): a rejection fails whatever
    # the settings
    got, problems = verdict(c, _evidence(decl("A.t", kernel=kernel), required=False))
    if kernel is REJECTED:
        assert got == "fails" and any("the independent kernel rejects it" in p for p in problems)
    else:
        assert (got, problems) == ("holds", [])


def test_a_checked_theorem_holds_when_the_kernel_is_required() -> None:
    c = claim("conditional", [formal("A.t", "f1")], hypotheses=["h"])
    assert verdict(c, _evidence(decl("A.t", kernel=CHECKED), required=True))[0] == "holds"


def test_kernel_setting_is_read_and_checked(tmp_path: Path) -> None:
    from claimcheck.errors import ClaimcheckError
    from claimcheck.project import Project

    assert Project.load(tmp_path).kernel_required is True
    (tmp_path / "claimcheck.toml").write_text("[kernel]\nrequire = false\nfuel = 3000\n", encoding="utf-8")
    p = Project.load(tmp_path)
    assert (p.kernel_required, p.kernel_fuel) == (False, 3000)
    (tmp_path / "claimcheck.toml").write_text('[kernel]\nrequire = "no"\n', encoding="utf-8")
    with pytest.raises(ClaimcheckError, match="kernel.require"):
        Project.load(tmp_path)
    for bad in ("0", "1.5", "true", '"many"', str(10**13)):
        (tmp_path / "claimcheck.toml").write_text(f"[kernel]\nfuel = {bad}\n", encoding="utf-8")
        with pytest.raises(ClaimcheckError, match="kernel.fuel"):
            Project.load(tmp_path)
    # the wall-clock budget of old is an error that says what replaced it, never silently ignored
    (tmp_path / "claimcheck.toml").write_text("[kernel]\nbudget = 3\n", encoding="utf-8")
    with pytest.raises(ClaimcheckError, match=r"kernel\.budget .*\[kernel\] fuel"):
        Project.load(tmp_path)


@pytest.mark.lean
def test_the_library_declares_no_name_with_two_meanings(toolchain) -> None:
    """Lemmas realized in several library modules (`f.eq_1`, `f.congr_simp`; a theorem in one, its
    statement without the proof in another) are declared more than once, each time meaning the same:
    no clash, so a project that imports the whole library is never undecided because of them."""
    env = open_environment([toolchain.lib_dir], [toolchain.lib_dir])
    twice = declared_twice(env, ["Lean"])
    assert any(n.last == "eq_1" for n in twice) and all(len(ms) > 1 for ms in twice.values())
    assert name_clashes(env, []) == {}


def _kinds(project, toolchain, modules, store: Store | None):
    env = open_environment([project.olean_dir, toolchain.lib_dir], [toolchain.lib_dir])
    names = sorted({n for m in modules for n in env.load(m).constant_names()})
    result = recheck(env, names, [toolchain.lib_dir], store)
    return env, result


def _records(store: Store) -> list[Path]:
    return sorted(store.folder.rglob("*.json")) if store.folder.is_dir() else []


def _statuses(modules, project, toolchain, verdicts: dict[Name, KernelVerdict]) -> dict[str, DeclFacts]:
    """`claimcheck status`'s records, with the kernel's verdicts attached."""
    from dataclasses import replace

    env = open_environment([project.olean_dir], [toolchain.lib_dir])
    records = declaration_facts(env, modules, [toolchain.lib_dir])
    return {str(r.name): replace(r, kernel=verdicts.get(r.name)) for r in records}


def _check_gate(expected: dict[str, str], records: dict[str, DeclFacts], modules) -> None:
    """A theorem claim on each declaration (its fingerprint recorded), the kernel required."""
    for name, want in expected.items():
        record = records[name]
        c = claim(formal=[formal(name, record.fingerprint)])
        got, problems = verdict(c, evidence(record, project_modules=modules,
                                            settings=Settings(kernel_required=True, strict_instances=True)))
        assert got == want, (name, problems)
        if want == "fails" and _kind(record.kernel) != "checked":
            assert any("independent kernel" in p for p in problems), problems


@pytest.mark.lean
@pytest.mark.parametrize("case", cases.params("recheck"))
def test_recheck_fixture(case: cases.Case, toolchain, tmp_path: Path, monkeypatch) -> None:
    from claimcheck.lean.build import build
    from claimcheck.progress import Progress
    from claimcheck.project import Project

    spec = case.expected
    refused = bool(spec.get("problems"))  # the NDJSON export refuses the project
    project = Project.load(case.copy(tmp_path / case.name))
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok
    modules = list(report.modules)
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "user-cache"))
    monkeypatch.setenv("CLAIMCHECK_CACHE_KEY_FILE", str(tmp_path / "user-config" / "cache-key"))
    monkeypatch.delenv("CI", raising=False)
    cache = Store(STORE_NAMESPACE, enabled=reads_allowed())
    assert not _records(cache)
    _env, result = _kinds(project, toolchain, modules, cache)
    got = {n: _kind(result.verdicts.get(N(n))) for n in spec["kernel"]}
    assert got == spec["kernel"], result.verdicts
    for name, text in spec.get("kernel_why", {}).items():
        assert text in str(result.verdicts[N(name)]), result.verdicts[N(name)]
    if "statuses" in spec or "claims" in spec:
        records = _statuses(modules, project, toolchain, result.verdicts)
        assert {n: str(records[n].status) for n in spec.get("statuses", {})} == spec.get("statuses", {})
        _check_gate(spec.get("claims", {}), records, modules)
    assert result.checked_units > 0 and not list(project.build_dir.rglob("kernel-cache*"))
    _env, again = _kinds(project, toolchain, modules, cache)
    assert again.verdicts == result.verdicts
    if refused:
        # a name declared twice: such a run neither reads nor writes cached verdicts
        assert not _records(cache) and again.checked_units == result.checked_units
    else:
        # the verdicts are recorded in the user's cache, nothing in the project; unchanged: every
        # verdict from the cache, none re-checked
        assert _records(cache) and again.checked_units == 0
    # under CI nothing is read: every unit is checked again, with the same verdicts
    monkeypatch.setenv("CI", "true")
    _env, in_ci = _kinds(project, toolchain, modules, Store(STORE_NAMESPACE, enabled=reads_allowed()))
    assert in_ci.verdicts == result.verdicts and in_ci.checked_units == result.checked_units
    monkeypatch.delenv("CI")

    if "tamper" in spec:
        olean = next(project.olean_dir.rglob("*.olean"))
        assert tamper_nat_literals(olean, spec["tamper"]["from"], spec["tamper"]["to"]) > 0
        env = open_environment([project.olean_dir], [toolchain.lib_dir])
        by_name = {str(r.name): r for r in declaration_facts(env, modules, [toolchain.lib_dir])}
        for name in spec["tampered"]:  # the olean's own account is unchanged ...
            assert by_name[name].status == spec.get("statuses", {}).get(name, "proved")
        assert str(spec["tamper"]["to"]) in (by_name[spec["tamper"]["decl"]].statement or "")
        _env, after = _kinds(project, toolchain, modules, cache)
        got = {n: _kind(after.verdicts[N(n)]) for n in spec["tampered"]}
        assert got == spec["tampered"], after.verdicts  # ... the kernel's is not
        assert after.checked_units == 1  # only the changed declaration was re-checked
        _check_gate(spec.get("tampered_claims", {}), _statuses(modules, project, toolchain, after.verdicts), modules)

    # round trip: the NDJSON export, checked by the kernel, gives the same verdicts as the oleans
    env, final = _kinds(project, toolchain, modules, None)
    out = tmp_path / "export.ndjson"
    names = sorted({n for m in modules for n in env.load(m).constant_names()})
    if refused:
        with pytest.raises(DecodeError) as error:
            export_ndjson(env, names, out)
        case.check_problems([(type(error.value).__name__, str(error.value))])
        assert not out.exists()
        assert {n: _kind(final.verdicts[N(n)]) for n in spec["kernel"]} == spec["kernel"]
        return
    export_ndjson(env, names, out)
    by_name = {v.declaration: str(v.outcome) for v in check_all(read_ndjson(out))}
    expected = spec.get("tampered", spec["kernel"])
    for name, kind in expected.items():
        # an inductive block has one verdict, under its first type's name
        unit = name if name in by_name else max((k for k in by_name if name.startswith(k + ".")), key=len)
        got = {"accepted": "checked"}.get(by_name[unit], by_name[unit])
        mine = final.verdicts[N(name)]
        assert _kind(mine) == kind
        if name in spec.get("ndjson", {}):  # where the file cannot carry what the .olean files say
            assert got == spec["ndjson"][name]
        elif mine.outcome is KernelOutcome.UNDECIDED and mine.reason.startswith("needs "):
            # a plain checker of the file reports a use of a refused constant as an unknown constant
            assert got != "checked"
        else:
            assert got == kind


class _RecordingStore:
    """A verdict store in memory that remembers which keys were asked for and which were found."""

    read, write = Store.read, Store.write  # typed records through the codec, over `get` and `put`

    def __init__(self) -> None:
        self.records: dict[str, object] = {}
        self.found: list[str] = []
        self.missed: list[str] = []

    def get(self, key: str):
        got = self.records.get(key)
        (self.found if got is not None else self.missed).append(key)
        return got

    def put(self, key: str, value) -> None:
        self.records[key] = value

    def forget(self, kind: str) -> None:
        """Drop the records of one kind (``build``: the whole-build fast path) and the log."""
        self.records = {k: v for k, v in self.records.items() if not k.startswith(kind + ":")}
        self.found, self.missed = [], []

    def asked(self, kind: str, found: bool) -> set[str]:
        return {k for k in (self.found if found else self.missed) if k.startswith(kind + ":")}


def test_module_records_are_reused_and_a_changed_module_is_read_again(toolchain, tmp_path: Path) -> None:
    """What the re-check reads of each module (units, digests, used constants) is recorded under the
    module's files: unchanged files are not read again and give the same verdicts; a module whose
    file changed is read again (its old record is not used), the other module's record still is.
    Two library modules copied as project modules (`Proj.Exit`: an inductive and definitions that
    use each other; `Proj.Prop`: theorems with proofs) stand in for a project (no Lean run)."""
    lib = toolchain.lib_dir
    for src, dst in [("Lake/Util/Exit", "Proj/Exit"), ("Std/Tactic/BVDecide/Normalize/Prop", "Proj/Prop")]:
        for suffix in (".olean", ".olean.server", ".olean.private"):
            if (lib / (src + suffix)).is_file():
                (tmp_path / "lib" / dst).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(lib / (src + suffix), tmp_path / "lib" / (dst + suffix))

    def run(store):
        # the copies are exported-only library files (no private part): the reader opens their folder
        # as it opens the library's; the re-check still takes only the toolchain's folder as the library
        env = open_environment([tmp_path / "lib"], [lib, tmp_path / "lib"])
        names = sorted({n for m in ("Proj.Exit", "Proj.Prop") for n in env.load(m).constant_names()})
        return recheck(env, names, [lib], store)

    fresh = run(None)
    assert fresh.units > 10 and fresh.checked_units == fresh.units
    store = _RecordingStore()
    first = run(store)
    assert first.verdicts == fresh.verdicts and len(store.asked("units", found=False)) == 2
    # unchanged files: both modules' records and their verdicts are reused, nothing is checked again
    store.forget("build")
    again = run(store)
    assert again.verdicts == fresh.verdicts and again.checked_units == 0
    reused = store.asked("units", found=True)
    assert len(reused) == 2 and not store.asked("units", found=False) and not store.asked("unit", found=True)
    # Proj.Prop changed (the name `True` it uses renamed in its file): read again, checked again
    prop = tmp_path / "lib" / "Proj" / "Prop.olean"
    data = prop.read_bytes()
    assert data.count(b"True\0") == 1
    prop.write_bytes(data.replace(b"True\0", b"Trux\0"))
    store.forget("build")
    changed = run(store)
    assert changed.verdicts == run(None).verdicts != fresh.verdicts
    assert len(store.asked("units", found=True) & reused) == 1  # Proj.Exit's record
    assert len(store.asked("units", found=False)) == 1 and 0 < changed.checked_units < fresh.units


def test_a_verdict_keeps_the_kernels_decline_code() -> None:
    """The kernel's code survives into the model (issue 34): the pipeline tells an out-of-fuel check
    by its code, never by reading the reason's words."""
    from claimcheck.kernel.result import Declined, Outcome, Verdict
    from claimcheck.model.facts import DeclineCode
    from claimcheck.pipeline.stages import ran_out_of_fuel
    from claimcheck.recheck.run import _kernel_verdict

    fuel = _kernel_verdict(Verdict(Outcome.DECLINED, "T", "used up its step budget", Declined.OUT_OF_FUEL))
    assert (fuel.outcome, fuel.code) == (KernelOutcome.UNDECIDED, DeclineCode.OUT_OF_FUEL)
    body = _kernel_verdict(Verdict(Outcome.DECLINED, "T", "fuel needs a body", Declined.MISSING_BODY, (("F",),)))
    assert (body.outcome, body.code, body.missing) == (KernelOutcome.DECLINED, DeclineCode.MISSING_BODY, Name.of("F"))
    assert {c.value for c in DeclineCode} == {c.value for c in Declined}
    assert ran_out_of_fuel({("M", Name.of("T")): fuel})
    assert not ran_out_of_fuel({("M", Name.of("T")): body})  # "fuel" in its reason is not a code
