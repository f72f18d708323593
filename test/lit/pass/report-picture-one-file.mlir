// report= and picture= that lead to one file are refused before either is
// written: the picture, written last, would replace the report and the run
// would still succeed. The same name, a "./" spelling, a symbolic link to
// the report, and a picture whose {space} makes the report's name all count.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %memplan-opt %s --memplan-static="report=%t/a picture=%t/a" -o %t/o1.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/a
// RUN: not %memplan-opt %s --memplan-static="report=%t/b picture=%t/./b" -o %t/o2.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/b
// RUN: not %memplan-opt %s --memplan-static="report=%t/p0 picture=%t/p{space}" -o %t/o3.mlir 2>&1 | FileCheck %s
// RUN: echo old > %t/r.json && ln -s r.json %t/link.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/r.json picture=%t/link.svg" -o %t/o4.mlir 2>&1 | FileCheck %s
// RUN: grep -x old %t/r.json
// Distinct files are fine.
// RUN: %memplan-opt %s --memplan-static="report=%t/r.json picture=%t/p.svg" -o %t/ok.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t/r.json
// RUN: test -s %t/p.svg
// REQUIRES: mlir

// CHECK: report-picture-one-file.mlir:[[@LINE+2]]:1: error: memplan-static: report={{.*}} and picture={{.*}} lead to one file ({{.*}}); the picture would replace the report
// REPORT: "function": "f"
func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
