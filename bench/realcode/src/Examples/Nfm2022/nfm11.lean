-- Adapted from https://github.com/leanprover/lean4, file `doc/examples/NFM2022/nfm11.lean`, commit bf5f107e74da9e25cd747275af3dcff5bea6d7bb.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

structure Point where
  x : Int := 0
  y : Int := 0
  deriving Repr

#eval Point.x (Point.mk 10 20)
-- 10

#eval { x := 10, y := 20 : Point }

def p : Point := { y := 20 }

#eval p.x
#eval p.y
#eval { p with x := 5 }
-- { x := 5, y := 20 }

structure Point3D extends Point where
  z : Int
