/*===-- memplan/csv.h - MiniMalloc-style CSV problems and plans ----*- C -*-===*\
|*                                                                            *|
|* The de-facto exchange format of DSA instances (google/minimalloc):         *|
|*                                                                            *|
|*   # comment lines start with '#'; two directives are read from them:      *|
|*   #   "# alignment: N"  default alignment of every buffer (bytes, >= 1)    *|
|*   #   "# capacity: N"   arena capacity in bytes (0 = unlimited)            *|
|*   id,lower,upper,size[,alignment][,offset]                                 *|
|*                                                                            *|
|* Columns are found by name, in any order; unknown or repeated columns are   *|
|* an error. `lower`/`upper` are the half-open live interval [lower, upper)   *|
|* in schedule steps (int64, may be negative); a column named `end` instead   *|
|* of `upper` is inclusive (upper = end + 1, the TFLite/TFLM/IREE             *|
|* convention). `id` is any non-empty UTF-8 string (RFC 3629) without        *|
|* commas, control characters or a leading '#' (ids are not quoted; a line    *|
|* starting with '#' is always a comment), and must be unique. UTF-8 because  *|
|* ids go into SVG and JSON, which are UTF-8 text.                            *|
|* `size`, `alignment`, `offset` are bytes (uint64). An empty `alignment`     *|
|* cell means the file's default; an empty `offset` cell means "free", a      *|
|* number fixes the buffer there.                                             *|
|*                                                                            *|
|* Numbers are decimal, no spaces, no '+'; only lower/upper/end take a '-'.   *|
|* Blank lines are skipped, CRLF line ends and a UTF-8 BOM are accepted.      *|
|* A directive is a comment whose text starts with "alignment:" or            *|
|* "capacity:"; other comments are free prose. A directive may appear         *|
|* anywhere in the file; repeating one with a different value is an error.   *|
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
  /** Writer only: text written as '#' comment lines at the top of the file
   *  (one per '\n'-separated line), e.g. how the file was generated. Not
   *  owned; the reader sets it to NULL. */
  const char *comment;
  /** Reader only: the 1-based line number of each buffer's row (count
   *  entries, owned; NULL when the file has no rows), so that a caller's
   *  later checks can say "FILE:LINE" as the reader's own messages do.
   *  (Last, so that the fields before it keep their places.) */
  size_t *lines;
} memplan_csv_info;

/** Reads a problem from `path` ("-" = stdin). `p` must be initialized and
 *  empty (one that holds buffers is refused, "FILE: the problem to read
 *  into must be empty (it holds N buffers)", and left as it was); on success it holds the buffers (in file order, ids copied) and
 *  the capacity. `info` may be NULL; when not, it is filled and must be
 *  released with memplan_csv_info_free (also after an error: harmless).
 *
 *  Offset cells fix buffers (buffer.fixed) unless `offsets_are_plan` is true,
 *  in which case the file is a plan (for `memplan check`): the `offset`
 *  column is required, every cell must be set, and the values are only
 *  returned in info->offsets (their alignment is then the validator's
 *  business, not a read error).
 *
 *  Time: O(n) expected (ids are checked for duplicates with a hash set);
 *  memory: the problem plus a few words per row while reading, and with
 *  `info` the line numbers (a word per row) and, with an offset column,
 *  the offsets (one and a bit words per row) that stay in it.
 *
 *  Returns 0 on success; -1 with a message in err, of the form
 *  "FILE:LINE: column 'NAME': what is wrong" where a line and a column apply
 *  ("FILE:LINE: directive 'KEY': ..." for directives, "FILE: ..." for
 *  unreadable files; text quoted from the file shows control characters
 *  as \r, \t, \n or \xNN and is cut after about 90 bytes with "..."), for: a file that cannot be opened or read, an empty
 *  file (no header), a missing/unknown/repeated header column (or both
 *  `upper` and `end`), a row with too few or too many cells, an empty id
 *  (or one starting with '#', holding a control character, or not valid
 *  UTF-8: "FILE:LINE: column 'id': id is not valid UTF-8 (byte 0xXX at
 *  offset K of the id); expected UTF-8 text"), non-numeric
 *  or empty numbers, negative sizes, lower >= upper (end < lower),
 *  duplicate ids (naming the first line too), an alignment of 0,
 *  a fixed offset that is not a multiple of its
 *  alignment, values that overflow 64 bits, and a sum of sizes (padded to
 *  their alignment, above the highest fixed buffer) that overflows 64 bits
 *  (the budget memplan_problem_check enforces). On error `p` is left empty
 *  and `info` zeroed. */
