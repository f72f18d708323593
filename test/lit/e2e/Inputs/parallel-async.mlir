// Per-iteration arenas (parallel.h) on the async runtime's worker threads:
// scf.forall (three buffers per iteration) and scf.parallel (two) become
// async-parallel-for dispatches, and eight async.execute bodies (two
// buffers each) are spawned by a loop; iterations and executions run at
// the same time, each with its own arena. %w is read inside the
// async.execute bodies, which may run later: it keeps its allocation.
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
  // async.execute bodies, one per row, spawned by a loop: each execution
  // may run beside the others and gets its own arena.
  %grp = async.create_group %c8 : !async.group
  scf.for %i = %c0 to %c8 step %c1 {
    %tok = async.execute {
      %rowin = memref.subview %out2[%i, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<64xf32, strided<[1], offset: ?>>
      %p = memref.alloc() : memref<64xf32>
      %q = memref.alloc() : memref<64xf32>
      linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
          ins(%rowin, %w : memref<64xf32, strided<[1], offset: ?>>, memref<64xf32>) outs(%p : memref<64xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %r = arith.subf %x, %y : f32
        linalg.yield %r : f32
      }
      linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
          ins(%p, %rowin : memref<64xf32>, memref<64xf32, strided<[1], offset: ?>>) outs(%q : memref<64xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %r = arith.mulf %x, %y : f32
        linalg.yield %r : f32
      }
      memref.dealloc %p : memref<64xf32>
      memref.dealloc %q : memref<64xf32>
      async.yield
    }
    %idx = async.add_to_group %tok, %grp : !async.token
  }
  async.await_all %grp
  memref.dealloc %w : memref<64xf32>
  return
}
