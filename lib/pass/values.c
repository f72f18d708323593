/*===-- values.c - A live range per value of a buffer ---------------------===*/
#include "values.h"

#include "alias.h"
#include "memplan-c/pass.h"
#include "sizes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mp_values_free(mp_values *v) {
  free(v->allocs);
  free(v->vals);
  free(v->uses);
  free(v->notes);
  memset(v, 0, sizeof *v);
}

/*--- aliases that cover the whole buffer ------------------------------------*/

/* Views that keep the first byte where it was and whose type tells the
 * rest: a result of static shape and identity layout (offset 0, row-major)
 * of the buffer's byte size is then all of it. memref.view is one more
 * case: its type hides the shift, which must be a constant 0. */
static const char *const covering_views[] = {
    "memref.expand_shape", "memref.collapse_shape", "memref.cast",
    "memref.subview", "memref.reinterpret_cast", "memref.reshape",
    "vector.type_cast", "memref.view", NULL};

static bool is_constant_zero(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mp_op_is(def, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) &&
         mlirIntegerAttrGetValueInt(a) == 0;
}

/* True if `result` of the view op covers all `size` bytes of its source's
 * buffer when the source does. */
static bool view_covers(MlirOperation view, MlirValue result, uint64_t size) {
  if (!mp_op_in(view, covering_views))
    return false;
  if (mp_op_is(view, "memref.view") &&
      (mlirOperationGetNumOperands(view) < 2 ||
       !is_constant_zero(mlirOperationGetOperand(view, 1))))
    return false;
  uint64_t bytes = 0, align = 0;
  const char *why = NULL;
  MlirType t = mlirValueGetType(result);
  return mlirTypeIsAMemRef(t) && mp_memref_bytes(t, &bytes, &align, &why) == MP_PLANNED &&
         bytes == size;
}

/*--- the walk over one buffer's aliases -------------------------------------*/

typedef struct pending_alias {
  MlirValue v;
  bool whole;
} pending_alias;

typedef struct walk {
  const mp_buffer *b;
  MlirBlock block;          /* the alloc's block */
  const mp_schedule *sched;
  pending_alias *work;
  size_t nwork, capwork;
  mp_value_use *uses;       /* the buffer's uses, unsorted */
  size_t nuses, capuses;
  bool untracked;           /* an alias is not a view */
  char why[160];            /* which, for the note */
} walk;

static int push_alias(walk *w, MlirValue v, bool whole) {
  pending_alias *slot = mp_push(&w->work, &w->nwork, &w->capwork, sizeof *slot);
  if (!slot)
    return -1;
  *slot = (pending_alias){v, whole};
  return 0;
}

static void untrack(walk *w, const char *fmt, MlirOperation user) {
  if (w->untracked)
    return;
  char name[96];
  mp_op_name(user, name, sizeof name);
  w->untracked = true;
  snprintf(w->why, sizeof w->why, fmt, name);
}

