// arena=global names the arena after the function, and a symbol name may
// be as long as the user likes: a fixed 1024-byte buffer refused names
// above 960 bytes ("arena=global: function name longer than 960 bytes")
// that MLIR itself takes. This function's name has 1100 bytes.
// RUN: %memplan-opt %s --memplan-static="arena=global" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{arena=global})" | FileCheck %s
// REQUIRES: mlir

// CHECK: memref.global "private" @__memplan_arena_[[F:f+]] : memref<16xi8> = uninitialized {alignment = 64 : i64}
// CHECK-NEXT: func.func @[[F]](
// CHECK-NEXT: memref.get_global @__memplan_arena_[[F]] : memref<16xi8>
// CHECK-NOT: memref.alloc
func.func @ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff(%o: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  memref.copy %o, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %o : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
