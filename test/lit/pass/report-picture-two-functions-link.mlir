// report=DIR/{func}.json and picture=DIR/{func}.svg give no two functions
// one name (".json" never ends a name that ".svg" ends), so only a link
// can make @a's report and @b's picture one file. A function compares its
// files with every other function's only when one of its own is a link:
// the function whose path is the link is refused before it writes, and the
// other one's file is written and not replaced. (Comparing every function
// with every other one cost F^2 system calls.)
//  - @b's picture is a symbolic link to @a's report: @b is refused,
//    @a writes its report (JSON, not @b's picture) and its picture.
//    The same with report=DIR/r_{func} picture=DIR/p_{func}, whose names
//    cannot start alike.
//  - @a's report is a symbolic link to @b's picture: @a is refused.
//  - the two are hard links to one file: both are refused, the file
//    keeps its text.
//  - a function of an enclosing block (@x) does not see the
//    functions of a nested module: @m.y compares with it, and is refused
//    when @x's picture is a link to @m.y's report.
// RUN: rm -rf %t && mkdir -p %t/p %t/b %t/a %t/h %t/n
// RUN: ln -s r_a %t/p/p_b
// RUN: not %memplan-opt %s --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/p/r_{func} picture=%t/p/p_{func}}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: FileCheck %s --check-prefix=REPORT-A < %t/p/r_a
// RUN: not test -e %t/p/r_b
// RUN: ln -s a.json %t/b/b.svg
// RUN: not %memplan-opt %s --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/b/{func}.json picture=%t/b/{func}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINKB
// RUN: FileCheck %s --check-prefix=REPORT-A < %t/b/a.json
// RUN: test -s %t/b/a.svg
// RUN: not test -e %t/b/b.json
// RUN: ln -s b.svg %t/a/a.json
// RUN: not %memplan-opt %s --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/a/{func}.json picture=%t/a/{func}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINKA
// RUN: grep -q "<svg" %t/a/b.svg
// RUN: FileCheck %s --check-prefix=REPORT-B < %t/a/b.json
// RUN: not test -e %t/a/a.svg
// RUN: echo old > %t/h/a.json && ln %t/h/a.json %t/h/b.svg
// RUN: not %memplan-opt %s --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/h/{func}.json picture=%t/h/{func}.svg}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HARD
// RUN: grep -x old %t/h/b.svg
// RUN: ln -s m.y.json %t/n/x.svg
// RUN: not %memplan-opt %s --pass-pipeline="builtin.module(func.func(memplan-static{report=%t/n/{func}.json picture=%t/n/{func}.svg}),builtin.module(func.func(memplan-static{report=%t/n/{func}.json picture=%t/n/{func}.svg})))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not test -e %t/n/m.y.json
// REQUIRES: mlir

// PREFIX-NOT: error: memplan-static: report=
// PREFIX: report-picture-two-functions-link.mlir:[[@LINE+25]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/p_b) for the report of @a and the picture of @b; the one written last would replace the other
// PREFIX-NOT: error: memplan-static: report=
// LINKB-NOT: error: memplan-static: report=
// LINKB: report-picture-two-functions-link.mlir:[[@LINE+22]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/b.svg) for the report of @a and the picture of @b; the one written last would replace the other
// LINKB-NOT: error: memplan-static: report=
// LINKA-NOT: error: memplan-static: report=
// LINKA: report-picture-two-functions-link.mlir:[[@LINE+9]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/a.json) for the report of @a and the picture of @b; the one written last would replace the other
// LINKA-NOT: error: memplan-static: report=
// HARD-DAG: report-picture-two-functions-link.mlir:[[@LINE+7]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/a.json) for the report of @a and the picture of @b
// HARD-DAG: report-picture-two-functions-link.mlir:[[@LINE+16]]:1: error: memplan-static: report= and picture= lead to one file ({{.*}}/b.svg) for the report of @a and the picture of @b
// NESTED-NOT: error: memplan-static: report=
// NESTED: report-picture-two-functions-link.mlir:[[@LINE+34]]:3: error: memplan-static: report= and picture= lead to one file ({{.*}}/m.y.json) for the report of @m.y and the picture of @x; the one written last would replace the other
// NESTED-NOT: error: memplan-static: report=
// REPORT-A: "function": "a"
// REPORT-B: "function": "b"
func.func @a(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<16xf32>
  memref.store %x, %m[%c0] : memref<16xf32>
  %v = memref.load %m[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @b(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<32xf32>
  memref.store %x, %m[%c0] : memref<32xf32>
  %v = memref.load %m[%c0] : memref<32xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %m : memref<32xf32>
  return
}

func.func @x(%v: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<16xf32>
  memref.store %v, %m[%c0] : memref<16xf32>
  %w = memref.load %m[%c0] : memref<16xf32>
  memref.store %w, %out[%c0] : memref<16xf32>
  return
}

module @m {
  func.func @y(%v: f32, %out: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %m = memref.alloc() : memref<32xf32>
    memref.store %v, %m[%c0] : memref<32xf32>
    %w = memref.load %m[%c0] : memref<32xf32>
    memref.store %w, %out[%c0] : memref<16xf32>
    return
  }
}
