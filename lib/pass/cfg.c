/*===-- cfg.c - Liveness of a value over the CFG of its region ------------===*/
#include "cfg.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* One region's CFG. Blocks are indexed in region order; block i spans the
 * schedule numbers [first[i], end[i]) (first = end = -1 for an empty
 * block); its predecessors are preds[pred_at[i] .. pred_at[i + 1]). */
typedef struct region_cfg {
  size_t n;
  int64_t *first, *end;
  size_t *pred_at, *preds;
  mp_ptrmap index;    /* block -> index */
  uint32_t *in, *out; /* stamps: live-in / live-out in the current query */
  size_t *work;
} region_cfg;

struct mp_cfg {
  const mp_schedule *s;
  mp_ptrmap index; /* region -> 1 + index in regions */
  region_cfg *regions;
  size_t n, cap;
  uint32_t stamp;
};

mp_cfg *mp_cfg_new(const mp_schedule *s) {
  mp_cfg *c = calloc(1, sizeof *c);
  if (c)
    c->s = s;
  return c;
}

static void region_free(region_cfg *r) {
  free(r->first);
  free(r->end);
  free(r->pred_at);
  free(r->preds);
  free(r->in);
  free(r->out);
  free(r->work);
  mp_ptrmap_free(&r->index);
}

void mp_cfg_free(mp_cfg *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->n; ++i)
    region_free(&c->regions[i]);
  free(c->regions);
  mp_ptrmap_free(&c->index);
  free(c);
}

bool mp_cfg_value_in_multiblock(MlirValue v) {
  MlirRegion r = mlirBlockGetParentRegion(mp_value_block(v));
  return !mlirBlockIsNull(mlirBlockGetNextInRegion(mlirRegionGetFirstBlock(r)));
}

/* The successors of block b, as indexes in r (a successor outside the region
 * cannot be: MLIR's verifier keeps branches within their region). */
static size_t nsucc(MlirBlock b) {
  MlirOperation t = mlirBlockGetTerminator(b);
  return mlirOperationIsNull(t) ? 0 : (size_t)mlirOperationGetNumSuccessors(t);
}

static size_t succ(const region_cfg *r, MlirBlock b, size_t k) {
  MlirBlock s = mlirOperationGetSuccessor(mlirBlockGetTerminator(b), (intptr_t)k);
  int64_t j = mp_ptrmap_get(&r->index, s.ptr, -1);
  assert(j >= 0 && "a branch leaves its region");
  return (size_t)j;
}

/* Fills r's blocks, spans and predecessors. Returns -1 if memory runs out. */
static int build_region(const mp_schedule *s, MlirRegion region, region_cfg *r) {
  size_t n = 0;
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    if (mp_ptrmap_put(&r->index, b.ptr, (int64_t)n++))
      return -1;
  r->n = n;
  r->first = malloc(n * sizeof *r->first);
  r->end = malloc(n * sizeof *r->end);
  r->pred_at = calloc(n + 1, sizeof *r->pred_at);
  r->in = calloc(n, sizeof *r->in);
  r->out = calloc(n, sizeof *r->out);
  r->work = malloc(n * sizeof *r->work);
  if (!r->first || !r->end || !r->pred_at || !r->in || !r->out || !r->work)
    return -1;
  size_t i = 0, nedges = 0;
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b), ++i) {
    MlirOperation f = mlirBlockGetFirstOperation(b);
    int64_t kf = mlirOperationIsNull(f) ? -1 : mp_schedule_num(s, f);
    int64_t kl = kf < 0 ? -1 : mp_schedule_num(s, mlirBlockGetTerminator(b));
    if (kf >= 0 && kl < 0) /* a block that ends without a terminator */
      for (MlirOperation o = f; !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        kl = mp_schedule_num(s, o);
    r->first[i] = kf;
    r->end[i] = kl < 0 ? -1 : s->last[kl] + 1;
    for (size_t k = 0; k < nsucc(b); ++k, ++nedges)
      r->pred_at[succ(r, b, k) + 1]++;
  }
  for (i = 0; i < n; ++i)
    r->pred_at[i + 1] += r->pred_at[i];
  r->preds = malloc((nedges ? nedges : 1) * sizeof *r->preds);
  size_t *fill = calloc(n ? n : 1, sizeof *fill);
  if (!r->preds || !fill) {
    free(fill);
    return -1;
  }
  i = 0;
  for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b), ++i)
    for (size_t k = 0; k < nsucc(b); ++k) {
      size_t j = succ(r, b, k);
      r->preds[r->pred_at[j] + fill[j]++] = i;
    }
  free(fill);
  return 0;
}

