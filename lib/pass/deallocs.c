/*===-- deallocs.c - Which memref.dealloc ops go with the planned buffers -===*\
|*                                                                            *|
|* A backward walk over the alias edges (alias.h): from the value a dealloc   *|
|* frees to every operand whose edge leads to it, and on until allocs are     *|
|* reached. A value that no edge leads to (a function argument, a call        *|
|* result, the result of an unknown op or of memref.get_global) may be any    *|
|* memory: the                                                                *|
|* dealloc's sources are then "unknown". So is a value reached through a      *|
|* maybe-alias edge.                                                          *|
\*===----------------------------------------------------------------------===*/
#include "liveness.h"

#include "alias.h"
#include "carried.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The buffers a memref.dealloc may free. */
typedef struct srcs {
  size_t *idx;
  size_t n, cap;
  bool unknown; /* it may also free something that is no buffer of ours */
} srcs;

static bool has_src(const srcs *s, size_t k) {
  for (size_t i = 0; i < s->n; ++i)
    if (s->idx[i] == k)
      return true;
  return false;
}

static int add_src(srcs *s, size_t k) {
  if (has_src(s, k))
    return 0;
  size_t *slot = mp_push(&s->idx, &s->n, &s->cap, sizeof *slot);
  if (!slot)
    return -1;
  *slot = k;
  return 0;
}

typedef struct trace {
  const mp_ptrmap *alloc_index;
  MlirOperation guarded; /* the dealloc whose ownership flags may rule out
                            loop inits (null: every path counts) */
  srcs *s;
  mp_ptrmap seen; /* value -> 1 */
  MlirValue *work;
  size_t n, cap;
} trace;

static int tpush(trace *t, MlirValue v) {
  if (mp_ptrmap_get(&t->seen, v.ptr, 0))
    return 0;
  if (mp_ptrmap_put(&t->seen, v.ptr, 1))
    return -1;
  MlirValue *slot = mp_push(&t->work, &t->n, &t->cap, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

/* True when the traced dealloc runs only under an ownership flag that is
 * false whenever v, an iter_arg or result of the loop op, is still the
 * loop's init (carried.h): the dealloc never frees the init, so op's own
 * operands (the inits) are not among its sources. */
static bool init_ruled_out(const trace *t, MlirOperation op, MlirValue v) {
  if (mlirOperationIsNull(t->guarded))
    return false;
  for (MlirOperation x = t->guarded;;) {
    MlirOperation p = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(p))
      return false;
    if (mp_op_is(p, "scf.if") &&
        mlirRegionEqual(mlirBlockGetParentRegion(mlirOperationGetBlock(x)),
                        mlirOperationGetRegion(p, 0)) &&
        mp_carried_flag_excludes_init(mlirOperationGetOperand(p, 0), op, v))
      return true;
    x = p;
  }
}

/* Pushes the memref operands of op whose edges lead to v. Returns how many,
 * or -1 if memory runs out. */
static int from_operands(trace *t, MlirOperation op, MlirValue v) {
  int found = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue u = mlirOperationGetOperand(op, i);
    if (!mp_is_memref(u))
      continue;
    mp_edge e;
    mp_alias_edge(op, i, NULL, &e); /* calls alias nothing */
    if ((e.kind != MP_EDGE_ALIAS && e.kind != MP_EDGE_MAYBE) || !mp_edge_reaches(&e, v))
      continue;
    if (e.kind == MP_EDGE_MAYBE)
      t->s->unknown = true;
    if (tpush(t, u))
      return -1;
    found++;
  }
  return found;
}

/* The same for op's own operands and for the terminators of every block of
 * every region of op: by the edges' shape, the only operands with an edge
 * to a result of op or to an argument of one of its blocks. */
static int from_op(trace *t, MlirOperation op, MlirValue v) {
  int found = init_ruled_out(t, op, v) ? 0 : from_operands(t, op, v);
  for (intptr_t r = 0; found >= 0 && r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         found >= 0 && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
      MlirOperation term = mlirBlockGetTerminator(b);
      if (mlirOperationIsNull(term))
        continue;
      int k = from_operands(t, term, v);
      found = k < 0 ? -1 : found + k;
    }
  return found;
}

/* Collects into s the buffers that the memref value v0 may be (a view of);
 * with `guarded` (the dealloc of v0), only those it may free under its
 * ownership flags. Returns -1 only if memory runs out. */
static int trace_value(const mp_ptrmap *alloc_index, MlirOperation guarded, MlirValue v0,
                       srcs *s) {
  trace t = {alloc_index, guarded, s, {0}, NULL, 0, 0};
  int rc = -1;
  if (tpush(&t, v0))
    goto out;
  while (t.n > 0) {
    MlirValue v = t.work[--t.n];
    MlirOperation owner;
    if (mlirValueIsAOpResult(v)) {
      owner = mlirOpResultGetOwner(v);
      if (mp_op_is(owner, "memref.alloc") || mp_op_is(owner, "memref.alloca")) {
        int64_t k = mp_ptrmap_get(alloc_index, owner.ptr, -1);
        if (k < 0)
          s->unknown = true;
        else if (add_src(s, (size_t)k))
          goto out;
        continue;
      }
    } else {
      owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
      if (mlirOperationIsNull(owner)) {
        s->unknown = true;
        continue;
      }
    }
    int found = from_op(&t, owner, v);
    if (found < 0)
      goto out;
    if (found == 0)
      s->unknown = true;
  }
  rc = 0;
out:
  free(t.work);
  mp_ptrmap_free(&t.seen);
  return rc;
}

