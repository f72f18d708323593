// A live range per value (values.c): where an op writes every byte of a
// buffer without reading it, the buffer's next value becomes a planned
// buffer of its own, with its own view before that op; a view made before
// the op and used after it is made again from the new view. Unsafe or
// partial cases keep one live range; with remarks=all the pass says why
// where a split point was refused.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// split=false: one live range per alloc, the bound of the given order:
// RUN: sed -e 's|// expected-.*||' %s > %t.mlir
// RUN: %memplan-opt %t.mlir --memplan-static="split=false planner=greedy-size" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// REQUIRES: mlir

// %t's first value dies before %big is used; its second starts at the copy.
// 256 + 4096 bytes live together before, 4096 after.
// CHECK-LABEL: func.func @reused
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4096xi8>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[T0:.*]] = memref.view %[[A]][%[[C0]]][] : memref<4096xi8> to memref<64xf32>
// CHECK-NEXT: %[[TV0:.*]] = memref.expand_shape %[[T0]]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[T0]] : memref<64xf32>)
// CHECK: linalg.add ins(%[[TV0]], %{{.*}} : memref<8x8xf32>, memref<8x8xf32>)
// CHECK: memref.view %[[A]]{{.*}} to memref<1024xf32>
// CHECK: linalg.copy
// CHECK-NEXT: %[[C1:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[T1:.*]] = memref.view %[[A]][%[[C1]]][] : memref<4096xi8> to memref<64xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[T1]]
// CHECK-NEXT: %[[TV1:.*]] = memref.expand_shape %[[T1]]
// CHECK-NEXT: linalg.add ins(%[[TV1]], %[[TV1]] : memref<8x8xf32>, memref<8x8xf32>) outs(%[[TV1]] : memref<8x8xf32>)
// CHECK-NEXT: linalg.copy ins(%[[T1]] : memref<64xf32>)
// CHECK-NOT: memref.expand_shape
// CHECK: return
// expected-remark @+1 {{bound 4352 -> 4096 bytes (copies 0 at 0 copies, split -256 by 1 value, in-place 0 at 0 ops, order 0 moving 0 ops)}}
func.func @reused(%in: memref<64xf32>, %out: memref<64xf32>, %f: f32) {
  %t = memref.alloc() : memref<64xf32>
  %tv = memref.expand_shape %t [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  %inv = memref.expand_shape %in [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %outv = memref.expand_shape %out [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  linalg.add ins(%tv, %inv : memref<8x8xf32>, memref<8x8xf32>) outs(%outv : memref<8x8xf32>)
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<1024xf32>)
  %bs = memref.subview %big[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%bs : memref<64xf32, strided<[1]>>) outs(%out : memref<64xf32>)
  memref.copy %in, %t : memref<64xf32> to memref<64xf32>
  linalg.add ins(%tv, %tv : memref<8x8xf32>, memref<8x8xf32>) outs(%tv : memref<8x8xf32>)
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %big : memref<1024xf32>
  return
}
// OFF: remark: memplan-static: planned 2 of 2 buffers {{.*}}; bound 4352 -> 4352 bytes (copies 0 at 0 copies, split off, in-place 0 at 0 ops, order 0 moving 0 ops)

// Writes that do not start a value: half of the buffer; all of it but
// reading it too (an input is the same buffer); all of it inside a region.
// CHECK-LABEL: func.func @not_split
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4352xi8>
// expected-remark @+1 {{bound 4352 -> 4352 bytes (copies 0 at 0 copies, split 0 by 0 values,}}
func.func @not_split(%in: memref<64xf32>, %out: memref<64xf32>, %f: f32, %c: i1) {
  // expected-remark @+1 {{%alloc not split at the 'linalg.fill' at 79:5, which writes all of it: it is inside 'scf.if' (a region may skip a write or repeat it)}}
  %t = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<1024xf32>)
  %bs = memref.subview %big[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%bs : memref<64xf32, strided<[1]>>) outs(%out : memref<64xf32>)
  %lo = memref.subview %t[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  linalg.fill ins(%f : f32) outs(%lo : memref<32xf32, strided<[1]>>)
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (63 - d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%t : memref<64xf32>) outs(%t : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  scf.if %c {
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  }
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %big : memref<1024xf32>
  return
}

// An alias that is no view: the split point is refused, with the reason.
// CHECK-LABEL: func.func @selected
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<4352xi8>
// expected-remark @+1 {{bound 4352 -> 4352 bytes (copies 0 at 0 copies, split 0 by 0 values,}}
func.func @selected(%in: memref<64xf32>, %out: memref<64xf32>, %f: f32, %c: i1) {
  // expected-remark @+1 {{%alloc not split at the 'memref.copy' at}}
  %t = memref.alloc() : memref<64xf32>
  %u = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%u : memref<64xf32>)
  %s = arith.select %c, %t, %u : memref<64xf32>
  linalg.copy ins(%s : memref<64xf32>) outs(%out : memref<64xf32>)
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<1024xf32>)
  %bs = memref.subview %big[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%bs : memref<64xf32, strided<[1]>>) outs(%out : memref<64xf32>)
  memref.copy %in, %t : memref<64xf32> to memref<64xf32>
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %u : memref<64xf32>
  memref.dealloc %big : memref<1024xf32>
  return
}

// Handed through a loop's iter_args: refused too.
// CHECK-LABEL: func.func @carried
// expected-remark @+1 {{memplan-static: planned 2 of 2 buffers}}
func.func @carried(%in: memref<64xf32>, %out: memref<64xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{%alloc not split at the 'linalg.fill' at}}
  %t = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %t) -> (memref<64xf32>) {
    linalg.copy ins(%x : memref<64xf32>) outs(%out : memref<64xf32>)
    scf.yield %x : memref<64xf32>
  }
  %big = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%f : f32) outs(%big : memref<1024xf32>)
  %bs = memref.subview %big[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%bs : memref<64xf32, strided<[1]>>) outs(%out : memref<64xf32>)
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  linalg.copy ins(%t : memref<64xf32>) outs(%out : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %big : memref<1024xf32>
  return
}
