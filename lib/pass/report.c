/*===-- report.c - What the pass tells: remarks, reports, pictures --------===*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "report.h"

#include "../io/utf8.h" /* internal: shared with the JSON and SVG writers */

#include "memplan/json.h"
#include "memplan/svg.h"
#include "peak.h"
#include "spaces.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- the summary ------------------------------------------------------------*/

/* "; bound 1293152 -> 593280 bytes (copies 0 at 0 copies, split -699872 by
 * 45 values, in-place 0 at 0 ops)": the max-live bound of the given op order, what each step took
 * off, and how often it acted. */
static void steps_text(const mp_steps *k, char *buf, size_t len) {
  char t1[48], t2[48];
  uint64_t last = k->given, final = k->given;
  for (int s = 0; s < MP_NSTEPS; ++s)
    if (k->on[s])
      final = k->after[s];
  int w = snprintf(buf, len, "; bound %s -> %s bytes (", mp_u128_text(k->given, t1),
                   mp_u128_text(final, t2));
  for (int s = 0; s < MP_NSTEPS && w > 0 && (size_t)w < len; ++s) {
    const char *sep = s ? ", " : "";
    if (!k->on[s]) {
      w += snprintf(buf + w, len - (size_t)w, "%s%s off", sep, mp_step_name(s));
      continue;
    }
    static const char *const acts[MP_NSTEPS] = {"at %llu cop%s", "by %llu value%s",
                                                "at %llu op%s", "moving %llu op%s"};
    static const char *const one[MP_NSTEPS] = {"y", "", "", ""}, *const many[MP_NSTEPS] = {
                                                                  "ies", "s", "s", "s"};
    int64_t d = (int64_t)(k->after[s] - last);
    w += snprintf(buf + w, len - (size_t)w, "%s%s %s%lld ", sep, mp_step_name(s),
                  d > 0 ? "+" : "", (long long)d);
    if (w > 0 && (size_t)w < len)
      w += snprintf(buf + w, len - (size_t)w, acts[s], (unsigned long long)k->count[s],
                    k->count[s] == 1 ? one[s] : many[s]);
    last = k->after[s];
  }
  if (w > 0 && (size_t)w < len)
    w += snprintf(buf + w, len - (size_t)w, ")");
  if (k->dropped && w > 0 && (size_t)w < len)
    snprintf(buf + w, len - (size_t)w,
             "; split and in-place not used: the planner's arena without them is smaller "
             "(%s < %s bytes)",
             mp_u128_text(k->arena_without, t1), mp_u128_text(k->arena_with, t2));
}

/* The planner that won the portfolio, as " (exact)", when it is not the one
 * asked for; "" otherwise. */
static void winner_text(const mp_planned *f, const char *planner, char *buf, size_t len) {
  buf[0] = 0;
  for (size_t s = 0; s < f->p->n && !buf[0]; ++s) {
    /* A portfolio names its winner "auto:exact": show "auto (exact)". */
    const char *w = f->plans[s].planner;
    size_t pn = strlen(planner);
    if (strncmp(w, planner, pn) == 0 && w[pn] == ':')
      w += pn + 1;
    if (w[0] && strcmp(w, planner) != 0)
      snprintf(buf, len, " (%s)", w);
  }
}

/* The peak of arena s, for "why is my arena this big" (peak.h). */
static void peak_of(const mp_planned *f, size_t s, char *buf, size_t len) {
  const memplan_problem *pr = &f->p->spaces[s].problem;
  mp_peak pk;
  mp_peak_find(pr, &pk);
  MlirOperation at = {NULL};
  if (f->sched && pk.step >= 0 && (size_t)pk.step < f->sched->n)
    at = f->sched->ops[pk.step];
  mp_peak_text(&pk, pr, at, buf, len);
}

/* The arenas' part of the summary. One arena: "lower bound L bytes; arena
 * A bytes in 1 arena". Several: each with its memory space, since bytes of
 * host memory and of a GPU's shared memory do not add up to anything. Then,
 * after `tail` (the planner and the time), where each arena peaks. */
