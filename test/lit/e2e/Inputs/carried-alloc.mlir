// A buffer allocated inside a loop body and carried to the next iteration
// (the shape upstream bufferization gives tensor iter_args): iteration i+1
// reads the buffer iteration i wrote while writing its own new buffer, so the
// two must not share bytes even though both come from the same alloc op.
// The previous buffer is freed inside the loop, the last one after it.
#id = affine_map<(d0) -> (d0)>
func.func @carried(%in: memref<16xf32>, %out: memref<16xf32>, %out2: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%buf = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    %rev = memref.alloc() : memref<16xf32>
    // %new[j] = %buf[j] * 0.5 + %buf[15 - j]: reads all of %buf while writing %new
    linalg.generic {indexing_maps = [affine_map<(d0) -> (15 - d0)>, #id], iterator_types = ["parallel"]}
        ins(%buf : memref<16xf32>) outs(%rev : memref<16xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
    }
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%buf, %rev : memref<16xf32>, memref<16xf32>) outs(%new : memref<16xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %half : f32
      %s = arith.addf %m, %y : f32
      linalg.yield %s : f32
    }
    memref.dealloc %rev : memref<16xf32>
    memref.dealloc %buf : memref<16xf32>
    scf.yield %new : memref<16xf32>
  }
  %post = memref.alloc() : memref<16xf32>
  linalg.fill ins(%half : f32) outs(%post : memref<16xf32>)
  memref.copy %r, %out : memref<16xf32> to memref<16xf32>
  memref.copy %post, %out2 : memref<16xf32> to memref<16xf32>
  memref.dealloc %post : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}
