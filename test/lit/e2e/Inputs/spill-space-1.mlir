// Buffers in memory space 1 (never freed, as device or shared memory often
// is): with capacity=1:256 spill=1:0 two of the three buffers live at once
// move to the default space, one read through a subview that moves with it;
// with capacity=1:128 the cast one (memory_space_cast takes any space) too.
#map = affine_map<(d0) -> (d0)>
func.func @spill(%in: memref<64xf32>, %out: memref<64xf32>, %out2: memref<64xf32>,
                 %out3: memref<32xf32>, %out4: memref<64xf32>) {
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<64xf32, 1>
  %b = memref.alloc() : memref<64xf32, 1>
  %c = memref.alloc() : memref<64xf32, 1>
  %d = memref.alloc() : memref<32xf32, 1>
  memref.copy %in, %a : memref<64xf32> to memref<64xf32, 1>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32, 1>) outs(%b : memref<64xf32, 1>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %two : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : memref<64xf32, 1>, memref<64xf32, 1>) outs(%c : memref<64xf32, 1>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  memref.copy %c, %out : memref<64xf32, 1> to memref<64xf32>
  %bs = memref.subview %b[0] [64] [1] : memref<64xf32, 1> to memref<64xf32, strided<[1]>, 1>
  memref.copy %bs, %out2 : memref<64xf32, strided<[1]>, 1> to memref<64xf32>
  memref.copy %a, %out4 : memref<64xf32, 1> to memref<64xf32>
  linalg.fill ins(%two : f32) outs(%d : memref<32xf32, 1>)
  %cd = memref.memory_space_cast %d : memref<32xf32, 1> to memref<32xf32>
  memref.copy %cd, %out3 : memref<32xf32> to memref<32xf32>
  return
}
