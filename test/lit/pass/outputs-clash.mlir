// Two files of a run that lead to one file are refused and no file of the
// run is written: the one written last would replace the other with exit
// status 0. The whole list of paths is known at the module's end, so one
// check finds every way two files meet:
// RUN: rm -rf %t && mkdir -p %t/same %t/dot %t/space %t/pre %t/sym %t/hard %t/ok
//  - report= and picture= of one function with one name, or "./" spellings;
// RUN: not %memplan-opt %s --memplan-static="report=%t/same/a picture=%t/same/a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not %memplan-opt %s --memplan-static="report=%t/same/b picture=%t/same/./b" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: ls -A %t/same | count 0
//  - a picture whose {space} makes the report's name (p0);
// RUN: not %memplan-opt %s --memplan-static="report=%t/space/{func}_0 picture=%t/space/{func}_{space}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: ls -A %t/space | count 0
//  - templates of two functions that meet: report=DIR/{func}_0 and
//    picture=DIR/r_{func}_{space} give @r_x's report and @x's picture one
//    name,
//    and so do @spaces's second picture and @two_spaces_1's report;
// RUN: not %memplan-opt %s --memplan-static="report=%t/pre/{func}_0 picture=%t/pre/r_{func}_{space}" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: not %mlir-opt %s --load-pass-plugin=%plugin --pass-pipeline="builtin.module(memplan-static{report=%t/pre/{func} picture=%t/pre/two_{func}_{space}})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACES
// RUN: ls -A %t/pre | count 0
//  - a symbolic link made beforehand from one function's name to another's,
//    and a hard link between them: the files there keep their text.
// RUN: echo old > %t/sym/r_x.json && ln -s r_x.json %t/sym/x_0.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/sym/{func}.json picture=%t/sym/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SYM
// RUN: grep -x old %t/sym/r_x.json
// RUN: ls -A %t/sym | count 2
// RUN: echo old > %t/hard/r_x.json && ln %t/hard/r_x.json %t/hard/x_0.svg
// RUN: not %memplan-opt %s --memplan-static="report=%t/hard/{func}.json picture=%t/hard/{func}_{space}.svg" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HARD
// RUN: grep -x old %t/hard/x_0.svg
// RUN: ls -A %t/hard | count 2
// Distinct files are fine: a report and a picture per arena of every
// function (@spaces has two arenas).
// RUN: %memplan-opt %s --memplan-static="report=%t/ok/{func}.json picture=%t/ok/{func}_{space}.svg" -o /dev/null
// RUN: ls -A %t/ok | count 9
// RUN: FileCheck %s --check-prefix=REPORT < %t/ok/r_x.json
// REQUIRES: mlir

// SAME: error: memplan-static: the report of @r_x ({{.*}}same/a) and the picture of @r_x ({{.*}}same/a) lead to one file: give report= and picture= different names (no file is written)
// SAME-NOT: error
// DOT: error: memplan-static: the report of @r_x ({{.*}}same/b) and the picture of @r_x ({{.*}}same/./b) lead to one file (no file is written)
// SPACE: error: memplan-static: the report of @r_x ({{.*}}space/r_x_0) and the picture of @r_x ({{.*}}space/r_x_0) lead to one file: give report= and picture= different names (no file is written)
// PREFIX: error: memplan-static: the report of @r_x ({{.*}}pre/r_x_0) and the picture of @x ({{.*}}pre/r_x_0) lead to one file: make report= and picture= differ where no function name can (as {func}.json and {func}.svg) (no file is written)
// SPACES: error: memplan-static: the picture of @spaces ({{.*}}pre/two_spaces_1) and the report of @two_spaces_1 ({{.*}}pre/two_spaces_1) lead to one file: make report= and picture= differ where no function name can (as {func}.json and {func}.svg) (no file is written)
// SYM: error: memplan-static: the report of @r_x ({{.*}}sym/r_x.json) and the picture of @x ({{.*}}sym/x_0.svg) lead to one file (no file is written)
// HARD: error: memplan-static: the report of @r_x ({{.*}}hard/r_x.json) and the picture of @x ({{.*}}hard/x_0.svg) lead to one file (no file is written)
// REPORT: "function": "r_x"

func.func @r_x(%x: f32, %out: memref<16xf32>) {
  %m = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<16xf32>)
  memref.copy %m, %out : memref<16xf32> to memref<16xf32>
  return
}

func.func @x(%x: f32, %out: memref<16xf32>) {
  %m = memref.alloc() : memref<32xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<32xf32>)
  %v = memref.subview %m[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  memref.copy %v, %out : memref<16xf32, strided<[1]>> to memref<16xf32>
  return
}

func.func @spaces(%x: f32, %out: memref<64xf32>, %out1: memref<64xf32, 1>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32, 1>
  linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64xf32, 1>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  memref.copy %b, %out1 : memref<64xf32, 1> to memref<64xf32, 1>
  return
}

func.func @two_spaces_1(%x: f32, %out: memref<16xf32>) {
  %m = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<16xf32>)
  memref.copy %m, %out : memref<16xf32> to memref<16xf32>
  return
}
