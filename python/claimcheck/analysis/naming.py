"""Name rules of the analysis: which declarations a user sees, and the library's special names.

Listed by default (:func:`user_facing`): every declaration of a module except compiler-generated
auxiliaries, that is names with a component that is a number or starts with ``_`` (``_proof_1``,
``_unfold``, ``_nativeDecide_1``, ...), names whose last component is an auxiliary suffix
(``match_1``, ``proof_1``, ``eq_1``, ``eq_def``, ``rec``, ``casesOn``, ``below``, ``noConfusion``,
``injEq``, ``sizeOf_spec``, ...: :data:`AUX_LAST`, :data:`AUX_PATTERN`), and the parser
definitions that ``syntax``, ``macro`` and ``notation`` generate (type ``Lean.ParserDescr``).
A **private** declaration (``_private.<module>.<n>.<name>``) is listed under its user-facing name
when that name passes the same rules: a ``private theorem … := sorry`` is never hidden.
"""

from __future__ import annotations

import re

from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Const

__all__ = [
    "AUX_LAST",
    "AUX_PATTERN",
    "CORE_AXIOMS",
    "DEFAULT_ALLOWED",
    "NATIVE_AXIOMS",
    "SORRY_AXIOMS",
    "GENERATED_LAST",
    "GENERATED_PATTERN",
    "is_generated",
    "names_an_instance",
    "is_native_axiom",
    "is_syntax_declaration",
    "names",
    "user_facing",
]


def names(*texts: str) -> frozenset[Name]:
    """``Name`` values of plain dotted texts (for constant tables written in the code)."""
    return frozenset(Name.parse(t) for t in texts)


#: Axioms a ``proved`` declaration may use.
DEFAULT_ALLOWED = names("propext", "Classical.choice", "Quot.sound")
SORRY_AXIOMS = names("sorryAx")
NATIVE_AXIOMS = names("Lean.ofReduceBool", "Lean.ofReduceNat", "Lean.trustCompiler")
#: The ``axiom`` declarations of Lean's ``src/Init``, ``src/Std`` and ``src/Lean``
#: (Init/Prelude.lean: ``sorryAx``, ``Classical.choice``; Init/Core.lean: ``propext``,
#: ``Quot.sound``, ``Lean.trustCompiler``, ``Lean.ofReduceBool``, ``Lean.ofReduceNat``).
CORE_AXIOMS = DEFAULT_ALLOWED | SORRY_AXIOMS | NATIVE_AXIOMS

AUX_LAST = frozenset(
    {
        "rec", "recOn", "casesOn", "below", "ibelow", "brecOn", "binductionOn",
        "noConfusion", "noConfusionType", "injEq", "inj", "sizeOf_spec", "ctorIdx",
        "toCtorIdx", "ctorElim", "ctorElimType", "eq_def", "eq_unfold", "induct",
        "induct_unfolding", "mutual_induct", "fun_cases", "fun_cases_unfolding",
        "splitter", "congr_simp", "elim", "hcongr_1", "ofNat_toCtorIdx",
    }
)
AUX_PATTERN = re.compile(r"^(match|proof|eq|matcher|hcongr|congr|spec|lambda|lam|cstage|closed|boxed|elambda)_\d+(?:_\d+)*$")


#: Last components of the names Lean generates for a declaration on demand, in whichever module first
#: needs one, so that a project module and the library may both hold one of the same name. From
#: Lean's reserved-name predicates (``registerReservedNamePredicate``): equation lemmas
#: (``Meta/Eqns``: ``eq_<n>``, ``eq_def``, ``eq_unfold``), congruence lemmas (``Meta/CongrTheorems``:
#: ``hcongr_<n>``, ``congr_simp``), injectivity (``hinj``), functional induction (``Meta/Tactic/FunInd``:
#: ``induct``, ``induct_unfolding``, ``mutual_induct``, ``fun_cases``, ``fun_cases_unfolding``),
#: matchers and theirs (``match_<n>``, ``splitter``, ``lifter``, ``congr_eq_<n>``, ``eq_cond_enumToBitVec``),
#: ``bv_decide``'s enum lemmas (``enumToBitVec``, ``eq_iff_enumToBitVec_eq``, ``enumToBitVec_le``),
#: abstracted proofs (``proof_<n>``). (Instance specs, ``<field>_spec``, are left out: a user names
#: theorems so.)
GENERATED_LAST = frozenset(
    {
        "eq_def", "eq_unfold", "congr_simp", "hinj", "induct", "induct_unfolding", "mutual_induct",
        "fun_cases", "fun_cases_unfolding", "splitter", "lifter", "eq_cond_enumToBitVec", "enumToBitVec",
        "eq_iff_enumToBitVec_eq", "enumToBitVec_le",
    }
)
GENERATED_PATTERN = re.compile(r"^(?:match|proof|eq|hcongr|congr_eq|matcher)_\d+(?:_\d+)*$")
#: The root name ``main``: the entry point of every executable, so also of Lake's and ``leanc``'s in
#: the library (a ``lake new`` project has ``def main : IO Unit``).
MAIN = Name(("main",))


def is_generated(name: Name) -> bool:
    """A name Lean generates, not one a user writes: ``main``, a compiler or elaborator auxiliary
    (a component that starts with ``_`` or is a number: ``_unsafe_rec``, ``_sunfold``, ``_proof_1``,
    ``_cstage2``, ...), or a reserved or auxiliary suffix (:data:`GENERATED_LAST`,
    :data:`GENERATED_PATTERN`). A project module and the library may both declare such a name; each
    is then judged in its own module, never as a project constant borrowing a library name."""
    if name == MAIN or name.is_internal:
        return True
    last = name.last
    return isinstance(last, str) and (last in GENERATED_LAST or GENERATED_PATTERN.match(last) is not None)


def is_native_axiom(name: Name) -> bool:
    """An axiom ``native_decide`` and friends add: the three of the library, or an auxiliary
    ``…_native…`` axiom (what ``native_decide`` adds from Lean 4.29 on)."""
    return name in NATIVE_AXIOMS or "_native" in name.components


def user_facing(name: Name) -> bool:
    """Whether ``name`` is listed by default (not a compiler-generated auxiliary); a private name
    by its user-facing part."""
    name = name.user_facing
    if not name.components or name.is_internal:
        return False
    last = name.last
    return isinstance(last, str) and last not in AUX_LAST and not AUX_PATTERN.match(last)


_SYNTAX_TYPES = names("Lean.ParserDescr", "Lean.TrailingParserDescr")


def is_syntax_declaration(ci: ConstantInfo) -> bool:
    """A parser generated by ``syntax``/``macro``/``notation`` (type ``Lean.ParserDescr``)."""
    if ci.kind != "definition":
        return False
    t = ci.type
    return isinstance(t, Const) and t.name in _SYNTAX_TYPES


#: The words by which a name says it is a concrete instance (a part of its last component between
#: underscores: ``foo_instance_three``, ``bar_example``).
INSTANCE_WORDS = frozenset({"instance", "instances", "example", "examples"})


def names_an_instance(name: Name) -> bool:
    """Whether a name *says* it is a concrete instance (``…_instance_…``, ``…_example``).

    A name never makes a theorem an instance (:func:`claimcheck.analysis.cross_check.proved_by_decision`
    decides that from the statement and its proof); it only adds a check: a theorem a claim cites
    whose name says it is an instance must be one, so that it is cross-checked and never counted as
    a main result."""
    last = name.user_facing.last
    return isinstance(last, str) and any(part.lower() in INSTANCE_WORDS for part in last.split("_"))
