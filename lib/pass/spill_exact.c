/*===-- spill_exact.c - The fewest bytes to spill, by branch and bound ------===*/
#include "spill_exact.h"

#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 bytes; /* sums of sizes cannot overflow */

/* The steps over the target (start steps of buffers, where live bytes
 * rise), and the candidates, each live at a run [lo, hi) of those steps. */
typedef struct search {
  const memplan_problem *p;
  size_t nsteps;
  int64_t *at;       /* over step -> its time */
  bytes *excess;     /* over step -> live bytes above target (fixed ones out) */
  bytes *cover;      /* over step -> bytes of moved candidates live there */
  bytes *rem;        /* over step -> bytes of undecided candidates live there */
  size_t ncand;
  size_t *cand;      /* candidate -> buffer, largest first */
  size_t *lo, *hi;   /* candidate -> its run of over steps */
  bool *pick, *best_pick;
  bytes moved_bytes, best_bytes;
  size_t count, best_count;
  uint64_t nodes, budget;
  bool improved;
} search;

/* The first index of sorted a[0..n) whose time is >= t. */
static size_t lower(const int64_t *a, size_t n, int64_t t) {
  size_t l = 0, h = n;
  while (l < h) {
    size_t m = l + (h - l) / 2;
    if (a[m] < t)
      l = m + 1;
    else
      h = m;
  }
  return l;
}

static int cmp_time(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* Live bytes at each distinct start time (fixed buffers out), into the
 * over steps of s. Returns -1 if memory runs out. */
static int find_steps(search *s, const bool *fixed, uint64_t target) {
  const memplan_problem *p = s->p;
  size_t n = p->count, nt = 0;
  int64_t *t = malloc((n ? n : 1) * sizeof *t);
  bytes *live = calloc(n + 1, sizeof *live);
  s->at = malloc((n ? n : 1) * sizeof *s->at);
  s->excess = malloc((n ? n : 1) * sizeof *s->excess);
  if (!t || !live || !s->at || !s->excess) {
    free(t);
    free(live);
    return -1;
  }
  for (size_t k = 0; k < n; ++k)
    t[k] = p->buffers[k].start;
  qsort(t, n, sizeof *t, cmp_time);
  for (size_t k = 0; k < n; ++k)
    if (nt == 0 || t[nt - 1] != t[k])
      t[nt++] = t[k];
  for (size_t k = 0; k < n; ++k) {
    const memplan_buffer *b = &p->buffers[k];
    if (fixed[k] || b->end <= b->start)
      continue;
    live[lower(t, nt, b->start)] += b->size;
    live[lower(t, nt, b->end)] -= b->size;
  }
  bytes run = 0;
  for (size_t i = 0; i < nt; ++i) {
    run += live[i];
    if (run > target) {
      s->at[s->nsteps] = t[i];
      s->excess[s->nsteps++] = run - target;
    }
  }
  free(t);
  free(live);
  return 0;
}

/* Movable buffers live at some over step, largest first (ties: the first). */
static int candidate_cmp(const void *a, const void *b, const memplan_problem *p) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  uint64_t sx = p->buffers[x].size, sy = p->buffers[y].size;
  if (sx != sy)
    return sx > sy ? -1 : 1;
  return (x > y) - (x < y);
}

static void sort_candidates(size_t *c, size_t n, const memplan_problem *p) {
  for (size_t i = 1; i < n; ++i) /* insertion sort: no global for qsort */
    for (size_t j = i; j > 0 && candidate_cmp(&c[j - 1], &c[j], p) > 0; --j) {
      size_t x = c[j];
      c[j] = c[j - 1];
      c[j - 1] = x;
    }
}

static int find_candidates(search *s, const bool *movable, const bool *fixed) {
  const memplan_problem *p = s->p;
  size_t n = p->count;
  s->cand = malloc((n ? n : 1) * sizeof *s->cand);
  s->lo = malloc((n ? n : 1) * sizeof *s->lo);
  s->hi = malloc((n ? n : 1) * sizeof *s->hi);
  s->pick = calloc(n ? n : 1, sizeof *s->pick);
  s->best_pick = calloc(n ? n : 1, sizeof *s->best_pick);
  s->cover = calloc(s->nsteps ? s->nsteps : 1, sizeof *s->cover);
  s->rem = calloc(s->nsteps ? s->nsteps : 1, sizeof *s->rem);
  if (!s->cand || !s->lo || !s->hi || !s->pick || !s->best_pick || !s->cover || !s->rem)
    return -1;
  for (size_t k = 0; k < n; ++k) {
    const memplan_buffer *b = &p->buffers[k];
    if (movable[k] && !fixed[k] && b->size > 0 &&
        lower(s->at, s->nsteps, b->start) < lower(s->at, s->nsteps, b->end))
      s->cand[s->ncand++] = k;
  }
  sort_candidates(s->cand, s->ncand, p);
  for (size_t i = 0; i < s->ncand; ++i) {
    const memplan_buffer *b = &p->buffers[s->cand[i]];
    s->lo[i] = lower(s->at, s->nsteps, b->start);
    s->hi[i] = lower(s->at, s->nsteps, b->end);
    for (size_t t = s->lo[i]; t < s->hi[i]; ++t)
      s->rem[t] += b->size;
  }
  return 0;
}

