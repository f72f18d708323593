/*===-- auto_lns.c - Large-neighbourhood search for auto ------------------===*\
|*                                                                            *|
|* See auto_lns.h. Large-neighbourhood search (Shaw, "Using constraint        *|
|* programming and local search methods to solve vehicle routing problems",   *|
|* CP 1998): a plan is improved by freeing a few of its buffers, holding the  *|
|* rest where they are, and asking a complete search to re-place the freed    *|
|* ones under a lower capacity.                                               *|
|*                                                                            *|
|* A round aims at a target T below the peak U. The buffers whose tops pass   *|
|* T form hot spots: groups of them with overlapping live ranges. Each hot    *|
|* spot is lowered in turn: its neighbourhood is the K buffers with the       *|
|* highest tops among those live in a time window around it (wide enough to   *|
|* hold about NEIGH_SPREAD * K buffers); the freed buffers' other neighbours  *|
|* are fixed. The subproblem - freed plus fixed - is decided at T by exact's  *|
|* skyline search as restarts. A plan found replaces the freed buffers'       *|
|* offsets: their neighbours are all in the subproblem, so the whole plan     *|
|* stays valid. A round succeeds when the peak ends at most T; a spot that    *|
|* no neighbourhood of the schedule lowers, or a hot buffer none of them      *|
|* freed, fails it: the next round aims half as far below U, and a round one  *|
|* granule below U that fails ends the search. Buffers no neighbourhood can   *|
|* move (fixed ones, and size-0 ones whose top is their offset) raise the     *|
|* floor the search aims at, so every round has something to lower.           *|
\*===----------------------------------------------------------------------===*/
#include "planners/auto_lns.h"
#include "core/arith.h"
#include "core/radix_sort.h"
#include "planners/exact_search.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The neighbourhoods tried on a hot spot: K = NEIGH_FIRST << k buffers
 * under NEIGH_BUDGET << k nodes, k = 0, 1, ... while K is below n. */
#define NEIGH_FIRST 16
#define NEIGH_BUDGET 1000
#define NEIGH_SPREAD 3
/* The first round aims this fraction of the gap [lower, U) below U. */
#define FIRST_STEP_DIV 4

typedef struct lns_state {
  const memplan_problem *p;
  const mpx_graph *g;
  mpx_lns *L;
  uint64_t gr, lower, U, work;
  unsigned turn;     /* tie order of the next subproblem's search */
  /* Scratch, n entries each. */
  uint32_t *order;   /* buffers by top, highest first */
  uint32_t *hot;     /* buffers above the target, by start */
  uint32_t *sub;     /* the subproblem's buffers: freed, then fixed */
  unsigned char *in; /* 1 freed, 2 fixed, 0 neither */
  memplan_buffer *subbuf;
  mp_kv *kv;
} lns_state;

static uint64_t top_of(const lns_state *Q, uint32_t i) {
  return Q->L->offsets[i] + Q->p->buffers[i].size;
}

/* (key, index) records in ascending order. */
static int kv_cmp(const void *a, const void *b) {
  const mp_kv *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->val < y->val ? -1 : x->val > y->val;
}

/* Sorts the k buffers of v by key (ties: by index) into out. */
static void sort_by(mp_kv *kv, size_t k, uint32_t *out) {
  qsort(kv, k, sizeof *kv, kv_cmp);
  for (size_t x = 0; x < k; ++x)
    out[x] = (uint32_t)kv[x].val;
}

static bool live_in(const memplan_buffer *b, int64_t a, int64_t e) {
  return b->size > 0 && b->start < e && b->end > a;
}

/* a - ext and e + ext (ext >= 0), saturated to int64's range. */
static int64_t sub_sat(int64_t a, int64_t ext) {
  return a < INT64_MIN + ext ? INT64_MIN : a - ext;
}
static int64_t add_sat(int64_t e, int64_t ext) {
  return e > INT64_MAX - ext ? INT64_MAX : e + ext;
}

/* Buffers live in [a - ext, e + ext). */
static size_t count_window(const lns_state *Q, int64_t a, int64_t e,
                           int64_t ext) {
  size_t c = 0;
  int64_t wa = sub_sat(a, ext), we = add_sat(e, ext);
  for (size_t i = 0; i < Q->p->count; ++i)
    c += live_in(&Q->p->buffers[i], wa, we);
  return c;
}

/* Decides the subproblem of Q->sub[0 .. nfree + nfixed) at T; on a plan,
 * writes the freed buffers' offsets back. 1 found, 0 not (refuted or
 * undecided), -1 out of memory, -2 the global limit. */
