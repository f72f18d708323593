/*===-- exact_fit.c - Conflict graph and ordered placement ----------------===*\
|*                                                                            *|
|* See exact_fit.h. The placement kernel is the textbook offline heuristic   *|
|* for dynamic storage allocation (order the buffers, then give each one the *|
|* lowest - or tightest - gap left by its already placed neighbours); the     *|
|* orders offered are the ones the TFLite/TFLM, XLA and TVM planners use.     *|
\*===----------------------------------------------------------------------===*/
#include "planners/exact_fit.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const mpx_order_names[MPX_ORDER_KEYS] = {"size", "area", "duration",
                                                     "start", "conflict"};

double mpx_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t mpx_peak(const memplan_problem *p, const uint64_t *offsets) {
  uint64_t peak = 0;
  for (size_t i = 0; i < p->count; ++i) {
    uint64_t t = offsets[i] + p->buffers[i].size;
    if (t > peak)
      peak = t;
  }
  return peak;
}

/*---------------------------------------------------------------------------*
 * Sorting with explicit keys: qsort has no context pointer in C11, so each
 * element carries its keys. Every key vector ends in the index, which makes
 * the order total and the result independent of qsort's stability.
 *---------------------------------------------------------------------------*/
typedef struct key3 {
  uint64_t k[3];
  uint32_t idx;
} key3;

static int key3_cmp(const void *a, const void *b) {
  const key3 *x = a, *y = b;
  for (int i = 0; i < 3; ++i)
    if (x->k[i] != y->k[i])
      return x->k[i] < y->k[i] ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Maps a signed step to an unsigned key with the same order. */
static uint64_t ukey(int64_t t) { return (uint64_t)t ^ (UINT64_C(1) << 63); }

/*---------------------------------------------------------------------------*
 * Conflict graph
 *---------------------------------------------------------------------------*/

/* One sweep over the buffers by start. `active` holds the buffers started
 * so far whose end is past the current start, so each survivor of the
 * compaction is a conflicting pair; compaction work is charged to pairs and
 * removals, hence O(n + pairs) after the sort. With `adj` NULL only the
 * degrees are counted (and the cap enforced). */
static int sweep(const memplan_problem *p, const uint32_t *by_start, size_t m,
                 uint32_t *active, size_t *deg, size_t *cursor, uint32_t *adj,
                 size_t max_pairs, size_t *pairs_out, double deadline) {
  size_t na = 0, pairs = 0, checked = 0;
  for (size_t k = 0; k < m; ++k) {
    /* The clock, about once per million pairs or 4096 buffers. */
    if (deadline > 0 && (pairs - checked > ((size_t)1 << 20) || !(k & 4095))) {
      checked = pairs;
      if (mpx_now() > deadline)
        return 2;
    }
    uint32_t b = by_start[k];
    int64_t s = p->buffers[b].start;
    size_t w = 0;
    for (size_t r = 0; r < na; ++r) {
      uint32_t a = active[r];
      if (p->buffers[a].end <= s)
        continue;
      active[w++] = a;
      if (adj) {
        adj[cursor[a]++] = b;
        adj[cursor[b]++] = a;
      } else {
        deg[a]++;
        deg[b]++;
      }
    }
    pairs += w;
    if (pairs > max_pairs)
      return 1;
    na = w;
    active[na++] = b;
  }
  *pairs_out = pairs;
  return 0;
}

int mpx_graph_build(const memplan_problem *p, size_t max_pairs, mpx_graph *g,
                    double deadline) {
  memset(g, 0, sizeof *g);
  size_t n = p->count;
  if (n >= UINT32_MAX)
    return 1;
  g->n = n;
  key3 *keys = malloc((n ? n : 1) * sizeof *keys);
  uint32_t *by_start = calloc(n ? n : 1, sizeof *by_start);
  uint32_t *active = malloc((n ? n : 1) * sizeof *active);
  g->first = calloc(n + 1, sizeof *g->first);
  size_t *cursor = malloc((n + 1) * sizeof *cursor);
  int rc = -1;
  if (!keys || !by_start || !active || !g->first || !cursor)
    goto out;
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    if (p->buffers[i].size == 0)
      continue;
    keys[m].k[0] = ukey(p->buffers[i].start);
    keys[m].k[1] = keys[m].k[2] = 0;
    keys[m].idx = (uint32_t)i;
    ++m;
  }
  qsort(keys, m, sizeof *keys, key3_cmp);
  for (size_t i = 0; i < m; ++i)
    by_start[i] = keys[i].idx;
  /* Pass 1: degrees into first[i + 1]. */
  size_t pairs = 0;
  rc = sweep(p, by_start, m, active, g->first + 1, NULL, NULL, max_pairs,
             &pairs, deadline);
  if (rc != 0)
    goto out;
  for (size_t i = 0; i < n; ++i)
    g->first[i + 1] += g->first[i];
  g->pairs = pairs;
  g->adj = malloc((pairs ? 2 * pairs : 1) * sizeof *g->adj);
  rc = -1;
  if (!g->adj)
    goto out;
  memcpy(cursor, g->first, (n + 1) * sizeof *cursor);
  rc = sweep(p, by_start, m, active, NULL, cursor, g->adj, SIZE_MAX, &pairs,
             deadline);
out:
  free(keys);
  free(by_start);
  free(active);
  free(cursor);
  if (rc != 0) {
    mpx_graph_free(g);
    g->n = n;
  }
  return rc;
}

