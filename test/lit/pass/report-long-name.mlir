// A symbol name may be as long as the user likes. report= and the
// messages that name the function (its location unknown) took it through a
// fixed 1024-byte buffer: "function name longer than 1023 bytes", nothing
// written. This function's name has 1100 bytes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="report=%t/r.json picture=%t/p.svg remarks=all" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=REPORT < %t/r.json
// RUN: test -s %t/p.svg
// REQUIRES: mlir

// REMARK: <unknown>:0: remark: memplan-static: in @{{g{250}g{250}g{250}g{250}(g{100})}}: %alloc_0 left alone: returned from the function
// REMARK: <unknown>:0: remark: memplan-static: in @{{g{250}g{250}g{250}g{250}(g{100})}}: planned 1 of 2 buffers
// REPORT: "function": "{{g{250}g{250}g{250}g{250}(g{100})}}",
func.func @gggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg(%o: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32> loc(unknown)
  %b = memref.alloc() : memref<4xf32> loc(unknown)
  memref.copy %o, %a : memref<4xf32> to memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return %b : memref<4xf32>
} loc(unknown)
