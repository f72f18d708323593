/*===-- memplan/csv.h - MiniMalloc-style CSV problems and plans ----*- C -*-===*\
|*                                                                            *|
|* The de-facto exchange format of DSA instances (google/minimalloc):         *|
|*                                                                            *|
|*   # comment lines start with '#'; two directives are read from them:      *|
|*   #   "# alignment: N"  default alignment of every buffer (power of two)   *|
|*   #   "# capacity: N"   arena capacity in bytes                            *|
|*   id,lower,upper,size[,alignment][,offset]                                 *|
|*                                                                            *|
|* Columns are found by name, in any order; unknown columns are an error.     *|
|* `lower`/`upper` are the half-open live interval [lower, upper) in steps;   *|
|* a column named `end` instead of `upper` is inclusive (upper = end + 1,     *|
|* the TFLite/TFLM/IREE convention). `id` is any string without commas.       *|
|* An empty `offset` cell means "free"; a number fixes the buffer there.      *|
|* Blank lines are skipped. Numbers are decimal, no sign, no spaces.          *|
\*===----------------------------------------------------------------------===*/

#ifndef MEMPLAN_CSV_H
#define MEMPLAN_CSV_H

#include "memplan/memplan.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What the reader saw, so that a plan is written back in the same form. */
typedef struct memplan_csv_info {
  bool inclusive_end;      /**< input used `end` (closed) instead of `upper` */
  bool has_alignment;      /**< input had an `alignment` column */
  bool has_offset;         /**< input had an `offset` column */
  uint64_t default_alignment; /**< from "# alignment: N", else 1 */
  /** offsets as read from the `offset` column (count entries, owned; NULL
   *  when there was none). has_offset_value[i] says whether cell i was set. */
  uint64_t *offsets;
  bool *has_offset_value;
} memplan_csv_info;

/** Reads a problem from `path` ("-" = stdin). `p` must be initialized; on
 *  success it holds the buffers and capacity. `info` may be NULL; when not,
 *  it is filled and must be released with memplan_csv_info_free.
 *  Offset cells fix buffers (buffer.fixed) unless `offsets_are_plan` is true,
 *  in which case they are only returned in info->offsets (for `check`).
 *  Returns 0 on success; -1 with "FILE:LINE: column 'NAME': message" in err
 *  for unreadable files, an empty file, a missing/unknown/duplicate header
 *  column, non-numeric or out-of-range fields, negative sizes, lower >= upper,
 *  duplicate ids, alignment not a power of two, a fixed offset that is not a
 *  multiple of its alignment, or values that overflow 64 bits. On error `p`
 *  is left empty. */
int memplan_csv_read(const char *path, bool offsets_are_plan,
                     memplan_problem *p, memplan_csv_info *info, char *err,
                     size_t err_len);

/** Same, from an open stream; `name` is used in messages. */
int memplan_csv_read_stream(FILE *in, const char *name, bool offsets_are_plan,
                            memplan_problem *p, memplan_csv_info *info,
                            char *err, size_t err_len);

void memplan_csv_info_free(memplan_csv_info *info);

/** Writes the problem with the plan's offsets: the input's columns (per
 *  `info`, which may be NULL for id,lower,upper,size) plus `offset`. Writes
 *  to a temporary file beside `path` and renames it, so a failure leaves no
 *  half-written file ("-" = stdout). Returns 0, or -1 with a message. */
int memplan_csv_write(const char *path, const memplan_problem *p,
                      const memplan_csv_info *info, const uint64_t *offsets,
                      char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_CSV_H */
