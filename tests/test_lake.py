"""Lake workspaces read as they are (issue 36): lakefiles, manifests, packages, lake's own outputs.

Fast tests read lakefiles, manifests and traces (no Lean). The fixture cases
(``tests/fixtures/lake/<case>/`` with ``expected.yaml`` beside, in the one vocabulary of
``tests/cases.py``) build each workspace with the real toolchain and run the commands the case names; other Lean tests read outputs without building
(``--no-build``) and drive a fake native ``lake`` (a script that records its arguments and writes
what lake writes), since no native toolchain can be installed here.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

import cases
from claimcheck.cli import main
from claimcheck.errors import ConfigError
from claimcheck.lake.config import Glob, GlobKind, LakefileError
from claimcheck.lake.lean_file import parse_lean_subset
from claimcheck.lake.manifest import read_manifest
from claimcheck.lake.toml_file import parse_toml
from claimcheck.lake.trace import judge, lake_hash, text_hash
from claimcheck.lake.workspace import load_workspace, read_config
from claimcheck.project import Project

from conftest import FIXTURES

LAKE = FIXTURES / "lake"


# ------------------------------------------------------------------------------------ lakefiles


def test_lakefile_toml_read_in_full(tmp_path: Path) -> None:
    text = textwrap.dedent('''\
        name = "paper"
        srcDir = "src"
        defaultTargets = ["Paper"]
        leanOptions = { autoImplicit = false, pp.unicode.fun = true }
        moreLeanArgs = ["-DmaxHeartbeats=400000"]

        [[require]]
        name = "mathlib"
        scope = "leanprover-community"
        rev = "v4.28.0"

        [[require]]
        name = "helper"
        path = "../helper"

        [[require]]
        name = "tools"
        git = { url = "https://example.invalid/tools", subDir = "lean" }
        rev = "main"

        [[lean_lib]]
        name = "Paper"
        srcDir = "lib"
        roots = ["Paper", "Extra"]
        globs = ["Paper.+", "Other.*"]
        leanOptions = { linter.unusedVariables = false }

        [[lean_exe]]
        name = "paper"
        root = "Main"
        ''')
    cfg = parse_toml(tmp_path / "lakefile.toml", text)
    assert cfg.name == "paper" and cfg.src_dir == "src" and cfg.build_dir == ".lake/build"
    assert cfg.lean_lib_dir == "lib/lean"
    lib = cfg.libs[0]
    assert lib.src_dir == "lib" and lib.roots == ("Paper", "Extra") and lib.default
    assert lib.globs == (Glob(GlobKind.SUBMODULES, "Paper"), Glob(GlobKind.AND_SUBMODULES, "Other"))
    assert lib.lean_args == ("-DautoImplicit=false", "-Dpp.unicode.fun=true", "-DmaxHeartbeats=400000",
                             "-Dlinter.unusedVariables=false")
    assert cfg.exes[0].root == "Main" and cfg.exes[0].line == 28
    mathlib, helper, tools = cfg.requires
    assert (mathlib.scope, mathlib.rev, mathlib.git, mathlib.path) == ("leanprover-community", "v4.28.0", None, None)
    assert helper.path == "../helper" and helper.line == 12
    assert (tools.git, tools.subdir, tools.rev) == ("https://example.invalid/tools", "lean", "main")


@pytest.mark.parametrize("text, where, what", [
    ('name = 3\n', ":1:", "name must be a non-empty string"),
    ('name = "p"\n[[lean_lib]]\nname = "L"\nroots = 3\n', ":4:", "roots must be a string or a list"),
    ('name = "p"\n[[lean_lib]]\nname = "L"\nglobs = ["A.?"]\n', ":4:", "not a glob"),
    ('name = "p"\nleanOptions = { x = 1.5 }\n', ":2:", "leanOptions.x"),
    ('name = "p"\n[[require]]\nname = "x"\nsource = { type = "svn" }\n', ":4:", "source must be"),
    ('name = "p"\n[[lean_lib\n', ":", "lakefile.toml"),
])
def test_a_bad_lakefile_toml_is_refused_at_its_line(tmp_path: Path, text: str, where: str, what: str) -> None:
    with pytest.raises(LakefileError) as exc:
        parse_toml(tmp_path / "lakefile.toml", text)
    assert f"lakefile.toml{where}" in str(exc.value) and what in str(exc.value), str(exc.value)


def test_lakefile_lean_declarative_subset(tmp_path: Path) -> None:
    text = textwrap.dedent('''\
        import Lake
        open Lake DSL

        /-- The package. -/
        package «my-paper» where
          version := v!"0.1.0"
          srcDir := "src"
          leanOptions := #[⟨`autoImplicit, false⟩, ⟨`pp.proofs, true⟩]
          moreLeanArgs := #["-DmaxRecDepth=2000"]

        require mathlib from git
          "https://github.com/leanprover-community/mathlib4.git" @ "v4.28.0"
        require helper from ".." / "helper/v2"
        require "leanprover-community" / "batteries" @ git "main"
        require tools from git "https://example.invalid/t.git" @ "v1" / "lean"

        -- the library
        @[default_target]
        lean_lib Paper where
          srcDir := "lib"
          roots := #[`Paper, `«Other-Root»]
          globs := #[.submodules `Paper, .andSubmodules `Other, `One]

        lean_exe paper where
          root := `Main
          supportInterpreter := true
        ''')
    cfg = parse_lean_subset(tmp_path / "lakefile.lean", text)
    assert cfg.name == "my-paper" and cfg.src_dir == "src" and cfg.read_by == "declarative subset"
    assert [r.name for r in cfg.requires] == ["mathlib", "helper", "batteries", "tools"]
    mathlib, helper, batteries, tools = cfg.requires
    assert mathlib.git == "https://github.com/leanprover-community/mathlib4.git" and mathlib.rev == "v4.28.0"
    assert mathlib.line == 11 and helper.path == "../helper/v2"
    assert batteries.scope == "leanprover-community" and batteries.rev == "main"
    assert tools.subdir == "lean"
    lib = cfg.libs[0]
    assert lib.default and lib.src_dir == "lib" and lib.roots == ("Paper", "Other-Root")
    assert lib.globs == (Glob(GlobKind.SUBMODULES, "Paper"), Glob(GlobKind.AND_SUBMODULES, "Other"),
                         Glob(GlobKind.ONE, "One"))
    assert lib.lean_args == ("-DautoImplicit=false", "-Dpp.proofs=true", "-DmaxRecDepth=2000")
    assert cfg.exes[0].root == "Main" and not cfg.exes[0].default


@pytest.mark.parametrize("extra, line", [
    ("def helperDir := \"x\"\n", 5),
    ("script greet do\n  return 0\n", 5),
    ("target foo : Unit := pure ()\n", 5),
    ("require mathlib from git \"u\" @ \"v\" with NameMap.empty\n", 5),
    ("lean_lib L where\n  srcDir := helperDir\n", 6),
    ("lean_lib L where\n  precompileModules := true\n  extraDepTargets := #[`foo]\n", 7),
    ("@[test_driver]\nlean_exe t\n", 5),
    ("run_cmd pure ()\n", 5),
])
def test_a_lakefile_lean_outside_the_subset_is_refused_at_its_line(tmp_path: Path, extra: str, line: int) -> None:
    text = "import Lake\nopen Lake DSL\n\npackage p\n" + extra
    with pytest.raises(LakefileError) as exc:
        parse_lean_subset(tmp_path / "lakefile.lean", text)
    message = str(exc.value)
    assert f"lakefile.lean:{line}:" in message, message
    assert "outside the declarative subset" in message and "lakefile.toml" in message
    assert "lake translate-config toml" in message and "native Lean" in message


def test_a_lakefile_lean_without_package_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LakefileError, match="no `package NAME`"):
        parse_lean_subset(tmp_path / "lakefile.lean", "import Lake\nopen Lake DSL\n")


# ------------------------------------------------------------------------------------ manifests


@pytest.mark.parametrize("version", [7, "1.1.0", "1.2.0"])
def test_manifest_versions(tmp_path: Path, version: object) -> None:
    doc = {"version": version, "packagesDir": ".lake/packages", "name": "p", "lakeDir": ".lake",
           "packages": [{"type": "git", "name": "«doc-gen4»", "url": "u", "rev": "r", "inputRev": "main",
                         "inherited": True, "scope": "leanprover"},
                        {"type": "path", "name": "helper", "dir": "./helper", "inherited": False}]}
    path = tmp_path / "lake-manifest.json"
    path.write_text(json.dumps(doc))
    m = read_manifest(path)
    assert m is not None and m.packages_dir == ".lake/packages"
    assert m.entry("doc-gen4").inherited and m.entry("doc-gen4").input_rev == "main"
    assert m.entry("helper").dir == "./helper"


def test_manifest_v6_entries_and_bad_manifests(tmp_path: Path) -> None:
    path = tmp_path / "lake-manifest.json"
    path.write_text(json.dumps({"version": 6, "packages": [{"git": {"name": "std", "url": "u", "rev": "r",
                                                                   "inherited": False, "opts": {}}}]}))
    assert read_manifest(path).entry("std").kind == "git"
    for bad, what in [({"version": 3}, "older than Lake reads"), ({"packages": []}, "no `version`"),
                      ({"version": 7, "packages": [{"type": "svn", "name": "x"}]}, "of path or git")]:
        path.write_text(json.dumps(bad))
        with pytest.raises(LakefileError, match=what):
            read_manifest(path)
    path.write_text("{not json")
    with pytest.raises(LakefileError, match="invalid JSON"):
        read_manifest(path)


# ------------------------------------------------------------------------------------ workspaces


def test_workspace_packages_in_dependency_order_and_missing_ones(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(LAKE / "toml_workspace", root)
    ws = load_workspace(root, read_config)
    assert ws.root.name == "paper" and [p.name for p in ws.dependencies] == ["helper", "tools"]
    helper, tools = ws.dependencies
    assert helper.kind == "path" and helper.dir == (root / "helper").resolve()
    assert tools.kind == "git" and tools.dir == (root / ".lake/packages/tools").resolve()
    assert tools.config.read_by == "declarative subset" and tools.rev.startswith("0f3c1a2b")
    assert tools.olean_dir == tools.dir / ".lake/build/lib/lean"
    assert not ws.missing
    shutil.rmtree(root / ".lake/packages/tools")
    ws = load_workspace(root, read_config)
    assert [p.name for p in ws.dependencies] == ["helper"]
    (missing,) = ws.missing
    assert missing.name == "tools" and "lakefile.toml:11" in missing.where
    assert "does not exist" in missing.reason and "lake update" in missing.message()


def test_a_lake_workspace_without_claimcheck_toml_is_a_project(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(LAKE / "toml_workspace", root)
    project = Project.load(root)
    assert project.is_lake and project.olean_dir == root.resolve() / ".lake/build/lib/lean"
    assert project.dependency_dirs() == [(root / "helper/.lake/build/lib/lean").resolve(),
                                         (root / ".lake/packages/tools/.lake/build/lib/lean").resolve()]
    # claimcheck.toml only adds settings; a [lean] table makes the project a folder of modules again
    (root / "claimcheck.toml").write_text('[kernel]\ndependencies = "trust"\n')
    project = Project.load(root)
    assert project.is_lake and project.kernel_dependencies == "trust"
    (root / "claimcheck.toml").write_text('[lean]\nsrc = "."\n')
    assert not Project.load(root).is_lake
    (root / "claimcheck.toml").write_text('[kernel]\ndependencies = "maybe"\n')
    with pytest.raises(ConfigError, match="kernel.dependencies"):
        Project.load(root)


def test_a_lakefile_lean_outside_the_subset_fails_the_command_with_exit_2(tmp_path: Path, capsys) -> None:
    root = tmp_path / "ws"
    shutil.copytree(LAKE / "lean_outside_subset", root)
    code = main(["status", "--root", str(root), "-q"])
    err = capsys.readouterr().err
    assert code == 2
    assert "lakefile.lean:8: `def sourceDir" in err and "outside the declarative subset" in err


# ------------------------------------------------------------------------------------ traces


def test_lake_hash_is_lakes() -> None:
    # the source of a public repository's Main.lean and the hash its lake trace (Lean 4.29.1) records
    src = b'import LeaningIntoGroupTheory\n\ndef main : IO Unit :=\n  IO.println s!"Hello, {hello}!"\n'
    assert f"{text_hash(src):016x}" == "9c49e088f7b2f19d"
    assert text_hash(src.replace(b"\n", b"\r\n")) == text_hash(src)
    assert lake_hash(b"") == 0x21C42906ADEA99F5


def _trace(folder: Path, module: str, source: Path, parts: dict[str, bytes], *, source_hash: int | None = None,
           schema: bool = True) -> Path:
    """Write a module's outputs and the trace lake writes beside them (Lean 4.29's shape)."""
    base = folder.joinpath(*module.split("."))
    base.parent.mkdir(parents=True, exist_ok=True)
    for suffix, data in parts.items():
        base.with_name(base.name + suffix).write_bytes(data)
    h = text_hash(source.read_bytes()) if source_hash is None else source_hash
    doc = {"synthetic": False, "depHash": "00000000000006bb", "log": [],
           "inputs": [[f"{module}:deps", [["deps", "00000000000006bb"]]], ["Lean 4.28.0", "1234567890abcdef"],
                      [f"/home/someone/ws/{'/'.join(module.split('.'))}.lean", f"{h:016x}"]]}
    if schema:
        doc["schemaVersion"] = "2025-09-10"
        doc["outputs"] = {"o": [f"{lake_hash(d):016x}{s}" for s, d in parts.items()]}
    base.with_name(base.name + ".trace").write_text(json.dumps(doc))
    return base.with_name(base.name + ".olean")


def test_a_trace_counts_only_when_the_files_have_its_hashes(tmp_path: Path) -> None:
    src = tmp_path / "A" / "B.lean"
    src.parent.mkdir()
    src.write_text("theorem t : True := trivial\n")
    out = tmp_path / "out"
    olean = _trace(out, "A.B", src, {".olean": b"olean bytes", ".olean.private": b"private bytes"})
    assert judge(olean, src, "A.B").fresh
    # the source changed since
    src.write_text("theorem t : False := sorry\n")
    got = judge(olean, src, "A.B")
    assert not got.fresh and "source changed since lake built it" in got.reason
    # a trace forged to record the present source, beside outputs of another: the output hashes say no
    olean = _trace(out, "A.B", src, {".olean": b"olean bytes", ".olean.private": b"private bytes"})
    (out / "A" / "B.olean.private").write_bytes(b"other private part")
    got = judge(olean, src, "A.B")
    assert not got.fresh and "B.olean.private is not the file lake's trace records" in got.reason
    # a trace recording no output hash, no source, or no trace at all: never fresh
    olean = _trace(out, "A.B", src, {".olean": b"x"}, schema=False)
    assert "records no hash of the .olean" in judge(olean, src, "A.B").reason
    (out / "A" / "B.olean.hash").write_text(f"{lake_hash(b'x'):016x}")
    assert judge(olean, src, "A.B").fresh
    (out / "A" / "B.trace").write_text(json.dumps({"depHash": "1", "log": []}))  # Lean 4.18's shape
    assert "does not record which source" in judge(olean, src, "A.B").reason
    (out / "A" / "B.trace").unlink()
    assert not judge(olean, src, "A.B").fresh


# ------------------------------------------------------------------------------------ the fixtures


def _json(args: list[str], capsys) -> tuple[int, dict]:
    code = main(args)
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("case", cases.params("lake"))
def test_lake_fixture(case: cases.Case, toolchain, tmp_path: Path, capsys) -> None:
    """A workspace written by the project, as ``expected.yaml`` beside it says it is read."""
    spec = case.expected
    root = case.copy(tmp_path / case.name) / spec.get("workspace", "")  # a subfolder when a package lies beside it
    common = ["--root", str(root), "-q", "-j1"]
    assert "exit" in spec, f"{case}: no exit code expected"
    cases.run_cli(case, root, capsys)
    for also in spec.get("also_run") or []:  # e.g. the manifests alone against the last build: the same names as check
        assert main([*also["run"], "--root", str(root)]) == also["exit"], capsys.readouterr()
        capsys.readouterr()
    if "status_output" in spec:
        main(["status", "--no-build", *common])
        text = capsys.readouterr().out
        for want in spec["status_output"]:
            assert want in text, f"{case}: status lacks {want!r}:\n{text}"
        for bad in spec.get("not_shown") or []:
            assert bad not in text, f"{case}: status has {bad!r}:\n{text}"
    for rel in spec.get("files") or []:
        assert (root / rel).is_file(), f"{case}: {rel} was not written"
    if "claims" in spec:
        _code, report = _json(["check", "--format", "json", "--no-build", *common], capsys)
        case.check_report_claims(report)
    if any(k in spec for k in ("statuses", "axioms_exactly", "dependency_axioms", "private")):
        _code, status = _json(["status", "--json", "--no-build", *common], capsys)
        records = {r["name"]: r for r in status["declarations"]}
        for name, want in (spec.get("statuses") or {}).items():
            assert records[name]["status"] == want, f"{case}: {name}"
        for name in spec.get("private") or []:
            assert records[name]["private"] is True and "_private" not in json.dumps(records[name]["components"])
        for name, want in (spec.get("axioms_exactly") or {}).items():
            assert records[name]["axioms"] == want, f"{case}: {name}"
        for name, want in (spec.get("dependency_axioms") or {}).items():
            got = [f"{d['axiom']} (package {d['package']}" + ("" if d["via"] == d["axiom"] else f" via {d['via']}") + ")"
                   for d in records[name]["dependency_axioms"]]
            assert got == want, f"{case}: {name}"


# ------------------------------------------------------------------------------------ outputs someone else built


def _built_workspace(tmp_path: Path, capsys, case: str = "toml_workspace") -> Path:
    root = tmp_path / case
    shutil.copytree(LAKE / case, root)
    assert main(["build", "--root", str(root), "-q", "-j1"]) == 0
    capsys.readouterr()
    return root


def test_no_build_reads_lake_layout_and_says_what_is_stale_or_not_built(toolchain, tmp_path: Path, capsys) -> None:
    root = _built_workspace(tmp_path, capsys)
    common = ["--root", str(root), "-q"]
    code, status = _json(["status", "--json", "--no-build", *common], capsys)
    assert code == 0
    records = {r["name"]: r for r in status["declarations"]}
    assert records["Paper.double_sorry"]["status"] == "sorry" and "dependencies" in status
    # a dependency's source changed since it was built: its module is stale, the project's importers blocked
    helper = root / "helper" / "Helper" / "Basic.lean"
    helper.write_text(helper.read_text() + "\n-- edited\n")
    code = main(["status", "--no-build", *common])
    out, err = capsys.readouterr()
    assert code == 1, out
    assert "Paper.Basic  module  stale" in out
    assert "imports Helper (package helper), which is blocked because of Helper.Basic (stale, package helper)" in out
    assert "is not what claimcheck built from the present source" not in out  # lake layout: the trace's words
    assert "package helper: Helper.Basic: stale: helper/.lake/build/lib/lean/Helper/Basic.olean: neither" in out
    code = main(["check", "--no-build", "--format", "json", *common])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and not report["build"]["ok"]
    states = {(m["package"], m["name"]): m for m in report["build"]["modules"]}
    assert states[("helper", "Helper.Basic")]["status"] == "stale"
    assert "neither claimcheck's record nor a lake trace" in states[("helper", "Helper.Basic")]["first_error"]
    assert any(p["code"] == "module-stale" and p["message"].startswith("Helper.Basic (package helper, stale)")
               for p in report["problems"])
    assert any(p["message"].startswith("Paper.Basic not built: imports Helper") for p in report["problems"])
    # an output that is not there at all
    helper.write_text(helper.read_text().replace("\n-- edited\n", ""))
    (root / ".lake/build/lib/lean/Paper/Basic.olean").unlink()
    code = main(["status", "--no-build", "--json", *common])
    status = json.loads(capsys.readouterr().out)
    assert code == 1
    module = next(r for r in status["declarations"] if r["name"] == "Paper.Basic")
    assert module["status"] == "stale" and "not-built: no .lake/build/lib/lean/Paper/Basic.olean" in module["note"]


_FAKE_LEAN = """#!/bin/sh
case "$1" in
  --version) echo "Lean (version 4.28.0-pre, x86_64-unknown-linux-gnu, commit 0, Release)"; exit 0;;
  --print-prefix) echo "{prefix}"; exit 0;;
