/*===-- exact.c - Anytime branch and bound for the minimum peak -----------===*\
|*                                                                            *|
|* The `exact` planner: minimizes the peak and proves it, or returns the best *|
|* plan found and the best proven lower bound when its budget runs out. It    *|
|* drives the decision search of exact_search.c ("is there a plan with peak   *|
|* <= C?"; its rules and sources are listed there, skyline branching in       *|
|* exact_skyline.c and its restarts in exact_restart.c, slot branching in     *|
|* exact_slot.c, the table of refuted states in exact_table.c):               *|
|*                                                                            *|
|*  - Decision vs. optimization: each round probes the capacity if one is    *|
|*    set and not yet met, then C = L (the proven bound, upwards), C = U - g  *|
|*    (below the best plan U) and one C in the upper quarter of [L, U) (a     *|
|*    tight capacity guides the search), for each strategy - four tie        *|
|*    orders (MiniMalloc's three and ours), each with the canonical          *|
|*    children alone and with skyline branching, whose decision at C = L     *|
|*    runs as randomized restarts - under a node budget that doubles when a  *|
|*    neither end (restarts, as in MiniMalloc's round robin and TelaMalloc's  *|
|*    anytime search). g is the gcd of all sizes, alignments and fixed        *|
|*    offsets: every canonical peak is a multiple of g. A refutation at C     *|
|*    proves the optimum >= the least capacity under which the search could  *|
|*    have gone otherwise (the threshold step of iterative-deepening A*).     *|
|*  - Lower bound: the maximum live bytes (the max-weight clique of the       *|
|*    interval graph), refined for alignment; Buchsbaum et al., "OPT versus   *|
|*    LOAD in dynamic storage allocation" (STOC 2003) and Gergov             *|
|*    ("Algorithms for compile-time memory optimization", SODA 1999) show     *|
|*    that the optimum can exceed it, which is why refutations, not only the  *|
|*    bound, are needed for a proof.                                          *|
|*  - Anytime plans: after each round, auto's large-neighbourhood search     *|
|*    (auto_lns.c) lowers the best plan with half of the round's nodes:       *|
|*    it re-places a few buffers at a time with the rest held, where the      *|
|*    whole searches above stall (improve_by_lns).                            *|
|*  - Initial upper bound and large inputs: the offline ordered-placement     *|
|*    heuristics of exact_fit.c (TFLite greedy-by-size, XLA best-fit), and    *|
|*    for inputs too big to search a local search over the order (move the    *|
|*    buffers that touch the peak to the front and re-place - in the spirit   *|
|*    of TelaMalloc's and TVM's hill climbing).                               *|
|*                                                                            *|
|* Memory is O(n + conflicting pairs), plus the table of refuted states      *|
|* (96 KiB at first, at most 96 MiB).                                         *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_search.h"
#include "planners/auto_lns.h"
#include "planners/planners.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See exact_search.h. */
uint64_t mpx_granularity(const memplan_problem *p) {
  uint64_t gr = 0;
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size)
      gr = mp_gcd(gr, b->size);
    if (b->alignment > 1)
      gr = mp_gcd(gr, b->alignment);
    if (b->fixed)
      gr = mp_gcd(gr, b->offset);
  }
  return gr ? gr : 1;
}

/* Above these sizes the search is not attempted (its per-node cost is O(n))
 * and the planner improves heuristic plans instead. */
#define EXACT_MAX_SEARCH_N 2000
#define EXACT_MAX_SEARCH_PAIRS ((size_t)4 << 20)
/* The kernel heuristics need the graph too; beyond this many pairs even
 * they are skipped and greedy-size alone answers. */
#define EXACT_MAX_GRAPH_PAIRS ((size_t)64 << 20)
#define EXACT_DEFAULT_SECONDS 10.0
/* The large-neighbourhood search after each round gets this fraction of
 * the round's nodes (improve_by_lns). */
#define EXACT_LNS_DIV 2

/*---------------------------------------------------------------------------*
 * Heuristic upper bounds and the large-input fallback
 *---------------------------------------------------------------------------*/

/* Runs every order x {first fit, best fit}; keeps the lowest peak in
 * `best` (ties: the first) and returns it in *peak. With `have`, `best`
 * holds a plan already, of peak *peak, and the runs stop at the deadline
 * even before the first; otherwise the first run always completes.
 * Returns 0 when a run's plan is in `best` (its order in best_order), 1
 * when the plan given stands, or -1 when memory runs out or no order could
 * be made and no plan was given (a peak can be any uint64_t, 2^64 - 1
 * included, so failure is not told by the peak). */
