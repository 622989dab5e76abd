-- Adapted from https://github.com/leanprover/lean4, file `tests/bench/omega/omega3.lean`, commit c37bc84c0264b838f0a948f7c572f52fb0d01daa.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: recorded-goal comment and profiler options removed; made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

set_option maxHeartbeats 0
theorem foo
(h_si_x0_nonzero : six0 ≠ 0)
(h_s0_x1 : s0x1 + 0x10#64 * (s0x0 - six0) + 0x10#64 = s0x1 + 0x10#64 * (s0x0 - (six0 - 0x1#64)))
(h_s0_x2 : s0x2 + 0x10#64 * (s0x0 - six0) + 0x10#64 = s0x2 + 0x10#64 * (s0x0 - (six0 - 0x1#64)))
(h_assert_1 : six0 ≤ s0x0)
(h_assert_3 : six1 = s0x1 + 0x10#64 * (s0x0 - six0))
(h_assert_4 : six2 = s0x2 + 0x10#64 * (s0x0 - six0))
(n : Nat)
(addr : BitVec 64)
(h_le : (s0x0 - (six0 - 0x1#64)).toNat ≤ s0x0.toNat)
(h_upper_bound : addr.toNat + n ≤ 2 ^ 64)
(h_upper_bound₂ : s0x2.toNat + s0x0.toNat * 16 ≤ 2 ^ 64)
(h_upper_bound₃ : s0x2.toNat + (0x10#64 * (s0x0 - (six0 - 0x1#64))).toNat ≤ 2 ^ 64)
(h_width_lt : (0x10#64).toNat * (s0x0 - (six0 - 0x1#64)).toNat < 2 ^ 64) :
 (s0x2 + 0x10#64 * (s0x0 - six0)).toNat + 16 ≤ 2 ^ 64 := by bv_omega
