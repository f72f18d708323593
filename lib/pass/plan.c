/*===-- plan.c - Stage 4: offsets for each memory space, from the core ----===*/
#include "plan.h"

#include "peak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Why a plan does not fit `cap`, in the CLI's words (tools/memplan/solve.c).
 * Only a lower bound above the capacity proves that no plan fits; when the
 * bound fits, the planner merely found nothing that does, and a longer
 * search or another planner might, so the message must not read as a
 * proof. */
static void capacity_why(char *buf, size_t len, uint64_t lb, uint64_t cap) {
  if (lb > cap)
    snprintf(buf, len, "proven: the optimum is >= %llu", (unsigned long long)lb);
  else
    snprintf(buf, len,
             "not proven: the lower bound %llu fits; a longer search or "
             "another planner may fit",
             (unsigned long long)lb);
}

/* The buffers of `sp` to leave alone when its plan passed
 * MP_ARENA_MAX_BYTES, added to over_limit. Stacking every buffer, each start
 * a multiple of the largest alignment A, is a plan of peak
 * sum(roundup(size, A)), and every planner does at least as well (first fit,
 * best-fit's pool and linear's stack by construction; exact and auto keep
 * the best of those), so buffers are taken out until that sum fits: the next
 * attempt then cannot pass the limit. Each step takes the buffer whose
 * removal lowers the sum most (the one with the largest alignment, when it
 * is the only one, also lowers A for the rest); ties go to the earlier
 * buffer. Sizes and alignments are at most 2^62, so each padded size is at
 * most 2^62 and the sum fits 128 bits. O(n) a step. Returns how many were
 * added, or -1 if memory runs out. */
static int choose_trim(const mp_space *sp, const mp_liveness *l, mp_ptrmap *over_limit) {
  size_t n = sp->problem.count;
  bool *gone = calloc(n ? n : 1, sizeof *gone);
  if (!gone)
    return -1;
  const memplan_buffer *b = sp->problem.buffers;
  int added = 0;
  for (;;) {
    /* A, the largest alignment; A2, what it is without buffer imax when
     * that is the only buffer aligned to A (else A2 = A). */
    uint64_t A = 1, A2 = 1;
    size_t nmax = 0, imax = SIZE_MAX;
    for (size_t k = 0; k < n; ++k)
      if (!gone[k] && b[k].alignment > A)
        A = b[k].alignment;
    for (size_t k = 0; k < n; ++k)
      if (!gone[k] && b[k].alignment == A && nmax++ == 0)
        imax = k;
    for (size_t k = 0; k < n; ++k)
      if (!gone[k] && (k != imax || nmax > 1) && b[k].alignment > A2)
        A2 = b[k].alignment;
    unsigned __int128 total = 0, without_max = 0;
    for (size_t k = 0; k < n; ++k) {
      if (gone[k])
        continue;
      total += (b[k].size + A - 1) / A * A;
      if (k != imax)
        without_max += (b[k].size + A2 - 1) / A2 * A2;
    }
    if (total <= MP_ARENA_MAX_BYTES)
      break;
    size_t pick = SIZE_MAX;
    unsigned __int128 best = 0;
    for (size_t k = 0; k < n; ++k) {
      if (gone[k])
        continue;
      unsigned __int128 cut = nmax == 1 && k == imax
                                  ? total - without_max
                                  : (unsigned __int128)((b[k].size + A - 1) / A * A);
      if (pick == SIZE_MAX || cut > best)
        pick = k, best = cut;
    }
    gone[pick] = true;
    if (mp_ptrmap_put(over_limit, l->buffers[sp->buffer_of[pick]].value.ptr, 1)) {
      added = -1;
      break;
    }
    added++;
  }
  free(gone);
  return added;
}

/* What a capacity error adds: which arena, and why it is this big. */
typedef struct arena_why {
  char arena[600]; /* "the arena of memory space 0" */
  char peak[600];  /* "at step 4 ('memref.copy' at 17:3) 512 bytes are ..." */
} arena_why;

static void explain(const mp_space *sp, const mp_schedule *s, arena_why *w) {
  char label[400];
  mp_space_label(sp, label, sizeof label);
  snprintf(w->arena, sizeof w->arena, "the arena of %s", label);
  mp_peak pk;
  mp_peak_find(&sp->problem, &pk);
  MlirOperation at = {NULL};
  if (pk.step >= 0 && (size_t)pk.step < s->n)
    at = s->ops[pk.step];
  mp_peak_text(&pk, &sp->problem, at, w->peak, sizeof w->peak);
}

