"""Instance hijacking: which instance arguments do not carry the library's meaning.

The rules (``instance`` and ``inline-instance`` warnings) are described in
:mod:`claimcheck.analysis.spoofing`'s docstring. :meth:`InstanceRules.is_library_instance` is also
what the instance cross-check (:mod:`claimcheck.analysis.cross_check`) uses to refuse interpreting
``+``, ``≤`` or a numeral by its library meaning when the instance argument is not the library's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from claimcheck.analysis.canonical import ANY, Canonical, Resolution, Resolutions
from claimcheck.analysis.naming import names
from claimcheck.analysis.pretty import BinderInfos, env_binder_infos, pretty
from claimcheck.analysis.scope import ProjectScope
from claimcheck.model.facts import StatementWarning, WarningKind
from claimcheck.model.names import Name
from claimcheck.errors import OleanError
from claimcheck.olean.terms import (
    App, BVar, Const, Expr, ForallE, FVar, Lam, LetE, Proj, Sort, app_spine, beta, instantiate, instantiate_foralls,
    instantiate_levels,
    loose_bvar_range, mk_app, replace, strip_mdata, walk,
)

__all__ = ["EXEMPT_CLASSES", "InstanceProblem", "InstanceRules"]

#: Library classes whose instances cannot change a meaning (``Decidable p`` is a subsingleton).
EXEMPT_CLASSES = names("Decidable", "DecidableEq", "DecidablePred", "DecidableRel", "DecidableLT", "DecidableLE")

_INST_IMPLICIT = 3


@dataclass(frozen=True)
class InstanceProblem:
    """An instance argument that does not carry the library's meaning.

    ``name`` is the project instance (kind ``instance``), or ``None`` for an inline one;
    ``class_name`` the library class; ``detail`` the instance's type or the inline term."""

    kind: WarningKind
    name: Name | None
    class_name: str
    detail: str
    #: an instance the structural rule accepts that is not the one resolution gives
    noncanonical: bool = False


