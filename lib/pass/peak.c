/*===-- peak.c - Why an arena is as big as it is ---------------------------===*/
#include "peak.h"

#include "ir.h"

#include <stdio.h>
#include <string.h>

/* True if buffer a goes before buffer b among the largest. */
static bool larger(const memplan_buffer *b, size_t a, size_t c) {
  return b[a].size > b[c].size || (b[a].size == b[c].size && a < c);
}

void mp_peak_find(const memplan_problem *p, mp_peak *out) {
  memset(out, 0, sizeof *out);
  out->step = -1;
  if (p->count == 0)
    return;
  int64_t step = 0;
  memplan_lower_bound(p, &step);
  out->step = step;
  const memplan_buffer *b = p->buffers;
  for (size_t k = 0; k < p->count; ++k) {
    if (b[k].start > step || b[k].end <= step)
      continue;
    out->live += b[k].size;
    out->nlive++;
    /* insertion into the short sorted list of the largest */
    size_t pos = out->ntop;
    while (pos > 0 && larger(b, k, out->top[pos - 1]))
      pos--;
    if (pos >= MP_PEAK_TOP)
      continue;
    size_t last = out->ntop < MP_PEAK_TOP ? out->ntop : MP_PEAK_TOP - 1;
    memmove(&out->top[pos + 1], &out->top[pos], (last - pos) * sizeof out->top[0]);
    out->top[pos] = k;
    if (out->ntop < MP_PEAK_TOP)
      out->ntop++;
  }
}

void mp_peak_text(const mp_peak *pk, const memplan_problem *p, MlirOperation at,
                  char *buf, size_t len) {
  buf[0] = 0;
  if (pk->step < 0 || len == 0)
    return;
  char where[200] = "";
  if (!mlirOperationIsNull(at)) {
    char name[96], loc[96] = "";
    mp_op_name(at, name, sizeof name);
    MlirLocation l = mlirOperationGetLocation(at);
    if (!mlirLocationEqual(l, mlirLocationUnknownGet(mlirOperationGetContext(at))))
      mp_loc_text(l, loc, sizeof loc);
    snprintf(where, sizeof where, " ('%s'%s%s)", name, loc[0] ? " at " : "", loc);
  }
  size_t used = (size_t)snprintf(buf, len, "at step %lld%s %llu bytes are live in %zu buffer%s:",
                                 (long long)pk->step, where,
                                 (unsigned long long)pk->live, pk->nlive,
                                 pk->nlive == 1 ? "" : "s");
  for (size_t t = 0; t < pk->ntop && used < len; ++t) {
    char nb[24];
    const char *id = memplan_buffer_name(p, pk->top[t], nb);
    used += (size_t)snprintf(buf + used, len - used, "%s %s (%llu)", t ? "," : "", id,
                             (unsigned long long)p->buffers[pk->top[t]].size);
  }
  if (pk->nlive > pk->ntop && used < len)
    snprintf(buf + used, len - used, ", and %zu more", pk->nlive - pk->ntop);
}
