/*===-- plan.c - From live intervals to offsets, through the core ---------===*\
|*                                                                            *|
|* Stage 3 of memplan-static. The planned allocs of each memory space become  *|
|* one memplan_problem (size and alignment in bytes, [start, end) in schedule *|
|* steps), solved by memplan_solve with the chosen planner. memplan_solve     *|
|* validates every plan with the independent validator and refuses to return  *|
|* an invalid one, so nothing below trusts a planner blindly. Different       *|
|* memory spaces never share bytes: one problem and one arena each.           *|
\*===----------------------------------------------------------------------===*/
#include "pass_internal.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mp_space_kind mp_space_classify(MlirAttribute attr, int64_t *value) {
  if (mlirAttributeIsNull(attr))
    return MP_SPACE_DEFAULT;
  /* Only the plain form "N" (an i64) is a number: "1 : i32" is another
   * attribute than "1", so it gets another arena, and giving both the
   * integer 1 would make two arenas of one function share a name. */
  if (mlirAttributeIsAInteger(attr)) {
    MlirType t = mlirAttributeGetType(attr);
    if (mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t) &&
        mlirIntegerTypeGetWidth(t) == 64) {
      int64_t v = mlirIntegerAttrGetValueInt(attr);
      if (v == 0) /* MLIR folds an integer 0 into the default space */
        return MP_SPACE_DEFAULT;
      if (value)
        *value = v;
      return MP_SPACE_INT;
    }
  }
  return MP_SPACE_OTHER;
}

static int space_of(mp_func *f, MlirAttribute attr) {
  for (size_t s = 0; s < f->nspaces; ++s)
    if (mlirAttributeEqual(f->spaces[s].attr, attr))
      return (int)s;
  mp_space *sp = mp_push(&f->spaces, &f->nspaces, &f->cap_spaces, sizeof *sp);
  if (!sp)
    return -1;
  sp->attr = attr;
  sp->align = 1;
  memplan_problem_init(&sp->problem);
  memplan_plan_init(&sp->plan);
  return (int)(f->nspaces - 1);
}

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
 * MP_ARENA_MAX_BYTES, appended to f->trim. Stacking every buffer, each
 * start a multiple of the largest alignment A, is a plan of peak
 * sum(roundup(size, A)), and every planner does at least as well (first
 * fit, best-fit's pool and linear's stack by construction; exact and auto
 * keep the best of those), so buffers are taken out until that sum fits:
 * the next attempt then cannot pass the limit. Each step takes the buffer
 * whose removal lowers the sum most (the one with the largest alignment,
 * when it is the only one, also lowers A for the rest); ties go to the
 * earlier buffer. Sizes and alignments are at most 2^62, so each padded
 * size is at most 2^62 and the sum fits 128 bits. O(n) a step. */
static int choose_trim(mp_func *f, const mp_space *sp) {
  size_t n = sp->problem.count;
  bool *gone = calloc(n ? n : 1, sizeof *gone);
  if (!gone)
    return -1;
  const memplan_buffer *b = sp->problem.buffers;
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
    MlirOperation *slot = mp_push(&f->trim, &f->ntrim, &f->cap_trim, sizeof *slot);
    if (!slot) {
      free(gone);
      return -1;
    }
    *slot = f->allocs[sp->alloc_of[pick]].op;
  }
  free(gone);
  return 0;
}