static void arenas_text(const mp_planned *f, const char *tail, char *buf, size_t len) {
  size_t used = 0, n = f->p->n;
#define PUT(...) \
  (used += used < len ? (size_t)snprintf(buf + used, len - used, __VA_ARGS__) : 0)
  char t1[48], t2[48], label[400], peak[600];
  if (n == 0 || (n == 1 && mlirOperationIsNull(f->p->spaces[0].scope))) {
    unsigned __int128 lb = n ? f->plans[0].lower_bound : 0, arena = n ? f->plans[0].peak : 0;
    PUT("lower bound %s bytes; arena %s bytes in %zu arena%s; %s", mp_u128_text(lb, t1),
        mp_u128_text(arena, t2), n, n == 1 ? "" : "s", tail);
  } else {
    PUT("%zu arena%s:", n, n == 1 ? "" : "s");
    for (size_t s = 0; s < n; ++s) {
      mp_space_label(&f->p->spaces[s], label, sizeof label);
      PUT("%s arena %zu of %llu bytes (lower bound %llu) in %s", s ? "," : "", s,
          (unsigned long long)f->plans[s].peak,
          (unsigned long long)f->plans[s].lower_bound, label);
    }
    PUT("; %s", tail);
  }
  for (size_t s = 0; s < n; ++s) {
    peak_of(f, s, peak, sizeof peak);
    if (n == 1 && mlirOperationIsNull(f->p->spaces[0].scope))
      PUT("; %s", peak);
    else
      PUT("; arena %zu: %s", s, peak);
  }
#undef PUT
}

/* "; spilled 2 buffers, 3072 bytes, from 1 to 0: %alloc_3, %alloc_7", one
 * clause per pair of spaces, in the order of the first buffer moved. */
static void spilled_text(const mp_planned *f, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < f->l->n; ++i) {
    const mp_buffer *b = &f->l->buffers[i];
    bool first = b->spilled;
    for (size_t j = 0; first && j < i; ++j)
      first = !(f->l->buffers[j].spilled &&
                mlirAttributeEqual(f->l->buffers[j].spilled_from, b->spilled_from) &&
                mlirAttributeEqual(f->l->buffers[j].space, b->space));
    if (!first)
      continue;
    size_t count = 0;
    uint64_t bytes = 0;
    char names[1024] = "", from[128], to[128];
    size_t nl = 0;
    for (size_t j = i; j < f->l->n; ++j) {
      const mp_buffer *c = &f->l->buffers[j];
      if (!c->spilled || !mlirAttributeEqual(c->spilled_from, b->spilled_from) ||
          !mlirAttributeEqual(c->space, b->space))
        continue;
      count++;
      bytes += c->size;
      if (nl < sizeof names)
        nl += (size_t)snprintf(names + nl, sizeof names - nl, "%s%s", count > 1 ? ", " : "",
                               f->ids[j]);
    }
    mp_space_name(b->spilled_from, from, sizeof from);
    mp_space_name(b->space, to, sizeof to);
    if (used < len)
      used += (size_t)snprintf(buf + used, len - used,
                               "; spilled %zu buffer%s, %llu bytes, from %s to %s: %s", count,
                               count == 1 ? "" : "s", (unsigned long long)bytes, from, to,
                               names);
  }
}

void mp_summary_text(const mp_planned *f, const char *planner, double ms,
                     char *buf, size_t len) {
  size_t planned = 0, skipped = 0, unsized = 0;
  unsigned __int128 sum_planned = 0, sum_skipped = 0, lb = 0, arena = 0;
  for (size_t i = 0; i < f->l->n; ++i) {
    const mp_buffer *b = &f->l->buffers[i];
    if (b->value_of) /* a later value of an alloc counted here */
      continue;
    if (b->twin_of) { /* the second slot of a loop-carried alloc: its bytes */
      sum_planned += b->size;
      continue;
    }
    if (b->skip == MP_PLANNED) {
      planned++;
      sum_planned += b->size;
    } else {
      /* Left alone before (or because) their size is known: counted
       * apart, so "0 left alone" does not read as if two dynamic buffers
       * took no memory. */
      skipped++;
      sum_skipped += b->size;
      unsized += mp_skip_unsized(b->skip);
    }
  }
  bool optimal = true;
  for (size_t s = 0; s < f->p->n; ++s) {
    lb += f->plans[s].lower_bound;
    arena += f->plans[s].peak;
    optimal = optimal && f->plans[s].status == MEMPLAN_OPTIMAL;
  }
  char winner[64], status[64], unknown[64] = "", t1[48], t2[48], tail[256], arenas[3000];
  winner_text(f, planner, winner, sizeof winner);
  if (optimal)
    snprintf(status, sizeof status, "optimal");
  else
    snprintf(status, sizeof status, "gap %.2f%%",
             lb ? 100.0 * (double)(arena - lb) / (double)lb : 0.0);
  if (unsized)
    snprintf(unknown, sizeof unknown, " and %zu of unknown size", unsized);
  char steps[448], spilled[1500];
  steps_text(f->steps, steps, sizeof steps);
  spilled_text(f, spilled, sizeof spilled);
  snprintf(tail, sizeof tail, "planner %s%s; %s; %.3f ms", planner, winner, status, ms);
  arenas_text(f, tail, arenas, sizeof arenas);
  snprintf(buf, len,
           "memplan-static: planned %zu of %zu buffers (%zu left alone); "
           "sizes %s bytes planned, %s left alone%s; %s%s%s",
           planned, planned + skipped, skipped, mp_u128_text(sum_planned, t1),
           mp_u128_text(sum_skipped, t2), unknown, arenas, steps, spilled);
}