/* Follows one use of an alias. Returns -1 only if memory runs out. */
static int follow(walk *w, MlirOpOperand use, bool whole) {
  MlirOperation user = mlirOpOperandGetOwner(use);
  intptr_t idx = (intptr_t)mlirOpOperandGetOperandNumber(use);
  mp_edge e;
  /* without the module's call facts a call is an escape: a buffer passed
   * to a call is planned (liveness knows the callee) but not split, since
   * what the callee writes of it is not known here */
  mp_alias_edge(user, idx, NULL, &e);
  if (e.kind == MP_EDGE_FREE)
    return 0;
  /* the lowering of bufferization.dealloc compares this address with the
   * addresses of other memrefs: every value must keep the alloc's address */
  if (mp_op_is(user, "memref.extract_aligned_pointer_as_index")) {
    untrack(w, "its address is taken by '%s'", user);
    return 0;
  }
  if (e.kind == MP_EDGE_ALIAS && e.nto == 0 && !mlirOperationIsNull(e.results_of) &&
      memplan_op_view_source(user) == idx) {
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r) {
      MlirValue res = mlirOperationGetResult(user, r);
      if (mp_is_memref(res) &&
          push_alias(w, res, whole && view_covers(user, res, w->b->size)))
        return -1;
    }
    return 0;
  }
  if (e.kind == MP_EDGE_ALIAS)
    untrack(w, mp_op_is(user, "arith.select") ? "%s chooses between it and another buffer"
                                              : "'%s' hands it on through a region", user);
  else if (e.kind == MP_EDGE_MAYBE)
    untrack(w, "the results of '%s' may point into it", user);
  else if (e.kind == MP_EDGE_ESCAPE)
    untrack(w, "'%s' lets it escape", user);
  if (e.kind != MP_EDGE_NONE)
    return 0;
  MlirOperation top = mp_op_ancestor_in(user, w->block);
  if (mlirOperationIsNull(top) || mp_schedule_num(w->sched, top) < 0) {
    untrack(w, "'%s' uses it outside its block", user);
    return 0;
  }
  mp_value_use *u = mp_push(&w->uses, &w->nuses, &w->capuses, sizeof *u);
  if (!u)
    return -1;
  *u = (mp_value_use){user, idx, mlirOpOperandGetValue(use), top, 0, 0, whole};
  return 0;
}

/* Collects b's uses into w->uses. Returns -1 only if memory runs out. */
static int walk_aliases(walk *w) {
  if (push_alias(w, w->b->value, true))
    return -1;
  while (w->nwork > 0) {
    pending_alias a = w->work[--w->nwork];
    for (MlirOpOperand u = mlirValueGetFirstUse(a.v); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u))
      if (follow(w, u, a.whole))
        return -1;
  }
  return 0;
}

/*--- split points -----------------------------------------------------------*/

/* True if use u writes every byte of the buffer without reading it, as an
 * op of the alloc's block (corrupt: any write there). */
static bool writes_all(const mp_value_use *u) {
  if (!u->whole)
    return false;
  if (mp_op_is(u->user, "memref.copy"))
    return u->operand == 1;
  return memplan_op_overwrites(u->user, u->operand);
}

static bool overwrites(const mp_value_use *u, bool corrupt) {
  if (!mlirOperationEqual(u->user, u->top))
    return false;
  if (corrupt)
    return (memplan_op_operand_effects(u->user, u->operand) & MEMPLAN_EFFECT_WRITE) != 0;
  return writes_all(u);
}

/* A write of all of the buffer nested in an op of the alloc's block (an
 * scf.if may skip it, a loop may run it many times or none): not a split
 * point, and the first one of a buffer is worth a note. */
static bool overwrites_nested(const mp_value_use *u) {
  return !mlirOperationEqual(u->user, u->top) && writes_all(u);
}

static int add_note(mp_values *out, MlirOperation alloc, MlirOperation at, const char *why) {
  mp_value_note *n = mp_push(&out->notes, &out->nnotes, &out->capnotes, sizeof *n);
  if (!n)
    return -1;
  char name[96], where[120];
  mp_op_name(at, name, sizeof name);
  mp_loc_text(mlirOperationGetLocation(at), where, sizeof where);
  n->alloc = alloc;
  snprintf(n->text, sizeof n->text, "not split at the '%.60s' at %.40s, which writes all of it: %.100s",
           name, where, why);
  return 0;
}

/* The values of one walked buffer, in block order, appended to out; or, when
 * it is untracked, a note at its first split point. */
