/*===-- csv.c - MiniMalloc-style CSV problems and plans -------------------===*\
|*                                                                            *|
|* The reader is strict on purpose: a planner's answer is only as good as     *|
|* its input, and a silently misread cell (a sign, a space, a value that      *|
|* wrapped around) produces a valid-looking plan for the wrong problem. So    *|
|* every cell is parsed whole, every error names FILE:LINE and the column,    *|
|* and nothing is guessed.                                                    *|
|*                                                                            *|
|* Reading is one pass over the lines plus a fix-up pass over the rows: the   *|
|* "# alignment: N" directive may appear anywhere in the comments, so checks  *|
|* that depend on a row's final alignment (fixed offsets, the overflow        *|
|* budget) run once the whole file is known. Duplicate ids are found with an  *|
|* open-addressing hash set, O(n) expected, so 10^6-row files read fast.      *|
|*                                                                            *|
|* The writer never leaves a half-written file: it writes a temporary beside  *|
|* the target and renames it over the target only once everything succeeded. *|
\*===----------------------------------------------------------------------===*/
#include "core/error.h"
#include "memplan/csv.h"
#include "memplan/output.h"
#include "io/utf8.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { COL_ID, COL_LOWER, COL_UPPER, COL_END, COL_SIZE, COL_ALIGN, COL_OFFSET,
       NCOLS };
static const char *const col_names[NCOLS] = {
    "id", "lower", "upper", "end", "size", "alignment", "offset"};

/* Reader state shared by the helpers, so that every message can name the
 * file and the line without threading them through each call. */
typedef struct csv_reader {
  const char *name;
  char *err;
  size_t err_len;
  size_t line; /* 1-based number of the line being read */
} csv_reader;

/* Formats "NAME:LINE: column 'COL': MSG" (the column part only when col is
 * given, the line part only when line != 0) and returns -1. */
