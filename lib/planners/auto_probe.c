/*===-- auto_probe.c - Bisection on the capacity for auto -----------------===*\
|*                                                                            *|
|* See auto_probe.h. exact minimizes by probing L, U - g and one point in the *|
|* upper quarter of [L, U) each round, which is right when the aim is a proof *|
|* but slow for an anytime answer: each success at U - g gains one granule.   *|
|* Deciding is easy at loose capacities and hard near the optimum, and the    *|
|* change is sharp (docs/results.md, issue 19), so a bisection over [lo, U)   *|
|* finds where the search stops answering in a few probes, and each probe     *|
|* found below U there gains up to half the gap.                              *|
|*                                                                            *|
|*   1. C = L with a small budget, under the first two strategies of 2's     *|
|*      cycle: on tight inputs the optimum is often L, and a plan there ends  *|
|*      the search at once. With restart_lower, C = L is then decided again   *|
|*      as skyline restarts (exact_restart.c) with EXACT_SKY_SHARE times the  *|
|*      budget, and again at each doubling: a perfect packing is found fast   *|
|*      or not at all, and the bisection never comes back to L.               *|
|*   2. Bisection: C = the middle of [lo, U), under two strategies (the next  *|
|*      ones of a fixed cycle) until one answers; a skyline strategy decides  *|
|*      as restarts with the probe's budget (under a loose capacity a plan    *|
|*      is met by one of many short dives sooner than by one long one: dev    *|
|*      set, docs/results.md). Found: U drops to the plan's peak. Refuted:    *|
|*      L (and lo) rise, a proof. Undecided: lo = C + g (not a proof, only    *|
|*      where this budget stops answering). When lo reaches U, lo goes back   *|
|*      to L and the budget doubles (restarts, as in exact).                  *|
|*                                                                            *|
|* The orders and rules are exact's (exact_search.c); only the capacities     *|
|* asked and the budgets differ, so every plan is a canonical one and every   *|
|* refutation a proof, as there.                                              *|
\*===----------------------------------------------------------------------===*/
#include "planners/auto_probe.h"
#include "core/arith.h"
#include "planners/exact_search.h"

#include <assert.h>
#include <string.h>

/* The first budget per decision (a dive places every buffer, one node
 * each, so it is at least n), and the strategies in the order they are
 * taken: skyline branching, then slot branching, then the canonical order
 * alone, each under the tie orders (dev set, seeds 1-30, default
 * budget: mean peak/optimum 1.051 in this order, 1.065 with slot and
 * canonical only, 1.059 with skyline and canonical). Each capacity is
 * decided under PROBE_TRIES strategies, the next ones in that cycle:
 * trying all at every capacity left too few probes for small budgets
 * (with six: 1.105 at auto's old budget against 1.083 with two). */
#define PROBE_FIRST_BUDGET(n) (2 * (uint64_t)(n) + 256)
#define PROBE_TRIES 2
/* The probes use exact's first three tie orders: with the fourth as well
 * the dev set came out the same, within the noise of the restart seeds
 * (docs/results.md). */
#define PROBE_RANKS 3
_Static_assert(PROBE_RANKS <= EXACT_RANKS, "the probes' tie orders are exact's");
/* The branching rules in the order the cycle takes them. */
static const exact_branch probe_rules[] = {EXACT_SKYLINE, EXACT_SLOT,
                                           EXACT_CANONICAL};
#define PROBE_STRATEGIES                                                      \
  ((int)(sizeof probe_rules / sizeof *probe_rules) * PROBE_RANKS)
/* The k-th strategy of the cycle: each rule under tie orders 0 ..
 * PROBE_RANKS - 1. */
static int probe_strategy(int k) {
  return mpx_xs_strategy(probe_rules[k / PROBE_RANKS], k % PROBE_RANKS);
}


typedef struct probe_state {
  xsearch X;
  const memplan_problem *p;
  mpx_probe *P;
  uint64_t gr, L, U;
  unsigned next; /* the strategy to try first at the next capacity */
  unsigned lower_turn; /* decide_lower's calls so far */
  uint64_t runs[EXACT_RANKS]; /* its restart series, per tie order */
  uint64_t bruns[EXACT_RANKS]; /* the bisection's skyline series */
} probe_state;

/* The search's plan (X->off) becomes the best when it is lower. */
static void keep_plan(probe_state *Q) {
  uint64_t pk = mpx_peak(Q->p, Q->X.off);
  if (pk < Q->U) {
    Q->U = pk;
    memcpy(Q->P->offsets, Q->X.off, Q->p->count * sizeof *Q->X.off);
    Q->P->improved = true;
  }
}

/* A complete search refuted C: the optimum is above it, and at least the
 * least requirement pruned (exact.c's threshold bound). */