static int record(const walk *w, mp_at *ord, const mp_values_options *o,
                  mp_values *out) {
  size_t n = w->nuses;
  for (size_t k = 0; k < n; ++k)
    ord[k] = (mp_at){mp_schedule_num(w->sched, w->uses[k].top), k};
  if (n) /* ord may be null when there are no uses */
    qsort(ord, n, sizeof *ord, mp_at_cmp);
  size_t track = out->nallocs, nvals0 = out->nvals;
  bool nested_noted = false;
  for (size_t a = 0, b; a < n; a = b) {
    for (b = a + 1; b < n && ord[b].pos == ord[a].pos; ++b)
      ;
    const mp_value_use *u = &w->uses[ord[a].k];
    bool split = b == a + 1 && overwrites(u, o->corrupt_partial);
    if (split && a > 0 && w->untracked)
      return add_note(out, w->b->op, u->user, w->why);
    if (w->untracked)
      continue;
    for (size_t k = a; k < b && !nested_noted; ++k)
      if (overwrites_nested(&w->uses[ord[k].k])) {
        char why[160], name[96];
        mp_op_name(w->uses[ord[k].k].top, name, sizeof name);
        /* The rule, not a claim about this op: conservative for ops that
         * run their region exactly once (memref.alloca_scope). */
        snprintf(why, sizeof why,
                 "it is inside '%s' (a region may skip a write or repeat it)", name);
        nested_noted = true;
        if (add_note(out, w->b->op, w->uses[ord[k].k].user, why))
          return -1;
      }
    if (split || a == 0) {
      mp_value *v = mp_push(&out->vals, &out->nvals, &out->capvals, sizeof *v);
      if (!v)
        return -1;
      *v = (mp_value){track, out->nvals - 1 - nvals0,
                      split ? u->user : (MlirOperation){NULL}, SIZE_MAX, -1, -1};
    }
    for (size_t k = a; k < b; ++k) {
      mp_value_use *slot = mp_push(&out->uses, &out->nuses, &out->capuses, sizeof *slot);
      if (!slot)
        return -1;
      *slot = w->uses[ord[k].k];
      slot->val = out->nvals - 1;
    }
  }
  if (w->untracked || n == 0)
    return 0;
  MlirOperation *slot = mp_push(&out->allocs, &out->nallocs, &out->capallocs, sizeof *slot);
  if (!slot)
    return -1;
  *slot = w->b->op;
  return 0;
}

int mp_values_build(const mp_schedule *s, const mp_liveness *l,
                    const mp_values_options *o, mp_values *out) {
  walk w;
  memset(&w, 0, sizeof w);
  w.sched = s;
  mp_at *ord = NULL;
  size_t capord = 0;
  int rc = 0;
  for (size_t i = 0; i < l->n && rc == 0; ++i) {
    const mp_buffer *b = &l->buffers[i];
    if (b->skip != MP_PLANNED || b->value_of || b->size == 0 || b->threads_share ||
        !mlirOperationIsNull(b->carrier)) /* two slots by parity (carried.h) */
      continue;
    w.b = b;
    w.block = mlirOperationGetBlock(b->op);
    w.nwork = w.nuses = 0;
    w.untracked = false;
    rc = walk_aliases(&w);
    if (rc == 0 && w.nuses > capord) {
      free(ord);
      capord = w.nuses;
      ord = malloc(capord * sizeof *ord);
      rc = ord ? 0 : -1;
    }
    if (rc == 0)
      rc = record(&w, ord, o, out);
  }
  free(ord);
  free(w.work);
  free(w.uses);
  return rc;
}

/*--- live ranges ------------------------------------------------------------*/

