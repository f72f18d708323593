/*===-- parallel.c - Per-iteration arenas for parallel bodies -------------===*/
#include "parallel.h"

#include "ir.h"
#include "liveness.h"
#include "spaces.h"

#include <assert.h>
#include <stdio.h>

/* The ops whose body runs once per iteration (or thread), each run in
 * order, and whose body is a single block ending in a terminator. */
static const char *const scope_ops[] = {
    "scf.forall", "scf.parallel", "affine.parallel", "async.execute",
    "gpu.launch", NULL};

bool mp_scope_op(MlirOperation op) { return mp_op_in(op, scope_ops); }

MlirBlock mp_scope_block(MlirOperation func, MlirOperation scope) {
  MlirOperation owner = mlirOperationIsNull(scope) ? func : scope;
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(owner, 0));
}

void mp_scope_check(const mp_schedule *s, mp_buffer *b) {
  if (mlirOperationIsNull(b->scope) || b->skip != MP_PLANNED)
    return;
  /* Inside the body and dead by its terminator, before which the arena is
   * freed (a use in scf.reduce's regions counts at the terminator). */
  int64_t k = mp_schedule_num(s, b->scope);
  MlirOperation term = mlirBlockGetTerminator(mp_scope_block(b->scope, b->scope));
  int64_t t = mlirOperationIsNull(term) ? -1 : mp_schedule_num(s, term);
  if (k >= 0 && t > k && b->start > k && b->end <= t)
    return;
  char name[96];
  mp_op_name(b->scope, name, sizeof name);
  mp_leave_alone(b, MP_SKIP_PARALLEL,
                 "allocated in the body of '%s' but used after its iteration "
                 "ends (each iteration, possibly running at the same time, "
                 "gets its own arena)", name);
}

void mp_scope_text(MlirOperation scope, char *buf, size_t len) {
  buf[0] = 0;
  if (mlirOperationIsNull(scope))
    return;
  char name[96], loc[96];
  mp_op_name(scope, name, sizeof name);
  mp_loc_text(mlirOperationGetLocation(scope), loc, sizeof loc);
  snprintf(buf, len, "one per %s of '%s' at %s",
           mp_op_is(scope, "gpu.launch")      ? "run of the body"
           : mp_op_is(scope, "async.execute") ? "execution"
                                              : "iteration",
           name, loc);
}

/* True if b is GPU memory that the threads of a block share: any space but
 * the default and private ones, in device code (a gpu.func, a function of a
 * gpu.module) or in a gpu.launch body. */
static bool shared_by_threads(MlirOperation func, const mp_buffer *b) {
  if (mp_space_classify(b->space, NULL) == MP_SPACE_DEFAULT ||
      mp_space_named(b->space, "private"))
    return false;
  MlirOperation parent = mlirOperationGetParentOperation(func);
  if (mp_op_is(func, "gpu.func") ||
      (!mlirOperationIsNull(parent) && mp_op_is(parent, "gpu.module")))
    return true;
  for (MlirOperation p = mlirOperationGetParentOperation(b->op);
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, func);
       p = mlirOperationGetParentOperation(p))
    if (mp_op_is(p, "gpu.launch"))
      return true;
  return false;
}

void mp_scope_barriers(const mp_schedule *s, MlirOperation func, mp_buffer *b) {
  if (b->skip != MP_PLANNED || !shared_by_threads(func, b))
    return;
  b->threads_share = true;
  /* A barrier splits the threads' work into phases only where the body
   * runs once per thread: a kernel or a gpu.launch body. A device function
   * that is no kernel may be called in a loop, so a thread may be in the
   * next call's first phase while another is still in this call's last:
   * its buffers keep the whole function. */
  int64_t lo = 0, hi = (int64_t)s->n;
  if (mlirOperationIsNull(b->scope) &&
      mlirAttributeIsNull(mlirOperationGetAttributeByName(
          func, mlirStringRefCreateFromCString("gpu.kernel")))) {
    b->start = lo;
    b->end = hi;
    return;
  }
  MlirBlock body = mp_scope_block(func, b->scope);
  if (!mlirOperationIsNull(b->scope)) {
    /* mp_scope_check passed: the body spans (k, t], its terminator t */
    lo = mp_schedule_num(s, b->scope) + 1;
    hi = mp_schedule_num(s, mlirBlockGetTerminator(body));
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!mp_op_is(op, "gpu.barrier"))
      continue;
    int64_t k = mp_schedule_num(s, op);
    if (k < b->start && k > lo)
      lo = k;
    if (k >= b->end && k < hi)
      hi = k;
  }
  assert(lo <= b->start && hi >= b->end);
  b->start = lo;
  b->end = hi;
}
