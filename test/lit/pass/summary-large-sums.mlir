// The summary's sums of sizes may pass 2^64 (five 2^62-byte buffers, four
// of them left alone): they wrapped to 0 ("0 left alone"); now exact.
// split=false: the copies below write all of their targets, so with a live
// range per value the buffers would not be live together.
// RUN: %memplan-opt %s --memplan-static="split=false remarks=all" -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: mlir

// CHECK: remark: memplan-static: planned 1 of 5 buffers (4 left alone); sizes 4611686018427387904 bytes planned, 18446744073709551616 left alone; lower bound 4611686018427387904 bytes; arena 4611686018427387904 bytes in 1 arena;
func.func @five() {
  %a = memref.alloc() : memref<4611686018427387904xi8>
  %b = memref.alloc() : memref<4611686018427387904xi8>
  %c = memref.alloc() : memref<4611686018427387904xi8>
  %d = memref.alloc() : memref<4611686018427387904xi8>
  %e = memref.alloc() : memref<4611686018427387904xi8>
  memref.copy %a, %b : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  memref.copy %c, %d : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  memref.copy %e, %a : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  memref.copy %b, %c : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  memref.copy %d, %e : memref<4611686018427387904xi8> to memref<4611686018427387904xi8>
  return
}