esac
echo "the fake native lean only answers --version and --print-prefix: lake builds" >&2
exit 1
"""

_FAKE_LAKE = """#!{python}
# A stand-in for a native `lake`: records its arguments; `translate-config toml OUT` writes what lake
# writes (the lakefile's declarative configuration as TOML); `build` puts in place the outputs and
# trace files that lake writes (prepared in $FAKE_LAKE_STASH).
import json, os, shutil, sys
from pathlib import Path
sys.path.insert(0, {python_path!r})
with open(os.environ["FAKE_LAKE_LOG"], "a") as log:
    log.write(json.dumps({{"cwd": os.getcwd(), "args": sys.argv[1:]}}) + "\\n")
args = sys.argv[1:]
if args[:2] == ["translate-config", "toml"]:
    from claimcheck.lake.lean_file import read_lean_subset
    cfg = read_lean_subset(Path("lakefile.lean"))
    q = json.dumps
    lines = [f"name = {{q(cfg.name)}}", f"srcDir = {{q(cfg.src_dir)}}"]
    for lib in cfg.libs:
        lines += ["[[lean_lib]]", f"name = {{q(lib.name)}}", f"srcDir = {{q(lib.src_dir)}}",
                  f"roots = {{q(list(lib.roots))}}", f"globs = {{q([str(g) for g in lib.globs])}}"]
    for exe in cfg.exes:
        lines += ["[[lean_exe]]", f"name = {{q(exe.name)}}", f"root = {{q(exe.root)}}"]
    for r in cfg.requires:
        lines += ["[[require]]", f"name = {{q(r.name)}}"] + ([f"path = {{q(r.path)}}"] if r.path else []) + (
            [f"git = {{q(r.git)}}"] if r.git else [])
    Path(args[2]).write_text("\\n".join(lines) + "\\n")
    sys.exit(0)