static int rfail(const csv_reader *r, size_t line, const char *col,
                 const char *fmt, ...) {
  if (!r->err || !r->err_len)
    return -1;
  int n;
  char vcol[96];
  if (line && col)
    n = snprintf(r->err, r->err_len, "%s:%zu: column '%s': ", r->name, line,
                 memplan_utf8_visible(col, vcol, sizeof vcol));
  else if (line)
    n = snprintf(r->err, r->err_len, "%s:%zu: ", r->name, line);
  else
    n = snprintf(r->err, r->err_len, "%s: ", r->name);
  if (n < 0)
    n = 0;
  if ((size_t)n < r->err_len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->err_len - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* Number parsing. strtoull/strtoll alone accept leading blanks, a '+' and
 * (for strtoull) a '-' that silently negates; all of those would let a
 * malformed cell through, so the characters are checked first and the
 * library call only does the conversion and the range check. */
enum { NUM_OK, NUM_EMPTY, NUM_BAD, NUM_NEGATIVE, NUM_RANGE };

static int all_digits(const char *s) {
  if (!*s)
    return 0;
  for (; *s; ++s)
    if (*s < '0' || *s > '9')
      return 0;
  return 1;
}

static int parse_u64(const char *s, uint64_t *out) {
  if (!*s)
    return NUM_EMPTY;
  if (s[0] == '-' && all_digits(s + 1))
    return NUM_NEGATIVE;
  if (!all_digits(s))
    return NUM_BAD;
  errno = 0;
  unsigned long long v = strtoull(s, NULL, 10);
  if (errno == ERANGE || v > UINT64_MAX)
    return NUM_RANGE;
  *out = (uint64_t)v;
  return NUM_OK;
}

static int parse_i64(const char *s, int64_t *out) {
  if (!*s)
    return NUM_EMPTY;
  if (!all_digits(s[0] == '-' ? s + 1 : s))
    return NUM_BAD;
  errno = 0;
  long long v = strtoll(s, NULL, 10);
  if (errno == ERANGE || v > INT64_MAX || v < INT64_MIN)
    return NUM_RANGE;
  *out = (int64_t)v;
  return NUM_OK;
}

/* Turns a parse result into the message for column `col`. */
static int num_fail(const csv_reader *r, const char *col, int rc,
                    const char *raw, const char *what) {
  char shown[96];
  const char *cell = memplan_utf8_visible(raw, shown, sizeof shown);
  switch (rc) {
  case NUM_EMPTY:
    return rfail(r, r->line, col, "empty cell, expected %s", what);
  case NUM_NEGATIVE:
    return rfail(r, r->line, col, "negative value '%s', expected %s", cell,
                 what);
  case NUM_RANGE:
    return rfail(r, r->line, col, "value '%s' overflows 64 bits", cell);
  default:
    return rfail(r, r->line, col, "'%s' is not a number, expected %s", cell,
                 what);
  }
}

/* Directives live in comments so that other readers of the format (which
 * know nothing of them) still read the file. Recognized: "# KEY: N" with
 * KEY alignment or capacity at the start of the comment. Any other comment,
 * such as "# Units: ... Alignment 1.", is prose and ignored. Returns 0, or
 * -1 on a malformed value of a recognized key. */
static int read_directive(csv_reader *r, const char *line, uint64_t *align,
                          bool *have_align, uint64_t *capacity,
                          bool *have_capacity) {
  const char *s = line + 1;
  while (*s == ' ' || *s == '\t')
    ++s;
  int which;
  size_t klen;
  if (strncmp(s, "alignment", 9) == 0) {
    which = 0;
    klen = 9;
  } else if (strncmp(s, "capacity", 8) == 0) {
    which = 1;
    klen = 8;
  } else {
    return 0;
  }
  const char *t = s + klen;
  while (*t == ' ' || *t == '\t')
    ++t;
  if (*t != ':')
    return 0; /* "# alignment of ..." is prose, not a directive */
  ++t;
  while (*t == ' ' || *t == '\t')
    ++t;
  /* The value runs to the end of the line; trailing blanks are allowed,
   * anything else after the number is not (it would be silently dropped). */
  char value[64];
  size_t n = strcspn(t, " \t");
  const char *rest = t + n;
  while (*rest == ' ' || *rest == '\t')
    ++rest;
  const char *key = which == 0 ? "alignment" : "capacity";
  if (n >= sizeof value || *rest)
    return rfail(r, r->line, NULL,
                 "directive '%s': expected '# %s: N' with N a decimal "
                 "number of bytes",
                 key, key);
  memcpy(value, t, n);
  value[n] = '\0';
  char shown[96];
  uint64_t v = 0;
  int rc = parse_u64(value, &v);
  if (rc != NUM_OK)
    return rfail(r, r->line, NULL,
                 "directive '%s': %s value '%s', expected a decimal number "
                 "of bytes",
                 key,
                 rc == NUM_RANGE      ? "64-bit overflowing"
                 : rc == NUM_NEGATIVE ? "negative"
                                      : "malformed",
                 memplan_utf8_visible(value, shown, sizeof shown));
  if (which == 0) {
    if (v == 0)
      return rfail(r, r->line, NULL,
                   "directive 'alignment': 0, expected a number of bytes >= 1");
    if (*have_align && *align != v)
      return rfail(r, r->line, NULL,
                   "directive 'alignment': %" PRIu64
                   " contradicts the earlier value %" PRIu64,
                   v, *align);
    *align = v;
    *have_align = true;
  } else {
    if (*have_capacity && *capacity != v)
      return rfail(r, r->line, NULL,
                   "directive 'capacity': %" PRIu64
                   " contradicts the earlier value %" PRIu64,
                   v, *capacity);
    *capacity = v;
    *have_capacity = true;
  }
  return 0;
}

/* Splits `line` in place at commas into at most `max` fields; returns the
 * number of fields found (which may exceed max: the extra ones are not
 * stored). */
static size_t split_fields(char *line, char **fields, size_t max) {
  size_t n = 0;
  char *s = line;
  for (;;) {
    char *comma = strchr(s, ',');
    if (n < max)
      fields[n] = s;
    ++n;
    if (!comma)
      break;
    *comma = '\0';
    s = comma + 1;
  }
  return n;
}

static int blank_line(const char *s) {
  for (; *s; ++s)
    if (*s != ' ' && *s != '\t')
      return 0;
  return 1;
}

/* Parses the header row: fills colpos[c] with the field index of column c
 * or -1. */
static int read_header(csv_reader *r, char *line, int colpos[NCOLS],
                       size_t *ncols, bool offsets_are_plan) {
  char *fields[NCOLS + 1];
  size_t n = split_fields(line, fields, NCOLS + 1);
  for (int c = 0; c < NCOLS; ++c)
    colpos[c] = -1;
  /* With more fields than distinct names, the first NCOLS + 1 already hold
   * an unknown or repeated name, which the loop reports. */
  for (size_t i = 0; i < n && i < NCOLS + 1; ++i) {
    int c;
    for (c = 0; c < NCOLS; ++c)
      if (strcmp(fields[i], col_names[c]) == 0)
        break;
    if (c == NCOLS)
      return rfail(r, r->line, fields[i],
                   "unknown header column (expected id, lower, upper or end, "
                   "size, and optionally alignment, offset)");
    if (colpos[c] >= 0)
      return rfail(r, r->line, fields[i], "header column given twice");
    colpos[c] = (int)i;
  }
  if (colpos[COL_UPPER] >= 0 && colpos[COL_END] >= 0)
    return rfail(r, r->line, "end",
                 "header has both 'upper' (exclusive) and 'end' (inclusive); "
                 "give one");
  static const int required[] = {COL_ID, COL_LOWER, COL_SIZE};
  for (size_t k = 0; k < sizeof required / sizeof required[0]; ++k)
    if (colpos[required[k]] < 0)
      return rfail(r, r->line, col_names[required[k]],
                   "missing from the header (need id,lower,upper,size)");
  if (colpos[COL_UPPER] < 0 && colpos[COL_END] < 0)
    return rfail(r, r->line, "upper",
                 "missing from the header (need 'upper', or 'end' for "
                 "inclusive ends)");
  if (offsets_are_plan && colpos[COL_OFFSET] < 0)
    return rfail(r, r->line, "offset",
                 "missing from the header (a plan needs an offset for every "
                 "buffer)");
  *ncols = n;
  return 0;
}

/* Open-addressing hash set of row indices keyed by id, to find duplicate
 * ids in O(n) expected time. FNV-1a is enough: ids are not adversarial and
 * the table is at most half full. */
/* Where the first control character of an id starts, or (size_t)-1: C0
 * (below 0x20) and DEL, which would not read back the same (a stray CR, a
 * tab), and C1 (U+0080 to U+009F, UTF-8 C2 80 to C2 9F), which are control
 * characters too and have no place in a name. *code gets the code point. */
static size_t control_at(const char *id, unsigned *code) {
  const unsigned char *u = (const unsigned char *)id;
  for (size_t k = 0; u[k]; ++k) {
    if (u[k] < 0x20 || u[k] == 0x7f) {
      *code = u[k];
      return k;
    }
    if (u[k] == 0xc2 && u[k + 1] >= 0x80 && u[k + 1] <= 0x9f) {
      *code = u[k + 1];
      return k;
    }
  }
  return (size_t)-1;
}

static uint64_t hash_str(const char *s) {
  uint64_t h = 1469598103934665603ULL;
  for (; *s; ++s) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ULL;
  }
  return h;
}

/* The id cell buffer i is written with (and, on reading, was read from):
 * its id, or its index when it has none. */
static const char *cell_id(const memplan_problem *p, size_t i, char buf[24]) {
  if (p->buffers[i].id)
    return p->buffers[i].id;
  snprintf(buf, 24, "%zu", i);
  return buf;
}

/* Finds the first buffer whose id cell equals an earlier one's: returns 1
 * with *first < *second, 0 when all are distinct, -1 when memory runs out.
 * The reader and the writer share it, so that the writer refuses exactly
 * what the reader would. */
static int find_duplicate_id(const memplan_problem *p, size_t *first,
                             size_t *second) {
  size_t cap = 16;
  while (cap < 2 * p->count)
    cap *= 2;
  size_t *slots = calloc(cap, sizeof *slots); /* index + 1; 0 = empty */
  if (!slots)
    return -1;
  int found = 0;
  char bi[24], bj[24];
  for (size_t i = 0; i < p->count && !found; ++i) {
    const char *id = cell_id(p, i, bi);
    size_t h = (size_t)hash_str(id) & (cap - 1);
    while (slots[h]) {
      size_t j = slots[h] - 1;
      if (strcmp(cell_id(p, j, bj), id) == 0) {
        *first = j;
        *second = i;
        found = 1;
        break;
      }
      h = (h + 1) & (cap - 1);
    }
    if (!found)
      slots[h] = i + 1;
  }
  free(slots);
  return found;
}

static int check_duplicate_ids(csv_reader *r, const memplan_problem *p,
                               const size_t *lines) {
  size_t j, i;
  int f = find_duplicate_id(p, &j, &i);
  if (f < 0)
    return rfail(r, 0, NULL, "out of memory");
  char shown[96];
  if (f > 0)
    return rfail(r, lines[i], "id", "duplicate id '%s' (first on line %zu)",
                 memplan_utf8_visible(p->buffers[i].id, shown, sizeof shown),
                 lines[j]);
  return 0;
}

/* Growable per-row side arrays (line numbers, offsets as read). */
typedef struct row_side {
  size_t *lines;
  uint64_t *offsets;
  bool *has_offset;
  bool *explicit_align;
  size_t cap;
} row_side;

static int side_reserve(row_side *s, size_t n) {
  if (n <= s->cap)
    return 0;
  size_t want = s->cap ? s->cap * 2 : 64;
  if (want < n)
    want = n;
  size_t *l = realloc(s->lines, want * sizeof *l);
  if (l)
    s->lines = l;
  uint64_t *o = realloc(s->offsets, want * sizeof *o);
  if (o)
    s->offsets = o;
  bool *h = realloc(s->has_offset, want * sizeof *h);
  if (h)
    s->has_offset = h;
  bool *e = realloc(s->explicit_align, want * sizeof *e);
  if (e)
    s->explicit_align = e;
  if (!l || !o || !h || !e)
    return -1;
  s->cap = want;
  return 0;
}

static void side_free(row_side *s) {
  free(s->lines);
  free(s->offsets);
  free(s->has_offset);
  free(s->explicit_align);
  memset(s, 0, sizeof *s);
}

/* Parses one data row into a new buffer of p. */
static int read_row(csv_reader *r, char *line, const int colpos[NCOLS],
                    size_t ncols, bool offsets_are_plan, memplan_problem *p,
                    row_side *side) {
  char *fields[NCOLS + 1];
  size_t n = split_fields(line, fields, NCOLS + 1);
  if (n < ncols) {
    /* Name the first column that has no cell. */
    for (int c = 0; c < NCOLS; ++c)
      if (colpos[c] == (int)n)
        return rfail(r, r->line, col_names[c],
                     "missing cell (row has %zu fields, header has %zu)", n,
                     ncols);
  }
  if (n > ncols)
    return rfail(r, r->line, NULL,
                 "row has %zu fields but the header has %zu columns", n,
                 ncols);

  const char *id = fields[colpos[COL_ID]];
  if (!*id)
    return rfail(r, r->line, "id", "empty id");
  /* Ids must survive a write + read: written first on their line, an id
   * starting with '#' would read back as a comment, and control characters
   * (a stray CR, a tab) would not come back the same. */
  if (id[0] == '#') {
    char shown[96];
    return rfail(r, r->line, "id", "id '%s' starts with '#'",
                 memplan_utf8_visible(id, shown, sizeof shown));
  }
  unsigned ctl;
  if (control_at(id, &ctl) != (size_t)-1)
    return rfail(r, r->line, "id", "id contains the control character U+%04X",
                 ctl);
  /* Ids go into SVG and JSON, which are UTF-8 text; refusing here names the
   * line, where a writer could only replace the bytes. */
  size_t bad = memplan_utf8_invalid_at(id);
  if (bad != (size_t)-1)
    return rfail(r, r->line, "id",
                 "id is not valid UTF-8 (byte 0x%02x at offset %zu of the "
                 "id); expected UTF-8 text",
                 (unsigned char)id[bad], bad);

  uint64_t size = 0;
  int rc = parse_u64(fields[colpos[COL_SIZE]], &size);
  if (rc != NUM_OK)
    return num_fail(r, "size", rc, fields[colpos[COL_SIZE]],
                    "a size in bytes (a decimal number >= 0)");

  int64_t lower = 0, upper = 0;
  rc = parse_i64(fields[colpos[COL_LOWER]], &lower);
  if (rc != NUM_OK)
    return num_fail(r, "lower", rc, fields[colpos[COL_LOWER]],
                    "a schedule step (a decimal integer)");
  if (colpos[COL_UPPER] >= 0) {
    rc = parse_i64(fields[colpos[COL_UPPER]], &upper);
    if (rc != NUM_OK)
      return num_fail(r, "upper", rc, fields[colpos[COL_UPPER]],
                      "a schedule step (a decimal integer)");
    if (lower >= upper)
      return rfail(r, r->line, "upper",
                   "lower %" PRId64 " must be < upper %" PRId64
                   " (the live interval [lower, upper) is half-open)",
                   lower, upper);
  } else {
    int64_t end = 0;
    rc = parse_i64(fields[colpos[COL_END]], &end);
    if (rc != NUM_OK)
      return num_fail(r, "end", rc, fields[colpos[COL_END]],
                      "a schedule step (a decimal integer)");
    if (end == INT64_MAX)
      return rfail(r, r->line, "end",
                   "end %" PRId64 " + 1 overflows 64 bits", end);
    if (end < lower)
      return rfail(r, r->line, "end",
                   "end %" PRId64 " must be >= lower %" PRId64
                   " (the live interval [lower, end] is inclusive)",
                   end, lower);
    upper = end + 1;
  }

  uint64_t align = 0; /* 0 = the file's default, filled in at the end */
  bool explicit_align = false;
  if (colpos[COL_ALIGN] >= 0 && fields[colpos[COL_ALIGN]][0]) {
    rc = parse_u64(fields[colpos[COL_ALIGN]], &align);
    if (rc != NUM_OK)
      return num_fail(r, "alignment", rc, fields[colpos[COL_ALIGN]],
                      "a number of bytes >= 1");
    if (align == 0)
      return rfail(r, r->line, "alignment",
                   "0, expected a number of bytes >= 1 (empty = the "
                   "default)");
    explicit_align = true;
  }

  uint64_t offset = 0;
  bool has_offset = false;
  if (colpos[COL_OFFSET] >= 0) {
    const char *cell = fields[colpos[COL_OFFSET]];
    if (*cell) {
      rc = parse_u64(cell, &offset);
      if (rc != NUM_OK)
        return num_fail(r, "offset", rc, cell, "an offset in bytes");
      has_offset = true;
    } else if (offsets_are_plan) {
      return rfail(r, r->line, "offset",
                   "empty cell: a plan needs an offset for every buffer");
    }
  }

  if (side_reserve(side, p->count + 1) != 0)
    return rfail(r, r->line, NULL, "out of memory");
  int64_t idx = memplan_problem_add(p, id, size, align, lower, upper);
  if (idx < 0)
    return rfail(r, r->line, NULL, "out of memory");
  side->lines[idx] = r->line;
  side->offsets[idx] = offset;
  side->has_offset[idx] = has_offset;
  side->explicit_align[idx] = explicit_align;
  if (has_offset && !offsets_are_plan) {
    p->buffers[idx].fixed = true;
    p->buffers[idx].offset = offset;
  }
  return 0;
}

/* The checks that need the file's final default alignment. The overflow
 * budget mirrors memplan_problem_check (max fixed end + sum of padded free
 * sizes) so that a file accepted here is never refused later without a line
 * number. In a plan (offsets_are_plan) a buffer with an offset counts as
 * placed there, as a fixed one does: the padding a planner would need does
 * not apply to a plan already made. Its alignment is the checker's to
 * judge (an invalid plan, not a bad file). */
static int finish_rows(csv_reader *r, memplan_problem *p, const row_side *side,
                       uint64_t default_align, bool offsets_are_plan) {
  uint64_t stacked = 0, fixed_top = 0;
  size_t top_line = 0;
  for (size_t i = 0; i < p->count; ++i) {
    memplan_buffer *b = &p->buffers[i];
    if (b->alignment == 0)
      b->alignment = default_align;
    size_t line = side->lines[i];
    bool placed = offsets_are_plan && side->has_offset[i];
    if (b->fixed || placed) {
      uint64_t end, off = placed ? side->offsets[i] : b->offset;
      if (!placed && b->offset % b->alignment != 0)
        return rfail(r, line, "offset",
                     "fixed offset %" PRIu64
                     " is not a multiple of the alignment %" PRIu64,
                     b->offset, b->alignment);
      if (__builtin_add_overflow(off, b->size, &end))
        return rfail(r, line, "offset",
                     "offset %" PRIu64 " + size %" PRIu64
                     " overflows 64 bits",
                     off, b->size);
      if (end > fixed_top) {
        fixed_top = end;
        top_line = line;
      }
    } else if (b->size != 0) {
      uint64_t padded;
      if (__builtin_add_overflow(b->size, b->alignment - 1, &padded) ||
          __builtin_add_overflow(stacked, padded, &stacked))
        return rfail(r, line, "size",
                     "the sum of the sizes (each padded to its alignment) "
                     "overflows 64 bits at this row");
    }
  }
  uint64_t total;
  if (__builtin_add_overflow(fixed_top, stacked, &total))
    return rfail(r, top_line, "offset",
                 "this fixed buffer's end %" PRIu64
                 " plus the sum of the other sizes overflows 64 bits",
                 fixed_top);
  return 0;
}

void memplan_csv_fix_at_plan(memplan_problem *p, const memplan_csv_info *info) {
  if (!info->has_offset_value)
    return;
  for (size_t i = 0; i < p->count; ++i) {
    memplan_buffer *b = &p->buffers[i];
    if (info->has_offset_value[i] && b->alignment) {
      b->fixed = true;
      b->offset = info->offsets[i] - info->offsets[i] % b->alignment;
    }
  }
}

void memplan_csv_info_free(memplan_csv_info *info) {
  if (!info)
    return;
  free(info->offsets);
  free(info->has_offset_value);
  free(info->lines);
  memset(info, 0, sizeof *info);
  info->default_alignment = 1;
}

int memplan_csv_read_stream(FILE *in, const char *name, bool offsets_are_plan,
                            memplan_problem *p, memplan_csv_info *info,
                            char *err, size_t err_len) {
  csv_reader r = {name ? name : "<input>", err, err_len, 0};
  if (err && err_len)
    err[0] = '\0';
  if (info) {
    memset(info, 0, sizeof *info);
    info->default_alignment = 1;
  }
  /* Rows are matched to their line numbers by index from 0, and an error
   * releases the problem: a problem that already holds buffers would get
   * wrong checks, or lose the caller's buffers. It is left untouched. */
  if (p->count != 0)
    return rfail(&r, 0, NULL,
                 "the problem to read into must be empty (it holds %zu "
                 "buffers)", p->count);
  char *line = NULL;
  size_t line_cap = 0;
  ssize_t len;
  int colpos[NCOLS];
  size_t ncols = 0;
  bool have_header = false, have_align = false, have_capacity = false;
  uint64_t default_align = 1, capacity = 0;
  row_side side = {0};
  int rc = 0;

  while (rc == 0 && (len = getline(&line, &line_cap, in)) >= 0) {
    ++r.line;
    if (len > 0 && line[len - 1] == '\n')
      line[--len] = '\0';
    if (len > 0 && line[len - 1] == '\r') /* CRLF files */
      line[--len] = '\0';
    if ((size_t)len != strlen(line)) {
      rc = rfail(&r, r.line, NULL, "NUL byte in line (not a text file?)");
      break;
    }
    char *s = line;
    /* A UTF-8 byte order mark, as spreadsheet exports write it. */
    if (r.line == 1 && (unsigned char)s[0] == 0xEF &&
        (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF)
      s += 3;
    if (s[0] == '#') {
      rc = read_directive(&r, s, &default_align, &have_align, &capacity,
                          &have_capacity);
      continue;
    }
    if (blank_line(s))
      continue;
    if (!have_header) {
      rc = read_header(&r, s, colpos, &ncols, offsets_are_plan);
      have_header = true;
      continue;
    }
    rc = read_row(&r, s, colpos, ncols, offsets_are_plan, p, &side);
  }
  /* A read error before the first line is about the file (a directory:
   * "Is a directory"), not about its line 1. */
  if (rc == 0 && ferror(in))
    rc = r.line ? rfail(&r, r.line + 1, NULL, "read error: %s",
                        strerror(errno))
                : rfail(&r, 0, NULL, "cannot read: %s", strerror(errno));
  free(line);
  if (rc == 0 && !have_header)
    rc = rfail(&r, r.line ? r.line : 1, NULL,
               "%s: expected a header line such as 'id,lower,upper,size'",
               r.line ? "no header line (only comments or blank lines)"
                      : "empty file");
  if (rc == 0)
    rc = finish_rows(&r, p, &side, default_align, offsets_are_plan);
  if (rc == 0 && p->count)
    rc = check_duplicate_ids(&r, p, side.lines);
  if (rc == 0) {
    p->capacity = capacity;
    if (info) {
      info->inclusive_end = colpos[COL_END] >= 0;
      info->has_alignment = colpos[COL_ALIGN] >= 0;
      info->has_offset = colpos[COL_OFFSET] >= 0;
      info->default_alignment = default_align;
      info->lines = side.lines;
      side.lines = NULL;
      if (info->has_offset) {
        /* Hand the side arrays over instead of copying them. */
        info->offsets = side.offsets;
        info->has_offset_value = side.has_offset;
        side.offsets = NULL;
        side.has_offset = NULL;
        if (!info->offsets) { /* no rows: keep the promise of non-NULL */
          info->offsets = calloc(1, sizeof *info->offsets);
          info->has_offset_value = calloc(1, sizeof *info->has_offset_value);
          if (!info->offsets || !info->has_offset_value) {
            memplan_csv_info_free(info);
            rc = rfail(&r, 0, NULL, "out of memory");
          }
        }
      }
    }
  }
  side_free(&side);
  if (rc != 0) {
    memplan_problem_free(p);
    if (info)
      memplan_csv_info_free(info);
  }
  return rc;
}

int memplan_csv_read(const char *path, bool offsets_are_plan,
                     memplan_problem *p, memplan_csv_info *info, char *err,
                     size_t err_len) {
  if (!path)
    path = "-";
  if (strcmp(path, "-") == 0)
    return memplan_csv_read_stream(stdin, "<stdin>", offsets_are_plan, p,
                                   info, err, err_len);
  if (p->count != 0) /* before opening: see memplan_csv_read_stream */
    return memplan_csv_read_stream(NULL, path, offsets_are_plan, p, info, err,
                                   err_len);
  FILE *in = fopen(path, "r");
  if (!in) {
    csv_reader r = {path, err, err_len, 0};
    if (info) {
      memset(info, 0, sizeof *info);
      info->default_alignment = 1;
    }
    memplan_problem_free(p);
    return rfail(&r, 0, NULL, "cannot open for reading: %s", strerror(errno));
  }
  int rc = memplan_csv_read_stream(in, path, offsets_are_plan, p, info, err,
                                   err_len);
  fclose(in);
  return rc;
}

/*===----------------------------------------------------------------------===*
 * Writer
 *===----------------------------------------------------------------------===*/


/* The body of the file. Errors are left in the stream's error flag, which
 * the caller checks once after flushing. */
static void write_body(FILE *f, const memplan_problem *p,
                       const memplan_csv_info *info, const uint64_t *offsets,
                       bool with_align, bool with_offset) {
  uint64_t default_align = info ? info->default_alignment : 1;
  bool inclusive = info && info->inclusive_end;
  if (info && info->comment) {
    /* Each line of the comment becomes one '#' line. */
    const char *c = info->comment;
    while (*c) {
      size_t n = strcspn(c, "\n");
      fprintf(f, "# %.*s\n", (int)n, c);
      c += n;
      if (*c == '\n')
        ++c;
    }
  }
  if (default_align > 1)
    fprintf(f, "# alignment: %" PRIu64 "\n", default_align);
  if (p->capacity)
    fprintf(f, "# capacity: %" PRIu64 "\n", p->capacity);
  fprintf(f, "id,lower,%s,size%s%s\n", inclusive ? "end" : "upper",
          with_align ? ",alignment" : "", with_offset ? ",offset" : "");
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->id)
      fputs(b->id, f);
    else
      fprintf(f, "%zu", i);
    fprintf(f, ",%" PRId64 ",%" PRId64 ",%" PRIu64, b->start,
            inclusive ? b->end - 1 : b->end, b->size);
    if (with_align)
      fprintf(f, ",%" PRIu64, b->alignment);
    if (with_offset) {
      if (offsets)
        fprintf(f, ",%" PRIu64, offsets[i]);
      else if (b->fixed)
        fprintf(f, ",%" PRIu64, b->offset);
      else
        fputs(",", f);
    }
    fputc('\n', f);
  }
}

