/*===-- module.h - What a module run shares with its functions ------------===*\
|*                                                                            *|
|* memplan_module_begin reads the module once, before any function is         *|
|* planned; the functions then only read it (from several threads), and      *|
|* hand their results back for memplan_module_end, which alone changes the    *|
|* module and writes files.                                                   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_MODULE_H
#define MEMPLAN_PASS_MODULE_H

#include "ir.h"
#include "memplan-c/pass.h"
#include "outputs.h"

struct memplan_module {
  const memplan_pass_options *o;
  /* arena=global: every sym_name of the module's body (the uniqued
   * StringAttr -> 1), which the arenas' names step around. */
  mp_ptrmap taken;
  /* arena=global: func.func -> 1 + index in `why` of the call that makes
   * it run concurrently with itself. */
  mp_ptrmap concurrent;
  MlirOperation *why;
  size_t nwhy, capwhy;
};

struct memplan_function {
  MlirOperation func;
  mp_files files;          /* its report and pictures, rendered */
  MlirOperation *globals;  /* arena=global: its memref.global ops, to insert
                              before it */
  size_t nglobals, capglobals;
};

#endif
