/*===-- function.c - memplan-static on one function -----------------------===*\
|*                                                                            *|
|* Runs the stages in order, each on the previous one's result:               *|
|*   copies (removed on the IR) -> schedule -> liveness -> values -> in place *|
|*   -> names -> problem -> plan -> order (the ops moved and all of it again) *|
|*   -> (report) -> rewrite                                                   *|
|* and tells the user: an error at the function when it fails, the summary    *|
|* remark, a remark per buffer left alone with remarks=all. The IR is only    *|
|* touched by the copies removed (a correct program on its own, kept), the   *|
|* new op order and the rewrite; the order is undone when a later stage      *|
|* fails. It reads nothing outside the function but the                      *|
|* module's state from memplan_module_begin, and changes nothing outside it:  *|
|* the arena=global symbols and the files go to the module's end.             *|
\*===----------------------------------------------------------------------===*/
#include "attributions.h"
#include "bound.h"
#include "copies.h"
#include "inplace.h"
#include "module.h"
#include "order.h"
#include "report.h"
#include "rewrite.h"
#include "spaces.h"
#include "spill.h"
#include "values.h"

#include "../io/utf8.h"

#include <math.h>
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*--- options ----------------------------------------------------------------*/

void memplan_pass_options_init(memplan_pass_options *o) {
  memset(o, 0, sizeof *o);
  o->planner = "auto";
  o->alignment = 64;
  o->arena = MEMPLAN_ARENA_ALLOC;
  o->remarks = MEMPLAN_REMARKS_SUMMARY;
  o->report = "";
  o->picture = "";
  o->copies = true;
  o->split = true;
  o->in_place = true;
  o->reorder = true;
}

int memplan_pass_options_check(const memplan_pass_options *o, char *err,
                               size_t err_len) {
  char buf[768], cbuf[700];
  const char *rp = mp_output_template_problem(o->report, false);
  const char *pp = mp_output_template_problem(o->picture, true);
  if (!memplan_planner_find(o->planner)) {
    snprintf(buf, sizeof buf, "memplan-static: unknown planner='%.100s'", o->planner);
  } else if (o->alignment == 0 || (o->alignment & (o->alignment - 1)) != 0 ||
             o->alignment > (UINT64_C(1) << 62)) {
    /* 2^63 does not fit the arena's i64 alignment attribute. */
    snprintf(buf, sizeof buf,
             "memplan-static: bad alignment=%llu (expected a power of two "
             "from 1 to 2^62)", (unsigned long long)o->alignment);
  } else if (o->arena == MEMPLAN_ARENA_GLOBAL && o->alignment > MEMPLAN_GLOBAL_MAX_ALIGN) {
    snprintf(buf, sizeof buf,
             "memplan-static: bad alignment=%llu with arena=global (an LLVM "
             "global aligns to at most 2^32; use arena=alloc)",
             (unsigned long long)o->alignment);
  } else if (rp) {
    snprintf(buf, sizeof buf, "memplan-static: bad report=%.200s: %s", o->report, rp);
  } else if (pp) {
    snprintf(buf, sizeof buf, "memplan-static: bad picture=%.200s: %s", o->picture, pp);
  } else if (mp_space_capacities_problem(o, cbuf, sizeof cbuf)) {
    snprintf(buf, sizeof buf, "memplan-static: %s", cbuf);
  } else if (mp_space_spills_problem(o, cbuf, sizeof cbuf)) {
    snprintf(buf, sizeof buf, "memplan-static: %s", cbuf);
  } else if (!isfinite(o->time_limit) || o->time_limit < 0) {
    snprintf(buf, sizeof buf,
             "memplan-static: bad time-limit=%g (expected seconds >= 0)", o->time_limit);
  } else {
    return 0;
  }
  if (err && err_len)
    snprintf(err, err_len, "%s", buf);
  return -1;
}

/*--- diagnostics ------------------------------------------------------------*/

/* Diagnostics go to the op's location; when that is unknown (pipelines that
 * import models often drop locations), to the function's; and when that is
 * unknown too, the message names the function ("memplan-static: in @f:
 * ..."), or nobody could tell which function it is about. */