/* The verdict on one space's solved (or refused) plan, in err. */
static int verdict(const mp_space *sp, const mp_schedule *s, const memplan_plan *plan,
                   bool solved, const char *solve_err, const memplan_pass_options *o,
                   char *err, size_t err_len) {
  size_t planned = sp->problem.count;
  uint64_t cap = sp->problem.capacity;
  arena_why w;
  /* "512 bytes", or with attributions (attributions.h) "1024 bytes less
   * the 512 bytes of its workgroup attributions" */
  char capt[160];
  if (sp->attributions)
    snprintf(capt, sizeof capt, "%llu bytes less the %llu bytes of its %s attributions",
             (unsigned long long)(cap + sp->attributions),
             (unsigned long long)sp->attributions, sp->attribution_kind);
  else
    snprintf(capt, sizeof capt, "%llu bytes", (unsigned long long)cap);
  if (!solved) {
    /* Search planners (milp, exact) prove that nothing fits and return no
     * plan at all: the same capacity error as a heuristic's plan that is
     * too big, their search itself the proof. */
    if (plan->status == MEMPLAN_INFEASIBLE && cap) {
      char why[400];
      if (plan->lower_bound > cap)
        capacity_why(why, sizeof why, plan->lower_bound, cap);
      else
        snprintf(why, sizeof why, "proven: the optimum is > %llu%s%.300s",
                 (unsigned long long)cap, plan->message[0] ? "; " : "",
                 plan->message);
      explain(sp, s, &w);
      snprintf(err, err_len,
               "memplan-static: no plan of %zu buffer%s fits %s, capacity %s (%s); %s",
               planned, planned == 1 ? "" : "s", w.arena, capt, why, w.peak);
      return MP_PLAN_OVER_CAPACITY;
    }
    snprintf(err, err_len, "memplan-static: planner '%s' failed: %s", o->planner,
             solve_err);
    return MP_PLAN_FAILED;
  }
  if (plan->status == MEMPLAN_INFEASIBLE || (cap && plan->peak > cap)) {
    char why[128];
    capacity_why(why, sizeof why, plan->lower_bound, cap);
    explain(sp, s, &w);
    snprintf(err, err_len,
             "memplan-static: %s needs %llu bytes for %zu buffer%s, more than "
             "its capacity of %s (%s); %s",
             w.arena, (unsigned long long)plan->peak, planned, planned == 1 ? "" : "s",
             capt, why, w.peak);
    return MP_PLAN_OVER_CAPACITY;
  }
  if (plan->status != MEMPLAN_OPTIMAL && plan->status != MEMPLAN_FEASIBLE) {
    snprintf(err, err_len, "memplan-static: planner '%s' found no plan (%s)%s%s",
             o->planner, memplan_status_name(plan->status),
             plan->message[0] ? ": " : "", plan->message);
    return MP_PLAN_FAILED;
  }
  return MP_PLAN_OK;
}

/* Plans one space. Returns an MP_PLAN_* code with err set. */
static int plan_space(const mp_space *sp, const mp_liveness *l, const mp_schedule *s,
                      const memplan_pass_options *o, memplan_plan *plan,
                      mp_ptrmap *over_limit, char *err, size_t err_len) {
  /* The core refuses a problem whose stack of padded sizes passes 2^64: with
   * alignments near 2^62 a few small buffers do. Such an arena could pass
   * 2^62 bytes too: the same remedy, before the core is asked. The core's
   * own check decides, so the two cannot drift apart. */
  if (memplan_problem_check(&sp->problem, NULL, 0) != 0) {
    snprintf(err, err_len,
             "memplan-static: the buffers of one memory space, padded to their "
             "alignments, pass 2^64 bytes");
    int added = choose_trim(sp, l, over_limit);
    if (added != 0)
      return added < 0 ? MP_PLAN_FAILED : MP_PLAN_RETRY;
  }
  memplan_options mo;
  memset(&mo, 0, sizeof mo);
  mo.time_limit = o->time_limit;
  mo.work_limit = o->work_limit;
  char solve_err[256] = "";
  bool solved = memplan_solve(&sp->problem, o->planner, &mo, plan, solve_err,
                              sizeof solve_err) == 0;
  /* The arena becomes memref<peak x i8>, whose dimension is an int64: a
   * plan, or a proven bound, above MP_ARENA_MAX_BYTES leaves the largest
   * buffers alone for another attempt. */
  if (plan->lower_bound > MP_ARENA_MAX_BYTES ||
      (solved && plan->peak > MP_ARENA_MAX_BYTES)) {
    snprintf(err, err_len,
             "memplan-static: the arena would need %llu bytes, too large for a memref",
             (unsigned long long)(solved ? plan->peak : plan->lower_bound));
    int added = choose_trim(sp, l, over_limit);
    /* none to take out cannot be: such a plan stacks above 2^62 */
    return added > 0 ? MP_PLAN_RETRY : MP_PLAN_FAILED;
  }
  return verdict(sp, s, plan, solved, solve_err, o, err, err_len);
}

int mp_plan_spaces(const mp_problems *p, const mp_liveness *l, const mp_schedule *sched,
                   const memplan_pass_options *o, memplan_plan *plans,
                   mp_ptrmap *over_limit, char *err, size_t err_len) {
  int first = MP_PLAN_OK;
  bool retry = false;
  char first_err[2048] = "", e[2048];
  for (size_t s = 0; s < p->n; ++s) {
    int rc = plan_space(&p->spaces[s], l, sched, o, &plans[s], over_limit, e, sizeof e);
    if (rc == MP_PLAN_RETRY) {
      retry = true;
    } else if (rc != MP_PLAN_OK && first == MP_PLAN_OK) {
      first = rc;
      snprintf(first_err, sizeof first_err, "%s", e);
    }
  }
  if (retry)
    return MP_PLAN_RETRY;
  if (first != MP_PLAN_OK)
    snprintf(err, err_len, "%s", first_err);
  return first;
}
