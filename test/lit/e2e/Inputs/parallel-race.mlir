// Two iterations that are sure to run at the same time: each writes its
// buffer %t, then waits at a barrier (an atomic counter it spins on) until
// the other has written its own, then reads %t. With per-iteration arenas
// every iteration reads what it wrote; with one arena shared by the
// iterations (run_compare.py --corrupt hoist-arenas) one of them reads the
// other's values, whatever the order of the threads: a deterministic
// difference. Only for --parallel async: run one iteration after another,
// the first would wait for the second forever.
#map = affine_map<(d0) -> (d0)>
func.func @race(%in: memref<2x64xf32>, %out: memref<2x64xf32>, %out2: memref<2x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %cnt = memref.alloca() : memref<2xi32>
  memref.store %zero, %cnt[%c0] : memref<2xi32>
  memref.store %zero, %cnt[%c1] : memref<2xi32>
  scf.forall (%i) in (2) {
    %t = memref.alloc() : memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    %rowin = memref.subview %in[%i, 0] [1, 64] [1, 1] : memref<2x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %rowin, %t : memref<64xf32, strided<[1], offset: ?>> to memref<64xf32>
    %old = memref.atomic_rmw addi %one, %cnt[%c0] : (i32, memref<2xi32>) -> i32
    scf.while : () -> () {
      %v = memref.atomic_rmw addi %zero, %cnt[%c0] : (i32, memref<2xi32>) -> i32
      %wait = arith.cmpi slt, %v, %two : i32
      scf.condition(%wait)
    } do {
      scf.yield
    }
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%t, %t : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.mulf %x, %y : f32
      linalg.yield %r : f32
    }
    %row = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<2x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %u, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %t : memref<64xf32>
    memref.dealloc %u : memref<64xf32>
  }
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    %a = memref.alloc() : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    %rowin = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<2x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %rowin, %a : memref<64xf32, strided<[1], offset: ?>> to memref<64xf32>
    %old = memref.atomic_rmw addi %one, %cnt[%c1] : (i32, memref<2xi32>) -> i32
    scf.while : () -> () {
      %v = memref.atomic_rmw addi %zero, %cnt[%c1] : (i32, memref<2xi32>) -> i32
      %wait = arith.cmpi slt, %v, %two : i32
      scf.condition(%wait)
    } do {
      scf.yield
    }
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    }
    %row = memref.subview %out2[%i, 0] [1, 64] [1, 1] : memref<2x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %b, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    scf.reduce
  }
  return
}
