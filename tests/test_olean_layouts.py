"""The ``.olean`` reader on every object layout Lean 4.18 and later writes, with no Lean: modules
written by ``tests/olean_writer.py`` from the project's table of releases (``RELEASES``), and
files that differ from every known layout, truncated or corrupted, which must be refused with an
``OleanError`` naming the file and never with another exception."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from claimcheck.errors import OleanError, ToolchainError, VersionMismatchError
from claimcheck.analysis.fingerprints import fingerprint
from claimcheck.kernel import expr as KE
from claimcheck.lean.interface import interface_digest
from claimcheck.model.names import Name
from claimcheck.olean import reader as R
from claimcheck.olean.digest import expr_digest
from claimcheck.olean.layout import LAYOUTS
from claimcheck.recheck.front_end import Converter
from olean_writer import RELEASES, Decl, ModuleSpec, OleanWriter, Release, release, save, write_module


def N(text: str) -> Name:
    return Name.parse(text)


def C(name: str, *levels: R.Level) -> R.Const:
    return R.Const(N(name), tuple(levels))


def app(f: R.Expr, *args: R.Expr) -> R.Expr:
    for a in args:
        f = R.App(f, a)
    return f


NAT = C("Nat")
ONE = R.Level("succ", (R.Level("zero"),))
#: big numbers: 2^63 is the first that is not a boxed scalar on 64-bit; 3^100 needs three limbs
BIG = (2**63, 2**64, 2**64 - 1, 3**100)


def _decls() -> tuple[list[Decl], list[Decl]]:
    """(exported, private) constants of a ``lake new``-like module with big literals."""
    refl = R.ForallE(N("n"), NAT, app(C("Eq", ONE), NAT, R.BVar(0), R.BVar(0)), 1)
    proof = R.Lam(N("n"), NAT, app(C("Eq.refl", ONE), NAT, R.BVar(0)), 1)
    exported = [
        Decl("definition", "main", app(C("IO"), C("Unit")), app(C("IO.println"), R.Lit("Hello, world!"))),
        Decl("axiom", "myAx", R.Sort(R.Level("zero"))),
        Decl("definition", "fast", NAT, R.Lit(1), unsafe=True),
        Decl("opaque", "op", NAT, R.Lit(5)),
        Decl("theorem", "refl_nat", refl, proof),
    ]
    exported += [Decl("definition", f"big{i}", NAT, R.Lit(n)) for i, n in enumerate(BIG)]
    private = [Decl("theorem", "refl_nat", refl, proof)]
    return exported, private


def _spec(rel: Release) -> ModuleSpec:
    exported, private = _decls()
    if rel.is_module_flag:
        return ModuleSpec(["Init"], exported, private)
    return ModuleSpec(["Init"], exported, None, is_module=False)


def _write(tmp: Path, rel: Release, module: str = "Demo", spec: ModuleSpec | None = None) -> Path:
    return save(tmp, module, write_module(rel, spec or _spec(rel)))


def _decode_all(mod: R.Module) -> int:
    n = 0
    for ci in mod.constants():
        ci.type
        ci.value
        ci.type_constants()
        ci.value_constants()
        n += 1
    return n


@pytest.mark.parametrize("rel", RELEASES, ids=lambda r: r.version)
def test_every_release_layout_decodes(rel: Release, tmp_path: Path) -> None:
    olean = _write(tmp_path, rel)
    mod = R.Module.load("Demo", olean, require_parts=True)
    assert mod.layout.name == rel.layout and mod.layout in LAYOUTS
    assert mod.header.lean_version == rel.version
    assert mod.header.gmp == rel.gmp and mod.header.ptr_size == rel.ptr
    assert mod.is_module == rel.is_module_flag
    # imports: `Init` once as a module; from 4.30.0-rc2 also the implicit `meta import Init`
    assert mod.imported_modules == ("Init",)
    assert [(i.module, i.is_meta) for i in mod.imports] == [("Init", False)] + ([("Init", True)] if rel.implicit_meta_init else [])
    assert all(i.is_exported and not i.import_all and not i.runtime_only for i in mod.imports)
    exported, _private = _decls()
    by_name = {str(ci.name): ci for ci in mod.constants()}
    assert set(by_name) == {d.name for d in exported}
    for d in exported:
        ci = by_name[d.name]
        assert ci.kind == d.kind, d.name  # the theorem from the private part, not the exported axiom
        assert expr_digest(ci.type, ()) == expr_digest(d.type, ())
        if d.value is not None:
            assert expr_digest(ci.value, ()) == expr_digest(d.value, ())
        assert ci.is_unsafe == d.unsafe
    # big numbers in the release's layout (GMP in native files), read as the numbers they are ...
    for i, n in enumerate(BIG):
        value = by_name[f"big{i}"].value
        assert isinstance(value, R.Lit) and value.value == n
        # ... and handed to the kernel as they are
        k = Converter().expr(value)
        assert k.kind == KE.LIT and k.a == n
    assert by_name["refl_nat"].type.binder_info == 1
    assert _decode_all(mod) == len(exported)
    # the build's digest of what the module offers importers reads every layout too
    assert len(interface_digest(olean, "Demo")) == 64
    if rel.is_module_flag:
        assert interface_digest(olean, "Demo", "private") != interface_digest(olean, "Demo")


#: ``instance`` attributes as a native module exports them: the default priority, a low one
#: (``instance (priority := low)``, 100), a high one, one past a boxed scalar's range on 32-bit
#: (2^31, a priority Lean accepts as a ``Nat``), and a ``scoped`` one.
INSTANCES = [("Demo.instDefault", 1000, None), ("Demo.instLow", 100, None), ("Demo.instHigh", 2000, None),
             ("Demo.instHuge", 2**31, None), ("Demo.instScoped", 500, "Demo.Ns")]


@pytest.mark.parametrize("rel", RELEASES, ids=lambda r: r.version)
def test_instance_attributes_and_priorities_decode_on_every_release(rel: Release, tmp_path: Path) -> None:
    """The ``instanceExtension`` and ``reducibilityCore`` entries, in the layout measured on native
    files of Lean 4.18.0, 4.24.0, 4.27.0-rc1 and 4.29.1 (``ZkLean/AST.olean``, a lakefile's
    ``lakefile.olean``, ``PropLogicDSL/Prop.olean`` of public repositories: the scoped-extension
    wrapper of one field around a five-field ``InstanceEntry`` with its ``attrKind`` byte, a
    reducibility entry of two fields), read back with their priorities and scopes on every release."""
    exported, _private = _decls()
    spec = ModuleSpec(exported=exported, instances=INSTANCES, reducible=["Demo.instDefault", "refl_nat"])
    olean = save(tmp_path, "Demo", write_module(rel, spec))
    attrs = R.Module.load("Demo", olean).attributes()
    assert [(str(i.name), i.priority, None if i.scoped is None else str(i.scoped)) for i in attrs.instances] == INSTANCES
    assert [str(n) for n in attrs.reducible] == ["Demo.instDefault", "refl_nat"]


def test_instance_entries_of_another_shape_are_refused(tmp_path: Path) -> None:
    """An instance entry whose wrapper has another tag is an ``OleanError`` naming the file."""
    rel = release("4.29.1")
    w = OleanWriter(rel)
    entry = w.ctor(0, [w.array([]), w.expr(C("Demo.inst")), w.nat(1000), w.box(0), w.array([])], bytes([0]))
    bad = w.ctor(2, [entry])  # neither `global e` nor `scoped ns e`
    ext = w.ctor(0, [w.name("Lean.Meta.instanceExtension"), w.array([bad])])
    root = w.module_data(w.array([w.import_("Init")]), [], True, None, w.array([ext]))
    olean = save(tmp_path, "Demo", {"olean": w.finish([root])[0]})
    with pytest.raises(OleanError, match="Demo"):
        R.Module.load("Demo", olean).attributes()


def test_fingerprints_do_not_depend_on_the_layout(tmp_path: Path) -> None:
    """One declaration written by every release has one statement fingerprint (big numbers included)."""
    prints = set()
    for rel in RELEASES:
        folder = tmp_path / rel.version
        mod = R.Module.load("Demo", _write(folder, rel))
        prints.add(tuple(fingerprint(mod.get(N(f"big{i}"))) for i in range(len(BIG))))
    assert len(prints) == 1


# ------------------------------------------------------------------------------ unknown layouts


def _refused(path: Path, *needles: str) -> str:
    with pytest.raises(OleanError) as info:
        mod = R.Module.load("Demo", path)
        _decode_all(mod)
    text = str(info.value)
    assert str(path) in text or path.name in text, text
    for needle in needles:
        assert needle in text, text
    return text


def test_a_root_object_of_another_size_is_refused(tmp_path: Path) -> None:
    rel = release("4.28.0")
    spec = _spec(rel)
    olean = save(tmp_path, "Demo", {"olean": write_module(rel, ModuleSpec(spec.imports, spec.exported), root_scalars=bytes(16))["olean"]})
    _refused(olean, "4.28.0", "64 bytes", "48", "56")


def test_a_root_with_other_fields_is_refused(tmp_path: Path) -> None:
    rel = release("4.24.0")
    olean = _write(tmp_path, rel)
    data = bytearray(olean.read_bytes())
    root = int.from_bytes(data[0x58:0x60], "little") - int.from_bytes(data[0x50:0x58], "little")
    data[root + 6] = 6  # six pointer fields
    olean.write_bytes(bytes(data))
    _refused(olean, "4.24.0", "6 pointer fields")


def test_an_import_flag_that_is_not_a_bool_is_refused(tmp_path: Path) -> None:
    rel = release("4.32.2")
    w = OleanWriter(rel)
    imp = w.ctor(0, [w.name("Init")], bytes([0, 1, 7]))
    root = w.module_data(w.array([imp]), [], True)
    olean = save(tmp_path, "Demo", {"olean": w.finish([root])[0]})
    _refused(olean, "4.32.2", "Import", "not a Bool")


@pytest.mark.parametrize("offset,value,needle", [
    (5, 3, "format version 3"),
    (6, 0x83, "header flags 0x83"),
])
def test_unknown_header_fields_are_refused(tmp_path: Path, offset: int, value: int, needle: str) -> None:
    olean = _write(tmp_path, release("4.29.1"))
    data = bytearray(olean.read_bytes())
    data[offset] = value
    olean.write_bytes(bytes(data))
    _refused(olean, needle, "4.29.1")


def test_old_and_foreign_files_are_refused(tmp_path: Path) -> None:
    old = tmp_path / "Old.olean"
    old.write_bytes(b"oleanfile!!!!!!!" + bytes(200))
    _refused(old, "older than 4.18")
    foreign = tmp_path / "Foreign.olean"
    foreign.write_bytes(b"\x7fELF" + bytes(200))
    _refused(foreign, "not an .olean file")


def test_a_version_that_does_not_say_which_import_layout_is_refused(tmp_path: Path) -> None:
    rel = Release("custom-build", True)
    olean = _write(tmp_path, rel)
    _refused(olean, "custom-build", "M.m.p")


@pytest.mark.parametrize("version", ["4.18.0", "4.28.0", "4.28.0-pre", "4.32.2"])
def test_truncated_files_are_refused_cleanly(version: str, tmp_path: Path) -> None:
    """Cut anywhere, a file reads as an OleanError naming it, never an IndexError or a guess."""
    rel = release(version)
    parts = write_module(rel, _spec(rel))
    for kind in parts:
        full = parts[kind]
        for cut in range(0, len(full), 3):
            folder = tmp_path / f"{kind}{cut}"
            olean = save(folder, "Demo", {**parts, kind: full[:cut]})
            try:
                _decode_all(R.Module.load("Demo", olean))
            except OleanError as exc:
                assert "Demo.olean" in str(exc)


@pytest.mark.parametrize("version", ["4.18.0", "4.21.0", "4.30.0-rc2", "4.28.0-pre"])
def test_corrupted_files_never_raise_anything_but_olean_errors(version: str, tmp_path: Path) -> None:
    rel = release(version)
    parts = write_module(rel, _spec(rel))
    rng = random.Random(f"corrupt-{version}")
    for trial in range(300):
        kind = rng.choice(sorted(parts))
        data = bytearray(parts[kind])
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        olean = save(tmp_path / str(trial), "Demo", {**parts, kind: bytes(data)})
        try:
            mod = R.Module.load("Demo", olean)
            mod.imports
            _decode_all(mod)
        except OleanError:
            pass
        try:
            interface_digest(olean, "Demo")  # what the build hashes of a module's outputs
        except OleanError:
            pass


def test_a_list_that_contains_itself_is_refused(tmp_path: Path) -> None:
    rel = release("4.28.0")
    w = OleanWriter(rel)
    part = w.parts[-1]
    nxt = part.base + len(part.buf) + (-len(part.buf) % 8)
    cyc = w.ctor(1, [w.box(0), nxt])
    assert cyc == nxt
    root = w.module_data(w.array([]), [], True)
    olean = save(tmp_path, "Demo", {"olean": w.finish([root])[0]})
    mod = R.Module.load("Demo", olean)
    with pytest.raises(OleanError, match="does not end"):
        mod._graph.list(cyc)


# ------------------------------------------------------------------------------ big numbers


@pytest.mark.parametrize("gmp", [True, False])
def test_big_numbers_not_where_lean_puts_their_digits_are_refused(gmp: bool, tmp_path: Path) -> None:
    rel = release("4.28.0" if gmp else "4.28.0-pre")
    for kw, needle in (({"digits_at": 0x10}, "digits are not where"),) + ((({"alloc": 9}, "_mp_alloc"),) if gmp else ()):
        w = OleanWriter(rel)
        num = w.mpz(3**100, **kw)
        root = w.module_data(w.array([]), [], True)
        olean = save(tmp_path / needle[:5], "Demo", {"olean": w.finish([root])[0]})
        mod = R.Module.load("Demo", olean)
        with pytest.raises(OleanError, match=needle):
            mod._graph.nat(num)


@pytest.mark.parametrize("version", ["4.28.0", "4.28.0-pre"])
def test_a_huge_literal_decodes_fingerprints_and_prints(version: str, tmp_path: Path) -> None:
    """A literal of 600,000 bits: more digits than an object's 16-bit size field counts, and than
    Python turns into decimal text (fingerprints and printing write it in hexadecimal)."""
    from claimcheck.analysis.pretty import pretty

    huge = 2**600_000 - 1
    rel = release(version)
    spec = ModuleSpec(["Init"], [Decl("definition", "huge", NAT, R.Lit(huge))], None, is_module=False)
    mod = R.Module.load("Demo", _write(tmp_path, rel, spec=spec))
    ci = mod.get(N("huge"))
    assert ci.value.value == huge
    assert len(fingerprint(ci)) == 16 and expr_digest(ci.value, ()) != expr_digest(R.Lit(huge - 1), ())
    assert pretty(ci.value) == hex(huge)


def test_negative_big_numbers(tmp_path: Path) -> None:
    for version in ("4.28.0", "4.28.0-pre"):
        w = OleanWriter(release(version))
        num = w.mpz(-(3**100))
        root = w.module_data(w.array([]), [], True)
        olean = save(tmp_path / version, "Demo", {"olean": w.finish([root])[0]})
        assert R.Module.load("Demo", olean)._graph.nat(num) == -(3**100)


# ------------------------------------------------------------------------------ environments


def _library(folder: Path, version: str) -> Path:
    """A library folder: ``Init`` in the exported parts alone, as the wasm package ships it."""
    rel = release(version)
    save(folder, "Init", write_module(rel, ModuleSpec([], [Decl("axiom", "propext", R.Sort(R.Level("zero")))])))
    return folder


def test_a_module_system_module_without_its_private_part_is_an_error(tmp_path: Path) -> None:
    lib = _library(tmp_path / "lib", "4.28.0")
    build = tmp_path / "build"
    olean = _write(build, release("4.28.0"))
    olean.with_name("Demo.olean.private").unlink()
    env = R.Environment([lib, build])
    with pytest.raises(OleanError, match=r"Demo\.olean\.private: missing.*read as axioms"):
        env.load("Demo")
    # without Lean's other parts either: an error, not theorems read as axioms
    olean.with_name("Demo.olean.server").unlink()
    with pytest.raises(OleanError, match=r"Demo\.olean\.private: missing"):
        R.Environment([lib, build]).load("Demo")


def test_parts_as_shipped_in_a_library_and_outside_the_module_system(tmp_path: Path) -> None:
    lib = _library(tmp_path / "lib", "4.18.0")
    build = tmp_path / "build"
    _write(build, release("4.18.0"))  # Lean 4.18: no module system, one part
    env = R.Environment([lib, build])
    assert env.load("Init").part_kinds == ["olean"]
    assert env.load("Demo").part_kinds == ["olean"]
    assert env.find(N("main"), within="Demo").kind == "definition"


def test_outputs_of_another_lean_than_the_library_are_refused(tmp_path: Path) -> None:
    lib = _library(tmp_path / "lib", "4.29.1")
    build = tmp_path / "build"
    _write(build, release("4.30.0-rc2"))
    env = R.Environment([lib, build])
    with pytest.raises(VersionMismatchError) as info:
        env.load("Demo")
    text = str(info.value)
    assert isinstance(info.value, ToolchainError)  # the CLI's exit code 3
    assert "Demo.olean" in text and "written by Lean 4.30.0-rc2" in text and "Lean 4.29.1" in text
    assert "elan toolchain install leanprover/lean4:v4.30.0-rc2" in text
    same = tmp_path / "same"
    _write(same, release("4.29.1"))
    assert R.Environment([lib, same]).load("Demo").lean_version == "4.29.1"


def test_a_module_s_own_generated_constant_is_found_before_an_imported_copy(tmp_path: Path) -> None:
    """``Fin.mk.hcongr_3``-like names: Lean realizes them in the module that needs them, also when an
    import holds one it does not see; the module's references are to its own."""
    rel = release("4.28.0")
    gen = "Fin.mk.hcongr_3"
    lib = tmp_path / "lib"
    save(lib, "Init", write_module(rel, ModuleSpec([], [Decl("axiom", gen, R.Sort(R.Level("zero")))])))
    build = tmp_path / "build"
    own = Decl("theorem", gen, R.Sort(R.Level("zero")), R.Sort(R.Level("zero")))
    save(build, "Demo", write_module(rel, ModuleSpec(["Init"], [own], [own])))
    env = R.Environment([lib, build])
    env.load("Init")  # loaded first: it comes first in the index
    assert env.find(N(gen), within="Demo").module == "Demo"
    assert env.find(N(gen), within="Init").module == "Init"


def test_a_version_mismatch_exits_with_code_3(tmp_path: Path, monkeypatch, capsys) -> None:
    """What the reader raises for outputs of another Lean reaches the user as a toolchain error."""
    from claimcheck import cli

    lib = _library(tmp_path / "lib", "4.28.0")
    build = tmp_path / "build"
    _write(build, release("4.24.0"))

    def status(_args) -> int:
        R.Environment([lib, build]).load("Demo")
        return 0

    monkeypatch.setattr(cli, "cmd_status", status)
    assert cli.main(["status", "--root", str(tmp_path)]) == 3
    err = capsys.readouterr().err
    assert "written by Lean 4.24.0" in err and "Lean 4.28.0" in err and "elan toolchain install" in err
