/* JSON reports (memplan/json.h): structure and values of every builder, the
 * 64-bit rule (integers up to INT64_MAX, strings above), and the atomic
 * writer (round trip, no temporary left behind, clear error on a bad path,
 * previous file untouched on failure). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "memplan/json.h"
#include "testutil.h"

#include <dirent.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The seed's worked example: sizes 10, 20, 15 over [0,2), [1,3), [2,4). */
static void example(memplan_problem *p) {
  memplan_problem_init(p);
  memplan_problem_add(p, "a", 10, 1, 0, 2);
  memplan_problem_add(p, "b", 20, 4, 1, 3);
  memplan_problem_add(p, NULL, 15, 1, 2, 4);
}

static void fake_plan(memplan_plan *plan, const uint64_t *offs, size_t n) {
  memplan_plan_init(plan);
  plan->offsets = malloc(n * sizeof *offs);
  memcpy(plan->offsets, offs, n * sizeof *offs);
  plan->count = n;
  plan->peak = 45;
  plan->lower_bound = 35;
  plan->status = MEMPLAN_FEASIBLE;
  plan->seconds = 0.25;
  plan->work = 7;
  snprintf(plan->planner, sizeof plan->planner, "best-fit");
}

static void test_u64_rule(void **state) {
  (void)state;
  json_t *a = memplan_json_u64(42);
  assert_true(json_is_integer(a));
  assert_int_equal(json_integer_value(a), 42);
  json_t *b = memplan_json_u64((uint64_t)INT64_MAX);
  assert_true(json_is_integer(b));
  assert_true(json_integer_value(b) == INT64_MAX);
  json_t *c = memplan_json_u64((uint64_t)INT64_MAX + 1);
  assert_true(json_is_string(c));
  assert_string_equal(json_string_value(c), "9223372036854775808");
  json_t *d = memplan_json_u64(UINT64_MAX);
  assert_string_equal(json_string_value(d), "18446744073709551615");
  json_decref(a);
  json_decref(b);
  json_decref(c);
  json_decref(d);
}

static void test_buffer(void **state) {
  (void)state;
  memplan_problem p;
  example(&p);
  uint64_t offs[3] = {0, 12, 30};
  json_t *b = memplan_json_buffer(&p, 1, offs);
  assert_non_null(b);
  assert_string_equal(json_string_value(json_object_get(b, "id")), "b");
  assert_int_equal(json_integer_value(json_object_get(b, "size")), 20);
  assert_int_equal(json_integer_value(json_object_get(b, "alignment")), 4);
  assert_int_equal(json_integer_value(json_object_get(b, "start")), 1);
  assert_int_equal(json_integer_value(json_object_get(b, "end")), 3);
  assert_int_equal(json_integer_value(json_object_get(b, "offset")), 12);
  assert_null(json_object_get(b, "fixed"));
  assert_int_equal(json_object_size(b), 6);
  json_decref(b);

  /* Unnamed buffer: "#index". Without offsets: a free buffer has none. */
  json_t *c = memplan_json_buffer(&p, 2, NULL);
  assert_string_equal(json_string_value(json_object_get(c, "id")), "#2");
  assert_null(json_object_get(c, "offset"));
  json_decref(c);

  /* A fixed buffer reports its offset and the flag even without a plan. */
  p.buffers[0].fixed = true;
  p.buffers[0].offset = 64;
  json_t *a = memplan_json_buffer(&p, 0, NULL);
  assert_int_equal(json_integer_value(json_object_get(a, "offset")), 64);
  assert_true(json_is_true(json_object_get(a, "fixed")));
  json_decref(a);
  memplan_problem_free(&p);
}

