// Hand-written memref ping-pong for loop-carried.test: each iteration
// allocates its new buffer from the previous one (read reversed, so that
// one slot for both would overwrite what is still to be read) and frees the
// previous one under an ownership flag that starts false, as upstream's
// deallocation does; the first iter_arg is the function's argument.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (31 - d0)>
func.func @pingpong(%in: memref<32xf32>, %out: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %false = arith.constant false
  %true = arith.constant true
  %h = arith.constant 0.5 : f32
  %r:2 = scf.for %i = %c1 to %c12 step %c3 iter_args(%x = %in, %own = %false)
      -> (memref<32xf32>, i1) {
    %y = memref.alloc() : memref<32xf32>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
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
