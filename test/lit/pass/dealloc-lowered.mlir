// What upstream's deallocation pipeline leaves, lowered to memref
// (--convert-bufferization-to-memref): ownership flags through scf.if and
// scf.for, pointer comparisons in @dealloc_helper, conditional deallocs.
// Made here from ../e2e/Inputs/calls-tensor.mlir, without and with
// --inline (e2e/calls.test runs both): the buffers whose addresses are only
// compared are planned, live up to the helper's call, and their conditional
// deallocs go away; the loop-carried buffer gets two slots (loop-carried.mlir),
// and the conditional deallocs of the iter_arg and the loop result, whose
// ownership flags start false, go away with it: all are planned.
// RUN: %mlir-opt %S/../e2e/Inputs/calls-tensor.mlir "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" --buffer-results-to-out-params=modify-public-functions --buffer-deallocation-pipeline --convert-bufferization-to-memref --canonicalize -o %t.noinline.mlir
// RUN: %memplan-opt %t.noinline.mlir --memplan-static="remarks=all planner=greedy-size" 2>&1 -o /dev/null | FileCheck %s
// RUN: %mlir-opt %S/../e2e/Inputs/calls-tensor.mlir --inline "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" --buffer-results-to-out-params=modify-public-functions --buffer-deallocation-pipeline --convert-bufferization-to-memref --canonicalize -o %t.inline.mlir
// RUN: %memplan-opt %t.inline.mlir --memplan-static="remarks=all planner=greedy-size" 2>&1 -o /dev/null | FileCheck %s
// REQUIRES: mlir

// CHECK-NOT: extract_aligned_pointer_as_index
// CHECK-NOT: left alone:
// CHECK: planned 9 of 9 buffers (0 left alone)
// CHECK-NOT: extract_aligned_pointer_as_index
