/*===-- report.c - What the pass tells: remarks, reports, pictures --------===*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "report.h"

#include "../io/utf8.h" /* internal: shared with the JSON and SVG writers */

#include "memplan/json.h"
#include "memplan/svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- the summary ------------------------------------------------------------*/

void mp_summary_text(const mp_planned *f, const char *planner, double ms,
                     char *buf, size_t len) {
  size_t planned = 0, skipped = 0, unsized = 0;
  unsigned __int128 sum_planned = 0, sum_skipped = 0, lb = 0, arena = 0;
  for (size_t i = 0; i < f->l->n; ++i) {
    const mp_buffer *b = &f->l->buffers[i];
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
  char winner[64] = "";
  for (size_t s = 0; s < f->p->n; ++s) {
    const memplan_plan *pl = &f->plans[s];
    lb += pl->lower_bound;
    arena += pl->peak;
    optimal = optimal && pl->status == MEMPLAN_OPTIMAL;
    /* A portfolio names its winner "auto:exact": show "auto (exact)". */
    const char *w = pl->planner;
    size_t pn = strlen(planner);
    if (strncmp(w, planner, pn) == 0 && w[pn] == ':')
      w += pn + 1;
    if (!winner[0] && w[0] && strcmp(w, planner) != 0)
      snprintf(winner, sizeof winner, " (%s)", w);
  }
  char status[64], unknown[64] = "", t1[48], t2[48], t3[48], t4[48];
  if (optimal)
    snprintf(status, sizeof status, "optimal");
  else
    snprintf(status, sizeof status, "gap %.2f%%",
             lb ? 100.0 * (double)(arena - lb) / (double)lb : 0.0);
  if (unsized)
    snprintf(unknown, sizeof unknown, " and %zu of unknown size", unsized);
  snprintf(buf, len,
           "memplan-static: planned %zu of %zu buffers (%zu left alone); "
           "sizes %s bytes planned, %s left alone%s; lower bound %s bytes; "
           "arena %s bytes in %zu arena%s; planner %s%s; %s; %.3f ms",
           planned, planned + skipped, skipped, mp_u128_text(sum_planned, t1),
           mp_u128_text(sum_skipped, t2), unknown, mp_u128_text(lb, t3),
           mp_u128_text(arena, t4), f->p->n, f->p->n == 1 ? "" : "s", planner,
           winner, status, ms);
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

static json_t *report_json(const mp_planned *f) {
  json_t *root = json_object(), *arenas = json_array(), *skipped = json_array();
  /* A symbol name need not be UTF-8; JSON strings must be (jansson would
   * refuse it and the key would silently go missing). */
  char *uname = memplan_utf8_sanitize(f->func);
  bool ok = root && arenas && skipped && uname &&
            !json_object_set_new(root, "function", json_string(uname));
  free(uname);
  for (size_t s = 0; ok && s < f->p->n; ++s) {
    json_t *j = memplan_json_summary(&f->p->spaces[s].problem, &f->plans[s], true);
    ok = j && !json_object_set_new(j, "arena", json_integer((json_int_t)s)) &&
         !json_object_set_new(j, "memory_space", space_json(f->p->spaces[s].attr)) &&
         (!f->p->spaces[s].stack || !json_object_set_new(j, "stack", json_true())) &&
         !json_array_append_new(arenas, j);
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
       !json_object_set(root, "skipped", skipped);
  json_decref(arenas);
  json_decref(skipped);
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
