# MLIR/LLVM 22 for the pass plugin and memplan-opt (owned by the pass work).
#
# Debian does not put /usr/lib/llvm-22 on CMake's search path, so the hint
# below makes a plain `cmake -S . -B build -G Ninja` work; -DMLIR_DIR=...
# overrides it.
# Included from lib/pass, lib/plugin and tools/memplan-opt (sibling directory
# scopes do not share variables or imported targets, so each finds MLIR).

find_package(MLIR REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/mlir)
get_property(_memplan_mlir_said GLOBAL PROPERTY MEMPLAN_MLIR_ANNOUNCED)
if(NOT _memplan_mlir_said)
  message(STATUS "memplan: MLIR ${LLVM_PACKAGE_VERSION} from ${MLIR_DIR}")
  set_property(GLOBAL PROPERTY MEMPLAN_MLIR_ANNOUNCED TRUE)
endif()

# LLVM_DEFINITIONS is a string of -D flags; add_compile_definitions() would
# take each as a macro name and fail, so split it and hand it to the targets.
separate_arguments(MEMPLAN_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")

# The C API exists on Debian only as static PIC archives. Linking the imported
# MLIRCAPI* targets would drag a second, static copy of MLIR core into the
# plugin, so the archives are named by file path and MLIR core comes from the
# one shared libMLIR.so that mlir-opt itself uses.
set(MEMPLAN_MLIR_LINK
  $<TARGET_FILE:MLIRCAPIIR>
  MLIR
  LLVM)

# Compile flags for the C++ shim and driver: LLVM is built with RTTI and
# without exceptions.
function(memplan_mlir_cxx_target target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  target_compile_options(${target} PRIVATE ${MEMPLAN_LLVM_DEFINITIONS} -fno-exceptions
                         -fvisibility=hidden -fvisibility-inlines-hidden
                         -Wall -Wextra -Wno-unused-parameter)
  if(MEMPLAN_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
