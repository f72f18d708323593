// In-place reuse (inplace.c): an element-wise op's output takes the bytes of
// an input whose value dies at that op, when both are whole buffers of one
// shape and element size read and written through one permutation map; the
// two are one planned buffer. Anything else keeps separate bytes.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// RUN: sed -e 's|// expected-.*||' %s > %t.mlir
// RUN: %memplan-opt %t.mlir --memplan-static="in-place=false planner=greedy-size" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// The JSON report gives the bound before and after each step (null: off):
// RUN: %memplan-opt %t.mlir --memplan-static="planner=greedy-size report=%t.{func}.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.chain.json
// RUN: %memplan-opt %t.mlir --memplan-static="planner=greedy-size split=false report=%t.off.{func}.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSONOFF < %t.off.chain.json
// REQUIRES: mlir

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
#red = affine_map<(d0, d1) -> (d0)>

// A chain: %b over %a, %c over %b (f32 -> i32: one element size), all at
// offset 0 of a 4096-byte arena.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4096xi8>
// CHECK-COUNT-3: arith.constant 0 : index
// CHECK-NOT: arith.constant {{[1-9]}}
// CHECK: return
// expected-remark @+1 {{bound 8192 -> 4096 bytes (copies 0 at 0 copies, split 0 by 0 values, in-place -4096 at 2 ops, order 0 moving 0 ops)}}
func.func @chain(%in: memref<1024xf32>, %out: memref<1024xi32>) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%in : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<32x32xf32>
  %av = memref.expand_shape %a [[0, 1]] output_shape [32, 32] : memref<1024xf32> into memref<32x32xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%av : memref<32x32xf32>) outs(%b : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %x : f32
    linalg.yield %r : f32
  }
  %c = memref.alloc() : memref<32x32xi32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<32x32xf32>) outs(%c : memref<32x32xi32>) {
  ^bb0(%x: f32, %y: i32):
    %r = arith.bitcast %x : f32 to i32
    linalg.yield %r : i32
  }
  %cf = memref.collapse_shape %c [[0, 1]] : memref<32x32xi32> into memref<1024xi32>
  memref.copy %cf, %out : memref<1024xi32> to memref<1024xi32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<32x32xf32>
  memref.dealloc %c : memref<32x32xi32>
  return
}
// OFF: bound 8192 -> 8192 bytes (copies 0 at 0 copies, split 0 by 0 values, in-place off, order 0 moving 0 ops)

// None of these may write over %a: it is read again after the op; it is
// read through a transposed map, or twice; the output is broadcast from a
// row of it, or reduced from it, or of another element size; only half of it
// is the input.
// CHECK-LABEL: func.func @not_in_place
// expected-remark @+1 {{(copies 0 at 0 copies, split 0 by 0 values, in-place 0 at 0 ops, order 0 moving 0 ops)}}
func.func @not_in_place(%in: memref<32x32xf32>, %out: memref<32x32xf32>, %o16: memref<32x32xf16>, %o1: memref<32xf32>) {
  %a = memref.alloc() : memref<32x32xf32>
  linalg.copy ins(%in : memref<32x32xf32>) outs(%a : memref<32x32xf32>)
  %b = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<32x32xf32>) outs(%b : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.add ins(%a, %b : memref<32x32xf32>, memref<32x32xf32>) outs(%out : memref<32x32xf32>)
  %c = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<32x32xf32>) outs(%c : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  %d = memref.alloc() : memref<32x32xf32>
  linalg.add ins(%c, %c : memref<32x32xf32>, memref<32x32xf32>) outs(%d : memref<32x32xf32>)
  %r = memref.alloc() : memref<32xf32>
  %d0 = memref.subview %d[0, 0] [1, 32] [1, 1] : memref<32x32xf32> to memref<32xf32, strided<[1]>>
  linalg.copy ins(%d0 : memref<32xf32, strided<[1]>>) outs(%r : memref<32xf32>)
  %e = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r : memref<32xf32>) outs(%e : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  %s = memref.alloc() : memref<32xf32>
  linalg.generic {indexing_maps = [#id2, #red], iterator_types = ["parallel", "reduction"]}
      ins(%e : memref<32x32xf32>) outs(%s : memref<32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.copy ins(%s : memref<32xf32>) outs(%o1 : memref<32xf32>)
  %h = memref.alloc() : memref<32x32xf16>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<32x32xf32>) outs(%h : memref<32x32xf16>) {
  ^bb0(%x: f32, %y: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.copy ins(%h : memref<32x32xf16>) outs(%o16 : memref<32x32xf16>)
  %k = memref.alloc() : memref<16x32xf32>
  %hi = memref.subview %in[16, 0] [16, 32] [1, 1] : memref<32x32xf32> to memref<16x32xf32, strided<[32, 1], offset: 512>>
  %half = memref.alloc() : memref<32x32xf32>
  linalg.copy ins(%in : memref<32x32xf32>) outs(%half : memref<32x32xf32>)
  %hv = memref.subview %half[0, 0] [16, 32] [1, 1] : memref<32x32xf32> to memref<16x32xf32, strided<[32, 1]>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%hv : memref<16x32xf32, strided<[32, 1]>>) outs(%k : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  %ko = memref.subview %out[0, 0] [16, 32] [1, 1] : memref<32x32xf32> to memref<16x32xf32, strided<[32, 1]>>
  linalg.copy ins(%k : memref<16x32xf32>) outs(%ko : memref<16x32xf32, strided<[32, 1]>>)
  return
}

// Two outputs of one op, one of them (%d) dead at once: only one may take
// %a's bytes. Both over %a would write each element's bytes twice in the
// same iteration, and the dead output's value could land last. %d comes
// first (it is allocated first), takes %a's bytes and leaves %a's group
// ending at the op, which is why merge() also refuses a second output of an
// op a group already took one at. 4096 bytes each: %a and %d share, %b has
// its own.
// CHECK-LABEL: func.func @two_outputs
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<8192xi8>
// expected-remark @+1 {{bound 12288 -> 8192 bytes (copies 0 at 0 copies, split 0 by 0 values, in-place -4096 at 1 op, order 0 moving 0 ops)}}
func.func @two_outputs(%in: memref<1024xf32>, %out: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%in : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %d = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<1024xf32>) outs(%b, %d : memref<1024xf32>, memref<1024xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %n = arith.negf %x : f32
    linalg.yield %n, %x : f32, f32
  }
  linalg.copy ins(%b : memref<1024xf32>) outs(%out : memref<1024xf32>)
  return
}

// JSON:      "bound": {
// JSON-NEXT:   "given": 8192,
// JSON-NEXT:   "copies": 8192,
// JSON-NEXT:   "split": 8192,
// JSON-NEXT:   "in-place": 4096
// JSONOFF:      "bound": {
// JSONOFF-NEXT:   "given": 8192,
// JSONOFF-NEXT:   "copies": 8192,
// JSONOFF-NEXT:   "split": null,
// JSONOFF-NEXT:   "in-place": 4096
