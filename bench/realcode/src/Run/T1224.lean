-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1224.lean`, commit 56e7079ff24d3738549a4a0d909df2943010eda1.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module
public import Lean

@[expose] public section

set_option autoImplicit false

namespace Foo.Bar
abbrev Bar := Nat
end Foo.Bar

open Foo Bar in
def myNat1 : Bar := 10 -- good

namespace Bar
end Bar

open Foo Bar in
def myNat2 : Bar := 10

open Foo.Bar in
def myNat3 : Bar := 10 -- good

open Foo Bar in
def myNat4 : Bar.Bar := 10 -- good

section
open Lean Parser Elab Tactic
#check rwRule
#check evalDSimp
end

section
open Lean

#check Parser.Tactic.rwRule

open Parser
#check Tactic.rwRule

end
