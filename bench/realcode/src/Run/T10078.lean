-- Adapted from https://github.com/leanprover/lean4, file `tests/lean/run/10078.lean`, commit e7e53469cc400e02e803fdf23c335ec2b7c8a3b5.
-- Apache-2.0 (Lean 4 authors); see bench/realcode/LICENSE.
-- Changes: made a module: `module`, `public import`, `@[expose] public section`.
module

@[expose] public section

@[macro_inline] def rhs (_ : @Eq α x y) := y

def String.data' : type_of% data := fun self => rhs (data.eq_def self)
def ByteArray.data' : type_of% data := fun self => rhs (data.eq_def self)
def FloatArray.data' : type_of% data := fun self => rhs (data.eq_def self)
def Array.toList' : type_of% @toList := fun {α} self => rhs (toList.eq_def α self)
def Thunk.fn' : type_of% @fn := fun {α} self => rhs (fn.eq_def α self)
def Task.get' : type_of% @get := fun {α} self => rhs (get.eq_def α self)

#eval " ".data'
#eval ByteArray.empty.data'
#eval FloatArray.empty.data'
#eval #["", ""].toList'
#eval (Thunk.mk fun _ => "").fn' ()
#eval (Task.spawn fun _ => "").get'
