/* The public headers' contracts at their edges, as an embedder meets them:
 * a plan that is not there (memplan_solve failed, offsets NULL), a problem
 * that is not empty where an empty one is required, a NULL JSON value.
 * Each must give -1 and a message, touch nothing, and never crash. The
 * user guide's library example (solve, then write a report and a picture)
 * runs here with a solve that fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "memplan/csv.h"
#include "memplan/json.h"
#include "memplan/output.h"
#include "memplan/svg.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static int setup(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "/tmp/memplan-api-XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* The guide's example with a capacity milp proves impossible: solve fails,
 * offsets stay NULL, and the picture is refused instead of read through
 * NULL; the report says there is no peak. */
static void guide_example_failed_solve(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_problem_add(&p, "b", 20, 1, 1, 3);
  memplan_problem_add(&p, "c", 15, 1, 2, 4);
  p.capacity = 20; /* the lower bound is 35 */
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  const char *planner = memplan_planner_find("milp") ? "milp" : "nonexistent";
  assert_int_equal(memplan_solve(&p, planner, NULL, &plan, err, sizeof err),
                   -1);

  char svg[128];
  snprintf(svg, sizeof svg, "%s/layout.svg", dir);
  assert_null(plan.offsets); /* no plan, not zeros that look like one */
  assert_int_equal(plan.count, 0);
  {
    assert_int_equal(
        memplan_svg_write(svg, &p, plan.offsets, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "no plan to draw"));
    assert_false(exists(svg));
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(
        memplan_svg_fprint(f, &p, plan.offsets, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "no plan to draw"));
    fclose(f);
  }
  json_t *j = memplan_json_summary(&p, &plan, true);
  assert_non_null(j);
  assert_true(json_is_null(json_object_get(j, "peak")));
  json_decref(j);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* An empty problem has nothing to draw and NULL offsets are fine there. */
static void svg_empty_problem_null_offsets(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char svg[128], err[256];
  snprintf(svg, sizeof svg, "%s/empty.svg", dir);
  assert_int_equal(memplan_svg_write(svg, &p, NULL, NULL, err, sizeof err), 0);
  assert_true(exists(svg));
}

/* Reading into a problem that holds buffers is refused; the caller's
 * buffers survive (an error used to release them, and a success mixed the
 * rows up with them) and info is zeroed so that freeing it is harmless. */
static void csv_read_into_nonempty_problem(void **state) {
  (void)state;
  char path[128], err[256];
  snprintf(path, sizeof path, "%s/in.csv", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("id,lower,upper,size\na,0,2,10\nb,1,3,20\nc,2,4,15\n", f);
  fclose(f);

  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "mine", 7, 1, 0, 1);
  memplan_csv_info info;
  memset(&info, 0xAB, sizeof info); /* garbage, as an uninitialized local */
  assert_int_equal(memplan_csv_read(path, false, &p, &info, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "must be empty (it holds 1 buffers)"));
  assert_int_equal(p.count, 1);
  assert_string_equal(p.buffers[0].id, "mine");
  assert_null(info.offsets);
  assert_int_equal(info.default_alignment, 1);
  memplan_csv_info_free(&info);

  f = fopen(path, "r");
  assert_non_null(f);
  assert_int_equal(memplan_csv_read_stream(f, path, false, &p, NULL, err,
                                           sizeof err),
                   -1);
  fclose(f);
  assert_int_equal(p.count, 1);
  assert_int_equal(p.buffers[0].size, 7);
  memplan_problem_free(&p);

  /* And into an empty one, all three rows. */
  assert_int_equal(memplan_csv_read(path, false, &p, NULL, err, sizeof err),
                   0);
  assert_int_equal(p.count, 3);
  memplan_problem_free(&p);
}

/* A NULL value is named as such, not as "write error: Cannot allocate
 * memory", and nothing is created; a missing path is not "(null)". */
static void json_write_null_value_and_path(void **state) {
  (void)state;
  char path[128], err[256];
  snprintf(path, sizeof path, "%s/r.json", dir);
  assert_int_equal(memplan_json_write(path, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, "r.json: no JSON value to write (NULL)"));
  assert_false(exists(path));
  json_t *j = json_object();
  assert_int_equal(memplan_json_write(NULL, j, err, sizeof err), -1);
  assert_string_equal(err, "json: no output path");
  json_decref(j);
}

/* memplan_solve's message does not depend on the caller's err buffer: with
 * err NULL (allowed) plan.message was empty, and with err_len 0 it was
 * copied from err, which memplan_solve had not written (whatever the
 * buffer held: here not even a C string). A short err gets the message cut,
 * plan.message keeps it whole. */
static void solve_message_without_err(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 8, 1, 5, 5); /* start == end: malformed */
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(memplan_solve(&p, "best-fit", NULL, &plan, NULL, 0), -1);
  assert_non_null(strstr(plan.message, "'a'"));
  char whole[sizeof plan.message];
  snprintf(whole, sizeof whole, "%s", plan.message);

  char *err = malloc(4);
  assert_non_null(err);
  memcpy(err, "XXXX", 4); /* not NUL-terminated, and err_len 0 */
  assert_int_equal(memplan_solve(&p, "best-fit", NULL, &plan, err, 0), -1);
  assert_memory_equal(err, "XXXX", 4); /* not written */
  assert_string_equal(plan.message, whole);
  free(err);

  char shortbuf[8];
  assert_int_equal(
      memplan_solve(&p, "best-fit", NULL, &plan, shortbuf, sizeof shortbuf), -1);
  assert_int_equal(strlen(shortbuf), sizeof shortbuf - 1);
  assert_memory_equal(shortbuf, whole, sizeof shortbuf - 1);
  assert_string_equal(plan.message, whole);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Entries in the test directory whose name starts with `prefix`. */
static int entries(const char *prefix) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
  closedir(d);
  return n;
}

