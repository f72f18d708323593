/*===-- copies.c - A copy removed: its source's writers write the dest ----===*/
#include "copies.h"

#include "bound.h"
#include "memplan-c/pass.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* At most this many of P's ops move (its alloc, the subview, fills). */
#define MAX_MOVED 8

/* One copy that can go: C = memref.copy %S, %D; F the first op of C's block
 * that uses S; moved: P's ops between F and C, in block order. */
typedef struct candidate {
  MlirOperation copy, first;
  MlirValue src, dst;
  size_t s, p; /* buffers of S and P in the liveness */
  MlirOperation moved[MAX_MOVED];
  int nmoved;
} candidate;

typedef struct ctx {
  const mp_schedule *sched;
  const mp_liveness *live;
  mp_ptrmap buffer_of; /* alloc op -> 1 + its buffer */
  mp_ptrmap moved;     /* op -> 1 once a taken candidate moves it */
} ctx;

static int64_t num(const ctx *c, MlirOperation op) { return mp_schedule_num(c->sched, op); }

/* The planned buffer whose alloc defines v, or SIZE_MAX. */
static size_t buffer_of(const ctx *c, MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return SIZE_MAX;
  MlirOperation def = mlirOpResultGetOwner(v);
  int64_t k = mp_ptrmap_get(&c->buffer_of, def.ptr, 0);
  if (k == 0 || !mp_op_is(def, "memref.alloc"))
    return SIZE_MAX;
  const mp_buffer *b = &c->live->buffers[k - 1];
  /* a loop-carried buffer is two slots chosen at its alloc (carried.h) */
  if (b->skip != MP_PLANNED || b->stack || b->threads_share || !mlirOperationIsNull(b->carrier) ||
      b->twin_of)
    return SIZE_MAX;
  return (size_t)(k - 1);
}

/* Users that take a memref of any strided layout in the operand S held: D
 * can stand in for S there. Views, calls and region terminators tie the
 * type to a result or an argument, so they do not. */
static bool any_layout_user(MlirOperation u) {
  static const char *const names[] = {"memref.load", "memref.store", "memref.copy",
                                      "vector.transfer_read", "vector.transfer_write", NULL};
  return mp_op_has_prefix(u, "linalg.") || mp_op_in(u, names);
}

/* v is available before op f: defined by an op before f's ancestor in its
 * block, or a block argument of a block holding f. */
static bool defined_before(const ctx *c, MlirValue v, MlirOperation f) {
  MlirBlock vb = mlirValueIsABlockArgument(v) ? mlirBlockArgumentGetOwner(v)
                                              : mlirOperationGetBlock(mlirOpResultGetOwner(v));
  MlirOperation x = mp_op_ancestor_in(f, vb);
  if (mlirOperationIsNull(x))
    return false;
  return mlirValueIsABlockArgument(v) || num(c, mlirOpResultGetOwner(v)) < num(c, x);
}

/* op is inside `outer` (or is it). */
static bool inside(MlirOperation op, MlirOperation outer) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, outer))
      return true;
  return false;
}

typedef struct ready_walk {
  const ctx *c;
  const candidate *k;
  int self; /* index of the op walked in k->moved */
  bool ok;
} ready_walk;

/* Every value an op nested in (or equal to) moved[self] uses is defined
 * inside it, by an earlier moved op, or before F; nested ops use no
 * memref (a fill's payload reads scalars only). */
static MlirWalkResult ready_op(MlirOperation op, void *user) {
  ready_walk *w = user;
  MlirOperation top = w->k->moved[w->self];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && w->ok; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirOperationEqual(op, top) && mp_is_memref(v))
      w->ok = false;
    /* made inside top: a result of a nested op, an argument of a block of
     * top's regions (or deeper) */
    bool arg = mlirValueIsABlockArgument(v);
    MlirOperation def = arg ? mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
                            : mlirOpResultGetOwner(v);
    if (!w->ok || ((arg || !mlirOperationEqual(def, top)) && inside(def, top)))
      continue;
    bool earlier = false;
    for (int j = 0; j < w->self && mlirValueIsAOpResult(v); ++j)
      earlier = earlier || mlirOperationEqual(mlirOpResultGetOwner(v), w->k->moved[j]);
    w->ok = earlier || defined_before(w->c, v, w->k->first);
  }
  return w->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