static void diagnose(MlirOperation func, MlirOperation at, bool error, const char *msg) {
  MlirLocation unknown = mlirLocationUnknownGet(mlirOperationGetContext(func));
  MlirLocation loc = mlirOperationGetLocation(at);
  if (mlirLocationEqual(loc, unknown))
    loc = mlirOperationGetLocation(func);
  char *text = NULL;
  if (mlirLocationEqual(loc, unknown)) {
    static const char prefix[] = "memplan-static: ";
    size_t pl = sizeof prefix - 1;
    const char *rest = strncmp(msg, prefix, pl) == 0 ? msg + pl : msg;
    char *name = mp_func_name(func, false);
    char *uname = name ? memplan_utf8_sanitize(name) : NULL;
    const char *n = uname ? uname : "?";
    size_t len = pl + strlen(n) + strlen(rest) + 8;
    if ((text = malloc(len)))
      snprintf(text, len, "%sin @%s: %s", prefix, n, rest);
    free(uname);
    free(name);
  }
  if (error)
    mlirEmitError(loc, text ? text : msg);
  else
    memplan_emit_remark(loc, text ? text : msg);
  free(text);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/*--- the stages -------------------------------------------------------------*/

/* Every stage's result for one function. */
typedef struct stages {
  mp_schedule sched;
  mp_liveness live;
  mp_values values;
  mp_inplace inplace;
  mp_redirects redirects;
  mp_steps steps;
  mp_id *ids;
  mp_problems problems;
  memplan_plan *plans;
  char spill_note[600]; /* what spill tried, when nothing fitted (spill.h) */
} stages;

static void stages_free(stages *st) {
  mp_schedule_free(&st->sched);
  mp_liveness_free(&st->live);
  mp_values_free(&st->values);
  mp_inplace_free(&st->inplace);
  mp_redirects_free(&st->redirects);
  free(st->ids);
  for (size_t s = 0; st->plans && s < st->problems.n; ++s)
    memplan_plan_free(&st->plans[s]);
  free(st->plans);
  mp_problems_free(&st->problems);
  memset(st, 0, sizeof *st);
}

/* The steps that lower the bound itself (bound.h), in order, each with the
 * bound after it: copies (already made on the IR: `copies`) -> values (a
 * live range per value) -> in place. Returns 0, or -1 if memory runs out. */
static int lower_the_bound(const memplan_pass_options *o, const mp_copies_result *copies,
                           stages *st) {
  mp_steps *k = &st->steps;
  size_t nallocs = st->live.n;
  uint64_t cur = 0;
  if (mp_bound(&st->live, &cur))
    return -1;
  k->on[MP_STEP_COPIES] = o->copies;
  k->count[MP_STEP_COPIES] = copies->removed;
  k->given = copies->removed ? copies->bound_before : cur;
  k->after[MP_STEP_COPIES] = cur;
  if (o->split || o->in_place) {
    mp_values_options vo = {o->corrupt == MEMPLAN_CORRUPT_SPLIT_PARTIAL};
    if (mp_values_build(&st->sched, &st->live, &vo, &st->values) ||
        mp_values_place(&st->values, &st->sched, &st->live, o->split))
      return -1;
  }
  if (!o->split) /* the refused split points tell nothing when none is made */
    st->values.nnotes = 0;
  k->on[MP_STEP_SPLIT] = o->split;
  k->count[MP_STEP_SPLIT] = st->live.n - nallocs;
  if (o->split && mp_bound(&st->live, &cur))
    return -1;
  k->after[MP_STEP_SPLIT] = cur;
  k->on[MP_STEP_INPLACE] = o->in_place;
  if (o->in_place) {
    int64_t merged = -1;
    if (mp_inplace_find(&st->values, &st->inplace) ||
        (merged = mp_inplace_apply(&st->inplace, &st->values, &st->sched, &st->live,
                                   o->corrupt == MEMPLAN_CORRUPT_INPLACE_LIVE)) < 0 ||
        mp_bound(&st->live, &cur))
      return -1;
    k->count[MP_STEP_INPLACE] = (uint64_t)merged;
  }
  k->after[MP_STEP_INPLACE] = cur;
  return mp_values_prepare(&st->values, &st->live,
                           o->corrupt == MEMPLAN_CORRUPT_SPLIT_STALE_VIEWS, &st->redirects);
}

/* The ids of the allocs (names.c), then of the later values (values.c). */
static int name_buffers(MlirOperation func, size_t nallocs, stages *st) {
  st->ids = calloc(st->live.n ? st->live.n : 1, sizeof *st->ids);
  if (!st->ids)
    return -1;
  mp_liveness allocs = st->live;
  allocs.n = nallocs;
  /* the second slots of loop-carried allocs come last (carried.h) and are
   * named after their alloc below, not as allocs of their own */
  while (allocs.n > 0 && st->live.buffers[allocs.n - 1].twin_of)
    allocs.n--;
  if (mp_name_buffers(func, &allocs, st->ids))
    return -1;
  /* "%alloc_8{odd}": the slot of a loop-carried alloc for odd iterations */
  for (size_t i = 0; i < nallocs; ++i)
    if (st->live.buffers[i].twin_of) {
      char first[MP_ID_LEN];
      snprintf(first, sizeof first, "%s", st->ids[st->live.buffers[i].twin_of - 1]);
      snprintf(st->ids[i], MP_ID_LEN, "%.80s{odd}", first);
    }
  /* "%alloc_8[2]": the value the alloc's second split point starts */
  for (size_t k = 0; k < st->values.nvals; ++k) {
    const mp_value *v = &st->values.vals[k];
    if (v->unit == SIZE_MAX || v->unit < nallocs)
      continue;
    char parent[MP_ID_LEN];
    snprintf(parent, sizeof parent, "%s", st->ids[st->live.buffers[v->unit].value_of - 1]);
    snprintf(st->ids[v->unit], MP_ID_LEN, "%.80s[%zu]", parent, v->no);
  }
  return 0;
}

/* One attempt of schedule -> liveness -> values -> in place -> names ->
 * problem -> plan. Returns an MP_PLAN_* code with err set. */
static int plan_once(MlirOperation func, const memplan_pass_options *o,
                     const mp_call_facts *calls, const mp_copies_result *copies,
                     mp_ptrmap *over_limit, stages *st, char *err, size_t err_len) {
  memset(st, 0, sizeof *st);
  mp_liveness_options lo = {o->alignment, o->arena == MEMPLAN_ARENA_GLOBAL, over_limit,
                            calls};
  if (mp_schedule_build(func, &st->sched)) {
    snprintf(err, err_len, "memplan-static: cannot number the ops (out of "
                           "memory or nesting too deep)");
    return MP_PLAN_FAILED;
  }
  if (mp_liveness_build(func, &st->sched, &lo, &st->live, err, err_len))
    return MP_PLAN_FAILED;
  size_t nallocs = st->live.n;
  if (lower_the_bound(o, copies, st) || name_buffers(func, nallocs, st) ||
      mp_problems_build(&st->live, st->ids, o, &st->problems)) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return MP_PLAN_FAILED;
  }
  /* attributions before spill (its choice counts them) and again after (a
   * spill builds the problems anew) */
  if (mp_attributions_apply(func, &st->live, o, &st->problems, err, err_len))
    return MP_PLAN_OVER_CAPACITY;
  if (o->nspills && (mp_spill_spaces(mlirOperationGetContext(func), o, &st->live, st->ids,
                                     &st->problems, st->spill_note, sizeof st->spill_note,
                                     err, err_len) ||
                     mp_attributions_apply(func, &st->live, o, &st->problems, err, err_len)))
    return MP_PLAN_FAILED;
  if (!(st->plans = calloc(st->problems.n ? st->problems.n : 1, sizeof *st->plans))) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return MP_PLAN_FAILED;
  }
  for (size_t s = 0; s < st->problems.n; ++s)
    memplan_plan_init(&st->plans[s]);
  int rc = mp_plan_spaces(&st->problems, &st->live, &st->sched, o, st->plans, over_limit,
                          err, err_len);
  if (rc == MP_PLAN_OVER_CAPACITY && st->spill_note[0]) {
    size_t used = strlen(err);
    snprintf(err + used, err_len - used, "%s", st->spill_note);
  }
  if (rc == MP_PLAN_OK && o->corrupt == MEMPLAN_CORRUPT_SPILL_OVERLAP)
    mp_spill_corrupt(&st->live, &st->problems, st->plans);
  return rc;
}