int mp_values_place(mp_values *v, const mp_schedule *s, mp_liveness *l, bool split) {
  mp_ptrmap index = {0};
  for (size_t i = 0; i < l->n; ++i)
    if (!l->buffers[i].value_of && mp_ptrmap_put(&index, l->buffers[i].op.ptr, (int64_t)i))
      goto oom;
  for (size_t k = 0; k < v->nvals; ++k)
    v->vals[k].start = v->vals[k].end = -1;
  for (size_t k = 0; k < v->nuses; ++k) {
    mp_value *val = &v->vals[v->uses[k].val];
    int64_t p = mp_schedule_num(s, v->uses[k].top);
    assert(p >= 0 && "a use's top op is in the function");
    v->uses[k].pos = p;
    if (p < 0)
      continue;
    if (val->start < 0 || p < val->start)
      val->start = p;
    if (s->last[p] + 1 > val->end)
      val->end = s->last[p] + 1;
  }
  for (size_t k = 0; k < v->nvals; ++k) {
    mp_value *val = &v->vals[k];
    int64_t i = mp_ptrmap_get(&index, v->allocs[val->track].ptr, -1);
    val->unit = SIZE_MAX;
    if (i < 0 || l->buffers[i].skip != MP_PLANNED)
      continue;
    val->unit = (size_t)i;
    if (!split)
      continue;
    if (val->no == 0) {
      /* A first value that starts with a read keeps liveness's start (its
       * first alias): reading bytes nobody wrote is left as it was. */
      if (!mlirOperationIsNull(val->born))
        l->buffers[i].start = val->start;
      l->buffers[i].end = val->end;
      continue;
    }
    mp_buffer copy = l->buffers[i];
    mp_buffer *u = mp_push(&l->buffers, &l->n, &l->cap, sizeof *u);
    if (!u)
      goto oom;
    *u = copy;
    u->value_of = (size_t)i + 1;
    u->at = val->born;
    u->start = val->start;
    u->end = val->end;
    val->unit = l->n - 1;
  }
  mp_ptrmap_free(&index);
  return 0;
oom:
  mp_ptrmap_free(&index);
  return -1;
}

/*--- the rewrite ------------------------------------------------------------*/

/* Preparing one value: the alloc it splits, its buffer, and the copies of
 * view chains planned so far (original alias -> 1 + index in r->copies). */
typedef struct chain_state {
  mp_redirects *r;
  MlirValue alloc;
  size_t unit;
  MlirBlock block;
  mp_ptrmap planned;
} chain_state;

/* -2: w has no copy yet; -1: w is the alloc (its copy is the view); else
 * the index of w's copy. */
static int64_t copy_of(const chain_state *c, MlirValue w) {
  if (mlirValueEqual(w, c->alloc))
    return -1;
  int64_t k = mp_ptrmap_get(&c->planned, w.ptr, 0);
  return k ? k - 1 : -2;
}

static MlirValue view_source_of(MlirOperation op) {
  return mlirOperationGetOperand(op, memplan_op_view_source(op));
}

/* Plans the copy of alias w (the alloc or a view of it made in the alloc's
 * block) on the unit's view, with each missing copy of its chain going
 * before `before`; the index as copy_of gives it, or -3 if memory runs
 * out. */
static int64_t chain_copy(chain_state *c, MlirValue w, MlirOperation before) {
  for (;;) {
    int64_t have = copy_of(c, w);
    if (have != -2)
      return have;
    /* the highest alias of w's chain that has no copy yet */
    MlirValue x = w;
    while (copy_of(c, view_source_of(mlirOpResultGetOwner(x))) == -2)
      x = view_source_of(mlirOpResultGetOwner(x));
    mp_redirect_copy *e = mp_push(&c->r->copies, &c->r->ncopies, &c->r->capcopies, sizeof *e);
    if (!e || mp_ptrmap_put(&c->planned, x.ptr, (int64_t)c->r->ncopies))
      return -3;
    MlirOperation op = mlirOpResultGetOwner(x);
    *e = (mp_redirect_copy){op, mlirOpResultGetResultNumber(x),
                            copy_of(c, view_source_of(op)), c->unit, before};
  }
}

static bool defined_in(MlirValue v, MlirBlock block) {
  return mlirValueIsAOpResult(v) &&
         mlirBlockEqual(mlirOperationGetBlock(mlirOpResultGetOwner(v)), block);
}

/* Plans pointing use u at its value's copy: through a view made inside u's
 * top op, that view's source operand instead (the view is then of the
 * copy). Returns -1 only if memory runs out. */
