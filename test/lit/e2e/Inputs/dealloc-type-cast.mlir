// A planned buffer freed through vector.type_cast. Liveness counted the cast
// as an alias (so %a was planned) but the dealloc trace did not follow it,
// so `memref.dealloc %t` stayed and the planned program freed arena memory
// (%a at a non-zero offset: a pointer into the middle of the arena).
func.func @type_cast_dealloc(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %two = arith.constant 2.0 : f32
  %first = memref.alloc() : memref<16xf32>
  memref.copy %in, %first : memref<16xf32> to memref<16xf32>
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%two : f32) outs(%a : memref<16xf32>)
  memref.copy %first, %out2 : memref<16xf32> to memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  %t = vector.type_cast %a : memref<16xf32> to memref<vector<16xf32>>
  memref.dealloc %first : memref<16xf32>
  memref.dealloc %t : memref<vector<16xf32>>
  return
}
