/*===-- milp.c - The big-M MILP of the seed (§3), solved by CBC ----------===*\
|*                                                                            *|
|* The textbook integer program for DSA: one offset per buffer, the peak P,   *|
|* and for every pair of buffers whose live intervals intersect one order     *|
|* binary z_ij that says which of the two lies below the other:               *|
|*                                                                            *|
|*   minimize P                                                               *|
|*   off_i + size_i <= P                                  for every buffer i  *|
|*   off_i + size_i <= off_j + M_ij (1 - z_ij)            for every conflict  *|
|*   off_j + size_j <= off_i + M_ji z_ij                    pair (i, j)       *|
|*   off_i = step_i * k_i, k_i integer >= 0         (alignment, see below)    *|
|*                                                                            *|
|* It is solved by COIN-OR CBC through its C interface. The formulation is    *|
|* weak (the LP relaxation sets every z to 1/2), so it only scales to small   *|
|* instances; the "exact" planner is the one meant for real use. Still, it is *|
|* the reference formulation most papers compare against, and an independent *|
|* second exact method is valuable for cross-checking the others.             *|
|*                                                                            *|
|* Choices, and why:                                                          *|
|*                                                                            *|
|*  - Alignment is exact: each offset is step_i times an integer variable     *|
|*    k_i, rather than a continuous offset rounded afterwards (rounding up    *|
|*    could create overlaps; rounding down could too).                        *|
|*                                                                            *|
|*  - Everything is scaled by a unit u (the gcd of sizes and fixed offsets,   *|
|*    cut down so that every alignment divides u or is a multiple of it).     *|
|*    Pushing every buffer of an optimal plan down as far as it goes gives a  *|
|*    plan whose offsets are all 0, a fixed offset, or an aligned end of      *|
|*    another buffer, hence multiples of u: scaling loses no optimum, while   *|
|*    it keeps CBC's doubles small (sizes that are multiples of 64 or 4096    *|
|*    are the rule in ML workloads).                                          *|
|*                                                                            *|
|*  - A first-fit plan computed here (size descending, lowest aligned offset) *|
|*    gives an upper bound U on the optimum. With P <= U every offset is at   *|
|*    most U - size_i, so M_ij = max(off_i) + size_i - min(off_j) is a valid  *|
|*    and tight big-M, much tighter than the sum of all sizes. The same plan  *|
|*    is handed to CBC as a MIP start, and P gets the live-bytes lower bound  *|
|*    as its lower bound, so CBC starts with both ends of the gap.            *|
|*                                                                            *|
|*  - CBC's answer is never copied blindly. Its offsets only decide an order  *|
|*    (by increasing offset); the plan is then rebuilt in exact 64-bit        *|
|*    integers by placing the buffers in that order, each at the lowest       *|
|*    aligned offset clear of its already-placed conflicting neighbours. If   *|
|*    CBC's solution was valid, each buffer lands at or below where CBC put   *|
|*    it (its CBC slot is always one of the candidates), so the peak can only *|
|*    improve; if CBC's doubles were off by a tolerance, the plan is still    *|
|*    valid, and "optimal" is then claimed only if the peak still meets the   *|
|*    bound CBC proved.                                                       *|
|*                                                                            *|
|*  - Pairs of fixed buffers get no binary (both offsets are known); if two   *|
|*    of them overlap no plan exists, which is an error, not a capacity       *|
|*    question. Zero-size buffers conflict with nothing: offset 0 (or their   *|
|*    fixed offset), outside the model.                                       *|
|*                                                                            *|
|*  - The model is refused (with a message) beyond MEMPLAN_MILP_MAX_PAIRS     *|
|*    conflicting pairs, or when the scaled upper bound is beyond what a      *|
|*    double holds exactly (2^52).                                            *|
|*                                                                            *|
|*  - CBC 2.10's stand-alone solver keeps global state, so calls into it are  *|
|*    serialized by a process-wide mutex: the MLIR pass may plan several      *|
|*    functions on several threads at once.                                   *|
|*                                                                            *|
|* Status: OPTIMAL when CBC proves it (the plan's lower bound is then its     *|
|* peak); FEASIBLE when the time limit (opts->time_limit, wall-clock, default *|
|* 10 s) or the work limit (opts->work_limit: CBC's node limit) stopped CBC   *|
|* with a solution, with CBC's best bound as the lower bound; INFEASIBLE when *|
|* CBC proves that no plan fits the capacity; TIMEOUT when a limit stopped    *|
|* CBC before any plan within the capacity was known. CBC runs single-        *|
|* threaded, so unless the clock stops it, the answer is deterministic.       *|
|* plan->work is 0 when CBC was not needed (the first-fit start met the lower *|
|* bound), else 1 + CBC's branch-and-bound node count.                        *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_fit.h" /* mpx_now */
#include "planners/planners.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef MEMPLAN_HAVE_CBC
#include <Cbc_C_Interface.h>
#include <pthread.h>
#include <unistd.h>
#endif

