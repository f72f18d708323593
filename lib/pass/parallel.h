/*===-- parallel.h - Per-iteration arenas for parallel bodies -------------===*\
|*                                                                            *|
|* The iterations of scf.forall, scf.parallel and affine.parallel, an        *|
|* async.execute body and the threads of a gpu.launch may run at the same     *|
|* time: one arena slot cannot serve them all. Each such op is a *scope*:     *|
|* the buffers allocated in its body (directly, or under sequential control   *|
|* flow there, but not under a nested scope, which has its own) are planned   *|
|* together into one arena per memory space that the body allocates first     *|
|* and frees before its terminator, so every iteration, however many run at   *|
|* once, has its own arena: one allocation per iteration instead of several. *|
|* Within one iteration the body runs in order, so the schedule's numbering   *|
|* of the body is its execution order, as for a function.                     *|
|*                                                                            *|
|* A buffer of a scope must die in its iteration: a use outside the body      *|
|* (a value yielded out, an async result) leaves it alone. Ops above the      *|
|* scope do not matter: whatever runs the body, each run has its arena.       *|
|* Other parallel constructs (OpenMP, OpenACC) are not scopes: their regions  *|
|* follow other rules, and their buffers are left alone.                      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_PARALLEL_H
#define MEMPLAN_PASS_PARALLEL_H

#include "buffer.h"
#include "schedule.h"

/** True if the body of op gets per-iteration arenas (the ops above). */
bool mp_scope_op(MlirOperation op);

/** The block where a scope's arena goes first: the entry block of `func`
 *  for the function scope (scope null), else the scope's body. */
MlirBlock mp_scope_block(MlirOperation func, MlirOperation scope);

/** Leaves b alone if it belongs to a scope but is used outside that
 *  scope's body (its interval from liveness passes the body's span). */
void mp_scope_check(const mp_schedule *s, mp_buffer *b);

/** GPU memory shared by the threads of a block (workgroup memory: any
 *  space but the default and private ones, in device code or a gpu.launch
 *  body): the threads do not run in step, so while one thread is past a
 *  buffer's last use another may not have reached it. Two such buffers may
 *  share bytes only if a gpu.barrier, which every thread reaches before any
 *  goes on, lies between them: b's interval is widened to the barriers
 *  directly in its scope's body around it (to the whole body without one).
 *  Call after mp_scope_check. */
void mp_scope_barriers(const mp_schedule *s, MlirOperation func, mp_buffer *b);

/** "one per iteration of 'scf.forall' at 12:3" (empty for the function
 *  scope) into buf. */
void mp_scope_text(MlirOperation scope, char *buf, size_t len);

#endif