/* The CFG of `region`, built on first use; NULL if memory runs out. */
static region_cfg *cfg_of(mp_cfg *c, MlirRegion region) {
  int64_t k = mp_ptrmap_get(&c->index, region.ptr, 0);
  if (k > 0)
    return &c->regions[k - 1];
  region_cfg *r = mp_push(&c->regions, &c->n, &c->cap, sizeof *r);
  if (!r)
    return NULL;
  if (build_region(c->s, region, r) ||
      mp_ptrmap_put(&c->index, region.ptr, (int64_t)c->n)) {
    region_free(r);
    c->n--;
    return NULL;
  }
  return r;
}

static size_t block_index(const region_cfg *r, MlirOperation op) {
  int64_t j = mp_ptrmap_get(&r->index, mlirOperationGetBlock(op).ptr, -1);
  assert(j >= 0 && "a use outside the value's region");
  return (size_t)j;
}

static void widen(mp_cfg_live_out *o, int64_t lo, int64_t hi) {
  if (lo >= 0 && lo < o->lo)
    o->lo = lo;
  if (hi > o->hi)
    o->hi = hi;
}

int mp_cfg_live(mp_cfg *c, MlirValue v, const MlirOperation *uses, size_t n,
                MlirOperation anchor, mp_cfg_live_out *out) {
  MlirBlock db = mp_value_block(v);
  region_cfg *r = cfg_of(c, mlirBlockGetParentRegion(db));
  if (!r)
    return -1;
  const mp_schedule *s = c->s;
  uint32_t st = ++c->stamp;
  size_t d = (size_t)mp_ptrmap_get(&r->index, db.ptr, -1);
  bool is_arg = mlirValueIsABlockArgument(v);
  int64_t defpos = is_arg ? r->first[d] : mp_schedule_num(s, mlirOpResultGetOwner(v));
  out->lo = defpos < 0 ? INT64_MAX : defpos;
  out->hi = defpos + 1;
  out->across = false;
  int64_t ka = mlirOperationIsNull(anchor) ? -1 : mp_schedule_num(s, anchor);
  size_t a = ka < 0 ? SIZE_MAX : block_index(r, anchor);
  bool used_after_anchor = false;
  size_t nwork = 0;
  /* Live-in at every block with a use but the def's, then backwards. */
  for (size_t u = 0; u < n; ++u) {
    int64_t k = mp_schedule_num(s, uses[u]);
    size_t b = block_index(r, uses[u]);
    widen(out, k, s->last[k] + 1);
    used_after_anchor = used_after_anchor || (b == a && k >= ka);
    if (b != d && r->in[b] != st) {
      r->in[b] = st;
      r->work[nwork++] = b;
    }
  }
  while (nwork > 0) {
    size_t b = r->work[--nwork];
    widen(out, r->first[b], -1);
    for (size_t p = r->pred_at[b]; p < r->pred_at[b + 1]; ++p) {
      size_t q = r->preds[p];
      if (r->out[q] != st) {
        r->out[q] = st;
        widen(out, -1, r->end[q]);
      }
      if (q != d && r->in[q] != st) {
        r->in[q] = st;
        r->work[nwork++] = q;
      }
    }
  }
  if (a != SIZE_MAX) {
    bool before = r->in[a] == st ||
                  (a == d && (is_arg || defpos < ka));
    out->across = before && (r->out[a] == st || used_after_anchor);
  }
  if (out->lo == INT64_MAX)
    out->lo = out->hi - 1;
  return 0;
}
