/*===-- module.h - What a module run shares with its functions ------------===*\
|*                                                                            *|
|* memplan_module_begin reads the module once, before any function is         *|
|* planned; the functions then only read it (from several threads), and      *|
|* hand their results back for memplan_module_end, which alone changes the    *|
|* module and writes files.                                                   *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_MODULE_H
#define MEMPLAN_PASS_MODULE_H

#include "arena_arg.h"
#include "captures.h"
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
  /* arena=arg: func -> 1 + index in `arg_why` of an op that uses its symbol
   * other than as a func.call's callee: its callers cannot all be updated,
   * so it keeps arena=alloc. */
  mp_ptrmap arg_refused;
  MlirOperation *arg_why;
  size_t narg_why, caparg_why;
  /* Which memref arguments of the module's functions their bodies may keep
   * (captures.h): a buffer passed to a call of one that does not is planned. */
  mp_captures captures;
};

struct memplan_function {
  MlirOperation func;
  mp_files files;          /* its report and pictures, rendered */
  MlirOperation *globals;  /* arena=global: its memref.global ops, to insert
                              before it */
  size_t nglobals, capglobals;
  mp_arena_args args;      /* arena=arg: its arena arguments */
};

/** arena=arg: true if func's symbol has a use other than a func.call's
 *  callee in the module (written to *why), so that it keeps arena=alloc. */
bool mp_module_arg_refused(const memplan_module *m, MlirOperation func,
                           MlirOperation *why);

/** What the calls of the module do with the buffers they are passed; NULL
 *  for no module (the function form). */
const mp_call_facts *mp_module_call_facts(const memplan_module *m);

#endif
