// A planned buffer freed through the result of a multi-block
// scf.execute_region (the yield is in the second block). %first is live
// while %b is written, so %b sits at a non-zero offset of the arena. When
// the dealloc trace looked only at the first block's terminator, it found no
// source for %r, kept `memref.dealloc %r`, and the planned program freed a
// pointer into the middle of the arena (then the arena itself): it aborted.
func.func @execute_region_dealloc(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %two = arith.constant 2.0 : f32
  %first = memref.alloc() : memref<16xf32>
  memref.copy %in, %first : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%two : f32) outs(%b : memref<16xf32>)
  memref.copy %first, %out2 : memref<16xf32> to memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    cf.br ^bb1
  ^bb1:
    scf.yield %b : memref<16xf32>
  }
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %first : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}