/* Removes the copies that copies.h can (on the IR, before the other stages
 * analyse it), judged on the function's own schedule and liveness. A
 * function whose schedule or liveness fails is left as it is: plan_once
 * fails the same way and reports why.
 * Returns 0, or -1 if memory runs out. */
static int remove_copies(MlirOperation func, const memplan_pass_options *o,
                         const mp_call_facts *calls, mp_copies_result *out) {
  mp_schedule sched = {0};
  mp_liveness live = {0};
  mp_liveness_options lo = {o->alignment, o->arena == MEMPLAN_ARENA_GLOBAL, NULL, calls};
  char err[512];
  int rc = 0;
  if (mp_schedule_build(func, &sched) == 0 &&
      mp_liveness_build(func, &sched, &lo, &live, err, sizeof err) == 0)
    rc = mp_copies_remove(func, &sched, &live, o->corrupt == MEMPLAN_CORRUPT_COPIES_FILL_LATE,
                          out);
  mp_liveness_free(&live);
  mp_schedule_free(&sched);
  return rc;
}

/* At most two attempts: when an arena passes 2^62 bytes, the buffers to
 * leave alone are chosen so that the second cannot (plan.c). */
static int plan_with_retry(MlirOperation func, const memplan_pass_options *o,
                           const mp_call_facts *calls, const mp_copies_result *copies,
                           stages *st, char *err, size_t err_len) {
  mp_ptrmap over_limit = {0};
  int rc = plan_once(func, o, calls, copies, &over_limit, st, err, err_len);
  if (rc == MP_PLAN_RETRY) {
    stages_free(st);
    rc = plan_once(func, o, calls, copies, &over_limit, st, err, err_len);
    if (rc == MP_PLAN_RETRY)
      rc = MP_PLAN_FAILED; /* cannot be: err says what was too large */
  }
  mp_ptrmap_free(&over_limit);
  return rc;
}