if args[:1] == ["build"]:
    stash = Path(os.environ["FAKE_LAKE_STASH"])
    for f in stash.rglob("*"):
        if f.is_file():
            target = Path.cwd() / f.relative_to(stash)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
    print("Build completed successfully.")
    sys.exit(0)
print("fake lake: unknown command", args, file=sys.stderr)
sys.exit(1)
"""


def _stash_as_lake_leaves_it(root: Path, stash: Path) -> None:
    """Move every package's outputs into ``stash`` (relative to the workspace) with the trace files
    lake writes beside each module (Lean 4.29's shape: source hash, outputs' hashes)."""
    packages = {root / ".lake/build/lib/lean": root, root / "helper/.lake/build/lib/lean": root / "helper",
                root / ".lake/packages/tools/.lake/build/lib/lean": root / ".lake/packages/tools"}
    for out, src_root in packages.items():
        for olean in out.rglob("*.olean"):
            module = ".".join(olean.relative_to(out).with_suffix("").parts)
            base = olean.with_suffix("")
            parts = {s: base.with_name(base.name + s).read_bytes() for s in (".olean", ".olean.server", ".olean.private")
                     if base.with_name(base.name + s).is_file()}
            rel = olean.relative_to(root).with_suffix("")
            target = stash / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            for s, data in parts.items():
                target.with_name(target.name + s).write_bytes(data)
            ilean = base.with_name(base.name + ".ilean")
            if ilean.is_file():
                shutil.copyfile(ilean, target.with_name(target.name + ".ilean"))
            source = src_root.joinpath(*module.split(".")).with_suffix(".lean")
            doc = {"synthetic": False, "schemaVersion": "2025-09-10", "depHash": "00000000000006bb", "log": [],
                   "outputs": {"o": [f"{lake_hash(d):016x}{s}" for s, d in parts.items()]},
                   "inputs": [["Lean 4.28.0-pre", "0000000000000001"],
                              [str(source), f"{text_hash(source.read_bytes()):016x}"]]}
            target.with_name(target.name + ".trace").write_text(json.dumps(doc))
    for out in packages:
        shutil.rmtree(out.parent.parent)  # the package's whole .lake/build


def test_native_lake_builds_and_its_outputs_are_judged_by_content(toolchain, tmp_path: Path, capsys,
                                                                    monkeypatch) -> None:
    """With a native toolchain that has lake, `lake build` builds and claimcheck reads `.lake/build`:
    here a fake lake that records its arguments and writes what lake writes (no native toolchain
    can be installed on this machine); the outputs it writes are claimcheck's own wasm build's."""
    root = _built_workspace(tmp_path, capsys)
    stash = tmp_path / "stash"
    _stash_as_lake_leaves_it(root, stash)
    bin_dir, prefix = tmp_path / "bin", tmp_path / "prefix"
    (prefix / "lib").mkdir(parents=True)
    (prefix / "lib" / "lean").symlink_to(toolchain.lib_dir)
    bin_dir.mkdir()
    repo_python = Path(__file__).resolve().parent.parent / "python"
    for name, text in (("lean", _FAKE_LEAN.format(prefix=prefix)),
                       ("lake", _FAKE_LAKE.format(python=sys.executable, python_path=str(repo_python)))):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "lake.log"
    monkeypatch.setenv("CLAIMCHECK_LEAN", str(bin_dir / "lean"))
    monkeypatch.setenv("FAKE_LAKE_LOG", str(log))
    monkeypatch.setenv("FAKE_LAKE_STASH", str(stash))
    # this fake lake is a Python program that logs outside the project: run unconfined (the lake's
    # confinement is test_sandbox.py's test_lake_runs_confined_like_the_build)
    monkeypatch.setenv("CLAIMCHECK_SANDBOX", "none")
    common = ["--root", str(root), "-q"]
    main(["check", *common, "--update-fingerprints"])
    capsys.readouterr()
    code, report = _json(["check", "--format", "json", *common], capsys)
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert {"cwd": str(root.resolve()), "args": ["build", "Paper", "+Main"]} in calls
    # the dependency's lakefile.lean was read by asking lake, not by claimcheck's subset
    assert any(c["args"][:2] == ["translate-config", "toml"] and c["cwd"].endswith(".lake/packages/tools")
               for c in calls)
    assert code == 1 and report["build"]["ok"], report["build"]
    assert report["toolchain"]["kind"] == "native"
    verdicts = {c["id"]: c["verdict"] for p in report["papers"] for c in p["claims"]}
    assert verdicts == {"honest": "holds", "on_sorry": "fails", "on_axiom": "fails", "dependency_only": "fails"}
    decls = {d["name"]: d for d in report["declarations"]}
    assert decls["Paper.double_axiom"]["axioms"] == ["Tools.magic"] and decls["main"]["status"] == "proved"
    # outputs lake built from another source are stale, by content: the source changed since ...
    basic = root / "Paper" / "Basic.lean"
    text = basic.read_text()
    basic.write_text(text + "\n-- edited\n")
    code = main(["status", "--no-build", *common])
    out = capsys.readouterr().out
    assert code == 1 and "its source changed since lake built it" in out, out
    # ... or a trace that records the present source beside an .olean it does not record
    basic.write_text(text)
    private = root / ".lake/build/lib/lean/Paper/Basic.olean.private"
    private.write_bytes(private.read_bytes() + b"\0")
    code = main(["status", "--no-build", *common])
    out = capsys.readouterr().out
    assert code == 1 and "Basic.olean.private is not the file lake's trace records" in out, out


def test_init_here_adds_a_manifest_on_one_of_the_projects_theorems(toolchain, tmp_path: Path, capsys) -> None:
    root = tmp_path / "paper"
    shutil.copytree(LAKE / "toml_workspace", root, ignore=shutil.ignore_patterns("manifests", "expected.yaml"))
    before = {p.relative_to(root) for p in root.rglob("*") if ".lake" not in p.parts}
    assert main(["init", "--here", "--root", str(root), "-q"]) == 0
    out = capsys.readouterr().out
    after = {p.relative_to(root) for p in root.rglob("*") if ".lake" not in p.parts and "build" not in p.parts}
    # the manifests folder, nothing that repeats the lakefile (no claimcheck.toml, no lean-toolchain)
    assert after - before == {Path("manifests"), Path("manifests/README.md"), Path("manifests/paper.yaml")}
    manifest = yaml.safe_load((root / "manifests/paper.yaml").read_text())
    (entry,) = manifest["claims"][0]["formal"]
    assert entry["decl"] == "Paper.double_comm" and entry["fingerprint"], out  # the proved one, reviewed
    assert main(["check", "--root", str(root), "-q"]) == 0, capsys.readouterr().out
    capsys.readouterr()
    assert main(["init", "--here", "--root", str(root), "-q"]) == 2  # never over an author's manifests
    assert "already holds manifests" in capsys.readouterr().err


def test_a_mangled_private_name_in_a_manifest_is_refused_with_the_name_to_write() -> None:
    from builders import claim, formal, manifest

    from claimcheck.claims.manifest import validate
    from claimcheck.errors import ManifestError

    m = manifest(claim(formal=[formal("_private.Paper.Secret.0.Paper.secret_add")]))
    with pytest.raises(ManifestError) as exc:
        validate([m], known_decls=None)
    text = str(exc.value)
    assert "private declaration `Paper.secret_add` of module Paper.Secret" in text
    assert "`decl: Paper.secret_add` (with `module: Paper.Secret`" in text


def test_private_names_print_as_written_and_read_back() -> None:
    from claimcheck.model.codec import decode, encode
    from claimcheck.model.facts import DeclFacts, DeclKind, Status
    from claimcheck.model.names import Name

    facts = DeclFacts(Name.parse("_private.Paper.Secret.0.Paper.secret_add"), "Paper.Secret", DeclKind.THEOREM,
                      Status.PROVED)
    data = encode(facts)
    assert data["name"] == "Paper.secret_add" and data["private"] is True
    assert facts.display_name == "Paper.secret_add (private)"
    assert decode(DeclFacts, data) == facts


def test_kernel_dependencies_setting_is_said_in_every_output(toolchain, tmp_path: Path, capsys) -> None:
    root = _built_workspace(tmp_path, capsys)
    common = ["--root", str(root), "-q", "--no-build"]
    (root / "claimcheck.toml").write_text('[kernel]\ndependencies = "trust"\n')
    code, status = _json(["status", "--json", *common], capsys)
    assert "their theorems are admitted as stated" in status["dependencies"]
    records = {r["name"]: r for r in status["declarations"]}
    assert records["Paper.double_comm"]["kernel"]["outcome"] == "checked"
    assert records["Paper.double_sorry"]["status"] == "sorry"  # statuses go through packages all the same
    for fmt in ("text", "github"):
        main(["check", "--format", fmt, *common])
        assert '`[kernel] dependencies = "trust"`' in capsys.readouterr().out, fmt
    import xml.etree.ElementTree as ET

    main(["check", "--format", "junit", *common])
    xml = ET.fromstring(capsys.readouterr().out)
    assert any('`[kernel] dependencies = "trust"`' in p.get("value", "") for p in xml.iter("property"))
    main(["check", "--format", "json", *common])
    settings = json.loads(capsys.readouterr().out)["settings"]
    assert settings["kernel_dependencies"] == "trust" and settings["dependencies"][0] == "helper (path helper)"


def test_the_lake_new_template_lakefile_lean_is_in_the_subset(tmp_path: Path) -> None:
    text = textwrap.dedent('''\
        import Lake
        open Lake DSL

        package "greeting" where
          version := v!"0.1.0"

        lean_lib «Greeting» where
          -- add library configuration options here

        lean_lib Extra where srcDir := "extra"

        @[default_target]
        lean_exe "greeting" where
          root := `Main
          supportInterpreter := true
        ''')
    cfg = parse_lean_subset(tmp_path / "lakefile.lean", text)
    assert cfg.name == "greeting"
    assert [(lib.name, lib.src_dir, lib.roots) for lib in cfg.libs] == [("Greeting", ".", ("Greeting",)),
                                                                         ("Extra", "extra", ("Extra",))]
    assert [(e.name, e.root, e.default) for e in cfg.exes] == [("greeting", "Main", True)]


def test_no_build_on_a_sibling_package_says_what_is_not_built_or_stale(toolchain, tmp_path: Path, capsys) -> None:
    """Outputs of a path package outside the workspace (``../numlib``) and of a git package, read
    with ``--no-build``: current after a build; one deleted, one source edited: exit 1, both named."""
    shutil.copytree(LAKE / "sibling_toml", tmp_path / "case")
    root = tmp_path / "case" / "paper"
    common = ["--root", str(root), "-q"]
    assert main(["build", *common, "-j1"]) == 0
    capsys.readouterr()
    assert main(["status", "--no-build", *common]) == 0, capsys.readouterr().out
    capsys.readouterr()
    (tmp_path / "case/numlib/.lake/build/lib/lean/NumLib/Square.olean").unlink()
    logic = root / ".lake/packages/logic/Logic/Basic.lean"
    logic.write_text(logic.read_text() + "\n-- edited\n")
    code = main(["status", "--no-build", *common])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "package numlib: NumLib.Square: not-built: no ../numlib/.lake/build/lib/lean/NumLib/Square.olean" in out
    assert "package logic: Logic.Basic: stale: .lake/packages/logic/.lake/build/lib/lean/Logic/Basic.olean" in out
    code, report = _json(["check", "--no-build", "--format", "json", *common], capsys)
    assert code == 1 and not report["build"]["ok"]
    states = {(m["package"], m["name"]): m["status"] for m in report["build"]["modules"]}
    assert states[("numlib", "NumLib.Square")] == "not-built" and states[("logic", "Logic.Basic")] == "stale"
    assert {c["verdict"] for p in report["papers"] for c in p["claims"]} == {"fails"}