/* The ids the reader accepts, so that every written file reads back. */
static bool id_writable(const char *id) {
  if (!id[0] || id[0] == '#')
    return false;
  unsigned ctl;
  return !strchr(id, ',') && control_at(id, &ctl) == (size_t)-1 &&
         memplan_utf8_invalid_at(id) == (size_t)-1;
}

/* "'ID'" for a named buffer, "#I (no id)" for an unnamed one: the two
 * kinds of buffer that can end up with the same cell. */
static const char *describe(const memplan_problem *p, size_t i, char *buf,
                            size_t len) {
  char shown[96];
  if (p->buffers[i].id)
    snprintf(buf, len, "'%s'",
             memplan_utf8_visible(p->buffers[i].id, shown, sizeof shown));
  else
    snprintf(buf, len, "#%zu (no id)", i);
  return buf;
}

/* The reader refuses a file with two equal ids, so two buffers whose cells
 * would be equal (an unnamed buffer written as "0" next to a buffer named
 * "0", or two buffers given the same id through the C API) are refused
 * here, naming both, before anything is created (find_duplicate_id, as
 * the reader does). */
static int check_written_ids(const char *path, const memplan_problem *p,
                             char *err, size_t err_len) {
  size_t j, i;
  int f = find_duplicate_id(p, &j, &i);
  if (f < 0)
    return memplan_internal_errorf(err, err_len, "%s: out of memory", path);
  if (f == 0)
    return 0;
  char dj[128], di[128], bi[24], shown[96];
  return memplan_internal_errorf(
      err, err_len,
      "%s: cannot write buffers %s and %s: both would be written with the "
      "id '%s' (a buffer without id is written as its index), and ids must "
      "be unique to read back",
      path, describe(p, j, dj, sizeof dj), describe(p, i, di, sizeof di),
      memplan_utf8_visible(cell_id(p, i, bi), shown, sizeof shown));
}

