-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10181.lean`, commit de38a16fa99a0e095a58d6149e3295bd66959ce0.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module
public import Lean.CoreM

@[expose] public section

open Lean Meta Core

def asTask {α} (t : CoreM α) : CoreM (BaseIO Unit × Task (CoreM α)) := do
  let task ← (t.toIO (← read) (← get)).asTask
  return (IO.cancel task, task.map (prio := .max) fun
  | .ok (a, s) => do set s; pure a
  | .error e => throwError m!"Task failed:\n{e}")

def asTask' {α} (t : CoreM α) : CoreM (Task (CoreM α)) := (·.2) <$> asTask t

def f : CoreM Name := do
  let t1 ← asTask' do mkFreshUserName `f
  t1.get
