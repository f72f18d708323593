// Stack buffers (memref.alloca) planned into one stack arena: %s1 and %s2
// are live together and read reversed into each other; in the loop, %t is
// written from the loop-carried state in %acc and read back every
// iteration, while %s3 (made before the loop) is read in every iteration.
// The output depends on every buffer's bytes, so an overlap shows.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (63 - d0)>
func.func @stack(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  %s1 = memref.alloca() : memref<64xf32>
  %s2 = memref.alloca() : memref<64xf32>
  linalg.mul ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%s1 : memref<64xf32>)
  linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%s1 : memref<64xf32>) outs(%s2 : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %half : f32
    linalg.yield %m : f32
  }
  %s3 = memref.alloca() : memref<64xf32>
  linalg.add ins(%s1, %s2 : memref<64xf32>, memref<64xf32>) outs(%s3 : memref<64xf32>)
  %acc = memref.alloca() : memref<64xf32>
  memref.copy %in, %acc : memref<64xf32> to memref<64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloca() : memref<64xf32>
    linalg.generic {indexing_maps = [#rev, #id, #id], iterator_types = ["parallel"]}
        ins(%acc, %s3 : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %half : f32
      %s = arith.addf %m, %y : f32
      linalg.yield %s : f32
    }
    memref.copy %t, %acc : memref<64xf32> to memref<64xf32>
  }
  memref.copy %acc, %out : memref<64xf32> to memref<64xf32>
  return
}
