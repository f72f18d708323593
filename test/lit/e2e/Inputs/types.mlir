// Element types of every size in one arena: i1 (1 byte each), i8, f16, i32,
// i64, f32; sizes that are not multiples of the alignment.
#id = affine_map<(d0) -> (d0)>
func.func @types(%in: memref<37xf32>, %o1: memref<37xi1>, %o8: memref<37xi8>,
                 %o16: memref<37xf16>, %o64: memref<37xi64>, %o32: memref<37xi32>) {
  %m = memref.alloc() : memref<37xi1>
  %b = memref.alloc() {alignment = 16 : i64} : memref<37xi8>
  %h = memref.alloc() : memref<37xf16>
  %q = memref.alloc() {alignment = 128 : i64} : memref<37xi64>
  %w = memref.alloc() : memref<37xi32>
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<37xf32>) outs(%m, %b, %h, %q, %w : memref<37xi1>, memref<37xi8>, memref<37xf16>, memref<37xi64>, memref<37xi32>) {
  ^bb0(%x: f32, %y1: i1, %y8: i8, %y16: f16, %y64: i64, %y32: i32):
    %p = arith.cmpf ogt, %x, %zero : f32
    %bits = arith.bitcast %x : f32 to i32
    %t8 = arith.trunci %bits : i32 to i8
    %tf = arith.truncf %x : f32 to f16
    %t64 = arith.extsi %bits : i32 to i64
    %sh = arith.constant 3 : i32
    %t32 = arith.shrui %bits, %sh : i32
    linalg.yield %p, %t8, %tf, %t64, %t32 : i1, i8, f16, i64, i32
  }
  // second generation: each reads the first, first-generation buffers die
  %m2 = memref.alloc() : memref<37xi1>
  %b2 = memref.alloc() : memref<37xi8>
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%m, %b : memref<37xi1>, memref<37xi8>) outs(%m2, %b2 : memref<37xi1>, memref<37xi8>) {
  ^bb0(%x: i1, %y: i8, %z: i1, %u: i8):
    %t = arith.constant true
    %n = arith.xori %x, %t : i1
    %e = arith.extui %x : i1 to i8
    %s = arith.addi %y, %e : i8
    linalg.yield %n, %s : i1, i8
  }
  memref.dealloc %m : memref<37xi1>
  memref.dealloc %b : memref<37xi8>
  %h2 = memref.alloc() : memref<37xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%h : memref<37xf16>) outs(%h2 : memref<37xf16>) {
  ^bb0(%x: f16, %y: f16):
    %r = arith.addf %x, %x : f16
    linalg.yield %r : f16
  }
  memref.copy %m2, %o1 : memref<37xi1> to memref<37xi1>
  memref.copy %b2, %o8 : memref<37xi8> to memref<37xi8>
  memref.copy %h2, %o16 : memref<37xf16> to memref<37xf16>
  memref.copy %q, %o64 : memref<37xi64> to memref<37xi64>
  memref.copy %w, %o32 : memref<37xi32> to memref<37xi32>
  memref.dealloc %m2 : memref<37xi1>
  memref.dealloc %b2 : memref<37xi8>
  memref.dealloc %h : memref<37xf16>
  memref.dealloc %h2 : memref<37xf16>
  memref.dealloc %q : memref<37xi64>
  memref.dealloc %w : memref<37xi32>
  return
}
