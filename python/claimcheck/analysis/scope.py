"""What one module sees: its constants, the project's and the library's.

A project may declare the same name in two modules that no environment imports together, so every
name is resolved as one module (``within``) sees it: itself and its imports.
"""

from __future__ import annotations

from typing import Callable

from claimcheck.model.names import Name
from claimcheck.olean.reader import ConstantInfo, Environment, OleanError
from claimcheck.olean.terms import Expr, constants_of

__all__ = ["ProjectScope"]


class ProjectScope:
    """The constants module ``within`` sees; ``is_core_module(module)`` tells library modules from
    project ones (the module's folder is a core library folder). Results are memoised."""

    def __init__(self, env: Environment, is_core_module: Callable[[str], bool], within: str) -> None:
        self.env = env
        self.within = within
        self.is_core_module = is_core_module
        self._project: dict[Name, bool] = {}
        self._transparent: dict[Name, bool] = {}

    def find(self, name: Name) -> ConstantInfo | None:
        return self.env.find(name, within=self.within)

    def declares(self, name: Name) -> bool:
        """Whether a constant ``name`` is visible from ``within`` (no library module is read for it:
        :meth:`claimcheck.olean.reader.Environment.declares`)."""
        return self.env.declares(name, self.within)

    def is_project(self, name: Name) -> bool:
        """A constant declared in a project module (not in the toolchain library)."""
        got = self._project.get(name)
        if got is None:
            ci = self.find(name)
            got = ci is not None and not self.is_core_module(ci.module)
            self._project[name] = got
        return got

    def _is_transparent(self, name: Name) -> bool:
        """A project definition that instance resolution sees through to library constants only
        (an alias of a library term, like ``abbrev N := Nat``): reducible, and its value mentions
        no project type. A plain ``def PreInt := Nat × Nat`` is a type of its own to resolution (an
        instance of ``Setoid PreInt`` is never found for ``Nat × Nat``)."""
        got = self._transparent.get(name)
        if got is not None:
            return got
        self._transparent[name] = False  # cycles: not transparent
        ci = self.find(name)
        ok = False
        if ci is not None and ci.kind == "definition" and ci.value is not None:
            ok = self.is_reducible(ci) and not self.mentions_project_type(ci.value)
        self._transparent[name] = ok
        return ok

    def is_reducible(self, ci: ConstantInfo) -> bool:
        """Whether definition ``ci`` is reducible (an ``abbrev``, or ``@[reducible]``), as its
        module's exported attributes say; a module whose attributes cannot be read counts as
        saying so (the stricter reading: an alias seen through)."""
        mod = self.env.modules.get(ci.module)
        if mod is None:
            return True
        try:
            if mod.kernel_fields(ci.name).hints[0] == "abbrev":
                return True
            return ci.name in mod.attributes().reducible
        except (KeyError, OleanError):
            return True

    def mentions_project_type(self, e: Expr) -> bool:
        """Whether ``e`` mentions a project constant that is not an alias of library terms."""
        return any(self.is_project(c) and not self._is_transparent(c) for c in constants_of(e))

    def mentions_project(self, e: Expr) -> bool:
        """Whether ``e`` mentions any project constant."""
        return any(self.is_project(c) for c in constants_of(e))
