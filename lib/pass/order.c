/*===-- order.c - A list scheduler of the function's body by bytes freed ---===*/
#include "order.h"
#include "order_window.h"

#include "memplan-c/pass.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Memory classes (order.h): ANY may be every memory, EXTERNAL the function's
 * arguments and globals, and each alloc gets a class of its own from 2 on. */
enum { CLASS_ANY = 0, CLASS_EXTERNAL = 1, CLASS_FIRST_ALLOC = 2 };

typedef struct access {
  int64_t cls;
  bool write;
} access;

/* What the scheduler knows of one op of the block. */
typedef struct op_info {
  int64_t pos;                  /* its schedule number */
  size_t acc0, nacc;            /* its memory accesses in ctx.acc */
  size_t unit0, nunit;          /* the planned buffers it uses in ctx.units */
} op_info;

/* One block's dependence graph and scheduling state. */
typedef struct ctx {
  MlirBlock entry;
  const mp_schedule *s;
  const mp_liveness *l;
  const mp_values *v;
  mp_ptrmap classes;    /* alloc op -> class */
  int64_t nclasses;
  mp_ptrmap buffer_of;  /* alloc op -> its first buffer in l */
  mp_ptrmap track_of;   /* alloc op -> its track in v */
  size_t *first_val;    /* track -> its first value in v->vals */
  op_info *info;
  size_t n;
  access *acc;
  size_t nacc, capacc;
  size_t *units;
  size_t nunits, capunits;
  int64_t (*edges)[2];
  size_t nedges, capedges;
  bool oom;
} ctx;

/*--- memory classes ---------------------------------------------------------*/

/* The class of the memory v points into, following views to their root. */
static int64_t class_of(ctx *c, MlirValue v, MlirOperation *alloc) {
  for (int depth = 0; depth < 10000; ++depth) {
    if (mlirValueIsNull(v))
      return CLASS_ANY;
    if (mlirValueIsABlockArgument(v))
      return mlirBlockEqual(mlirBlockArgumentGetOwner(v), c->entry) ? CLASS_EXTERNAL
                                                                     : CLASS_ANY;
    MlirOperation op = mlirOpResultGetOwner(v);
    intptr_t src = memplan_op_view_source(op);
    if (src >= 0) {
      v = mlirOperationGetOperand(op, src);
      continue;
    }
    if (mp_op_is(op, "memref.get_global"))
      return CLASS_EXTERNAL;
    if (!mp_op_is(op, "memref.alloc") && !mp_op_is(op, "memref.alloca"))
      return CLASS_ANY;
    *alloc = op;
    int64_t k = mp_ptrmap_get(&c->classes, op.ptr, -1);
    if (k < 0 && mp_ptrmap_put(&c->classes, op.ptr, k = c->nclasses++))
      c->oom = true;
    return k;
  }
  return CLASS_ANY;
}

/* The planned buffer of l that holds the value of `alloc` an op at schedule
 * number pos uses (the value started last at or before pos), or SIZE_MAX. */
static size_t unit_of(const ctx *c, MlirOperation alloc, int64_t pos) {
  int64_t b = mp_ptrmap_get(&c->buffer_of, alloc.ptr, -1);
  if (b < 0)
    return SIZE_MAX;
  size_t u = (size_t)b;
  int64_t t = mp_ptrmap_get(&c->track_of, alloc.ptr, -1);
  if (t >= 0) {
    size_t k = c->first_val[t], best = k;
    for (; k < c->v->nvals && c->v->vals[k].track == (size_t)t; ++k)
      if (c->v->vals[k].start <= pos && c->v->vals[k].start > c->v->vals[best].start)
        best = k;
    u = c->v->vals[best].unit;
  }
  for (int hop = 0; u < c->l->n && c->l->buffers[u].shares && hop < 64; ++hop)
    u = c->l->buffers[u].shares - 1;
  return u < c->l->n && c->l->buffers[u].skip == MP_PLANNED ? u : SIZE_MAX;
}

typedef struct visit_ctx {
  ctx *c;
  int64_t pos;
} visit_ctx;

static void add_access(ctx *c, int64_t cls, bool write) {
  access *a = mp_push(&c->acc, &c->nacc, &c->capacc, sizeof *a);
  if (!a) {
    c->oom = true;
    return;
  }
  a->cls = cls;
  a->write = write;
}