static bool movable(const ctx *c, const candidate *k) {
  for (int m = 0; m < k->nmoved; ++m) {
    ready_walk w = {c, k, m, true};
    mlirOperationWalk(k->moved[m], ready_op, &w, MlirWalkPreOrder);
    if (!w.ok)
      return false;
  }
  return true;
}

/* Adds op to k->moved unless it is there; false when full. */
static bool add_moved(candidate *k, MlirOperation op) {
  for (int m = 0; m < k->nmoved; ++m)
    if (mlirOperationEqual(k->moved[m], op))
      return true;
  if (k->nmoved == MAX_MOVED)
    return false;
  k->moved[k->nmoved++] = op;
  return true;
}

/* An op that writes all of P and reads no other memref: a fill. */
static bool fills(MlirOperation u, MlirValue p) {
  bool found = false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(u); ++i) {
    MlirValue v = mlirOperationGetOperand(u, i);
    if (!mp_is_memref(v))
      continue;
    if (!mlirValueEqual(v, p) || !memplan_op_overwrites(u, i))
      return false;
    found = true;
  }
  return found;
}

/* Step 1: S's uses; sets k->first. */
static bool src_uses_ok(const ctx *c, candidate *k, MlirBlock b) {
  int64_t copy_at = num(c, k->copy), first_at = INT64_MAX;
  for (MlirOpOperand u = mlirValueGetFirstUse(k->src); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(user, k->copy))
      continue;
    MlirOperation top = mp_op_ancestor_in(user, b);
    if (mlirOperationIsNull(top))
      return false;
    int64_t at = num(c, top);
    if (mp_op_is(user, "memref.dealloc") && mlirOperationEqual(user, top) && at > copy_at)
      continue;
    if (at >= copy_at || !any_layout_user(user))
      return false;
    if (at < first_at)
      first_at = at, k->first = top;
  }
  return first_at != INT64_MAX;
}

typedef struct consts_walk {
  const ctx *c;
  candidate *k;
  MlirBlock b;
  bool ok;
} consts_walk;

/* An arith.constant of B between F and C that a moved op uses moves too
 * (it reads nothing and writes nothing; lowerings put the fill's value
 * just before the fill). */
static MlirWalkResult add_constants(MlirOperation op, void *user) {
  consts_walk *w = user;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && w->ok; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirValueIsAOpResult(v))
      continue;
    MlirOperation def = mlirOpResultGetOwner(v);
    int64_t at = num(w->c, def);
    if (mp_op_is(def, "arith.constant") && mlirBlockEqual(mlirOperationGetBlock(def), w->b) &&
        at >= num(w->c, w->k->first) && at < num(w->c, w->k->copy))
      w->ok = add_moved(w->k, def);
  }
  return w->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

/* Step 2: P's ops between F and C, which must be its alloc, the subview D
 * and fills (with the constants they use); they go to k->moved in block
 * order. */
