"""The independent kernel re-check of a project (analysis/recheck.py) and what the gate makes of it.

Fixture folders of ``tests/fixtures/recheck/`` are small projects with an ``expected.yaml``:
``clean`` (the verdict kind of each declaration after a clean build), and optionally ``tamper``
(``from``/``to``: a Nat literal changed in the built ``.olean`` bytes) with ``tampered`` (the
verdict kinds after that).
"""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest
import yaml

from claimcheck.analysis.recheck import CHECKED, export_ndjson, recheck, verdict_kind
from claimcheck.analysis.status import DeclStatus, compute_status, open_environment
from claimcheck.claims.gate import Evidence, claim_verdict
from claimcheck.claims.manifest import Claim, FormalDecl
from claimcheck.claims.model import ToolchainInfo
from claimcheck.kernel import check_all, read_ndjson
from claimcheck.lean.build import BuildReport

FIXTURES = Path(__file__).parent / "fixtures" / "recheck"
CASES = sorted(p.name for p in FIXTURES.iterdir() if (p / "expected.yaml").is_file())


def _evidence(record: DeclStatus, required: bool) -> Evidence:
    return Evidence(BuildReport({}), {record.name: record}, {}, {}, {}, True, [record],
                    ToolchainInfo("wasm", "test"), frozenset({"M"}), kernel_required=required)


def _record(kernel: str | None) -> DeclStatus:
    return DeclStatus("A.t", "M", "theorem", "proved", (), (), "f1", (), True, 1, (), kernel=kernel)


@pytest.mark.parametrize("kernel", [None, "undecided: timed out after 5 s", "rejected: the value has type ..."])
def test_a_theorem_claim_needs_the_kernels_checked_when_required(kernel: str | None) -> None:
    c = Claim("c1", "theorem", "s", [], [FormalDecl("A.t", "f1")], [])
    verdict, problems = claim_verdict(c, _evidence(_record(kernel), required=True))
    assert verdict == "fails" and any("independent kernel" in p for p in problems)
    # relaxed by the project's `[kernel] require = false`
    assert claim_verdict(c, _evidence(_record(kernel), required=False)) == ("holds", [])


def test_a_checked_theorem_holds_when_the_kernel_is_required() -> None:
    c = Claim("c1", "conditional", "s", ["h"], [FormalDecl("A.t", "f1")], [])
    assert claim_verdict(c, _evidence(_record(CHECKED), required=True))[0] == "holds"


def test_kernel_setting_is_read_and_checked(tmp_path: Path) -> None:
    from claimcheck.errors import ClaimcheckError
    from claimcheck.project import Project

    assert Project.load(tmp_path).kernel_required is True
    (tmp_path / "claimcheck.toml").write_text("[kernel]\nrequire = false\nbudget = 3\n", encoding="utf-8")
    p = Project.load(tmp_path)
    assert (p.kernel_required, p.kernel_budget) == (False, 3.0)
    (tmp_path / "claimcheck.toml").write_text('[kernel]\nrequire = "no"\n', encoding="utf-8")
    with pytest.raises(ClaimcheckError, match="kernel.require"):
        Project.load(tmp_path)


def _tamper(olean: Path, old: int, new: int) -> int:
    """Change every `Literal.natVal old` object (one boxed-scalar field) to `new`; returns how many."""
    data = bytearray(olean.read_bytes())
    needle = struct.pack("<BB", 1, 0) + struct.pack("<Q", (old << 1) | 1)  # 1 field, tag natVal; the boxed scalar
    count, i = 0, data.find(needle)
    while i >= 0:
        data[i + 2:i + 10] = struct.pack("<Q", (new << 1) | 1)
        count += 1
        i = data.find(needle, i + 1)
    olean.write_bytes(bytes(data))
    return count


def _kinds(project, toolchain, modules, cache):
    env = open_environment([project.olean_dir, toolchain.lib_dir], [toolchain.lib_dir])
    names = sorted({n for m in modules for n in env.load(m).constant_names()})
    result = recheck(env, names, [toolchain.lib_dir], cache, budget=300)
    return env, result


@pytest.mark.lean
@pytest.mark.parametrize("case", CASES)
def test_recheck_fixture(case: str, toolchain, tmp_path: Path) -> None:
    from claimcheck.lean.build import build
    from claimcheck.progress import Progress
    from claimcheck.project import Project

    spec = yaml.safe_load((FIXTURES / case / "expected.yaml").read_text(encoding="utf-8"))
    root = tmp_path / case
    shutil.copytree(FIXTURES / case, root, ignore=shutil.ignore_patterns("expected.yaml"))
    project = Project.load(root)
    report = build(project, toolchain, jobs=1, progress=Progress(quiet=True))
    assert report.ok
    modules = list(report.modules)
    cache = project.build_dir / "kernel-cache.json"
    _env, result = _kinds(project, toolchain, modules, cache)
    got = {n: verdict_kind(result.verdicts.get(n)) for n in spec["clean"]}
    assert got == spec["clean"], result.verdicts
    assert result.checked_units > 0 and cache.is_file()
    # unchanged: every verdict from the cache, none re-checked
    _env, again = _kinds(project, toolchain, modules, cache)
    assert again.verdicts == result.verdicts and again.checked_units == 0

    if "tamper" in spec:
        olean = next(project.olean_dir.rglob("*.olean"))
        assert _tamper(olean, spec["tamper"]["from"], spec["tamper"]["to"]) > 0
        records = compute_status(modules, [project.olean_dir, toolchain.lib_dir],
                                 library_dirs=[toolchain.lib_dir])
        by_name = {r.name: r for r in records}
        for name in spec["tampered"]:
            assert by_name[name].status == "proved"  # the olean's own account is unchanged ...
        assert str(spec["tamper"]["to"]) in (by_name["Tamper.small_sum"].statement or "")
        _env, after = _kinds(project, toolchain, modules, cache)
        got = {n: verdict_kind(after.verdicts[n]) for n in spec["tampered"]}
        assert got == spec["tampered"], after.verdicts  # ... the kernel's is not
        assert after.checked_units == 1  # only the changed declaration was re-checked

    # round trip: the NDJSON export, checked by the kernel, gives the same verdicts as the oleans
    env, final = _kinds(project, toolchain, modules, None)
    out = tmp_path / "export.ndjson"
    export_ndjson(env, sorted({n for m in modules for n in env.load(m).constant_names()}), out)
    by_name = {v.declaration: str(v.outcome) for v in check_all(read_ndjson(out))}
    expected = spec.get("tampered", spec["clean"])
    for name, kind in expected.items():
        # an inductive block has one verdict, under its first type's name
        unit = name if name in by_name else max((k for k in by_name if name.startswith(k + ".")), key=len)
        assert {"accepted": CHECKED}.get(by_name[unit], by_name[unit]) == kind
        assert verdict_kind(final.verdicts[name]) == kind
