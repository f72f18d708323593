// capacity= holds one entry per memory space (SPACE:BYTES) and at most one
// for every other space (BYTES). An error names the space whose arena does
// not fit, the step where its most bytes are live, that step's op and the
// largest buffers live there; the summary gives each arena with its space
// (host and shared-memory bytes are not added up) and where each peaks.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=512,3:128,workgroup:1536" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=#gpu.address_space<workgroup>:1024" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{reorder=false planner=greedy-size capacity=0:512,workgroup:1024,3:128})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=workgroup:1000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WG
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=100000,3:100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=S3
// The bare entry covers the spaces no entry names: here the default space.
// RUN: not %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=workgroup:4096,3:4096,500" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEF
// Bad entries are refused before anything runs, naming the option.
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=abc" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=3:" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=:5" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=3:18446744073709551616" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=1,2" 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=3:5,workgroup:1,3:6" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %memplan-opt %s --memplan-static="reorder=false capacity=workgrop:1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: memplan-static: bad capacity: unknown memory space 'workgrop' (expected 0, an integer N, workgroup, private, global, or an attribute as MLIR prints it, such as #gpu.address_space<workgroup>)
// The report gives each arena its space's capacity and its peak.
// RUN: %memplan-opt %s --memplan-static="reorder=false planner=greedy-size capacity=512,3:128,workgroup:1536 report=%t.json remarks=none" -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REQUIRES: mlir

// FITS: remark: memplan-static: planned 5 of 5 buffers (0 left alone); sizes 2176 bytes planned, 0 left alone; 3 arenas: arena 0 of 512 bytes (lower bound 512) in memory space 0, arena 1 of 1024 bytes (lower bound 1024) in memory space workgroup, arena 2 of 128 bytes (lower bound 128) in memory space 3; planner greedy-size; optimal; {{[0-9.]+}} ms; arena 0: at step 7 ('linalg.fill' at [[# @LINE + 17]]:3) 512 bytes are live in 2 buffers: %alloc (256), %alloc_0 (256); arena 1: at step 9 ('linalg.fill' at [[# @LINE + 18]]:3) 1024 bytes are live in 1 buffer: %alloc_1 (1024); arena 2: at step 13 ('linalg.fill' at [[# @LINE + 20]]:3) 128 bytes are live in 1 buffer: %alloc_3 (128)
// WG: error: memplan-static: the arena of memory space workgroup needs 1024 bytes for 2 buffers, more than its capacity of 1000 bytes (proven: the optimum is >= 1024); at step 9 ('linalg.fill' at [[# @LINE + 17]]:3) 1024 bytes are live in 1 buffer: %alloc_1 (1024)
// S3: error: memplan-static: the arena of memory space 3 needs 128 bytes for 1 buffer, more than its capacity of 100 bytes (proven: the optimum is >= 128); at step 13 ('linalg.fill' at [[# @LINE + 18]]:3) 128 bytes are live in 1 buffer: %alloc_3 (128)
// DEF: error: memplan-static: the arena of memory space 0 needs 512 bytes for 2 buffers, more than its capacity of 500 bytes
// BAD: error: memplan-static: bad capacity={{.*}} (expected BYTES for every memory space, or SPACE:BYTES
// TWO: error: memplan-static: bad capacity: two entries for every memory space ('2')
// TWICE: error: memplan-static: bad capacity: memory space '3' given twice
// FITS-NOT: error
// WG-NOT: remark

func.func @f(%out: memref<64xf32>, %x: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %w = memref.alloc() : memref<256xf32, #gpu.address_space<workgroup>>
  %v = memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
  %t = memref.alloc() : memref<32xf32, 3>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%w : memref<256xf32, #gpu.address_space<workgroup>>)
  linalg.fill ins(%x : f32) outs(%v : memref<128xf32, #gpu.address_space<workgroup>>)
  linalg.fill ins(%x : f32) outs(%t : memref<32xf32, 3>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  return
}

// REPORT: "capacity": 512,
// REPORT: "memory_space": 0,
// REPORT-NEXT: "peak_live": {
// REPORT-NEXT:   "step": 7,
// REPORT-NEXT:   "bytes": 512,
// REPORT-NEXT:   "buffers_count": 2,
// REPORT-NEXT:   "op": "linalg.fill",
// REPORT-NEXT:   "location": "{{[0-9]+}}:3",
// REPORT-NEXT:   "largest": [
// REPORT-NEXT:     {
// REPORT-NEXT:       "id": "%alloc",
// REPORT-NEXT:       "size": 256
// REPORT: "capacity": 1536,
// REPORT: "memory_space": "#gpu.address_space<workgroup>",
// REPORT-NEXT: "peak_live": {
// REPORT-NEXT:   "step": 9,
// REPORT-NEXT:   "bytes": 1024,
// REPORT: "capacity": 128,
// REPORT: "memory_space": 3,