static bool dest_ops_ok(const ctx *c, candidate *k, MlirBlock b, MlirValue p) {
  int64_t lo = num(c, k->first), hi = num(c, k->copy);
  MlirOperation alloc = mlirOpResultGetOwner(p);
  if (num(c, alloc) >= lo && !add_moved(k, alloc))
    return false;
  for (MlirOpOperand u = mlirValueGetFirstUse(p); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u), top = mp_op_ancestor_in(user, b);
    int64_t at = mlirOperationIsNull(top) ? -1 : num(c, top);
    if (mlirOperationIsNull(top) || at < lo || at >= hi)
      continue; /* before F or after C (elsewhere: not in B, a later use) */
    bool is_d = !mlirValueEqual(k->dst, p) && mlirValueIsAOpResult(k->dst) &&
                mlirOperationEqual(mlirOpResultGetOwner(k->dst), user);
    if (!mlirOperationEqual(user, top) || !(is_d || fills(user, p)) || !add_moved(k, user))
      return false;
  }
  consts_walk cw = {c, k, b, true};
  for (int m = 0, n = k->nmoved; m < n && cw.ok; ++m)
    mlirOperationWalk(k->moved[m], add_constants, &cw, MlirWalkPreOrder);
  if (!cw.ok)
    return false;
  mp_at order[MAX_MOVED];
  for (int m = 0; m < k->nmoved; ++m)
    order[m] = (mp_at){num(c, k->moved[m]), (size_t)m};
  qsort(order, (size_t)k->nmoved, sizeof *order, mp_at_cmp);
  MlirOperation sorted[MAX_MOVED];
  for (int m = 0; m < k->nmoved; ++m)
    sorted[m] = k->moved[order[m].k];
  memcpy(k->moved, sorted, sizeof(MlirOperation) * (size_t)k->nmoved);
  return movable(c, k);
}

/* D = P, or a memref.subview of P whose one use is C; P's buffer or SIZE_MAX. */
static size_t dest_buffer(const ctx *c, MlirValue d, MlirOperation copy, MlirValue *p) {
  *p = d;
  if (mlirValueIsAOpResult(d) && mp_op_is(mlirOpResultGetOwner(d), "memref.subview")) {
    MlirOpOperand u = mlirValueGetFirstUse(d);
    if (!mlirOperationEqual(mlirOpOperandGetOwner(u), copy) ||
        !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
      return SIZE_MAX;
    *p = mlirOperationGetOperand(mlirOpResultGetOwner(d), 0);
  }
  return buffer_of(c, *p);
}

/* The copy `op` as a candidate, before judging its bound. */
static bool match(const ctx *c, MlirOperation op, candidate *k) {
  memset(k, 0, sizeof *k);
  k->copy = op;
  k->src = mlirOperationGetOperand(op, 0);
  k->dst = mlirOperationGetOperand(op, 1);
  MlirValue p;
  k->s = buffer_of(c, k->src);
  k->p = dest_buffer(c, k->dst, op, &p);
  if (k->s == SIZE_MAX || k->p == SIZE_MAX || k->s == k->p)
    return false;
  const mp_buffer *bs = &c->live->buffers[k->s], *bp = &c->live->buffers[k->p];
  MlirBlock b = mlirOperationGetBlock(op);
  MlirType ts = mlirValueGetType(k->src), td = mlirValueGetType(k->dst);
  if (!mlirBlockEqual(mlirOperationGetBlock(bs->op), b) ||
      !mlirBlockEqual(mlirOperationGetBlock(bp->op), b) ||
      !mlirAttributeEqual(bs->space, bp->space) || !mlirOperationEqual(bs->scope, bp->scope) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(ts), mlirShapedTypeGetElementType(td)))
    return false;
  return src_uses_ok(c, k, b) && dest_ops_ok(c, k, b, p);
}

/* The bound with k's rewrite on top of those in `trial` (S gone, P live
 * from F); keeps it in trial when it does not rise. An op moves once at
 * most: moved twice (a constant two fills use), its second place could be
 * after a user the first move put before it. Returns 1 taken, 0 not, -1
 * out of memory. */
