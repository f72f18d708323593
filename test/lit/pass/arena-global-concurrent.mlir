// arena=global gives each function one arena for all its activations. A
// function that may run at the same time as itself would then have two
// activations write one arena: the output of a program from upstream's
// --async-parallel-for differed between runs. Such a function is refused
// with an error naming the call that makes it concurrent: called from an
// async.execute body or a parallel loop body, or from a function that is
// itself concurrent (@parallel_compute_fn is called by @async_dispatch_fn,
// which calls itself from async.execute). arena=alloc plans them all.
// RUN: mlir-opt %s --async-parallel-for -o %t.apf.mlir
// RUN: not %memplan-opt %t.apf.mlir --memplan-static="arena=global remarks=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=APF
// RUN: %memplan-opt %t.apf.mlir --memplan-static="arena=alloc remarks=none" -o /dev/null
// A function called only from sequential code (the second module) keeps its
// global arena:
// RUN: not %memplan-opt %s --split-input-file --memplan-static="arena=global remarks=none" 2>&1 | FileCheck %s --check-prefix=DIRECT
// REQUIRES: mlir

// APF-DAG: error: memplan-static: arena=global, but the function may run concurrently with itself (the 'func.call' at {{[0-9]+:[0-9]+}} in @parallel_compute_fn runs in a parallel or async context), and its activations would share one arena; use arena=alloc
// APF-DAG: error: memplan-static: arena=global, but the function may run concurrently with itself (the 'func.call' at {{[0-9]+:[0-9]+}} in @async_dispatch_fn runs in a parallel or async context)
// DIRECT: :[[@LINE+2]]:1: error: memplan-static: arena=global, but the function may run concurrently with itself (the 'func.call' at [[#@LINE+18]]:5 in @main runs in a parallel or async context)
// DIRECT: memref.global "private" @__memplan_arena_seq_body
func.func @body(%buf: memref<16xf32>, %i: index) {
  %t = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %buf[%i] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<4xf32>
  %w = memref.load %t[%c0] : memref<4xf32>
  memref.store %w, %buf[%i] : memref<16xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

func.func @main(%buf: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    func.call @body(%buf, %i) : (memref<16xf32>, index) -> ()
    scf.reduce
  }
  return
}

// -----

func.func @seq_body(%buf: memref<16xf32>) {
  %t = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %buf[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<4xf32>
  %w = memref.load %t[%c0] : memref<4xf32>
  memref.store %w, %buf[%c0] : memref<16xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

func.func @seq(%buf: memref<16xf32>) {
  func.call @seq_body(%buf) : (memref<16xf32>) -> ()
  return
}
