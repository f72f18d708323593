/* libFuzzer target: the CSV reader (memplan_csv_read_stream) on arbitrary
 * bytes, in both modes (problem and plan).
 *
 * Oracles, beyond the sanitizers (ASan, UBSan, aborting on the first
 * report):
 *  - an accepted file is a well-formed problem: memplan_problem_check
 *    accepts it (the reader promises to enforce the same budget);
 *  - a refused file leaves the problem empty and an error message that
 *    starts with the file name given to the reader;
 *  - round trip: an accepted problem written with memplan_csv_write and
 *    read back is the same problem (ids, sizes, alignments, intervals,
 *    fixed offsets, capacity), unless the writer refuses an id it cannot
 *    write, which its contract allows. */
#include "memplan/csv.h"
#include "memplan/memplan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NAME "fuzz.csv"

static void die(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_csv: oracle violated: %s%s%s\n", what,
          detail ? ": " : "", detail ? detail : "");
  abort();
}

/* A private scratch file for the round trip, made once per process. */
static const char *scratch_path(void) {
  static char path[256];
  if (!path[0]) {
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/memplan-fuzz-csv-%ld.csv",
             dir && *dir ? dir : "/tmp", (long)getpid());
  }
  return path;
}

static int same_str(const char *a, const char *b) {
  if (!a || !b)
    return a == b;
  return strcmp(a, b) == 0;
}

static void round_trip(const memplan_problem *p, const memplan_csv_info *info) {
  char err[512];
  const char *path = scratch_path();
  if (memplan_csv_write(path, p, info, NULL, err, sizeof err) != 0)
    return; /* e.g. an id the format cannot carry: documented refusal */
  memplan_problem q;
  memplan_problem_init(&q);
  memplan_csv_info qi;
  memset(&qi, 0, sizeof qi);
  if (memplan_csv_read(path, false, &q, &qi, err, sizeof err) != 0)
    die("written file does not read back", err);
  if (q.count != p->count || q.capacity != p->capacity)
    die("round trip changed the count or the capacity", NULL);
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *a = &p->buffers[i], *b = &q.buffers[i];
    if (!same_str(a->id, b->id) || a->size != b->size ||
        a->alignment != b->alignment || a->start != b->start ||
        a->end != b->end || a->fixed != b->fixed ||
        (a->fixed && a->offset != b->offset))
      die("round trip changed a buffer", a->id);
  }
  memplan_csv_info_free(&qi);
  memplan_problem_free(&q);
  unlink(path);
}

static void read_once(const uint8_t *data, size_t size, bool as_plan) {
  /* fmemopen refuses a zero-length buffer on some libcs: give it one byte
   * of a one-byte-long empty string instead. */
  static char empty[1];
  FILE *f = size ? fmemopen((void *)data, size, "r") : fmemopen(empty, 1, "r");
  if (!f)
    return;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_csv_info info;
  memset(&info, 0, sizeof info);
  char err[512];
  err[0] = '\0';
  int rc = memplan_csv_read_stream(f, FUZZ_NAME, as_plan, &p, &info, err,
                                   sizeof err);
  fclose(f);
  if (rc == 0) {
    char cerr[512];
    if (as_plan) /* as memplan check sees it: offsets are placed */
      memplan_csv_fix_at_plan(&p, &info);
    if (memplan_problem_check(&p, cerr, sizeof cerr) != 0)
      die("reader accepted a problem that memplan_problem_check rejects",
          cerr);
    if (as_plan && p.count && !info.offsets)
      die("plan mode accepted a file without offsets", NULL);
    if (!as_plan)
      round_trip(&p, &info);
  } else if (rc == -1) {
    if (p.count != 0)
      die("reader failed but left buffers in the problem", err);
    if (strncmp(err, FUZZ_NAME, strlen(FUZZ_NAME)) != 0)
      die("error message does not name the file", err);
  } else {
    die("reader returned neither 0 nor -1", NULL);
  }
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  read_once(data, size, false);
  read_once(data, size, true);
  return 0;
}
