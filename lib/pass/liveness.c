/*===-- liveness.c - Stage 2: buffers, live intervals, escapes ------------===*/
#include "liveness.h"

#include "alias.h"
#include "attributions.h"
#include "carried.h"
#include "cfg.h"
#include "memplan-c/pass.h"
#include "parallel.h"
#include "sizes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mp_liveness_free(mp_liveness *l) {
  free(l->buffers);
  free(l->deallocs);
  memset(l, 0, sizeof *l);
}

/* The state of the forward walk from one alloc after another. */
typedef struct walk {
  MlirOperation func;
  const mp_schedule *sched;
  const mp_liveness_options *o;
  mp_ptrmap seen;          /* value -> stamp (buffer index + 1) */
  MlirValue *work;
  size_t nwork, capwork;
  MlirOperation *anc;      /* ops enclosing the current alloc */
  size_t nanc, capanc;
  mp_reach *reached;       /* the deallocs the walks reached */
  size_t nreached, capreached;
  mp_cfg *cfg;             /* CFGs of multi-block regions (cfg.h) */
  bool multiblock;         /* the current value's region has several blocks, */
  MlirOperation *vuses;    /* and its uses there, for its CFG liveness */
  size_t nvuses, capvuses;
} walk;

static bool in_anc(const walk *w, MlirOperation op) {
  for (size_t i = 0; i < w->nanc; ++i)
    if (mlirOperationEqual(w->anc[i], op))
      return true;
  return false;
}

static int push_value(walk *w, MlirValue v, int64_t stamp) {
  if (!mp_is_memref(v) || mp_ptrmap_get(&w->seen, v.ptr, 0) == stamp)
    return 0;
  if (mp_ptrmap_put(&w->seen, v.ptr, stamp))
    return -1;
  MlirValue *slot = mp_push(&w->work, &w->nwork, &w->capwork, sizeof *slot);
  if (!slot)
    return -1;
  *slot = v;
  return 0;
}

/*--- alignment --------------------------------------------------------------*/

/* Raises b's alignment to `al` (a power of two). The global arena carries
 * the largest alignment of its buffers, and LLVM refuses a global aligned
 * to more than 2^32 bytes; a memref.alloc of its own handles any alignment,
 * so such a buffer keeps one. */
static void raise_alignment(const mp_liveness_options *o, mp_buffer *b, uint64_t al) {
  if (al <= b->align)
    return;
  b->align = al;
  if (o->shared_arena && b->align > MEMPLAN_GLOBAL_MAX_ALIGN) {
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)b->align);
    mp_leave_alone(b, MP_SKIP_ALIGN,
                   "alignment %s: with arena=global the arena is an LLVM "
                   "global, aligned to at most 2^32", text);
  }
}

/* A view may read the buffer as another element type: vector.type_cast
 * makes memref<8xf32> a memref<vector<8xf32>>, whose loads LLVM lowers as
 * aligned to the vector (32 bytes), memref.view an i8 buffer an f64 one. The
 * buffer's offset must then be aligned for that type too, or the planned
 * program loads from an address the unplanned one would not have misaligned
 * any worse. */
static void raise_to_alias(const mp_liveness_options *o, mp_buffer *b, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  uint64_t al = 1;
  if (mlirTypeIsAMemRef(t) && mp_element_bytes(mlirShapedTypeGetElementType(t), &al))
    raise_alignment(o, b, mp_pow2ceil(al));
}

static void size_buffer(const mp_liveness_options *o, mp_buffer *b) {
  MlirType t = mlirValueGetType(b->value);
  b->space = mlirMemRefTypeGetMemorySpace(t);
  /* The arena of an earlier run: planning it again moved the whole arena
   * into a new one, a level of views deeper on every run. First, so that
   * this is the reason given; its size is still found, for the summary. */
  uint64_t al = o->min_alignment;
  if (b->attribution)
    mp_attribution_check(b, &al); /* its attributes, not the gpu.func's */
  else if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(
               b->op, mlirStringRefCreateFromCString(MP_ARENA_ATTR))))
    mp_leave_alone(b, MP_SKIP_ARENA, "the arena of an earlier memplan-static run%s", NULL);
  const char *why = NULL;
  uint64_t ealign = 1;
  mp_skip k = mp_memref_bytes(t, &b->size, &ealign, &why);
  if (k != MP_PLANNED) {
    mp_leave_alone(b, k, "%s", why);
    return;
  }
  MlirAttribute attr = b->attribution ? (MlirAttribute){NULL}
                                      : mlirOperationGetAttributeByName(
                                            b->op, mlirStringRefCreateFromCString("alignment"));
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsAInteger(attr)) {
    int64_t v = mlirIntegerAttrGetValueInt(attr);
    if (v > 0 && (uint64_t)v > al)
      al = (uint64_t)v;
  }
  if (ealign > al)
    al = ealign;
  b->align = 1;
  raise_alignment(o, b, mp_pow2ceil(al));
}

