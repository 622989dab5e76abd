-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/1030.lean`, commit 39f6a83fe6d0610958fc732ef59407704beb1424.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

def foo: List Unit → Type
| []       => Unit → Unit
| _ :: tl  => foo tl

partial def bar: (l: List Unit) → foo l → foo l
| []     , f => λ t => f t
| _ :: tl, f => bar tl f

def bar': (l: List Unit) → foo l → foo l
| []     , f => by simp only [foo] at f; exact (λ t => f t)
| _ :: tl, f => bar' tl f

#eval bar [()] id ()