class InstanceRules:
    """The instance rules as module ``scope.within`` sees its constants (``binder_infos``: which
    arguments of a constant are instance-implicit). Also the printer's guide
    (:func:`claimcheck.analysis.pretty.pretty_parts`): where to show a hidden instance."""

    def __init__(self, scope: ProjectScope, binder_infos: BinderInfos | None = None,
                 resolutions: dict[tuple[str, ...], Resolutions] | None = None) -> None:
        self.scope = scope
        self.resolutions = resolutions
        self.find, self.is_project, self.declares = scope.find, scope.is_project, scope.declares
        self.infos: BinderInfos = binder_infos or env_binder_infos(scope.env, scope.within)
        self._hijack: dict[Name, InstanceProblem | None] = {}
        self._prop_class: dict[Name, bool] = {}
        self._telescopes: dict[Name, object] = {}
        self._declared: dict[Name, bool] = {}
        self._parent: dict[Name, bool] = {}
        self._instances_of: dict[str, frozenset[Name]] = {}
        self._canonical: Canonical | None = None
        #: the declaration whose meaning is being judged: resolution over the project's instances
        #: sees only those declared before it (:meth:`Canonical.unseen_by`); None: every one
        self.judged: Name | None = None

    def _is_prop_class(self, name: Name) -> bool:
        got = self._prop_class.get(name)
        if got is None:
            ci = self.find(name)
            got = False
            if ci is not None:
                t = strip_mdata(ci.type)
                while isinstance(t, ForallE):
                    t = strip_mdata(t.body)
                got = isinstance(t, Sort) and t.level.kind == "zero"
            self._prop_class[name] = got
        return got

    def _exempt(self, class_name: Name) -> bool:
        return class_name in EXEMPT_CLASSES or self._is_prop_class(class_name)

    def hijacking_instance(self, name: Name) -> InstanceProblem | None:
        """The problem of project constant ``name`` used as an instance: its type is a library
        class at library types (see the module docstring), else ``None``."""
        if name in self._hijack:
            return self._hijack[name]
        problem = None
        ci = self.find(name)
        if ci is not None and self.is_project(name):
            t = strip_mdata(ci.type)
            while isinstance(t, ForallE):
                t = strip_mdata(t.body)
            head, args = app_spine(t)
            if (isinstance(head, Const) and not self.is_project(head.name) and not self._exempt(head.name)
                    and not any(self.scope.mentions_project_type(a) for a in args)):
                problem = InstanceProblem(WarningKind.INSTANCE, name, str(head.name), pretty(ci.type))
        self._hijack[name] = problem
        return problem

    def _telescope(self, name: Name) -> tuple[tuple[Expr, ...], Expr] | None:
        """The binder types of a constant's type and its codomain (metadata stripped), memoised."""
        got = self._telescopes.get(name, False)
        if got is not False:
            return got  # type: ignore[return-value]
        ci = self.find(name)
        out = None
        if ci is not None:
            binders = []
            t = strip_mdata(ci.type)
            while isinstance(t, ForallE):
                binders.append(strip_mdata(t.binder_type))
                t = strip_mdata(t.body)
            out = (tuple(binders), t)
        self._telescopes[name] = out
        return out

    @staticmethod
    def _head_const(t: Expr) -> Name | None:
        """The constant heading ``t`` after its ``∀`` binders (``Decidable`` of ``∀ a b, Decidable
        (a = b)``), or ``None`` (a variable, a sort)."""
        t = strip_mdata(t)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        head, _ = app_spine(t)
        head = strip_mdata(head)
        return head.name if isinstance(head, Const) else None

    def instance_class(self, fn: Name, i: int, args: list[Expr] | None = None) -> Name | None:
        """The class expected at argument ``i`` of constant ``fn``: its binder type's head, with
        the earlier arguments ``args`` put in (``inferInstanceAs (Decidable p) inst`` expects a
        ``Decidable``)."""
        ci = self.find(fn)
        if ci is None:
            return None
        t = strip_mdata(ci.type)
        for k in range(i):
            if not isinstance(t, ForallE):
                return None
            t = strip_mdata(instantiate(t.body, args[k]) if args is not None and k < len(args) else t.body)
        if not isinstance(t, ForallE):
            return None
        return self._head_const(t.binder_type)

    @staticmethod
    def _is_type_binder(t: Expr) -> bool:
        """A binder whose argument is a type or a type former (``(α : Type u)``, ``(f : α → Sort v)``)."""
        t = strip_mdata(t)
        while isinstance(t, ForallE):
            t = strip_mdata(t.body)
        return isinstance(t, Sort)

    def _mentions_let(self, e: Expr, depth: int, lets: tuple[int, ...]) -> bool:
        """Whether ``e`` (under ``depth`` binders) mentions a variable bound by one of the ``let``
        binders at the levels ``lets``."""
        if not lets:
            return False
        found = False

        def visit(x: Expr, d: int) -> bool:
            nonlocal found
            found = found or (isinstance(x, BVar) and d - 1 - x.index in lets)
            return not found

        walk(e, visit, depth, lambda d, _binder: d + 1)
        return found

    def instance_problems(self, arg: Expr, depth: int = 0, lets: tuple[int, ...] = (),
                          expected: Name | None = None, context: tuple[Expr, ...] | None = None) -> list[InstanceProblem]:
        """What is wrong with the instance argument ``arg`` (empty: a library instance by identity,
        a bound instance variable, or a project instance at a project type; see the module
        docstring). ``depth`` is the number of binders ``arg`` is under, ``lets`` the levels of
        those that are ``let`` binders, ``expected`` the class the position asks for (an exempt
        class needs no check), ``context`` the binders ``arg`` is under (outermost first; with
        them, an instance at a bound type is judged by resolution with the binders as opaque
        variables and the instance binders as local instances)."""
        if expected is not None and self._exempt(expected):
            return []
        out: list[InstanceProblem] = []
        ctx = context if context is not None and len(context) == depth else None
        self._instance_problems(arg, depth, lets, out, 0, expected, library_only=False, ctx=ctx)
        return out

    def _inline(self, out: list[InstanceProblem], expected: Name | None, detail: str) -> None:
        out.append(InstanceProblem(WarningKind.INLINE_INSTANCE, None, str(expected) if expected else "?", detail))

    def _instance_problems(self, arg: Expr, depth: int, lets: tuple[int, ...], out: list[InstanceProblem],
                           level: int, expected: Name | None, library_only: bool,
                           ctx: tuple[Expr, ...] | None = None) -> None:
        e = strip_mdata(arg)
        if level > 64:  # instance terms are shallow: a deeper one is not classified, so it is flagged
            self._inline(out, expected, "an instance term too deep to classify")
            return
        stripped = isinstance(e, Lam)
        while isinstance(e, Lam):
            depth += 1
            e = strip_mdata(e.body)
        head, args = app_spine(e)
        head = strip_mdata(head)
        if isinstance(head, BVar):
            if depth - 1 - head.index in lets:
                self._inline(out, expected, "a `let`-bound instance")
            elif any(self._mentions_let(a, depth, lets) or self.scope.mentions_project(a) for a in args) and library_only:
                self._inline(out, expected, pretty(e, self.infos))
            elif ctx is not None and not stripped and not library_only:
                self._judge_local(e, head, args, depth, ctx, out, expected)
            return  # an instance variable of the statement's own binders (`[inst : Add α]`)
        if isinstance(head, Lam) and args:
            # a beta-redex `(fun a => inst ...) x` (as elaboration leaves for instances of
            # `∀ a, Decidable (p a)`): the instance is the lambda's body, judged as any other
            self._instance_problems(head, depth, lets, out, level + 1, expected, library_only)
            return
        if stripped:
            ctx = None  # under the instance's own binders: the statement's context no longer lines up
        if isinstance(head, Proj):
            inner = strip_mdata(head.struct)
            if isinstance(inner, BVar) and depth - 1 - inner.index not in lets and not args:
                # a field of an instance variable of the statement's binders (`inst.1`): judged as
                # its projection function (`Grp.toMul G inst`) is, when the binders are known
                app = self._projection_app(head, inner, depth, ctx) if ctx is not None and not library_only else None
                if app is not None:
                    fn, fn_args = app_spine(app)
                    assert isinstance(fn, Const)
                    self._judge_canonical(app, fn, fn_args, depth, lets, out, level, expected, library_only, ctx)
                return
            self._inline(out, expected, pretty(e, self.infos))
            return
        if not isinstance(head, Const):
            self._inline(out, expected, pretty(e, self.infos))  # a `let`, a literal, a sort: not an instance constant
            return
        if not stripped and self._judge_canonical(e, head, args, depth, lets, out, level, expected, library_only, ctx):
            return
        self._structural(e, head, args, depth, lets, out, level, expected, library_only, ctx)

    def _goal(self, head: Const, args: list[Expr], open_: bool = False) -> Expr | None:
        """The type of ``head args`` (its type's binders instantiated by ``args``), when it is an
        application of a library class (an exempt one aside); unless ``open_``, only a closed one
        at library terms; else ``None``."""
        ci = self.find(head.name)
        if ci is None:
            return None
        t = instantiate_foralls(ci.type, args)
        if t is None:
            return None
        cls = self._head_const(t)
        if isinstance(t, ForallE) or cls is None or self._exempt(cls):
            return None
        if not open_ and (self.is_project(cls) or loose_bvar_range(t) > 0 or self.scope.mentions_project(t)):
            return None
        return t

    def _projection_app(self, proj: Proj, var: BVar, depth: int, ctx: tuple[Expr, ...]) -> Expr | None:
        """``var.i`` (a field of a bound structure instance) as its projection function applied to
        the structure's parameters and ``var`` (``@Grp.toMul G inst``), under the same ``depth``
        binders; ``None`` when the structure or its projection is not found."""
        level = depth - 1 - var.index
        binder = ctx[level] if 0 <= level < len(ctx) else None
        struct = self.find(proj.type_name)
        if not isinstance(binder, (ForallE, Lam)) or struct is None or len(struct.ctors) != 1:
            return None
        ctor = self.find(struct.ctors[0])
        params = struct.num_params
        if ctor is None or params is None:
            return None
        t = strip_mdata(ctor.type)
        for _ in range(params + proj.index):
            if not isinstance(t, ForallE):
                return None
            t = strip_mdata(t.body)
        field = t.binder_name.last if isinstance(t, ForallE) else None
        fn = proj.type_name.child(field) if isinstance(field, str) else None
        if fn is None or self.find(fn) is None:
            return None
        head, type_args = app_spine(strip_mdata(binder.binder_type))
        head = strip_mdata(head)
        if not isinstance(head, Const) or head.name != proj.type_name or len(type_args) != params:
            return None
        lift = depth - level  # the binder's type is under `level` binders, the field under `depth`
        return mk_app(Const(fn, ()), *(_lift(a, lift) for a in type_args), var)

    def _local_context(self, ctx: tuple[Expr, ...]) -> tuple[list[FVar], list[tuple[FVar, Expr]]]:
        """The statement's binders ``ctx`` as free variables (opaque atoms named as the binders,
        numbered where two share a name), and the local instances among them: a binder whose type
        is a class application (an instance binder, or any binder of a class some instance is of),
        with its type over those free variables, in binder order."""
        fvars: list[FVar] = []
        seen: dict[str, int] = {}
        for b in ctx:
            name = b.decl_name if isinstance(b, LetE) else getattr(b, "binder_name", None)
            bare = name.without_macro_scopes() if isinstance(name, Name) else None
            base = str(bare.last) if bare is not None and isinstance(bare.last, str) and bare.last else "x"
            if isinstance(name, Name) and name.has_macro_scopes:
                base += "✝"  # a name Lean made (`inst✝`), as Lean shows it
            k = seen.get(base, 0)
            seen[base] = k + 1
            fvars.append(FVar(Name.of(base if k == 0 else f"{base}{'' if base.endswith('✝') else '✝'}{_superscript(k)}")))
        locals_: list[tuple[FVar, Expr]] = []
        for level, b in enumerate(ctx):
            if isinstance(b, LetE) or not isinstance(b, (ForallE, Lam)):
                continue
            cls = self._head_const(b.binder_type)
            if cls is None or self._exempt(cls):
                continue
            if b.binder_info != _INST_IMPLICIT and not self.canonical.is_class(cls):
                continue
            locals_.append((fvars[level], _with_fvars(b.binder_type, level, fvars)))
        return fvars, locals_

    def _judge_local(self, e: Expr, head: BVar, args: list[Expr], depth: int, ctx: tuple[Expr, ...],
                     out: list[InstanceProblem], expected: Name | None) -> None:
        """An instance variable of the statement's binders (``inst`` of ``[inst : LT α]``), judged
        by resolution with the binders in scope: it must be what Lean's resolution gives for its
        class there (with two ``[LT α]`` binders, the later one)."""
        level = depth - 1 - head.index
        binder = ctx[level] if 0 <= level < len(ctx) else None
        if not isinstance(binder, (ForallE, Lam)):
            return
        fvars, locals_ = self._local_context(ctx)
        ty = instantiate_foralls(_with_fvars(binder.binder_type, level, fvars), [_with_fvars(a, depth, fvars) for a in args])
        cls = self._head_const(ty) if ty is not None else None
        if ty is None or isinstance(ty, ForallE) or cls is None or self._exempt(cls):
            return
        got = self.canonical.check(_with_fvars(e, depth, fvars), ty, locals_, project=True)
        if got.canonical or (got.expected is None and not got.out_of_fuel):
            return  # resolution as modelled finds nothing: a local instance of its class is kept
        out.append(self._noncanonical(e, ty, got, expected, fvars, depth))

    def _noncanonical(self, e: Expr, goal: Expr, got: Resolution, expected: Name | None,
                      fvars: list[FVar] | None = None, depth: int = 0) -> InstanceProblem:
        """The problem of ``e``, not what resolution gives (``got``) for ``goal``; ``fvars``: the
        statement's binders ``e`` (under ``depth`` of them) is shown over."""
        if got.out_of_fuel or got.expected is None:
            why = "resolution ran out of fuel"
        else:
            why = f"resolution gives `{pretty(_shown(got.expected))}`"
        shown = _with_fvars(e, depth, fvars) if fvars is not None else e
        return InstanceProblem(WarningKind.INLINE_INSTANCE, None, str(expected or _class(goal)),
                               f"`{pretty(shown)}`, not the instance Lean resolves for `{pretty(goal)}`: {why}", True)

    def _judge_canonical(self, e: Expr, head: Const, args: list[Expr], depth: int, lets: tuple[int, ...],
                         out: list[InstanceProblem], level: int, expected: Name | None, library_only: bool,
                         ctx: tuple[Expr, ...] | None = None) -> bool:
        """Judge the instance ``e`` by what resolution gives (:mod:`claimcheck.analysis.canonical`).
        A closed library class at library terms: resolution over the library's instances (and the
        statement's local instances, tried first); nothing to report when it is that instance.
        With the statement's binders ``ctx``, a goal at bound variables or project constants:
        resolution with the binders as free variables, the local instances first, over the
        library's and the project's instances; when it is that instance the structural rule still
        applies (a project instance of a library class at bound types). Else the structural rule's
        problems, or a non-canonical instance when that rule finds none. ``False``: the goal is
        not of that kind, or resolution as modelled finds no instance for it (not out of fuel):
        the structural rule judges the term."""
        closed_library = self._goal(head, args)
        goal = closed_library
        in_context = ctx is not None and not library_only
        fvars, locals_ = self._local_context(ctx) if ctx is not None and in_context else ([], [])
        if goal is None and in_context:
            # (the arguments as free variables first: a type is instantiated by closed terms only)
            goal = self._goal(head, [_with_fvars(a, depth, fvars) for a in args], open_=True)
        if goal is None:
            return False
        if in_context:
            project = closed_library is None
            unseen = self.canonical.unseen_by(self.judged) if project and self.judged is not None else frozenset()
            got = self.canonical.check(_with_fvars(e, depth, fvars), goal, locals_, project=project, unseen=unseen)
        else:
            got = self.canonical.check(e, goal)
        if got.canonical:
            if closed_library is None:  # resolution over the project's instances: the structural rule too
                self._structural(e, head, args, depth, lets, out, level, expected, library_only, ctx)
            return True
        if got.expected is None and not got.out_of_fuel:
            # resolution as modelled here finds nothing (a higher-order pattern other than `?β x`,
            # a project's `local` or `scoped` instance): the structural rule judges the term
            return False
        found: list[InstanceProblem] = []
        self._structural(e, head, args, depth, lets, found, level, expected, library_only, ctx)
        if found:
            out.extend(found)
            return True
        out.append(self._noncanonical(e, goal, got, expected, fvars or None, depth))
        return True

    @property
    def canonical(self) -> Canonical:
        if self._canonical is None:
            self._canonical = Canonical(self.scope.env, self.scope.within, self.find, self.scope.is_core_module,
                                        self._exempt, shared=self.resolutions)
        return self._canonical

    def _structural(self, e: Expr, head: Const, args: list[Expr], depth: int, lets: tuple[int, ...],
                    out: list[InstanceProblem], level: int, expected: Name | None, library_only: bool,
                    ctx: tuple[Expr, ...] | None = None) -> None:
        """The structural rule: a library instance constant applied to instances that pass it."""
        ci = self.find(head.name)
        if ci is None:
            self._inline(out, expected, f"the unknown constant `{head.name}`")
            return
        tel = self._telescope(head.name)
        codomain_class = self._head_const(tel[1]) if tel is not None else None
        not_instance = False
        if self.is_project(head.name):
            problem = self.hijacking_instance(head.name)
            if problem is not None and self.is_parent_projection(head.name) and \
                    any(loose_bvar_range(a) > 0 or self.scope.mentions_project_type(a) for a in args[:-1]):
                # `Group.toMul G self` at a bound `G` (or a project type): it gives `Mul G` only
                # where a `Group G` instance is, the statement's binder or the project's at its
                # own type; `self` is judged below as any instance argument
                problem = None
            if problem is not None:
                out.append(problem)
            elif library_only:
                out.append(InstanceProblem(WarningKind.INSTANCE, head.name, str(expected or "?"),
                                           "a project instance, not the library's"))
            elif codomain_class is None:
                self._inline(out, expected, pretty(e, self.infos))  # a project function returning its argument
                return
            else:
                # a project definition of a class type that is no instance (`def weird : LT R`) is
                # judged as the library's are: resolution never gives it, whatever the types are
                not_instance = not self.declared_instance(head.name) and not self.is_parent_projection(head.name)
        else:
            not_instance = not self.declared_instance(head.name)
        if not_instance:
            unfolded = self._unfold_abbrev(head, args)
            if unfolded is not None:
                # an `abbrev` resolution unfolds (`inferInstance`, `inferInstanceAs`, the project's
                # own): what it returns
                self._instance_problems(unfolded, depth, lets, out, level + 1, expected, library_only, ctx)
            elif ci.kind in ("constructor", "recursor"):
                self._inline(out, expected, pretty(e, self.infos))  # a structure written in place
            elif codomain_class is None:
                # `id`, `ite`, `dite`, `cast`, `Prod.fst`: a function whose result is any of its arguments
                self._inline(out, expected, pretty(e, self.infos))
            else:
                # a function building an instance (`ltOfOrd (Ord.opposite instOrdNat)`, `leOfOrd`,
                # `Ord.on instOrdNat f`, a project's `def`): not what resolution gives
                self._inline(out, expected, f"built by `{head.name}`, which is not an instance: `{pretty(e)}`")
            return
        infos = self.infos(head.name) or ()
        binders = tel[0] if tel is not None else ()
        for i, a in enumerate(args):
            if i < len(infos) and infos[i] == _INST_IMPLICIT:
                inner_class = self.instance_class(head.name, i, args)
                if inner_class is not None and self._exempt(inner_class):
                    continue
                self._instance_problems(a, depth, lets, out, level + 1, inner_class, library_only, ctx)
            elif i < len(binders) and self._is_type_binder(binders[i]):
                continue  # a type: any type, the project's too, is shown in the statement
            elif self._mentions_let(a, depth, lets) or self.scope.mentions_project_type(a):
                # a library instance constant built from project data or a `let` (`mkInst myFun`)
                self._inline(out, expected, pretty(e, self.infos))
                return

    def is_parent_projection(self, name: Name) -> bool:
        """Whether project constant ``name`` is the projection of a project class onto a parent
        (``Group.toMul := fun G [self : Group G] => self.toMul``, as ``class Group (G) extends
        Mul G`` declares it): a definition whose value is a field of its last, instance-implicit
        binder, of a project structure."""
        got = self._parent.get(name)
        if got is None:
            ci = self.find(name)
            got = False
            if ci is not None and ci.kind == "definition" and ci.value is not None:
                v, last = strip_mdata(ci.value), None
                while isinstance(v, Lam):
                    last = v.binder_info
                    v = strip_mdata(v.body)
                struct = strip_mdata(v.struct) if isinstance(v, Proj) else None
                got = (last == _INST_IMPLICIT and isinstance(v, Proj) and self.is_project(v.type_name)
                       and isinstance(struct, BVar) and struct.index == 0)
            self._parent[name] = got
        return got

    def declared_instance(self, name: Name) -> bool:
        """Whether constant ``name`` (the library's or the project's) carries a global ``instance``
        attribute (its module's exported entries, :meth:`claimcheck.olean.reader.Module.attributes`);
        a module whose entries cannot be read has none that counts (its instances are shown, not
        assumed)."""
        got = self._declared.get(name)
        if got is None:
            ci = self.find(name)
            mod = self.scope.env.modules.get(ci.module) if ci is not None else None
            got = False
            if mod is not None:
                known = self._instances_of.get(mod.name)
                if known is None:
                    try:
                        known = frozenset(i.name for i in mod.attributes().instances if i.scoped is None)
                    except OleanError:
                        known = frozenset()
                    self._instances_of[mod.name] = known
                got = name in known
            self._declared[name] = got
        return got

    def _unfold_abbrev(self, head: Const, args: list[Expr]) -> Expr | None:
        """``head args`` with ``head`` unfolded when it is an ``abbrev`` (what instance
        resolution unfolds: ``inferInstance``, ``inferInstanceAs``), its value's binders
        instantiated by ``args``; ``None`` otherwise."""
        ci = self.find(head.name)
        if ci is None or ci.kind != "definition" or ci.value is None or len(ci.level_params) != len(head.levels):
            return None
        mod = self.scope.env.modules.get(ci.module)
        try:
            if mod is None or mod.kernel_fields(head.name).hints[0] != "abbrev":
                return None
        except (KeyError, OleanError):
            return None
        return beta(instantiate_levels(ci.value, dict(zip(ci.level_params, head.levels))), args)

    def is_library_instance(self, arg: Expr, level: int = 0) -> bool:
        """Whether ``arg`` is a library instance by identity (see the module docstring), with no
        project instance anywhere in it: a library instance constant applied to types and to
        instances that pass this rule (``instHAdd Nat instAddNat``; project types may appear as
        arguments). Only such an instance has the meaning the library defines: what the instance
        cross-check may interpret ``+``, ``≤`` or a numeral by. A bare instance variable is not
        one (the cross-check has no meaning for it)."""
        e = strip_mdata(arg)
        while isinstance(e, Lam):
            e = strip_mdata(e.body)
        head, _args = app_spine(e)
        if not isinstance(strip_mdata(head), Const):
            return False
        out: list[InstanceProblem] = []
        self._instance_problems(arg, 0, (), out, level, None, library_only=True)
        return not out

    def expr_problems(self, root: Expr) -> tuple[list[InstanceProblem], set[Name]]:
        """The problems of every instance argument in ``root`` and the constants it mentions."""
        problems: list[InstanceProblem] = []
        consts: set[Name] = set()

        def visit(e: Expr, scope: tuple[int, tuple[int, ...], tuple[Expr, ...]]) -> Iterable[Expr] | None:
            if isinstance(e, Const):
                consts.add(e.name)
            elif isinstance(e, App):  # an application whole: its head, and its arguments in turn
                head, args = app_spine(e)
                if not isinstance(head, Const):
                    return [head, *args]
                consts.add(head.name)
                infos = self.infos(head.name) or ()
                depth, lets, binders = scope
                for i, a in enumerate(args):
                    if i < len(infos) and infos[i] == _INST_IMPLICIT:
                        problems.extend(self.instance_problems(a, depth, lets, self.instance_class(head.name, i, args),
                                                               binders))
                return args
            return None

        def bind(scope: tuple[int, tuple[int, ...], tuple[Expr, ...]],
                 binder: Expr) -> tuple[int, tuple[int, ...], tuple[Expr, ...]]:
            depth, lets, binders = scope
            return depth + 1, lets + (depth,) if isinstance(binder, LetE) else lets, binders + (binder,)

        start: tuple[int, tuple[int, ...], tuple[Expr, ...]] = (0, (), ())
        walk(root, visit, start, bind)
        return problems, consts

    @staticmethod
    def problem_warning(p: InstanceProblem, found_in: Name) -> StatementWarning:
        if p.kind is WarningKind.INSTANCE and p.name is not None:
            return StatementWarning(
                WarningKind.INSTANCE, p.name,
                f"uses the project instance `{p.name}` of the library class `{p.class_name}`"
                f" (`{p.detail}`): a library operation at library types with the project's meaning"
                + ("" if found_in == p.name else f" (in `{found_in}`)"), found_in)
        if p.noncanonical:
            return StatementWarning(WarningKind.INLINE_INSTANCE, found_in,
                                    f"`{found_in}` passes the instance {p.detail}", found_in)
        what = f"an instance of `{p.class_name}` written in place" if p.class_name != "?" else "an instance"
        return StatementWarning(
            WarningKind.INLINE_INSTANCE, found_in,
            f"`{found_in}` passes {what} ({p.detail}), not a library instance", found_in)


