// A second run of the pass over its own output is a fixed point: the same
// IR. The arena=alloc arena is an i8 memref.alloc like any other, and a
// second run planned it into a new arena, one level of views deeper on
// every run. The pass marks it with the discardable unit attribute
// memplan.arena and leaves such allocs alone, with a remark saying why (as
// for every alloc left alone). With arena=global the arena is a
// memref.get_global, not an alloc, and a second run finds nothing to plan.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all" -o %t/a1.mlir
// RUN: %memplan-opt %t/a1.mlir --memplan-static="reorder=false remarks=all" -o %t/a2.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: diff %t/a1.mlir %t/a2.mlir
// RUN: FileCheck %s < %t/a1.mlir
// RUN: %mlir-opt %t/a1.mlir --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false remarks=all}))" -o %t/a3.mlir 2>/dev/null
// RUN: diff %t/a1.mlir %t/a3.mlir
// The report lists the arena among the allocs left alone, with its reason.
// RUN: %memplan-opt %t/a1.mlir --memplan-static="reorder=false remarks=all report=%t/{func}.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t/compute.json
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all arena=global" -o %t/g1.mlir
// RUN: %memplan-opt %t/g1.mlir --memplan-static="reorder=false remarks=all arena=global" -o %t/g2.mlir
// RUN: diff %t/g1.mlir %t/g2.mlir
// RUN: FileCheck %s --check-prefix=GLOBAL < %t/g1.mlir
// REQUIRES: mlir

// CHECK-LABEL: func.func @compute
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<80xi8>
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[A]]
// CHECK-LABEL: func.func @space1
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8, 1>
// CHECK-NOT: memref.alloc
// CHECK: memref.view %[[B]]

// REMARK: a1.mlir:[[#]]:[[#]]: remark: memplan-static: %alloc left alone: the arena of an earlier memplan-static run
// REMARK: remark: memplan-static: planned 0 of 1 buffers (1 left alone); sizes 0 bytes planned, 80 left alone;
// REMARK: a1.mlir:[[#]]:[[#]]: remark: memplan-static: %alloc left alone: the arena of an earlier memplan-static run
// REMARK: remark: memplan-static: planned 0 of 1 buffers (1 left alone); sizes 0 bytes planned, 128 left alone;

// REPORT: "arenas": [],
// REPORT-NEXT: "skipped": [
// REPORT-NEXT: {
// REPORT-NEXT: "id": "%alloc",
// REPORT-NEXT: "reason": "the arena of an earlier memplan-static run"

// GLOBAL: memref.global "private" @__memplan_arena_compute : memref<80xi8> = uninitialized {alignment = 64 : i64}
// GLOBAL-LABEL: func.func @compute
// GLOBAL-NEXT: memref.get_global @__memplan_arena_compute
// GLOBAL-NOT: memref.alloc
// GLOBAL-LABEL: func.func @space1
func.func @compute(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = arith.index_cast %i : index to i32
    %y = arith.sitofp %x : i32 to f32
    memref.store %y, %a[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    %w = arith.addf %v, %f1 : f32
    memref.store %w, %b[%i] : memref<4xf32>
  }
  %c = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %b[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %c[%i] : memref<4xf32>
  }
  memref.copy %c, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return
}

// An arena outside the default memory space (freed in that space, as the
// input freed its buffers).
func.func @space1(%out: memref<16xf32, 1>, %f: f32) {
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<16xf32, 1>
  linalg.fill ins(%f : f32) outs(%a : memref<16xf32, 1>)
  linalg.fill ins(%f : f32) outs(%b : memref<16xf32, 1>)
  memref.copy %a, %out : memref<16xf32, 1> to memref<16xf32, 1>
  memref.copy %b, %out : memref<16xf32, 1> to memref<16xf32, 1>
  memref.dealloc %a : memref<16xf32, 1>
  memref.dealloc %b : memref<16xf32, 1>
  return
}
