/*===-- spill.c - Buffers moved to a slower fallback memory space ---------===*/
#include "spill.h"
#include "spill_exact.h"

#include "spaces.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- which buffers may move -------------------------------------------------*/

/* Ops whose verifiers take a memref of any memory space (the other
 * operands' and results' types are not tied to it; a memory_space_cast's
 * result keeps its own space). */
static const char *const any_space_users[] = {
    "memref.load",          "memref.store",          "memref.copy",
    "memref.dealloc",       "vector.transfer_read",  "vector.transfer_write",
    "vector.load",          "vector.store",          "memref.memory_space_cast",
    NULL};

static bool takes_any_space(MlirOperation user) {
  if (memplan_op_is_linalg(user))
    return true;
  for (size_t k = 0; any_space_users[k]; ++k)
    if (mp_op_is(user, any_space_users[k]))
      return true;
  return false;
}

/* True if another buffer is a later value of i, or shares its bytes. */
static bool has_kin(const mp_liveness *l, size_t i) {
  for (size_t j = 0; j < l->n; ++j)
    if (l->buffers[j].value_of == i + 1 || l->buffers[j].shares == i + 1)
      return true;
  return false;
}

/* True if every use of v (through the views that carry its memory space,
 * transitively) takes a memref of any memory space; else why not. */
static bool uses_take_any_space(MlirValue v, char *why, size_t len) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (takes_any_space(user))
      continue;
    if (mp_space_view(user, (intptr_t)mlirOpOperandGetOperandNumber(u))) {
      if (!uses_take_any_space(mlirOperationGetResult(user, 0), why, len))
        return false;
      continue;
    }
    char name[96], where[120];
    mp_op_name(user, name, sizeof name);
    mp_loc_text(mlirOperationGetLocation(user), where, sizeof where);
    snprintf(why, len, "used by '%s' at %s, whose types tie its memory space", name,
             where);
    return false;
  }
  return true;
}

bool mp_spill_movable(const mp_liveness *l, size_t i, char *why, size_t len) {
  const mp_buffer *b = &l->buffers[i];
  assert(b->skip == MP_PLANNED);
  MlirType t = mlirValueGetType(b->value);
  if (b->stack || !mlirOperationIsNull(b->scope) || b->threads_share) {
    snprintf(why, len, "not in the function's heap arena");
    return false;
  }
  if (b->value_of || b->shares || has_kin(l, i)) {
    snprintf(why, len, "its bytes hold several values (split or in place)");
    return false;
  }
  if (mlirAttributeIsAStridedLayout(mlirMemRefTypeGetLayout(t))) {
    snprintf(why, len, "its type has a strided layout");
    return false;
  }
  return uses_take_any_space(b->value, why, len);
}

/*--- the choice -------------------------------------------------------------*/

/* An event of the sweep: buffer k starts or ends at `at`. */
typedef struct event {
  int64_t at;
  size_t k;
  bool start;
} event;

/* Ends before starts at the same step ([start, end) intervals), then by
 * buffer, so the sweep is deterministic. */
static int event_cmp(const void *a, const void *b) {
  const event *x = a, *y = b;
  if (x->at != y->at)
    return x->at < y->at ? -1 : 1;
  if (x->start != y->start)
    return x->start ? 1 : -1;
  return x->k < y->k ? -1 : x->k > y->k;
}

/* The first step where the buffers not moved pass target the most: its
 * excess into *excess (0 and step -1 when none passes). O(n). */
static int64_t worst_step(const memplan_problem *p, const event *ev, const bool *moved,
                          uint64_t target, uint64_t *excess) {
  unsigned __int128 live = 0, most = target;
  int64_t step = -1;
  for (size_t e = 0; e < 2 * p->count; ++e) {
    if (moved[ev[e].k])
      continue;
    if (!ev[e].start) {
      live -= p->buffers[ev[e].k].size;
      continue;
    }
    live += p->buffers[ev[e].k].size;
    if (live > most)
      most = live, step = ev[e].at;
  }
  *excess = step < 0 ? 0 : (uint64_t)(most - target);
  return step;
}

