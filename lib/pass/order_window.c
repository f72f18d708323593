/*===-- order_window.c - Exact search of small windows around the peak -----===*/
#include "order_window.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 bytes; /* sums of unit sizes cannot overflow */

/* The live bytes of every step of an order. */
typedef struct profile {
  size_t *first, *last; /* unit -> the steps of its first and last use, or SIZE_MAX */
  bytes *live;          /* step -> bytes live there */
} profile;

/* The search of one window: perm[lo .. lo + m) reordered. */
typedef struct window {
  const mp_order_dag *d;
  const profile *pr;
  size_t lo, m;
  size_t w[MP_WINDOW_OPS];        /* the window's ops, in the current order */
  bool before[MP_WINDOW_OPS][MP_WINDOW_OPS]; /* before[i][j]: w[i] must precede w[j] */
  size_t npred[MP_WINDOW_OPS];    /* unplaced predecessors inside the window */
  bool placed[MP_WINDOW_OPS];
  size_t path[MP_WINDOW_OPS], best_path[MP_WINDOW_OPS];
  size_t *rem;                    /* unit -> window uses not yet placed */
  size_t *total;                  /* unit -> window uses */
  bool *live_in;                  /* unit -> live at the window's first step */
  bytes live_now, best;
  uint64_t nodes, budget;
  bool found;
} window;

/*--- the model ----------------------------------------------------------------*/

static void profile_build(const mp_order_dag *d, const size_t *perm, profile *pr) {
  size_t n = d->n;
  for (size_t u = 0; u < d->nunits; ++u)
    pr->first[u] = pr->last[u] = SIZE_MAX;
  for (size_t t = 0; t < n; ++t)
    for (size_t a = d->use0[perm[t]]; a < d->use0[perm[t] + 1]; ++a) {
      size_t u = d->uses[a];
      if (pr->first[u] == SIZE_MAX)
        pr->first[u] = t;
      pr->last[u] = t;
    }
  memset(pr->live, 0, (n + 1) * sizeof *pr->live);
  for (size_t u = 0; u < d->nunits; ++u) {
    if (pr->first[u] == SIZE_MAX)
      continue;
    if (d->live_in[u])
      pr->first[u] = 0;
    if (d->live_out[u])
      pr->last[u] = n - 1;
    pr->live[pr->first[u]] += d->size[u];
    pr->live[pr->last[u] + 1] -= d->size[u];
  }
  for (size_t t = 1; t <= n; ++t)
    pr->live[t] += pr->live[t - 1];
}

static bytes max_over(const profile *pr, size_t lo, size_t hi) {
  bytes m = 0;
  for (size_t t = lo; t <= hi; ++t)
    m = pr->live[t] > m ? pr->live[t] : m;
  return m;
}

/*--- the search of one window -------------------------------------------------*/

static bool is_window_op(const window *s, size_t op, size_t *i) {
  for (*i = 0; *i < s->m; ++*i)
    if (s->w[*i] == op)
      return true;
  return false;
}

/* Sets up the dependences inside the window, and the units' state before
 * its first step. */
static void window_init(window *s, const size_t *perm) {
  const mp_order_dag *d = s->d;
  const profile *pr = s->pr;
  memset(s->before, 0, sizeof s->before);
  memset(s->npred, 0, sizeof s->npred);
  memset(s->placed, 0, sizeof s->placed);
  for (size_t j = 0; j < s->m; ++j)
    s->w[j] = perm[s->lo + j];
  for (size_t j = 0; j < s->m; ++j)
    for (size_t a = d->pred0[s->w[j]]; a < d->pred0[s->w[j] + 1]; ++a) {
      size_t i;
      if (is_window_op(s, d->preds[a], &i) && !s->before[i][j]) {
        s->before[i][j] = true;
        s->npred[j]++;
      }
    }
  s->live_now = 0;
  for (size_t u = 0; u < d->nunits; ++u) {
    s->rem[u] = 0;
    s->live_in[u] = pr->first[u] != SIZE_MAX && (pr->first[u] < s->lo || d->live_in[u]) &&
                    pr->last[u] >= s->lo;
    if (s->live_in[u])
      s->live_now += d->size[u];
  }
  for (size_t j = 0; j < s->m; ++j)
    for (size_t a = d->use0[s->w[j]]; a < d->use0[s->w[j] + 1]; ++a)
      s->rem[d->uses[a]]++;
  memcpy(s->total, s->rem, d->nunits * sizeof *s->rem);
}

/* Whether unit u stays live after the window (used or live after it). */
static bool lives_after(const window *s, size_t u) {
  return s->pr->last[u] >= s->lo + s->m || s->d->live_out[u];
}