/* The arena bytes of st's plans, summed over memory spaces. */
static uint64_t arena_bytes(const stages *st) {
  uint64_t sum = 0;
  for (size_t s = 0; s < st->problems.n; ++s)
    sum += st->plans[s].peak;
  return sum;
}

/* Plans with the steps that lower the bound; never worse than without them.
 * A heuristic planner may pack the steps' buffers worse than the allocs
 * (a group written in place is one longer-lived buffer) though their bound
 * is lower. No plan without the steps is below the given order's bound, so
 * only when the arena is above it is the function planned again without
 * the steps, and that plan kept if it is smaller (steps.dropped says so).
 * The negative controls keep their corrupted plan. */
static int plan_function(MlirOperation func, const memplan_pass_options *o,
                         const mp_call_facts *calls, const mp_copies_result *copies,
                         stages *st, char *err, size_t err_len) {
  int rc = plan_with_retry(func, o, calls, copies, st, err, err_len);
  const mp_steps *k = &st->steps;
  if (rc != MP_PLAN_OK || o->corrupt != MEMPLAN_CORRUPT_NONE ||
      k->count[MP_STEP_SPLIT] + k->count[MP_STEP_INPLACE] == 0 ||
      arena_bytes(st) <= k->after[MP_STEP_COPIES])
    return rc;
  memplan_pass_options without = *o;
  without.split = without.in_place = false;
  stages alt;
  char alt_err[512];
  if (plan_with_retry(func, &without, calls, copies, &alt, alt_err, sizeof alt_err) == MP_PLAN_OK &&
      arena_bytes(&alt) < arena_bytes(st)) {
    mp_steps kept = st->steps;
    kept.dropped = true;
    kept.arena_with = arena_bytes(st);
    kept.arena_without = arena_bytes(&alt);
    stages_free(st);
    *st = alt;
    st->steps = kept;
    return rc;
  }
  stages_free(&alt);
  return rc;
}

/* The op order (order.h), found on st's stages: the ops are moved and the
 * function planned again; the new order is kept when its bound is lower and
 * its arena not larger (the negative control keeps it whatever they are),
 * else the ops go back and st stays. *kept says the ops stay moved, so that
 * a later failure can move them back. */
