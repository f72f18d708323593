// Loops whose buffers a liveness without back edges would get wrong, for
// --convert-scf-to-cf (test/lit/e2e/cfg.test): %a is read at the top of
// every iteration and %t is written after that read in the same iteration;
// the next iteration reads %a again, so %t must not take %a's bytes. The
// while loop does the same with %w and %u. %acc carries a sum over both.
#id = affine_map<(d0) -> (d0)>
func.func @loops(%in: memref<64xf32>, %out: memref<64xf32>, %out2: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  %acc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<64xf32>)
  scf.for %i = %c0 to %c3 step %c1 {
    linalg.add ins(%acc, %a : memref<64xf32>, memref<64xf32>) outs(%acc : memref<64xf32>)
    %t = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%acc : memref<64xf32>) outs(%t : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %m = arith.mulf %x, %half : f32
      linalg.yield %m : f32
    }
    linalg.add ins(%acc, %t : memref<64xf32>, memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
  }
  %w = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%w : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  }
  %r = scf.while (%j = %c0) : (index) -> index {
    linalg.add ins(%acc, %w : memref<64xf32>, memref<64xf32>) outs(%acc : memref<64xf32>)
    %go = arith.cmpi slt, %j, %c3 : index
    scf.condition(%go) %j : index
  } do {
  ^bb0(%k: index):
    %u = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%acc : memref<64xf32>) outs(%u : memref<64xf32>) {
    ^bb0(%x: f32, %y: f32):
      %m = arith.mulf %x, %half : f32
      linalg.yield %m : f32
    }
    linalg.add ins(%acc, %u : memref<64xf32>, memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %u : memref<64xf32>
    %n = arith.addi %k, %c1 : index
    scf.yield %n : index
  }
  memref.copy %acc, %out : memref<64xf32> to memref<64xf32>
  memref.copy %w, %out2 : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %acc : memref<64xf32>
  memref.dealloc %w : memref<64xf32>
  return
}