/* Beyond this many conflicting pairs the model (two rows and one binary per
 * pair) gets too big for CBC to do anything useful within seconds. */
#define MEMPLAN_MILP_MAX_PAIRS 20000
/* Default wall-clock limit when opts->time_limit <= 0. */
#define MEMPLAN_MILP_DEFAULT_SECONDS 10.0
/* Integers up to 2^52 are exact in a double with room for CBC's sums. */
#define MEMPLAN_MILP_MAX_UNITS (UINT64_C(1) << 52)

#ifndef MEMPLAN_HAVE_CBC

int memplan_plan_milp(const memplan_problem *p, const memplan_options *o,
                      memplan_plan *plan) {
  (void)p;
  (void)o;
  snprintf(plan->message, sizeof plan->message,
           "the milp planner is not available: memplan was built without CBC "
           "(MEMPLAN_ENABLE_MILP=OFF)");
  return -1;
}

#else /* MEMPLAN_HAVE_CBC */

static pthread_mutex_t milp_cbc_lock = PTHREAD_MUTEX_INITIALIZER;

/* Everything the planner builds, in scaled units, freed in one place. */
typedef struct milp_state {
  const memplan_problem *p;
  size_t n;
  uint64_t unit;
  uint64_t *size;  /* size / unit */
  uint64_t *step;  /* offset granularity in units, >= 1 */
  uint64_t *fixed; /* fixed offset in units (valid when p->buffers[i].fixed) */
  /* Conflicting pairs of nonzero-size buffers, a < b. */
  size_t npairs;
  uint32_t *pa, *pb;
  /* Adjacency (CSR) of the conflict graph, for the placement routine. */
  size_t *adj_start;
  uint32_t *adj;
  /* Scratch for the placement routine. */
  uint64_t *placed_off;
  unsigned char *placed;
  uint64_t *gap; /* (lo, hi) pairs of occupied ranges */
} milp_state;

static void milp_state_free(milp_state *s) {
  free(s->size);
  free(s->step);
  free(s->fixed);
  free(s->pa);
  free(s->pb);
  free(s->adj_start);
  free(s->adj);
  free(s->placed_off);
  free(s->placed);
  free(s->gap);
}

/* x rounded up to a multiple of a (a >= 1); false on overflow. */
static int align_up(uint64_t x, uint64_t a, uint64_t *out) {
  uint64_t r = x % a;
  if (r == 0) {
    *out = x;
    return 1;
  }
  if (x > UINT64_MAX - (a - r))
    return 0;
  *out = x + (a - r);
  return 1;
}

/* Sort keys are copied into the array being sorted (qsort has no context
 * argument, and a file-level pointer would not be thread-safe). The index
 * as the last key makes every order total, hence the plan deterministic. */
typedef struct milp_key {
  int64_t k1;   /* primary key (start time, or -size) */
  double k2;    /* secondary key (CBC offset), ascending */
  int64_t k3;   /* tertiary key, ascending */
  uint32_t idx; /* final tie-break: index */
} milp_key;

static int milp_key_cmp(const void *a, const void *b) {
  const milp_key *x = a, *y = b;
  if (x->k1 != y->k1)
    return x->k1 < y->k1 ? -1 : 1;
  if (x->k2 != y->k2)
    return x->k2 < y->k2 ? -1 : 1;
  if (x->k3 != y->k3)
    return x->k3 < y->k3 ? -1 : 1;
  return x->idx < y->idx ? -1 : (x->idx > y->idx);
}

static int u64_pair_cmp(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return (x[1] > y[1]) - (x[1] < y[1]);
}

/* Conflicting pairs by a sweep over buffers sorted by start: b conflicts with
 * an earlier-starting a iff b starts before a ends. O(n log n + pairs).
 * Returns 0, or -1 (message set) when memory runs out or the cap is hit. */