static int judge(ctx *c, const candidate *k, mp_liveness *trial, uint64_t *bound,
                 bool *taken) {
  for (int m = 0; m < k->nmoved; ++m)
    if (mp_ptrmap_get(&c->moved, k->moved[m].ptr, 0))
      return 0;
  mp_buffer *bs = &trial->buffers[k->s], *bp = &trial->buffers[k->p];
  mp_buffer keep_s = *bs, keep_p = *bp;
  bs->skip = MP_SKIP_UNKNOWN_OP;
  int64_t f = num(c, k->first);
  if (f < bp->start)
    bp->start = f;
  uint64_t after = 0;
  if (mp_bound(trial, &after))
    return -1;
  if (after > *bound) {
    *bs = keep_s, *bp = keep_p;
    return 0;
  }
  *bound = after;
  taken[k->s] = taken[k->p] = true;
  for (int m = 0; m < k->nmoved; ++m)
    if (mp_ptrmap_put(&c->moved, k->moved[m].ptr, 1))
      return -1;
  return 1;
}

/* Step 3, with the decision made. */
static void rewrite(const candidate *k, bool corrupt) {
  for (int m = 0; m < k->nmoved; ++m)
    if (!corrupt || mp_op_is(k->moved[m], "memref.alloc") ||
        mp_op_is(k->moved[m], "memref.subview") || mp_op_is(k->moved[m], "arith.constant"))
      mlirOperationMoveBefore(k->moved[m], k->first);
  MlirOperation alloc = mlirOpResultGetOwner(k->src);
  mlirOperationDestroy(k->copy);
  for (MlirOpOperand u = mlirValueGetFirstUse(k->src); !mlirOpOperandIsNull(u);) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    u = mlirOpOperandGetNextUse(u);
    if (mp_op_is(user, "memref.dealloc"))
      mlirOperationDestroy(user);
  }
  mlirValueReplaceAllUsesOfWith(k->src, k->dst);
  mlirOperationDestroy(alloc);
}

int mp_copies_remove(MlirOperation func, const mp_schedule *s, const mp_liveness *l,
                     bool corrupt, mp_copies_result *out) {
  (void)func;
  memset(out, 0, sizeof *out);
  ctx c = {s, l, {0}, {0}};
  mp_liveness trial = *l;
  trial.buffers = malloc((l->n ? l->n : 1) * sizeof *trial.buffers);
  bool *taken = calloc(l->n ? l->n : 1, sizeof *taken);
  candidate *ks = NULL;
  size_t nk = 0, capk = 0;
  int rc = trial.buffers && taken ? 0 : -1;
  if (rc == 0 && l->n) /* l->buffers is null when there are none */
    memcpy(trial.buffers, l->buffers, l->n * sizeof *trial.buffers);
  for (size_t i = 0; i < l->n && rc == 0; ++i)
    if (!l->buffers[i].twin_of) /* a twin has its buffer's alloc */
      rc = mp_ptrmap_put(&c.buffer_of, l->buffers[i].op.ptr, (int64_t)i + 1);
  if (rc == 0)
    rc = mp_bound(&trial, &out->bound_before);
  uint64_t bound = out->bound_before;
  for (size_t op = 0; op < s->n && rc == 0; ++op) {
    candidate k;
    if (!mp_op_is(s->ops[op], "memref.copy") || !match(&c, s->ops[op], &k) || taken[k.s] ||
        taken[k.p])
      continue;
    int took = judge(&c, &k, &trial, &bound, taken);
    candidate *slot = took > 0 ? mp_push(&ks, &nk, &capk, sizeof *ks) : NULL;
    if (took < 0 || (took > 0 && !slot))
      rc = -1;
    else if (slot)
      *slot = k;
  }
  out->bound_after = bound;
  /* all decided on the input's schedule; the IR changes only now */
  for (size_t i = 0; i < nk && rc == 0; ++i)
    rewrite(&ks[i], corrupt);
  if (rc == 0)
    out->removed = nk;
  free(ks);
  free(taken);
  free(trial.buffers);
  mp_ptrmap_free(&c.buffer_of);
  mp_ptrmap_free(&c.moved);
  return rc;
}
