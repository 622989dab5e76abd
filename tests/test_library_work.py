"""An edit-check does no work proportional to the library (issue 41), counted, not timed.

A check after a proof-only edit of one module once read the headers of every library module the
project's scope holds (541 for a project importing ``Init``): to find a name, to tell a binder name
from a constant, to list the library's look-alike names and the names declared twice. The library's
catalog (:mod:`claimcheck.olean.catalog`, kept per toolchain by
:mod:`claimcheck.analysis.library`) answers those; a library module is read only when one of its
constants is. Each test counts the library modules a run reads (``Session.modules_read``, the
environment's counter), so a new rule of the printer or the lint that asks the library its questions
by reading it fails here, whatever the machine's speed:

* a no-op ``check`` and a no-op ``status`` read no module at all (every result is reused);
* a ``check`` after a proof edit of the fixture's leaf module reads only modules declaring a
  constant that the edited module's declarations reach (their axioms, the kernel's re-check), a
  small part of its scope, and marks no instance theorem of another module for its cross-check.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from claimcheck.analysis import cross_check
from claimcheck.analysis.library import library_index
from claimcheck.model.names import Name
from claimcheck.olean.reader import Environment
from claimcheck.pipeline.session import Options, Session
from claimcheck.progress import Progress
from claimcheck.project import Project

FIXTURE = Path(__file__).parent / "fixtures" / "perf" / "edit"
LEAF = Path("lean") / "Perf" / "Leaf.lean"
PROOF = "Nat.add_le_add (Nat.le_succ_of_le h) (Nat.le_succ_of_le h)"
#: Another proof of the same statement (another term: the kernel re-checks it, nothing is reused).
EDITED = "by exact Nat.add_le_add (Nat.le_step h) (Nat.le_step h)"
#: The most library modules the edit-check may read: what the edited proof reaches (6 when this was
#: written), never the scope (over 500).
EDIT_BOUND = 40


@pytest.fixture(scope="module")
def user_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("user-cache")


@pytest.fixture()
def cached(monkeypatch: pytest.MonkeyPatch, user_cache: Path) -> None:
    """Records are read (also when the suite runs under CI), from a user cache of this module's own."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(user_cache / "cache"))
    monkeypatch.setenv("CLAIMCHECK_CACHE_KEY_FILE", str(user_cache / "key" / "cache-key"))


@pytest.fixture(scope="module")
def project_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("edit") / "edit"
    shutil.copytree(FIXTURE, root)
    return root


def _check(root: Path) -> Session:
    session = Session(Project.load(root), Progress(quiet=True), Options(jobs=1))
    session.gate(session.manifests(companion=False))
    return session


def test_noop_check_and_status_read_no_module_and_an_edit_reads_what_it_needs(
        cached: None, project_root: Path, toolchain, monkeypatch: pytest.MonkeyPatch) -> None:
    marked: list[str] = []  # the module scope of each instance theorem marked for its cross-check
    mark = cross_check.marked_statement
    monkeypatch.setattr(cross_check, "marked_statement",
                        lambda statement, rules: marked.append(rules.scope.within) or mark(statement, rules))
    warm = _check(project_root)
    assert warm.build.ok, warm.build.summary()
    assert "Perf.Base" in marked, marked  # `Perf.twice_two` is an instance theorem, marked cold
    scope = len(warm.library.catalog.closure("Init"))  # the fixture's modules import `Init` alone
    assert scope > 300, f"the fixture's leaf sees {scope} library modules: too few to tell a scan from the need"

    noop = _check(project_root)
    assert noop.modules_read.library == 0 and noop.modules_read.project == 0, noop.modules_read

    status = Session(Project.load(project_root), Progress(quiet=True), Options(jobs=1))
    text, _missing = status.rendered_facts("text:False", lambda facts: f"{len(facts)} declarations\n")
    status = Session(Project.load(project_root), Progress(quiet=True), Options(jobs=1))
    again, _missing = status.rendered_facts("text:False", lambda facts: pytest.fail("a no-op status computed"))
    assert again == text and status.modules_read.library == 0 and status.modules_read.project == 0

    source = project_root / LEAF
    text = source.read_text(encoding="utf-8")
    assert PROOF in text
    source.write_text(text.replace(PROOF, EDITED, 1), encoding="utf-8")
    marked.clear()
    edited = _check(project_root)
    # the instance theorems of the modules the edit did not touch keep their marked statements
    assert "Perf.Base" not in marked, marked
    assert edited.build.modules["Perf.Leaf"].status == "built", "the edit rebuilt nothing"
    reads = edited.modules_read
    assert 0 < reads.library <= EDIT_BOUND, (
        f"the check after a proof edit read {reads.library} of the {scope} library modules in scope: "
        f"{reads.library_modules[:40]}")
    facts = {f.name: f for f in edited.facts}
    assert facts[Name.parse("Perf.twice_le_succ")].statement is not None  # the printer ran, on the index


