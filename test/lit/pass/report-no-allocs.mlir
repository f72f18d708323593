// report= and picture= write their files for every function with a body,
// also one without any alloc: an empty report and an empty picture, as for
// a function whose allocs were all left alone. Before, nothing was written
// and a stale file from an earlier run passed for this run's answer.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo stale > %t/r_empty.json && echo stale > %t/p_empty.svg
// RUN: echo stale > %t/r_kept.json && echo stale > %t/p_kept.svg
// RUN: %memplan-opt %s --memplan-static="report=%t/r_{func}.json picture=%t/p_{func}.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=EMPTY < %t/r_empty.json
// RUN: FileCheck %s --check-prefix=KEPT < %t/r_kept.json
// RUN: FileCheck %s --check-prefix=SVG < %t/p_empty.svg
// RUN: FileCheck %s --check-prefix=SVG < %t/p_kept.svg
// Through the plugin, into fresh files:
// RUN: rm -f %t/r_empty.json %t/p_empty.svg
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{report=%t/r_{func}.json picture=%t/p_{func}.svg})" -o /dev/null
// RUN: FileCheck %s --check-prefix=EMPTY < %t/r_empty.json
// RUN: FileCheck %s --check-prefix=SVG < %t/p_empty.svg
// A declaration has no plan and writes nothing:
// RUN: not test -e %t/r_decl.json
// REQUIRES: mlir

// EMPTY: "function": "empty"
// EMPTY-NEXT: "arenas": []
// EMPTY-NEXT: "skipped": []
// KEPT: "function": "kept"
// KEPT-NEXT: "arenas": []
// KEPT-NEXT: "skipped": [
// KEPT: "reason": "returned from the function"
// SVG-NOT: stale
// SVG: <svg
// SVG-NOT: stale
func.func @empty(%x: f32, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  memref.store %x, %out[%c0] : memref<4xf32>
  return
}

func.func @kept() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}

func.func private @decl(memref<4xf32>)
