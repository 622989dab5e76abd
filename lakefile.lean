/-
Copyright (c) 2026 The claimcheck authors. All rights reserved.
Released under Apache 2.0 license as described in the file LICENSE.
-/
import Lake
open Lake DSL

/-! Lake build for users with a native Lean (elan): the same library `claimcheck build` builds. -/

package claimcheck where

@[default_target]
lean_lib MLTheory where
  srcDir := "lean"