def test_catalog_answers_as_the_modules_do(lib_dir_index, toolchain) -> None:
    """The catalog's imports, constants and kinds are those the reader finds in each module, and an
    environment with it resolves names as one without it, reading a fraction of the modules."""
    index = lib_dir_index
    catalog = index.catalog
    plain = Environment([toolchain.lib_dir])
    for module in ("Init.Prelude", "Init.Core", "Init.Data.Nat.Gcd", "Std.Data.HashMap.Basic"):
        mod = plain.load(module)
        assert catalog.imported(module) == tuple(m for m in mod.imported_modules if m in catalog)
        names = mod.constant_names()
        assert catalog.constant_count(module) == len(names)
        for n in names[:200]:
            assert module in catalog.declarers(n)
            assert catalog.kind(n, module) == mod.constant_kind(n)
    within = "Init.Data.Nat.Gcd"
    fast = Environment([toolchain.lib_dir], catalog=catalog)
    slow = Environment([toolchain.lib_dir])
    gcd = slow.load(within)
    wanted = sorted({c for n in gcd.constant_names()[:60] for c in gcd.get(n).type_constants()})
    wanted += [Name.parse("Nat.gcd"), Name.parse("n"), Name.parse("Std.HashMap"), Name.parse("True")]
    for n in wanted:
        got, expected = fast.resolve(n, within), slow.resolve(n, within)
        assert got == expected, n
        assert fast.declares(n, within) == (expected is not None)
    assert fast.reads.library < slow.reads.library / 4, (fast.reads, slow.reads)
    assert fast.find(Name.parse("Nat.gcd"), within).module == "Init.Data.Nat.Gcd"


@pytest.fixture(scope="module")
def lib_dir_index(toolchain):
    return library_index(toolchain.lib_dir)


def test_index_names_the_real_axioms_and_the_library(lib_dir_index) -> None:
    index = lib_dir_index
    N = Name.parse
    assert index.axioms[N("propext")].module == "Init.Core"
    assert index.axioms[N("Classical.choice")].module == "Init.Prelude"
    assert index.axioms[N("Quot.sound")].module == "Init.Core"
    fp = index.axioms[N("propext")].fingerprint
    assert index.is_library_axiom(N("propext"), "Init.Core", fp)
    assert not index.is_library_axiom(N("propext"), "Pr.Bad", fp)  # same name, another module
    assert not index.is_library_axiom(N("propext"), "Init.Core", "0" * 16)  # same name, another type
    assert index.is_library_module("Std.Data") and index.is_library_module("Init.Prelude")
    assert index.declares(N("Nat.add_comm")) and not index.declares(N("Pr.bad"))
    assert N("Nat.add_comm") in index.declared and N("Pr.bad") not in index.declared
    # look-alikes, from the index's skeletons: a Latin small script g (U+0261), a Cyrillic a (U+0430)
    assert index.lookalikes(N("Nat.«\u0261cd»")) == [N("Nat.gcd")]
    assert index.lookalikes(Name.of("N\u0430t")) == [N("Nat")]
    assert index.lookalikes(N("Nat")) == [] and index.lookalikes(N("Pr.bad")) == []


def _small_library(toolchain, target: Path) -> Path:
    """A library folder of two real modules (quick to index)."""
    for rel in ("Init/Prelude.olean", "Init/Coe.olean"):
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(toolchain.lib_dir / rel, target / rel)
    return target


def test_index_is_kept_by_the_library_content(cached: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              toolchain) -> None:
    """Computed once per library content; a copy elsewhere, or a file rewritten with the same bytes,
    reuses it; other bytes, a record that does not verify or ``reads=False`` compute it again."""
    from claimcheck.analysis import library as L

    computed: list[Path] = []
    real = L.compute_index

    def counting(folder, progress=None):
        computed.append(folder)
        return real(folder, progress)

    monkeypatch.setattr(L, "compute_index", counting)
    monkeypatch.setenv("CLAIMCHECK_CACHE_DIR", str(tmp_path / "cache"))
    lib = _small_library(toolchain, tmp_path / "a")
    first = L.library_index(lib)
    assert len(computed) == 1 and first.catalog.modules == ("Init.Coe", "Init.Prelude")
    assert first.axioms[Name.parse("Classical.choice")].module == "Init.Prelude"
    again = L.library_index(lib)
    assert len(computed) == 1 and again.catalog.table == first.catalog.table
    copy = _small_library(toolchain, tmp_path / "b")
    assert L.library_index(copy).folder == copy.resolve() and len(computed) == 1
    coe = copy / "Init" / "Coe.olean"
    coe.write_bytes(coe.read_bytes())  # new stat data, the same bytes
    L.library_index(copy)
    assert len(computed) == 1
    L.library_index(lib, reads=False)
    assert len(computed) == 2
    coe.unlink()  # other content
    assert L.library_index(copy).catalog.modules == ("Init.Prelude",) and len(computed) == 3
    # a record edited by hand does not verify: computed again, never trusted
    from claimcheck.cache import cache_home

    for record in (cache_home() / L.NAMESPACE).rglob("*.json"):
        record.write_text(record.read_text(encoding="utf-8").replace("Init.Prelude", "Init.Prelud"), encoding="utf-8")
    assert L.library_index(copy).catalog.modules == ("Init.Prelude",) and len(computed) == 4
