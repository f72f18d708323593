/*===-- solve.c - memplan_solve: the one entry point ----------------------===*\
|*                                                                            *|
|* check problem -> run planner -> lower bound -> validate -> status.         *|
|* Planners only produce offsets (and optionally a proof: status OPTIMAL, a   *|
|* stronger lower bound, or TIMEOUT/INFEASIBLE meaning "no offsets"); every   *|
|* number reported to the user is recomputed here from the offsets, so a     *|
|* planner cannot misreport its peak.                                         *|
\*===----------------------------------------------------------------------===*/
#include "core/error.h"
#include "memplan/memplan.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int solve_body(const memplan_problem *p, const char *planner,
                      const memplan_options *opts, memplan_plan *plan,
                      char *err, size_t err_len);

int memplan_solve(const memplan_problem *p, const char *planner,
                  const memplan_options *opts, memplan_plan *plan, char *err,
                  size_t err_len) {
  /* The planners write their message into a buffer of ours, not the
   * caller's: err may be NULL or short, and plan->message must say why in
   * full either way (it was copied from err, so with err NULL it was
   * empty, and with err_len 0 it was whatever err held). */
  char msg[sizeof plan->message];
  msg[0] = '\0';
  int rc = solve_body(p, planner, opts, plan, msg, sizeof msg);
  if (err && err_len)
    snprintf(err, err_len, "%s", msg);
  if (rc != 0 && !plan->message[0])
    snprintf(plan->message, sizeof plan->message, "%s", msg);
  if (rc != 0) {
    /* No plan: whatever the planner left in the offsets (zeros behind a
     * search that found nothing, an invalid plan) is not one, and a caller
     * that went on to draw or report it would show every buffer at 0 with
     * a peak of 0. NULL offsets are what every consumer reads as "no
     * plan" (memplan_json_plan: "peak": null; memplan_svg_write refuses). */
    free(plan->offsets);
    plan->offsets = NULL;
    plan->count = 0;
    plan->peak = 0;
  }
  return rc;
}

