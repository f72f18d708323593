/*===-- copies.c - A copy removed: its source's writers write the dest ----===*/
#include "copies.h"

#include "bound.h"
#include "memplan-c/pass.h"

#include "mlir-c/BuiltinAttributes.h"
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

/* What a buffer is in the rewrites taken: none yet, a source S (it goes
 * away), or a destination P (more parts may be copied into disjoint
 * subviews of it). */
enum { ROLE_NONE = 0, ROLE_SOURCE, ROLE_DEST };

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

/* The static index range [lo, hi] of a subview in dimension d, or false
 * when it is dynamic. A strided range is taken whole: conservative. */
static bool static_range(MlirOperation sv, intptr_t d, int64_t *lo, int64_t *hi, bool *empty) {
  MlirAttribute off = mlirOperationGetAttributeByName(sv, mlirStringRefCreateFromCString("static_offsets"));
  MlirAttribute size = mlirOperationGetAttributeByName(sv, mlirStringRefCreateFromCString("static_sizes"));
  MlirAttribute str = mlirOperationGetAttributeByName(sv, mlirStringRefCreateFromCString("static_strides"));
  if (mlirAttributeIsNull(off) || mlirAttributeIsNull(size) || mlirAttributeIsNull(str) ||
      !mlirAttributeIsADenseI64Array(off) || d >= mlirDenseArrayGetNumElements(off) ||
      d >= mlirDenseArrayGetNumElements(size) || d >= mlirDenseArrayGetNumElements(str))
    return false;
  int64_t o = mlirDenseI64ArrayGetElement(off, d), n = mlirDenseI64ArrayGetElement(size, d),
          st = mlirDenseI64ArrayGetElement(str, d);
  if (mlirShapedTypeIsDynamicStrideOrOffset(o) || mlirShapedTypeIsDynamicSize(n) ||
      mlirShapedTypeIsDynamicStrideOrOffset(st) || o < 0 || n < 0 || st < 0 ||
      o > INT32_MAX || n > INT32_MAX || st > INT32_MAX)
    return false;
  *empty = *empty || n == 0;
  *lo = o;
  *hi = o + (n > 0 ? n - 1 : 0) * st;
  return true;
}

/* Subviews a and b of one buffer (of identity layout) touch no common
 * element: in some dimension their static index ranges do not meet. Their
 * bytes are then disjoint, so one can be written while the other is. */
static bool disjoint_subviews(MlirOperation a, MlirOperation b) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(a, 0));
  if (!mlirTypeIsAMemRef(t) || !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)) ||
      !mlirValueEqual(mlirOperationGetOperand(a, 0), mlirOperationGetOperand(b, 0)))
    return false;
  bool empty = false, apart = false;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d) {
    int64_t alo, ahi, blo, bhi;
    if (!static_range(a, d, &alo, &ahi, &empty) || !static_range(b, d, &blo, &bhi, &empty))
      return false;
    apart = apart || ahi < blo || bhi < alo;
  }
  return apart || empty;
}

/* The most aliases of P followed; a P with more is left alone. */
#define MAX_ALIASES 64

/* One alias of P, and the memref.subview of P it lies within (null: it may
 * be anywhere in P). */
typedef struct alias_item {
  MlirValue v;
  MlirOperation part;
} alias_item;

/* The walk of P's aliases (alias.h edges, through views, regions and
 * branches) that checks every op between F and C touching P's memory. */
typedef struct dest_walk {
  const ctx *c;
  candidate *k;
  MlirBlock b;
  MlirValue p;
  MlirOperation dop; /* D's subview op, or null when D = P */
  int64_t lo, hi;    /* F and C */
  alias_item items[MAX_ALIASES];
  int n;
  mp_ptrmap seen;
  bool ok;
} dest_walk;

static void push_alias(dest_walk *w, MlirValue v, MlirOperation part) {
  if (mlirValueIsNull(v) || !mp_is_memref(v) || mp_ptrmap_get(&w->seen, v.ptr, 0))
    return;
  if (w->n == MAX_ALIASES || mp_ptrmap_put(&w->seen, v.ptr, 1)) {
    w->ok = false;
    return;
  }
  w->items[w->n++] = (alias_item){v, part};
}

/* An op between F and C that touches P's memory through alias a may stay
 * only if a lies within another part of P, disjoint from D; an op writing
 * all of P, reading nothing else (a fill), moves before F instead. */
static bool access_ok(dest_walk *w, alias_item a, MlirOperation user, MlirOperation top) {
  if (!mlirOperationIsNull(a.part) && !mlirOperationIsNull(w->dop) &&
      !mlirOperationEqual(a.part, w->dop) && disjoint_subviews(a.part, w->dop))
    return true;
  return mlirValueEqual(a.v, w->p) && mlirOperationEqual(user, top) && fills(user, w->p) &&
         add_moved(w->k, user);
}

/* Follows one use of alias a: its targets become aliases (a direct
 * subview of P starts a part); an access between F and C is checked. */
