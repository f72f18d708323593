// Buffers passed to func.call: planned when the callee is a function of the
// module whose body only reads or writes them during the call (captures.c),
// left alone with the reason when it may keep them beyond the call.
// RUN: %memplan-opt %s --allow-unregistered-dialect --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// Nested under func.func the pass sees no module: every call keeps what it
// is passed.
// RUN: %memplan-opt %s --allow-unregistered-dialect --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" 2>&1 | FileCheck %s --check-prefix=FUNC
// REQUIRES: mlir

// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @scale(%x: memref<64xf32>, %y: memref<64xf32>) {
  linalg.copy ins(%x : memref<64xf32>) outs(%y : memref<64xf32>)
  return
}

// Passes its argument on to @scale, which does not keep it: nor does this.
// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @twice(%x: memref<64xf32>, %y: memref<64xf32>) {
  %v = memref.subview %x[0] [64] [1] : memref<64xf32> to memref<64xf32, strided<[1]>>
  %c = memref.cast %v : memref<64xf32, strided<[1]>> to memref<64xf32>
  func.call @scale(%c, %y) : (memref<64xf32>, memref<64xf32>) -> ()
  func.call @scale(%y, %y) : (memref<64xf32>, memref<64xf32>) -> ()
  return
}

// %a and %b are read and written only during the calls: planned, and %a,
// last used by the first call, gives its bytes to %c.
// CHECK-LABEL: func.func @caller
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<512xi8>
// CHECK-NOT: memref.alloc()
// CHECK: return
// FUNC: calls.mlir:[[#@LINE+3]]:8: remark: memplan-static: %alloc left alone: passed to func.call (only a run on the module looks into callees)
// expected-remark @+1 {{memplan-static: planned 3 of 3 buffers}}
func.func @caller(%f: f32, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  func.call @twice(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
  %c = memref.alloc() : memref<64xf32>
  func.call @scale(%b, %c) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.copy %c, %out : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @returns(%x: memref<64xf32>) -> memref<64xf32> {
  return %x : memref<64xf32>
}
// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @stores(%x: memref<64xf32>, %into: memref<1xmemref<64xf32>>) {
  %c0 = arith.constant 0 : index
  memref.store %x, %into[%c0] : memref<1xmemref<64xf32>>
  return
}
// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @frees(%x: memref<64xf32>) {
  memref.dealloc %x : memref<64xf32>
  return
}
// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @later(%x: memref<64xf32>) {
  %t = async.execute {
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<64xf32>
    async.yield
  }
  return
}
// Recursion: the argument reaches the function's own call again.
// expected-remark @+1 {{memplan-static: planned 0 of 0 buffers}}
func.func private @rec(%x: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @rec(%x, %m) : (memref<64xf32>, index) -> ()
  }
  return
}
func.func private @declared(%x: memref<64xf32>)

// CHECK-LABEL: func.func @kept_by_callees
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned 0 of 6 buffers}}
func.func @kept_by_callees(%slot: memref<1xmemref<64xf32>>, %n: index) -> memref<64xf32> {
  // expected-remark @+1 {{left alone: passed to @returns, whose body may keep it: returned from the function}}
  %a = memref.alloc() : memref<64xf32>
  %r = func.call @returns(%a) : (memref<64xf32>) -> memref<64xf32>
  // expected-remark @+1 {{left alone: passed to @stores, whose body may keep it: stored into memory by memref.store}}
  %b = memref.alloc() : memref<64xf32>
  func.call @stores(%b, %slot) : (memref<64xf32>, memref<1xmemref<64xf32>>) -> ()
  // expected-remark @+1 {{left alone: passed to @frees, whose body may keep it: freed by memref.dealloc}}
  %c = memref.alloc() : memref<64xf32>
  func.call @frees(%c) : (memref<64xf32>) -> ()
  // expected-remark @+1 {{left alone: passed to @later, whose body may keep it: used inside a region of 'async.execute', which may run later}}
  %d = memref.alloc() : memref<64xf32>
  func.call @later(%d) : (memref<64xf32>) -> ()
  // expected-remark @+1 {{left alone: passed to @rec, whose body may keep it: passed to @rec, which passes it on recursively}}
  %e = memref.alloc() : memref<64xf32>
  func.call @rec(%e, %n) : (memref<64xf32>, index) -> ()
  // expected-remark @+1 {{left alone: passed to @declared, a declaration}}
  %f = memref.alloc() : memref<64xf32>
  func.call @declared(%f) : (memref<64xf32>) -> ()
  return %r : memref<64xf32>
}
