// spill=FROM:TO: when the arena of memory space FROM passes its capacity,
// buffers move to TO (fewest bytes, then fewest buffers, greedy: at the
// step with the largest excess, the smallest buffer that covers it), are
// planned in TO's arena and get TO's memory space in their type, and so do
// their views (here a subview). A buffer with a use that ties its type (here
// a call) cannot move.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2048 spill=1:0" 2>&1 | FileCheck %s
// The rewritten IR parses and verifies again.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:1792 spill=1:0" 2>/dev/null | %mlir-opt --verify-each -o /dev/null
// Excess 1088: no buffer covers it; the largest moves, the first of two
// equal ones, then the smallest that covers the remaining 64 (the subview's
// 256, not the call's 64, which cannot move); its subview changes type too.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:1792 spill=1:0" 2>&1 | FileCheck %s --check-prefix=TIE
// Excess 320 and 512: the smallest buffer that covers it, 512.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2560 spill=1:0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2368 spill=1:0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// No excess: nothing moves, the plan is the one without spill.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:4096 spill=1:0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// Even with all that can move moved, the call's buffer does not fit.
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:32 spill=1:0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CANNOT
// The fallback space's capacity is checked too.
// RUN: not %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2048,0:512 spill=1:0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOFULL
// Another integer space as fallback.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2048 spill=1:2" 2>&1 | FileCheck %s --check-prefix=TWO
// The report lists what moved.
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size capacity=1:2048 spill=1:0 report=%t.{func}.json remarks=none" -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.f.json
// Bad entries are refused before anything runs.
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=1:1" 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=1" 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=1:0,1:2" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=1:0,0:2" 2>&1 | FileCheck %s --check-prefix=CHAIN
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=2:0" 2>&1 | FileCheck %s --check-prefix=NOCAP
// RUN: not %memplan-opt %s --memplan-static="capacity=1:300 spill=foo:0" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// REQUIRES: mlir

// CHECK: remark: memplan-static: planned 5 of 5 buffers (0 left alone); sizes 2880 bytes planned, 0 left alone; 2 arenas: arena 0 of 1024 bytes (lower bound 1024) in memory space 0, arena 1 of 1856 bytes (lower bound 1856) in memory space 1;
// CHECK-SAME: ; spilled 1 buffer, 1024 bytes, from 1 to 0: %alloc{{$}}
// CHECK: %[[A1:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<1856xi8, 1>
// CHECK: %[[A0:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<1024xi8>
// CHECK: memref.view %[[A0]][%{{.*}}][] : memref<1024xi8> to memref<256xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[A1]][%[[C0]]][] : memref<1856xi8, 1> to memref<256xf32, 1>
// CHECK: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK: memref.view %[[A1]][%[[C1024]]][] : memref<1856xi8, 1> to memref<128xf32, 1>
// CHECK: memref.view %[[A1]][%{{.*}}][] : memref<1856xi8, 1> to memref<64xf32, 1>
// CHECK: memref.view %[[A1]][%{{.*}}][] : memref<1856xi8, 1> to memref<16xf32, 1>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<256xf32>)
// CHECK: memref.load %{{.*}} : memref<256xf32>
// CHECK: memref.dealloc %[[A0]] : memref<1024xi8>
// CHECK: memref.dealloc %[[A1]] : memref<1856xi8, 1>

// TIE: ; spilled 2 buffers, 1280 bytes, from 1 to 0: %alloc, %alloc_2{{$}}
// TIE: memref.view %{{.*}} : memref<1280xi8> to memref<64xf32>
// TIE: memref.subview %{{.*}}[0] [64] [1] : memref<64xf32> to memref<64xf32, strided<[1]>>
// TIE: memref.copy %{{.*}}, %{{.*}} : memref<64xf32, strided<[1]>> to memref<64xf32>
// SMALL: ; spilled 1 buffer, 512 bytes, from 1 to 0: %alloc_1{{$}}
// NONE-NOT: spilled
// CANNOT: error: memplan-static: the arena of memory space 1 needs 2880 bytes for 5 buffers, more than its capacity of 32 bytes (proven: the optimum is >= 2880); {{.*}}; spill to 0 tried: 4 of its 5 buffers can move; at step 15 the buffers that cannot move pass the capacity on their own; the largest of them, %alloc_3 (64 bytes), cannot: used by 'func.call' at {{[0-9]+}}:3, whose types tie its memory space
// TOFULL: error: memplan-static: the arena of memory space 0 needs 1024 bytes for 1 buffer, more than its capacity of 512 bytes
// TWO: arena 0 of 1024 bytes (lower bound 1024) in memory space 2, arena 1 of 1856 bytes (lower bound 1856) in memory space 1;
// TWO-SAME: ; spilled 1 buffer, 1024 bytes, from 1 to 2: %alloc{{$}}
// TWO: memref.view %{{.*}} : memref<1024xi8, 2> to memref<256xf32, 2>
// TWO: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<256xf32, 2>)
// REPORT: "spilled": [
// REPORT-NEXT: {
// REPORT-NEXT: "id": "%alloc",
// REPORT-NEXT: "bytes": 1024,
// REPORT-NEXT: "from": 1,
// REPORT-NEXT: "to": 0
// SELF: error: memplan-static: bad spill=1:1: a space cannot spill into itself
// FORM: error: memplan-static: bad spill=1 (expected FROM:TO
// TWICE: error: memplan-static: bad spill: memory space '1' spills twice
// CHAIN: error: memplan-static: bad spill: '0' is both a fallback and spills itself
// NOCAP: error: memplan-static: bad spill=2:0: memory space '2' has no capacity
// UNKNOWN: error: memplan-static: bad spill: unknown memory space 'foo'

func.func @sink(%m: memref<16xf32, 1>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<16xf32, 1>
  return
}

func.func @f(%out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<256xf32, 1>
  %b = memref.alloc() : memref<256xf32, 1>
  %c = memref.alloc() : memref<128xf32, 1>
  %d = memref.alloc() : memref<64xf32, 1>
  %e = memref.alloc() : memref<16xf32, 1>
  linalg.fill ins(%f : f32) outs(%a : memref<256xf32, 1>)
  linalg.fill ins(%f : f32) outs(%b : memref<256xf32, 1>)
  linalg.fill ins(%f : f32) outs(%c : memref<128xf32, 1>)
  linalg.fill ins(%f : f32) outs(%d : memref<64xf32, 1>)
  linalg.fill ins(%f : f32) outs(%e : memref<16xf32, 1>)
  func.call @sink(%e) : (memref<16xf32, 1>) -> ()
  %x = memref.load %a[%c0] : memref<256xf32, 1>
  %y = memref.load %b[%c0] : memref<256xf32, 1>
  %z = memref.load %c[%c0] : memref<128xf32, 1>
  %s = memref.subview %d[0] [64] [1] : memref<64xf32, 1> to memref<64xf32, strided<[1]>, 1>
  memref.copy %s, %out : memref<64xf32, strided<[1]>, 1> to memref<64xf32>
  memref.store %x, %out[%c0] : memref<64xf32>
  memref.store %y, %out[%c0] : memref<64xf32>
  memref.store %z, %out[%c0] : memref<64xf32>
  memref.dealloc %a : memref<256xf32, 1>
  memref.dealloc %b : memref<256xf32, 1>
  memref.dealloc %c : memref<128xf32, 1>
  memref.dealloc %d : memref<64xf32, 1>
  memref.dealloc %e : memref<16xf32, 1>
  return
}
