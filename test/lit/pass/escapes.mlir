// Buffers that escape or cannot be planned keep their own allocation, each
// with a remark naming the reason; the others are still planned.
// RUN: %memplan-opt %s --allow-unregistered-dialect --memplan-static="remarks=all planner=greedy-size" -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect --load-pass-plugin=%plugin --pass-pipeline="builtin.module(func.func(memplan-static{remarks=all planner=greedy-size}))" -verify-diagnostics | FileCheck %s
// REQUIRES: mlir

// CHECK-LABEL: func.func @returned
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK: %[[KEPT:.*]] = memref.alloc() : memref<64xf32>
// CHECK: return %[[KEPT]]
// expected-remark @+1 {{memplan-static: planned}}
func.func @returned(%f: f32) -> memref<64xf32> {
  // expected-remark @+1 {{%alloc left alone: returned from the function}}
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  %t = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%t : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  return %a : memref<64xf32>
}

// Returned through a view chain: still an escape.
// CHECK-LABEL: func.func @returned_through_views
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @returned_through_views(%f: f32) -> memref<?xf32> {
  // expected-remark @+1 {{left alone: returned from the function}}
  %a = memref.alloc() : memref<8x8xf32>
  %c = memref.collapse_shape %a [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %d = memref.cast %c : memref<64xf32> to memref<?xf32>
  return %d : memref<?xf32>
}

func.func private @consume(memref<64xf32>)

// CHECK-LABEL: func.func @passed_to_call
// CHECK: %[[KEPT:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @consume(%[[KEPT]])
// CHECK: memref.dealloc %[[KEPT]]
// expected-remark @+1 {{memplan-static: planned}}
func.func @passed_to_call(%f: f32) {
  // expected-remark @+1 {{left alone: passed to}}
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  func.call @consume(%a) : (memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  return
}

// CHECK-LABEL: func.func @stored
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @stored(%box: memref<memref<64xf32>>) {
  // expected-remark @+1 {{left alone: stored into memory}}
  %a = memref.alloc() : memref<64xf32>
  memref.store %a, %box[] : memref<memref<64xf32>>
  return
}

// linalg.yield writes what it yields into the outs of its op: a memref
// yielded there is stored into memory too (it was taken for a plain read).
#yield_id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @stored_by_linalg_yield
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @stored_by_linalg_yield(%box: memref<1xmemref<64xf32>>) {
  // expected-remark @+1 {{left alone: stored into memory by linalg.yield}}
  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#yield_id], iterator_types = ["parallel"]}
      outs(%box : memref<1xmemref<64xf32>>) {
  ^bb0(%o: memref<64xf32>):
    linalg.yield %a : memref<64xf32>
  }
  return
}

// Storing a value INTO the buffer is an ordinary use: planned.
// CHECK-LABEL: func.func @store_into
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// expected-remark @+1 {{memplan-static: planned}}
func.func @store_into(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  %v = memref.load %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @unknown_op
// CHECK: "test.opaque"(%{{.*}}) : (memref<64xf32>) -> ()
// expected-remark @+1 {{memplan-static: planned}}
func.func @unknown_op() {
  // expected-remark @+1 {{left alone: used by 'test.opaque', whose memref effects memplan does not know}}
  %a = memref.alloc() : memref<64xf32>
  "test.opaque"(%a) : (memref<64xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @dynamic
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// expected-remark @+1 {{memplan-static: planned}}
func.func @dynamic(%n: index, %f: f32) {
  // expected-remark @+1 {{left alone: dynamic shape}}
  %a = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  memref.dealloc %a : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @layout
// CHECK: memref.alloc() : memref<8x8xf32, strided<[16, 1]>>
// expected-remark @+1 {{memplan-static: planned}}
func.func @layout(%f: f32) {
  // expected-remark @+1 {{left alone: non-identity layout}}
  %a = memref.alloc() : memref<8x8xf32, strided<[16, 1]>>
  linalg.fill ins(%f : f32) outs(%a : memref<8x8xf32, strided<[16, 1]>>)
  memref.dealloc %a : memref<8x8xf32, strided<[16, 1]>>
  return
}

// An alloc in a region with several blocks is planned: liveness follows the
// region's CFG (cfg.mlir has the cases).
// CHECK-LABEL: func.func @multi_block
// CHECK: scf.execute_region
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: memref.view
// CHECK-NOT: memref.dealloc
// CHECK: scf.yield
// expected-remark @+1 {{memplan-static: planned 1 of 1}}
func.func @multi_block(%c: i1, %f: f32) {
  scf.execute_region {
    %a = memref.alloc() : memref<64xf32>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
    cf.br ^bb2
  ^bb2:
    memref.dealloc %a : memref<64xf32>
    scf.yield
  }
  return
}

// An alloc in a region of an op whose control flow no interface describes.
// CHECK-LABEL: func.func @unknown_region
// CHECK: "test.region"
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// expected-remark @+1 {{memplan-static: planned}}
func.func @unknown_region(%f: f32) {
  "test.region"() ({
    // expected-remark @+1 {{left alone: allocated in a region of 'test.region'}}
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    "test.end"() : () -> ()
  }) : () -> ()
  return
}

// A dealloc that may free a planned buffer or a function argument can be
// neither kept nor erased: the planned candidate is left alone.
// CHECK-LABEL: func.func @dealloc_mix
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @dealloc_mix(%c: i1, %arg: memref<64xf32>) {
  // expected-remark @+1 {{left alone: a memref.dealloc may free it or a buffer memplan leaves alone}}
  %a = memref.alloc() : memref<64xf32>
  %s = arith.select %c, %a, %arg : memref<64xf32>
  memref.dealloc %s : memref<64xf32>
  return
}

// bufferization.dealloc (ownership-based deallocation) is not modelled: its
// operands are treated as escaping, and the remark says how to lower it
// (dealloc-lowered.mlir plans the lowered form).
// CHECK-LABEL: func.func @bufferization_dealloc
// CHECK: bufferization.dealloc
// expected-remark @+1 {{memplan-static: planned}}
func.func @bufferization_dealloc(%f: f32) {
  %true = arith.constant true
  // expected-remark @+1 {{left alone: used by 'bufferization.dealloc' (ownership-based deallocation, not lowered: run --convert-bufferization-to-memref first}}
  %a = memref.alloc() : memref<64xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
  bufferization.dealloc (%a : memref<64xf32>) if (%true)
  return
}

// Function arguments are never touched; the memref.alloca is planned into
// the stack arena (alloca.mlir has the cases).
// CHECK-LABEL: func.func @arguments_untouched
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64, memplan.arena} : memref<256xi8>
// CHECK-NOT: memref.view %arg
// CHECK: return
// expected-remark @+1 {{memplan-static: planned 1 of 1}}
func.func @arguments_untouched(%in: memref<64xf32>, %out: memref<64xf32>) {
  %s = memref.alloca() : memref<64xf32>
  memref.copy %in, %s : memref<64xf32> to memref<64xf32>
  memref.copy %s, %out : memref<64xf32> to memref<64xf32>
  return
}

// A use inside the region of an op that may run its body later
// (async.execute) is an escape: the pass cannot bound the buffer's lifetime.
// CHECK-LABEL: func.func @deferred_region
// CHECK: memref.alloc() : memref<64xf32>
// expected-remark @+1 {{memplan-static: planned}}
func.func @deferred_region(%f: f32) {
  // expected-remark @+1 {{left alone: used inside a region of 'async.execute', which may run later}}
  %a = memref.alloc() : memref<64xf32>
  %t = async.execute {
    linalg.fill ins(%f : f32) outs(%a : memref<64xf32>)
    async.yield
  }
  async.await %t : !async.token
  memref.dealloc %a : memref<64xf32>
  return
}

// Sizes the pass cannot give an arena: an element type without a known byte
// size (a memref of memrefs: descriptors), a byte size beyond 64 bits, and
// one beyond what a memref<N x i8> arena can index (2^62).
// CHECK-LABEL: func.func @unsizable
// CHECK-NOT: memref.view
// CHECK: return
// expected-remark @+1 {{memplan-static: planned}}
func.func @unsizable() {
  // expected-remark @+1 {{left alone: element type of unknown byte size}}
  %a = memref.alloc() : memref<4xmemref<2xf32>>
  // expected-remark @+1 {{left alone: byte size overflows 64 bits}}
  %b = memref.alloc() : memref<4611686018427387904x4xf32>
  // expected-remark @+1 {{left alone: byte size too large for an arena}}
  %c = memref.alloc() : memref<2305843009213693952xf32>
  return
}
