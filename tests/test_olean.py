"""Unit tests of the .olean reader, the axiom closure and the pretty-printer on the shipped core
library (no Lean run)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from claimcheck.olean.reader import (
    App,
    BVar,
    Const,
    ConstantInfo,
    Environment,
    ForallE,
    Lam,
    Level,
    Lit,
    MData,
    Module,
    OleanError,
    read_header,
)
from claimcheck.analysis.pretty import env_binder_infos, literal_value, pretty, statement
from claimcheck.analysis.axioms import AxiomCollector, classify
from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.analysis.naming import user_facing
from claimcheck.model.names import Name


def N(text: str) -> Name:
    return Name.parse(text)


def _c(name: str, levels=()) -> Const:
    return Const(N(name), tuple(levels))


@pytest.fixture(scope="session")
def core(toolchain) -> Path:
    """The toolchain's core library (installed on first use; never a silent skip)."""
    lib = toolchain.lib_dir
    assert (lib / "Init" / "Prelude.olean").is_file(), f"no Init/Prelude.olean under {lib}"
    return lib


@pytest.fixture(scope="module")
def env(core: Path) -> Environment:
    e = Environment([core])
    e.load("Init")
    return e


@pytest.mark.lean
def test_header_of_prelude(core: Path) -> None:
    path = core / "Init" / "Prelude.olean"
    h = read_header(path, path.read_bytes())
    assert h.version == 2
    assert h.lean_version.startswith("4.")
    assert len(h.githash) == 40 and all(c in "0123456789abcdef" for c in h.githash)
    assert h.ptr_size in (4, 8)
    assert h.base_addr <= h.root < h.base_addr + h.size


@pytest.mark.lean
def test_known_core_facts(core: Path, env: Environment) -> None:
    add = env.find(N("Nat.add"))
    assert add is not None and add.kind == "definition" and add.has_value
    assert add.module == "Init.Prelude"
    for ax in ("propext", "Quot.sound", "Classical.choice", "sorryAx", "Lean.ofReduceBool"):
        ci = env.find(N(ax))
        assert ci is not None and ci.kind == "axiom" and not ci.has_value, ax
    # a core theorem: shipped at the exported level, i.e. as a value-less axiom entry
    le_refl = env.find(N("Nat.le_refl"))
    assert le_refl is not None and le_refl.kind in ("theorem", "axiom")
    nat = env.find(N("Nat"))
    assert nat is not None and nat.kind == "inductive" and nat.ctors == (N("Nat.zero"), N("Nat.succ"))
    succ = env.find(N("Nat.succ"))
    assert succ is not None and succ.kind == "constructor" and succ.induct == N("Nat")
    rec = env.find(N("Nat.rec"))
    assert rec is not None and rec.kind == "recursor" and len(rec.rule_addrs) == 2
    assert env.find(N("Quot.lift")).kind == "quotient"  # type: ignore[union-attr]
    assert env.find(N("definitely.not.a.constant")) is None


@pytest.mark.lean
def test_lazy_loading_follows_imports_only_as_needed(core: Path) -> None:
    env = Environment([core])
    env.load("Init.Core")
    assert env.find(N("propext")) is not None
    assert len(env.modules) < 10  # Init.Core and a few of its imports, not the whole library
    core = env.modules["Init.Core"]
    assert any(i.module == "Init.Prelude" or i.module.startswith("Init.") for i in core.imports)


@pytest.mark.lean
def test_big_literal_and_types(core: Path, env: Environment) -> None:
    size = env.find(N("UInt64.size"))
    assert size is not None and literal_value(size.value) == 2**64  # stored as a bignum
    comm = env.find(N("Nat.add_comm"))
    assert comm is not None
    assert pretty(comm.type, env_binder_infos(env)) == "∀ (n : Nat) (m : Nat), n + m = m + n"
    assert statement(env, N("Nat.add_comm")) == "∀ (n : Nat) (m : Nat), n + m = m + n"
    assert statement(env, N("no.such.constant")) is None
    le_trans = env.find(N("Nat.le_trans"))
    assert pretty(le_trans.type) == "∀ {n : Nat} {m : Nat} {k : Nat}, n ≤ m → m ≤ k → n ≤ k"  # type: ignore[union-attr]


