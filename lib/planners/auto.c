/*===-- auto.c - The portfolio planner (the default) ----------------------===*\
|*                                                                            *|
|* `auto` runs cheap members first and the expensive one only if needed:      *|
|*                                                                            *|
|*   1. the max-live lower bound L (memplan_lower_bound);                     *|
|*   2. the registry's greedy-size (without a time limit, at most             *|
|*      MPX_GREEDY_VISITS neighbour visits) and best-fit planners, then the   *|
|*      ordered placement kernel (exact_fit.c) under five orders - size,      *|
|*      area = size x duration, duration, start, conflicting bytes - each     *|
|*      with first-fit and best-fit gap choice (on big inputs only as         *|
|*      many runs as AUTO_KERNEL_VISITS edge visits allow); the lowest peak   *|
|*      wins (ties: the earlier member, so the result is deterministic);      *|
|*   3. if the winner's peak is L, it is optimal and auto stops;              *|
|*   4. otherwise, for inputs small enough to search (<= 2000 buffers),       *|
|*      the search improves the winner under a budget of search nodes:        *|
|*      auto_probe.c (a bisection on the capacity with exact's decision       *|
|*      search), then auto_lns.c (a large-neighbourhood search: a few buffers *|
|*      at a time re-placed under a lower capacity) with the work the probes  *|
|*      left (at least 1/AUTO_LNS_DIV); or `exact` when the conflict graph    *|
|*      is too big for the probes. The probes' budget is AUTO_BASE_NODES +    *|
|*      AUTO_NODES_PER_BUFFER x n nodes, plus, when the members' best peak is *|
|*      AUTO_HARD_GAP_PERMILLE or more above L (the members failed: a tight   *|
|*      input), min(n^4 / AUTO_HARD_QUART_DIV, AUTO_HARD_WORK / n) more (at   *|
|*      most about 3 CPU s here; a node costs O(n), hence the cap on nodes x  *|
|*      n); the default budget adds the large-neighbourhood search's share to *|
|*      it, and is AUTO_CAPACITY_FACTOR times that when a capacity is set and *|
|*      no member meets it. opts->work_limit replaces the budget (alone it    *|
|*      also lifts the wall-clock safety net, AUTO_DEFAULT_SECONDS, so that   *|
|*      the answer is reproducible), opts->time_limit only the net: the node  *|
|*      budget stays, which keeps auto's answer machine-independent.          *|
|*                                                                            *|
|* This is the shape of XLA's and TVM's planners (try several heuristics,     *|
|* keep the best) with an exact stage on top. auto is never worse than any    *|
|* member it ran to the end, because it keeps the minimum (on inputs with     *|
|* millions of conflicting pairs, greedy-size stops after a visit budget and  *|
|* may lose to best-fit: docs/results.md); each member's plan is validated    *|
|* before it may win, so a faulty member cannot spoil the result.             *|
|* plan->planner names the winner ("auto:greedy-size", "auto:exact", ...).    *|
|* Large inputs: the members are O(n log n + conflicting pairs); when the     *|
|* conflict graph would exceed AUTO_MAX_PAIRS pairs, only the registry's      *|
|* members run.                                                               *|
\*===----------------------------------------------------------------------===*/
#include "planners/auto_lns.h"
#include "planners/auto_probe.h"
#include "planners/exact_fit.h"
#include "planners/planners.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AUTO_BASE_NODES 2000
#define AUTO_NODES_PER_BUFFER 32
#define AUTO_CAPACITY_FACTOR 16
/* A safety net only: the node budget decides (about 3 CPU s at most). */
#define AUTO_DEFAULT_SECONDS 10.0
/* Tight inputs (the members' best 3 % or more above the bound) get more
 * nodes, superlinear in n so that small inputs stay fast (the random study
 * at n = 100: greedy-size 1.7 % above the bound on average, a few 3 % and
 * more: with 3 n^2 its mean rose from 6.0 to 9.9 ms, with 2 n^3/100 it
 * took 9.4 ms against 8.3 alongside), at most AUTO_HARD_WORK / n.
 * n^4/10^4 is n^3/100 at n = 100 and twice it at n = 200: on the generated
 * packings (150-500 buffers, the members 18 % above) the optimum is
 * reached within 2 % on 41 of the 100 dev seeds against 35 with n^3/100
 * and 1.2e8/n (docs/results.md). */
