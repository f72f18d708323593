/*===-- memplan/json.h - JSON reports of problems and plans --------*- C -*-===*\
|*                                                                            *|
|* Building blocks for machine-readable reports (`memplan solve --json`, the  *|
|* pass option report=FILE.json). They are built on jansson (Debian package   *|
|* libjansson-dev), so this header includes <jansson.h> and callers link      *|
|* jansson too (the memplan CMake target does that: PUBLIC dependency).       *|
|*                                                                            *|
|* The builders return new jansson objects (reference count 1) that the       *|
|* caller owns: release with json_decref, or hand them to a container with    *|
|* json_object_set_new / json_array_append_new, which steals the reference.   *|
|* They are composable: a report per function is memplan_json_summary plus    *|
|* the caller's own keys (e.g. "function", "skipped" with reasons).           *|
|* Every builder returns NULL only when memory runs out.                      *|
|*                                                                            *|
|* Strings are UTF-8, as JSON requires. Ids (and messages quoting them) that  *|
|* are not valid UTF-8, which the C API allows (the CSV reader refuses them), *|
|* are written with U+FFFD in place of each byte that does not start a valid  *|
|* sequence (RFC 3629: no overlong forms, surrogates or values past           *|
|* U+10FFFF), so the builders never fail on them.                             *|
|*                                                                            *|
|* Units as everywhere in memplan: bytes for sizes/offsets/peaks, schedule    *|
|* steps for start/end (half-open [start, end)), seconds for times.           *|
|*                                                                            *|
|* 64-bit values: jansson integers are signed 64-bit (json_int_t). A byte     *|
|* count <= INT64_MAX (every practical one) is written as a JSON integer; a   *|
|* larger one as a decimal string, so no value is ever silently truncated.    *|
|* Readers that care about sizes beyond 2^63 must accept both forms.          *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_JSON_H
#define MEMPLAN_JSON_H

#include "memplan/memplan.h"

#include <jansson.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A byte count as JSON: an integer if v <= INT64_MAX, else a decimal string
 *  (see the header comment). New reference; NULL if out of memory. */
json_t *memplan_json_u64(uint64_t v);

/** Buffer i of `p` (i < p->count) as an object:
 *    {"id": name, "size": bytes, "alignment": bytes, "start": step,
 *     "end": step, "offset": bytes}
 *  `id` is the buffer's id, or "#i" when it has none (memplan_buffer_name),
 *  with U+FFFD for bytes that are not UTF-8 (see the header comment).
 *  "offset" is offsets[i] when `offsets` is non-NULL; otherwise the fixed
 *  offset for a fixed buffer, and absent for a free one. "fixed": true is
 *  added for fixed buffers only. New reference; NULL if out of memory. */
json_t *memplan_json_buffer(const memplan_problem *p, size_t i,
                            const uint64_t *offsets);

/** The plan's statistics as an object:
 *    {"planner": str, "status": "optimal"|"feasible"|"infeasible"|"timeout"|
 *     "error", "peak": bytes|null, "lower_bound": bytes, "gap": number|null,
 *     "seconds": number, "work": count, "message": str}
 *  "gap" is the relative gap (peak - lower_bound) / lower_bound as a
 *  fraction (0.05 means 5 %); 0 when the lower bound is 0 or exceeds the
 *  peak. "message" is present only when plan->message is non-empty.
 *  "peak" and "gap" are null when there is no plan: plan->offsets is NULL,
 *  or the status is "timeout" or "error". memplan_solve leaves offsets NULL
 *  whenever it fails (returns -1), so its failures, also "infeasible" from
 *  a planner that proves or finds nothing within the capacity, are
 *  reported without a peak; "infeasible" with offsets is a plan above the
 *  capacity (memplan_solve returned 0), and its peak is reported.
 *  New reference; NULL if out of memory. */
json_t *memplan_json_plan(const memplan_plan *plan);

/** memplan_json_plan(plan) plus "buffers_count" (p->count) and "capacity"
 *  (bytes, 0 = unlimited); with `with_buffers`, also "buffers": an array
 *  of memplan_json_buffer(p, i, plan->offsets) for every i in index order
 *  (when there is no plan, as for a null "peak" above, offsets of free
 *  buffers are omitted). `plan` must belong to `p` (plan->count == p->count
 *  when plan->offsets is non-NULL). New reference; NULL if out of memory. */
json_t *memplan_json_summary(const memplan_problem *p,
                             const memplan_plan *plan, bool with_buffers);

/** Writes `j` (not consumed) to the open stream `out` exactly as
 *  memplan_json_write writes it to a file (format below), for callers that
 *  stage several outputs with memplan_output_open and keep them all or none.
 *  Flushes `out` at the end, so that a failed write is reported here.
 *  Returns 0; or -1 with a message in err: "no JSON value to write (NULL)"
 *  for a NULL `j` (nothing written), "write error: REASON" if a write to
 *  `out` (or the flush) fails or memory runs out (the stream then holds a
 *  partial document). */
int memplan_json_fprint(FILE *out, json_t *j, char *err, size_t err_len);

/** Writes `j` (not consumed; the caller still owns it) as indented JSON with
 *  a final newline, keys in insertion order, reals with 6 significant
 *  digits (gap 0.444444, seconds 1.4653e-5), to `path`; "-" means stdout.
 *  A file is written to a temporary beside `path` (same directory) and
 *  renamed over it, so readers never see a half-written report and a failed
 *  write leaves any previous file untouched.
 *  Returns 0; or -1 with "PATH: reason" in err (NULL or empty path:
 *  "json: no output path"; a NULL `j`: "PATH: no JSON value to write
 *  (NULL)", nothing created; cannot create the temporary,
 *  write/flush/close/rename failure, out of memory). */
int memplan_json_write(const char *path, json_t *j, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_JSON_H */
