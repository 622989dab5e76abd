"""A checking run owns everything it remembers (issue 34): terms, levels, caches and fuel are the
run's (`Environment`), so two runs share no state, and the kernel's modules hold no mutable state."""

from __future__ import annotations

import importlib
import pkgutil
import re
import types
from pathlib import Path

from claimcheck import kernel
from claimcheck.kernel import Environment, Outcome, check_all, read_ndjson

CASES = Path(__file__).resolve().parent / "cases"


def _run(case: str) -> tuple[Environment, list]:
    env = Environment()
    decls = read_ndjson(CASES / case / "input.ndjson", env.terms)
    return env, check_all(decls, env=env)


def test_two_runs_share_no_state():
    a, va = _run("nat_gcd_by_specification")
    b_env = Environment()
    # before the second run, its tables and caches are as new, however much the first one holds
    assert len(a.terms) > 500 and a.caches.infer_only and a.caches.eq
    fresh = Environment()
    assert len(b_env.terms) == len(fresh.terms) and not b_env.caches.whnf and not b_env.caches.eq
    assert not b_env.terms.levels.leq_memo and not b_env.primitive_status
    b, vb = _run("nat_gcd_by_specification")
    assert [v.outcome for v in va] == [v.outcome for v in vb] and [v.steps for v in va] == [v.steps for v in vb]
    # nothing of one run is an object of the other
    assert a.terms is not b.terms and a.caches is not b.caches
    ids_a = {id(e) for e in a.terms.table.values()}
    assert not ids_a & {id(e) for e in b.terms.table.values()}
    assert all(b.terms.owns(c.type) and not a.terms.owns(c.type) for c in b.constants.values())


def test_a_declaration_of_another_run_is_declined_not_checked():
    from claimcheck.kernel.checker import check_declaration

    env_a = Environment()
    decls = read_ndjson(CASES / "def_good" / "input.ndjson", env_a.terms)
    v = check_declaration(Environment(), decls[0])
    assert v.outcome == Outcome.DECLINED and "another checking run" in v.reason


def test_kernel_modules_hold_no_mutable_state():
    """Module-level values are constants (numbers, strings, tuples, frozensets, functions, classes,
    enums) or read-only tables: nothing a run could write to and another read."""
    import __future__

    allowed = (int, float, str, bytes, bool, tuple, frozenset, type(None), types.FunctionType, type,
               types.ModuleType, types.BuiltinFunctionType, types.UnionType, __future__._Feature,
               types.MappingProxyType)
    offenders = []
    for info in pkgutil.iter_modules(kernel.__path__):
        if info.name == "__main__":
            continue
        mod = importlib.import_module(f"claimcheck.kernel.{info.name}")
        for name, value in vars(mod).items():
            if name.startswith("__") or isinstance(value, allowed):
                continue
            if hasattr(value, "__module__") and callable(value):
                continue  # typing aliases, dataclass fields and the like
            if isinstance(value, re.Pattern) or getattr(getattr(value, "__dataclass_params__", None), "frozen", False):
                continue  # immutable
            offenders.append(f"{info.name}.{name}: {type(value).__name__}")
    assert not offenders, offenders


def test_the_project_default_fuel_is_the_kernels():
    from claimcheck.kernel.environment import DEFAULT_FUEL
    from claimcheck.project import DEFAULT_KERNEL_FUEL

    assert DEFAULT_KERNEL_FUEL == DEFAULT_FUEL