static int heuristics(const memplan_problem *p, const mpx_graph *g,
                      uint64_t *best, uint32_t *best_order, size_t *best_count,
                      char *winner, size_t wlen, uint64_t *peak,
                      double deadline, bool have) {
  size_t n = p->count;
  uint32_t *order = malloc((n ? n : 1) * sizeof *order);
  uint64_t *off = malloc((n ? n : 1) * sizeof *off);
  mpx_scratch s;
  uint64_t bestp = have ? *peak : 0;
  bool had = have, won = false; /* a plan came in; a run here beat it */
  if (!order || !off || mpx_scratch_init(&s, g) != 0) {
    free(order);
    free(off);
    return -1;
  }
  /* Each run visits every conflicting pair: on big graphs the runs stop
   * at the deadline, even half-way, once there is a plan. */
  s.deadline = have ? deadline : 0;
  for (int k = 0; k < MPX_ORDER_KEYS && !(have && mpx_now() > deadline);
       ++k) {
    size_t cnt = mpx_order(p, g, (mpx_order_key)k, order);
    if (cnt == (size_t)-1)
      break;
    for (int bf = 0; bf < 2 && !(have && mpx_now() > deadline); ++bf) {
      uint64_t pk = mpx_place(p, g, order, cnt, bf, &s, off);
      if (s.stopped)
        break;
      if (!have || pk < bestp) {
        have = won = true;
        s.deadline = deadline;
        bestp = pk;
        memcpy(best, off, n * sizeof *off);
        if (best_order) {
          memcpy(best_order, order, cnt * sizeof *order);
          *best_count = cnt;
        }
        snprintf(winner, wlen, "%s-%s", bf ? "bestfit" : "firstfit",
                 mpx_order_names[k]);
      }
    }
  }
  mpx_scratch_free(&s);
  free(order);
  free(off);
  *peak = bestp;
  return !have ? -1 : had && !won ? 1 : 0;
}

/* Improves an order by moving the buffers that reach the peak to its front
 * and re-placing (first fit); keeps changes that do not raise the peak.
 * `iters` rounds at most, and not past the deadline. */
static uint64_t local_search(const memplan_problem *p, const mpx_graph *g,
                             uint32_t *order, size_t cnt, uint64_t *best,
                             uint64_t bestp, uint64_t iters, double deadline,
                             uint64_t *work) {
  size_t n = p->count;
  uint32_t *trial = malloc((cnt ? cnt : 1) * sizeof *trial);
  uint64_t *off = malloc((n ? n : 1) * sizeof *off);
  mpx_scratch s;
  if (!trial || !off || mpx_scratch_init(&s, g) != 0) {
    free(trial);
    free(off);
    return bestp;
  }
  /* There is a plan (best): every run may stop at the deadline. */
  s.deadline = deadline;
  /* Replay the order so that `best` matches it under first fit. */
  uint64_t cur = mpx_place(p, g, order, cnt, 0, &s, off);
  if (s.stopped)
    cnt = 0; /* no time for the rounds below */
  else if (cur < bestp) {
    bestp = cur;
    memcpy(best, off, n * sizeof *off);
  }
  for (uint64_t it = 0; it < iters && cnt > 1; ++it) {
    if (mpx_now() > deadline)
      break;
    ++*work;
    /* The k-th buffer (cycling) among those whose top equals the peak goes
     * first; the rest keep their relative order. */
    size_t w = 0, hit = 0, want = (size_t)(it % 7);
    uint32_t mover = UINT32_MAX;
    for (size_t k = 0; k < cnt; ++k) {
      uint32_t i = order[k];
      if (off[i] + p->buffers[i].size == cur) {
        mover = i;
        if (hit++ == want)
          break;
      }
    }
    if (mover == UINT32_MAX)
      break;
    trial[w++] = mover;
    for (size_t k = 0; k < cnt; ++k)
      if (order[k] != mover)
        trial[w++] = order[k];
    uint64_t pk = mpx_place(p, g, trial, cnt, 0, &s, off);
    if (s.stopped)
      break;
    if (pk <= cur) {
      memcpy(order, trial, cnt * sizeof *order);
      cur = pk;
      if (pk < bestp) {
        bestp = pk;
        memcpy(best, off, n * sizeof *off);
      }
    } else {
      mpx_place(p, g, order, cnt, 0, &s, off); /* restore off */
      if (s.stopped)
        break;
    }
  }
  mpx_scratch_free(&s);
  free(trial);
  free(off);
  return bestp;
}

