// A bad arena= is reported at each function the pass would plan, on either
// anchor; a module without one has nothing to report (the module anchor
// failed it at the module, where func.func(...) printed it unchanged).
// RUN: %memplan-opt %s --memplan-static="arena=heap" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=heap})" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{arena=heap}))" | FileCheck %s
// REQUIRES: mlir

// CHECK: module @inner
// CHECK: func.func @h
module @inner {
  func.func @h() { return }
}
// (A second op, so that the parser wraps both in a module of its own.)
memref.global "private" @g : memref<4xf32> = uninitialized