static void visit_use(dest_walk *w, alias_item a, MlirOperation user, intptr_t idx) {
  mp_edge e;
  mp_alias_edge(user, idx, NULL, &e);
  bool from_p = mlirValueEqual(a.v, w->p), sub = mp_op_is(user, "memref.subview");
  MlirOperation part = from_p && sub ? user : a.part;
  for (int t = 0; t < e.nto; ++t)
    push_alias(w, e.to[t], part);
  for (intptr_t r = 0; !mlirOperationIsNull(e.results_of) &&
                       r < mlirOperationGetNumResults(e.results_of); ++r)
    push_alias(w, mlirOperationGetResult(e.results_of, r), part);
  MlirOperation top = mp_op_ancestor_in(user, w->b);
  int64_t at = mlirOperationIsNull(top) ? -1 : num(w->c, top);
  if (mlirOperationIsNull(top) || at < w->lo || at >= w->hi)
    return; /* before F or after C (elsewhere: not in B, a later use) */
  if (e.kind == MP_EDGE_ALIAS) { /* a view or a forward: no access itself */
    bool is_d = from_p && sub && mlirOperationEqual(user, w->dop);
    if (is_d && (!mlirOperationEqual(user, top) || !add_moved(w->k, user)))
      w->ok = false;
    return;
  }
  if (!access_ok(w, a, user, top))
    w->ok = false;
}

/* Step 2: P's ops between F and C, found through every alias of P: its
 * alloc, the subview D and fills (with the constants they use) go to
 * k->moved in block order; any other access there must lie in another part
 * of P, disjoint from D. Views of P there stay: they touch no memory. */
static bool dest_ops_ok(const ctx *c, candidate *k, MlirBlock b, MlirValue p) {
  dest_walk w = {.c = c, .k = k, .b = b, .p = p, .ok = true};
  w.lo = num(c, k->first);
  w.hi = num(c, k->copy);
  w.dop = mlirValueEqual(k->dst, p) ? (MlirOperation){NULL} : mlirOpResultGetOwner(k->dst);
  MlirOperation alloc = mlirOpResultGetOwner(p);
  if (num(c, alloc) >= w.lo && !add_moved(k, alloc))
    return false;
  push_alias(&w, p, (MlirOperation){NULL});
  for (int i = 0; i < w.n && w.ok; ++i)
    for (MlirOpOperand u = mlirValueGetFirstUse(w.items[i].v); !mlirOpOperandIsNull(u) && w.ok;
         u = mlirOpOperandGetNextUse(u))
      visit_use(&w, w.items[i], mlirOpOperandGetOwner(u), mlirOpOperandGetOperandNumber(u));
  mp_ptrmap_free(&w.seen);
  if (!w.ok)
    return false;
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
 * from F); keeps it in trial when it does not rise. An op that another
 * rewrite moves too must be one of P's (the parts of one concatenation
 * share P's alloc and fill): rewrite() then moves it only earlier. Returns
 * 1 taken, 0 not, -1 out of memory. */
static int judge(ctx *c, const candidate *k, mp_liveness *trial, uint64_t *bound,
                 uint8_t *role) {
  for (int m = 0; m < k->nmoved; ++m)
    if (mp_ptrmap_get(&c->moved, k->moved[m].ptr, 0) && role[k->p] != ROLE_DEST)
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
  role[k->s] = ROLE_SOURCE;
  role[k->p] = ROLE_DEST;
  for (int m = 0; m < k->nmoved; ++m)
    if (mp_ptrmap_put(&c->moved, k->moved[m].ptr, 1))
      return -1;
  return 1;
}

/* Step 3, with the decision made. An op that an earlier rewrite (another
 * part of the same P) put before F already stays: ops only ever move
 * earlier, so every value still comes before its uses. */
static void rewrite(const candidate *k, bool corrupt) {
  for (int m = 0; m < k->nmoved; ++m)
    if ((!corrupt || mp_op_is(k->moved[m], "memref.alloc") ||
         mp_op_is(k->moved[m], "memref.subview") || mp_op_is(k->moved[m], "arith.constant")) &&
        !mlirOperationIsBeforeInBlock(k->moved[m], k->first))
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
  uint8_t *role = calloc(l->n ? l->n : 1, sizeof *role);
  candidate *ks = NULL;
  size_t nk = 0, capk = 0;
  int rc = trial.buffers && role ? 0 : -1;
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
    if (!mp_op_is(s->ops[op], "memref.copy") || !match(&c, s->ops[op], &k) ||
        role[k.s] != ROLE_NONE || role[k.p] == ROLE_SOURCE ||
        (role[k.p] == ROLE_DEST && mlirValueEqual(k.dst, trial.buffers[k.p].value)))
      continue;
    int took = judge(&c, &k, &trial, &bound, role);
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
  free(role);
  free(trial.buffers);
  mp_ptrmap_free(&c.buffer_of);
  mp_ptrmap_free(&c.moved);
  return rc;
}