#define AUTO_HARD_GAP_PERMILLE 30
#define AUTO_HARD_QUART_DIV 10000
#define AUTO_HARD_WORK ((uint64_t)240000000)
#define AUTO_MAX_SEARCH_N 2000
#define AUTO_MAX_PAIRS ((size_t)32 << 20)
#define AUTO_KERNEL_VISITS ((uint64_t)16 << 20)
/* exact's limit on pairs for its search (exact.c, EXACT_MAX_SEARCH_PAIRS). */
#define AUTO_PROBE_MAX_PAIRS ((size_t)4 << 20)
/* The probes may spend all but 1/AUTO_LNS_DIV of the work; the
 * large-neighbourhood search (auto_lns.c) gets what they left (more when
 * they stop early); the default budget
 * adds that share to what the probes had alone. On the dev set at 1.25
 * times the probes' budget: mean peak/optimum 1.0353 and 48 of 100 within
 * 2 % with it, against 1.0409 and 42 with the probes alone
 * (docs/results.md). */
#define AUTO_LNS_DIV 5

typedef struct auto_best {
  const memplan_problem *p;
  uint64_t *offsets; /* the plan's offsets (the caller's array) */
  bool have;       /* a member's plan is held (any peak, even 2^64 - 1) */
  uint64_t peak;
  /* Sized so that "auto:" + winner always fits plan->planner: GCC at -O0
   * (Debug builds) warns about a possible truncation otherwise, and the
   * warning is an error. */
  char winner[sizeof ((memplan_plan *)0)->planner - sizeof "auto:" + 1];
} auto_best;

static int greedy_size_bounded(const memplan_problem *p,
                               const memplan_options *o, memplan_plan *plan) {
  return mpx_greedy_size(p, o, MPX_GREEDY_VISITS, plan);
}

/* Offers a member's plan: kept if valid and strictly lower. */
static void offer(auto_best *B, const uint64_t *off, const char *name) {
  memplan_problem uncapped = *B->p;
  uncapped.capacity = 0;
  uint64_t peak = 0;
  if (memplan_validate(&uncapped, off, &peak, NULL, 0) != 0)
    return;
  if (!B->have || peak < B->peak) {
    B->have = true;
    B->peak = peak;
    memcpy(B->offsets, off, B->p->count * sizeof *off);
    snprintf(B->winner, sizeof B->winner, "%s", name);
  }
}

/* Whether the members' best is AUTO_HARD_GAP_PERMILLE or more above the
 * bound L: a tight input, whose optimum is often L itself. */
static bool far_above(uint64_t L, uint64_t best) {
  return best > L &&
         (double)(best - L) >= (double)L * AUTO_HARD_GAP_PERMILLE / 1000.0;
}

/* The extra nodes of a tight input (see AUTO_HARD_GAP_PERMILLE): 0 when
 * the members' best peak `best` is within it of the bound L. */
static uint64_t hard_nodes(size_t n, uint64_t L, uint64_t best) {
  if (!far_above(L, best))
    return 0;
  uint64_t cap = AUTO_HARD_WORK / (n ? n : 1);
  if (n >= 50000) /* n^4 would overflow; the cap is far smaller */
    return cap;
  uint64_t quart = (uint64_t)n * n * n * n / AUTO_HARD_QUART_DIV;
  return quart < cap ? quart : cap;
}

/* Why auto stopped after its search (for plan->message), from the best
 * peak before the search and the best peak and bound after it. */
static const char *search_outcome(uint64_t before, uint64_t peak,
                                  uint64_t lower) {
  return peak < before    ? "improved by the search"
         : peak <= lower ? "proven optimal by the search"
                         : "search budget spent";
}

/* Runs the probes (auto_probe.c) from the best plan with eo's limits;
 * offers their plan and raises plan->lower_bound by their refutations.
 * Returns why auto stopped (for plan->message). */
