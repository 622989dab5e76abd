-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10771.lean`, commit 8136cb149d82c9e71050cf554264e59e1194675b.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: `#guard_msgs` removed where it checked info, warning or trace output (expected-output docstrings kept as comments); already a module.
module
import all Init.Prelude

/-!
# Pretty printing imported private names
https://github.com/leanprover/lean4/issues/10771
https://github.com/leanprover/lean4/issues/10772
-/

/-!
This used to print `Lean.eraseMacroScopesAux✝ = Lean.eraseMacroScopesAux✝¹`.
-/
/- info: Lean.eraseMacroScopesAux = Lean.eraseMacroScopesAux : Prop -/
#check Lean.eraseMacroScopesAux = Lean.eraseMacroScopesAux

/-!
The first used to print `Lean.eraseMacroScopesAux✝`
-/
section
open Lean Name
/- info: eraseMacroScopesAux : Name → Name -/
#check (eraseMacroScopesAux)
/- info: eraseMacroScopes : Name → Name -/
#check (eraseMacroScopes)
end