/*---------------------------------------------------------------------------*
 * The planner
 *---------------------------------------------------------------------------*/

static int fail(memplan_plan *plan, const char *msg) {
  snprintf(plan->message, sizeof plan->message, "%s", msg);
  return -1;
}

/* Max live bytes, and the tops of fixed buffers: the root lower bound
 * (uses X->spanpad as scratch). */
static uint64_t root_bound(xsearch *X) {
  uint64_t L = 0;
  for (size_t s = 0; s < X->S; ++s)
    if (X->load[s] > L)
      L = X->load[s];
  if (X->A > 1) { /* each section's largest pad, as in dfs */
    mp_span_min *t = &X->spanpad;
    mp_span_min_begin(t, 0, (uint32_t)X->S, X->span_len);
    for (size_t i = 0; i < X->n; ++i) {
      uint64_t sz = X->p->buffers[i].size;
      uint64_t pad = mpx_align_up(sz, X->A) - sz;
      if (pad) /* so sz > 0, and i has sections */
        mp_span_min_put(t, X->slo[i], X->shi[i], ~pad);
    }
    const uint64_t *npad = mp_span_min_read(t);
    for (size_t s = 0; s < X->S; ++s)
      if (X->loadr[s] - ~npad[s] > L)
        L = X->loadr[s] - ~npad[s];
  }
  for (size_t i = 0; i < X->n; ++i) {
    const memplan_buffer *b = &X->p->buffers[i];
    if (b->fixed && b->offset + b->size > L)
      L = b->offset + b->size;
  }
  return L;
}

/* Too big for even the kernel heuristics: greedy-size within what is left
 * of the time limit (its cost grows with the number of buffers live at
 * once) or, when no clock may decide (a work limit alone), within
 * MPX_GREEDY_VISITS of its visits; else best-fit, which is O(n log n) and
 * always finishes. */
static int fallback(const memplan_problem *p, const memplan_options *o,
                    memplan_plan *plan, const char *why, double deadline,
                    bool no_clock) {
  memplan_options go;
  memset(&go, 0, sizeof go);
  if (o)
    go = *o;
  double left = deadline - mpx_now();
  go.time_limit = no_clock ? 0 : left > 1e-3 ? left : 1e-3;
  const char *used = "greedy-size";
  plan->status = MEMPLAN_FEASIBLE;
  int rc = mpx_greedy_size(p, &go, no_clock ? MPX_GREEDY_VISITS : 0, plan);
  if (rc == 0 && plan->status == MEMPLAN_TIMEOUT) {
    used = no_clock ? "best-fit (greedy-size reached its work limit)"
                    : "best-fit (greedy-size ran out of time)";
    const memplan_planner *bf = memplan_planner_find("best-fit");
    plan->status = MEMPLAN_FEASIBLE;
    rc = bf ? bf->run(p, o, plan) : -1;
  }
  snprintf(plan->planner, sizeof plan->planner, "exact");
  snprintf(plan->message, sizeof plan->message, "%s: no search, %s plan", why,
           used);
  /* exact's work is search nodes, and none was spent (the heuristic's own
   * count of visits is another unit and could pass the work limit). */
  plan->work = 0;
  plan->status = MEMPLAN_FEASIBLE;
  return rc;
}

/* The large-neighbourhood search of auto (auto_lns.c) lowers the best
 * plan (offsets, peak *U) after a round, with 1/EXACT_LNS_DIV of the nodes
 * the round spent, taken from X's work limit so that the total stays
 * within it. Its neighbourhoods are decided by the same skyline search, but
 * with most buffers held where the plan has them: where the rounds' whole
 * searches stall above the optimum, it lowers the plan by a few percent
 * (dev set, docs/results.md). Adds its work to *lns_work; true when it
 * lowered *U. */