static const char *improve_by_probes(const memplan_problem *p,
                                     const mpx_graph *g,
                                     const memplan_options *eo, auto_best *B,
                                     uint64_t *scratch, memplan_plan *plan,
                                     uint64_t *work) {
  memcpy(scratch, B->offsets, p->count * sizeof *scratch);
  mpx_probe P = {
      .work_limit = eo->work_limit - eo->work_limit / AUTO_LNS_DIV,
      .deadline =
          eo->time_limit >= 1e300 ? 1e300 : mpx_now() + eo->time_limit,
      .capacity = p->capacity,
      .restart_lower = far_above(plan->lower_bound, B->peak),
      .offsets = scratch,
      .peak = B->peak,
      .lower = plan->lower_bound};
  if (mpx_probe_run(p, g, &P) != 0)
    return "search skipped: out of memory";
  *work = P.work;
  uint64_t before = B->peak;
  if (P.improved)
    offer(B, scratch, "probe");
  if (P.lower > plan->lower_bound)
    plan->lower_bound = P.lower;
  if (B->peak > plan->lower_bound && P.work < eo->work_limit) {
    memcpy(scratch, B->offsets, p->count * sizeof *scratch);
    mpx_lns S = {.work_limit = eo->work_limit - P.work,
                 .deadline = P.deadline,
                 .lower = plan->lower_bound,
                 .offsets = scratch,
                 .peak = B->peak};
    /* On -1 the plan in scratch is still valid, and maybe lower. */
    int rc = mpx_lns_run(p, g, &S);
    *work += S.work;
    if (S.improved)
      offer(B, scratch, "lns");
    if (rc != 0)
      return "search stopped: out of memory";
  }
  return search_outcome(before, B->peak, plan->lower_bound);
}