/*--- the forward walk -------------------------------------------------------*/

/* Checks where the alloc sits and fills w->anc with its enclosing ops. */
static int check_position(walk *w, mp_buffer *b) {
  char name[96];
  w->nanc = 0;
  if (b->attribution) /* defined by the function's entry block */
    return 0;
  MlirOperation x = b->op;
  for (;;) {
    MlirOperation p = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(p) || mlirOperationEqual(p, w->func))
      return 0;
    mp_op_name(p, name, sizeof name);
    bool scope = mp_scope_op(p); /* a per-iteration arena: nothing above counts */
    if (!scope && mp_op_is_parallel(p))
      mp_leave_alone(b, MP_SKIP_PARALLEL,
                     "allocated in the body of '%s': each iteration, possibly "
                     "running at the same time, needs its own buffer", name);
    else if (!scope && !memplan_op_is_region_branch(p))
      mp_leave_alone(b, MP_SKIP_REGION, "allocated in a region of '%s'", name);
    MlirOperation *slot = mp_push(&w->anc, &w->nanc, &w->capanc, sizeof *slot);
    if (!slot)
      return -1;
    *slot = p;
    if (scope) {
      b->scope = p;
      return 0;
    }
    x = p;
  }
}

/* Records a use of the alias v at `user`, as the op that holds the use in
 * the region where v is defined: a use nested deeper counts as that whole
 * op (a buffer used inside a loop is used by every iteration). In a region
 * of one block its span widens the interval at once; in a region of several
 * blocks it is kept for v's liveness over the CFG (walk_value). Returns -1
 * only if memory runs out. */
static int add_use(walk *w, mp_buffer *b, MlirValue v, MlirOperation user) {
  MlirRegion home = mlirBlockGetParentRegion(mp_value_block(v));
  MlirOperation x = user;
  char name[96];
  while (!mlirRegionEqual(mlirBlockGetParentRegion(mlirOperationGetBlock(x)), home)) {
    MlirOperation p = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(p) || mlirOperationEqual(p, w->func))
      break;
    if (!mp_regions_run_inline(p)) {
      mp_op_name(p, name, sizeof name);
      mp_leave_alone(b, MP_SKIP_UNKNOWN_OP,
                     "used inside a region of '%s', which may run later", name);
    }
    x = p;
  }
  if (w->multiblock) {
    MlirOperation *slot = mp_push(&w->vuses, &w->nvuses, &w->capvuses, sizeof *slot);
    if (!slot)
      return -1;
    *slot = x;
    return 0;
  }
  int64_t k = mp_schedule_num(w->sched, x);
  if (k < 0)
    return 0;
  int64_t lo = k, hi = w->sched->last[k] + 1;
  if (b->start < 0 || lo < b->start)
    b->start = lo;
  if (hi > b->end)
    b->end = hi;
  return 0;
}

typedef struct address_ctx {
  walk *w;
  mp_buffer *b;
  MlirValue v;
  int rc;
} address_ctx;

static void address_use(void *ctx, MlirOperation op) {
  address_ctx *a = ctx;
  if (a->rc == 0)
    a->rc = add_use(a->w, a->b, a->v, op);
}

/* The address of alias v, taken by `extract`, is only compared for
 * equality (alias.h): b is live at every op that compares it, so that no
 * buffer compared with it shares its address. A buffer of no bytes could
 * share it all the same, so it is left alone. Returns -1 only if memory
 * runs out. */
static int address_uses(walk *w, mp_buffer *b, MlirValue v, MlirOperation extract) {
  if (b->size == 0) {
    mp_leave_alone(b, MP_SKIP_UNKNOWN_OP,
                   "its address is compared by the lowering of bufferization.dealloc, "
                   "and it has no bytes to keep it apart from other buffers%s", NULL);
    return 0;
  }
  address_ctx a = {w, b, v, 0};
  mp_address_uses(extract, w->o->calls, address_use, &a);
  return a.rc;
}

/* Follows one use of an alias of b (stamp = its index + 1) along its edge.
 * Returns -1 only if memory runs out. */