static bool improve_by_lns(const memplan_problem *p, const mpx_graph *g,
                           xsearch *X, uint64_t round_nodes, uint64_t L,
                           uint64_t *U, uint64_t *offsets,
                           uint64_t *lns_work) {
  uint64_t share = round_nodes / EXACT_LNS_DIV;
  if (X->work_limit) {
    uint64_t left = X->work_limit > X->total_nodes
                        ? X->work_limit - X->total_nodes
                        : 0;
    if (share > left)
      share = left;
  }
  if (share == 0)
    return false;
  mpx_lns S = {.work_limit = share, .deadline = X->deadline, .lower = L,
               .offsets = offsets, .peak = *U};
  /* On -1 (out of memory) the plan is still valid and S.peak its peak. */
  (void)mpx_lns_run(p, g, &S);
  *lns_work += S.work;
  if (X->work_limit)
    X->work_limit -= S.work;
  assert(S.peak <= *U);
  bool lowered = S.peak < *U;
  *U = S.peak;
  return lowered;
}

int mpx_exact(const memplan_problem *p, const memplan_options *o,
              memplan_plan *plan, unsigned flags, const uint64_t *init) {
  size_t n = p->count;
  double t0 = mpx_now();
  uint64_t work_limit = o ? o->work_limit : 0;
  /* A work limit alone is the caller's request for a reproducible answer:
   * then no clock may cut the search short (the default applies only when
   * neither limit is given). */
  double limit = o && o->time_limit > 0 ? o->time_limit
                 : work_limit          ? 1e300
                                       : EXACT_DEFAULT_SECONDS;
  double deadline = t0 + limit;
  bool no_clock = limit >= 1e300;
  snprintf(plan->planner, sizeof plan->planner, "exact");
  plan->work = 0;
  if (n == 0) {
    plan->status = MEMPLAN_OPTIMAL;
    return 0;
  }

  mpx_graph g;
  int grc = mpx_graph_build(p, EXACT_MAX_GRAPH_PAIRS, &g, deadline);
  if (grc < 0)
    return fail(plan, "out of memory building the conflict graph");
  if (grc == 1)
    return fallback(p, o, plan, "too many conflicting pairs", deadline,
                    no_clock);
  if (grc == 2 || mpx_now() > deadline) {
    /* Building the graph took the whole limit (millions of pairs): the
     * kernel heuristics visit every pair again, best-fit does not. The
     * build itself stops at the deadline. */
    mpx_graph_free(&g);
    return fallback(p, o, plan, "time limit reached building the conflict "
                                "graph", deadline, no_clock);
  }

  char winner[48] = "";
  uint32_t *order = malloc(n * sizeof *order);
  size_t cnt = 0;
  if (!order) {
    mpx_graph_free(&g);
    return fail(plan, "out of memory");
  }
  uint64_t U = 0;
  int hrc = 0;
  int searchable = n <= EXACT_MAX_SEARCH_N && g.pairs <= EXACT_MAX_SEARCH_PAIRS;
  if (init && searchable) {
    /* The caller's plan is the start; its heuristics already ran. */
    memcpy(plan->offsets, init, n * sizeof *init);
    U = mpx_peak(p, init);
    snprintf(winner, sizeof winner, "the initial plan");
  } else {
    /* Too big to search: best-fit (O(n log n), no pair visited) first, so
     * that the runs below, each of which visits every conflicting pair
     * (seconds on tens of millions), may stop at the deadline before the
     * first one: with 5 * 10^7 pairs a 1 s limit took 4.2 s, and gave a
     * worse plan than 0.1 s, which had fallen back to best-fit. */
    bool have = !searchable && mpx_run_member(p, "best-fit", o, plan->offsets);
    if (have) {
      U = mpx_peak(p, plan->offsets);
      snprintf(winner, sizeof winner, "best-fit");
    }
    hrc = heuristics(p, &g, plan->offsets, order, &cnt, winner, sizeof winner,
                     &U, deadline, have);
    if (hrc == 1) { /* best-fit's plan stands: no order to improve */
      hrc = 0;
      cnt = 0;
    }
  }
  if (hrc != 0) {
    free(order);
    mpx_graph_free(&g);
    return fail(plan, "out of memory in the heuristics");
  }

  if (!searchable) {
    /* Too big to search: improve the best order instead, deterministically
     * (a fixed number of rounds), within the time limit. */
    uint64_t iters = work_limit ? work_limit : 200;
    uint64_t work = 0;
    if (cnt && mpx_now() <= deadline) /* its first replay visits every pair */
      U = local_search(p, &g, order, cnt, plan->offsets, U, iters, deadline,
                       &work);
    plan->work = work;
    plan->status = MEMPLAN_FEASIBLE;
    snprintf(plan->message, sizeof plan->message,
             "%zu buffers, %zu conflicting pairs: too large for the search; "
             "best heuristic (%s)%s",
             n, g.pairs, winner, work ? " improved by local search" : "");
    free(order);
    mpx_graph_free(&g);
    return 0;
  }
  free(order);

  xsearch X;
  if (mpx_xs_init(&X, p, &g, !(flags & MPX_EXACT_NO_REUSE)) != 0) {
    mpx_xs_free(&X);
    mpx_graph_free(&g);
    return fail(plan, "out of memory");
  }
  X.deadline = deadline;
  X.work_limit = work_limit;
  X.hatless = !(flags & MPX_EXACT_CANONICAL_ONLY);
  /* The strategies run: all, or the ones a test asks for. */
  int st_first = flags & MPX_EXACT_SLOT_ONLY      ? EXACT_SLOT * EXACT_RANKS
                 : flags & MPX_EXACT_SKYLINE_ONLY ? EXACT_SKYLINE * EXACT_RANKS
                                                  : 0;
  int st_end = flags & MPX_EXACT_CANONICAL_ONLY ? EXACT_RANKS
               : flags & MPX_EXACT_SLOT_ONLY    ? 2 * EXACT_RANKS
                                                : EXACT_STRATEGIES;

  uint64_t gr = mpx_granularity(p);
  /* load[] holds every size before the first decision. */
  mpx_xs_reset(&X);
  uint64_t L = root_bound(&X);
  L = mp_round_up_sat(L, gr);

  uint64_t cap = p->capacity;
  int proven = 0, infeasible = 0;
  /* Restarts: every tie order gets the same node budget, which doubles
   * after a round in which neither end moved (MiniMalloc's round robin).
   * A refutation under any order is a proof: each search is complete.
   * Deciding C = L comes first and gets the larger share: on most inputs
   * the optimum is L, and then the downward search from U is wasted.
   * Each round probes three capacities: L with the whole budget, U - g
   * with an eighth and a point between with a quarter (so about 70% of
   * the work goes to the proof at L; on MiniMalloc's D the probe between
   * is what finds the best plans, measured in docs/results.md). */
  uint64_t budget = 2 * (uint64_t)n;
  /* Each probe's answer moves U (found) or L (refuted), or is undecided
   * within its budget. A round runs every tie order to the end even when
   * U moves: restarting the cycle at order 0 would repeat order 0's
   * undecided C = L search with the same budget, and give the same
   * answer. For the same reason C = L under an order is not decided again
   * with a budget no larger than one already spent on it. */
#define EXACT_FOUND()                                                          \
  do {                                                                         \
    U = mpx_peak(p, X.off);                                                    \
    memcpy(plan->offsets, X.off, n * sizeof *X.off);                           \
    snprintf(winner, sizeof winner, "search");                                 \
    moved = 1;                                                                 \
    if (o && o->verbose)                                                       \
      fprintf(stderr, "exact: plan with peak %llu (order %d, %llu nodes, "     \
              "%.1f s)\n", (unsigned long long)U, h,                           \
              (unsigned long long)X.total_nodes, mpx_now() - t0);              \
  } while (0)
  /* Raise L to `to`, or to the refutation's threshold if that is higher. */
#define EXACT_RAISE_L(to)                                                      \
  do {                                                                         \
    L = (to);                                                                  \
    if (X.minreq != UINT64_MAX && X.minreq > L)                                \
      L = mp_round_up_sat(X.minreq, gr);                                       \
    moved = 1;                                                                 \
  } while (0)
  uint64_t lastL[EXACT_STRATEGIES] = {0}, lastB[EXACT_STRATEGIES] = {0};
  uint64_t runs[EXACT_STRATEGIES] = {0}; /* restart series (exact_restart.c) */
  uint64_t restart_unit = EXACT_RESTART_UNIT;
  uint64_t lns_work = 0; /* nodes of improve_by_lns, beside X's */
  while (L < U) {
    int moved = 0, stop = 0;
    uint64_t round_start = X.total_nodes;
    for (int h = st_first; h < st_end && L < U && !stop; ++h) {
      int r;
      /* Slot branching only when a test asks for it: skyline branching
       * with restarts took its place (docs/results.md). */
      if (h / EXACT_RANKS == EXACT_SLOT && !(flags & MPX_EXACT_SLOT_ONLY))
        continue;
      if (cap && U > cap && L < cap) {
        /* The caller's question first: does anything fit the capacity? */
        r = mpx_xs_decide(&X, cap, budget, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          /* The least possible peak above cap (cap need not be a
           * multiple of gr; every peak is). */
          EXACT_RAISE_L(mp_round_up_sat(mp_add_sat(cap, 1), gr));
          infeasible = 1;
          continue;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      bool sky = h / EXACT_RANKS == EXACT_SKYLINE;
      if (lastL[h] != L || lastB[h] < budget || sky) {
        lastL[h] = L;
        lastB[h] = budget;
        /* Skyline decisions restart with new child orders (a different
         * search each time, so they are worth repeating at the same L). */
        r = sky ? mpx_xs_restarts(&X, L, mp_mul_sat(budget, EXACT_SKY_SHARE),
                                  h, restart_unit, &runs[h])
                : mpx_xs_decide(&X, L, budget, h);
        if (o && o->verbose)
          fprintf(stderr,
                  "exact: decide C=%llu order=%d budget=%llu: %s (nodes %llu,"
                  " tt hits %llu stores %llu)\n",
                  (unsigned long long)L, h, (unsigned long long)budget,
                  r == 1 ? "found" : r == 0 ? "refuted" : "undecided",
                  (unsigned long long)X.nodes, (unsigned long long)X.tt_hits,
                  (unsigned long long)X.tt_stores);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          /* Refuted: the optimum is above L, and at least X.minreq. */
          EXACT_RAISE_L(mp_add_sat(L, gr));
          if (cap && L > cap)
            infeasible = 1; /* the optimum itself is above the capacity */
          continue;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      if (U - L > gr) {
        r = mpx_xs_decide(&X, U - gr, flags & MPX_EXACT_TOP_SHARE ? budget * 2 : budget / 8 + 1, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          L = U;
          break;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      /* A probe in the upper quarter of the gap: a looser C than L, a
       * tighter one than U - g. A tight capacity guides the search (the
       * section inference bites), so plans well below U are often found
       * there sooner than one step below U; a refutation there raises L
       * just as well. */
      uint64_t M = (L + (U - L) / 4 * 3) / gr * gr;
      if (M > L && U - M > gr) {
        r = mpx_xs_decide(&X, M, budget / 4 + 1, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          EXACT_RAISE_L(mp_add_sat(M, gr));
          continue;
        }
        if (X.stop == 2)
          stop = 1;
      }
    }
    if (stop)
      break;
    if (L < U && improve_by_lns(p, &g, &X, X.total_nodes - round_start, L,
                                &U, plan->offsets, &lns_work)) {
      snprintf(winner, sizeof winner, "large-neighbourhood search");
      moved = 1;
    }
    if (!moved && budget <= UINT64_MAX / 2)
      budget *= 2;
  }
#undef EXACT_FOUND
#undef EXACT_RAISE_L
  if (L >= U) {
    proven = 1;
    L = U;
  }
  plan->work = X.total_nodes + lns_work;
  plan->lower_bound = L;
  plan->status = proven ? MEMPLAN_OPTIMAL : MEMPLAN_FEASIBLE;
  if (cap && U > cap) {
    if (infeasible || proven)
      snprintf(plan->message, sizeof plan->message,
               "no plan fits the capacity %llu: the optimum is proven >= %llu "
               "(best plan returned)",
               (unsigned long long)cap, (unsigned long long)L);
    else
      snprintf(plan->message, sizeof plan->message,
               "no plan found within the capacity %llu before the limit; "
               "proven lower bound %llu",
               (unsigned long long)cap, (unsigned long long)L);
  } else if (!proven) {
    snprintf(plan->message, sizeof plan->message,
             "limit reached: best peak %llu (from %s), proven lower bound "
             "%llu",
             (unsigned long long)U, winner, (unsigned long long)L);
  } else {
    snprintf(plan->message, sizeof plan->message,
             "optimal, proven by search (%llu nodes; plan from %s)",
             (unsigned long long)X.total_nodes, winner);
  }
  mpx_xs_free(&X);
  mpx_graph_free(&g);
  return 0;
}

int memplan_plan_exact(const memplan_problem *p, const memplan_options *o,
                       memplan_plan *plan) {
  return mpx_exact(p, o, plan, 0, NULL);
}
