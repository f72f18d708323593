// What upstream's deallocation pipeline leaves, lowered to memref
// (--convert-bufferization-to-memref): ownership flags through scf.if and
// scf.for, pointer comparisons in @dealloc_helper, conditional deallocs.
// Made here from ../e2e/Inputs/calls-tensor.mlir, without and with
// --inline (e2e/calls.test runs both): the buffers whose addresses are only
// compared are planned, live up to the helper's call, and their conditional
// deallocs go away; the loop-carried buffer, and the one a conditional
// dealloc in the loop may free with it, are left alone.
// RUN: %mlir-opt %S/../e2e/Inputs/calls-tensor.mlir "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" --buffer-results-to-out-params=modify-public-functions --buffer-deallocation-pipeline --convert-bufferization-to-memref --canonicalize -o %t.noinline.mlir
// RUN: %memplan-opt %t.noinline.mlir --memplan-static="remarks=all planner=greedy-size" 2>&1 -o /dev/null | FileCheck %s
// RUN: %mlir-opt %S/../e2e/Inputs/calls-tensor.mlir --inline "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" --buffer-results-to-out-params=modify-public-functions --buffer-deallocation-pipeline --convert-bufferization-to-memref --canonicalize -o %t.inline.mlir
// RUN: %memplan-opt %t.inline.mlir --memplan-static="remarks=all planner=greedy-size" 2>&1 -o /dev/null | FileCheck %s
// REQUIRES: mlir

// CHECK-NOT: extract_aligned_pointer_as_index
// CHECK-DAG: left alone: carried across iterations of its enclosing loop
// CHECK-DAG: left alone: a memref.dealloc may free it or a buffer memplan leaves alone
// CHECK-DAG: planned 7 of 9 buffers
// CHECK-NOT: extract_aligned_pointer_as_index