static int follow_use(walk *w, mp_buffer *b, int64_t stamp, MlirValue v,
                      MlirOpOperand use) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  mp_edge e;
  mp_alias_edge(user, (intptr_t)mlirOpOperandGetOperandNumber(use), w->o->calls, &e);
  if (e.kind == MP_EDGE_FREE) {
    /* Not a use. Noted, so that the dealloc trace can be checked against
     * what this walk saw (deallocs.c). */
    mp_reach *r = mp_push(&w->reached, &w->nreached, &w->capreached, sizeof *r);
    if (!r)
      return -1;
    r->dealloc = user;
    r->buffer = (size_t)(stamp - 1);
    return 0;
  }
  if (add_use(w, b, v, user))
    return -1;
  if (e.kind == MP_EDGE_ESCAPE) {
    mp_leave_alone(b, e.why, e.fmt, e.arg);
    return 0;
  }
  if (e.kind == MP_EDGE_ADDRESS)
    return address_uses(w, b, v, user);
  /* handed to the next iteration of a loop around the alloc: planned as
   * two slots when carried.h allows it, and then followed on */
  if (!mlirOperationIsNull(e.loop) && in_anc(w, e.loop) &&
      !mp_carried_accept(b, e.loop, w->anc, w->nanc))
    return 0;
  for (int i = 0; i < e.nto; ++i) {
    if (!mp_is_memref(e.to[i])) {
      /* forwarded into a value that holds it (an !async.value<memref>),
       * which this walk cannot follow */
      char name[96];
      mp_op_name(user, name, sizeof name);
      mp_leave_alone(b, MP_SKIP_UNKNOWN_OP, "forwarded by '%s' into a value that is no memref",
                     name);
      return 0;
    }
    if (push_value(w, e.to[i], stamp))
      return -1;
  }
  if (!mlirOperationIsNull(e.results_of))
    for (intptr_t r = 0; r < mlirOperationGetNumResults(e.results_of); ++r)
      if (push_value(w, mlirOperationGetResult(e.results_of, r), stamp))
        return -1;
  return 0;
}

/* The op holding b's alloc in the region of `home`, or null when that region
 * does not hold it. */
static MlirOperation anchor_in(const walk *w, const mp_buffer *b, MlirRegion home) {
  MlirOperation x = b->op;
  while (!mlirRegionEqual(mlirBlockGetParentRegion(mlirOperationGetBlock(x)), home)) {
    x = mlirOperationGetParentOperation(x);
    if (mlirOperationIsNull(x) || mlirOperationEqual(x, w->func))
      return (MlirOperation){NULL};
  }
  return x;
}

/* The liveness of alias v, defined in a region of several blocks, over that
 * region's CFG (cfg.h), from the uses add_use kept. An alias live across
 * the op that allocates b (around a back edge) holds an earlier instance
 * while a new one is made: two instances live at once, which one slot
 * cannot hold. Returns -1 only if memory runs out. */
static int walk_value(walk *w, mp_buffer *b, MlirValue v) {
  if (!w->cfg && !(w->cfg = mp_cfg_new(w->sched)))
    return -1;
  MlirOperation anchor = anchor_in(w, b, mlirBlockGetParentRegion(mp_value_block(v)));
  mp_cfg_live_out live;
  if (mp_cfg_live(w->cfg, v, w->vuses, w->nvuses, anchor, &live))
    return -1;
  if (b->start < 0 || live.lo < b->start)
    b->start = live.lo;
  if (live.hi > b->end)
    b->end = live.hi;
  if (live.across)
    mp_leave_alone(b, MP_SKIP_CARRIED,
                   "carried around a loop between blocks: still live when its "
                   "alloc runs again (two slots by parity are made for scf.for "
                   "only)%s", NULL);
  return 0;
}

/* Walks every alias of buffer i and sets its interval, alignment and any
 * escape. Returns -1 only if memory runs out. */
static int walk_buffer(walk *w, mp_buffer *b, int64_t stamp) {
  if (check_position(w, b))
    return -1;
  if (b->skip != MP_PLANNED)
    return 0;
  w->nwork = 0;
  if (push_value(w, b->value, stamp))
    return -1;
  while (w->nwork > 0 && b->skip == MP_PLANNED) {
    MlirValue v = w->work[--w->nwork];
    raise_to_alias(w->o, b, v);
    w->multiblock = mp_cfg_value_in_multiblock(v);
    w->nvuses = 0;
    for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u))
      if (follow_use(w, b, stamp, v, u))
        return -1;
    if (w->multiblock && w->nvuses > 0 && walk_value(w, b, v))
      return -1;
  }
  if (b->start < 0) {
    b->start = b->def;
    b->end = b->def + 1;
  }
  return mp_carried_check(b, w->sched);
}

