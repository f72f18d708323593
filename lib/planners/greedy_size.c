/*===-- greedy_size.c - Offline greedy by size (TFLite, seed §5) -----------===*\
|*                                                                            *|
|* Take the buffers largest first and put each at the lowest aligned offset  *|
|* where it overlaps no already placed buffer it conflicts with in time.     *|
|* Large buffers are the hardest to fit, so giving them first pick of the    *|
|* low offsets is what makes this the strongest of the classic one-pass      *|
|* heuristics (TFLite's and TFLM's "greedy by size" planner).                *|
|*                                                                            *|
|* Order: size descending; ties: earlier start first, then longer life,     *|
|* then input index. So an instance of equal sizes is placed in start order, *|
|* which is first-fit interval colouring and optimal for it (seed §7); and   *|
|* the order is total, hence the plan deterministic.                         *|
|*                                                                            *|
|* Fixed buffers are placed first, at their offsets; zero-size buffers take  *|
|* no bytes, conflict with nothing, and get offset 0.                         *|
|*                                                                            *|
|* Cost: the seed's version scans every placed buffer for each new one,      *|
|* O(n^2). Here an interval index (lib/core/interval_index.h) yields only    *|
|* the k placed buffers whose lives meet the new one, in O(log n + k log n); *|
|* their byte ranges, kept by start rank so that one query reads adjacent   *|
|* memory, are sorted and the first gap that fits is taken. Total:          *|
|* O(n log n + sum of k log k), i.e. O(n log n) when the number of buffers  *|
|* live at once is bounded, as in real schedules. When it is not (10^5      *|
|* buffers with 12,500 live at once take a minute), a time limit in the     *|
|* options stops the run with status TIMEOUT and no plan.                   *|
\*===----------------------------------------------------------------------===*/
#include "core/interval_index.h"
#include "core/radix_sort.h"
#include "planners/exact_fit.h"
#include "planners/planners.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct gs_range {
  uint64_t lo, hi;
} gs_range;

/* Sorts ranges by lo. The placement scan below gives the same answer for
 * any order of equal lo values, so stability does not matter. Hand-written
 * (quicksort, median of three, insertion sort below 16) because this runs
 * once per buffer on a few dozen ranges, where qsort's indirect calls cost
 * more than the comparisons: it was half the planner's time. */
static void gs_sort(gs_range *v, size_t n) {
  while (n > 16) {
    size_t mid = n / 2;
    uint64_t a = v[0].lo, b = v[mid].lo, c = v[n - 1].lo;
    uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a))
                           : (a < c ? a : (b < c ? c : b));
    size_t i = 0, j = n - 1;
    for (;;) {
      while (v[i].lo < pivot)
        ++i;
      while (v[j].lo > pivot)
        --j;
      if (i >= j)
        break;
      gs_range t = v[i];
      v[i] = v[j];
      v[j] = t;
      ++i;
      --j;
    }
    /* Hoare partition: [0, j] <= pivot <= [j + 1, n). Recurse on the
     * smaller side, loop on the larger: O(log n) stack. */
    size_t left = j + 1;
    if (left < n - left) {
      gs_sort(v, left);
      v += left;
      n -= left;
    } else {
      gs_sort(v + left, n - left);
      n = left;
    }
  }
  for (size_t i = 1; i < n; ++i) {
    gs_range t = v[i];
    size_t j = i;
    for (; j > 0 && v[j - 1].lo > t.lo; --j)
      v[j] = v[j - 1];
    v[j] = t;
  }
}

int memplan_plan_greedy_size(const memplan_problem *p,
                             const memplan_options *o, memplan_plan *plan) {
  return mpx_greedy_size(p, o, 0, plan);
}

