// A picture= that is a symbolic link to the report's name, while the
// report does not exist yet, leads to the report too: the report was
// written first, then the link resolved and the picture replaced it (exit
// 0, the report lost). Refused, and neither is written, also through a
// chain of relative links in another directory: a link to a missing target
// is refused as any output refuses it.
// RUN: rm -rf %t && mkdir -p %t/sub
// RUN: ln -s r.json %t/link.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/r.json picture=%t/link.svg" -o %t/o1.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/r.json
// RUN: ln -s ../r2.json %t/sub/l2 && ln -s sub/l2 %t/l3
// RUN: not %memplan-opt %s --memplan-static="report=%t/r2.json picture=%t/l3" -o %t/o2.mlir 2>&1 | FileCheck %s
// RUN: not test -e %t/r2.json
// The same for a link to another missing name.
// RUN: not %memplan-opt %s --memplan-static="report=%t/r3.json picture=%t/link.svg" -o %t/o3.mlir 2>&1 | FileCheck %s --check-prefix=DANGLING
// RUN: not test -e %t/r3.json
// REQUIRES: mlir

// CHECK: report-picture-dangling-link.mlir:[[@LINE+3]]:1: error: memplan-static: the picture of @f: {{.*}}: symbolic link to a missing target
// CHECK-NOT: error
// DANGLING: error: memplan-static: the picture of @f: {{.*}}link.svg: symbolic link to a missing target
func.func @f(%x: f32, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