int memplan_plan_auto(const memplan_problem *p, const memplan_options *o,
                      memplan_plan *plan) {
  size_t n = p->count;
  memplan_options opts;
  memset(&opts, 0, sizeof opts);
  if (o)
    opts = *o;
  snprintf(plan->planner, sizeof plan->planner, "auto");
  if (n == 0) {
    plan->status = MEMPLAN_OPTIMAL;
    return 0;
  }
  uint64_t L = memplan_lower_bound(p, NULL);
  uint64_t *scratch = malloc(n * sizeof *scratch);
  uint32_t *order = malloc(n * sizeof *order);
  if (!scratch || !order) {
    free(scratch);
    free(order);
    snprintf(plan->message, sizeof plan->message, "out of memory");
    return -1;
  }
  auto_best B = {p, plan->offsets, false, 0, ""};

  /* A time limit bounds auto as a whole. best-fit, O(n log n), runs first
   * so that there is a plan whatever happens; greedy-size (whose cost grows
   * with the number of buffers live at once) gets what is left of the limit
   * and stops with no plan when it runs out; the kernel runs and the
   * search get the rest. (best-fit used to run after greedy-size, past a
   * deadline that greedy-size had used up: auto took 0.53 s under a 0.1 s
   * limit on 10^5 buffers.) greedy-size is still offered first, so that on
   * equal peaks it wins as before. */
  double t_end = opts.time_limit > 0 ? mpx_now() + opts.time_limit : 0;
  uint64_t *bf = malloc(n * sizeof *bf);
  if (!bf) {
    free(scratch);
    free(order);
    snprintf(plan->message, sizeof plan->message, "out of memory");
    return -1;
  }
  bool have_bf = mpx_run_member(p, "best-fit", &opts, bf);
  memplan_options gopts = opts;
  bool have_gs;
  if (t_end > 0) {
    double left = t_end - mpx_now();
    gopts.time_limit = left > 1e-6 ? left : 1e-6;
    have_gs = mpx_run_member(p, "greedy-size", &gopts, scratch);
  } else {
    /* No time limit (the default of the CLI and the pass, or a work limit
     * alone, which asks for a reproducible answer): greedy-size still gets
     * a bound, as its cost grows with the buffers live at once - 10^5
     * buffers all live together took it 91 s, and auto with it. The bound
     * counts its work, so no clock decides the answer; past it,
     * best-fit's plan stands. */
    have_gs = mpx_run_into(p, greedy_size_bounded, &gopts, scratch);
  }
  if (have_gs)
    offer(&B, scratch, "greedy-size");
  if (have_bf)
    offer(&B, bf, "best-fit");
  free(bf);

  mpx_graph g;
  int grc = B.have && B.peak == L ? 1
            : t_end > 0 && mpx_now() > t_end
                ? 1 /* no time left for the kernel */
                : mpx_graph_build(p, AUTO_MAX_PAIRS, &g, t_end);
  int have_graph = grc == 0;
  mpx_scratch s;
  if (have_graph && mpx_scratch_init(&s, &g) == 0) {
    /* Most useful first (first fit by size is greedy-size again, so it
     * comes last); on big graphs the runs stop once they have visited
     * AUTO_KERNEL_VISITS edges, which keeps auto within a few times
     * greedy-size's time and deterministic. */
    static const struct { mpx_order_key key; int bf; } runs[] = {
        {MPX_BY_AREA, 0},     {MPX_BY_AREA, 1},     {MPX_BY_CONFLICT, 0},
        {MPX_BY_SIZE, 1},     {MPX_BY_DURATION, 0}, {MPX_BY_CONFLICT, 1},
        {MPX_BY_DURATION, 1}, {MPX_BY_START, 0},    {MPX_BY_START, 1},
        {MPX_BY_SIZE, 0}};
    uint64_t visits = 0;
    for (size_t r = 0; r < sizeof runs / sizeof runs[0] && !(B.have && B.peak <= L); ++r) {
      if (r > 0 && (visits + 2 * g.pairs + n > AUTO_KERNEL_VISITS ||
                    (t_end > 0 && mpx_now() > t_end)))
        break;
      visits += 2 * g.pairs + n;
      int k = runs[r].key, bf = runs[r].bf;
      size_t cnt = mpx_order(p, &g, (mpx_order_key)k, order);
      if (cnt == (size_t)-1)
        break;
      {
        mpx_place(p, &g, order, cnt, bf, &s, scratch);
        char name[32];
        snprintf(name, sizeof name, "%s-%s", bf ? "bestfit" : "firstfit",
                 mpx_order_names[k]);
        offer(&B, scratch, name);
      }
    }
    mpx_scratch_free(&s);
  }
  free(order);

  if (!B.have) {
    free(scratch);
    snprintf(plan->message, sizeof plan->message,
             "no member produced a valid plan");
    return -1;
  }
  plan->lower_bound = L;
  plan->status = B.peak == L ? MEMPLAN_OPTIMAL : MEMPLAN_FEASIBLE;
  uint64_t work = 0;
  const char *why = B.peak == L ? "meets the lower bound" : "";

  if (B.peak > L && n <= AUTO_MAX_SEARCH_N) {
    memplan_options eo = opts;
    /* The caller's work limit alone means "reproducible": no clock then.
     * The default node budget keeps a wall-clock cap as a safety net. */
    if (eo.work_limit != 0 && eo.time_limit <= 0)
      eo.time_limit = 1e300;
    if (eo.work_limit == 0) {
      uint64_t probes = AUTO_BASE_NODES + AUTO_NODES_PER_BUFFER * (uint64_t)n +
                        hard_nodes(n, L, B.peak);
      eo.work_limit = probes + probes / (AUTO_LNS_DIV - 1);
      /* A capacity the members miss asks "does it fit?", and a wrong "no"
       * fails the caller's build: search longer (still a node count, so
       * the answer stays deterministic). */
      if (p->capacity && B.peak > p->capacity)
        eo.work_limit *= AUTO_CAPACITY_FACTOR;
    }
    if (t_end > 0) {
      double left = t_end - mpx_now();
      eo.time_limit = left > 1e-3 ? left : 1e-3;
    } else if (eo.time_limit <= 0) {
      eo.time_limit = AUTO_DEFAULT_SECONDS;
    }
    memplan_plan ex;
    memplan_plan_init(&ex);
    ex.offsets = scratch;
    ex.count = n;
    if (have_graph && g.pairs <= AUTO_PROBE_MAX_PAIRS) {
      why = improve_by_probes(p, &g, &eo, &B, scratch, plan, &work);
    } else if (mpx_exact(p, &eo, &ex, MPX_EXACT_TOP_SHARE, B.offsets) == 0) {
      work = ex.work;
      uint64_t before = B.peak;
      offer(&B, scratch, "exact");
      if (ex.lower_bound > plan->lower_bound)
        plan->lower_bound = ex.lower_bound;
      if (ex.status == MEMPLAN_OPTIMAL && B.peak <= mpx_peak(p, scratch))
        plan->lower_bound = B.peak;
      why = search_outcome(before, B.peak, plan->lower_bound);
    }
  } else if (B.peak > L) {
    why = "too large for the search";
  }
  free(scratch);
  if (have_graph)
    mpx_graph_free(&g);
  if (B.peak <= plan->lower_bound) {
    plan->status = MEMPLAN_OPTIMAL;
    plan->lower_bound = B.peak;
  }
  plan->work = work;
  snprintf(plan->planner, sizeof plan->planner, "auto:%s", B.winner);
  /* `why`, how the search ended, follows the peak it produced. */
  snprintf(plan->message, sizeof plan->message,
           "winner %s, peak %llu%s%s%s, lower bound %llu", B.winner,
           (unsigned long long)B.peak, why[0] ? " (" : "", why,
           why[0] ? ")" : "", (unsigned long long)plan->lower_bound);
  return 0;
}
