import Lake
open Lake DSL

/-! Lake build for users with a native Lean (elan): the same library `claimcheck build` builds. -/

package claimcheck where

@[default_target]
lean_lib MLTheory where
  srcDir := "lean"