static void raise_lower(probe_state *Q, uint64_t C) {
  uint64_t to = mp_round_up_sat(mp_add_sat(C, 1), Q->gr);
  if (Q->X.minreq != UINT64_MAX && Q->X.minreq > to)
    to = mp_round_up_sat(Q->X.minreq, Q->gr);
  if (to > Q->L)
    Q->L = to;
}

/* Decides C under `tries` strategies (from Q->next in the cycle) until one
 * answers, skyline ones as restarts (each tie order keeps its series):
 * 1 found (P's plan and U updated), 0 refuted (L raised), -1 undecided,
 * -2 the global limit (work or deadline). */
static int decide_all(probe_state *Q, uint64_t C, uint64_t budget, int tries) {
  for (int t = 0; t < tries; ++t) {
    int k = (int)((Q->next + t) % PROBE_STRATEGIES);
    int st = probe_strategy(k);
    int r = st / EXACT_RANKS == EXACT_SKYLINE
                ? mpx_xs_restarts(&Q->X, C, budget, st, EXACT_RESTART_UNIT,
                                  &Q->bruns[st % EXACT_RANKS])
                : mpx_xs_decide(&Q->X, C, budget, st);
    if (r == 1) {
      assert(mpx_peak(Q->p, Q->X.off) <= C);
      keep_plan(Q);
      return 1;
    }
    if (r == 0) {
      raise_lower(Q, C);
      return 0;
    }
    if (Q->X.stop == 2)
      return -2;
  }
  return -1;
}

/* With restart_lower, decides C = L as a series of skyline restarts of
 * about EXACT_SKY_SHARE * budget nodes, under the next tie order (each
 * keeps its own series); returns as decide_all (-1 as well when it does
 * not apply). */
static int decide_lower(probe_state *Q, uint64_t budget) {
  if (!Q->P->restart_lower || Q->L >= Q->U)
    return -1;
  unsigned h = Q->lower_turn++ % PROBE_RANKS;
  int st = mpx_xs_strategy(EXACT_SKYLINE, (int)h);
  int r = mpx_xs_restarts(&Q->X, Q->L, mp_mul_sat(budget, EXACT_SKY_SHARE),
                          st, EXACT_RESTART_UNIT, &Q->runs[h]);
  if (r == 1)
    keep_plan(Q);
  else if (r == 0)
    raise_lower(Q, Q->L);
  else if (Q->X.stop == 2)
    return -2;
  return r;
}

/* The schedule of the header comment. Ends at the global limit, or when
 * L meets U (the plan is then proven optimal). */
static void bisect(probe_state *Q) {
  uint64_t budget = PROBE_FIRST_BUDGET(Q->p->count);
  if (decide_all(Q, Q->L, budget, PROBE_TRIES) == -2)
    return;
  Q->next += PROBE_TRIES;
  if (decide_lower(Q, budget) == -2)
    return;
  uint64_t lo = Q->L;
  while (Q->L < Q->U) {
    if (lo < Q->L)
      lo = Q->L;
    if (lo >= Q->U) {
      if (budget > UINT64_MAX / 2)
        return;
      budget *= 2;
      lo = Q->L;
      if (decide_lower(Q, budget) == -2)
        return;
      continue; /* L or U may have moved */
    }
    uint64_t C = (lo + (Q->U - lo) / 2) / Q->gr * Q->gr;
    if (C < lo)
      C = lo;
    if (C >= Q->U)
      C = Q->U - Q->gr;
    /* The caller's question first, as in exact: does a plan fit the
     * capacity? Asked under each strategy in turn, the budget doubling
     * after each cycle, until it is answered or the work runs out. */
    uint64_t cap = Q->P->capacity;
    if (cap && Q->U > cap && Q->L <= cap) {
      C = cap;
      lo = Q->L;
    }
    int r = decide_all(Q, C, budget, PROBE_TRIES);
    if (r == -2)
      return;
    Q->next += PROBE_TRIES;
    if (r == -1)
      lo = C == cap ? Q->U : mp_add_sat(C, Q->gr);
  }
}

int mpx_probe_run(const memplan_problem *p, const mpx_graph *g, mpx_probe *P) {
  probe_state Q;
  memset(&Q, 0, sizeof Q);
  Q.p = p;
  Q.P = P;
  Q.gr = mpx_granularity(p);
  Q.U = P->peak;
  Q.L = mp_round_up_sat(P->lower, Q.gr);
  P->work = 0;
  P->improved = false;
  if (Q.L >= Q.U)
    return 0;
  if (mpx_xs_init(&Q.X, p, g, true) != 0) {
    mpx_xs_free(&Q.X);
    return -1;
  }
  Q.X.deadline = P->deadline;
  Q.X.work_limit = P->work_limit;
  Q.X.hatless = true;
  bisect(&Q);
  P->work = Q.X.total_nodes;
  if (Q.L > P->lower)
    P->lower = Q.L < Q.U ? Q.L : Q.U;
  P->peak = Q.U;
  mpx_xs_free(&Q.X);
  return 0;
}
