/*===-- captures.h - Which memref arguments a function's body may keep ----===*\
|*                                                                            *|
|* A buffer passed to a func.call is used during the call; it is still a     *|
|* buffer whose bytes only its live interval needs, unless the callee keeps  *|
|* it beyond the call: stores the memref, returns it or a view of it, frees  *|
|* it, hands it to code that may run later (async.execute), to an op of      *|
|* unknown effects, or to a call that may keep it. Recursion counts as       *|
|* keeping it (its liveness would have to cover every activation).           *|
|*                                                                            *|
|* The answers come from the bodies of the module's functions, so they are   *|
|* computed once at the module's start (serially, read-only, memoized per    *|
|* function and argument); the per-function stages then only read them       *|
|* through mp_call_facts (alias.h), from several threads. A call of a         *|
|* function the module does not define (a declaration, call_indirect,        *|
|* async.call) keeps what it is passed.                                       *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_CAPTURES_H
#define MEMPLAN_PASS_CAPTURES_H

#include "alias.h"
#include "ir.h"

/** The answers for the func.func ops of one module's body. */
typedef struct mp_captures {
  mp_ptrmap index;   /* sym_name StringAttr -> 1 + index in funcs */
  struct mp_callee *funcs;
  size_t n, cap;
  mp_call_facts facts; /* reads this table; valid once built */
  bool oom;
} mp_captures;

/** Reads the functions of `module`'s body and answers, for each memref
 *  argument, whether the body may keep it. Returns 0, or -1 if memory runs
 *  out (c is then freed). */
int mp_captures_build(MlirOperation module, mp_captures *c);
void mp_captures_free(mp_captures *c);

#endif
