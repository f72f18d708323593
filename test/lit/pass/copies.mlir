// Copies removed (copies.c): `memref.copy %S, %D` where S dies at the copy and
// D is a padded buffer's interior (or all of a buffer): the ops that write S
// write D instead, the destination's alloc, fill and subview move before S's
// first writer, and S, its copy and its dealloc go away; only where the
// max-live bound does not rise. The first RUN shows the rewritten IR (the
// pass is run with planning on; the CHECK lines follow the ops, not the
// arena offsets).
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: sed -e 's|// expected-.*||' %s > %t.mlir
// RUN: %memplan-opt %t.mlir --memplan-static="copies=false planner=greedy-size" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %memplan-opt %t.mlir --memplan-static="planner=greedy-size report=%t.{func}.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.pad.json
// REQUIRES: mlir

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// The padded feature map: %s (1x8x8x4 f32, 1024 bytes) is computed, then
// copied into the interior of the zero-filled %p (1x10x10x4, 1600 bytes).
// After: the generic writes the subview of %p; %p's fill runs before it.
// CHECK-LABEL: func.func @pad
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[P:.*]] : memref<1x10x10x4xf32>)
// CHECK: %[[D:.*]] = memref.subview %[[P]][0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1]
// CHECK: linalg.generic {{.*}} ins(%arg0 : memref<1x8x8x4xf32>) outs(%[[D]] : memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>)
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} ins(%[[P]] : memref<1x10x10x4xf32>)
// CHECK: return
// expected-remark @+1 {{bound 2624 -> 1600 bytes (copies -1024 at 1 copy, split 0 by 0 values, in-place 0 at 0 ops, order 0 moving 0 ops)}}
func.func @pad(%in: memref<1x8x8x4xf32>, %out: memref<1x10x10x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%in : memref<1x8x8x4xf32>) outs(%s : memref<1x8x8x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %c0 : f32
    linalg.yield %r : f32
  }
  %p = memref.alloc() : memref<1x10x10x4xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<1x10x10x4xf32>)
  %d = memref.subview %p[0, 1, 1, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x10x10x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.copy %s, %d : memref<1x8x8x4xf32> to memref<1x8x8x4xf32, strided<[400, 40, 4, 1], offset: 44>>
  memref.dealloc %s : memref<1x8x8x4xf32>
  linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p : memref<1x10x10x4xf32>) outs(%out : memref<1x10x10x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %p : memref<1x10x10x4xf32>
  return
}
// OFF: remark: memplan-static: planned 2 of 2 buffers {{.*}}; bound 2624 -> 2624 bytes (copies off, split 0 by 0 values, in-place 0 at 0 ops, order 0 moving 0 ops)
// JSON: "bound": {
// JSON-DAG: "given": 2624
// JSON-DAG: "copies": 1600

// A copy into a whole buffer: %s's writers (a fill, then a matmul that reads
// and writes it) write %p; no view is needed.
// CHECK-LABEL: func.func @whole
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[W:.*]] : memref<16x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg0 : memref<16x16xf32>, memref<16x16xf32>) outs(%[[W]] : memref<16x16xf32>)
// CHECK-NEXT: memref.copy %[[W]], %arg1
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
// expected-remark @+1 {{(copies -1024 at 1 copy,}}
func.func @whole(%in: memref<16x16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%c0 : f32) outs(%s : memref<16x16xf32>)
  linalg.matmul ins(%in, %in : memref<16x16xf32>, memref<16x16xf32>) outs(%s : memref<16x16xf32>)
  %p = memref.alloc() : memref<16x16xf32>
  memref.copy %s, %p : memref<16x16xf32> to memref<16x16xf32>
  memref.copy %p, %out : memref<16x16xf32> to memref<16x16xf32>
  return
}

// Kept: %s is read after the copy.
// CHECK-LABEL: func.func @read_after
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
// expected-remark @+1 {{(copies 0 at 0 copies,}}
func.func @read_after(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<64xf32>
  memref.copy %in, %s : memref<64xf32> to memref<64xf32>
  %p = memref.alloc() : memref<80xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<80xf32>)
  %d = memref.subview %p[8] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1], offset: 8>>
  memref.copy %s, %d : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
  memref.copy %s, %out : memref<64xf32> to memref<64xf32>
  %q = memref.subview %p[0] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1]>>
  memref.copy %q, %out : memref<64xf32, strided<[1]>> to memref<64xf32>
  return
}

// Kept: %p is read between %s's first writer and the copy (moving its fill
// before that writer would change what the read sees).
// CHECK-LABEL: func.func @dest_read_between
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
// expected-remark @+1 {{(copies 0 at 0 copies,}}
func.func @dest_read_between(%in: memref<64xf32>, %out: memref<64xf32>, %o2: memref<80xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<64xf32>
  memref.copy %in, %s : memref<64xf32> to memref<64xf32>
  %p = memref.alloc() : memref<80xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<80xf32>)
  memref.copy %p, %o2 : memref<80xf32> to memref<80xf32>
  %d = memref.subview %p[8] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1], offset: 8>>
  memref.copy %s, %d : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
  %q = memref.subview %p[0] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1]>>
  memref.copy %q, %out : memref<64xf32, strided<[1]>> to memref<64xf32>
  return
}

