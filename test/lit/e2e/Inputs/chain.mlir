// A chain of linalg ops through every view kind: each temporary dies early,
// so a planner reuses its bytes; a wrong reuse changes %out.
#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%in: memref<64xf32>, %out: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %half : f32
    linalg.yield %r : f32
  }
  %b = memref.alloc() : memref<8x8xf32>
  %a2 = memref.expand_shape %a [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %at = memref.transpose %a2 (d0, d1) -> (d1, d0) : memref<8x8xf32> to memref<8x8xf32, strided<[1, 8]>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%at : memref<8x8xf32, strided<[1, 8]>>) outs(%b : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %x : f32
    linalg.yield %r : f32
  }
  // %a is dead here; %c may take its bytes
  %c = memref.alloc() : memref<64xf32>
  %bf = memref.collapse_shape %b [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %lo = memref.subview %c[0] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2]>>
  %hi = memref.subview %c[1] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2], offset: 1>>
  %blo = memref.subview %bf[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %bhi = memref.subview %bf[32] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: 32>>
  linalg.copy ins(%blo : memref<32xf32, strided<[1]>>) outs(%lo : memref<32xf32, strided<[2]>>)
  linalg.copy ins(%bhi : memref<32xf32, strided<[1], offset: 32>>) outs(%hi : memref<32xf32, strided<[2], offset: 1>>)
  %d = memref.alloc() : memref<64xf32>
  %cc = memref.cast %c : memref<64xf32> to memref<?xf32>
  %bb = memref.reinterpret_cast %b to offset: [0], sizes: [64], strides: [1] : memref<8x8xf32> to memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%cc, %bb : memref<?xf32>, memref<64xf32>) outs(%d : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = arith.subf %x, %y : f32
    linalg.yield %r : f32
  }
  %d2 = memref.expand_shape %d [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  memref.copy %d2, %out : memref<8x8xf32> to memref<8x8xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<8x8xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}