/*--- the search ---------------------------------------------------------------*/

/* The bytes still missing at the steps of candidate i: a lower bound on
 * what must still move. */
static bytes deficit(const search *s, size_t i) {
  bytes d = 0;
  for (size_t t = s->lo[i]; t < s->hi[i]; ++t)
    if (s->excess[t] > s->cover[t] && s->excess[t] - s->cover[t] > d)
      d = s->excess[t] - s->cover[t];
  return d;
}

/* (b, c) could still beat the best answer. */
static bool may_beat(const search *s, bytes b, size_t c) {
  return b < s->best_bytes || (b == s->best_bytes && c < s->best_count);
}

static void decide(search *s, size_t i);

static void try_move(search *s, size_t i) {
  uint64_t size = s->p->buffers[s->cand[i]].size;
  for (size_t t = s->lo[i]; t < s->hi[i]; ++t)
    s->cover[t] += size, s->rem[t] -= size;
  s->moved_bytes += size;
  s->count++;
  s->pick[i] = true;
  bytes d = deficit(s, i);
  if (may_beat(s, s->moved_bytes + d, s->count + (d > 0)))
    decide(s, i + 1);
  s->pick[i] = false;
  s->count--;
  s->moved_bytes -= size;
  for (size_t t = s->lo[i]; t < s->hi[i]; ++t)
    s->cover[t] -= size, s->rem[t] += size;
}

static void try_keep(search *s, size_t i) {
  uint64_t size = s->p->buffers[s->cand[i]].size;
  bool coverable = true;
  for (size_t t = s->lo[i]; t < s->hi[i]; ++t) {
    s->rem[t] -= size;
    coverable = coverable && s->cover[t] + s->rem[t] >= s->excess[t];
  }
  bytes d = deficit(s, i);
  if (coverable && may_beat(s, s->moved_bytes + d, s->count + (d > 0)))
    decide(s, i + 1);
  for (size_t t = s->lo[i]; t < s->hi[i]; ++t)
    s->rem[t] += size;
}

/* Decides candidates i.. . Every over step is covered once all are decided:
 * a kept candidate leaves its steps coverable by the undecided ones. */
static void decide(search *s, size_t i) {
  if (s->nodes >= s->budget)
    return;
  s->nodes++;
  if (i == s->ncand) {
    if (may_beat(s, s->moved_bytes, s->count)) {
      s->best_bytes = s->moved_bytes;
      s->best_count = s->count;
      memcpy(s->best_pick, s->pick, s->ncand * sizeof *s->pick);
      s->improved = true;
    }
    return;
  }
  try_move(s, i);
  try_keep(s, i);
}

static void search_free(search *s) {
  free(s->at);
  free(s->excess);
  free(s->cover);
  free(s->rem);
  free(s->cand);
  free(s->lo);
  free(s->hi);
  free(s->pick);
  free(s->best_pick);
}

int mp_spill_minimize(const memplan_problem *p, const bool *movable, const bool *fixed,
                      uint64_t target, bool *moved, uint64_t budget) {
  search s = {.p = p, .budget = budget};
  int rc = -1;
  if (find_steps(&s, fixed, target) || find_candidates(&s, movable, fixed))
    goto out;
  rc = 0;
  for (size_t t = 0; t < s.nsteps; ++t)
    if (s.rem[t] < s.excess[t])
      goto out; /* no choice fits: the caller's does not either */
  for (size_t k = 0; k < p->count; ++k)
    if (moved[k] && !fixed[k])
      s.best_bytes += p->buffers[k].size, s.best_count++;
  decide(&s, 0);
  if (!s.improved)
    goto out;
  for (size_t k = 0; k < p->count; ++k)
    moved[k] = fixed[k];
  for (size_t i = 0; i < s.ncand; ++i)
    moved[s.cand[i]] = moved[s.cand[i]] || s.best_pick[i];
  rc = 1;
out:
  search_free(&s);
  return rc;
}
