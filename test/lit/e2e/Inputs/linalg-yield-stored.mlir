// A buffer yielded by linalg.yield is written into the outs of its
// linalg.generic (here a memref of memrefs) and read back through it after
// its last direct use. The pass took linalg.yield for a plain read, so %b
// and %c shared bytes and the read through %box saw %c's 2.0 instead of
// %b's 1.0.
#id = affine_map<(d0) -> (d0)>
func.func @linalg_yield_stored(%out: memref<4xf32>, %out2: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %box = memref.alloca() : memref<1xmemref<4xf32>>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<4xf32>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%box : memref<1xmemref<4xf32>>) {
  ^bb0(%o: memref<4xf32>):
    linalg.yield %b : memref<4xf32>
  }
  %c = memref.alloc() : memref<4xf32>
  linalg.fill ins(%two : f32) outs(%c : memref<4xf32>)
  memref.copy %c, %out : memref<4xf32> to memref<4xf32>
  %back = memref.load %box[%c0] : memref<1xmemref<4xf32>>
  memref.copy %back, %out2 : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
