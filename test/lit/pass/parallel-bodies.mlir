// Per-iteration arenas (parallel.h): the buffers allocated in the body of
// scf.forall, scf.parallel, affine.parallel, async.execute and gpu.launch
// go into one arena per memory space that the body allocates first and frees
// before its terminator, so iterations that run at the same time never share
// one; a nested scf.forall has its own. A buffer handed out of its iteration
// (async.yield into an !async.value) keeps its allocation, and so do buffers
// of OpenMP regions. In every arena mode the per-iteration arenas are
// allocations: a global or an argument would be shared by the iterations.
// RUN: %memplan-opt %s --memplan-static="remarks=all copies=false planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size arena=global" | FileCheck %s
// RUN: %memplan-opt %s --memplan-static="remarks=none copies=false planner=greedy-size arena=arg" | FileCheck %s
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=none copies=false planner=greedy-size}))" | FileCheck %s
// RUN: rm -rf %t && mkdir %t && %memplan-opt %s --memplan-static="remarks=all copies=false planner=greedy-size report=%t/{func}.json" -verify-diagnostics -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t/nested.json
// REQUIRES: mlir

// REPORT: "arena": 0,
// REPORT: "scope": {
// REPORT-NEXT: "op": "scf.forall",
// REPORT-NEXT: "location": "95:3"
// REPORT: "arena": 1,
// REPORT: "scope": {
// REPORT-NEXT: "op": "scf.forall",
// REPORT-NEXT: "location": "98:5"

// CHECK-LABEL: func.func @forall(
// CHECK-NEXT: scf.forall
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK: memref.view %[[A]]
// CHECK: memref.view %[[A]]
// CHECK-NOT: memref.alloc
// CHECK: memref.dealloc %[[A]] : memref<512xi8>
// CHECK-NEXT: }
// CHECK-NEXT: return
// expected-remark @+1 {{planned 2 of 2 buffers (0 left alone); sizes 512 bytes planned, 0 left alone; 1 arena: arena 0 of 512 bytes (lower bound 512) in memory space 0, one per iteration of 'scf.forall' at}}
func.func @forall(%out: memref<4x64xf32>, %f: f32) {
  scf.forall (%i) in (4) {
    %t = memref.alloc() : memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    linalg.add ins(%t, %t : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
    %row = memref.subview %out[%i, 0] [1, 64] [1, 1] : memref<4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %u, %row : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.dealloc %t : memref<64xf32>
    memref.dealloc %u : memref<64xf32>
  }
  return
}

// CHECK-LABEL: func.func @parallel(
// CHECK: scf.parallel
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: memref.dealloc %[[A]] : memref<256xi8>
// CHECK-NEXT: scf.reduce
// expected-remark @+1 {{in memory space 0, one per iteration of 'scf.parallel'}}
func.func @parallel(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @affine(
// CHECK-NEXT: affine.parallel
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: memref.dealloc %[[A]] : memref<256xi8>
// CHECK-NEXT: }
// expected-remark @+1 {{one per iteration of 'affine.parallel'}}
func.func @affine(%f: f32) {
  affine.parallel (%i) = (0) to (4) {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
  }
  return
}

// CHECK-LABEL: func.func @nested(
// CHECK-NEXT: scf.forall
// CHECK-NEXT: %[[O:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: scf.forall
// CHECK-NEXT: %[[I:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8>
// CHECK: memref.dealloc %[[I]] : memref<128xi8>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[O]] : memref<256xi8>
// CHECK-NEXT: }
// expected-remark @+1 {{2 arenas: arena 0 of 256 bytes (lower bound 256) in memory space 0, one per iteration of 'scf.forall' at 95:3, arena 1 of 128 bytes (lower bound 128) in memory space 0, one per iteration of 'scf.forall' at 98:5;}}
func.func @nested(%out: memref<4x64xf32>, %f: f32) {
  scf.forall (%i) in (4) {
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    scf.forall (%j) in (2) {
      %h = memref.alloc() : memref<32xf32>
      %ts = memref.subview %t[%j] [32] [2] : memref<64xf32> to memref<32xf32, strided<[2], offset: ?>>
      memref.copy %ts, %h : memref<32xf32, strided<[2], offset: ?>> to memref<32xf32>
      %os = memref.subview %out[%i, %j] [1, 32] [1, 2] : memref<4x64xf32> to memref<32xf32, strided<[2], offset: ?>>
      memref.copy %h, %os : memref<32xf32> to memref<32xf32, strided<[2], offset: ?>>
    }
  }
  return
}

// CHECK-LABEL: func.func @async_body(
// CHECK-NEXT: async.execute
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: %[[R:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.dealloc %[[A]] : memref<256xi8>
// CHECK-NEXT: async.yield %[[R]]
// expected-remark @+1 {{planned 1 of 2 buffers (1 left alone); sizes 256 bytes planned, 256 left alone; 1 arena: arena 0 of 256 bytes (lower bound 256) in memory space 0, one per execution of 'async.execute'}}
func.func @async_body(%out: memref<64xf32>, %f: f32) {
  %tok, %val = async.execute -> !async.value<memref<64xf32>> {
    %t = memref.alloc() : memref<64xf32>
    // expected-remark @+1 {{left alone: forwarded by 'async.yield' into a value that is no memref}}
    %r = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    linalg.add ins(%t, %t : memref<64xf32>, memref<64xf32>) outs(%r : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    async.yield %r : memref<64xf32>
  }
  %m = async.await %val : !async.value<memref<64xf32>>
  memref.copy %m, %out : memref<64xf32> to memref<64xf32>
  return
}

// CHECK-LABEL: func.func @omp(
// CHECK-NEXT: omp.parallel
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// expected-remark @+1 {{planned 0 of 1 buffers}}
func.func @omp(%f: f32) {
  omp.parallel {
    // expected-remark @+1 {{left alone: allocated in the body of 'omp.parallel': each iteration, possibly running at the same time, needs its own buffer}}
    %t = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    omp.terminator
  }
  return
}

// Default-space buffers of a gpu.launch body: one arena per run of the body.
// CHECK-LABEL: func.func @launch(
// CHECK: gpu.launch
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<128xi8>
// CHECK: memref.dealloc %[[A]] : memref<128xi8>
// CHECK-NEXT: gpu.terminator
// expected-remark @+1 {{one per run of the body of 'gpu.launch'}}
func.func @launch(%out: memref<64xf32>, %f: f32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %t = memref.alloc() : memref<16xf32>
    %s = memref.alloc() : memref<16xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<16xf32>)
    memref.copy %t, %s : memref<16xf32> to memref<16xf32>
    gpu.terminator
  }
  return
}

// copies=false in the RUN lines: copies.mlir tests removed copies, and these
// inputs copy between buffers to keep them live.
