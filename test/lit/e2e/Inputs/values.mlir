// A live range per value and in-place reuse, with what a wrong rewrite of
// either would break:
//  - %t holds three values (bufferization's reuse of one alloc): a fill, a
//    generic from %in through a view made before it (%tv), and a copy; each
//    value is read through a view made before it was written.
//  - %p gets a fill, then only its lower half is written: a partial write,
//    at which its live range must not be split (%q, live only in between,
//    could otherwise take %p's bytes and the upper half would be lost).
//  - %a = exp-like(%in), %b = f(%a) where %a dies: %b may take %a's bytes;
//    %c = g(%d) where %d is read again after: %c may not.
#id = affine_map<(d0) -> (d0)>
func.func @values(%in: memref<64xf32>, %out: memref<64xf32>, %out2: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %t = memref.alloc() : memref<64xf32>
  %tv = memref.expand_shape %t [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %tc = memref.collapse_shape %tv [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<64xf32>)
  linalg.add ins(%tc, %in : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%tc : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %two : f32
    linalg.yield %r : f32
  }
  %u = memref.alloc() : memref<64xf32>
  linalg.add ins(%t, %out : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
  memref.copy %u, %t : memref<64xf32> to memref<64xf32>
  linalg.add ins(%tc, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)

  %p = memref.alloc() : memref<64xf32>
  linalg.fill ins(%two : f32) outs(%p : memref<64xf32>)
  %q = memref.alloc() : memref<64xf32>
  linalg.fill ins(%one : f32) outs(%q : memref<64xf32>)
  linalg.add ins(%q, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)
  %plo = memref.subview %p[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %inlo = memref.subview %in[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  linalg.copy ins(%inlo : memref<32xf32, strided<[1]>>) outs(%plo : memref<32xf32, strided<[1]>>)
  linalg.add ins(%p, %out : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>)

  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %one : f32
    linalg.yield %r : f32
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %x : f32
    linalg.yield %r : f32
  }
  %d = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : memref<64xf32>) outs(%d : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.subf %x, %two : f32
    linalg.yield %r : f32
  }
  %c = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%d : memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %x : f32
    linalg.yield %r : f32
  }
  linalg.add ins(%c, %d : memref<64xf32>, memref<64xf32>) outs(%out2 : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %u : memref<64xf32>
  memref.dealloc %p : memref<64xf32>
  memref.dealloc %q : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<64xf32>
  return
}