/*--- the JSON report --------------------------------------------------------*/

/* The report's "memory_space": 0 for the default space, N for an integer
 * space N, else the attribute as MLIR prints it (a string, so that it can
 * never be mistaken for a number). */
static json_t *space_json(MlirAttribute attr) {
  int64_t v = 0;
  switch (mp_space_classify(attr, &v)) {
  case MP_SPACE_DEFAULT:
    return json_integer(0);
  case MP_SPACE_INT:
    return json_integer((json_int_t)v);
  case MP_SPACE_OTHER:
    break;
  }
  char buf[512];
  mp_textbuf nb = {buf, sizeof buf, 0};
  buf[0] = 0;
  mlirAttributePrint(attr, mp_textbuf_append, &nb);
  return json_string(buf);
}

/* {"given": G, "copies": C, "split": S, "in-place": I, "order": O}: the max-live bound
 * of the given op order and after each step (null: the step is off). */
static json_t *bound_json(const mp_steps *k) {
  json_t *j = json_object();
  if (!j || json_object_set_new(j, "given", json_integer((json_int_t)k->given))) {
    json_decref(j);
    return NULL;
  }
  for (int s = 0; s < MP_NSTEPS; ++s)
    if (json_object_set_new(j, mp_step_name(s),
                            k->on[s] ? json_integer((json_int_t)k->after[s]) : json_null())) {
      json_decref(j);
      return NULL;
    }
  if (json_object_set_new(j, "used", json_boolean(!k->dropped))) {
    json_decref(j);
    return NULL;
  }
  return j;
}

/* The arena's "peak_live": the step where the most bytes are live, its op
 * and location, the bytes, how many buffers, and the largest of them. */
static json_t *peak_json(const mp_planned *f, size_t s) {
  const memplan_problem *pr = &f->p->spaces[s].problem;
  mp_peak pk;
  mp_peak_find(pr, &pk);
  json_t *o = json_object(), *largest = json_array();
  bool ok = o && largest && !json_object_set_new(o, "step", json_integer(pk.step)) &&
            !json_object_set_new(o, "bytes", json_integer((json_int_t)pk.live)) &&
            !json_object_set_new(o, "buffers_count", json_integer((json_int_t)pk.nlive));
  if (ok && f->sched && pk.step >= 0 && (size_t)pk.step < f->sched->n) {
    char name[96], loc[200];
    MlirOperation at = f->sched->ops[pk.step];
    mp_op_name(at, name, sizeof name);
    mp_loc_text(mlirOperationGetLocation(at), loc, sizeof loc);
    char *uloc = memplan_utf8_sanitize(loc);
    ok = uloc && !json_object_set_new(o, "op", json_string(name)) &&
         !json_object_set_new(o, "location", json_string(uloc));
    free(uloc);
  }
  for (size_t t = 0; ok && t < pk.ntop; ++t) {
    char nb[24];
    json_t *b = json_object();
    ok = b && !json_object_set_new(b, "id", json_string(memplan_buffer_name(pr, pk.top[t], nb))) &&
         !json_object_set_new(b, "size", json_integer((json_int_t)pr->buffers[pk.top[t]].size)) &&
         !json_array_append_new(largest, b);
  }
  ok = ok && !json_object_set(o, "largest", largest);
  json_decref(largest);
  if (!ok) {
    json_decref(o);
    return NULL;
  }
  return o;
}

/* The arena's "scope": "function", or the parallel op whose body allocates
 * it once per iteration, with its location (parallel.h). */
static json_t *scope_json(MlirOperation scope) {
  if (mlirOperationIsNull(scope))
    return json_string("function");
  char name[96], loc[200];
  mp_op_name(scope, name, sizeof name);
  mp_loc_text(mlirOperationGetLocation(scope), loc, sizeof loc);
  char *uloc = memplan_utf8_sanitize(loc);
  json_t *o = json_object();
  if (!uloc || !o || json_object_set_new(o, "op", json_string(name)) ||
      json_object_set_new(o, "location", json_string(uloc))) {
    json_decref(o);
    o = NULL;
  }
  free(uloc);
  return o;
}