@pytest.mark.lean
def test_sweep_of_some_core_files_decodes_everything(core: Path) -> None:
    files = sorted((core / "Init" / "Data" / "Nat").glob("*.olean"))[:6]
    assert files
    count = 0
    for path in files:
        mod = Module.load(path.stem, path)
        for ci in mod.constants():
            ci.type
            ci.value
            count += 1
    assert count > 100


@pytest.mark.lean
def test_core_closure_stops_at_the_boundary(core: Path, env: Environment) -> None:
    coll = AxiomCollector(env, [core])

    def key(name: str) -> tuple[str, Name]:
        ci = env.find(N(name))
        assert ci is not None, name
        return ci.module, ci.name

    axioms, boundary = coll.closure(key("Nat.add_comm"))
    assert axioms == frozenset() and N("Nat.add_comm") in boundary
    axioms, _ = coll.closure(key("Classical.choice"))
    assert axioms == {N("Classical.choice")}
    axioms, _ = coll.closure(key("Nat.add"))  # a definition with a value: followed, no axiom
    assert axioms == frozenset()

    def names(*texts: str) -> set[Name]:
        return {N(t) for t in texts}

    assert classify(names("propext", "sorryAx"), frozenset(names("propext"))) == "sorry"
    assert classify(names("Lean.ofReduceBool"), frozenset()) == "native"
    assert classify(names("foo._native.native_decide.ax_1_1"), frozenset()) == "native"
    assert classify(names("Quot.sound", "myAx"), frozenset(names("Quot.sound"))) == "axiom"
    assert classify(names("Quot.sound"), frozenset(names("Quot.sound"))) == "proved"


# ---------------------------------------------------------------------------------- bad files


def _copy(core: Path, tmp_path: Path, name: str = "Init/Prelude.olean") -> tuple[Path, bytes]:
    data = (core / name).read_bytes()
    out = tmp_path / "Bad.olean"
    return out, data