void mpx_graph_free(mpx_graph *g) {
  free(g->first);
  free(g->adj);
  memset(g, 0, sizeof *g);
}

/*---------------------------------------------------------------------------*
 * Orders
 *---------------------------------------------------------------------------*/

size_t mpx_order(const memplan_problem *p, const mpx_graph *g,
                 mpx_order_key key, uint32_t *order) {
  size_t n = p->count, m = 0;
  key3 *keys = malloc((n ? n : 1) * sizeof *keys);
  if (!keys)
    return (size_t)-1;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed)
      continue;
    uint64_t dur = (uint64_t)b->end - (uint64_t)b->start;
    uint64_t area = b->size * dur;
    if (dur && area / dur != b->size)
      area = UINT64_MAX; /* saturate: only the order matters */
    key3 *k = &keys[m++];
    k->idx = (uint32_t)i;
    k->k[1] = ~b->size;
    k->k[2] = 0;
    switch (key) {
    case MPX_BY_SIZE:
      k->k[0] = ~b->size;
      k->k[1] = ~dur;
      k->k[2] = ukey(b->start);
      break;
    case MPX_BY_AREA:
      k->k[0] = ~area;
      break;
    case MPX_BY_DURATION:
      k->k[0] = ~dur;
      break;
    case MPX_BY_START:
      k->k[0] = ukey(b->start);
      k->k[2] = ukey(b->end);
      break;
    case MPX_BY_CONFLICT: {
      uint64_t sum = b->size;
      if (g)
        for (size_t e = g->first[i]; e < g->first[i + 1]; ++e) {
          uint64_t s2 = sum + p->buffers[g->adj[e]].size;
          sum = s2 < sum ? UINT64_MAX : s2;
        }
      k->k[0] = ~sum;
      break;
    }
    default:
      k->k[0] = 0;
    }
  }
  qsort(keys, m, sizeof *keys, key3_cmp);
  for (size_t i = 0; i < m; ++i)
    order[i] = keys[i].idx;
  free(keys);
  return m;
}

/*---------------------------------------------------------------------------*
 * Placement
 *---------------------------------------------------------------------------*/

int mpx_scratch_init(mpx_scratch *s, const mpx_graph *g) {
  size_t maxdeg = 1;
  for (size_t i = 0; i < g->n; ++i)
    if (g->first[i + 1] - g->first[i] > maxdeg)
      maxdeg = g->first[i + 1] - g->first[i];
  s->placed = malloc(g->n ? g->n : 1);
  s->lo = malloc(maxdeg * sizeof *s->lo);
  s->hi = malloc(maxdeg * sizeof *s->hi);
  s->cap = maxdeg;
  s->deadline = 0;
  s->stopped = false;
  if (!s->placed || !s->lo || !s->hi) {
    mpx_scratch_free(s);
    return -1;
  }
  return 0;
}