static int plan_order(MlirOperation func, const memplan_pass_options *o,
                      const mp_call_facts *calls, const mp_copies_result *copies, stages *st,
                      mp_order *ord, bool *kept, char *err, size_t err_len) {
  bool corrupt = o->corrupt == MEMPLAN_CORRUPT_ORDER_IGNORE_EFFECTS;
  mp_steps k = st->steps;
  k.on[MP_STEP_ORDER] = true;
  k.after[MP_STEP_ORDER] = k.after[MP_STEP_INPLACE];
  st->steps = k;
  if (mp_order_find(func, &st->sched, &st->live, &st->values, corrupt, ord)) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return MP_PLAN_FAILED;
  }
  if (ord->moved == 0)
    return MP_PLAN_OK;
  mp_order_apply(ord, true);
  stages alt;
  char alt_err[512];
  int rc = plan_function(func, o, calls, copies, &alt, alt_err, sizeof alt_err);
  uint64_t bound = alt.steps.after[MP_STEP_INPLACE];
  if (rc == MP_PLAN_OK &&
      (corrupt || (bound < k.after[MP_STEP_INPLACE] && arena_bytes(&alt) <= arena_bytes(st)))) {
    k.after[MP_STEP_ORDER] = bound;
    k.count[MP_STEP_ORDER] = ord->moved;
    k.dropped = alt.steps.dropped;
    k.arena_with = alt.steps.arena_with;
    k.arena_without = alt.steps.arena_without;
    stages_free(st);
    *st = alt;
    st->steps = k;
    *kept = true;
    return MP_PLAN_OK;
  }
  stages_free(&alt);
  mp_order_apply(ord, false);
  return MP_PLAN_OK;
}

/*--- outputs ----------------------------------------------------------------*/

/* Renders one file (a picture of arena s, -1 for the empty picture of a
 * function without arenas; or the report) and adds it to f->files. Returns
 * 0, or -1 with err set. */
static int add_file(memplan_function *f, const mp_planned *pf, mp_file_kind kind,
                    const char *path, const char *fname, int64_t s, char *err,
                    size_t err_len) {
  int64_t arena = kind == MP_FILE_REPORT ? -1 : s < 0 ? 0 : s;
  mp_file file = {mp_output_path(path, fname, arena), NULL, 0, kind,
                  strdup(pf->func), arena};
  int rc = kind == MP_FILE_REPORT
               ? mp_render_report(pf, &file.text, &file.len, err, err_len)
               : mp_render_picture(pf, s, &file.text, &file.len, err, err_len);
  if (rc == 0 && file.path && file.owner) {
    if (mp_files_add(&f->files, file) == 0)
      return 0; /* else mp_files_add freed it */
    snprintf(err, err_len, "memplan-static: out of memory");
    return -1;
  }
  if (rc == 0)
    snprintf(err, err_len, "memplan-static: out of memory");
  free(file.path);
  free(file.text);
  free(file.owner);
  return -1;
}

/* Renders the report and the pictures (one per arena, or one empty picture)
 * into f->files. Returns 0, or -1 with err set. */
static int render_files(const mp_planned *pf, const memplan_pass_options *o,
                        memplan_function *f, char *err, size_t err_len) {
  char *fname = mp_func_name(f->func, true);
  if (!fname) {
    snprintf(err, err_len, "memplan-static: out of memory");
    return -1;
  }
  int rc = 0;
  if (o->report[0])
    rc = add_file(f, pf, MP_FILE_REPORT, o->report, fname, -1, err, err_len);
  size_t n = pf->p->n ? pf->p->n : 1;
  for (size_t s = 0; rc == 0 && o->picture[0] && s < n; ++s)
    rc = add_file(f, pf, MP_FILE_PICTURE, o->picture, fname,
                  pf->p->n ? (int64_t)s : -1, err, err_len);
  free(fname);
  return rc;
}

/*--- the function -----------------------------------------------------------*/

/* arena=global on a function that may run concurrently with itself would
 * give its activations one arena: refused, naming the call that does it. */
static bool refuse_concurrent(MlirOperation func, const memplan_module *module,
                              const memplan_pass_options *o) {
  MlirOperation why;
  if (o->arena != MEMPLAN_ARENA_GLOBAL || !memplan_module_concurrent(module, func, &why))
    return false;
  char name[96], where[120], msg[512];
  mp_op_name(why, name, sizeof name);
  mp_loc_text(mlirOperationGetLocation(why), where, sizeof where);
  MlirOperation caller = why;
  while (!mlirOperationIsNull(mlirOperationGetParentOperation(caller)) &&
         !memplan_op_is_function(caller))
    caller = mlirOperationGetParentOperation(caller);
  char *cname = mp_func_name(caller, false);
  snprintf(msg, sizeof msg,
           "memplan-static: arena=global, but the function may run "
           "concurrently with itself (the '%s' at %s in @%.100s runs in a "
           "parallel or async context), and its activations would share one "
           "arena; use arena=alloc",
           name, where, cname ? cname : "?");
  free(cname);
  diagnose(func, func, true, msg);
  return true;
}

