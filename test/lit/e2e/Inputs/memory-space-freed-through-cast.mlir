// Buffers in memory space 1, one freed after a cast to the default space
// (the only dealloc that lowers): the arena is freed the same way, through
// a memory_space_cast, so the planned program neither fails to lower nor
// leaks what the unplanned one frees.
func.func @freed_through_cast(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1>
  %ca = memref.memory_space_cast %a : memref<16xf32, 1> to memref<16xf32>
  %cb = memref.memory_space_cast %b : memref<16xf32, 1> to memref<16xf32>
  memref.copy %in, %ca : memref<16xf32> to memref<16xf32>
  linalg.fill ins(%two : f32) outs(%b : memref<16xf32, 1>)
  memref.copy %ca, %out2 : memref<16xf32> to memref<16xf32>
  memref.copy %cb, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %ca : memref<16xf32>
  return
}
