// Buffers in memory space 1 that the program never frees (as for device or
// shared memory). Unplanned, it lowers with finalize-memref-to-llvm and
// runs. The pass used to free the arena with
// `memref.dealloc %arena : memref<Nxi8, 1>`, which that lowering rejects
// ('llvm.call' op operand type mismatch: '!llvm.ptr<1>' != '!llvm.ptr'):
// the planned program did not lower at all.
func.func @never_freed(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1>
  %ca = memref.memory_space_cast %a : memref<16xf32, 1> to memref<16xf32>
  %cb = memref.memory_space_cast %b : memref<16xf32, 1> to memref<16xf32>
  memref.copy %in, %ca : memref<16xf32> to memref<16xf32>
  linalg.fill ins(%two : f32) outs(%b : memref<16xf32, 1>)
  memref.copy %ca, %out2 : memref<16xf32> to memref<16xf32>
  memref.copy %cb, %out : memref<16xf32> to memref<16xf32>
  return
}
