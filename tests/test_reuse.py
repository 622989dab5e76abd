"""What a no-op run reuses, and that any change of what it was computed from is a miss (issue 41).

* The gate's result, rendered, is reused whole under a key of everything the gate reads
  (:meth:`claimcheck.pipeline.keys.Keys.gate`, :mod:`claimcheck.pipeline.gate_inputs`): each kind of
  input, changed, gives another key (here, without Lean; the whole run in ``test_library_work.py``).
* The build's current-outputs check hashes a file's content only when its status changed
  (:class:`claimcheck.lean.hashes.KnownHashes`): a file rewritten with its size and modification
  time restored (``os.utime``) is hashed again (its ctime moved), an unchanged one is not read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import pytest

from claimcheck.lean import hashes as hashes_module
from claimcheck.lean.build import BuildReport, Message, ModuleResult
from claimcheck.lean.hashes import KnownHashes
from claimcheck.model.build_state import ModuleState
from claimcheck.pipeline.gate_inputs import gate_inputs
from claimcheck.pipeline.keys import Keys
from claimcheck.pipeline.options import Options
from claimcheck.project import Project

FIXTURE = Path(__file__).parent / "fixtures" / "perf" / "edit"


@pytest.fixture()
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("CLAIMCHECK_CACHE_KEY_FILE", str(tmp_path / "key" / "cache-key"))


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURE, root)
    (root / "sources").mkdir()
    (root / "sources" / "toy.txt").write_text("Twice a number is at most twice its successor.\n", encoding="utf-8")
    return root


def _inputs(root: Path) -> tuple[str, str]:
    project = Project.load(root).with_sources(root / "sources")
    got = gate_inputs(project, project.tracked_build_files())
    return got.manifests, got.rest


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


#: Each kind of file the gate reads, changed: (what, the change, which digest must move)
CHANGES = [
    ("a manifest's bytes", lambda r: _append(r / "manifests" / "perf.yaml", "# a comment\n"), "manifests"),
    ("a manifest added", lambda r: (r / "manifests" / "more.yaml").write_text("id: more\n"), "manifests"),
    ("a manifest made a link", lambda r: _link(r / "manifests" / "perf.yaml", r / "elsewhere.yaml"), "manifests"),
    ("a cited source text", lambda r: _append(r / "sources" / "toy.txt", "More.\n"), "manifests"),
    ("formalization.yaml added", lambda r: (r / "formalization.yaml").write_text("name: x\n"), "rest"),
    ("claimcheck.toml", lambda r: _append(r / "claimcheck.toml", "# a comment\n"), "rest"),
    ("a setting", lambda r: _append(r / "claimcheck.toml", "[kernel]\nfuel = 1000\n"), "rest"),
    ("a Lean file added", lambda r: (r / "lean" / "Perf" / "Other.lean").write_text("def x := 1\n"), "rest"),
    ("a Lean file rewritten", lambda r: _append(r / "lean" / "Perf" / "Leaf.lean", "\n"), "rest"),
    ("a build file tracked by git", lambda r: _track_build(r), "rest"),
]


def _link(path: Path, target: Path) -> None:
    shutil.move(path, target)
    path.symlink_to(target)


def _track_build(root: Path) -> None:
    (root / "build").mkdir()
    (root / "build" / "x.olean").write_bytes(b"x")
    _git(root, "add", "-f", "build/x.olean")


@pytest.mark.parametrize("what,change,part", CHANGES, ids=[c[0] for c in CHANGES])
def test_every_file_the_gate_reads_is_in_its_key(root: Path, what: str, change, part: str) -> None:
    _git(root, "init", "-q")
    before = _inputs(root)
    assert _inputs(root) == before, "the key is not the same for the same files"
    change(root)
    after = _inputs(root)
    moved = {"manifests": before[0] != after[0], "rest": before[1] != after[1]}
    assert moved[part], f"{what}: changed, and the gate's key did not"


def _report(state: ModuleState = ModuleState.UP_TO_DATE, error: str = "", digest: str = "d1") -> BuildReport:
    messages = [Message("error", "lean/Perf/Leaf.lean", 1, 1, error)] if error else []
    modules = {"Perf.Base": ModuleResult("Perf.Base", Path("lean/Perf/Base.lean"), ModuleState.UP_TO_DATE),
               "Perf.Leaf": ModuleResult("Perf.Leaf", Path("lean/Perf/Leaf.lean"), state, messages)}
    digests = {"Perf.Base": "d0", **({"Perf.Leaf": digest} if state is ModuleState.UP_TO_DATE else {})}
    return BuildReport(modules, 0.0, digests, {"Perf.Base": (), "Perf.Leaf": ("Perf.Base",)})


def test_the_gate_key_moves_with_every_other_input(root: Path) -> None:
    """The facts (a module's outputs), a module's state and error, the options, the companion, the
    toolchain, the format: each changed, another key."""
    project = Project.load(root)

    def key(report: BuildReport | None = None, options: Options | None = None, fmt: str = "text",
            companion: str = "c", toolchain: str = "wasm\0v4", manifests: str = "m", rest: str = "r") -> str:
        return Keys(project, "toolchain-identity", report or _report(), options or Options()).gate(
            fmt, manifests, rest, companion, toolchain)

    base = key()
    assert key() == base
    others = {
        "a module's outputs": key(report=_report(digest="d2")),
        "a module failed": key(report=_report(ModuleState.FAILED, "unknown identifier")),
        "another error": key(report=_report(ModuleState.FAILED, "type mismatch")),
        "a stale module": key(report=_report(ModuleState.STALE)),
        "the kernel off": key(options=Options(kernel=False)),
        "unsandboxed companion": key(options=Options(unsandboxed_companion=True)),
        "the format": key(fmt="github"),
        "the companion": key(companion="c2"),
        "the toolchain": key(toolchain="wasm\0v5"),
        "the manifests": key(manifests="m2"),
        "the other files": key(rest="r2"),
    }
    assert base not in others.values()
    same = [a for a, k in others.items() if list(others.values()).count(k) > 1]
    assert not same, f"these changes gave the same key: {same}"
    assert key(report=replace(_report(), seconds=5.0)) == base  # how long the build took is no input


def test_a_hash_is_reused_only_for_the_same_status(tmp_path: Path, own_cache: None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "build" / "lib"
    out.mkdir(parents=True)
    olean = out / "A.olean"
    olean.write_bytes(b"original content")
    monkeypatch.setattr(hashes_module, "SETTLED_NS", 0)  # the file counts as settled at once
    first = KnownHashes(out)
    original = first.hash(olean)
    first.save()

    reads: list[str] = []
    real_open = open

    def counting_open(path, *args, **kwargs):
        reads.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", counting_open)
    again = KnownHashes(out)
    assert again.hash(olean) == original and reads == [], "an unchanged file was read again"

    # rewritten by hand, the same size, its modification time put back: hashed again
    st = olean.stat()
    time.sleep(0.05)  # past the clock tick of the first write (the ctime moves)
    with real_open(olean, "r+b") as f:
        f.write(b"tampered")
    os.utime(olean, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (olean.stat().st_size, olean.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    assert KnownHashes(out).hash(olean) != original
    assert reads == [str(olean)]


def test_a_hash_of_a_file_written_just_now_is_not_remembered(tmp_path: Path, own_cache: None) -> None:
    """A file whose ctime is within the timestamp granularity of its reading could be written again
    under the same status: its hash is computed, not remembered."""
    olean = tmp_path / "A.olean"
    olean.write_bytes(b"fresh")
    known = KnownHashes(tmp_path)
    known.hash(olean)
    known.save()
    assert KnownHashes(tmp_path)._record() == {}


def test_a_forged_record_is_not_read(tmp_path: Path, own_cache: None, monkeypatch: pytest.MonkeyPatch) -> None:
    olean = tmp_path / "A.olean"
    olean.write_bytes(b"real")
    monkeypatch.setattr(hashes_module, "SETTLED_NS", 0)
    known = KnownHashes(tmp_path)
    real = known.hash(olean)
    known.save()
    path = known.store.record_path(known.key)
    path.write_text(path.read_text().replace(real, "0" * 64), encoding="utf-8")
    assert KnownHashes(tmp_path).hash(olean) == real


def test_a_noop_check_runs_no_gate_and_every_changed_input_runs_it(root: Path, own_cache: None,
                                                                    monkeypatch: pytest.MonkeyPatch, toolchain) -> None:
    """The whole run on the fixture: a second ``check`` reuses the rendered gate (no manifest parsed,
    no module read, the gate not run); a manifest, ``formalization.yaml``, ``claimcheck.toml`` or a
    Lean file changed runs it again."""
    from claimcheck.claims import manifest
    from claimcheck.pipeline.session import Session
    from claimcheck.progress import Progress
    from claimcheck.report.registry import render

    runs: list[str] = []

    def check(why: str) -> tuple[str, bool]:
        session = Session(Project.load(root), Progress(quiet=True), Options(jobs=1))

        def rendered(result) -> str:
            runs.append(why)
            return render("text", result, root)

        got = session.rendered_gate("text", rendered)
        assert session.modules_read.project == 0 or why != "noop"
        return got

    check("cold")  # the build says `built`: the next run's summary says `up-to-date`, another text
    first = check("warm")
    assert runs == ["cold", "warm"]
    loads = manifest.load_manifests
    monkeypatch.setattr(manifest, "load_manifests", lambda *a, **k: pytest.fail("a no-op check parsed the manifests"))
    assert check("noop") == first and runs == ["cold", "warm"]
    monkeypatch.setattr(manifest, "load_manifests", loads)
    for why, change in [
        ("manifest", lambda: _append(root / "manifests" / "perf.yaml", "# reviewed\n")),
        ("formalization.yaml", lambda: shutil.copy(root / "manifests" / "perf.yaml", root / "formalization.yaml")),
        ("claimcheck.toml", lambda: _append(root / "claimcheck.toml", "# a comment\n")),
        ("lean file", lambda: os.utime(root / "lean" / "Perf" / "Leaf.lean")),
    ]:
        change()
        text, ok = check(why)
        assert runs[-1] == why, f"{why} changed, and the gate's result was reused"
        if why == "manifest":  # a comment: the same verdicts (formalization.yaml's findings stay after)
            assert (text, ok) == first
        assert check("noop") == (text, ok) and runs[-1] == why


#: What a no-op `status` must not import: it reads one reused record (issue 41). Each of these is the
#: work of a run that computes facts (the evidence model, the analyses, the ``.olean`` reader, the
#: kernel, the renderers): loaded, they would say the reuse was bypassed or the imports crept back.
NOT_FOR_A_NOOP_STATUS = ("claimcheck.model.evidence", "claimcheck.analysis.", "claimcheck.olean.reader",
                         "claimcheck.kernel.", "claimcheck.recheck.", "claimcheck.report.text",
                         "claimcheck.pipeline.companion_runs")


def test_a_noop_status_imports_only_what_reading_its_record_needs(root: Path, own_cache: None, toolchain) -> None:
    """A ``status`` with nothing changed, in a fresh interpreter, loads none of the modules that
    compute facts or render them (counted, not timed: the goal is a tenth of a Lean start)."""
    import json
    import sys

    probe = ("import json, sys; from claimcheck.cli import main; code = main(['status', '-q', '--root', sys.argv[1]]);"
             " print(json.dumps([code, sorted(m for m in sys.modules if m.startswith('claimcheck'))]))")

    def status() -> tuple[int, list[str]]:
        done = subprocess.run([sys.executable, "-c", probe, str(root)], capture_output=True, text=True, check=True)
        code, modules = json.loads(done.stdout.splitlines()[-1])
        return code, modules

    cold_code, cold = status()  # builds, reads the facts
    assert cold_code == 0 and "claimcheck.olean.reader" in cold
    status()  # up to date: the facts are reused, the text (which says `up-to-date`) made again
    code, noop = status()
    assert code == 0
    assert [m for m in noop if m.startswith(NOT_FOR_A_NOOP_STATUS)] == []
