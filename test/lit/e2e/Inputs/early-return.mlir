// Functions with an early return (several blocks, two func.returns): %a is
// live on both paths; on the longer one %b, %c, %d come and go. The harness
// fills %in with values in (0, 1]; %in[5] is about 0.28, so @early_taken
// (limit 0.1) leaves by ^exit and @early_not_taken (limit 0.9) by ^more
// (test/lit/e2e/cfg.test runs both).
func.func @early_taken(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c5 = arith.constant 5 : index
  %limit = arith.constant 0.1 : f32
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.mul ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
  %x = memref.load %in[%c5] : memref<64xf32>
  %p = arith.cmpf ogt, %x, %limit : f32
  cf.cond_br %p, ^exit, ^more
^exit:
  %e = memref.alloc() : memref<64xf32>
  linalg.add ins(%a, %in : memref<64xf32>, memref<64xf32>) outs(%e : memref<64xf32>)
  linalg.add ins(%e, %a : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %e : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
^more:
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (63 - d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%v: f32, %w: f32):
    %m = arith.mulf %v, %half : f32
    linalg.yield %m : f32
  }
  %c = memref.alloc() : memref<64xf32>
  linalg.add ins(%b, %in : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  %d = memref.alloc() : memref<64xf32>
  linalg.add ins(%c, %c : memref<64xf32>, memref<64xf32>) outs(%d : memref<64xf32>)
  linalg.add ins(%d, %a : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}

func.func @early_not_taken(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c5 = arith.constant 5 : index
  %limit = arith.constant 0.9 : f32
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<64xf32>
  linalg.mul ins(%in, %in : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
  %x = memref.load %in[%c5] : memref<64xf32>
  %p = arith.cmpf ogt, %x, %limit : f32
  cf.cond_br %p, ^exit, ^more
^exit:
  %e = memref.alloc() : memref<64xf32>
  linalg.add ins(%a, %in : memref<64xf32>, memref<64xf32>) outs(%e : memref<64xf32>)
  linalg.add ins(%e, %a : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %e : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
^more:
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (63 - d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%v: f32, %w: f32):
    %m = arith.mulf %v, %half : f32
    linalg.yield %m : f32
  }
  %c = memref.alloc() : memref<64xf32>
  linalg.add ins(%b, %in : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>)
  %d = memref.alloc() : memref<64xf32>
  linalg.add ins(%c, %c : memref<64xf32>, memref<64xf32>) outs(%d : memref<64xf32>)
  linalg.add ins(%d, %a : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}