static json_t *report_json(const mp_planned *f) {
  json_t *root = json_object(), *arenas = json_array(), *skipped = json_array(),
         *spilled = json_array();
  /* A symbol name need not be UTF-8; JSON strings must be (jansson would
   * refuse it and the key would silently go missing). */
  char *uname = memplan_utf8_sanitize(f->func);
  bool ok = root && arenas && skipped && spilled && uname &&
            !json_object_set_new(root, "function", json_string(uname));
  free(uname);
  for (size_t s = 0; ok && s < f->p->n; ++s) {
    json_t *j = memplan_json_summary(&f->p->spaces[s].problem, &f->plans[s], true);
    ok = j && !json_object_set_new(j, "arena", json_integer((json_int_t)s)) &&
         !json_object_set_new(j, "memory_space", space_json(f->p->spaces[s].attr)) &&
         (!f->p->spaces[s].stack || !json_object_set_new(j, "stack", json_true())) &&
         !json_object_set_new(j, "peak_live", peak_json(f, s)) &&
         !json_object_set_new(j, "scope", scope_json(f->p->spaces[s].scope)) &&
         !json_array_append_new(arenas, j);
  }
  for (size_t i = 0; ok && i < f->l->n; ++i) {
    const mp_buffer *b = &f->l->buffers[i];
    if (!b->spilled)
      continue;
    json_t *j = json_object();
    ok = j && !json_object_set_new(j, "id", json_string(f->ids[i])) &&
         !json_object_set_new(j, "bytes", json_integer((json_int_t)b->size)) &&
         !json_object_set_new(j, "from", space_json(b->spilled_from)) &&
         !json_object_set_new(j, "to", space_json(b->space)) &&
         !json_array_append_new(spilled, j);
  }
  for (size_t i = 0; ok && i < f->l->n; ++i) {
    if (f->l->buffers[i].skip == MP_PLANNED)
      continue;
    json_t *j = json_object();
    ok = j && !json_object_set_new(j, "id", json_string(f->ids[i])) &&
         !json_object_set_new(j, "reason", json_string(f->l->buffers[i].why)) &&
         !json_array_append_new(skipped, j);
  }
  ok = ok && !json_object_set(root, "arenas", arenas) &&
       !json_object_set(root, "skipped", skipped) &&
       !json_object_set(root, "spilled", spilled) &&
       !json_object_set_new(root, "bound", bound_json(f->steps));
  json_decref(arenas);
  json_decref(skipped);
  json_decref(spilled);
  if (!ok) {
    json_decref(root);
    return NULL;
  }
  return root;
}

/* Runs write(stream, ctx) into a memory stream; the text in *text. */
static int render(int (*write)(FILE *, const void *, char *, size_t),
                  const void *ctx, char **text, size_t *len, char *err,
                  size_t err_len) {
  *text = NULL;
  *len = 0;
  FILE *m = open_memstream(text, len);
  char e[400] = "out of memory";
  int rc = m ? write(m, ctx, e, sizeof e) : -1;
  if (m && fclose(m) != 0)
    rc = -1;
  if (rc) {
    free(*text);
    *text = NULL;
    snprintf(err, err_len, "memplan-static: %s", e);
  }
  return rc;
}

static int write_report(FILE *out, const void *ctx, char *err, size_t err_len) {
  json_t *root = report_json(ctx);
  int rc = root ? memplan_json_fprint(out, root, err, err_len) : -1;
  json_decref(root);
  return rc;
}

int mp_render_report(const mp_planned *f, char **text, size_t *len, char *err,
                     size_t err_len) {
  return render(write_report, f, text, len, err, err_len);
}

/*--- pictures ---------------------------------------------------------------*/

typedef struct picture {
  const mp_planned *f;
  int64_t s;
} picture;

static int write_picture(FILE *out, const void *ctx, char *err, size_t err_len) {
  const picture *pc = ctx;
  memplan_problem empty;
  memplan_problem_init(&empty);
  memplan_svg_options so;
  memset(&so, 0, sizeof so);
  if (pc->s < 0)
    return memplan_svg_fprint(out, &empty, NULL, &so, err, err_len);
  /* The bound the report states (the planner's), not the load alone. */
  so.lower_bound = pc->f->plans[pc->s].lower_bound;
  return memplan_svg_fprint(out, &pc->f->p->spaces[pc->s].problem,
                            pc->f->plans[pc->s].offsets, &so, err, err_len);
}

int mp_render_picture(const mp_planned *f, int64_t s, char **text, size_t *len,
                      char *err, size_t err_len) {
  picture pc = {f, s};
  return render(write_picture, &pc, text, len, err, err_len);
}