/* arena=global gives the function one arena for all its activations. A
 * buffer live while the function calls out would be overwritten if the call
 * re-entered the function (recursion, direct or through other functions),
 * so it keeps its own allocation. Buffers dead at every call are safe: a
 * nested activation only clobbers bytes nobody will read. Calls come in
 * schedule order, so a binary search per buffer finds the first call at or
 * after its start. */
static int live_across_calls(const mp_schedule *s, mp_liveness *l) {
  int64_t *calls = NULL;
  size_t ncalls = 0, capcalls = 0;
  for (size_t k = 0; k < s->n; ++k) {
    if (!memplan_op_is_call(s->ops[k]))
      continue;
    int64_t *slot = mp_push(&calls, &ncalls, &capcalls, sizeof *slot);
    if (!slot) {
      free(calls);
      return -1;
    }
    *slot = (int64_t)k;
  }
  for (size_t i = 0; i < l->n && ncalls; ++i) {
    mp_buffer *b = &l->buffers[i];
    if (b->skip != MP_PLANNED || b->stack) /* a stack arena per activation */
      continue;
    size_t lo = 0, hi = ncalls;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (calls[mid] < b->start)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < ncalls && calls[lo] < b->end) {
      char name[96];
      mp_op_name(s->ops[calls[lo]], name, sizeof name);
      mp_leave_alone(b, MP_SKIP_CALL,
                     "live across '%s': with arena=global a re-entry of the "
                     "function (recursion) would overwrite it", name);
    }
  }
  free(calls);
  return 0;
}

/* Collects a gpu.func's workgroup attributions (attributions.h), then the
 * allocs and allocas in schedule order. Only allocs go into alloc_index:
 * a dealloc traced back to an attribution frees no alloc. */
static int collect(MlirOperation func, const mp_schedule *s, mp_liveness *l,
                   mp_ptrmap *alloc_index) {
  if (mp_attributions_collect(func, l))
    return -1;
  for (size_t k = 0; k < s->n; ++k) {
    MlirOperation op = s->ops[k];
    bool stack = mp_op_is(op, "memref.alloca");
    if (!stack && !mp_op_is(op, "memref.alloc"))
      continue;
    mp_buffer *b = mp_push(&l->buffers, &l->n, &l->cap, sizeof *b);
    if (!b || mp_ptrmap_put(alloc_index, op.ptr, (int64_t)(l->n - 1)))
      return -1;
    b->op = op;
    b->stack = stack;
    b->value = mlirOperationGetResult(op, 0);
    b->def = (int64_t)k;
    b->start = b->end = -1;
    b->align = 1;
  }
  return 0;
}

int mp_liveness_build(MlirOperation func, const mp_schedule *s,
                      const mp_liveness_options *o, mp_liveness *out,
                      char *err, size_t err_len) {
  walk w;
  memset(&w, 0, sizeof w);
  w.func = func;
  w.sched = s;
  w.o = o;
  mp_ptrmap alloc_index = {0};
  int rc = -1;
  if (collect(func, s, out, &alloc_index))
    goto done;
  for (size_t i = 0; i < out->n; ++i) {
    mp_buffer *b = &out->buffers[i];
    size_buffer(o, b);
    if (b->skip == MP_PLANNED && o->over_limit &&
        mp_ptrmap_get(o->over_limit, b->value.ptr, 0))
      mp_leave_alone(b, MP_SKIP_ARENA_LIMIT,
                     "with the other buffers of its memory space the arena "
                     "passed 2^62 bytes, too large for a memref (the largest "
                     "are left alone)%s", NULL);
    if (walk_buffer(&w, b, (int64_t)i + 1))
      goto done;
    mp_scope_check(s, b);
    mp_scope_barriers(s, func, b);
  }
  if (o->shared_arena && live_across_calls(s, out))
    goto done;
  if (mp_deallocs_settle(s, &alloc_index, w.reached, w.nreached, out) ||
      mp_carried_twins(out))
    goto done;
  rc = 0;
done:
  if (rc)
    snprintf(err, err_len, "memplan-static: out of memory in liveness");
  free(w.work);
  free(w.anc);
  mp_ptrmap_free(&w.seen);
  free(w.reached);
  free(w.vuses);
  mp_cfg_free(w.cfg);
  mp_ptrmap_free(&alloc_index);
  return rc;
}