/* At `step`, the smallest movable buffer live there that covers the excess
 * (ties: the first), else the largest (ties: the first); SIZE_MAX if none. */
static size_t pick(const memplan_problem *p, const bool *movable, const bool *moved,
                   int64_t step, uint64_t excess) {
  size_t cover = SIZE_MAX, largest = SIZE_MAX;
  for (size_t k = 0; k < p->count; ++k) {
    const memplan_buffer *b = &p->buffers[k];
    if (!movable[k] || moved[k] || b->start > step || b->end <= step)
      continue;
    if (b->size >= excess && (cover == SIZE_MAX || b->size < p->buffers[cover].size))
      cover = k;
    if (largest == SIZE_MAX || b->size > p->buffers[largest].size)
      largest = k;
  }
  return cover != SIZE_MAX ? cover : largest;
}

/* A moved buffer and its size, for sorting without a global (functions
 * are planned on several threads at once). */
typedef struct sized {
  uint64_t size;
  size_t k;
} sized;

/* Moved buffers by size, largest first (ties: the first). */
static int larger_first(const void *a, const void *b) {
  const sized *x = a, *y = b;
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  return (x->k > y->k) - (x->k < y->k);
}

/* The reverse-delete step: a moved buffer whose return keeps every step
 * within target goes back, so that no buffer moves for nothing. */
static int give_back(const memplan_problem *p, const event *ev, uint64_t target,
                     bool *moved, const bool *fixed) {
  size_t n = 0;
  sized *order = malloc((p->count ? p->count : 1) * sizeof *order);
  if (!order)
    return -1;
  for (size_t k = 0; k < p->count; ++k)
    if (moved[k] && !fixed[k])
      order[n++] = (sized){p->buffers[k].size, k};
  qsort(order, n, sizeof *order, larger_first);
  for (size_t r = 0; r < n; ++r) {
    uint64_t excess;
    moved[order[r].k] = false;
    if (worst_step(p, ev, moved, target, &excess) >= 0)
      moved[order[r].k] = true;
  }
  free(order);
  return 0;
}

/* Search nodes for the fewest bytes after the greedy (spill_exact.h). */
#define SPILL_EXACT_NODES ((uint64_t)1 << 18)

int mp_spill_choose(const memplan_problem *p, const bool *movable, uint64_t target,
                    bool *moved, int64_t *stuck) {
  size_t n = p->count;
  event *ev = malloc((n ? 2 * n : 1) * sizeof *ev);
  bool *fixed = malloc(n ? n : 1);
  if (!ev || !fixed) {
    free(ev);
    free(fixed);
    return -1;
  }
  for (size_t k = 0; k < n; ++k) {
    ev[2 * k] = (event){p->buffers[k].start, k, true};
    ev[2 * k + 1] = (event){p->buffers[k].end, k, false};
    fixed[k] = moved[k]; /* moved by the caller: never given back */
  }
  qsort(ev, 2 * n, sizeof *ev, event_cmp);
  int rc = 0;
  for (;;) {
    uint64_t excess;
    int64_t step = worst_step(p, ev, moved, target, &excess);
    if (step < 0)
      break;
    size_t k = pick(p, movable, moved, step, excess);
    if (k == SIZE_MAX) {
      *stuck = step;
      rc = 1;
      break;
    }
    moved[k] = true;
  }
  if (rc == 0 && give_back(p, ev, target, moved, fixed))
    rc = -1;
  if (rc == 0 && mp_spill_minimize(p, movable, fixed, target, moved, SPILL_EXACT_NODES) < 0)
    rc = -1;
  free(ev);
  free(fixed);
  return rc;
}

/*--- the stage --------------------------------------------------------------*/