/* The arena kind this function gets: arena=arg only where every caller can
 * be updated (arena_arg.h) and on host functions; else arena=alloc, said in
 * a remark, since the function's signature then stays as it was. */
static memplan_arena_kind arena_kind(MlirOperation func, const memplan_module *module,
                                     const memplan_pass_options *o) {
  if (o->arena == MEMPLAN_ARENA_ALLOC)
    return o->arena;
  MlirOperation why = {NULL}, parent = mlirOperationGetParentOperation(func);
  char msg[512], name[96], where[120];
  if (!mp_op_is(func, "func.func") ||
      (!mlirOperationIsNull(parent) && mp_op_is(parent, "gpu.module"))) {
    /* Device code: the threads of a kernel run it at the same time, so a
     * global would be one arena for all of them; a kernel's caller is a
     * launch, which passes no arena. */
    mp_op_name(func, name, sizeof name);
    snprintf(msg, sizeof msg,
             "memplan-static: arena=%s: a '%s'%s keeps its arena allocated (%s)",
             o->arena == MEMPLAN_ARENA_ARG ? "arg" : "global", name,
             mp_op_is(func, "func.func") ? " in a gpu.module" : "",
             o->arena == MEMPLAN_ARENA_ARG
                 ? "its callers are kernels and launches, which pass no arena"
                 : "device code runs in many threads at once, which one global "
                   "arena cannot serve");
  } else if (o->arena != MEMPLAN_ARENA_ARG) {
    return o->arena;
  } else if (mp_module_arg_refused(module, func, &why)) {
    mp_op_name(why, name, sizeof name);
    mp_loc_text(mlirOperationGetLocation(why), where, sizeof where);
    snprintf(msg, sizeof msg,
             "memplan-static: arena=arg: the function keeps its arena allocated: "
             "'%s' at %s uses its symbol, and only func.call callers can be "
             "given the arena", name, where);
  } else {
    return MEMPLAN_ARENA_ARG;
  }
  if (o->remarks != MEMPLAN_REMARKS_NONE)
    diagnose(func, func, false, msg);
  return MEMPLAN_ARENA_ALLOC;
}

static void remark_left_alone(MlirOperation func, const stages *st) {
  for (size_t i = 0; i < st->live.n; ++i) {
    const mp_buffer *b = &st->live.buffers[i];
    if (b->skip == MP_PLANNED)
      continue;
    char msg[600];
    snprintf(msg, sizeof msg, "memplan-static: %s left alone: %s", st->ids[i], b->why);
    diagnose(func, b->op, false, msg);
  }
  /* the split points a buffer's aliases made unsafe (values.h) */
  for (size_t k = 0; k < st->values.nnotes; ++k) {
    const mp_value_note *n = &st->values.notes[k];
    const char *id = "?";
    for (size_t i = 0; i < st->live.n; ++i)
      if (mlirOperationEqual(st->live.buffers[i].op, n->alloc) && !st->live.buffers[i].value_of)
        id = st->ids[i];
    char msg[400];
    snprintf(msg, sizeof msg, "memplan-static: %s %s", id, n->text);
    diagnose(func, n->alloc, false, msg);
  }
}

/* A gpu.launch body's workgroup or private arena stays a memref.alloc,
 * which upstream lowers to malloc once outlined (attributions.h): said with
 * remarks=all. */