static void search(window *s, size_t depth, bytes peak);

/* Whether unit u is live at this point of the search: live into the
 * window, or used by an op placed already. */
static bool is_started(const window *s, size_t u) {
  return s->live_in[u] || s->rem[u] < s->total[u];
}

/* Places window op i at step `depth`, searches on, and takes it back. */
static void place(window *s, size_t i, size_t depth, bytes peak) {
  const mp_order_dag *d = s->d;
  size_t op = s->w[i];
  bytes saved = s->live_now;
  for (size_t a = d->use0[op]; a < d->use0[op + 1]; ++a)
    if (!is_started(s, d->uses[a]))
      s->live_now += d->size[d->uses[a]];
  bytes here = s->live_now > peak ? s->live_now : peak;
  if (here < s->best) {
    for (size_t a = d->use0[op]; a < d->use0[op + 1]; ++a) {
      size_t u = d->uses[a];
      if (--s->rem[u] == 0 && !lives_after(s, u))
        s->live_now -= d->size[u];
    }
    s->placed[i] = true;
    s->path[depth] = i;
    for (size_t j = 0; j < s->m; ++j)
      s->npred[j] -= s->before[i][j];
    search(s, depth + 1, here);
    for (size_t j = 0; j < s->m; ++j)
      s->npred[j] += s->before[i][j];
    s->placed[i] = false;
    for (size_t a = d->use0[op]; a < d->use0[op + 1]; ++a)
      s->rem[d->uses[a]]++;
  }
  s->live_now = saved;
}

static void search(window *s, size_t depth, bytes peak) {
  if (depth == s->m) {
    s->best = peak;
    s->found = true;
    memcpy(s->best_path, s->path, sizeof s->path);
    return;
  }
  for (size_t i = 0; i < s->m; ++i) {
    if (s->placed[i] || s->npred[i] || s->nodes >= s->budget)
      continue;
    s->nodes++;
    place(s, i, depth, peak);
  }
}

/* Searches the orders of perm[lo .. lo + m) for one whose peak inside the
 * window is below the current one; writes it into perm. Returns whether it
 * found one. */
static bool improve_window(window *s, size_t *perm, size_t lo, size_t m) {
  s->lo = lo;
  s->m = m;
  window_init(s, perm);
  s->best = max_over(s->pr, lo, lo + m - 1);
  s->found = false;
  search(s, 0, 0);
  if (!s->found)
    return false;
  for (size_t j = 0; j < m; ++j)
    perm[lo + j] = s->w[s->best_path[j]];
  return true;
}

/* The first step where the order's peak is reached. */
static size_t peak_step(const profile *pr, size_t n) {
  size_t at = 0;
  for (size_t t = 1; t < n; ++t)
    if (pr->live[t] > pr->live[at])
      at = t;
  return at;
}

/* Tries the windows around step t: centred on it, ending at it, starting
 * at it. */
static bool improve_at(window *s, size_t *perm, size_t n, size_t t) {
  size_t m = n < MP_WINDOW_OPS ? n : MP_WINDOW_OPS;
  size_t starts[3] = {t >= m / 2 ? t - m / 2 : 0, t + 1 >= m ? t + 1 - m : 0, t};
  for (int k = 0; k < 3; ++k) {
    size_t lo = starts[k] + m > n ? n - m : starts[k];
    if (improve_window(s, perm, lo, m))
      return true;
  }
  return false;
}

int mp_order_window(const mp_order_dag *d, size_t *perm, uint64_t budget) {
  size_t n = d->n, nu = d->nunits ? d->nunits : 1;
  if (n < 2)
    return 0;
  profile pr = {malloc(nu * sizeof *pr.first), malloc(nu * sizeof *pr.last),
                malloc((n + 1) * sizeof *pr.live)};
  window s = {.d = d, .pr = &pr, .budget = budget};
  s.rem = malloc(nu * sizeof *s.rem);
  s.total = malloc(nu * sizeof *s.total);
  s.live_in = malloc(nu * sizeof *s.live_in);
  int reordered = -1;
  if (!pr.first || !pr.last || !pr.live || !s.rem || !s.total || !s.live_in)
    goto out;
  reordered = 0;
  /* Each round lowers the peak or its number of steps: at most n rounds. */
  for (size_t round = 0; round < n && s.nodes < budget; ++round) {
    profile_build(d, perm, &pr);
    if (!improve_at(&s, perm, n, peak_step(&pr, n)))
      break;
    reordered++;
  }
out:
  free(pr.first);
  free(pr.last);
  free(pr.live);
  free(s.rem);
  free(s.total);
  free(s.live_in);
  return reordered;
}