/* Plans the buffers of pr not in `moved` (all when moved is NULL) with o's
 * planner into *peak. Returns true if that plan fits cap; *solved says
 * whether there was a plan at all. */
static bool fits(const memplan_problem *pr, const bool *moved, uint64_t cap,
                 const memplan_pass_options *o, uint64_t *peak, bool *solved) {
  memplan_problem sub;
  memplan_problem_init(&sub);
  sub.capacity = cap;
  for (size_t k = 0; k < pr->count; ++k) {
    const memplan_buffer *b = &pr->buffers[k];
    if ((!moved || !moved[k]) &&
        memplan_problem_add(&sub, NULL, b->size, b->alignment, b->start, b->end) < 0) {
      memplan_problem_free(&sub);
      *solved = false;
      return false;
    }
  }
  memplan_options mo;
  memset(&mo, 0, sizeof mo);
  mo.time_limit = o->time_limit;
  mo.work_limit = o->work_limit;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char e[256];
  *solved = memplan_solve(&sub, o->planner, &mo, &plan, e, sizeof e) == 0 &&
            (plan.status == MEMPLAN_OPTIMAL || plan.status == MEMPLAN_FEASIBLE ||
             plan.status == MEMPLAN_INFEASIBLE) && plan.offsets;
  *peak = *solved ? plan.peak : 0;
  bool ok = *solved && plan.peak <= cap;
  memplan_plan_free(&plan);
  memplan_problem_free(&sub);
  return ok;
}

/* Why nothing fits, for the capacity error: how many buffers can move and,
 * at the step where the buffers that cannot move alone pass the target,
 * the largest of those and why it cannot. */
static void stuck_note(const mp_space *sp, const mp_liveness *l, const bool *movable,
                       int64_t stuck, const char *to, size_t nmovable, bool planned,
                       char *note, size_t len) {
  const memplan_problem *pr = &sp->problem;
  size_t big = SIZE_MAX;
  for (size_t k = 0; k < pr->count; ++k) {
    const memplan_buffer *b = &pr->buffers[k];
    if (!movable[k] && b->start <= stuck && stuck < b->end &&
        (big == SIZE_MAX || b->size > pr->buffers[big].size))
      big = k;
  }
  int w = snprintf(note, len, "; spill to %.100s tried: %zu of its %zu buffers can move", to,
                   nmovable, pr->count);
  if (w < 0 || (size_t)w >= len)
    return;
  if (planned || big == SIZE_MAX) {
    snprintf(note + w, len - (size_t)w,
             ", and with them moved the rest still did not fit in %d rounds", MP_SPILL_ROUNDS);
    return;
  }
  char why[300], nb[24];
  mp_spill_movable(l, sp->buffer_of[big], why, sizeof why);
  snprintf(note + w, len - (size_t)w,
           "; at step %lld the buffers that cannot move pass the capacity on their "
           "own; the largest of them, %s (%llu bytes), cannot: %s",
           (long long)stuck, memplan_buffer_name(pr, big, nb),
           (unsigned long long)pr->buffers[big].size, why);
}

/* Chooses the buffers of sp to move into moved[] (problem indices), in
 * rounds that lower the target by what fragmentation adds. Returns 0 when
 * the rest fits, 1 when it cannot (note says why), -1 out of memory. */