int mp_plan(mp_func *f, const memplan_pass_options *o) {
  for (size_t i = 0; i < f->nallocs; ++i) {
    mp_alloc *a = &f->allocs[i];
    if (a->skip != MP_PLANNED)
      continue;
    int s = space_of(f, a->space);
    if (s < 0)
      goto oom;
    a->space_index = s;
    mp_space *sp = &f->spaces[s];
    int64_t k = memplan_problem_add(&sp->problem, a->id[0] ? a->id : NULL,
                                    a->size, a->align, a->start, a->end);
    if (k < 0)
      goto oom;
    size_t *slot = realloc(sp->alloc_of, sp->problem.count * sizeof *slot);
    if (!slot)
      goto oom;
    sp->alloc_of = slot;
    slot[k] = i;
    sp->planned++;
    sp->sum += a->size;
    if (a->align > sp->align)
      sp->align = a->align;
  }

  /* Every space is planned before any verdict is given: a space whose
   * arena passes MP_ARENA_MAX_BYTES asks for another attempt (retry), and
   * leaving its largest buffers alone may change the other spaces too (a
   * dealloc that frees buffers of two spaces), so a capacity= or planner
   * verdict on another space waits; the first one is kept. */
  bool retry = false;
  int verdict = 0;
  char verdict_err[sizeof f->err];
#define VERDICT(rc)                                                            \
  do {                                                                         \
    if (!verdict) {                                                            \
      verdict = (rc);                                                          \
      memcpy(verdict_err, f->err, sizeof verdict_err);                         \
    }                                                                          \
    goto next_space;                                                           \
  } while (0)
  memplan_options mo;
  memset(&mo, 0, sizeof mo);
  mo.time_limit = o->time_limit;
  mo.work_limit = o->work_limit;
  for (size_t s = 0; s < f->nspaces; ++s) {
    mp_space *sp = &f->spaces[s];
    sp->problem.capacity = o->capacity;
    char err[256] = "";
    /* The core refuses a problem whose stack of padded sizes (each size +
     * alignment - 1, zero-size buffers aside) passes 2^64: with alignments
     * near 2^62 a few small buffers do. Such an arena could pass 2^62
     * bytes too: the same remedy, before the core is asked. The core's own
     * check decides (a problem built here can fail it for nothing else:
     * no fixed buffers, start < end, alignments >= 1), so the two cannot
     * drift apart. */
    if (memplan_problem_check(&sp->problem, NULL, 0) != 0) {
      snprintf(f->err, sizeof f->err,
               "memplan-static: the buffers of one memory space, padded to "
               "their alignments, pass 2^64 bytes");
      size_t before = f->ntrim;
      if (choose_trim(f, sp))
        goto oom;
      if (f->ntrim > before) {
        retry = true;
        continue;
      } /* else nothing to take out: the core says why below */
    }
    bool solved =
        memplan_solve(&sp->problem, o->planner, &mo, &sp->plan, err, sizeof err) == 0;
    /* The arena becomes memref<peak x i8>, whose dimension is an int64: a
     * plan, or a proven bound, above MP_ARENA_MAX_BYTES leaves the largest
     * buffers alone for another attempt - before any capacity= verdict,
     * which the smaller arena of that attempt may meet. */
    if (sp->plan.lower_bound > MP_ARENA_MAX_BYTES ||
        (solved && sp->plan.peak > MP_ARENA_MAX_BYTES)) {
      snprintf(f->err, sizeof f->err,
               "memplan-static: the arena would need %llu bytes, too large for a memref",
               (unsigned long long)(solved ? sp->plan.peak : sp->plan.lower_bound));
      size_t before = f->ntrim;
      if (choose_trim(f, sp))
        goto oom;
      if (f->ntrim == before) { /* cannot be: such a plan stacks above 2^62 */
        VERDICT(-1);
      }
      retry = true;
      continue;
    }
    if (!solved) {
      /* Search planners (milp, exact) prove that nothing fits and return no
       * plan at all: the same capacity error as a heuristic's plan that is
       * too big, with the proven bound instead of a peak. */
      if (sp->plan.status == MEMPLAN_INFEASIBLE && o->capacity) {
        /* Here the planner's search itself is the proof (memplan_solve:
         * INFEASIBLE without offsets), even when its bound fits. */
        char why[400];
        if (sp->plan.lower_bound > o->capacity)
          capacity_why(why, sizeof why, sp->plan.lower_bound, o->capacity);
        else
          snprintf(why, sizeof why, "proven: the optimum is > %llu%s%.300s",
                   (unsigned long long)o->capacity,
                   sp->plan.message[0] ? "; " : "", sp->plan.message);
        snprintf(f->err, sizeof f->err,
                 "memplan-static: no plan of %zu buffers fits capacity=%llu (%s)",
                 sp->planned, (unsigned long long)o->capacity, why);
        VERDICT(1);
      }
      snprintf(f->err, sizeof f->err, "memplan-static: planner '%s' failed: %s",
               o->planner, err);
      VERDICT(-1);
    }
    if (sp->plan.status == MEMPLAN_INFEASIBLE ||
        (o->capacity && sp->plan.peak > o->capacity)) {
      char why[128];
      capacity_why(why, sizeof why, sp->plan.lower_bound, o->capacity);
      snprintf(f->err, sizeof f->err,
               "memplan-static: the arena needs %llu bytes for %zu buffers, "
               "more than capacity=%llu (%s)",
               (unsigned long long)sp->plan.peak, sp->planned,
               (unsigned long long)o->capacity, why);
      VERDICT(1);
    }
    if (sp->plan.status != MEMPLAN_OPTIMAL && sp->plan.status != MEMPLAN_FEASIBLE) {
      snprintf(f->err, sizeof f->err,
               "memplan-static: planner '%s' found no plan (%s)%s%s", o->planner,
               memplan_status_name(sp->plan.status),
               sp->plan.message[0] ? ": " : "", sp->plan.message);
      VERDICT(-1);
    }
    for (size_t k = 0; k < sp->problem.count; ++k)
      f->allocs[sp->alloc_of[k]].offset = sp->plan.offsets[k];
  next_space:;
  }
#undef VERDICT
  if (retry)
    return MP_PLAN_RETRY; /* f->err says why, should no retry be possible */
  if (verdict)
    memcpy(f->err, verdict_err, sizeof f->err);
  return verdict;

oom:
  snprintf(f->err, sizeof f->err, "memplan-static: out of memory while planning");
  return -1;
}
