/*===-- carried.c - Loop-carried buffers: two slots chosen by parity ------===*/
#include "carried.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

/* Region ops whose bodies run at most once per run of the op around them:
 * an alloc under them runs at most once per iteration of the loop. */
static bool runs_once(MlirOperation op) {
  return mp_op_is(op, "scf.if") || mp_op_is(op, "scf.index_switch") ||
         mp_op_is(op, "scf.execute_region");
}

bool mp_carried_accept(mp_buffer *b, MlirOperation loop, const MlirOperation *anc,
                       size_t nanc) {
  char name[96];
  mp_op_name(loop, name, sizeof name);
  if (!mp_op_is(loop, "scf.for")) {
    mp_leave_alone(b, MP_SKIP_CARRIED,
                   "carried across iterations of its enclosing '%s' (two slots "
                   "by parity are made for scf.for only)", name);
    return false;
  }
  if (!mlirOperationIsNull(b->carrier)) {
    if (mlirOperationEqual(b->carrier, loop))
      return true;
    mp_leave_alone(b, MP_SKIP_CARRIED,
                   "carried across iterations of two nested loops (an outer '%s' "
                   "carries it too)", name);
    return false;
  }
  for (size_t i = 0; i < nanc && !mlirOperationEqual(anc[i], loop); ++i) {
    if (runs_once(anc[i]))
      continue;
    mp_op_name(anc[i], name, sizeof name);
    mp_leave_alone(b, MP_SKIP_CARRIED,
                   "carried across iterations of an 'scf.for' with '%s' between "
                   "the loop and the alloc", name);
    return false;
  }
  b->carrier = loop;
  return true;
}

/*--- does an iter_arg go round again? ---------------------------------------*/

typedef struct reach {
  MlirOperation loop;
  mp_ptrmap seen;     /* value -> 1 */
  MlirValue *work;
  size_t n, cap;
  MlirValue *args;    /* the loop's iter_args the walk was handed to */
  size_t nargs, capargs;
} reach;

static bool is_iter_arg(MlirValue v, MlirOperation loop) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirOperation p = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  return !mlirOperationIsNull(p) && mlirOperationEqual(p, loop);
}