static void test_plan_fields(void **state) {
  (void)state;
  uint64_t offs[3] = {0, 12, 30};
  memplan_plan plan;
  fake_plan(&plan, offs, 3);
  json_t *j = memplan_json_plan(&plan);
  assert_string_equal(json_string_value(json_object_get(j, "planner")), "best-fit");
  assert_string_equal(json_string_value(json_object_get(j, "status")), "feasible");
  assert_int_equal(json_integer_value(json_object_get(j, "peak")), 45);
  assert_int_equal(json_integer_value(json_object_get(j, "lower_bound")), 35);
  /* (45 - 35) / 35 */
  assert_float_equal(json_real_value(json_object_get(j, "gap")), 10.0 / 35.0, 1e-12);
  assert_float_equal(json_real_value(json_object_get(j, "seconds")), 0.25, 1e-12);
  assert_int_equal(json_integer_value(json_object_get(j, "work")), 7);
  assert_null(json_object_get(j, "message")); /* empty message omitted */
  json_decref(j);

  snprintf(plan.message, sizeof plan.message, "fell back to greedy");
  plan.lower_bound = 0;
  j = memplan_json_plan(&plan);
  assert_string_equal(json_string_value(json_object_get(j, "message")), "fell back to greedy");
  assert_float_equal(json_real_value(json_object_get(j, "gap")), 0.0, 0.0);
  json_decref(j);
  memplan_plan_free(&plan);
}

static void test_summary_real_plan(void **state) {
  (void)state;
  memplan_problem p;
  example(&p);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "linear", NULL, &plan, err, sizeof err), 0);
  json_t *j = memplan_json_summary(&p, &plan, true);
  assert_non_null(j);
  assert_string_equal(json_string_value(json_object_get(j, "planner")), "linear");
  assert_int_equal(json_integer_value(json_object_get(j, "buffers_count")), 3);
  assert_int_equal(json_integer_value(json_object_get(j, "capacity")), 0);
  assert_int_equal(json_integer_value(json_object_get(j, "lower_bound")), 35);
  assert_int_equal((uint64_t)json_integer_value(json_object_get(j, "peak")), plan.peak);
  json_t *arr = json_object_get(j, "buffers");
  assert_true(json_is_array(arr));
  assert_int_equal(json_array_size(arr), 3);
  for (size_t i = 0; i < 3; i++) {
    json_t *b = json_array_get(arr, i);
    assert_int_equal((uint64_t)json_integer_value(json_object_get(b, "offset")),
                     plan.offsets[i]);
    assert_int_equal((uint64_t)json_integer_value(json_object_get(b, "size")),
                     p.buffers[i].size);
  }
  json_decref(j);
  /* Without buffers: no array, same statistics. */
  j = memplan_json_summary(&p, &plan, false);
  assert_null(json_object_get(j, "buffers"));
  assert_int_equal(json_integer_value(json_object_get(j, "lower_bound")), 35);
  json_decref(j);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Ids (and messages) that are not UTF-8 keep the builders' contract: an
 * object, with U+FFFD for each bad byte, never NULL. */
