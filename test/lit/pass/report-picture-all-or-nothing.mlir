// The report and picture files of a run are all written or none: every
// function renders its files in memory, and only at the module's end, when
// every function succeeded, are they written (to temporaries, then renamed
// into place). A picture that cannot be written, or a function that fails,
// leaves no file of any function, and files of an earlier run as they were.
// RUN: rm -rf %t && mkdir -p %t/a %t/c %t/mb %t/md
//
// The picture cannot be created (a missing directory): no report either.
// RUN: not %memplan-opt %s --memplan-static="report=%t/a/{func}.json picture=%t/missing/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: ls -A %t/a | count 0
//
// The second picture of @f cannot be written (a directory is in the way):
// neither @f's other files nor @g's and @h's are written.
// RUN: mkdir %t/mb/f_1.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/mb/{func}.json picture=%t/mb/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: ls -A %t/mb | count 1
// RUN: test -d %t/mb/f_1.svg
//
// A picture that cannot be written to the end (a full disk, here
// /dev/full, written in place, last) leaves no report either.
// RUN: mkdir %t/e %t/me && sed -n '/^func.func @g(/,/^}/p' %s > %t/g.mlir
// RUN: not %mlir-opt %t/g.mlir --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{report=%t/e/r.json picture=/dev/full})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: ls -A %t/e | count 0
// RUN: not %memplan-opt %t/g.mlir --memplan-static="report=%t/me/r.json picture=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: ls -A %t/me | count 0
//
// Files of an earlier run are not replaced, and no temporary is left.
// RUN: mkdir %t/c/f_1.svg && echo old > %t/c/f.json && echo old > %t/c/f_0.svg
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{report=%t/c/{func}.json picture=%t/c/{func}_{space}.svg})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: grep -x old %t/c/f.json && grep -x old %t/c/f_0.svg
// RUN: ls -A %t/c | count 3
//
// A function fails after its files were rendered: with arena=global and
// every name the arena of @h could take already used by the module, @h
// fails, and no function's file is written; earlier ones stay as they were.
// RUN: awk 'BEGIN { print "memref.global \"private\" @__memplan_arena_h : memref<1xi8> = uninitialized"; for (k = 1; k < 1000; ++k) print "memref.global \"private\" @__memplan_arena0v" k "_h : memref<1xi8> = uninitialized" }' > %t/taken.mlir
// RUN: cat %s >> %t/taken.mlir
// RUN: echo old > %t/md/h.json && echo old > %t/md/f.json
// RUN: not %memplan-opt %t/taken.mlir --memplan-static="arena=global report=%t/md/{func}.json picture=%t/md/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REWRITE
// RUN: grep -x old %t/md/h.json && grep -x old %t/md/f.json
// RUN: ls -A %t/md | count 2
//
// When all succeed, every file is kept.
// RUN: rm -rf %t/ok && mkdir %t/ok
// RUN: %memplan-opt %s --memplan-static="report=%t/ok/{func}.json picture=%t/ok/{func}_{space}.svg" -o /dev/null
// RUN: ls -A %t/ok | count 7
// REQUIRES: mlir

// MISSING: error: memplan-static: the picture of @f: {{.*}}missing/f_0.svg: cannot create the output file: No such file or directory
// MISSING-NOT: error
// FULL: error: memplan-static: the picture of @g: /dev/full: write error: No space left on device
// SECOND: error: memplan-static: the picture of @f: {{.*}}/f_1.svg: cannot write: Is a directory
// SECOND-NOT: error
// REWRITE: error: memplan-static: arena=global: no free symbol name for the arena of 'h'
// REWRITE-NOT: error

func.func @f(%x: f32, %out: memref<64xf32>, %out1: memref<64xf32, 1>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32, 1>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32, 1>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out1 : memref<64xf32, 1> to memref<64xf32, 1>
  return
}

func.func @g(%x: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}

func.func @h(%x: f32, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}