static int solve_body(const memplan_problem *p, const char *planner,
                      const memplan_options *opts, memplan_plan *plan,
                      char *err, size_t err_len) {
  if (err && err_len)
    err[0] = '\0';
  memplan_plan_free(plan);
  const memplan_planner *pl = memplan_planner_find(planner);
  if (!pl)
    return memplan_internal_errorf(err, err_len, "unknown planner '%s'",
                 planner ? planner : "(null)");
  snprintf(plan->planner, sizeof plan->planner, "%s", pl->name);
  if (memplan_problem_check(p, err, err_len) != 0) {
    snprintf(plan->message, sizeof plan->message, "%s", err);
    return -1;
  }
  /* Fixed buffers that overlap one another make every plan invalid; say so
   * here, as a property of the input, rather than blaming the planner. */
  size_t nfixed = 0;
  for (size_t i = 0; i < p->count; ++i)
    nfixed += p->buffers[i].fixed;
  if (nfixed > 1) {
    memplan_buffer *fb = malloc(nfixed * sizeof *fb);
    uint64_t *fo = malloc(nfixed * sizeof *fo);
    if (!fb || !fo) {
      free(fb);
      free(fo);
      return memplan_internal_errorf(err, err_len, "out of memory");
    }
    /* fidx maps an index among the fixed buffers back to the problem. */
    size_t *fidx = malloc(nfixed * sizeof *fidx);
    if (!fidx) {
      free(fb);
      free(fo);
      return memplan_internal_errorf(err, err_len, "out of memory");
    }
    size_t k = 0;
    for (size_t i = 0; i < p->count; ++i)
      if (p->buffers[i].fixed) {
        /* Shallow copy: ids stay owned by p. */
        fidx[k] = i;
        fb[k] = p->buffers[i];
        fo[k++] = p->buffers[i].offset;
      }
    memplan_problem fixed_only = {fb, nfixed, nfixed, 0};
    char verr[400];
    size_t pair[2];
    int v = memplan_validate_at(&fixed_only, fo, NULL, pair, verr, sizeof verr);
    /* The problem is checked: fixed buffers can only overlap. */
    assert(v <= 0 || pair[1] != SIZE_MAX);
    free(fb);
    free(fo);
    if (v != 0) {
      char na[24], nb[24];
      plan->status = v > 0 ? MEMPLAN_INFEASIBLE : MEMPLAN_ERROR;
      if (v > 0)
        snprintf(plan->message, sizeof plan->message,
                 "fixed buffers '%.50s' and '%.50s' overlap; no plan exists "
                 "(%.100s)",
                 memplan_buffer_name(p, fidx[pair[0]], na),
                 memplan_buffer_name(p, fidx[pair[1]], nb), verr);
      free(fidx);
      return memplan_internal_errorf(err, err_len, "%s",
                   v > 0 ? plan->message : "out of memory");
    }
    free(fidx);
  }

  memplan_options defaults;
  if (!opts) {
    memset(&defaults, 0, sizeof defaults);
    opts = &defaults;
  }
  /* calloc(0) may return NULL; keep a valid pointer for empty problems. */
  plan->offsets = calloc(p->count ? p->count : 1, sizeof *plan->offsets);
  if (!plan->offsets)
    return memplan_internal_errorf(err, err_len, "out of memory for %zu offsets", p->count);
  plan->count = p->count;
  plan->status = MEMPLAN_FEASIBLE;

  double t0 = now_seconds();
  int rc = pl->run(p, opts, plan);
  plan->seconds = now_seconds() - t0;
  if (rc != 0) {
    plan->status = MEMPLAN_ERROR;
    return memplan_internal_errorf(err, err_len, "planner '%s' failed: %s", pl->name,
                 plan->message[0] ? plan->message : "(no message)");
  }
  /* TIMEOUT and INFEASIBLE from a planner mean it has no offsets to give
   * (a search that found nothing in time, or proved nothing fits the
   * capacity). The status is kept for the caller; there is no plan. */
  if (plan->status == MEMPLAN_TIMEOUT || plan->status == MEMPLAN_INFEASIBLE ||
      plan->status == MEMPLAN_ERROR) {
    return memplan_internal_errorf(err, err_len, "planner '%s': %s%s%s", pl->name,
                 memplan_status_name(plan->status),
                 plan->message[0] ? ": " : "", plan->message);
  }
  bool proven = plan->status == MEMPLAN_OPTIMAL;

  /* Validate without the capacity: a plan above it is still a valid plan,
   * reported as infeasible below rather than as a planner bug. */
  memplan_problem uncapped = *p;
  uncapped.capacity = 0;
  char verr[512];
  uint64_t peak = 0;
  int v = memplan_validate(&uncapped, plan->offsets, &peak, verr, sizeof verr);
  if (v < 0) {
    plan->status = MEMPLAN_ERROR;
    return memplan_internal_errorf(err, err_len, "out of memory while validating");
  }
  if (v > 0) {
    plan->status = MEMPLAN_ERROR;
    snprintf(plan->message, sizeof plan->message, "invalid plan: %.200s", verr);
    return memplan_internal_errorf(err, err_len, "internal error: planner '%s' produced an "
                 "invalid plan: %s", pl->name, verr);
  }
  plan->peak = peak;

  /* Keep the stronger of the planner's bound (e.g. a MILP dual bound) and
   * the max-live bound. */
  uint64_t lb = memplan_lower_bound(p, NULL);
  /* (lb is 0 when memory runs out: still a true bound, merely weak.) */
  if (plan->lower_bound < lb)
    plan->lower_bound = lb;
  if (proven)
    plan->lower_bound = peak;
  if (plan->lower_bound > peak) {
    plan->status = MEMPLAN_ERROR;
    return memplan_internal_errorf(err, err_len,
                 "internal error: planner '%s' peak %llu is below the lower "
                 "bound %llu",
                 pl->name, (unsigned long long)peak,
                 (unsigned long long)plan->lower_bound);
  }

  if (p->capacity != 0 && peak > p->capacity) {
    plan->status = MEMPLAN_INFEASIBLE;
    if (!plan->message[0])
      snprintf(plan->message, sizeof plan->message,
               "peak %llu exceeds the capacity %llu%s",
               (unsigned long long)peak, (unsigned long long)p->capacity,
               peak == plan->lower_bound ? " (and the peak is optimal)" : "");
  } else if (peak == plan->lower_bound) {
    plan->status = MEMPLAN_OPTIMAL;
  } else {
    plan->status = MEMPLAN_FEASIBLE;
  }
  return 0;
}
