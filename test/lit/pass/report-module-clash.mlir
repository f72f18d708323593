// All report and picture files of a run are known before any is kept:
// two that lead to one file, in ways a function cannot see from its own
// name ("d/{func}/../r", a link made beforehand between two functions'
// names), are refused and none is written. They used to replace one
// another with exit status 0.
// RUN: rm -rf %t && mkdir -p %t/dot/f %t/dot/g %t/sym %t/hard
// RUN: not %memplan-opt %s --memplan-static="report=%t/dot/{func}/../r.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: not test -e %t/dot/r.json
// RUN: echo old > %t/sym/f.json && ln -s f.json %t/sym/g.json
// RUN: not %memplan-opt %s --memplan-static="report=%t/sym/{func}.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYM
// RUN: grep -x old %t/sym/f.json
// RUN: echo old > %t/hard/f.json && ln %t/hard/f.json %t/hard/g.json
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{report=%t/hard/{func}.json})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HARD
// RUN: grep -x old %t/hard/f.json
// RUN: ls -A %t/hard | count 2
// REQUIRES: mlir

// DOT: error: memplan-static: the report of @f ({{.*}}dot/f/../r.json) and the report of @g ({{.*}}dot/g/../r.json) lead to one file (no file is written)
// SYM: error: memplan-static: the report of @f ({{.*}}sym/f.json) and the report of @g ({{.*}}sym/g.json) lead to one file
// HARD: error: memplan-static: the report of @f ({{.*}}hard/f.json) and the report of @g ({{.*}}hard/g.json) lead to one file
func.func @f(%x: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}
func.func @g(%x: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}