static void add_unit(ctx *c, size_t u, size_t unit0) {
  for (size_t k = unit0; k < c->nunits; ++k)
    if (c->units[k] == u)
      return;
  size_t *p = mp_push(&c->units, &c->nunits, &c->capunits, sizeof *p);
  if (!p)
    c->oom = true;
  else
    *p = u;
}

static void visit_effect(void *vctx, MlirValue v, unsigned kind) {
  visit_ctx *vc = vctx;
  ctx *c = vc->c;
  if (kind == MEMPLAN_EFFECT_ALLOC) /* a new buffer: its uses follow by SSA */
    return;
  MlirOperation alloc = {NULL};
  int64_t cls = class_of(c, v, &alloc);
  add_access(c, cls, kind != MEMPLAN_EFFECT_READ);
  /* A dealloc is not a use (liveness.h): upstream puts them at the end. */
  if (!mlirOperationIsNull(alloc) && kind != MEMPLAN_EFFECT_FREE) {
    size_t u = unit_of(c, alloc, vc->pos);
    if (u != SIZE_MAX)
      add_unit(c, u, c->info[c->n].unit0);
  }
}

/* Fills c->info[c->n] for op: its accesses (an op of unknown effects writes
 * CLASS_ANY) and the planned buffers it uses. */
static void describe(ctx *c, MlirOperation op, int64_t pos) {
  op_info *i = &c->info[c->n];
  i->pos = pos;
  i->acc0 = c->nacc;
  i->unit0 = c->nunits;
  visit_ctx vc = {c, pos};
  if (!memplan_op_effects(op, visit_effect, &vc))
    add_access(c, CLASS_ANY, true);
  i->nacc = c->nacc - i->acc0;
  i->nunit = c->nunits - i->unit0;
}

/*--- dependences ------------------------------------------------------------*/

static void add_edge(ctx *c, int64_t from, int64_t to) {
  if (from < 0 || from == to)
    return;
  assert(from < to); /* SSA dominance and the walk's order: a DAG */
  if (from > to)
    return;
  int64_t(*e)[2] = mp_push(&c->edges, &c->nedges, &c->capedges, sizeof *e);
  if (!e) {
    c->oom = true;
    return;
  }
  (*e)[0] = from;
  (*e)[1] = to;
}

/* The index of the op of the block whose span holds schedule number d, or
 * -1 (defined outside the block). */
