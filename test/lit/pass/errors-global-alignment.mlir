// arena=global makes the arena an LLVM global, and LLVM refuses a global
// aligned to more than 2^32 bytes: a buffer with {alignment = 2^33} gave a
// global that mlir-translate rejected ("huge alignment values are
// unsupported"). Such a buffer now keeps its own memref.alloc (which any
// alignment suits), and alignment= above 2^32 with arena=global is refused.
// RUN: %memplan-opt %s --memplan-static="remarks=all planner=greedy-size arena=global" -o %t.mlir 2>&1 | FileCheck %s
// RUN: mlir-opt %t.mlir --finalize-memref-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: not %memplan-opt %s --memplan-static="remarks=all arena=global alignment=8589934592" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: %memplan-opt %s --memplan-static="remarks=all arena=alloc alignment=8589934592" -o /dev/null
// REQUIRES: mlir

// CHECK: remark: memplan-static: %alloc left alone: alignment 8589934592: with arena=global the arena is an LLVM global, aligned to at most 2^32
// CHECK-NOT: left alone:
// OPT: error: memplan-static: bad alignment=8589934592 with arena=global (an LLVM global aligns to at most 2^32; use arena=alloc)
func.func @f(%o: memref<4xf32>) {
  %a = memref.alloc() {alignment = 8589934592 : i64} : memref<4xf32>
  %b = memref.alloc() {alignment = 4294967296 : i64} : memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  memref.copy %b, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
