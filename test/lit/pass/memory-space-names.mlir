// The report and arena=global name memory spaces by their value, not by the
// arena's position. Four arenas, first allocated in memory space 1, "gpu"
// (a string attribute), the default space and #gpu.address_space<workgroup>:
// the report gives each its index ("arena", the order of first allocation,
// as {space} in picture=) and its "memory_space" (0 for the default space,
// the integer for an integer space, else the attribute's printed form as a
// string); the globals are __memplan_arena_<f> for the default space,
// __memplan_arena<N>_<f> for space N and __memplan_arenaa<index>_<f> for any
// other attribute. The output verifies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size arena=global report=%t/r_{func}.json picture=%t/p_{func}_{space}.svg" -o %t/out.mlir
// RUN: %mlir-opt --verify-each %t/out.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=IR < %t/out.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t/r_f.json
// RUN: FileCheck %s --check-prefix=P1 < %t/p_f_1.svg
// RUN: FileCheck %s --check-prefix=P2 < %t/p_f_2.svg
// RUN: %mlir-opt %s --verify-each --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{planner=greedy-size arena=global})" | FileCheck %s --check-prefix=IR
// arena=alloc gives the same report:
// RUN: %memplan-opt %s --memplan-static="planner=greedy-size report=%t/a_{func}.json" -o %t/alloc.mlir
// RUN: %mlir-opt --verify-each %t/alloc.mlir -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t/a_f.json
// REQUIRES: mlir

// IR-DAG: memref.global "private" @__memplan_arena1_f : memref<64xi8, 1> = uninitialized
// IR-DAG: memref.global "private" @__memplan_arenaa1_f : memref<128xi8, "gpu"> = uninitialized
// IR-DAG: memref.global "private" @__memplan_arena_f : memref<32xi8> = uninitialized
// IR-DAG: memref.global "private" @__memplan_arenaa3_f : memref<16xi8, #gpu.address_space<workgroup>> = uninitialized
// IR: func.func @f
// IR-DAG: memref.get_global @__memplan_arena1_f : memref<64xi8, 1>
// IR-DAG: memref.get_global @__memplan_arenaa1_f : memref<128xi8, "gpu">
// IR-DAG: memref.get_global @__memplan_arena_f : memref<32xi8>
// IR-DAG: memref.get_global @__memplan_arenaa3_f : memref<16xi8, #gpu.address_space<workgroup>>
// IR-DAG: memref.global "private" @__memplan_arena_g : memref<8xi8> = uninitialized
// IR-DAG: memref.global "private" @__memplan_arena1_g : memref<8xi8, 1> = uninitialized
// IR: func.func @g
// The function @"1_f" cannot take @f's names:
// IR-DAG: memref.global "private" @__memplan_arena_1_f : memref<4xi8> = uninitialized
// IR-DAG: memref.global "private" @__memplan_arenaa0_1_f : memref<4xi8, "gpu"> = uninitialized
// IR: func.func @"1_f"

// REPORT: "function": "f"
// REPORT: "peak": 64
// REPORT: "arena": 0,
// REPORT-NEXT: "memory_space": 1
// REPORT: "peak": 128
// REPORT: "arena": 1,
// REPORT-NEXT: "memory_space": "\"gpu\""
// REPORT: "peak": 32
// REPORT: "arena": 2,
// REPORT-NEXT: "memory_space": 0
// REPORT: "peak": 16
// REPORT: "arena": 3,
// REPORT-NEXT: "memory_space": "#gpu.address_space<workgroup>"
// REPORT-NOT: "arena"
// P1: peak 128 B
// P2: peak 32 B
func.func @f(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32, 1>
  %b = memref.alloc() : memref<32xf32, "gpu">
  %c = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  memref.store %x, %a[%c0] : memref<16xf32, 1>
  memref.store %x, %b[%c0] : memref<32xf32, "gpu">
  memref.store %x, %c[%c0] : memref<8xf32>
  memref.store %x, %d[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
  memref.dealloc %a : memref<16xf32, 1>
  memref.dealloc %b : memref<32xf32, "gpu">
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %d : memref<4xf32, #gpu.address_space<workgroup>>
  return
}

// Default space first here: still __memplan_arena_g, space 1 still arena1.
func.func @g(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32, 1>
  memref.store %x, %a[%c0] : memref<2xf32>
  memref.store %x, %b[%c0] : memref<2xf32, 1>
  return
}

func.func @"1_f"(%x: f32) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<1xf32, "gpu">
  %a = memref.alloc() : memref<1xf32>
  memref.store %x, %a[%c0] : memref<1xf32>
  memref.store %x, %b[%c0] : memref<1xf32, "gpu">
  return
}