static int rpush(reach *r, MlirValue v) {
  if (!mp_is_memref(v) || mp_ptrmap_get(&r->seen, v.ptr, 0))
    return 0;
  if (mp_ptrmap_put(&r->seen, v.ptr, 1))
    return -1;
  MlirValue *slot = mp_push(&r->work, &r->n, &r->cap, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

static int add_arg(reach *r, MlirValue v) {
  MlirValue *slot = mp_push(&r->args, &r->nargs, &r->capargs, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

/* One use: follows its edge, except an edge of the loop's own yield, whose
 * iter_arg targets are noted in r->args (where the walk stops: the next
 * iteration is what the caller asks about). */
static int reach_use(reach *r, MlirOpOperand u) {
  MlirOperation user = mlirOpOperandGetOwner(u);
  mp_edge e;
  mp_alias_edge(user, (intptr_t)mlirOpOperandGetOperandNumber(u), NULL, &e);
  if (e.kind != MP_EDGE_ALIAS && e.kind != MP_EDGE_MAYBE)
    return 0;
  bool back = !mlirOperationIsNull(e.loop) && mlirOperationEqual(e.loop, r->loop);
  for (int i = 0; i < e.nto; ++i) {
    if (back && is_iter_arg(e.to[i], r->loop) && add_arg(r, e.to[i]))
      return -1;
    if (!back && rpush(r, e.to[i]))
      return -1;
  }
  if (!back && !mlirOperationIsNull(e.results_of))
    for (intptr_t k = 0; k < mlirOperationGetNumResults(e.results_of); ++k)
      if (rpush(r, mlirOperationGetResult(e.results_of, k)))
        return -1;
  return 0;
}

/* The iter_args of r->loop that the aliases of seeds[0..n) are handed to,
 * into r->args. Returns -1 only if memory runs out. */
static int reach_from(reach *r, const MlirValue *seeds, size_t n) {
  mp_ptrmap_free(&r->seen);
  r->n = r->nargs = 0;
  for (size_t i = 0; i < n; ++i)
    if (rpush(r, seeds[i]))
      return -1;
  while (r->n > 0) {
    MlirValue v = r->work[--r->n];
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u))
      if (reach_use(r, u))
        return -1;
  }
  return 0;
}

int mp_carried_check(mp_buffer *b, const mp_schedule *s) {
  if (b->skip != MP_PLANNED || mlirOperationIsNull(b->carrier))
    return 0;
  reach r = {b->carrier, {0}, NULL, 0, 0, NULL, 0, 0};
  int rc = -1;
  MlirValue *first = NULL;
  if (reach_from(&r, &b->value, 1))
    goto out;
  size_t nfirst = r.nargs;
  first = malloc((nfirst ? nfirst : 1) * sizeof *first);
  if (!first)
    goto out;
  for (size_t i = 0; i < nfirst; ++i)
    first[i] = r.args[i];
  if (reach_from(&r, first, nfirst))
    goto out;
  if (r.nargs > 0) {
    /* instance i-1 would reach iteration i+1, whose instance takes its slot */
    mp_leave_alone(b, MP_SKIP_CARRIED,
                   "carried across iterations of its enclosing 'scf.for', and the "
                   "iter_arg that receives it is yielded again: more than two "
                   "instances may be live at once%s", NULL);
  } else {
    int64_t k = mp_schedule_num(s, b->carrier);
    assert(k >= 0 && "the carrier encloses the alloc");
    if (b->start < 0 || k < b->start)
      b->start = k;
    if (s->last[k] + 1 > b->end)
      b->end = s->last[k] + 1;
  }
  rc = 0;
out:
  free(first);
  free(r.work);
  free(r.args);
  mp_ptrmap_free(&r.seen);
  return rc;
}

int mp_carried_twins(mp_liveness *l) {
  size_t n = l->n;
  for (size_t i = 0; i < n; ++i) {
    if (l->buffers[i].skip != MP_PLANNED || mlirOperationIsNull(l->buffers[i].carrier))
      continue;
    mp_buffer *t = mp_push(&l->buffers, &l->n, &l->cap, sizeof *t);
    if (!t)
      return -1;
    *t = l->buffers[i];
    t->twin = 0;
    t->twin_of = i + 1;
    l->buffers[i].twin = l->n; /* the twin's index + 1 */
  }
  return 0;
}

/*--- ownership flags --------------------------------------------------------*/

static bool is_const_false(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation c = mlirOpResultGetOwner(v);
  if (!mp_op_is(c, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(c, mlirStringRefCreateFromCString("value"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) &&
         mlirTypeIsAInteger(mlirAttributeGetType(a)) &&
         mlirIntegerTypeGetWidth(mlirAttributeGetType(a)) == 1 &&
         mlirIntegerAttrGetValueInt(a) == 0;
}

bool mp_carried_flag_excludes_init(MlirValue flag, MlirOperation loop, MlirValue v) {
  if (!mp_op_is(loop, "scf.for"))
    return false;
  bool v_arg = is_iter_arg(v, loop);
  intptr_t m;
  if (v_arg && is_iter_arg(flag, loop)) {
    /* both the same iteration's: past iteration 0 both come from the yield */
    m = mlirBlockArgumentGetArgNumber(flag) - 1; /* argument 0 is the iv */
  } else if (!v_arg && mlirValueIsAOpResult(flag) &&
             mlirOperationEqual(mlirOpResultGetOwner(flag), loop)) {
    /* a result is the init only when the loop ran no iteration */
    m = mlirOpResultGetResultNumber(flag);
  } else {
    return false;
  }
  intptr_t k = 3 + m; /* lb, ub, step, then the inits */
  return m >= 0 && k < mlirOperationGetNumOperands(loop) &&
         is_const_false(mlirOperationGetOperand(loop, k));
}
