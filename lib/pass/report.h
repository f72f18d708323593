/*===-- report.h - What the pass tells: remarks, reports, pictures --------===*\
|*                                                                            *|
|* Renders, in memory, what a user sees of one function's plan: the summary   *|
|* remark, the remark for a buffer left alone, the JSON report (every arena   *|
|* with its plan, every buffer left alone with the reason) and one SVG        *|
|* picture per arena. Nothing here touches the IR or the disk.               *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_REPORT_H
#define MEMPLAN_PASS_REPORT_H

#include "outputs.h"
#include "plan.h"

/** What report.c reads of one planned function. */
typedef struct mp_planned {
  const char *func;          /* the function's name (mp_func_name) */
  const mp_liveness *l;
  const mp_schedule *sched;  /* names the op at each arena's peak */
  const mp_id *ids;          /* one per buffer of l */
  const mp_problems *p;
  const memplan_plan *plans; /* one per space of p */
} mp_planned;

/** The summary remark's text ("memplan-static: planned 4 of 4 buffers ...")
 *  into buf; `planner` is the option's value, `ms` the time taken. */
void mp_summary_text(const mp_planned *f, const char *planner, double ms,
                     char *buf, size_t len);

/** The JSON report, as a malloc'd string in *text (*len bytes). Returns 0,
 *  or -1 with err set. */
int mp_render_report(const mp_planned *f, char **text, size_t *len, char *err,
                     size_t err_len);

/** The picture of arena s (s = -1: the empty picture of a function without
 *  arenas), as for mp_render_report. */
int mp_render_picture(const mp_planned *f, int64_t s, char **text, size_t *len,
                      char *err, size_t err_len);

#endif