// Kept: %s is seen through a view (expand_shape ties the layout).
// CHECK-LABEL: func.func @src_view
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
// expected-remark @+1 {{(copies 0 at 0 copies,}}
func.func @src_view(%in: memref<8x8xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<64xf32>
  %sv = memref.expand_shape %s [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  memref.copy %in, %sv : memref<8x8xf32> to memref<8x8xf32>
  %p = memref.alloc() : memref<80xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<80xf32>)
  %d = memref.subview %p[8] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1], offset: 8>>
  memref.copy %s, %d : memref<64xf32> to memref<64xf32, strided<[1], offset: 8>>
  %q = memref.subview %p[0] [64] [1] : memref<80xf32> to memref<64xf32, strided<[1]>>
  memref.copy %q, %out : memref<64xf32, strided<[1]>> to memref<64xf32>
  return
}

// Kept: the bound would rise. %s (256 bytes) is written first, then %big
// (4096 bytes) lives and dies; %p (512 bytes) made live from %s's writer on
// would be live beside %big: 4096 + 512 > 4096 + 256.
// CHECK-LABEL: func.func @bound_rises
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<64xf32> to memref<64xf32, strided<[1], offset: 32>>
// expected-remark @+1 {{bound 4352 -> 4352 bytes (copies 0 at 0 copies,}}
func.func @bound_rises(%in: memref<64xf32>, %i2: memref<1024xf32>, %out: memref<128xf32>, %o2: memref<1024xf32>) {
  %c0 = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<64xf32>
  memref.copy %in, %s : memref<64xf32> to memref<64xf32>
  %big = memref.alloc() : memref<1024xf32>
  memref.copy %i2, %big : memref<1024xf32> to memref<1024xf32>
  memref.copy %big, %o2 : memref<1024xf32> to memref<1024xf32>
  %p = memref.alloc() : memref<128xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<128xf32>)
  %d = memref.subview %p[32] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1], offset: 32>>
  memref.copy %s, %d : memref<64xf32> to memref<64xf32, strided<[1], offset: 32>>
  memref.copy %p, %out : memref<128xf32> to memref<128xf32>
  return
}

// A concatenation: each part dies at its copy into its own slice of %p.
// Both copies go; the second part's writer writes its slice while the first
// slice is already written (the slices are disjoint), and %p's alloc moves
// once, before the first part's writer.
// CHECK-LABEL: func.func @concat_two_parts
// CHECK: %[[P:.*]] = memref.view
// CHECK: %[[D1:.*]] = memref.subview %[[P]][0] [4] [1]
// CHECK-NEXT: linalg.map { arith.addf } ins({{.*}}) outs(%[[D1]]
// CHECK: %[[D2:.*]] = memref.subview %[[P]][4] [4] [1]
// CHECK-NEXT: linalg.map { arith.mulf } ins({{.*}}) outs(%[[D2]]
// CHECK-NOT: memref.copy %{{.*}}, %[[D1]]
// CHECK: memref.copy %[[P]], %arg1
// expected-remark @+1 {{(copies -112 at 2 copies,}}
func.func @concat_two_parts(%in: memref<4xf32>, %out: memref<8xf32>) {
  %s1 = memref.alloc() : memref<4xf32>
  linalg.map { arith.addf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s1 : memref<4xf32>)
  %s2 = memref.alloc() : memref<4xf32>
  linalg.map { arith.mulf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s2 : memref<4xf32>)
  %p = memref.alloc() : memref<8xf32>
  %d1 = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  memref.copy %s1, %d1 : memref<4xf32> to memref<4xf32, strided<[1]>>
  %d2 = memref.subview %p[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %s2, %d2 : memref<4xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.copy %p, %out : memref<8xf32> to memref<8xf32>
  return
}

// Two parts whose slices overlap (elements 2 and 3): the second copy must
// land after the first part's values, so only one copy goes.
// CHECK-LABEL: func.func @concat_overlapping_parts
// expected-remark @+1 {{at 1 copy,}}
func.func @concat_overlapping_parts(%in: memref<4xf32>, %out: memref<6xf32>) {
  %s1 = memref.alloc() : memref<4xf32>
  linalg.map { arith.addf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s1 : memref<4xf32>)
  %s2 = memref.alloc() : memref<4xf32>
  linalg.map { arith.mulf } ins(%in, %in : memref<4xf32>, memref<4xf32>) outs(%s2 : memref<4xf32>)
  %p = memref.alloc() : memref<6xf32>
  %d1 = memref.subview %p[0] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1]>>
  memref.copy %s1, %d1 : memref<4xf32> to memref<4xf32, strided<[1]>>
  %d2 = memref.subview %p[2] [4] [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.copy %s2, %d2 : memref<4xf32> to memref<4xf32, strided<[1], offset: 2>>
  memref.copy %p, %out : memref<6xf32> to memref<6xf32>
  return
}

// Kept: %p is written through a view made before %s's first writer (%e
// covers the same elements as %d). Following P's uses alone missed the
// write through %e: %s's value was then overwritten by 2.0.
// CHECK-LABEL: func.func @dest_written_through_earlier_view
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32> to memref<4xf32, strided<[1]>>
// expected-remark @+1 {{(copies 0 at 0 copies,}}
func.func @dest_written_through_earlier_view(%out: memref<8xf32>) {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %c0 = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8xf32>
  linalg.fill ins(%c0 : f32) outs(%p : memref<8xf32>)
  %e = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%c1 : f32) outs(%s : memref<4xf32>)
  linalg.fill ins(%c2 : f32) outs(%e : memref<4xf32, strided<[1]>>)
  %d = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  memref.copy %s, %d : memref<4xf32> to memref<4xf32, strided<[1]>>
  memref.copy %p, %out : memref<8xf32> to memref<8xf32>
  return
}
