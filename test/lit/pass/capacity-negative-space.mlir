// An integer memory space may be negative (MLIR takes any integer
// attribute); capacity= and spill= name it as the pass does, "-1".
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=-1:64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=-1:32" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=-:32" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// Other spellings of an integer match no arena: refused, not ignored.
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=-0:32" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD0
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=-01:32" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD01
// spill= names it the same way: over its capacity of 32, space -1 spills
// into the default space, whose arena (an i8 memref in no space) holds it.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=-1:32 spill=-1:0" | FileCheck %s --check-prefix=SPILL
// REQUIRES: mlir

// FITS: remark: memplan-static: planned 1 of 1 buffers (0 left alone); sizes 64 bytes planned, 0 left alone; lower bound 64 bytes; arena 64 bytes in 1 arena
// FITS-NOT: error
// OVER: error: memplan-static: the arena of memory space -1 needs 64 bytes for 1 buffer, more than its capacity of 32 bytes
// BAD: error: memplan-static: bad capacity: unknown memory space '-'
// BAD0: error: memplan-static: bad capacity: unknown memory space '-0'
// BAD01: error: memplan-static: bad capacity: unknown memory space '-01'
// SPILL: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<64xi8>

func.func @f(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32, -1>
  memref.store %x, %a[%c0] : memref<16xf32, -1>
  memref.dealloc %a : memref<16xf32, -1>
  return
}
