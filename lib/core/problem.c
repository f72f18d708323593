/*===-- problem.c - The DSA problem model and plan bookkeeping -----------===*\
|*                                                                            *|
|* A problem is a growable array of buffers. Nothing here plans anything;     *|
|* memplan_problem_check is the single gate every planner relies on, so that  *|
|* planners may assume well-formed input and 64-bit arithmetic that cannot    *|
|* overflow for any offset they can reasonably produce.                       *|
\*===----------------------------------------------------------------------===*/
#include "core/error.h"
#include "memplan/memplan.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void memplan_problem_init(memplan_problem *p) {
  memset(p, 0, sizeof *p);
}

int64_t memplan_problem_add(memplan_problem *p, const char *id, uint64_t size,
                            uint64_t alignment, int64_t start, int64_t end) {
  if (p->count == p->reserved) {
    /* Doubling keeps appends amortized O(1) for the 10^6-buffer benchmarks. */
    size_t want = p->reserved ? p->reserved * 2 : 16;
    if (want < p->reserved || want > SIZE_MAX / sizeof(memplan_buffer))
      return -1;
    memplan_buffer *nb = realloc(p->buffers, want * sizeof *nb);
    if (!nb)
      return -1;
    p->buffers = nb;
    p->reserved = want;
  }
  char *copy = NULL;
  if (id) {
    size_t len = strlen(id);
    copy = malloc(len + 1);
    if (!copy)
      return -1;
    memcpy(copy, id, len + 1);
  }
  memplan_buffer *b = &p->buffers[p->count];
  memset(b, 0, sizeof *b);
  b->id = copy;
  b->size = size;
  b->alignment = alignment;
  b->start = start;
  b->end = end;
  b->fixed = false;
  b->offset = 0;
  return (int64_t)p->count++;
}

void memplan_problem_free(memplan_problem *p) {
  for (size_t i = 0; i < p->count; ++i)
    free(p->buffers[i].id);
  free(p->buffers);
  memplan_problem_init(p);
}

const char *memplan_buffer_name(const memplan_problem *p, size_t i,
                                char buf[24]) {
  if (i < p->count && p->buffers[i].id)
    return p->buffers[i].id;
  snprintf(buf, 24, "#%zu", i);
  return buf;
}

int memplan_internal_errorf(char *err, size_t err_len, const char *fmt, ...) {
  if (err && err_len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* The budget checked below is max(fixed end) + sum over the other buffers of
 * (size + alignment - 1). That is what stacking every buffer above the fixed
 * ones, each padded to its alignment, can take; every planner here places a
 * buffer at or below that stack, so offsets and ends computed by planners
 * cannot overflow once this passes. It implies the documented "sum of sizes
 * rounded up to alignment" condition. */
int memplan_problem_check(const memplan_problem *p, char *err,
                          size_t err_len) {
  return memplan_problem_check_at(p, NULL, err, err_len);
}

int memplan_problem_check_at(const memplan_problem *p, size_t *culprit,
                             char *err, size_t err_len) {
  char nb[24];
  uint64_t fixed_top = 0, stacked = 0;
  size_t top = SIZE_MAX; /* the fixed buffer that ends highest */
  size_t unused;
  if (!culprit)
    culprit = &unused;
  *culprit = SIZE_MAX;
  if (p->count && !p->buffers)
    return memplan_internal_errorf(err, err_len, "problem has %zu buffers but no array",
                p->count);
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    *culprit = i; /* every return in this loop is about buffer i */
    const char *name = memplan_buffer_name(p, i, nb);
    if (b->start >= b->end)
      return memplan_internal_errorf(err, err_len,
                  "buffer '%s': empty live interval [%lld, %lld) (start must "
                  "be < end)",
                  name, (long long)b->start, (long long)b->end);
    if (b->alignment == 0)
      return memplan_internal_errorf(err, err_len,
                  "buffer '%s': alignment 0 (must be >= 1)", name);
    if (b->fixed) {
      uint64_t end;
      if (b->offset % b->alignment != 0)
        return memplan_internal_errorf(err, err_len,
                    "buffer '%s': fixed offset %llu is not a multiple of its "
                    "alignment %llu",
                    name, (unsigned long long)b->offset,
                    (unsigned long long)b->alignment);
      if (__builtin_add_overflow(b->offset, b->size, &end))
        return memplan_internal_errorf(err, err_len,
                    "buffer '%s': fixed offset %llu + size %llu overflows 64 "
                    "bits",
                    name, (unsigned long long)b->offset,
                    (unsigned long long)b->size);
      if (end > fixed_top) {
        fixed_top = end;
        top = i;
      }
    } else if (b->size != 0) {
      uint64_t padded;
      if (__builtin_add_overflow(b->size, b->alignment - 1, &padded) ||
          __builtin_add_overflow(stacked, padded, &stacked))
        return memplan_internal_errorf(err, err_len,
                    "buffer '%s': total of sizes with alignment padding "
                    "overflows 64 bits",
                    name);
    }
  }
  uint64_t total;
  *culprit = top;
  if (__builtin_add_overflow(fixed_top, stacked, &total))
    return memplan_internal_errorf(err, err_len,
                "buffer '%s': total of sizes with alignment padding above "
                "this fixed buffer, the highest (top %llu), overflows 64 bits",
                memplan_buffer_name(p, top, nb),
                (unsigned long long)fixed_top);
  *culprit = SIZE_MAX;
  return 0;
}

const char *memplan_status_name(memplan_status s) {
  switch (s) {
  case MEMPLAN_OPTIMAL:
    return "optimal";
  case MEMPLAN_FEASIBLE:
    return "feasible";
  case MEMPLAN_INFEASIBLE:
    return "infeasible";
  case MEMPLAN_TIMEOUT:
    return "timeout";
  case MEMPLAN_ERROR:
    return "error";
  }
  return "error";
}

/* A fresh plan says "error": it holds no answer until a planner ran. */
void memplan_plan_init(memplan_plan *plan) {
  memset(plan, 0, sizeof *plan);
  plan->status = MEMPLAN_ERROR;
}

void memplan_plan_free(memplan_plan *plan) {
  free(plan->offsets);
  memplan_plan_init(plan);
}
