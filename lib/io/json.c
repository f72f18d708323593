/*===-- io/json.c - JSON reports of problems and plans (jansson) ----------===*\
|*                                                                            *|
|* Thin builders over jansson; see memplan/json.h for the schema. The one     *|
|* subtle point is 64-bit byte counts: jansson stores json_int_t (signed      *|
|* long long), so values above INT64_MAX are written as decimal strings       *|
|* instead of being wrapped to negative numbers. The other is text: jansson   *|
|* refuses a string that is not UTF-8, and ids from the C API (or a message   *|
|* cut by snprintf in the middle of a character) need not be, so every        *|
|* string goes through text(), which puts U+FFFD in place of the bad bytes.   *|
\*===----------------------------------------------------------------------===*/


#include "memplan/json.h"
#include "memplan/output.h"
#include "io/utf8.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *memplan_json_u64(uint64_t v) {
  if (v <= (uint64_t)INT64_MAX)
    return json_integer((json_int_t)v);
  char buf[24];
  snprintf(buf, sizeof buf, "%" PRIu64, v);
  return json_string(buf);
}

/* A JSON string of s, with U+FFFD for bytes that are not UTF-8 (see the
 * header comment); NULL only when memory runs out. */
static json_t *text(const char *s) {
  if (memplan_utf8_invalid_at(s) == (size_t)-1)
    return json_string(s);
  char *clean = memplan_utf8_sanitize(s);
  json_t *j = clean ? json_string(clean) : NULL;
  free(clean);
  return j;
}

/* Sets key to a new value, dropping the whole object on failure, so that
 * callers can chain calls and test for NULL once at the end. */
static json_t *set_new(json_t *obj, const char *key, json_t *value) {
  if (!obj)
    return json_decref(value), NULL;
  if (!value || json_object_set_new(obj, key, value) != 0) {
    json_decref(obj);
    return NULL;
  }
  return obj;
}

json_t *memplan_json_buffer(const memplan_problem *p, size_t i,
                            const uint64_t *offsets) {
  const memplan_buffer *b = &p->buffers[i];
  char name[24];
  json_t *o = json_object();
  o = set_new(o, "id", text(memplan_buffer_name(p, i, name)));
  o = set_new(o, "size", memplan_json_u64(b->size));
  o = set_new(o, "alignment", memplan_json_u64(b->alignment));
  o = set_new(o, "start", json_integer((json_int_t)b->start));
  o = set_new(o, "end", json_integer((json_int_t)b->end));
  if (offsets)
    o = set_new(o, "offset", memplan_json_u64(offsets[i]));
  else if (b->fixed)
    o = set_new(o, "offset", memplan_json_u64(b->offset));
  if (b->fixed)
    o = set_new(o, "fixed", json_true());
  return o;
}

/* Whether the plan holds offsets (see json.h): memplan_solve leaves none
 * behind a timeout or an error, and a caller releases them when a planner
 * proved or found nothing that fits. */
static bool has_offsets(const memplan_plan *plan) {
  return plan->offsets && plan->status != MEMPLAN_TIMEOUT &&
         plan->status != MEMPLAN_ERROR;
}

json_t *memplan_json_plan(const memplan_plan *plan) {
  bool planned = has_offsets(plan);
  double gap = 0.0;
  if (plan->lower_bound > 0 && plan->peak > plan->lower_bound)
    gap = (double)(plan->peak - plan->lower_bound) / (double)plan->lower_bound;
  json_t *o = json_object();
  o = set_new(o, "planner", text(plan->planner));
  o = set_new(o, "status", json_string(memplan_status_name(plan->status)));
  /* No plan, no peak: null rather than a 0 that reads as an empty arena. */
  o = set_new(o, "peak", planned ? memplan_json_u64(plan->peak) : json_null());
  o = set_new(o, "lower_bound", memplan_json_u64(plan->lower_bound));
  o = set_new(o, "gap", planned ? json_real(gap) : json_null());
  o = set_new(o, "seconds", json_real(plan->seconds));
  o = set_new(o, "work", memplan_json_u64(plan->work));
  if (plan->message[0])
    o = set_new(o, "message", text(plan->message));
  return o;
}

json_t *memplan_json_summary(const memplan_problem *p,
                             const memplan_plan *plan, bool with_buffers) {
  json_t *o = memplan_json_plan(plan);
  o = set_new(o, "buffers_count", memplan_json_u64(p->count));
  o = set_new(o, "capacity", memplan_json_u64(p->capacity));
  if (!o || !with_buffers)
    return o;
  json_t *arr = json_array();
  const uint64_t *offsets =
      has_offsets(plan) && plan->count == p->count ? plan->offsets : NULL;
  for (size_t i = 0; arr && i < p->count; i++) {
    json_t *b = memplan_json_buffer(p, i, offsets);
    if (!b || json_array_append_new(arr, b) != 0) {
      json_decref(arr);
      arr = NULL;
    }
  }
  return set_new(o, "buffers", arr);
}

static void set_err(char *err, size_t err_len, const char *path,
                    const char *what, int e) {
  if (err && err_len)
    snprintf(err, err_len, "%s: %s%s%s", path ? path : "(null)", what,
             e ? ": " : "", e ? strerror(e) : "");
}

/* Six significant digits: gaps and times are measurements, and 17 digits
 * of binary noise (0.44444444444444442) only make reports harder to read. */
#define JSON_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6))

int memplan_json_fprint(FILE *out, json_t *j, char *err, size_t err_len) {
  if (!j) {
    if (err && err_len)
      snprintf(err, err_len, "no JSON value to write (NULL)");
    return -1;
  }
  errno = 0;
  /* Flushed, so that a failed write is seen here and not only by the
   * caller's fclose: a small document would sit in the stdio buffer. */
  if (json_dumpf(j, out, JSON_FLAGS) != 0 || fputc('\n', out) == EOF ||
      fflush(out) != 0) {
    /* json_dumpf fails on a write error or when memory runs out; only
     * the stream's error flag tells the two apart. */
    int e = ferror(out) && errno ? errno : ENOMEM;
    if (err && err_len)
      snprintf(err, err_len, "write error: %s", strerror(e));
    return -1;
  }
  return 0;
}

int memplan_json_write(const char *path, json_t *j, char *err,
                       size_t err_len) {
  if (!path || !*path) {
    set_err(err, err_len, "json", "no output path", 0);
    return -1;
  }
  /* A NULL value (a builder that ran out of memory) would otherwise show up
   * as json_dumpf's failure, reported as a write error. */
  if (!j) {
    set_err(err, err_len, path, "no JSON value to write (NULL)", 0);
    return -1;
  }
  memplan_output out;
  if (memplan_output_open(&out, path, err, err_len) != 0)
    return -1;
  char e2[256] = "";
  if (memplan_json_fprint(out.stream, j, e2, sizeof e2) != 0) {
    /* A write error is reported as every output reports it ("cannot write
     * to standard output: REASON" for "-"): closing with keep says so (the
     * stream's error flag stays set, so it fails) and removes the
     * temporary. */
    if (ferror(out.stream)) {
      memplan_output_close(&out, true, err, err_len);
      return -1;
    }
    memplan_output_close(&out, false, NULL, 0);
    if (err && err_len)
      snprintf(err, err_len, "%s: %s", path, e2);
    return -1;
  }
  return memplan_output_close(&out, true, err, err_len);
}