static int milp_find_pairs(milp_state *s, memplan_plan *plan) {
  const memplan_buffer *B = s->p->buffers;
  size_t n = s->n, m = 0;
  milp_key *keys = malloc((n ? n : 1) * sizeof *keys);
  if (!keys)
    goto oom;
  for (size_t i = 0; i < n; ++i)
    if (B[i].size > 0)
      keys[m++] = (milp_key){B[i].start, 0.0, 0, (uint32_t)i};
  qsort(keys, m, sizeof *keys, milp_key_cmp);
  size_t cap = 64;
  s->pa = malloc(cap * sizeof *s->pa);
  s->pb = malloc(cap * sizeof *s->pb);
  if (!s->pa || !s->pb)
    goto oom;
  for (size_t x = 0; x < m; ++x) {
    const memplan_buffer *a = &B[keys[x].idx];
    for (size_t y = x + 1; y < m && B[keys[y].idx].start < a->end; ++y) {
      if (s->npairs == MEMPLAN_MILP_MAX_PAIRS) {
        free(keys);
        snprintf(plan->message, sizeof plan->message,
                 "milp: more than %d conflicting buffer pairs; the big-M "
                 "model would be too large (use the exact or auto planner)",
                 MEMPLAN_MILP_MAX_PAIRS);
        return -1;
      }
      if (s->npairs == cap) {
        cap *= 2;
        uint32_t *na = realloc(s->pa, cap * sizeof *na);
        if (!na)
          goto oom;
        s->pa = na;
        uint32_t *nb = realloc(s->pb, cap * sizeof *nb);
        if (!nb)
          goto oom;
        s->pb = nb;
      }
      uint32_t i = keys[x].idx, j = keys[y].idx;
      s->pa[s->npairs] = i < j ? i : j;
      s->pb[s->npairs] = i < j ? j : i;
      s->npairs++;
    }
  }
  free(keys);

  /* CSR adjacency, both directions. */
  s->adj_start = calloc(n + 1, sizeof *s->adj_start);
  s->adj = malloc((2 * s->npairs + 1) * sizeof *s->adj);
  if (!s->adj_start || !s->adj)
    goto oom_nokeys;
  for (size_t e = 0; e < s->npairs; ++e) {
    s->adj_start[s->pa[e] + 1]++;
    s->adj_start[s->pb[e] + 1]++;
  }
  for (size_t i = 0; i < n; ++i)
    s->adj_start[i + 1] += s->adj_start[i];
  size_t *fill = malloc((n ? n : 1) * sizeof *fill);
  if (!fill)
    goto oom_nokeys;
  memcpy(fill, s->adj_start, n * sizeof *fill);
  for (size_t e = 0; e < s->npairs; ++e) {
    s->adj[fill[s->pa[e]]++] = s->pb[e];
    s->adj[fill[s->pb[e]]++] = s->pa[e];
  }
  free(fill);
  return 0;
oom:
  free(keys);
oom_nokeys:
  snprintf(plan->message, sizeof plan->message, "milp: out of memory");
  return -1;
}

/* Places buffer i at the lowest multiple of step_i whose [off, off + size)
 * is clear of every placed conflicting neighbour. Returns 0, or -1 on
 * overflow of 64 bits (only possible near the top of the address space). */
static int milp_place_one(milp_state *s, uint32_t i) {
  size_t ng = 0;
  for (size_t e = s->adj_start[i]; e < s->adj_start[i + 1]; ++e) {
    uint32_t j = s->adj[e];
    if (!s->placed[j])
      continue;
    s->gap[2 * ng] = s->placed_off[j];
    s->gap[2 * ng + 1] = s->placed_off[j] + s->size[j];
    ng++;
  }
  /* Sorted by lo, the occupied ranges are passed in order: the buffer goes
   * below the first one it fits under, else above the highest it meets. */
  qsort(s->gap, ng, 2 * sizeof(uint64_t), u64_pair_cmp);
  uint64_t off = 0;
  for (size_t g = 0; g < ng; ++g) {
    uint64_t lo = s->gap[2 * g], hi = s->gap[2 * g + 1];
    if (off + s->size[i] <= lo)
      break; /* fits below this occupied range */
    if (hi > off && !align_up(hi, s->step[i], &off))
      return -1;
    if (off > UINT64_MAX - s->size[i])
      return -1;
  }
  s->placed_off[i] = off;
  s->placed[i] = 1;
  return 0;
}

/* Places fixed buffers at their offsets, then the others in `order` (m
 * indices). Writes offsets in units to out (zero-size non-fixed buffers get
 * 0) and the peak to *peak. Returns 0, or -1 on 64-bit overflow. */