void mpx_scratch_free(mpx_scratch *s) {
  free(s->placed);
  free(s->lo);
  free(s->hi);
  memset(s, 0, sizeof *s);
}

/* Sorts the occupied ranges by their low end. Degrees are usually small, so
 * insertion sort; a heap sort guards against the quadratic case. */
static void sift(uint64_t *lo, uint64_t *hi, size_t i, size_t n) {
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n)
      return;
    if (c + 1 < n && lo[c + 1] > lo[c])
      ++c;
    if (lo[i] >= lo[c])
      return;
    uint64_t t = lo[i]; lo[i] = lo[c]; lo[c] = t;
    t = hi[i]; hi[i] = hi[c]; hi[c] = t;
    i = c;
  }
}

static void sort_ranges(uint64_t *lo, uint64_t *hi, size_t n) {
  if (n <= 32) {
    for (size_t i = 1; i < n; ++i) {
      uint64_t l = lo[i], h = hi[i];
      size_t j = i;
      for (; j > 0 && lo[j - 1] > l; --j) {
        lo[j] = lo[j - 1];
        hi[j] = hi[j - 1];
      }
      lo[j] = l;
      hi[j] = h;
    }
    return;
  }
  for (size_t i = n / 2; i-- > 0;)
    sift(lo, hi, i, n);
  for (size_t k = n; k-- > 1;) {
    uint64_t t = lo[0]; lo[0] = lo[k]; lo[k] = t;
    t = hi[0]; hi[0] = hi[k]; hi[k] = t;
    sift(lo, hi, 0, k);
  }
}

uint64_t mpx_place(const memplan_problem *p, const mpx_graph *g,
                   const uint32_t *order, size_t count, int best_fit,
                   mpx_scratch *s, uint64_t *offsets) {
  size_t n = p->count;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    s->placed[i] = b->fixed || b->size == 0;
    offsets[i] = b->fixed ? b->offset : 0;
  }
  s->stopped = false;
  for (size_t k = 0; k < count; ++k) {
    uint32_t i = order[k];
    const memplan_buffer *b = &p->buffers[i];
    if (s->placed[i])
      continue;
    if (s->deadline > 0 && (k & 255) == 255 && mpx_now() > s->deadline) {
      s->stopped = true;
      return UINT64_MAX;
    }
    size_t d = 0;
    for (size_t e = g->first[i]; e < g->first[i + 1]; ++e) {
      uint32_t j = g->adj[e];
      if (!s->placed[j] || p->buffers[j].size == 0)
        continue;
      s->lo[d] = offsets[j];
      s->hi[d] = offsets[j] + p->buffers[j].size;
      ++d;
    }
    sort_ranges(s->lo, s->hi, d);
    /* Walk the gaps bottom-up. `reach` is the top of everything seen so
     * far; a gap is [align_up(reach), lo[r]). */
    uint64_t reach = 0, best = UINT64_MAX, best_slack = UINT64_MAX;
    for (size_t r = 0; r <= d; ++r) {
      uint64_t cand = mpx_align_up(reach, b->alignment);
      if (r == d) {
        if (best == UINT64_MAX)
          best = cand;
        break;
      }
      if (cand <= s->lo[r] && b->size <= s->lo[r] - cand) {
        uint64_t slack = s->lo[r] - cand - b->size;
        if (!best_fit) {
          best = cand;
          break;
        }
        if (slack < best_slack) {
          best_slack = slack;
          best = cand;
        }
      }
      if (s->hi[r] > reach)
        reach = s->hi[r];
    }
    offsets[i] = best;
    s->placed[i] = 1;
  }
  return mpx_peak(p, offsets);
}
