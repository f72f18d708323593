// Every option of memplan-static, on one function: %a (256 bytes), %d and %e
// (25 x f32 = 100 bytes each) live together; %c (256) after they died.
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size" | FileCheck %s --check-prefix=GREEDY
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=best-fit" | FileCheck %s --check-prefix=GREEDY
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=linear" | FileCheck %s --check-prefix=LINEAR
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size alignment=1" | FileCheck %s --check-prefix=ALIGN1
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size alignment=512" | FileCheck %s --check-prefix=ALIGN512
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size time-limit=2.5" | FileCheck %s --check-prefix=GREEDY
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false remarks=all planner=greedy-size}))" | FileCheck %s --check-prefix=GREEDY
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size arena=global" | FileCheck %s --check-prefix=GLOBAL
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{reorder=false remarks=all planner=greedy-size arena=global})" | FileCheck %s --check-prefix=GLOBAL
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size remarks=all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size remarks=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: rm -f %t.json %t.svg
// RUN: %memplan-opt %s --memplan-static="reorder=false remarks=all planner=greedy-size report=%t.json picture=%t.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// REQUIRES: mlir

// Default alignment 64: a@0, d@256, e@384 (not 356), c@0 (reuses a).
// GREEDY: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<484xi8>
// GREEDY-NEXT: %[[C0:.*]] = arith.constant 0 : index
// GREEDY-NEXT: memref.view %[[A]][%[[C0]]][] : memref<484xi8> to memref<64xf32>
// GREEDY-NEXT: %[[C256:.*]] = arith.constant 256 : index
// GREEDY-NEXT: memref.view %[[A]][%[[C256]]][] : memref<484xi8> to memref<25xf32>
// GREEDY-NEXT: %[[C384:.*]] = arith.constant 384 : index
// GREEDY-NEXT: memref.view %[[A]][%[[C384]]][] : memref<484xi8> to memref<25xf32>
// GREEDY: %[[C0B:.*]] = arith.constant 0 : index
// GREEDY-NEXT: memref.view %[[A]][%[[C0B]]][] : memref<484xi8> to memref<64xf32>
// GREEDY-NOT: memref.dealloc %view
// GREEDY: memref.dealloc %[[A]] : memref<484xi8>
// GREEDY-NEXT: return

// linear stacks everything: a@0, d@256, e@384, c@512.
// LINEAR: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<768xi8>

// With alignment 1, buffers keep only their element alignment (4 bytes):
// e@356 and the arena is 456 (the lower bound).
// ALIGN1: memref.alloc() {alignment = 4 : i64, memplan.arena} : memref<456xi8>
// ALIGN1: arith.constant 356 : index
// ALIGN512: memref.alloc() {alignment = 512 : i64, memplan.arena} : memref<1124xi8>

// GLOBAL: memref.global "private" @__memplan_arena_options : memref<484xi8> = uninitialized {alignment = 64 : i64}
// GLOBAL-LABEL: func.func @options
// GLOBAL-NEXT: %[[G:.*]] = memref.get_global @__memplan_arena_options : memref<484xi8>
// GLOBAL-NOT: memref.alloc
// GLOBAL-NOT: memref.dealloc
// GLOBAL: return

// REMARK: options.mlir:[[# @LINE + 12]]:1: remark: memplan-static: planned 4 of 4 buffers (0 left alone); sizes 712 bytes planned, 0 left alone; lower bound 484 bytes; arena 484 bytes in 1 arena; planner greedy-size; optimal; {{[0-9.]+}} ms
// QUIET-NOT: remark

// JSON: "function": "options"
// JSON: "planner": "greedy-size"
// JSON: "peak": 484
// JSON: "lower_bound": 484
// JSON: "buffers":
// JSON: "id": "%alloc"
// JSON: "skipped": []
// SVG: <svg

func.func @options(%out: memref<64xf32>, %o2: memref<25xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %d = memref.alloc() : memref<25xf32>
  %e = memref.alloc() : memref<25xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%d : memref<25xf32>)
  linalg.fill ins(%x : f32) outs(%e : memref<25xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %d, %o2 : memref<25xf32> to memref<25xf32>
  memref.copy %e, %o2 : memref<25xf32> to memref<25xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%c : memref<64xf32>)
  memref.copy %c, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %d : memref<25xf32>
  memref.dealloc %e : memref<25xf32>
  memref.dealloc %c : memref<64xf32>
  return
}