int mpx_greedy_size(const memplan_problem *p, const memplan_options *o,
                    uint64_t max_visits, memplan_plan *plan) {
  size_t n = p->count;
  /* A time limit, when given, stops the run with no plan (TIMEOUT): with
   * many buffers live at once (k of them), the sum of k log k is what a
   * caller with a deadline, such as auto, cannot afford to wait for. */
  double deadline = o && o->time_limit > 0 ? mpx_now() + o->time_limit : 0;
  int rc = -1;
  uint64_t work = 0;
  mp_iindex ix = {0};
  mp_idlist hits = {0};
  gs_range *ranges = NULL;
  gs_range *placed = NULL; /* byte range of each placed buffer, by rank */
  size_t ranges_cap = 0;
  mp_kv *keys = malloc((n ? n : 1) * sizeof *keys);
  if (!keys || n >= UINT32_MAX)
    goto oom;
  if (mp_iindex_init(&ix, n, n ? &p->buffers[0].start : NULL,
                     sizeof(memplan_buffer)) != 0)
    goto oom;
  placed = malloc((n ? n : 1) * sizeof *placed);
  if (!placed)
    goto oom;

  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed) {
      plan->offsets[i] = b->offset;
      if (b->size) {
        gs_range *pr = &placed[mp_iindex_rank(&ix, (uint32_t)i)];
        pr->lo = b->offset;
        pr->hi = b->offset + b->size;
        mp_iindex_activate(&ix, (uint32_t)i, b->end);
      }
    } else if (b->size == 0) {
      plan->offsets[i] = 0;
    } else {
      keys[m].key = ~((uint64_t)b->end - (uint64_t)b->start);
      keys[m++].val = i;
    }
  }
  /* The order as three stable sorts, minor key first, from input order:
   * life descending, then start ascending, then size descending. */
  if (mp_radix_sort(keys, m) != 0)
    goto oom;
  for (size_t k = 0; k < m; ++k)
    keys[k].key = mp_key_i64(p->buffers[keys[k].val].start);
  if (mp_radix_sort(keys, m) != 0)
    goto oom;
  for (size_t k = 0; k < m; ++k)
    keys[k].key = ~p->buffers[keys[k].val].size;
  if (mp_radix_sort(keys, m) != 0)
    goto oom;

  for (size_t k = 0; k < m; ++k) {
    uint32_t i = (uint32_t)keys[k].val;
    const memplan_buffer *b = &p->buffers[i];
    if (deadline > 0 && (k & 255) == 255 && mpx_now() > deadline) {
      plan->status = MEMPLAN_TIMEOUT;
      snprintf(plan->message, sizeof plan->message,
               "time limit reached after placing %zu of %zu buffers", k, m);
      rc = 0;
      goto done;
    }
    if (max_visits && work > max_visits) {
      plan->status = MEMPLAN_TIMEOUT;
      snprintf(plan->message, sizeof plan->message,
               "work limit of %" PRIu64 " neighbour visits reached after "
               "placing %zu of %zu buffers",
               max_visits, k, m);
      rc = 0;
      goto done;
    }
    hits.len = 0;
    if (mp_iindex_query(&ix, b->start, b->end, &hits) != 0)
      goto oom;
    if (hits.len > ranges_cap) {
      size_t c = hits.len * 2;
      gs_range *nr = realloc(ranges, c * sizeof *nr);
      if (!nr)
        goto oom;
      ranges = nr;
      ranges_cap = c;
    }
    for (size_t h = 0; h < hits.len; ++h)
      ranges[h] = placed[hits.v[h]];
    gs_sort(ranges, hits.len);
    work += hits.len + 1;
    /* First fit in offset order: ranges may overlap one another (placed
     * buffers that do not conflict with each other may share bytes), so
     * cand is pushed past the highest end seen so far. Every skipped offset
     * overlaps some range, so cand ends as the lowest aligned fit. */
    uint64_t a = b->alignment, cand = 0;
    for (size_t h = 0; h < hits.len; ++h) {
      if (ranges[h].lo >= cand && ranges[h].lo - cand >= b->size)
        break;
      if (ranges[h].hi > cand) {
        if (__builtin_add_overflow(ranges[h].hi, a - 1, &cand))
          goto overflow;
        cand = cand / a * a;
      }
    }
    uint64_t end;
    if (__builtin_add_overflow(cand, b->size, &end))
      goto overflow;
    plan->offsets[i] = cand;
    placed[mp_iindex_rank(&ix, i)].lo = cand;
    placed[mp_iindex_rank(&ix, i)].hi = end;
    mp_iindex_activate(&ix, i, b->end);
  }
  plan->work = work;
  rc = 0;
  goto done;
overflow:
  snprintf(plan->message, sizeof plan->message, "offsets overflow 64 bits");
  goto done;
oom:
  snprintf(plan->message, sizeof plan->message, "out of memory");
done:
  mp_iindex_free(&ix);
  free(hits.v);
  free(ranges);
  free(placed);
  free(keys);
  return rc;
}