static int redirect_use(chain_state *c, const mp_value_use *u) {
  MlirOperation op = u->user;
  intptr_t idx = u->operand;
  MlirValue w = u->value;
  while (!mlirValueEqual(w, c->alloc) && !defined_in(w, c->block)) {
    op = mlirOpResultGetOwner(w);
    idx = memplan_op_view_source(op);
    w = mlirOperationGetOperand(op, idx);
  }
  int64_t from = chain_copy(c, w, u->top);
  mp_redirect_set *e = from == -3 ? NULL
                                  : mp_push(&c->r->sets, &c->r->nsets, &c->r->capsets, sizeof *e);
  if (!e)
    return -1;
  *e = (mp_redirect_set){op, idx, from, c->unit};
  return 0;
}

void mp_redirects_free(mp_redirects *r) {
  free(r->copies);
  free(r->sets);
  free(r->made);
  memset(r, 0, sizeof *r);
}

int mp_values_prepare(const mp_values *v, const mp_liveness *l, bool corrupt_stale,
                      mp_redirects *out) {
  chain_state c;
  memset(&c, 0, sizeof c);
  c.r = out;
  mp_at *order = malloc((v->nuses ? v->nuses : 1) * sizeof *order);
  int rc = order ? 0 : -1;
  for (size_t a = 0, b; a < v->nuses && rc == 0; a = b) {
    size_t val = v->uses[a].val;
    for (b = a + 1; b < v->nuses && v->uses[b].val == val; ++b)
      ;
    const mp_value *x = &v->vals[val];
    if (x->unit == SIZE_MAX || !l->buffers[x->unit].value_of)
      continue;
    const mp_buffer *parent = &l->buffers[l->buffers[x->unit].value_of - 1];
    c.alloc = parent->value;
    c.unit = x->unit;
    c.block = mlirOperationGetBlock(parent->op);
    mp_ptrmap_free(&c.planned);
    /* in the function's current order, so that a copy goes before the
     * first use that needs it */
    for (size_t k = a; k < b; ++k)
      order[k - a] = (mp_at){v->uses[k].pos, k};
    qsort(order, b - a, sizeof *order, mp_at_cmp);
    for (size_t k = 0; k < b - a && rc == 0; ++k)
      if (!corrupt_stale || mlirValueEqual(v->uses[order[k].k].value, c.alloc))
        rc = redirect_use(&c, &v->uses[order[k].k]);
  }
  if (rc == 0 && !(out->made = calloc(out->ncopies ? out->ncopies : 1, sizeof *out->made)))
    rc = -1;
  free(order);
  mp_ptrmap_free(&c.planned);
  return rc;
}

static bool unused(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, r))))
      return false;
  return true;
}

/* Erases the copied views that no use is left on, until none is: a view's
 * source may be a copied view too. */
static void erase_unused(mp_redirects *r) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < r->ncopies; ++k) {
      MlirOperation op = r->copies[k].op;
      if (mlirOperationIsNull(op) || !unused(op))
        continue;
      for (size_t j = 0; j < r->ncopies; ++j)
        if (mlirOperationEqual(r->copies[j].op, op))
          r->copies[j].op = (MlirOperation){NULL};
      mlirOperationDestroy(op);
      changed = true;
    }
  }
}

void mp_values_redirect(mp_redirects *r, const MlirValue *views) {
  for (size_t k = 0; k < r->ncopies; ++k) {
    const mp_redirect_copy *e = &r->copies[k];
    MlirOperation dup = mlirOperationClone(e->op);
    mlirOperationSetOperand(dup, memplan_op_view_source(e->op),
                            e->from < 0 ? views[e->unit] : r->made[e->from]);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(e->before), e->before, dup);
    r->made[k] = mlirOperationGetResult(dup, e->result);
  }
  for (size_t k = 0; k < r->nsets; ++k) {
    const mp_redirect_set *e = &r->sets[k];
    mlirOperationSetOperand(e->op, e->operand, e->from < 0 ? views[e->unit] : r->made[e->from]);
  }
  erase_unused(r);
}