@pytest.mark.lean
def test_truncated_file_names_the_file(core: Path, tmp_path: Path) -> None:
    out, data = _copy(core, tmp_path)
    out.write_bytes(data[: len(data) // 2])
    with pytest.raises(OleanError, match="Bad.olean"):
        Module.load("Bad", out)
    out.write_bytes(data[:40])
    with pytest.raises(OleanError, match="Bad.olean"):
        Module.load("Bad", out)


@pytest.mark.lean
def test_unknown_version_byte_is_refused(core: Path, tmp_path: Path) -> None:
    out, data = _copy(core, tmp_path)
    out.write_bytes(data[:5] + bytes([7]) + data[6:])
    with pytest.raises(OleanError, match=r"Bad\.olean.*version 7"):
        Module.load("Bad", out)


@pytest.mark.lean
def test_a_core_file_of_an_unknown_layout_is_refused(core: Path, tmp_path: Path) -> None:
    """The layout is read from the file (not from a list of versions): a root object of a size no
    Lean writes is refused, naming the file, its Lean version and the size."""
    out, data = _copy(core, tmp_path)
    h = read_header(out, data)
    root = h.root - h.base_addr
    patched = bytearray(data)
    patched[root + 4 : root + 6] = (8 + 5 * h.ptr_size + 3 * h.ptr_size).to_bytes(2, "little")
    out.write_bytes(bytes(patched))
    with pytest.raises(OleanError, match=rf"Bad\.olean.*{h.lean_version}.*root ModuleData object has"):
        Module.load("Bad", out)


@pytest.mark.lean
def test_bad_magic_and_corrupted_objects(core: Path, tmp_path: Path) -> None:
    out, data = _copy(core, tmp_path)
    out.write_bytes(b"xlean" + data[5:])
    with pytest.raises(OleanError, match="Bad.olean"):
        Module.load("Bad", out)
    # scramble the object area: decoding must fail loudly, not return garbage
    h = read_header(out, data)
    start = 0x50 + 2 * h.ptr_size
    scrambled = bytearray(data)
    for i in range(start, len(data) - 64, 8):
        scrambled[i + 7] = 0x7F  # tag byte of every 8-byte slot: no valid object has it
    out.write_bytes(bytes(scrambled))
    with pytest.raises(OleanError, match="Bad.olean"):
        mod = Module.load("Bad", out)
        for ci in mod.constants():
            ci.type


# ---------------------------------------------------------------------------------- pure helpers


def _nat(n: int) -> App:
    return App(App(App(_c("OfNat.ofNat", (Level("zero"),)), _c("Rat")), Lit(n)), _c("inst"))


def _bin(op: str, a, b) -> App:
    e = _c(op)
    for x in (_c("Rat"), _c("Rat"), _c("Rat"), _c("inst"), a, b):
        e = App(e, x)
    return e


def test_literal_value() -> None:
    assert literal_value(_nat(3)) == 3
    assert literal_value(_bin("HDiv.hDiv", _nat(3), _nat(4))) == Fraction(3, 4)
    neg = App(App(App(_c("Neg.neg"), _c("Rat")), _c("inst")), _bin("HDiv.hDiv", _nat(1), _nat(2)))
    assert literal_value(MData(neg)) == Fraction(-1, 2)
    sci = App(App(App(_c("Rat.ofScientific"), Lit(125)), _c("Bool.true")), Lit(2))
    assert literal_value(sci) == Fraction(5, 4)
    assert literal_value(_bin("HDiv.hDiv", _nat(1), _nat(0))) == 0  # Lean: x / 0 = 0 on Rat
    assert literal_value(_c("x")) is None
    # numerals of a type other than Nat show their type (issue 24), once for the whole arithmetic
    assert pretty(_bin("HDiv.hDiv", _nat(3), _bin("HAdd.hAdd", _nat(1), _nat(4)))) == "(3 / (1 + 4) : Rat)"


def _ci(ty, level_params=()) -> ConstantInfo:
    return ConstantInfo("theorem", N("t"), tuple(N(p) for p in level_params), "M", 0, None, _type=ty)


def test_fingerprint_ignores_names_binder_info_and_mdata() -> None:
    nat = _c("Nat")
    eq = lambda a, b: App(App(App(_c("Eq", (Level("succ", (Level("zero"),)),)), nat), a), b)  # noqa: E731
    t1 = ForallE(N("a"), nat, eq(BVar(0), BVar(0)), 0)
    t2 = ForallE(N("b"), nat, MData(eq(BVar(0), BVar(0))), 1)
    t3 = ForallE(N("a"), nat, eq(BVar(0), _nat(0)), 0)
    assert fingerprint(_ci(t1)) == fingerprint(_ci(t2))
    assert fingerprint(_ci(t1)) != fingerprint(_ci(t3))
    assert len(fingerprint(_ci(t1))) == 16
    # universe parameters count by position, not by name
    s_u = ForallE(N("x"), App(_c("Sort"), _c("u")), BVar(0), 0)
    lam_u = Lam(N("x"), nat, BVar(0), 0)
    assert fingerprint(_ci(lam_u, ["u"])) == fingerprint(_ci(lam_u, ["v"]))
    assert fingerprint(_ci(s_u)) != fingerprint(_ci(lam_u))


def test_user_facing_rule() -> None:
    # a private declaration is listed by its user-facing name (a `private theorem … := sorry` is
    # never hidden); its compiler-generated auxiliaries are not
    for name in ("foo", "Pt.mk", "Pt.x", "MLTheory.simplex_equidistant", "instDecidableEqPt", "_private.A.0.foo"):
        assert user_facing(N(name)), name
    for name in (
        "_private.A.0.foo._proof_1", "_private.A.0.foo.match_1", "foo._proof_1", "foo.match_1", "foo.proof_2", "foo.eq_1", "foo.eq_def",
        "Pt.rec", "Pt.casesOn", "Pt.noConfusion", "Pt.mk.injEq", "foo._unfold", "foo._sunfold",
        "Pt.below", "foo._nativeDecide_1_1",
    ):
        assert not user_facing(N(name)), name
