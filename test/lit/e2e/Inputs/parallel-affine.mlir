// affine.parallel, run one iteration after another: %w and %u, defined
// outside, are read by every iteration (planned into the function's arena,
// both live for the whole loop, as for scf.parallel), and each iteration
// has a buffer of its own (a per-iteration arena).
#map = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (63 - d0)>
func.func @apar(%in: memref<8x64xf32>, %out: memref<8x64xf32>) {
  %w = memref.alloc() : memref<64xf32>
  %row0 = memref.subview %in[0, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#rev, #map], iterator_types = ["parallel"]}
      ins(%row0 : memref<64xf32, strided<[1]>>) outs(%w : memref<64xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  %u = memref.alloc() : memref<64xf32>
  %row1 = memref.subview %in[1, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: 64>>
  memref.copy %row1, %u : memref<64xf32, strided<[1], offset: 64>> to memref<64xf32>
  affine.parallel (%i) = (0) to (8) {
    %rowin = memref.subview %in[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    %rowout = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    %t = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #rev, #map], iterator_types = ["parallel"]}
        ins(%rowin, %w : memref<64xf32, strided<[1], offset: ?>>, memref<64xf32>) outs(%t : memref<64xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%t, %u : memref<64xf32>, memref<64xf32>) outs(%rowout : memref<64xf32, strided<[1], offset: ?>>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %m = arith.mulf %a, %b : f32
      linalg.yield %m : f32
    }
    memref.dealloc %t : memref<64xf32>
  }
  memref.dealloc %u : memref<64xf32>
  memref.dealloc %w : memref<64xf32>
  return
}
