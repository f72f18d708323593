// Workgroup attributions (block arguments of gpu.func `workgroup(...)` and
// of gpu.launch) take the same shared memory as the workgroup arena: the
// capacity check counts their bytes (each rounded up to the arena's
// alignment). @k has 8192 arena bytes and 4096 of attributions; a
// gpu.launch body's per-iteration arena (4096) counts the launch's (4096).
// RUN: %memplan-opt %s --memplan-static="remarks=none planner=greedy-size capacity=workgroup:12288" -o /dev/null
// RUN: not %memplan-opt %s --memplan-static="remarks=none planner=greedy-size capacity=workgroup:12000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not %memplan-opt %s --memplan-static="remarks=none planner=greedy-size capacity=workgroup:4096" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not %memplan-opt %s --memplan-static="remarks=none planner=greedy-size capacity=workgroup:8000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAUNCH
// REQUIRES: mlir

// CAP: error: memplan-static: the arena of memory space workgroup needs 8192 bytes for 2 buffers, more than its capacity of 12000 bytes less the 4096 bytes of its workgroup attributions (proven: the optimum is >= 8192)
// CAP-NOT: error
// FULL: error: memplan-static: the workgroup attributions of the 'gpu.func' take 4096 bytes of memory space workgroup, whose capacity is 4096 bytes: no arena fits beside them
// FULL: error: memplan-static: the workgroup attributions of the 'gpu.launch' take 4096 bytes of memory space workgroup, one per run of the body of 'gpu.launch' at {{[0-9]+}}:5, whose capacity is 4096 bytes: no arena fits beside them
// LAUNCH: error: memplan-static: the arena of memory space workgroup needs 8192 bytes for 2 buffers, more than its capacity of 8000 bytes less the 4096 bytes
// LAUNCH: error: memplan-static: the arena of memory space workgroup, one per run of the body of 'gpu.launch' at {{[0-9]+}}:5 needs 4096 bytes for 1 buffer, more than its capacity of 8000 bytes less the 4096 bytes of its workgroup attributions (proven: the optimum is >= 4096)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<1024xf32>, %out: memref<1024xf32>)
        workgroup(%w0 : memref<512xf32, #gpu.address_space<workgroup>>,
                  %w1 : memref<512xf32, #gpu.address_space<workgroup>>) kernel {
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %a, %b : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %b, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
      gpu.return
    }
  }

  func.func @host(%in: memref<1024xf32>, %out: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%w : memref<1024xf32, #gpu.address_space<workgroup>>) {
      %a = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %a : memref<1024xf32> to memref<1024xf32, #gpu.address_space<workgroup>>
      memref.copy %a, %out : memref<1024xf32, #gpu.address_space<workgroup>> to memref<1024xf32>
      gpu.terminator
    }
    return
  }
}