static int milp_place(milp_state *s, const uint32_t *order, size_t m,
                      uint64_t *out, uint64_t *peak) {
  const memplan_buffer *B = s->p->buffers;
  memset(s->placed, 0, s->n);
  uint64_t top = 0;
  for (size_t i = 0; i < s->n; ++i) {
    s->placed_off[i] = 0;
    if (B[i].fixed) {
      s->placed_off[i] = s->fixed[i];
      s->placed[i] = 1;
    }
  }
  for (size_t x = 0; x < m; ++x)
    if (milp_place_one(s, order[x]) != 0)
      return -1;
  for (size_t i = 0; i < s->n; ++i) {
    out[i] = s->placed_off[i];
    uint64_t end = s->placed_off[i] + s->size[i];
    if (end > top)
      top = end;
  }
  *peak = top;
  return 0;
}

/* Fills the plan's byte offsets from unit offsets. */
static void milp_emit(const milp_state *s, const uint64_t *off_u,
                      memplan_plan *plan) {
  for (size_t i = 0; i < s->n; ++i)
    plan->offsets[i] = s->p->buffers[i].fixed ? s->p->buffers[i].offset
                                              : off_u[i] * s->unit;
}

/* Two fixed buffers that conflict and overlap make every plan invalid. */
static int milp_check_fixed(const milp_state *s, memplan_plan *plan) {
  const memplan_buffer *B = s->p->buffers;
  for (size_t e = 0; e < s->npairs; ++e) {
    const memplan_buffer *a = &B[s->pa[e]], *b = &B[s->pb[e]];
    if (a->fixed && b->fixed && a->offset < b->offset + b->size &&
        b->offset < a->offset + a->size) {
      char na[24], nb[24];
      snprintf(plan->message, sizeof plan->message,
               "milp: fixed buffers '%s' and '%s' are live together and "
               "overlap; no plan exists",
               memplan_buffer_name(s->p, s->pa[e], na),
               memplan_buffer_name(s->p, s->pb[e], nb));
      return -1;
    }
  }
  return 0;
}

/* Builds the model (columns: k_i for every nonzero-size buffer, P, then one
 * z per pair not between two fixed buffers), solves it, and turns CBC's
 * answer into an order of the free buffers. On return *have_sol says
 * whether CBC produced a solution; cbc_off (n doubles) holds its offsets in
 * units. Runs under milp_cbc_lock. */
typedef struct milp_result {
  int have_sol;
  int proven_optimal;
  int proven_infeasible;
  double obj;
  double best_bound;
  int hit_time_limit;
  int build_timeout; /* the limit passed while the model was built */
  int hit_node_limit;
  uint64_t nodes;
} milp_result;