/* Leaves alone the planned buffers of every dealloc that may free a planned
 * buffer and something else, until nothing changes: after it, a dealloc's
 * buffers are all planned or none is. */
static void unplan_mixed(mp_liveness *l, MlirOperation *dops, srcs *ds, size_t nd) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t d = 0; d < nd; ++d) {
      size_t planned = 0;
      for (size_t j = 0; j < ds[d].n; ++j)
        planned += l->buffers[ds[d].idx[j]].skip == MP_PLANNED;
      if (planned == 0 || (planned == ds[d].n && !ds[d].unknown))
        continue;
      char where[120];
      mp_loc_text(mlirOperationGetLocation(dops[d]), where, sizeof where);
      for (size_t j = 0; j < ds[d].n; ++j) {
        mp_buffer *b = &l->buffers[ds[d].idx[j]];
        if (b->skip != MP_PLANNED)
          continue;
        mp_leave_alone(b, MP_SKIP_DEALLOC_MIX,
                       "a memref.dealloc may free it or a buffer memplan "
                       "leaves alone (the memref.dealloc at %s)", where);
        changed = true;
      }
    }
  }
}

/* Keeps dealloc d, whose buffers are all planned, to be erased with them,
 * and notes in which memory space the input frees each: rewrite.c frees an
 * arena outside the default space only in a way the input did. */
static int keep_dealloc(mp_liveness *l, MlirOperation dop, const srcs *s) {
  MlirOperation *slot = mp_push(&l->deallocs, &l->ndeallocs, &l->cap_deallocs, sizeof *slot);
  if (!slot)
    return -1;
  *slot = dop;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(dop, 0));
  MlirAttribute freed = mlirTypeIsAMemRef(t) ? mlirMemRefTypeGetMemorySpace(t)
                                             : mlirUnrankedMemrefGetMemorySpace(t);
  for (size_t j = 0; j < s->n; ++j) {
    mp_buffer *b = &l->buffers[s->idx[j]];
    if (mlirAttributeEqual(freed, b->space)) {
      b->freed_in_space = true;
    } else if (!b->freed_elsewhere) {
      b->freed_elsewhere = true;
      b->freed_space = freed;
    }
  }
  return 0;
}

int mp_deallocs_settle(const mp_schedule *sched, const mp_ptrmap *alloc_index,
                       const mp_reach *reached, size_t nreached,
                       mp_liveness *l) {
  MlirOperation *dops = NULL;
  size_t nd = 0, capd = 0;
  srcs *ds = NULL, *all = NULL;
  mp_ptrmap dealloc_index = {0};
  int rc = -1;
  for (size_t k = 0; k < sched->n; ++k) {
    if (!mp_op_is(sched->ops[k], "memref.dealloc"))
      continue;
    MlirOperation *slot = mp_push(&dops, &nd, &capd, sizeof *slot);
    if (!slot || mp_ptrmap_put(&dealloc_index, sched->ops[k].ptr, (int64_t)(nd - 1)))
      goto done;
    *slot = sched->ops[k];
  }
  if (nd && (!(ds = calloc(nd, sizeof *ds)) || !(all = calloc(nd, sizeof *all))))
    goto done;
  for (size_t d = 0; d < nd; ++d) {
    MlirValue freed = mlirOperationGetOperand(dops[d], 0);
    if (trace_value(alloc_index, dops[d], freed, &ds[d]) ||
        trace_value(alloc_index, (MlirOperation){NULL}, freed, &all[d]))
      goto done;
  }
  /* The full trace inverts the forward edges, so it finds every buffer
   * whose walk reached the dealloc. Should the two ever part, the dealloc is
   * taken to free something unknown: a free of arena memory must never
   * stay. A buffer only the ownership flags rule out (in `all`, not in ds)
   * is one the dealloc never frees. */
  for (size_t r = 0; r < nreached; ++r) {
    int64_t d = mp_ptrmap_get(&dealloc_index, reached[r].dealloc.ptr, -1);
    if (d < 0 || has_src(&all[d], reached[r].buffer) || has_src(&ds[d], reached[r].buffer))
      continue;
    if (add_src(&ds[d], reached[r].buffer))
      goto done;
    ds[d].unknown = true;
  }
  unplan_mixed(l, dops, ds, nd);
  for (size_t d = 0; d < nd; ++d)
    if (ds[d].n && !ds[d].unknown && l->buffers[ds[d].idx[0]].skip == MP_PLANNED &&
        keep_dealloc(l, dops[d], &ds[d]))
      goto done;
  rc = 0;
done:
  for (size_t d = 0; ds && d < nd; ++d)
    free(ds[d].idx);
  for (size_t d = 0; all && d < nd; ++d)
    free(all[d].idx);
  free(ds);
  free(all);
  free(dops);
  mp_ptrmap_free(&dealloc_index);
  return rc;
}