static int choose_for_space(const mp_space *sp, const mp_liveness *l,
                            const memplan_pass_options *o, const char *to, bool *moved,
                            char *note, size_t note_len) {
  const memplan_problem *pr = &sp->problem;
  size_t n = pr->count, nmovable = 0;
  bool *movable = calloc(n ? n : 1, sizeof *movable);
  if (!movable)
    return -1;
  for (size_t k = 0; k < n; ++k) {
    char why[8];
    movable[k] = mp_spill_movable(l, sp->buffer_of[k], why, sizeof why);
    nmovable += movable[k];
  }
  uint64_t target = pr->capacity, peak = 0, align = 1;
  for (size_t k = 0; k < n; ++k)
    align = pr->buffers[k].alignment > align ? pr->buffers[k].alignment : align;
  int rc = 1;
  int64_t stuck = -1;
  for (int round = 0; round < MP_SPILL_ROUNDS && rc == 1; ++round) {
    memset(moved, 0, n * sizeof *moved);
    int c = mp_spill_choose(pr, movable, target, moved, &stuck);
    if (c != 0) {
      rc = c;
      break;
    }
    bool solved;
    if (fits(pr, moved, pr->capacity, o, &peak, &solved)) {
      rc = 0;
      break;
    }
    uint64_t gap = solved && peak > pr->capacity ? peak - pr->capacity : align;
    target = target > gap ? target - gap : 0;
  }
  if (rc == 1)
    stuck_note(sp, l, movable, stuck, to, nmovable, stuck < 0, note,
               note_len);
  free(movable);
  return rc;
}

/* Moves b to space `to` (its attribute). */
static void move_buffer(mp_buffer *b, MlirAttribute to) {
  b->spilled_from = b->space;
  b->space = to;
  b->spilled = true;
  b->freed_in_space = b->freed_elsewhere = false;
}

int mp_spill_spaces(MlirContext ctx, const memplan_pass_options *o, mp_liveness *l,
                    const mp_id *ids, mp_problems *p, char *note, size_t note_len,
                    char *err, size_t err_len) {
  size_t nmoved = 0;
  note[0] = 0;
  for (size_t s = 0; s < p->n; ++s) {
    const mp_space *sp = &p->spaces[s];
    const char *to = mp_space_spill_target(o, sp->attr);
    uint64_t peak;
    bool solved;
    if (!to || sp->stack || !mlirOperationIsNull(sp->scope) || !sp->problem.capacity ||
        fits(&sp->problem, NULL, sp->problem.capacity, o, &peak, &solved))
      continue;
    MlirAttribute to_attr;
    if (!mp_space_attr_get(ctx, to, &to_attr)) {
      snprintf(err, err_len,
               "memplan-static: spill: memory space '%.200s' does not parse here "
               "(is its dialect loaded?)", to);
      return -1;
    }
    bool *moved = calloc(sp->problem.count ? sp->problem.count : 1, sizeof *moved);
    int rc = moved ? choose_for_space(sp, l, o, to, moved, note, note_len) : -1;
    for (size_t k = 0; rc == 0 && k < sp->problem.count; ++k)
      if (moved[k]) {
        move_buffer(&l->buffers[sp->buffer_of[k]], to_attr);
        nmoved++;
      }
    free(moved);
    if (rc < 0) {
      snprintf(err, err_len, "memplan-static: out of memory");
      return -1;
    }
  }
  if (!nmoved)
    return 0;
  mp_problems_free(p);
  if (mp_problems_build(l, ids, o, p)) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return -1;
  }
  return 0;
}

/*--- the negative control ---------------------------------------------------*/

bool mp_spill_corrupt(const mp_liveness *l, const mp_problems *p, memplan_plan *plans) {
  for (size_t s = 0; s < p->n; ++s) {
    const memplan_problem *pr = &p->spaces[s].problem;
    for (size_t k = 0; k < pr->count && plans[s].offsets; ++k)
      for (size_t j = 0; j < k; ++j) {
        const memplan_buffer *a = &pr->buffers[j], *b = &pr->buffers[k];
        if (!l->buffers[p->spaces[s].buffer_of[j]].spilled ||
            !l->buffers[p->spaces[s].buffer_of[k]].spilled || a->end <= b->start ||
            b->end <= a->start || plans[s].offsets[j] % b->alignment ||
            plans[s].offsets[j] == plans[s].offsets[k] ||
            plans[s].offsets[j] + b->size > plans[s].peak)
          continue;
        plans[s].offsets[k] = plans[s].offsets[j];
        return true;
      }
  }
  return false;
}