static int milp_solve_cbc(milp_state *s, const memplan_options *o,
                          uint64_t lb_u, uint64_t pmax_u,
                          const uint64_t *start_u, uint64_t start_peak,
                          double *cbc_off, milp_result *r,
                          memplan_plan *plan, double deadline) {
  const memplan_buffer *B = s->p->buffers;
  size_t n = s->n;
  int *col = malloc((n ? n : 1) * sizeof *col);
  int *zcol = malloc((s->npairs ? s->npairs : 1) * sizeof *zcol);
  int *start_idx = NULL;
  double *start_val = NULL;
  if (!col || !zcol) {
    free(col);
    free(zcol);
    snprintf(plan->message, sizeof plan->message, "milp: out of memory");
    return -1;
  }

  Cbc_Model *m = Cbc_newModel();
  if (!m) {
    free(col);
    free(zcol);
    snprintf(plan->message, sizeof plan->message,
             "milp: CBC could not create a model");
    return -1;
  }
  Cbc_setProblemName(m, "memplan_dsa");
  Cbc_setLogLevel(m, o && o->verbose ? 1 : 0);
  /* The default integrality tolerance (1e-6) lets a big-M row slip by
   * M * 1e-6 units; tighter keeps CBC's answer close to exact. */
  Cbc_setParameter(m, "integerT", "1e-9");
  /* CglTwomir prints "2mir_test: why does constraint not exist ?" with a
   * bare printf, whatever the log level: on the caller's standard output,
   * which may be the plan itself. Its cuts are not worth that. */
  Cbc_setParameter(m, "twoMirCuts", "off");

  int ncols = 0;
  for (size_t i = 0; i < n; ++i) {
    col[i] = -1;
    if (B[i].size == 0)
      continue;
    double lo, hi;
    if (B[i].fixed) {
      lo = hi = (double)(s->fixed[i] / s->step[i]);
    } else {
      lo = 0.0;
      hi = (double)((pmax_u - s->size[i]) / s->step[i]);
    }
    col[i] = ncols++;
    Cbc_addCol(m, "", lo, hi, 0.0, 1, 0, NULL, NULL);
  }
  int pcol = ncols++;
  Cbc_addCol(m, "P", (double)lb_u, (double)pmax_u, 1.0, 1, 0, NULL, NULL);

  /* off_i + size_i <= P  <=>  step_i k_i - P <= -size_i */
  for (size_t i = 0; i < n; ++i) {
    if (col[i] < 0)
      continue;
    int cols[2] = {col[i], pcol};
    double coef[2] = {(double)s->step[i], -1.0};
    Cbc_addRow(m, "", 2, cols, coef, 'L', -(double)s->size[i]);
  }

  /* CBC takes the rows one at a time, which costs more than its search on
   * a few hundred buffers: the clock is read every 256 pairs, and when the
   * limit has passed the model is dropped unsolved (the caller keeps its
   * first-fit plan). */
  bool built = true;
  for (size_t e = 0; e < s->npairs; ++e) {
    uint32_t i = s->pa[e], j = s->pb[e];
    zcol[e] = -1;
    if (!(e & 255) && mpx_now() > deadline) {
      built = false;
      break;
    }
    if (B[i].fixed && B[j].fixed)
      continue;
    /* Bounds of each offset in units, for the pair's own big-M. */
    uint64_t lo_i = B[i].fixed ? s->fixed[i] : 0;
    uint64_t lo_j = B[j].fixed ? s->fixed[j] : 0;
    uint64_t hi_i = B[i].fixed ? s->fixed[i] : pmax_u - s->size[i];
    uint64_t hi_j = B[j].fixed ? s->fixed[j] : pmax_u - s->size[j];
    /* z = 1: i below j. Row: off_i - off_j + M_ij z <= M_ij - size_i. */
    double m_ij = (double)(hi_i + s->size[i]) - (double)lo_j;
    /* z = 0: j below i. Row: off_j - off_i - M_ji z <= -size_j. */
    double m_ji = (double)(hi_j + s->size[j]) - (double)lo_i;
    int z = ncols++;
    zcol[e] = z;
    Cbc_addCol(m, "", 0.0, 1.0, 0.0, 1, 0, NULL, NULL);
    int cols[3] = {col[i], col[j], z};
    double c1[3] = {(double)s->step[i], -(double)s->step[j], m_ij};
    Cbc_addRow(m, "", 3, cols, c1, 'L', m_ij - (double)s->size[i]);
    double c2[3] = {-(double)s->step[i], (double)s->step[j], -m_ji};
    Cbc_addRow(m, "", 3, cols, c2, 'L', -(double)s->size[j]);
  }
  double left = deadline - mpx_now();
  if (!built || left <= 0) {
    memset(r, 0, sizeof *r);
    r->hit_time_limit = r->build_timeout = 1;
    Cbc_deleteModel(m);
    free(col);
    free(zcol);
    return 0;
  }
  Cbc_setObjSense(m, 1.0);
  /* CBC's own limit: what is left of the planner's. */
  Cbc_setMaximumSeconds(m, left);
  /* A work limit caps CBC's branch-and-bound nodes: unlike the clock it
   * gives the same answer on every machine. */
  /* The root solve is one unit of work (see r->nodes below), so CBC may
   * branch on work_limit - 1 nodes: the work reported stays within the
   * limit, and a limit of 1 is the root alone. */
  if (o && o->work_limit > 0)
    Cbc_setMaximumNodes(m, o->work_limit - 1 > INT_MAX ? INT_MAX
                                                       : (int)(o->work_limit - 1));
  /* CBC counts CPU time by default; the limit we promise is wall-clock,
   * which is what a user waits for on a loaded machine. */
  Cbc_setParameter(m, "timeMode", "elapsed");

  /* MIP start: the first-fit plan, when it fits under pmax. Not with fixed
   * buffers: there Clp 1.17.6 (Debian 12's, under CBC 2.10.8) can fail an
   * assertion in its dual simplex while completing the start, and abort
   * the process (test_milp's test_fixed_with_start_no_abort); CBC finds
   * its own first solution instead, and P <= pmax_u still holds. */
  bool any_fixed = false;
  for (size_t i = 0; i < n && !any_fixed; ++i)
    any_fixed = B[i].fixed && B[i].size > 0;
  if (start_u && start_peak <= pmax_u && !any_fixed) {
    start_idx = malloc((size_t)ncols * sizeof *start_idx);
    start_val = malloc((size_t)ncols * sizeof *start_val);
    if (start_idx && start_val) {
      int c = 0;
      for (size_t i = 0; i < n; ++i)
        if (col[i] >= 0) {
          start_idx[c] = col[i];
          start_val[c++] = (double)(start_u[i] / s->step[i]);
        }
      start_idx[c] = pcol;
      start_val[c++] = (double)start_peak;
      for (size_t e = 0; e < s->npairs; ++e)
        if (zcol[e] >= 0) {
          start_idx[c] = zcol[e];
          start_val[c++] = start_u[s->pa[e]] < start_u[s->pb[e]] ? 1.0 : 0.0;
        }
      Cbc_setMIPStartI(m, c, start_idx, start_val);
    }
  }

  /* CBC prints its log (logLevel 1, opts->verbose) on standard output, but
   * memplan promises progress on stderr: stdout may be the plan itself
   * (`memplan solve -o -`) or a JSON object (--json), which the log would
   * corrupt. CBC's C interface has no way to choose its stream, so stdout
   * is pointed at stderr while it runs. This is process-wide, hence only
   * with verbose (which the MLIR pass never sets), and only under
   * milp_cbc_lock (held by our caller), so two solves never interleave
   * their redirections. */
  int saved_stdout = -1;
  if (o && o->verbose) {
    fflush(stdout);
    saved_stdout = dup(STDOUT_FILENO);
    if (saved_stdout >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
      close(saved_stdout);
      saved_stdout = -1;
    }
  }
  Cbc_solve(m);
  if (saved_stdout >= 0) {
    fflush(stdout);
    dup2(saved_stdout, STDOUT_FILENO);
    close(saved_stdout);
  }

  memset(r, 0, sizeof *r);
  r->proven_optimal = Cbc_isProvenOptimal(m);
  r->proven_infeasible = Cbc_isProvenInfeasible(m);
  /* Work: one for the root solve plus CBC's branch-and-bound nodes, so that
   * work == 0 means CBC was not needed. */
  r->nodes = 1 + (uint64_t)(Cbc_getNodeCount(m) > 0 ? Cbc_getNodeCount(m) : 0);
  r->hit_time_limit = Cbc_isSecondsLimitReached(m);
  r->hit_node_limit = Cbc_isNodeLimitReached(m);
  r->best_bound = Cbc_getBestPossibleObjValue(m);
  const double *sol = Cbc_bestSolution(m);
  if (sol) {
    r->have_sol = 1;
    r->obj = Cbc_getObjValue(m);
    for (size_t i = 0; i < n; ++i) {
      double v = col[i] >= 0 ? sol[col[i]] * (double)s->step[i] : 0.0;
      cbc_off[i] = isfinite(v) ? v : HUGE_VAL;
    }
  }
  Cbc_deleteModel(m);
  free(start_idx);
  free(start_val);
  free(col);
  free(zcol);
  return 0;
}