/* Whether the comment line [s, s + n) would read back as a directive (see
 * read_directive): its text starts with "alignment" or "capacity" and a
 * ':' after optional blanks. Written as it is, it would change the problem
 * that the file reads back as. */
static bool reads_as_directive(const char *s, size_t n) {
  const char *e = s + n;
  while (s < e && (*s == ' ' || *s == '\t'))
    ++s;
  size_t k = (size_t)(e - s) >= 9 && strncmp(s, "alignment", 9) == 0 ? 9
             : (size_t)(e - s) >= 8 && strncmp(s, "capacity", 8) == 0 ? 8
                                                                     : 0;
  if (!k)
    return false;
  for (s += k; s < e && (*s == ' ' || *s == '\t'); ++s)
    ;
  return s < e && *s == ':';
}

int memplan_csv_write(const char *path, const memplan_problem *p,
                      const memplan_csv_info *info, const uint64_t *offsets,
                      char *err, size_t err_len) {
  if (err && err_len)
    err[0] = '\0';
  if (!path || !*path)
    return memplan_internal_errorf(err, err_len, "no output path given");
  /* Refuse what cannot be read back, before any file is created: the
   * reader's value checks are memplan_problem_check's, and its id checks
   * are id_writable and check_written_ids. */
  char why[512];
  if (memplan_problem_check(p, why, sizeof why) != 0)
    return memplan_internal_errorf(err, err_len, "%s: cannot write: %s", path,
                                   why);
  uint64_t default_align = info ? info->default_alignment : 1;
  if (default_align == 0)
    default_align = 1;
  bool with_align = info && info->has_alignment;
  bool with_offset = offsets != NULL || (info && info->has_offset);
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->alignment != default_align)
      with_align = true;
    if (b->fixed)
      with_offset = true;
    if (b->id && !id_writable(b->id)) {
      /* Quote the id only when it is safe to print. */
      unsigned ctl;
      bool printable = memplan_utf8_invalid_at(b->id) == (size_t)-1 &&
                       control_at(b->id, &ctl) == (size_t)-1;
      return memplan_internal_errorf(err, err_len,
                   "%s: cannot write buffer #%zu%s%.100s%s: a CSV id must be "
                   "non-empty UTF-8 text, must not start with '#' and must "
                   "not contain a comma or a control character",
                   path, i, printable ? " ('" : "", printable ? b->id : "",
                   printable ? "')" : "");
    }
  }
  if (check_written_ids(path, p, err, err_len) != 0)
    return -1;
  if (info && info->comment) {
    size_t line = 1;
    for (const char *c = info->comment; *c; ++line) {
      size_t n = strcspn(c, "\n");
      if (reads_as_directive(c, n))
        return memplan_internal_errorf(
            err, err_len,
            "%s: comment line %zu '%.*s' would read back as a directive",
            path, line, (int)(n > 60 ? 60 : n), c);
      c += n;
      if (*c == '\n')
        ++c;
    }
  }
  memplan_csv_info local;
  if (!info || info->default_alignment == 0) {
    memset(&local, 0, sizeof local);
    if (info)
      local = *info;
    local.default_alignment = default_align;
    info = &local;
  }

  memplan_output out;
  if (memplan_output_open(&out, path, err, err_len) != 0)
    return -1;
  write_body(out.stream, p, info, offsets, with_align, with_offset);
  return memplan_output_close(&out, true, err, err_len);
}