static void test_invalid_utf8(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a\xff\xfe", 10, 1, 0, 2);
  memplan_problem_add(&p, "b\xc3", 20, 1, 1, 3);
  memplan_problem_add(&p, "\xc3\xa9t\xc3\xa9", 15, 1, 2, 4); /* valid: kept */
  uint64_t offs[3] = {0, 10, 30};
  json_t *b = memplan_json_buffer(&p, 0, offs);
  assert_non_null(b);
  assert_string_equal(json_string_value(json_object_get(b, "id")),
                      "a\xef\xbf\xbd\xef\xbf\xbd");
  json_decref(b);
  b = memplan_json_buffer(&p, 2, offs);
  assert_string_equal(json_string_value(json_object_get(b, "id")), "\xc3\xa9t\xc3\xa9");
  json_decref(b);

  memplan_plan plan;
  fake_plan(&plan, offs, 3);
  /* A message cut in the middle of a character, quoting a bad id. */
  snprintf(plan.message, sizeof plan.message, "buffer 'b\xc3' and \xe2\x82");
  json_t *j = memplan_json_summary(&p, &plan, true);
  assert_non_null(j);
  assert_string_equal(json_string_value(json_object_get(j, "message")),
                      "buffer 'b\xef\xbf\xbd' and \xef\xbf\xbd\xef\xbf\xbd");
  json_t *arr = json_object_get(j, "buffers");
  assert_string_equal(json_string_value(json_object_get(json_array_get(arr, 1), "id")),
                      "b\xef\xbf\xbd");
  /* And the whole report is written. */
  char *text = json_dumps(j, 0);
  assert_non_null(text);
  free(text);
  json_decref(j);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Without a plan (no offsets, or a timeout/error) the peak and gap are
 * null, not a 0 that reads as an empty arena, and no buffer has an offset;
 * an infeasible plan that has offsets (above the capacity) keeps its peak. */
static void test_no_plan(void **state) {
  (void)state;
  memplan_problem p;
  example(&p);
  uint64_t offs[3] = {0, 12, 30};
  memplan_plan plan;
  fake_plan(&plan, offs, 3);
  plan.status = MEMPLAN_INFEASIBLE;
  json_t *j = memplan_json_summary(&p, &plan, true);
  assert_int_equal(json_integer_value(json_object_get(j, "peak")), 45);
  assert_true(json_is_real(json_object_get(j, "gap")));
  json_decref(j);

  free(plan.offsets);
  plan.offsets = NULL;
  plan.count = 0;
  plan.peak = 0;
  j = memplan_json_summary(&p, &plan, true);
  assert_non_null(j);
  assert_string_equal(json_string_value(json_object_get(j, "status")), "infeasible");
  assert_true(json_is_null(json_object_get(j, "peak")));
  assert_true(json_is_null(json_object_get(j, "gap")));
  assert_int_equal(json_integer_value(json_object_get(j, "lower_bound")), 35);
  assert_null(json_object_get(json_array_get(json_object_get(j, "buffers"), 1),
                              "offset"));
  json_decref(j);

  /* A timeout never has a plan, even with an offsets array left behind. */
  fake_plan(&plan, offs, 3);
  plan.status = MEMPLAN_TIMEOUT;
  j = memplan_json_summary(&p, &plan, true);
  assert_true(json_is_null(json_object_get(j, "peak")));
  assert_null(json_object_get(json_array_get(json_object_get(j, "buffers"), 1),
                              "offset"));
  json_decref(j);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Counts directory entries whose name starts with `prefix`. */
static int count_prefix(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
  closedir(d);
  return n;
}

static void test_write_roundtrip(void **state) {
  (void)state;
  char dir[] = "/tmp/memplan-json-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256];
  snprintf(path, sizeof path, "%s/report.json", dir);
  json_t *j = json_object();
  json_object_set_new(j, "id", json_string("quote\" and \\ and \xc3\xa9"));
  json_object_set_new(j, "big", memplan_json_u64(UINT64_MAX));
  json_object_set_new(j, "n", json_integer(3));
  char err[256] = "";
  assert_int_equal(memplan_json_write(path, j, err, sizeof err), 0);
  json_error_t je;
  json_t *back = json_load_file(path, 0, &je);
  assert_non_null(back);
  assert_true(json_equal(j, back));
  /* Key order is the insertion order (reports read top-down). */
  const char *first = json_object_iter_key(json_object_iter(back));
  assert_string_equal(first, "id");
  /* Only the report, no temporary left over. */
  assert_int_equal(count_prefix(dir, "report.json"), 1);
  json_decref(back);

  /* A failing write names the path and leaves the old file intact. */
  char bad[300];
  snprintf(bad, sizeof bad, "%s/no-such-dir/report.json", dir);
  assert_int_equal(memplan_json_write(bad, j, err, sizeof err), -1);
  assert_non_null(strstr(err, bad));
  assert_non_null(strstr(err, "No such file or directory"));
  assert_int_equal(memplan_json_write("", j, err, sizeof err), -1);
  assert_int_equal(memplan_json_write(NULL, j, err, sizeof err), -1);
  back = json_load_file(path, 0, &je);
  assert_true(json_equal(j, back));
  json_decref(back);
  json_decref(j);
  unlink(path);
  rmdir(dir);
}

/* The stream variant writes the same bytes as memplan_json_write (the pass
 * stages its report with it, to keep a function's files all or none). */
static void test_fprint_same_as_write(void **state) {
  (void)state;
  char dir[] = "/tmp/memplan-json-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256];
  snprintf(path, sizeof path, "%s/report.json", dir);
  json_t *j = json_pack("{s:f,s:[i,s]}", "gap", 4.0 / 9.0, "l", 1, "x");
  char err[256] = "";
  assert_int_equal(memplan_json_write(path, j, err, sizeof err), 0);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char want[512] = "";
  size_t nwant = fread(want, 1, sizeof want - 1, f);
  fclose(f);
  char *got = NULL;
  size_t ngot = 0;
  FILE *m = open_memstream(&got, &ngot);
  assert_non_null(m);
  assert_int_equal(memplan_json_fprint(m, j, err, sizeof err), 0);
  fclose(m);
  assert_int_equal(ngot, nwant);
  assert_memory_equal(got, want, nwant);
  assert_non_null(strstr(got, "0.444444"));
  free(got);
  /* NULL is refused with nothing written. */
  m = open_memstream(&got, &ngot);
  assert_int_equal(memplan_json_fprint(m, NULL, err, sizeof err), -1);
  fclose(m);
  assert_int_equal(ngot, 0);
  assert_string_equal(err, "no JSON value to write (NULL)");
  free(got);
  /* A small document that cannot be written (a full disk) is reported by
   * fprint itself, not only by the caller's fclose: it sat in the stdio
   * buffer and fprint returned 0. */
  FILE *full = fopen("/dev/full", "w");
  if (full) {
    err[0] = '\0';
    assert_int_equal(memplan_json_fprint(full, j, err, sizeof err), -1);
    assert_string_equal(err, "write error: No space left on device");
    fclose(full);
  }
  json_decref(j);
  unlink(path);
  rmdir(dir);
}

/* Devices are written in place, never renamed over (as root that would turn
 * /dev/null into a regular file); symbolic links are followed, so the link
 * survives and its target gets the report. */
static void test_write_special_files(void **state) {
  (void)state;
  json_t *j = json_pack("{s:i}", "n", 1);
  char err[256] = "";
  struct stat st;
  assert_int_equal(memplan_json_write("/dev/null", j, err, sizeof err), 0);
  assert_int_equal(stat("/dev/null", &st), 0);
  assert_true(S_ISCHR(st.st_mode));

  char dir[] = "/tmp/memplan-json-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char target[256], link[256];
  snprintf(target, sizeof target, "%s/target.json", dir);
  snprintf(link, sizeof link, "%s/link.json", dir);
  FILE *f = fopen(target, "w");
  fputs("old\n", f);
  fclose(f);
  assert_int_equal(symlink("target.json", link), 0);
  assert_int_equal(memplan_json_write(link, j, err, sizeof err), 0);
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  json_error_t je;
  json_t *back = json_load_file(target, 0, &je);
  assert_non_null(back);
  assert_true(json_equal(j, back));
  json_decref(back);
  assert_int_equal(count_prefix(dir, "target.json"), 1); /* no temporary */
  unlink(link);
  unlink(target);

  /* A link to a missing target is refused and survives: writing beside it
   * would replace the link with a regular file. */
  char dangling[256];
  snprintf(dangling, sizeof dangling, "%s/dangling.json", dir);
  assert_int_equal(symlink("/nonexistent/dir/x.json", dangling), 0);
  err[0] = '\0';
  assert_int_equal(memplan_json_write(dangling, j, err, sizeof err), -1);
  char want[300];
  snprintf(want, sizeof want, "%s: symbolic link to a missing target", dangling);
  assert_string_equal(err, want);
  assert_int_equal(lstat(dangling, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  assert_int_equal(count_prefix(dir, "dangling.json"), 1); /* no temporary */
  unlink(dangling);
  /* A link to itself cannot be resolved either. */
  assert_int_equal(symlink("loop.json", link), 0);
  snprintf(target, sizeof target, "%s/loop.json", dir);
  assert_int_equal(symlink("link.json", target), 0);
  err[0] = '\0';
  assert_int_equal(memplan_json_write(link, j, err, sizeof err), -1);
  assert_non_null(strstr(err, "cannot resolve the symbolic link"));
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  unlink(link);
  unlink(target);
  assert_int_equal(rmdir(dir), 0); /* nothing else was created */
  json_decref(j);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_u64_rule),
      cmocka_unit_test(test_buffer),
      cmocka_unit_test(test_plan_fields),
      cmocka_unit_test(test_summary_real_plan),
      cmocka_unit_test(test_write_roundtrip),
      cmocka_unit_test(test_fprint_same_as_write),
      cmocka_unit_test(test_write_special_files),
      cmocka_unit_test(test_invalid_utf8),
      cmocka_unit_test(test_no_plan),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
