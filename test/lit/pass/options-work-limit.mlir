// work-limit= bounds the search of exact/auto in work (search nodes), not
// time: with it and no time-limit the plan does not depend on the machine.
// Ten buffers (a seeded random problem) on which exact needs a search to
// prove the optimum 284: without a limit the report says optimal; with
// work-limit=1 the search stops after a node or two and returns its best
// valid plan (feasible, validated), the same on every run. A value that is
// not an unsigned integer is refused by the option parser.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=exact alignment=1 report=%t/full.json" -o %t/full.mlir
// RUN: FileCheck %s --check-prefix=FULL < %t/full.json
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=exact alignment=1 work-limit=1 report=%t/w1.json" -o %t/w1.mlir
// RUN: FileCheck %s --check-prefix=W1 < %t/w1.json
// RUN: FileCheck %s --check-prefix=IR < %t/w1.mlir
// RUN: %mlir-opt --verify-each %t/w1.mlir -o /dev/null
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{reorder=false planner=exact alignment=1 work-limit=1 report=%t/w1-plugin.json})" -o %t/w1-plugin.mlir
// RUN: diff %t/w1.mlir %t/w1-plugin.mlir
// RUN: FileCheck %s --check-prefix=W1 < %t/w1-plugin.json
// auto passes the limit on to its search:
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=auto alignment=1 work-limit=1 report=%t/auto.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=AUTO < %t/auto.json
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=exact work-limit=abc" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=exact work-limit=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{reorder=false work-limit=1.5}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// REQUIRES: mlir

// FULL: "status": "optimal"
// FULL-NEXT: "peak": 284
// FULL-NEXT: "lower_bound": 284
// W1: "status": "feasible"
// W1-NEXT: "peak": 287
// W1-NEXT: "lower_bound": 284
// W1: "work": {{[0-2]}},
// AUTO: "status": "feasible"
// AUTO-NOT: "status": "optimal"
// IR: memref.alloc() {alignment = 1 : i64, memplan.arena} : memref<287xi8>
// BAD: for the --work-limit option: '{{.*}}' value invalid for ulong argument
func.func @f(%x: i8, %out: memref<1xi8>) {
  %c0 = arith.constant 0 : index
  %b1 = memref.alloc() : memref<32xi8>
  memref.store %x, %b1[%c0] : memref<32xi8>
  %b2 = memref.alloc() : memref<15xi8>
  memref.store %x, %b2[%c0] : memref<15xi8>
  %b8 = memref.alloc() : memref<80xi8>
  memref.store %x, %b8[%c0] : memref<80xi8>
  %b7 = memref.alloc() : memref<21xi8>
  memref.store %x, %b7[%c0] : memref<21xi8>
  %b5 = memref.alloc() : memref<94xi8>
  memref.store %x, %b5[%c0] : memref<94xi8>
  %b6 = memref.alloc() : memref<36xi8>
  memref.store %x, %b6[%c0] : memref<36xi8>
  %l2 = memref.load %b2[%c0] : memref<15xi8>
  memref.store %l2, %out[%c0] : memref<1xi8>
  %l8 = memref.load %b8[%c0] : memref<80xi8>
  memref.store %l8, %out[%c0] : memref<1xi8>
  %b0 = memref.alloc() : memref<89xi8>
  memref.store %x, %b0[%c0] : memref<89xi8>
  %l5 = memref.load %b5[%c0] : memref<94xi8>
  memref.store %l5, %out[%c0] : memref<1xi8>
  %b3 = memref.alloc() : memref<32xi8>
  memref.store %x, %b3[%c0] : memref<32xi8>
  %b4 = memref.alloc() : memref<74xi8>
  memref.store %x, %b4[%c0] : memref<74xi8>
  %l7 = memref.load %b7[%c0] : memref<21xi8>
  memref.store %l7, %out[%c0] : memref<1xi8>
  %b9 = memref.alloc() : memref<17xi8>
  memref.store %x, %b9[%c0] : memref<17xi8>
  %l0 = memref.load %b0[%c0] : memref<89xi8>
  memref.store %l0, %out[%c0] : memref<1xi8>
  %l3 = memref.load %b3[%c0] : memref<32xi8>
  memref.store %l3, %out[%c0] : memref<1xi8>
  %l4 = memref.load %b4[%c0] : memref<74xi8>
  memref.store %l4, %out[%c0] : memref<1xi8>
  %l6 = memref.load %b6[%c0] : memref<36xi8>
  memref.store %l6, %out[%c0] : memref<1xi8>
  %l1 = memref.load %b1[%c0] : memref<32xi8>
  memref.store %l1, %out[%c0] : memref<1xi8>
  %l9 = memref.load %b9[%c0] : memref<17xi8>
  memref.store %l9, %out[%c0] : memref<1xi8>
  return
}
