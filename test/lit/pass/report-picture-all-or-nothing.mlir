// A function's report and pictures are all written or none: they are
// staged as temporaries, the IR is rewritten, and only then are they renamed
// into place. The report used to be written before a picture failed (or a
// first picture before a second one did, or both before the rewrite
// failed), and stayed beside a run that failed, or replaced the file of an
// earlier good run. Nested under func.func, other functions' files are
// kept: each function is its own run of the pass. On the module (the
// --memplan-static flag, builtin.module(memplan-static)), the files of all
// functions are kept only when every one succeeds.
// RUN: rm -rf %t && mkdir -p %t/a %t/b %t/c %t/d %t/mb %t/md
//
// The picture cannot be created (a missing directory): no report either.
// RUN: not %memplan-opt %s --memplan-static="report=%t/a/{func}.json picture=%t/missing/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: ls -A %t/a | count 0
//
// @f's second picture cannot be written (a directory is in the way): @f
// writes nothing; nested under func.func, @g and @h, which succeed, write
// theirs; on the module nobody does.
// RUN: mkdir %t/b/f_1.svg %t/mb/f_1.svg
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/b/{func}.json picture=%t/b/{func}_{space}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: not test -e %t/b/f.json
// RUN: not test -e %t/b/f_0.svg
// RUN: test -s %t/b/g.json && test -s %t/b/g_0.svg && test -s %t/b/h.json && test -s %t/b/h_0.svg
// RUN: ls -A %t/b | count 5
// RUN: not %memplan-opt %s --memplan-static="report=%t/mb/{func}.json picture=%t/mb/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: ls -A %t/mb | count 1
// RUN: test -d %t/mb/f_1.svg
//
// A picture that cannot be written to the end (a full disk, here
// /dev/full, written in place) leaves no report either: nested under
// func.func, where it is written when staged, and on the module, where the
// files are staged in memory and written at the module's end.
// RUN: mkdir %t/e %t/me && sed -n '/^func.func @g(/,/^}/p' %s > %t/g.mlir
// RUN: not %mlir-opt %t/g.mlir --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/e/r.json picture=/dev/full}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: ls -A %t/e | count 0
// RUN: not %memplan-opt %t/g.mlir --memplan-static="report=%t/me/r.json picture=/dev/full" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MFULL
// RUN: ls -A %t/me | count 0
//
// Files of an earlier run are not replaced, and no temporary is left.
// RUN: mkdir %t/c/f_1.svg && echo old > %t/c/f.json && echo old > %t/c/f_0.svg
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/c/{func}.json picture=%t/c/{func}_{space}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: grep -x old %t/c/f.json && grep -x old %t/c/f_0.svg
// RUN: ls -A %t/c | count 7
//
// The rewrite fails after the files were staged: with arena=global and
// every name the arena of @h could take already used by the module, @h
// fails and writes nothing, and its earlier report stays as it was. On the
// module, @f's and @g's files, written before @h failed, are taken back.
// RUN: awk 'BEGIN { print "memref.global \"private\" @__memplan_arena_h : memref<1xi8> = uninitialized"; for (k = 1; k < 1000; ++k) print "memref.global \"private\" @__memplan_arena0v" k "_h : memref<1xi8> = uninitialized" }' > %t/taken.mlir
// RUN: cat %s >> %t/taken.mlir
// RUN: echo old > %t/d/h.json
// RUN: not %mlir-opt %t/taken.mlir --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{arena=global report=%t/d/{func}.json picture=%t/d/{func}_{space}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REWRITE
// RUN: grep -x old %t/d/h.json
// RUN: not test -e %t/d/h_0.svg
// RUN: test -s %t/d/f.json && test -s %t/d/f_0.svg && test -s %t/d/f_1.svg && test -s %t/d/g.json && test -s %t/d/g_0.svg
// RUN: ls -A %t/d | count 6
// RUN: echo old > %t/md/h.json && echo old > %t/md/f.json
// RUN: not %memplan-opt %t/taken.mlir --memplan-static="arena=global report=%t/md/{func}.json picture=%t/md/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REWRITE
// RUN: grep -x old %t/md/h.json && grep -x old %t/md/f.json
// RUN: ls -A %t/md | count 2
//
// When all succeed, the module keeps every file.
// RUN: rm -rf %t/ok && mkdir %t/ok
// RUN: %memplan-opt %s --memplan-static="report=%t/ok/{func}.json picture=%t/ok/{func}_{space}.svg" -o /dev/null
// RUN: ls -A %t/ok | count 7
// REQUIRES: mlir

// MISSING: error: memplan-static: {{(picture|the picture of @f)}}: {{.*}}missing/f_0.svg: cannot create the output file: No such file or directory
// FULL: error: memplan-static: picture: /dev/full: write error: No space left on device
// MFULL: error: memplan-static: the picture of @g: /dev/full: write error: No space left on device
// SECOND: error: memplan-static: {{(picture|the picture of @f)}}: {{.*}}/f_1.svg: cannot write: Is a directory
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
