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
