// arena=arg: @f's arenas (one in the default memory space, one in space 1)
// become arguments. @g calls @f twice: the pass updates both calls to pass
// arenas it allocates around them. @main is the driver of the --no-wrap run
// (both its buffers go to @printMemrefF32, a declaration, which may keep
// them, so it plans nothing and keeps its signature);
// without --no-wrap the harness calls @f (the function with most allocs),
// asking @f_arena_size() for the sizes as a runtime would.
#map = affine_map<(d0) -> (d0)>
func.func private @printMemrefF32(memref<*xf32>)

func.func @f(%in: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  %s = memref.alloc() : memref<64xf32, 1>
  %cs = memref.memory_space_cast %s : memref<64xf32, 1> to memref<64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %x : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %in : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%x: f32, %z: f32, %y: f32):
    %r = arith.mulf %x, %z : f32
    linalg.yield %r : f32
  }
  memref.copy %b, %cs : memref<64xf32> to memref<64xf32>
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%b, %a : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%x: f32, %z: f32, %y: f32):
    %r = arith.subf %x, %z : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%c, %cs : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %z: f32, %y: f32):
    %r = arith.addf %x, %z : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

func.func @g(%in: memref<64xf32>, %out: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  call @f(%in, %t) : (memref<64xf32>, memref<64xf32>) -> ()
  call @f(%t, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %t : memref<64xf32>
  return
}

func.func @main() {
  %in = memref.alloc() : memref<64xf32>
  %out = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    memref.store %f, %in[%i] : memref<64xf32>
  }
  %v = memref.cast %in : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  call @g(%in, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  %u = memref.cast %out : memref<64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<64xf32>
  memref.dealloc %out : memref<64xf32>
  return
}