int memplan_csv_read(const char *path, bool offsets_are_plan,
                     memplan_problem *p, memplan_csv_info *info, char *err,
                     size_t err_len);

/** Same, from an open stream (not closed); `name` is used in messages. */
int memplan_csv_read_stream(FILE *in, const char *name, bool offsets_are_plan,
                            memplan_problem *p, memplan_csv_info *info,
                            char *err, size_t err_len);

/** The problem a plan file describes, as the reader judged it: fixes each
 *  buffer of `p` whose offset cell in `info` is set at that offset, rounded
 *  down to the buffer's alignment (whether a plan's offset is aligned is the
 *  validator's verdict, not the reader's). `p` and `info` (neither NULL)
 *  come from one memplan_csv_read with offsets_are_plan true; the buffers
 *  may since have been changed but not added, removed or reordered. A
 *  buffer of alignment 0 is left free. Then memplan_problem_check accepts
 *  `p` whenever it accepted the buffers as read (a planner's padding does
 *  not apply to buffers already placed, and rounding down only lowers
 *  their ends). Changes only buffers' `fixed` and `offset`; does nothing
 *  when `info` holds no offsets. O(n), no allocation. */
void memplan_csv_fix_at_plan(memplan_problem *p, const memplan_csv_info *info);

/** Releases info->offsets, has_offset_value and lines and zeroes `info`
 *  (default alignment back to 1). NULL is allowed. */
void memplan_csv_info_free(memplan_csv_info *info);

/** Writes the problem with the plan's offsets: the input's columns (per
 *  `info`, which may be NULL for id,lower,upper,size) plus `offset`.
 *  - `end` instead of `upper` when info->inclusive_end;
 *  - an `alignment` column when the input had one or when some buffer's
 *    alignment differs from the default (info->default_alignment, else 1);
 *    "# alignment: N" when that default is > 1, "# capacity: N" when
 *    p->capacity != 0, so the file reads back to the same problem;
 *  - `offset` = offsets[i]; with offsets == NULL the problem itself is
 *    written: the fixed offsets, empty cells for free buffers, and no offset
 *    column at all when no buffer is fixed and the input had none.
 *  A buffer without id is written as its index ("3" for buffers[3]).
 *  Output is deterministic (rows in problem order, decimal numbers).
 *  Every file written reads back with memplan_csv_read: what the reader
 *  would refuse is refused here instead (see the errors below). A file
 *  written with `offsets` is a plan: it reads back with offsets_are_plan
 *  = true, whatever the offsets are (memplan check then judges them); read
 *  as a problem its offsets would be fixed ones, which must be aligned and
 *  must not overflow.
 *
 *  Writes to a temporary file beside `path` (created with mode 0666 &
 *  ~umask) and renames it over `path`, so a failure leaves no half-written
 *  and no new file ("-" = stdout, written directly).
 *  Returns 0, or -1 with "PATH: reason" in err; the first four are checked
 *  before anything is created:
 *  - a problem memplan_problem_check refuses ("PATH: cannot write: ...",
 *    e.g. start >= end): the reader refuses the same values;
 *  - an id that cannot be written (empty, starting with '#', containing a
 *    comma or a control character, or not valid UTF-8: the ids the reader
 *    refuses), "PATH: cannot write buffer #I ...";
 *  - a line of info->comment that would read back as a directive (its
 *    text starts with "alignment:" or "capacity:"), "PATH: comment line
 *    K '...' would read back as a directive";
 *  - two buffers that would be written with the same id, which the reader
 *    refuses as duplicates: two equal ids given through the C API, or an
 *    unnamed buffer whose index equals another buffer's id. The message
 *    names both: "PATH: cannot write buffers '5' and #5 (no id): both
 *    would be written with the id '5' ...". Give the buffers distinct ids;
 *  - the file cannot be created (missing or unwritable directory, a
 *    symbolic link to a missing target), a write/close/rename error, or out
 *    of memory. */
int memplan_csv_write(const char *path, const memplan_problem *p,
                      const memplan_csv_info *info, const uint64_t *offsets,
                      char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* MEMPLAN_CSV_H */