static int solve_sub(lns_state *Q, size_t nfree, size_t nfixed, uint64_t T,
                     uint64_t budget) {
  size_t m = nfree + nfixed;
  for (size_t k = 0; k < m; ++k) {
    Q->subbuf[k] = Q->p->buffers[Q->sub[k]];
    if (k >= nfree) {
      Q->subbuf[k].fixed = true;
      Q->subbuf[k].offset = Q->L->offsets[Q->sub[k]];
    }
  }
  memplan_problem sp = {.buffers = Q->subbuf, .count = m, .reserved = m};
  mpx_graph sg;
  if (mpx_graph_build(&sp, SIZE_MAX, &sg, 0) != 0)
    return -1;
  xsearch X;
  memset(&X, 0, sizeof X);
  int r = -1;
  if (mpx_xs_init(&X, &sp, &sg, false) == 0) {
    X.deadline = Q->L->deadline;
    X.work_limit = Q->L->work_limit - Q->work;
    X.hatless = true;
    uint64_t run = 0;
    int st = mpx_xs_strategy(EXACT_SKYLINE, (int)(Q->turn++ % EXACT_RANKS));
    r = mpx_xs_restarts(&X, T, budget, st, EXACT_RESTART_UNIT, &run);
    Q->work += X.total_nodes;
    if (r == 1) {
      assert(mpx_peak(&sp, X.off) <= T);
      for (size_t k = 0; k < nfree; ++k)
        Q->L->offsets[Q->sub[k]] = X.off[k];
    } else {
      r = X.stop == 2 ? -2 : 0;
    }
  }
  mpx_xs_free(&X);
  mpx_graph_free(&sg);
  return r;
}

/* Builds the neighbourhood of the hot spot [a, e) with K freed buffers
 * and decides it at T; returns as solve_sub. */
static int lower_spot(lns_state *Q, int64_t a, int64_t e, size_t K, uint64_t T,
                      uint64_t budget) {
  const memplan_problem *p = Q->p;
  size_t n = p->count;
  /* The least window that holds NEIGH_SPREAD * K buffers (or all). */
  size_t want = NEIGH_SPREAD * K;
  int64_t lo = 0, hi = 1;
  while (hi < INT64_MAX && count_window(Q, a, e, hi) < want)
    hi = hi > INT64_MAX / 2 ? INT64_MAX : hi * 2;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (count_window(Q, a, e, mid) >= want)
      hi = mid;
    else
      lo = mid + 1;
  }
  int64_t wa = sub_sat(a, lo), we = add_sat(e, lo);
  memset(Q->in, 0, n);
  size_t nfree = 0;
  for (size_t k = 0; k < n && nfree < K; ++k) {
    uint32_t i = Q->order[k];
    if (live_in(&p->buffers[i], wa, we) && !p->buffers[i].fixed) {
      Q->in[i] = 1;
      Q->sub[nfree++] = i;
    }
  }
  /* Every buffer above T that conflicts with a freed one is freed too (a
   * fixed one above T would refute at once); then the rest of their
   * neighbours are fixed. */
  for (size_t k = 0; k < nfree; ++k) {
    uint32_t i = Q->sub[k];
    for (size_t x = Q->g->first[i]; x < Q->g->first[i + 1]; ++x) {
      uint32_t j = Q->g->adj[x];
      if (!Q->in[j] && top_of(Q, j) > T) {
        if (p->buffers[j].fixed)
          return 0;
        Q->in[j] = 1;
        Q->sub[nfree++] = j;
      }
    }
  }
  size_t m = nfree;
  for (size_t k = 0; k < nfree; ++k) {
    uint32_t i = Q->sub[k];
    for (size_t x = Q->g->first[i]; x < Q->g->first[i + 1]; ++x) {
      uint32_t j = Q->g->adj[x];
      if (!Q->in[j]) {
        Q->in[j] = 2;
        Q->sub[m++] = j;
      }
    }
  }
  /* Building the subproblem counts one per buffer; the search needs at
   * least a node (a work limit of 0 would mean none). */
  if (m >= Q->L->work_limit - Q->work)
    return -2;
  Q->work += m;
  return solve_sub(Q, nfree, m - nfree, T, budget);
}

/* Tries every hot spot above T; 1 when each was lowered (the peak may still
 * pass T through a hot buffer no neighbourhood freed), 0 when one was not,
 * -1 out of memory, -2 the global limit. */