static void remark_launch_arenas(MlirOperation func, const stages *st) {
  for (size_t s = 0; s < st->problems.n; ++s) {
    const mp_space *sp = &st->problems.spaces[s];
    if (mlirOperationIsNull(sp->scope) || !mp_op_is(sp->scope, "gpu.launch") ||
        !sp->problem.count || mlirAttributeIsNull(sp->attr))
      continue;
    const char *kind = mp_space_named(sp->attr, "workgroup") ? "workgroup"
                       : mp_space_named(sp->attr, "private") ? "private"
                                                             : NULL;
    if (!kind)
      continue;
    char msg[400];
    snprintf(msg, sizeof msg,
             "memplan-static: the %s arena of this 'gpu.launch' stays a memref.alloc "
             "(a launch's %s attributions carry no alignment); plan after "
             "--gpu-kernel-outlining to make it a %s attribution of the kernel",
             kind, kind, kind);
    diagnose(func, sp->scope, false, msg);
  }
}

static void redirect_values(void *ctx, const MlirValue *views) {
  mp_values_redirect(ctx, views);
}

MlirLogicalResult memplan_plan_function(MlirOperation func,
                                        const memplan_module *module,
                                        const memplan_pass_options *o,
                                        memplan_function **out) {
  double t0 = now_seconds();
  char err[2048] = "";
  *out = NULL;
  if (refuse_concurrent(func, module, o))
    return mlirLogicalResultFailure();
  stages st;
  memset(&st, 0, sizeof st);
  memplan_function *f = calloc(1, sizeof *f);
  const mp_call_facts *calls = mp_module_call_facts(module);
  /* once, before any planning: the order's second plan must not remove
   * more (the ops it would destroy may have to move back) */
  mp_copies_result copies = {0};
  int rc = MP_PLAN_OK;
  if (o->copies && remove_copies(func, o, calls, &copies)) {
    snprintf(err, sizeof err, "memplan-static: out of memory");
    rc = MP_PLAN_FAILED;
  }
  if (rc == MP_PLAN_OK)
    rc = plan_function(func, o, calls, &copies, &st, err, sizeof err);
  mp_order ord = {0};
  bool reordered = false;
  if (rc == MP_PLAN_OK && o->reorder)
    rc = plan_order(func, o, calls, &copies, &st, &ord, &reordered, err, sizeof err);
  if (o->remarks == MEMPLAN_REMARKS_ALL && st.ids)
    remark_left_alone(func, &st);
  if (o->remarks == MEMPLAN_REMARKS_ALL && rc == MP_PLAN_OK)
    remark_launch_arenas(func, &st);
  char *name = mp_func_name(func, false);
  mp_planned pf = {name ? name : "?", &st.live,     &st.sched, st.ids,
                   &st.problems,       st.plans,     &st.steps};
  if (rc == 0 && !f)
    rc = -1, snprintf(err, sizeof err, "memplan-static: out of memory");
  if (rc == 0)
    f->func = func;
  if (rc == 0 && module && render_files(&pf, o, f, err, sizeof err))
    rc = -1;
  /* The summary is written before the rewrite, which erases ops the
   * schedule still names (the op at the peak step may be an alloc or a
   * dealloc); its time is that of the analysis and the plan. "planned 0 of
   * 0 buffers" tells nothing: the summary level skips functions without
   * allocs. */
  char msg[4096] = "";
  if (rc == 0 && (o->remarks == MEMPLAN_REMARKS_ALL ||
                  (o->remarks == MEMPLAN_REMARKS_SUMMARY && st.live.n > 0)))
    mp_summary_text(&pf, o->planner, (now_seconds() - t0) * 1e3, msg, sizeof msg);
  memplan_arena_kind kind = arena_kind(func, module, o);
  mp_rewrite_in in = {kind, module ? &module->taken : NULL, redirect_values, &st.redirects,
                      f ? &f->args : NULL, o->corrupt == MEMPLAN_CORRUPT_CARRIED_ONE_SLOT};
  if (rc == 0 && mp_rewrite(func, &st.live, &st.problems, st.plans, &in,
                            &f->globals, &f->nglobals, &f->capglobals, err, sizeof err))
    rc = -1;
  if (rc == 0 && msg[0])
    diagnose(func, func, false, msg);
  if (rc)
    diagnose(func, func, true, err);
  if (rc && reordered) /* mp_rewrite left the function as it was: the order too */
    mp_order_apply(&ord, false);
  mp_order_free(&ord);
  free(name);
  stages_free(&st);
  if (rc == 0 && module)
    *out = f;
  else if (f) {
    mp_files_free(&f->files);
    free(f->globals);
    mp_arena_args_free(&f->args);
    free(f);
  }
  return rc ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
