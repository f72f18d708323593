/*===-- exact_restart.c - Randomized restarts of the decision search ------===*\
|*                                                                            *|
|* A perfect packing is found fast or not at all: on the generated           *|
|* instances (docs/results.md) one skyline search either meets its plan in    *|
|* a few hundred nodes or spends millions below an early wrong choice - the  *|
|* heavy tail of backtracking search (Gomes, Selman and Kautz, "Boosting     *|
|* combinatorial search through randomization", AAAI 1998). So the decision   *|
|* at one capacity is run as a series of searches, each with its own child   *|
|* order (a seed from the run's number and the strategy; the first run keeps
|* the deterministic one), under node     *|
|* budgets that follow Luby, Sinclair and Zuckerman's universal sequence      *|
|* (1, 1, 2, 1, 1, 2, 4, ...) times a unit. The table of refuted states is    *|
|* kept across the runs (a refutation does not depend on the child order),   *|
|* and a run that ends within its budget decides: each run is complete.      *|
|* Seeds are a count, so the series is deterministic.                         *|
\*===----------------------------------------------------------------------===*/
#include "planners/exact_search.h"

#include <assert.h>

/* The k-th term (k >= 1) of Luby's sequence. */
uint64_t mpx_luby(uint64_t k) {
  assert(k >= 1);
  for (;;) {
    /* The least j with 2^j - 1 >= k. */
    unsigned j = 1;
    while (j < 63 && (((uint64_t)1 << j) - 1) < k)
      ++j;
    if ((((uint64_t)1 << j) - 1) == k)
      return (uint64_t)1 << (j - 1);
    k -= ((uint64_t)1 << (j - 1)) - 1;
  }
}

/* The strategy is part of each run's seed: series under different tie
 * orders would otherwise repeat each other's child orders. The id is one
 * to one, and stays the same for a strategy when tie orders are appended:
 * the first SERIES_FIRST_RANKS orders are numbered rule * SERIES_FIRST_RANKS
 * + order (the numbering of strategies when there were three orders),
 * later ones after all of those. */
#define SERIES_FIRST_RANKS 3
static uint64_t series_id(int st) {
  int rule = st / EXACT_RANKS, h = st % EXACT_RANKS;
  if (h < SERIES_FIRST_RANKS)
    return (uint64_t)(rule * SERIES_FIRST_RANKS + h);
  return (uint64_t)(EXACT_BRANCHES * SERIES_FIRST_RANKS +
                    rule * (EXACT_RANKS - SERIES_FIRST_RANKS) + h -
                    SERIES_FIRST_RANKS);
}

int mpx_xs_restarts(xsearch *X, uint64_t C, uint64_t budget, int st,
                    uint64_t unit, uint64_t *run) {
  assert(unit >= 1);
  uint64_t spent = 0;
  int r = -1;
  while (spent < budget) {
    ++*run;
    X->shuffle = *run == 1 ? 0 : mpx_xs_mix64((series_id(st) << 40) + *run);
    uint64_t term = mpx_luby(*run);
    uint64_t b = term > (budget - spent) / unit ? budget - spent : term * unit;
    r = mpx_xs_decide(X, C, b, st);
    spent += X->nodes;
    if (r >= 0 || X->stop == 2)
      break;
  }
  X->shuffle = 0;
  return r;
}