/* memplan_output_remove_temporaries reaches every open output, not only
 * the first 64 (a module's staged reports can be thousands): 200 opened,
 * 50 of them closed (their slots reused by 30 more), and one call removes
 * the 180 temporaries left. The outputs are then closed without keeping;
 * an output kept afterwards is renamed into place as usual. */
static void output_temporaries_all_removed(void **state) {
  (void)state;
  enum { N = 230 };
  static memplan_output out[N];
  static char path[N][96];
  char err[256];
  for (int i = 0; i < 200; ++i) {
    snprintf(path[i], sizeof path[i], "%s/t%d.csv", dir, i);
    assert_int_equal(memplan_output_open(&out[i], path[i], err, sizeof err), 0);
  }
  for (int i = 0; i < 50; ++i)
    assert_int_equal(memplan_output_close(&out[2 * i], false, err, sizeof err), 0);
  for (int i = 200; i < N; ++i) {
    snprintf(path[i], sizeof path[i], "%s/t%d.csv", dir, i);
    assert_int_equal(memplan_output_open(&out[i], path[i], err, sizeof err), 0);
  }
  assert_int_equal(entries("t"), 180);
  memplan_output_remove_temporaries();
  assert_int_equal(entries("t"), 0);
  for (int i = 0; i < N; ++i)
    if (i >= 100 || i % 2)
      memplan_output_close(&out[i], false, err, sizeof err);
  memplan_output kept;
  snprintf(path[0], sizeof path[0], "%s/kept.csv", dir);
  assert_int_equal(memplan_output_open(&kept, path[0], err, sizeof err), 0);
  fputs("x\n", kept.stream);
  assert_int_equal(memplan_output_close(&kept, true, err, sizeof err), 0);
  assert_true(exists(path[0]));
  assert_int_equal(entries("kept"), 1);
}

/* An empty path names no file: refused at open (and by the check before
 * the work), with nothing created. It was accepted, created ".tmp.PID.N"
 * in the working directory, and failed only when kept. */
static void output_empty_path_refused(void **state) {
  (void)state;
  char cwd[4096], err[256] = "";
  assert_non_null(getcwd(cwd, sizeof cwd));
  assert_int_equal(chdir(dir), 0);
  memplan_output o;
  assert_int_equal(memplan_output_open(&o, "", err, sizeof err), -1);
  assert_string_equal(err, "no output path given");
  err[0] = '\0';
  assert_int_equal(memplan_output_check("", err, sizeof err), -1);
  assert_string_equal(err, "no output path given");
  assert_int_equal(entries(".tmp"), 0);
  assert_int_equal(chdir(cwd), 0);
}

/* plan.work never passes options.work_limit: the search counted the node
 * it refused at the limit (exact, auto) and CBC the root on top of its node
 * limit (milp), so every run reported limit + 1. */
static void work_within_limit(void **state) {
  (void)state;
  const char *planners[] = {"exact", "auto",
#ifdef MEMPLAN_HAVE_CBC
                            "milp"
#endif
  };
  /* Limits that end a decision's own node budget right at the work limit
   * too (exact's restarts): a node refused by that budget was counted,
   * and the next one then passed the limit. */
  static const uint64_t limits[] = {1, 2, 3, 5, 8, 13, 50, 100, 333, 1000};
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed, 20 + 7 * seed, 1000, 20, 8);
    for (size_t k = 0; k < sizeof planners / sizeof planners[0]; ++k)
      for (size_t l = 0; l < sizeof limits / sizeof limits[0]; ++l) {
        uint64_t limit = limits[l];
        if (k == 2 && (seed > 1 || limit > 8))
          continue; /* milp: CBC is slow, and one problem shows it */
        memplan_options o;
        memset(&o, 0, sizeof o);
        o.work_limit = limit;
        /* A work limit alone keeps the clock out of exact and auto; milp
         * always has a time limit, so it gets one that no run reaches. */
        if (k == 2)
          o.time_limit = 1e9;
        memplan_plan plan;
        memplan_plan_init(&plan);
        char err[256];
        assert_int_equal(
            memplan_solve(&p, planners[k], &o, &plan, err, sizeof err), 0);
        if (plan.work > limit)
          fail_msg("seed %llu, %s: work %llu above the limit %llu",
                   (unsigned long long)seed, planners[k],
                   (unsigned long long)plan.work, (unsigned long long)limit);
        assert_int_equal(memplan_validate(&p, plan.offsets, NULL, NULL, 0), 0);
        memplan_plan_free(&plan);
      }
    memplan_problem_free(&p);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(solve_message_without_err),
      cmocka_unit_test(guide_example_failed_solve),
      cmocka_unit_test(svg_empty_problem_null_offsets),
      cmocka_unit_test(csv_read_into_nonempty_problem),
      cmocka_unit_test(json_write_null_value_and_path),
      cmocka_unit_test(output_temporaries_all_removed),
      cmocka_unit_test(output_empty_path_refused),
      cmocka_unit_test(work_within_limit),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