def _lift(e: Expr, n: int) -> Expr:
    """``e`` with its loose bound variables lifted past ``n`` more binders."""
    if n == 0 or loose_bvar_range(e) == 0:
        return e
    return replace(e, lambda x, d: BVar(x.index + n) if isinstance(x, BVar) and x.index >= d else None)


def _superscript(k: int) -> str:
    return str(k).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _with_fvars(e: Expr, depth: int, fvars: list[FVar]) -> Expr:
    """``e``, under the first ``depth`` binders of a statement, with their variables as the free
    variables ``fvars`` (one a binder, outermost first)."""

    def f(x: Expr, d: int) -> Expr | None:
        if isinstance(x, BVar) and x.index >= d:
            level = depth - 1 - (x.index - d)
            return fvars[level] if 0 <= level < len(fvars) else x
        return None

    return replace(e, f) if loose_bvar_range(e) > 0 else e


def _shown(e: Expr) -> Expr:
    """A resolved instance as printed: an argument that cannot change a meaning as ``_``."""
    return replace(e, lambda x, _d: _HOLE if x is ANY else None)


_HOLE = Const(Name.of("_"), ())


def _class(goal: Expr) -> str:
    head, _ = app_spine(strip_mdata(goal))
    return str(head.name) if isinstance(head, Const) else "?"
