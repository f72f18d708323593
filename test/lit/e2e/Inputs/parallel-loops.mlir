// Per-iteration arenas (parallel.h), run one iteration after another:
// scf.forall with three buffers per iteration and a nested scf.forall with
// two of its own, scf.parallel with two; %w, defined outside, is read by
// every iteration (planned into the function's arena, live for both loops).
#map = affine_map<(d0) -> (d0)>
func.func @par(%in: memref<8x64xf32>, %out: memref<8x64xf32>, %out2: memref<8x64xf32>, %out3: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %w = memref.alloc() : memref<64xf32>
  %rowin0 = memref.subview %in[0, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1]>>
  memref.copy %rowin0, %w : memref<64xf32, strided<[1]>> to memref<64xf32>
  scf.forall (%i) in (8) {
    %rowin = memref.subview %in[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    %t = memref.alloc() : memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    %v = memref.alloc() : memref<64xf32>
    memref.copy %rowin, %t : memref<64xf32, strided<[1], offset: ?>> to memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%t, %w : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.mulf %x, %y : f32
      linalg.yield %r : f32
    }
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%u, %t : memref<64xf32>, memref<64xf32>) outs(%v : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.subf %x, %y : f32
      linalg.yield %r : f32
    }
  // a nested scope: per-iteration buffers of an inner scf.forall
  scf.forall (%j) in (2) {
    %h = memref.alloc() : memref<32xf32>
    %g = memref.alloc() : memref<32xf32>
    %qs = memref.subview %v[%j] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2], offset: ?>>
    memref.copy %qs, %h : memref<32xf32, strided<[2], offset: ?>> to memref<32xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%h, %h : memref<32xf32>, memref<32xf32>) outs(%g : memref<32xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    }
    %os = memref.subview %out3[%i, %j] [1, 32] [1, 2] : memref<8x64xf32> to memref<32xf32, strided<[2], offset: ?>>
    memref.copy %g, %os : memref<32xf32> to memref<32xf32, strided<[2], offset: ?>>
    memref.dealloc %h : memref<32xf32>
    memref.dealloc %g : memref<32xf32>
  }
    %row = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %v, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %t : memref<64xf32>
    memref.dealloc %u : memref<64xf32>
    memref.dealloc %v : memref<64xf32>
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %rowin = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    %a = memref.alloc() : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%rowin, %w : memref<64xf32, strided<[1], offset: ?>>, memref<64xf32>) outs(%a : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    }
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.mulf %x, %y : f32
      linalg.yield %r : f32
    }
    %row = memref.subview %out2[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %b, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    scf.reduce
  }
  memref.dealloc %w : memref<64xf32>
  return
}