static int round_at(lns_state *Q, uint64_t T) {
  const memplan_problem *p = Q->p;
  size_t n = p->count, nh = 0;
  for (size_t i = 0; i < n; ++i)
    if (p->buffers[i].size > 0 && top_of(Q, (uint32_t)i) > T)
      Q->hot[nh++] = (uint32_t)i;
  for (size_t k = 0; k < nh; ++k)
    Q->kv[k] = (mp_kv){mp_key_i64(p->buffers[Q->hot[k]].start), Q->hot[k]};
  sort_by(Q->kv, nh, Q->hot);
  for (size_t k = 0; k < nh;) {
    /* The spot: hot buffers with overlapping live ranges. */
    int64_t a = p->buffers[Q->hot[k]].start, e = p->buffers[Q->hot[k]].end;
    size_t k1 = k + 1;
    while (k1 < nh && p->buffers[Q->hot[k1]].start < e) {
      if (p->buffers[Q->hot[k1]].end > e)
        e = p->buffers[Q->hot[k1]].end;
      ++k1;
    }
    bool lowered = false;
    for (unsigned s = 0; !lowered; ++s) {
      size_t K = (size_t)NEIGH_FIRST << s;
      if (K < k1 - k)
        continue;
      if (Q->work >= Q->L->work_limit)
        return -2;
      for (size_t i = 0; i < n; ++i)
        Q->kv[i] = (mp_kv){~top_of(Q, (uint32_t)i), i};
      sort_by(Q->kv, n, Q->order);
      int r = lower_spot(Q, a, e, K, T, (uint64_t)NEIGH_BUDGET << s);
      if (r < 0)
        return r;
      lowered = r == 1;
      if (!lowered && K >= n)
        return 0;
    }
    k = k1;
  }
  return 1;
}

/* The least peak any neighbourhood can reach: lower, or the top of a fixed
 * buffer, or the offset of a size-0 one (never freed), when higher. */
static uint64_t unmovable_floor(const memplan_problem *p, uint64_t lower) {
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed || b->size == 0) {
      uint64_t t = mp_add_sat(b->offset, b->size);
      if (t > lower)
        lower = t;
    }
  }
  return lower;
}

int mpx_lns_run(const memplan_problem *p, const mpx_graph *g, mpx_lns *L) {
  size_t n = p->count;
  lns_state Q;
  memset(&Q, 0, sizeof Q);
  Q.p = p;
  Q.g = g;
  Q.L = L;
  Q.gr = mpx_granularity(p);
  Q.U = L->peak;
  Q.lower = mp_round_up_sat(unmovable_floor(p, L->lower), Q.gr);
  L->work = 0;
  L->improved = false;
  Q.order = malloc((n ? n : 1) * sizeof *Q.order);
  Q.hot = malloc((n ? n : 1) * sizeof *Q.hot);
  Q.sub = malloc((n ? n : 1) * sizeof *Q.sub);
  Q.in = malloc(n ? n : 1);
  Q.subbuf = malloc((n ? n : 1) * sizeof *Q.subbuf);
  Q.kv = malloc((n ? n : 1) * sizeof *Q.kv);
  int rc = 0;
  if (!Q.order || !Q.hot || !Q.sub || !Q.in || !Q.subbuf || !Q.kv) {
    rc = -1;
    goto done;
  }
  uint64_t step = (Q.U - (Q.lower < Q.U ? Q.lower : Q.U)) / FIRST_STEP_DIV;
  step = step / Q.gr * Q.gr;
  if (step < Q.gr)
    step = Q.gr;
  while (Q.U > Q.lower && Q.work < L->work_limit) {
    /* A round may have lowered U by more than the step: T never wraps
     * below 0, nor goes under the floor. */
    uint64_t T = step < Q.U - Q.lower ? Q.U - step : Q.lower;
    assert(T < Q.U && T >= Q.lower);
    int r = round_at(&Q, T);
    /* A round that stopped part way may have lowered the peak too. */
    uint64_t pk = mpx_peak(p, L->offsets);
    assert(pk <= Q.U);
    if (pk < Q.U) {
      Q.U = pk;
      L->improved = true;
    }
    /* Every spot was tried, yet a hot buffer none of the neighbourhoods
     * freed may still pass T: the round did not reach its target. */
    if (r == 1 && pk > T)
      r = 0;
    if (r == -1)
      rc = -1;
    if (r < 0)
      break;
    /* Rounds again from far targets, with twice the nodes per
     * neighbourhood, came out the same on the dev set (docs/results.md). */
    if (r == 0 && step == Q.gr)
      break;
    if (r == 0)
      step = step / 2 / Q.gr * Q.gr;
    if (step < Q.gr)
      step = Q.gr;
  }
done:
  L->peak = Q.U;
  L->work = Q.work;
  free(Q.order);
  free(Q.hot);
  free(Q.sub);
  free(Q.in);
  free(Q.subbuf);
  free(Q.kv);
  return rc;
}