int memplan_plan_milp(const memplan_problem *p, const memplan_options *o,
                      memplan_plan *plan) {
  milp_state s;
  memset(&s, 0, sizeof s);
  s.p = p;
  s.n = p->count;
  size_t n = s.n;
  const memplan_buffer *B = p->buffers;
  uint64_t *start_u = NULL, *sol_u = NULL;
  uint32_t *order = NULL;
  double *cbc_off = NULL;
  milp_key *keys = NULL;
  int rc = -1;

  if (n > UINT32_MAX) {
    snprintf(plan->message, sizeof plan->message, "milp: too many buffers");
    return -1;
  }
  snprintf(plan->planner, sizeof plan->planner, "milp");
  /* The limit covers the whole planner: building CBC's model too. */
  double deadline = mpx_now() + (o && o->time_limit > 0
                                     ? o->time_limit
                                     : MEMPLAN_MILP_DEFAULT_SECONDS);

  /* The unit: gcd of sizes and fixed offsets, then cut down to a power of
   * two as soon as some alignment neither divides it nor is divided by it
   * (see the header comment for why this loses no optimum). */
  uint64_t u = 0;
  for (size_t i = 0; i < n; ++i) {
    if (B[i].size)
      u = mp_gcd(u, B[i].size);
    if (B[i].fixed && B[i].offset)
      u = mp_gcd(u, B[i].offset);
  }
  if (u == 0)
    u = 1;
  /* Until every alignment divides u or is a multiple of it: with powers of
   * two one pass does it, but with others (20 and 24) lowering u for one
   * alignment can break an earlier one, so repeat; u only shrinks. */
  for (int again = 1; again;) {
    again = 0;
    for (size_t i = 0; i < n; ++i)
      if (!B[i].fixed && B[i].size && u % B[i].alignment != 0 &&
          B[i].alignment % u != 0) {
        u = mp_gcd(u, B[i].alignment);
        again = 1;
      }
  }
  s.unit = u;

  size_t cnt = n ? n : 1;
  s.size = malloc(cnt * sizeof *s.size);
  s.step = malloc(cnt * sizeof *s.step);
  s.fixed = malloc(cnt * sizeof *s.fixed);
  s.placed_off = malloc(cnt * sizeof *s.placed_off);
  s.placed = malloc(cnt);
  start_u = malloc(cnt * sizeof *start_u);
  sol_u = malloc(cnt * sizeof *sol_u);
  order = malloc(cnt * sizeof *order);
  cbc_off = malloc(cnt * sizeof *cbc_off);
  keys = malloc(cnt * sizeof *keys);
  if (!s.size || !s.step || !s.fixed || !s.placed_off || !s.placed ||
      !start_u || !sol_u || !order || !cbc_off || !keys) {
    snprintf(plan->message, sizeof plan->message, "milp: out of memory");
    goto done;
  }
  uint64_t fixed_top_u = 0;
  for (size_t i = 0; i < n; ++i) {
    s.size[i] = B[i].size / u;
    /* A fixed buffer's column is pinned, so its step is irrelevant: 1. */
    s.step[i] = !B[i].fixed && B[i].alignment > u ? B[i].alignment / u : 1;
    s.fixed[i] = B[i].fixed ? B[i].offset / u : 0;
    if (B[i].fixed && s.fixed[i] + s.size[i] > fixed_top_u)
      fixed_top_u = s.fixed[i] + s.size[i];
  }

  if (milp_find_pairs(&s, plan) != 0 || milp_check_fixed(&s, plan) != 0)
    goto done;
  s.gap = malloc((2 * (s.npairs + 1)) * sizeof *s.gap);
  if (!s.gap) {
    snprintf(plan->message, sizeof plan->message, "milp: out of memory");
    goto done;
  }

  /* First-fit by size descending (ties: earlier start, index): the upper
   * bound and the MIP start. */
  size_t m = 0;
  for (size_t i = 0; i < n; ++i)
    if (!B[i].fixed && B[i].size)
      keys[m++] = (milp_key){-(int64_t)(s.size[i] > INT64_MAX ? INT64_MAX
                                                              : s.size[i]),
                             0.0, B[i].start, (uint32_t)i};
  qsort(keys, m, sizeof *keys, milp_key_cmp);
  for (size_t x = 0; x < m; ++x)
    order[x] = keys[x].idx;
  uint64_t start_peak;
  if (milp_place(&s, order, m, start_u, &start_peak) != 0) {
    snprintf(plan->message, sizeof plan->message,
             "milp: offsets overflow 64 bits");
    goto done;
  }

  /* Lower bound in units: the optimum is a multiple of u (header comment),
   * so rounding the live-bytes bound up to units is still a bound. */
  uint64_t lb_bytes = memplan_lower_bound(p, NULL);
  uint64_t lb_u = lb_bytes / u + (lb_bytes % u != 0);
  if (fixed_top_u > lb_u)
    lb_u = fixed_top_u;
  if (lb_u > start_peak)
    lb_u = start_peak; /* cannot happen; keeps CBC's bounds consistent */

  uint64_t pmax_u = start_peak;
  uint64_t cap_u = p->capacity ? p->capacity / u : 0;
  if (p->capacity && cap_u < pmax_u)
    pmax_u = cap_u;

  milp_emit(&s, start_u, plan); /* the fallback answer, always valid */
  plan->peak = start_peak * u;
  plan->lower_bound = lb_u * u;

  if (p->capacity && lb_u > cap_u) {
    plan->status = MEMPLAN_INFEASIBLE;
    snprintf(plan->message, sizeof plan->message,
             "milp: the live-bytes lower bound %llu exceeds the capacity %llu",
             (unsigned long long)lb_bytes, (unsigned long long)p->capacity);
    rc = 0;
    goto done;
  }

  /* With every nonzero-size buffer fixed there is nothing to decide, and
   * when the first-fit start already meets the lower bound it is optimal:
   * CBC would only spend its preprocessing to confirm it. */
  milp_result r;
  memset(&r, 0, sizeof r);
  if (m > 0 && start_peak > lb_u) {
    if (pmax_u > MEMPLAN_MILP_MAX_UNITS) {
      snprintf(plan->message, sizeof plan->message,
               "milp: the arena (%llu units of %llu bytes) is too large for "
               "CBC's double-precision arithmetic",
               (unsigned long long)pmax_u, (unsigned long long)u);
      goto done;
    }
    pthread_mutex_lock(&milp_cbc_lock);
    int srv = milp_solve_cbc(&s, o, lb_u, pmax_u, start_u, start_peak,
                             cbc_off, &r, plan, deadline);
    pthread_mutex_unlock(&milp_cbc_lock);
    if (srv != 0)
      goto done;
  }
  plan->work = r.nodes;

  uint64_t best_peak = start_peak;
  if (r.have_sol) {
    /* CBC's offsets decide only the order; exact placement rebuilds them. */
    for (size_t x = 0; x < m; ++x) {
      uint32_t i = order[x];
      keys[x] = (milp_key){0, cbc_off[i], B[i].start, i};
    }
    qsort(keys, m, sizeof *keys, milp_key_cmp);
    for (size_t x = 0; x < m; ++x)
      order[x] = keys[x].idx;
    uint64_t peak;
    if (milp_place(&s, order, m, sol_u, &peak) == 0 && peak < best_peak) {
      best_peak = peak;
      milp_emit(&s, sol_u, plan);
    }
  }
  plan->peak = best_peak * u;

  /* The bound CBC proved, rounded up to whole units with a little slack for
   * its tolerances; never above the peak we actually hold. */
  uint64_t bound_u = lb_u;
  if (r.have_sol && r.proven_optimal && isfinite(r.obj) && r.obj >= 0 &&
      best_peak <= (uint64_t)llround(r.obj)) {
    bound_u = best_peak;
  } else if (isfinite(r.best_bound) && r.best_bound > 0) {
    double b = ceil(r.best_bound - 1e-6 - 1e-9 * r.best_bound);
    if (b > (double)bound_u && b < (double)MEMPLAN_MILP_MAX_UNITS)
      bound_u = (uint64_t)b;
  }
  if (bound_u > best_peak)
    bound_u = best_peak;
  plan->lower_bound = bound_u * u;

  if (best_peak <= pmax_u) {
    plan->status =
        bound_u == best_peak ? MEMPLAN_OPTIMAL : MEMPLAN_FEASIBLE;
    if (plan->status == MEMPLAN_FEASIBLE && r.hit_time_limit)
      snprintf(plan->message, sizeof plan->message, "%s (%.3g s) %s",
               r.build_timeout ? "milp: the time limit"
                               : "milp: CBC stopped at the time limit",
               o && o->time_limit > 0 ? o->time_limit
                                      : MEMPLAN_MILP_DEFAULT_SECONDS,
               r.build_timeout ? "passed while the model was built; the "
                                 "first-fit plan, optimality not claimed"
                               : "before proving optimality");
    else if (plan->status == MEMPLAN_FEASIBLE && r.hit_node_limit)
      snprintf(plan->message, sizeof plan->message,
               "milp: CBC stopped at the work limit (%llu nodes) before "
               "proving optimality",
               (unsigned long long)o->work_limit);
    else if (plan->status == MEMPLAN_FEASIBLE)
      snprintf(plan->message, sizeof plan->message,
               "milp: CBC's proof did not survive exact re-placement; "
               "optimality not claimed");
  } else if (r.proven_infeasible || (!r.have_sol && r.proven_optimal)) {
    plan->status = MEMPLAN_INFEASIBLE;
    snprintf(plan->message, sizeof plan->message,
             "milp: CBC proved that no plan fits the capacity %llu bytes",
             (unsigned long long)p->capacity);
  } else {
    plan->status = MEMPLAN_TIMEOUT;
    snprintf(plan->message, sizeof plan->message,
             "milp: CBC found no plan within the capacity %llu bytes before "
             "the %s limit",
             (unsigned long long)p->capacity,
             r.hit_node_limit ? "work" : "time");
  }
  rc = 0;

done:
  milp_state_free(&s);
  free(start_u);
  free(sol_u);
  free(order);
  free(cbc_off);
  free(keys);
  return rc;
}

#endif /* MEMPLAN_HAVE_CBC */
