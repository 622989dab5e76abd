/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
module

/-!
# Languages over the natural numbers

Source: `004_725b34af8153ec2b.txt`, line 15 (generation of valuable mathematics as nested
language generation in the limit, characterised by Angluin's condition).

The one definition the language-learning modules share (`MLTheory.Angluin`,
`MLTheory.AngluinLimit`, `MLTheory.GenerationLimit`): a language over the alphabet of natural
numbers is the set of its words, given as a predicate `Nat → Prop`.
-/

@[expose] public section

namespace MLTheory

/-- A language over the alphabet of natural numbers: the set of its words, as a predicate. -/
abbrev Language := Nat → Prop

end MLTheory

end