static int64_t holder(const ctx *c, int64_t d) {
  size_t lo = 0, hi = c->n;
  while (lo < hi) { /* the last op at or before d */
    size_t mid = (lo + hi) / 2;
    if (c->info[mid].pos <= d)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return -1;
  const op_info *i = &c->info[lo - 1];
  return d <= c->s->last[i->pos] ? (int64_t)(lo - 1) : -1;
}

/* SSA: op k after the op of the block defining a value that k or an op
 * nested in it uses. */
static void ssa_edges(ctx *c, size_t k) {
  int64_t p = c->info[k].pos;
  for (int64_t q = p; q <= c->s->last[p]; ++q) {
    MlirOperation op = c->s->ops[q];
    for (intptr_t a = 0; a < mlirOperationGetNumOperands(op); ++a) {
      MlirValue v = mlirOperationGetOperand(op, a);
      if (!mlirValueIsAOpResult(v))
        continue;
      int64_t d = mp_schedule_num(c->s, mlirOpResultGetOwner(v));
      if (d >= 0)
        add_edge(c, holder(c, d), (int64_t)k);
    }
  }
}

/* A list of ops per class: the readers since the class's last writer. */
typedef struct mem_state {
  int64_t *writer;  /* class -> its last writer, or -1 */
  int64_t *head;    /* class -> its latest reader node, or -1 */
  int64_t *next;    /* reader node -> the one before, or -1 */
  int64_t *reader;  /* reader node -> op */
  size_t nnodes, capnodes;
} mem_state;

static void edges_from_readers(ctx *c, const mem_state *m, int64_t cls, int64_t to) {
  for (int64_t r = m->head[cls]; r >= 0; r = m->next[r])
    add_edge(c, m->reader[r], to);
}

static void push_reader(ctx *c, mem_state *m, int64_t cls, int64_t op) {
  if (m->nnodes == m->capnodes) {
    size_t cap = m->capnodes ? 2 * m->capnodes : 64;
    int64_t *nx = realloc(m->next, cap * sizeof *nx);
    if (nx)
      m->next = nx;
    int64_t *rd = nx ? realloc(m->reader, cap * sizeof *rd) : NULL;
    if (!rd) {
      c->oom = true;
      return;
    }
    m->reader = rd;
    m->capnodes = cap;
  }
  m->next[m->nnodes] = m->head[cls];
  m->reader[m->nnodes] = op;
  m->head[cls] = (int64_t)m->nnodes++;
}

/* Memory: op k after every earlier op that touches memory k's accesses may
 * touch, when either writes. CLASS_ANY conflicts with every class. */
static void memory_edges(ctx *c, mem_state *m, size_t k) {
  const op_info *i = &c->info[k];
  int64_t x = (int64_t)k, nc = c->nclasses;
  for (size_t a = i->acc0; a < i->acc0 + i->nacc; ++a) {
    const access *ac = &c->acc[a];
    add_edge(c, m->writer[CLASS_ANY], x);
    if (ac->cls == CLASS_ANY) {
      for (int64_t q = 1; q < nc; ++q) {
        add_edge(c, m->writer[q], x);
        if (ac->write)
          edges_from_readers(c, m, q, x);
      }
    } else {
      add_edge(c, m->writer[ac->cls], x);
    }
    if (ac->write) {
      edges_from_readers(c, m, CLASS_ANY, x);
      edges_from_readers(c, m, ac->cls, x);
    }
  }
  for (size_t a = i->acc0; a < i->acc0 + i->nacc; ++a) { /* writes first */
    const access *ac = &c->acc[a];
    if (!ac->write)
      continue;
    int64_t lo = ac->cls == CLASS_ANY ? 0 : ac->cls, hi = ac->cls == CLASS_ANY ? nc : ac->cls + 1;
    for (int64_t q = lo; q < hi; ++q)
      m->writer[q] = -1, m->head[q] = -1;
    m->writer[ac->cls] = x;
  }
  for (size_t a = i->acc0; a < i->acc0 + i->nacc; ++a)
    if (!c->acc[a].write && m->writer[c->acc[a].cls] != x)
      push_reader(c, m, c->acc[a].cls, x);
}

static int build_edges(ctx *c, bool ignore_memory) {
  mem_state m = {0};
  size_t nc = (size_t)c->nclasses;
  m.writer = malloc(nc * sizeof *m.writer);
  m.head = malloc(nc * sizeof *m.head);
  if (!m.writer || !m.head)
    c->oom = true;
  for (size_t q = 0; !c->oom && q < nc; ++q)
    m.writer[q] = m.head[q] = -1;
  for (size_t k = 0; k < c->n && !c->oom; ++k) {
    ssa_edges(c, k);
    if (!ignore_memory)
      memory_edges(c, &m, k);
  }
  free(m.writer);
  free(m.head);
  free(m.next);
  free(m.reader);
  return c->oom ? -1 : 0;
}

/*--- the list scheduler -------------------------------------------------------*/

/* The edges of c as lists: for each op k, adj[start[k] .. start[k + 1])
 * holds the other end of every edge whose end `from` (0: the earlier op,
 * 1: the later) is k. Both arrays are the caller's to free; -1 if memory
 * runs out (nothing to free then). */
static int edge_lists(const ctx *c, int from, size_t **start, size_t **adj) {
  size_t n = c->n;
  *start = calloc(n + 1, sizeof **start);
  *adj = malloc((c->nedges + 1) * sizeof **adj);
  size_t *fill = calloc(n + 1, sizeof *fill);
  if (!*start || !*adj || !fill) {
    free(*start);
    free(*adj);
    free(fill);
    return -1;
  }
  for (size_t e = 0; e < c->nedges; ++e)
    (*start)[c->edges[e][from] + 1]++;
  for (size_t k = 0; k < n; ++k)
    (*start)[k + 1] += (*start)[k];
  for (size_t e = 0; e < c->nedges; ++e) {
    size_t f = (size_t)c->edges[e][from];
    (*adj)[(*start)[f] + fill[f]++] = (size_t)c->edges[e][1 - from];
  }
  free(fill);
  return 0;
}

/* How many bytes running op k frees, minus those it starts. */
static __int128 score(const ctx *c, size_t k, const size_t *left, const size_t *total) {
  __int128 sc = 0;
  const op_info *i = &c->info[k];
  for (size_t a = i->unit0; a < i->unit0 + i->nunit; ++a) {
    size_t u = c->units[a];
    __int128 size = (__int128)c->l->buffers[u].size;
    if (left[u] == total[u])
      sc -= size;
    if (left[u] == 1)
      sc += size;
  }
  return sc;
}

/* Writes the new order of the block's ops as indices into perm[n]. With
 * `backward`, schedules from the last op to the first on the reversed
 * graph: the same score then counts the bytes an op starts (seen backward,
 * frees) against those it frees, so producers land right before their
 * consumers. `given_when_no_gain`: when no ready op frees bytes, the one
 * nearest the given order goes next. */
static int schedule(ctx *c, size_t *perm, bool backward, bool given_when_no_gain) {
  size_t n = c->n, nb = c->l->n ? c->l->n : 1;
  size_t *start = NULL, *succ = NULL;
  size_t *indeg = calloc(n, sizeof *indeg), *ready = malloc(n * sizeof *ready);
  size_t *left = calloc(nb, sizeof *left), *total = calloc(nb, sizeof *total);
  int rc = -1;
  int from = backward ? 1 : 0, to = 1 - from;
  if (!indeg || !ready || !left || !total || edge_lists(c, from, &start, &succ))
    goto out;
  for (size_t e = 0; e < c->nedges; ++e)
    indeg[c->edges[e][to]]++;
  for (size_t a = 0; a < c->nunits; ++a)
    left[c->units[a]]++, total[c->units[a]]++;
  size_t nready = 0;
  for (size_t k = 0; k < n; ++k)
    if (!indeg[k])
      ready[nready++] = k;
  for (size_t done = 0; done < n; ++done) {
    assert(nready > 0); /* the edges go forward: a DAG */
    size_t best = 0, first = 0;
    __int128 bs = score(c, ready[0], left, total);
    for (size_t r = 1; r < nready; ++r) {
      __int128 sc = score(c, ready[r], left, total);
      bool before = backward ? ready[r] > ready[best] : ready[r] < ready[best];
      if (sc > bs || (sc == bs && before))
        best = r, bs = sc;
      if (backward ? ready[r] > ready[first] : ready[r] < ready[first])
        first = r;
    }
    if (bs <= 0 && given_when_no_gain)
      best = first;
    size_t k = ready[best];
    ready[best] = ready[--nready];
    perm[backward ? n - 1 - done : done] = k;
    for (size_t a = c->info[k].unit0; a < c->info[k].unit0 + c->info[k].nunit; ++a)
      left[c->units[a]]--;
    for (size_t e = start[k]; e < start[k + 1]; ++e)
      if (--indeg[succ[e]] == 0)
        ready[nready++] = succ[e];
  }
  rc = 0;
out:
  free(start);
  free(succ);
  free(indeg);
  free(ready);
  free(left);
  free(total);
  return rc;
}

/*--- windows around the peak -------------------------------------------------*/

/* Search nodes for the windows of one block: enough for every order of a
 * few windows of MP_WINDOW_OPS independent ops. */
#define ORDER_WINDOW_NODES ((uint64_t)1 << 20)

/* Reorders windows of perm around its peak (order_window.h) on c's graph. */
static int refine_windows(const ctx *c, size_t *perm) {
  size_t n = c->n, nb = c->l->n ? c->l->n : 1;
  size_t *pred0 = NULL, *preds = NULL, *use0 = malloc((n + 1) * sizeof *use0);
  uint64_t *size = malloc(nb * sizeof *size);
  bool *in = calloc(nb, sizeof *in), *out = calloc(nb, sizeof *out);
  int rc = -1;
  if (!use0 || !size || !in || !out || edge_lists(c, 1, &pred0, &preds))
    goto done;
  for (size_t k = 0; k < n; ++k)
    use0[k] = c->info[k].unit0;
  use0[n] = c->nunits;
  int64_t first = c->info[0].pos, end = c->s->last[c->info[n - 1].pos] + 1;
  for (size_t u = 0; u < c->l->n; ++u) {
    size[u] = c->l->buffers[u].size;
    in[u] = c->l->buffers[u].start < first;
    out[u] = c->l->buffers[u].end > end;
  }
  mp_order_dag d = {n, pred0, preds, use0, c->units, c->l->n, size, in, out};
  rc = mp_order_window(&d, perm, ORDER_WINDOW_NODES) < 0 ? -1 : 0;
done:
  free(pred0);
  free(preds);
  free(use0);
  free(size);
  free(in);
  free(out);
  return rc;
}

/*--- blocks -------------------------------------------------------------------*/

/* Orders one block of the function's body into *b. */
static int order_block(ctx *c, MlirBlock block, bool ignore_memory, mp_order_block *b) {
  size_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++n;
  if (n < 3)
    return 0;
  b->n = n - 1;
  b->given = malloc(b->n * sizeof *b->given);
  b->ops = malloc(b->n * sizeof *b->ops);
  c->info = calloc(b->n, sizeof *c->info);
  size_t *perm = malloc(b->n * sizeof *perm);
  int rc = -1;
  if (!b->given || !b->ops || !c->info || !perm)
    goto out;
  c->n = 0;
  c->nacc = c->nunits = c->nedges = 0;
  MlirOperation op = mlirBlockGetFirstOperation(block);
  for (; c->n < b->n; op = mlirOperationGetNextInBlock(op)) {
    b->given[c->n] = op;
    describe(c, op, mp_schedule_num(c->s, op));
    assert(c->info[c->n].pos >= 0);
    c->n++;
  }
  b->last = op;
  /* Backward, nearest the given order when nothing frees: on the models
   * this moves the fewest ops for the lowest bound (forward, producers of
   * weights all ran first; without the given order's guide, ops moved for
   * no gain). */
  if (c->oom || build_edges(c, ignore_memory) || schedule(c, perm, true, true) ||
      refine_windows(c, perm))
    goto out;
  for (size_t k = 0; k < b->n; ++k)
    b->ops[k] = b->given[perm[k]];
  rc = 0;
out:
  free(perm);
  free(c->info);
  c->info = NULL;
  return rc;
}

static int index_buffers(ctx *c) {
  for (size_t i = 0; i < c->l->n; ++i)
    if (!c->l->buffers[i].value_of && mp_ptrmap_get(&c->buffer_of, c->l->buffers[i].op.ptr, -1) < 0 &&
        mp_ptrmap_put(&c->buffer_of, c->l->buffers[i].op.ptr, (int64_t)i))
      return -1;
  c->first_val = calloc(c->v->nallocs ? c->v->nallocs : 1, sizeof *c->first_val);
  if (!c->first_val)
    return -1;
  for (size_t t = 0; t < c->v->nallocs; ++t)
    if (mp_ptrmap_put(&c->track_of, c->v->allocs[t].ptr, (int64_t)t))
      return -1;
  for (size_t k = c->v->nvals; k-- > 0;)
    c->first_val[c->v->vals[k].track] = k;
  return 0;
}

int mp_order_find(MlirOperation func, const mp_schedule *s, const mp_liveness *l,
                  const mp_values *v, bool ignore_memory, mp_order *out) {
  if (mlirOperationGetNumRegions(func) < 1)
    return 0;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  ctx c = {0};
  c.entry = mlirRegionGetFirstBlock(body);
  c.s = s, c.l = l, c.v = v;
  c.nclasses = CLASS_FIRST_ALLOC;
  int rc = index_buffers(&c);
  for (MlirBlock b = c.entry; rc == 0 && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    mp_order_block *ob = mp_push(&out->blocks, &out->n, &out->cap, sizeof *ob);
    if (!ob || order_block(&c, b, ignore_memory, ob))
      rc = -1;
    for (size_t k = 0; rc == 0 && k < ob->n; ++k)
      out->moved += !mlirOperationEqual(ob->ops[k], ob->given[k]);
  }
  mp_ptrmap_free(&c.classes);
  mp_ptrmap_free(&c.buffer_of);
  mp_ptrmap_free(&c.track_of);
  free(c.first_val);
  free(c.acc);
  free(c.units);
  free(c.edges);
  return rc;
}

void mp_order_apply(const mp_order *o, bool forward) {
  for (size_t b = 0; b < o->n; ++b) {
    const mp_order_block *ob = &o->blocks[b];
    const MlirOperation *ops = forward ? ob->ops : ob->given;
    for (size_t k = 0; k < ob->n; ++k)
      mlirOperationMoveBefore(ops[k], ob->last);
  }
}

void mp_order_free(mp_order *o) {
  for (size_t b = 0; b < o->n; ++b) {
    free(o->blocks[b].given);
    free(o->blocks[b].ops);
  }
  free(o->blocks);
  memset(o, 0, sizeof *o);
}
