// loop-carried-pingpong.mlir's ping-pong in loops whose induction variable
// is an i32 and an i64 (scf.for takes index or any signless integer): the
// parity that picks a carried buffer's slot is computed in that type. The
// bounds (-5 to 12 step 2) make iv - lb and the division matter: iv is
// always odd and iv - lb always even, so a parity that dropped either
// would put every instance in one slot.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (31 - d0)>
func.func @pp32(%in: memref<32xf32>, %out: memref<32xf32>) {
  %lb = arith.constant -5 : i32
  %st = arith.constant 2 : i32
  %ub = arith.constant 12 : i32
  %false = arith.constant false
  %true = arith.constant true
  %h = arith.constant 0.5 : f32
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %in, %own = %false)
      -> (memref<32xf32>, i1) : i32 {
    %y = memref.alloc() : memref<32xf32>
    %fi = arith.sitofp %i : i32 to f32
    linalg.generic {indexing_maps = [#rev, #id, #id], iterator_types = ["parallel"]}
        ins(%x, %x : memref<32xf32>, memref<32xf32>) outs(%y : memref<32xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %h : f32
      %s = arith.addf %m, %q : f32
      %t = arith.addf %s, %fi : f32
      linalg.yield %t : f32
    }
    scf.if %own {
      memref.dealloc %x : memref<32xf32>
    }
    scf.yield %y, %true : memref<32xf32>, i1
  }
  memref.copy %r#0, %out : memref<32xf32> to memref<32xf32>
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<32xf32>
  }
  return
}

func.func @pp64(%in: memref<32xf32>, %out: memref<32xf32>) {
  %lb = arith.constant -5 : i64
  %st = arith.constant 2 : i64
  %ub = arith.constant 12 : i64
  %false = arith.constant false
  %true = arith.constant true
  %h = arith.constant 0.5 : f32
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %in, %own = %false)
      -> (memref<32xf32>, i1) : i64 {
    %y = memref.alloc() : memref<32xf32>
    %fi = arith.sitofp %i : i64 to f32
    linalg.generic {indexing_maps = [#rev, #id, #id], iterator_types = ["parallel"]}
        ins(%x, %x : memref<32xf32>, memref<32xf32>) outs(%y : memref<32xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %h : f32
      %s = arith.addf %m, %q : f32
      %t = arith.addf %s, %fi : f32
      linalg.yield %t : f32
    }
    scf.if %own {
      memref.dealloc %x : memref<32xf32>
    }
    scf.yield %y, %true : memref<32xf32>, i1
  }
  memref.copy %r#0, %out : memref<32xf32> to memref<32xf32>
  scf.if %r#1 {
    memref.dealloc %r#0 : memref<32xf32>
  }
  return
}
