"""The wasm toolchain's proof-only build (`claimcheck.lean.build.proof_only_source`): a
`noncomputable section` opened right after the header, every line number kept (no Lean needed)."""

from claimcheck.lean.build import NEEDS_CODE, PROOF_ONLY_SECTION, header_end, proof_only_source


def test_section_opens_after_the_header_on_its_last_line():
    text = "-- a comment\nmodule\npublic import Std.Tactic.Do\n\n@[expose] public section\ndef f := 1\n"
    out = proof_only_source(text)
    assert out == text.replace("Std.Tactic.Do\n", "Std.Tactic.Do" + PROOF_ONLY_SECTION + "\n")
    assert out.count("\n") == text.count("\n")


def test_header_end_stops_at_the_first_command_or_doc_comment():
    assert header_end("def x := 1\n") == 0
    assert header_end("/-! doc -/\nimport Foo\n") == 0  # a module docstring is a command
    assert header_end("module\nimport all Init.Prelude\n/-! doc -/\n") == len("module\nimport all Init.Prelude")
    assert header_end("prelude /- c -/ import Init.Core -- x\ntheorem t : True := trivial\n") == len(
        "prelude /- c -/ import Init.Core")


def test_a_file_without_header_gets_the_section_first():
    out = proof_only_source("theorem t : True := trivial\n")
    assert out.startswith(PROOF_ONLY_SECTION) and out.count("\n") == 1


def test_code_generation_messages_are_recognised():
    for text in ("Unknown constant `List.reverse._redArg`",
                 "failed to compile definition, compiler IR check failed at `instReprP._closed_0`",
                 "Tactic `native_decide` failed. Error: Unknown constant `Nat.decidableBallLT._redArg`",
                 "Unknown constant `_private.Init.Data.Array.Basic.0.Array.foldlMUnsafe.fold`"):
        assert NEEDS_CODE.search(text), text
    assert not NEEDS_CODE.search("Unknown constant `List.iota`")
    assert not NEEDS_CODE.search("unsolved goals")


def test_a_private_name_of_the_file_itself_is_not_a_code_generation_failure():
    # a module-less file's own names are private: its notation fails, whatever the toolchain
    assert not NEEDS_CODE.search("Unknown constant `_private.Examples.ex13.0.Example.Mul.mul`")
    assert NEEDS_CODE.search("Tactic `_private.Examples.bintree.0.tacticBy_cases'_` has not been implemented")
