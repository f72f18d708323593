/* The CSV reader and writer: good inputs in every accepted form, one case per
 * class of bad input (each must fail with FILE:LINE and the column in the
 * message, and leave the problem empty), and write + read round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "memplan/csv.h"
#include "testutil.h"

/* Reads `text` as file "in.csv" through a temporary stream. */
static int read_text(const char *text, bool plan, memplan_problem *p,
                     memplan_csv_info *info, char *err, size_t err_len) {
  FILE *f = tmpfile();
  assert_non_null(f);
  size_t n = strlen(text);
  assert_int_equal(fwrite(text, 1, n, f), n);
  rewind(f);
  memplan_problem_init(p);
  int rc = memplan_csv_read_stream(f, "in.csv", plan, p, info, err, err_len);
  fclose(f);
  return rc;
}

static void read_ok(const char *text, bool plan, memplan_problem *p,
                    memplan_csv_info *info) {
  char err[512] = "";
  if (read_text(text, plan, p, info, err, sizeof err) != 0)
    fail_msg("unexpected read error: %s", err);
}

/*===------------------------------ good input ---------------------------===*/

static void columns_in_any_order(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("size,upper,id,lower\n10,2,x,0\n20,5,y,-3\n", false, &p, &info);
  assert_int_equal(p.count, 2);
  assert_string_equal(p.buffers[0].id, "x");
  assert_int_equal(p.buffers[0].size, 10);
  assert_int_equal(p.buffers[0].start, 0);
  assert_int_equal(p.buffers[0].end, 2);
  assert_int_equal(p.buffers[0].alignment, 1);
  assert_false(p.buffers[0].fixed);
  /* lower/upper are signed steps */
  assert_int_equal(p.buffers[1].start, -3);
  assert_int_equal(p.buffers[1].end, 5);
  assert_false(info.inclusive_end);
  assert_false(info.has_alignment);
  assert_false(info.has_offset);
  assert_null(info.offsets);
  assert_int_equal(p.capacity, 0);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

static void end_column_is_inclusive(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("id,lower,end,size\na,0,1,4\nb,3,3,8\n", false, &p, &info);
  assert_true(info.inclusive_end);
  assert_int_equal(p.buffers[0].end, 2);
  /* a one-step closed interval [3,3] is [3,4) */
  assert_int_equal(p.buffers[1].start, 3);
  assert_int_equal(p.buffers[1].end, 4);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

/* info.lines gives each buffer's own line, past comments and blank lines,
 * so that later checks can name "FILE:LINE" too. */
static void row_line_numbers(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("# c\nid,lower,upper,size\n\na,0,1,4\n# d\nb,3,4,8\n", false, &p,
          &info);
  assert_int_equal(p.count, 2);
  assert_non_null(info.lines);
  assert_int_equal(info.lines[0], 4);
  assert_int_equal(info.lines[1], 6);
  memplan_csv_info_free(&info);
  assert_null(info.lines);
  memplan_problem_free(&p);
}

static void comments_and_directives(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("# Units: bytes. Alignment 1.\n"
          "# alignment of buffers is discussed here (prose, no directive)\n"
          "#alignment:   64  \n"
          "\n"
          "id,lower,upper,size,alignment\n"
          "# capacity: 4096\n"
          "a,0,2,100,\n"
          "   \n"
          "b,1,3,100,256\n",
          false, &p, &info);
  assert_int_equal(p.count, 2);
  assert_int_equal(info.default_alignment, 64);
  assert_true(info.has_alignment);
  /* an empty alignment cell takes the directive's default, even though the
   * directive came before the header and the capacity after it */
  assert_int_equal(p.buffers[0].alignment, 64);
  assert_int_equal(p.buffers[1].alignment, 256);
  assert_int_equal(p.capacity, 4096);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

/* Alignments need not be powers of two (XLA's tests use 20, Glow's 10):
 * cells and the directive take any number >= 1, and a fixed offset must be
 * a multiple of it. */
static void any_alignment(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("# alignment: 48\n"
          "id,lower,upper,size,alignment,offset\n"
          "a,0,2,100,,\n"
          "b,1,3,100,20,\n"
          "c,0,3,10,10,40\n",
          false, &p, &info);
  assert_int_equal(p.buffers[0].alignment, 48);
  assert_int_equal(p.buffers[1].alignment, 20);
  assert_int_equal(p.buffers[2].alignment, 10);
  assert_true(p.buffers[2].fixed);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
  char err[512];
  assert_int_equal(read_text("id,lower,upper,size,alignment,offset\n"
                             "c,0,3,10,20,30\n",
                             false, &p, NULL, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "in.csv:2:"));
  assert_non_null(strstr(err, "30 is not a multiple of the alignment 20"));
  memplan_problem_free(&p);
}

static void string_ids_crlf_bom(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  read_ok("\xEF\xBB\xBFid,lower,upper,size\r\n"
          "conv 1/out:0,0,2,8\r\n"
          "Tensor-\xC3\xA9,1,3,0\r\n",
          false, &p, &info);
  assert_int_equal(p.count, 2);
  assert_string_equal(p.buffers[0].id, "conv 1/out:0");
  assert_string_equal(p.buffers[1].id, "Tensor-\xC3\xA9");
  assert_int_equal(p.buffers[0].end, 2);
  /* zero-size buffers are allowed */
  assert_int_equal(p.buffers[1].size, 0);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

static void offsets_fix_or_plan(void **state) {
  (void)state;
  memplan_problem p;
  memplan_csv_info info;
  /* As a problem: numbers fix buffers, empty cells leave them free. */
  read_ok("id,lower,upper,size,offset\na,0,2,48,0\nb,1,3,48,\nc,0,1,8,96\n",
          false, &p, &info);
  assert_true(p.buffers[0].fixed);
  assert_int_equal(p.buffers[0].offset, 0);
  assert_false(p.buffers[1].fixed);
  assert_true(p.buffers[2].fixed);
  assert_int_equal(p.buffers[2].offset, 96);
  assert_true(info.has_offset);
  assert_true(info.has_offset_value[0]);
  assert_false(info.has_offset_value[1]);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);

  /* As a plan: nothing is fixed, offsets come back in info, and even a
   * misaligned one is read (judging it is the validator's job). */
  read_ok("id,lower,upper,size,alignment,offset\na,0,2,48,16,0\nb,1,3,48,16,"
          "50\n",
          true, &p, &info);
  assert_false(p.buffers[0].fixed);
  assert_false(p.buffers[1].fixed);
  assert_int_equal(info.offsets[0], 0);
  assert_int_equal(info.offsets[1], 50);
  /* The problem the plan describes: each buffer fixed at its offset,
   * rounded down to its alignment. */
  memplan_csv_fix_at_plan(&p, &info);
  assert_true(p.buffers[0].fixed);
  assert_int_equal(p.buffers[0].offset, 0);
  assert_true(p.buffers[1].fixed);
  assert_int_equal(p.buffers[1].offset, 48);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);

  /* A file without offsets: nothing to fix. */
  read_ok("id,lower,upper,size\na,0,2,48\n", false, &p, &info);
  memplan_csv_fix_at_plan(&p, &info);
  assert_false(p.buffers[0].fixed);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);

  /* A plan whose buffers, padded as a planner would need, pass 2^64: well
   * formed once its offsets count as placed. */
  read_ok("id,lower,upper,size,alignment,offset\n"
          "a,0,2,9223372036854775808,9223372036854775808,0\n"
          "b,1,3,4611686018427387904,1,9223372036854775808\n",
          true, &p, &info);
  assert_int_equal(memplan_problem_check(&p, NULL, 0), -1);
  memplan_csv_fix_at_plan(&p, &info);
  assert_int_equal(memplan_problem_check(&p, NULL, 0), 0);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

/* UTF-8 ids of every sequence length read as they are. */
static void utf8_ids(void **state) {
  (void)state;
  memplan_problem p;
  read_ok("id,lower,upper,size\n"
          "caf\xc3\xa9,0,1,4\n"
          "\xe2\x82\xac,0,1,4\n"
          "\xf0\x9f\x99\x82,0,1,4\n"
          "\xf4\x8f\xbf\xbf,0,1,4\n", /* U+10FFFF, the last code point */
          false, &p, NULL);
  assert_int_equal(p.count, 4);
  assert_string_equal(p.buffers[0].id, "caf\xc3\xa9");
  assert_string_equal(p.buffers[2].id, "\xf0\x9f\x99\x82");
  assert_string_equal(p.buffers[3].id, "\xf4\x8f\xbf\xbf");
  memplan_problem_free(&p);
}

static void largest_values(void **state) {
  (void)state;
  memplan_problem p;
  read_ok("id,lower,upper,size\n"
          "big,-9223372036854775808,9223372036854775807,"
          "18446744073709551615\n",
          false, &p, NULL);
  assert_int_equal(p.buffers[0].size, UINT64_MAX);
  assert_true(p.buffers[0].start == INT64_MIN);
  assert_true(p.buffers[0].end == INT64_MAX);
  memplan_problem_free(&p);
}

/*===------------------------------ bad input ----------------------------===*/

typedef struct bad_case {
  const char *what;
  const char *text;
  bool plan;
  const char *want1; /* substrings the message must contain */
  const char *want2;
} bad_case;

static const bad_case bad_cases[] = {
    {"empty file", "", false, "in.csv:1:", "empty file"},
    {"only comments", "# alignment: 8\n\n", false, "in.csv:2:",
     "no header line"},
    {"missing header column", "id,lower,upper\na,0,1\n", false, "in.csv:1:",
     "column 'size': missing"},
    {"missing upper/end", "# x\nid,lower,size\n", false, "in.csv:2:",
     "column 'upper': missing"},
    {"unknown header column", "id,lower,upper,size,colour\n", false,
     "in.csv:1:", "column 'colour': unknown"},
    {"data row as header", "a,0,1,4\n", false, "in.csv:1:",
     "column 'a': unknown"},
    {"repeated header column", "id,lower,upper,size,size\n", false,
     "in.csv:1:", "column 'size': header column given twice"},
    {"upper and end", "id,lower,upper,end,size\n", false, "in.csv:1:",
     "column 'end'"},
    {"non-numeric size", "id,lower,upper,size\na,0,1,12x\n", false,
     "in.csv:2:", "column 'size': '12x' is not a number"},
    {"space in number", "id,lower,upper,size\na, 0,1,12\n", false,
     "in.csv:2:", "column 'lower': ' 0' is not a number"},
    {"plus sign", "id,lower,upper,size\na,0,+1,12\n", false, "in.csv:2:",
     "column 'upper': '+1' is not a number"},
    {"empty size", "id,lower,upper,size\na,0,1,\n", false, "in.csv:2:",
     "column 'size': empty cell"},
    {"negative size", "id,lower,upper,size\na,0,1,4\nb,0,1,-5\n", false,
     "in.csv:3:", "column 'size': negative value '-5'"},
    {"lower == upper", "id,lower,upper,size\na,3,3,4\n", false, "in.csv:2:",
     "column 'upper': lower 3 must be < upper 3"},
    {"lower > upper", "id,lower,upper,size\na,5,-1,4\n", false, "in.csv:2:",
     "column 'upper'"},
    {"end < lower", "id,lower,end,size\na,5,4,4\n", false, "in.csv:2:",
     "column 'end': end 4 must be >= lower 5"},
    {"end + 1 overflows", "id,lower,end,size\na,5,9223372036854775807,4\n",
     false, "in.csv:2:", "column 'end'"},
    {"duplicate ids", "id,lower,upper,size\na,0,1,4\nb,0,1,4\na,2,3,4\n",
     false, "in.csv:4:", "column 'id': duplicate id 'a' (first on line 2)"},
    {"empty id", "id,lower,upper,size\n,0,1,4\n", false, "in.csv:2:",
     "column 'id': empty id"},
    {"id that would read as a comment", "size,id,lower,upper\n4,#a,0,1\n",
     false, "in.csv:2:", "column 'id': id '#a' starts with '#'"},
    {"control character in an id", "id,lower,upper,size\na\rb,0,1,4\n",
     false, "in.csv:2:", "column 'id': id contains the control character"},
    {"C1 control character (U+0085) in an id",
     "id,lower,upper,size\na\xc2\x85" "b,0,1,4\n", false, "in.csv:2:",
     "column 'id': id contains the control character U+0085"},
    {"id not valid UTF-8", "id,lower,upper,size\nok,0,1,4\na\xff\xfe,0,2,10\n",
     false, "in.csv:3:", "column 'id': id is not valid UTF-8 (byte 0xff"},
    {"id with a truncated UTF-8 sequence", "id,lower,upper,size\nb\xc3,1,3,20\n",
     false, "in.csv:2:", "column 'id': id is not valid UTF-8 (byte 0xc3"},
    {"id with an overlong UTF-8 form", "id,lower,upper,size\n\xc0\xaf,1,3,20\n",
     false, "in.csv:2:", "not valid UTF-8"},
    {"id with a UTF-16 surrogate", "id,lower,upper,size\nx\xed\xa0\x80,1,3,20\n",
     false, "in.csv:2:", "not valid UTF-8"},
    {"alignment zero", "id,lower,upper,size,alignment\na,0,1,4,0\n", false,
     "in.csv:2:", "column 'alignment': 0, expected a number of bytes >= 1"},
    {"alignment directive zero", "# alignment: 0\nid,lower,upper,size\n",
     false, "in.csv:1:",
     "directive 'alignment': 0, expected a number of bytes >= 1"},
    {"malformed capacity directive", "# capacity: lots\nid,lower,upper,size\n",
     false, "in.csv:1:", "directive 'capacity'"},
    {"contradicting directives",
     "# alignment: 8\n# alignment: 16\nid,lower,upper,size\n", false,
     "in.csv:2:", "directive 'alignment'"},
    {"misaligned fixed offset",
     "id,lower,upper,size,alignment,offset\na,0,1,8,8,4\n", false,
     "in.csv:2:", "column 'offset': fixed offset 4 is not a multiple of the "
                  "alignment 8"},
    {"fixed offset misaligned by the directive",
     "id,lower,upper,size,offset\na,0,1,8,0\nb,0,1,8,32\n# alignment: 64\n",
     false, "in.csv:3:", "column 'offset'"},
    {"size overflows 64 bits",
     "id,lower,upper,size\na,0,1,18446744073709551616\n", false, "in.csv:2:",
     "column 'size': value '18446744073709551616' overflows 64 bits"},
    {"lower overflows 64 bits",
     "id,lower,upper,size\na,-9223372036854775809,1,1\n", false, "in.csv:2:",
     "column 'lower'"},
    {"offset overflows 64 bits",
     "id,lower,upper,size,offset\na,0,1,1,99999999999999999999\n", false,
     "in.csv:2:", "column 'offset'"},
    {"offset + size overflows",
     "id,lower,upper,size,offset\na,0,1,2,18446744073709551615\n", false,
     "in.csv:2:", "column 'offset': offset 18446744073709551615 + size 2"},
    {"sum of sizes overflows",
     "id,lower,upper,size\na,0,1,9223372036854775808\nb,2,3,"
     "9223372036854775808\n",
     false, "in.csv:3:", "column 'size': the sum of the sizes"},
    {"sum with padding overflows",
     "# alignment: 1024\nid,lower,upper,size\na,0,1,18446744073709551000\n",
     false, "in.csv:3:", "column 'size'"},
    {"fixed end plus the rest overflows",
     "id,lower,upper,size,offset\na,0,1,9223372036854775808,\nb,0,1,8,"
     "9223372036854775808\n",
     false, "in.csv:3:", "column 'offset'"},
    {"too few cells", "id,lower,upper,size\na,0,1\n", false, "in.csv:2:",
     "column 'size': missing cell"},
    {"too many cells", "id,lower,upper,size\na,0,1,4,5\n", false,
     "in.csv:2:", "row has 5 fields"},
    {"plan without offset column", "id,lower,upper,size\na,0,1,4\n", true,
     "in.csv:1:", "column 'offset': missing"},
    {"plan with an empty offset", "id,lower,upper,size,offset\na,0,1,4,\n",
     true, "in.csv:2:", "column 'offset': empty cell"},
};

static void each_bad_input_class(void **state) {
  (void)state;
  for (size_t k = 0; k < sizeof bad_cases / sizeof bad_cases[0]; ++k) {
    const bad_case *c = &bad_cases[k];
    memplan_problem p;
    memplan_csv_info info;
    char err[512] = "";
    int rc = read_text(c->text, c->plan, &p, &info, err, sizeof err);
    if (rc != -1)
      fail_msg("%s: accepted", c->what);
    if (!strstr(err, c->want1) || !strstr(err, c->want2))
      fail_msg("%s: message '%s' lacks '%s' / '%s'", c->what, err, c->want1,
               c->want2);
    /* the contract: nothing half-read is left behind */
    assert_int_equal(p.count, 0);
    assert_null(p.buffers);
    assert_null(info.offsets);
    memplan_csv_info_free(&info);
  }
}

static void unreadable_input(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char err[512] = "";
  assert_int_equal(memplan_csv_read("/nonexistent/dir/x.csv", false, &p, NULL,
                                    err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "/nonexistent/dir/x.csv: cannot open"));
  /* A directory opens but cannot be read as a file. */
  err[0] = '\0';
  assert_int_equal(memplan_csv_read("/", false, &p, NULL, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "/:"));
  assert_int_equal(p.count, 0);
}

/*===------------------------------ writing ------------------------------===*/

static char *tmp_path(const char *tag) {
  static char buf[256];
  snprintf(buf, sizeof buf, "/tmp/test_csv.%ld.%s.csv", (long)getpid(), tag);
  return buf;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char buf[4096];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

static void write_read_round_trip(void **state) {
  (void)state;
  const char *text = "# capacity: 1000\n"
                     "# alignment: 8\n"
                     "size,id,end,lower,alignment,offset\n"
                     "48,t0,1,0,,0\n"
                     "40,t1,3,1,16,\n"
                     "0,t2,-1,-5,,\n";
  memplan_problem p, q;
  memplan_csv_info info, qinfo;
  read_ok(text, false, &p, &info);
  const char *path = tmp_path("rt");
  char err[512] = "";
  uint64_t offsets[3] = {0, 48, 8};
  assert_int_equal(memplan_csv_write(path, &p, &info, offsets, err,
                                     sizeof err),
                   0);
  /* Fixed column order, same interval convention, directives kept. */
  assert_string_equal(slurp(path), "# alignment: 8\n"
                                   "# capacity: 1000\n"
                                   "id,lower,end,size,alignment,offset\n"
                                   "t0,0,1,48,8,0\n"
                                   "t1,1,3,40,16,48\n"
                                   "t2,-5,-1,0,8,8\n");
  memplan_problem_init(&q);
  assert_int_equal(memplan_csv_read(path, true, &q, &qinfo, err, sizeof err),
                   0);
  assert_int_equal(q.count, p.count);
  assert_int_equal(q.capacity, 1000);
  for (size_t i = 0; i < p.count; ++i) {
    assert_string_equal(q.buffers[i].id, p.buffers[i].id);
    assert_int_equal(q.buffers[i].size, p.buffers[i].size);
    assert_int_equal(q.buffers[i].alignment, p.buffers[i].alignment);
    assert_true(q.buffers[i].start == p.buffers[i].start);
    assert_true(q.buffers[i].end == p.buffers[i].end);
    assert_int_equal(qinfo.offsets[i], offsets[i]);
  }
  memplan_csv_info_free(&qinfo);
  memplan_problem_free(&q);

  /* Without offsets the problem itself is written: fixed cells kept. */
  assert_int_equal(memplan_csv_write(path, &p, &info, NULL, err, sizeof err),
                   0);
  memplan_problem_init(&q);
  assert_int_equal(memplan_csv_read(path, false, &q, NULL, err, sizeof err),
                   0);
  assert_true(q.buffers[0].fixed);
  assert_int_equal(q.buffers[0].offset, 0);
  assert_false(q.buffers[1].fixed);
  memplan_problem_free(&q);
  unlink(path);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
}

static void random_round_trip(void **state) {
  (void)state;
  /* Seeded random problems with mixed alignments survive write + read. */
  const char *path = tmp_path("rand");
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    memplan_problem p, q;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed, 50, 1u << 20, 40, 64);
    for (size_t i = 0; i < p.count; i += 7) {
      p.buffers[i].fixed = true;
      p.buffers[i].offset = p.buffers[i].alignment * i;
    }
    char err[512] = "";
    assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err),
                     0);
    memplan_problem_init(&q);
    if (memplan_csv_read(path, false, &q, NULL, err, sizeof err) != 0)
      fail_msg("seed %llu: %s", (unsigned long long)seed, err);
    assert_int_equal(q.count, p.count);
    for (size_t i = 0; i < p.count; ++i) {
      char nb[24];
      assert_string_equal(q.buffers[i].id, memplan_buffer_name(&p, i, nb) +
                                               (p.buffers[i].id ? 0 : 1));
      assert_int_equal(q.buffers[i].size, p.buffers[i].size);
      assert_int_equal(q.buffers[i].alignment, p.buffers[i].alignment);
      assert_true(q.buffers[i].start == p.buffers[i].start);
      assert_true(q.buffers[i].end == p.buffers[i].end);
      assert_int_equal(q.buffers[i].fixed, p.buffers[i].fixed);
      assert_int_equal(q.buffers[i].offset, p.buffers[i].offset);
    }
    memplan_problem_free(&q);
    memplan_problem_free(&p);
  }
  unlink(path);
}

static void write_failures_leave_no_file(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 4, 1, 0, 1);
  uint64_t off = 0;
  char err[512] = "";
  /* unwritable location */
  assert_int_equal(memplan_csv_write("/nonexistent/dir/out.csv", &p, NULL,
                                     &off, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "/nonexistent/dir/out.csv"));
  /* an id that cannot be read back: refused before anything is created */
  memplan_problem_add(&p, "x,y", 4, 1, 0, 1);
  const char *path = tmp_path("bad");
  unlink(path);
  uint64_t offs[2] = {0, 4};
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, NULL, offs, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "'x,y'"));
  struct stat st;
  assert_int_not_equal(stat(path, &st), 0);
  /* an existing file is not touched by a failed write */
  FILE *f = fopen(path, "w");
  fputs("old\n", f);
  fclose(f);
  assert_int_equal(memplan_csv_write(path, &p, NULL, offs, err, sizeof err),
                   -1);
  assert_string_equal(slurp(path), "old\n");
  unlink(path);
  memplan_problem_free(&p);
}

/* Every problem the writer accepts reads back: what the reader would refuse
 * is refused before a file exists, with both buffers named when two would
 * share an id (an unnamed buffer is written as its index). */
/* A long duplicate id is quoted cut, as every other quoted cell ("about 90
 * bytes with ..."): the message held the whole 5000-byte id, and the
 * writer's refusal of two equal ids did too. */
static void long_duplicate_id_cut(void **state) {
  (void)state;
  size_t n = 5000;
  char *id = malloc(n + 1);
  assert_non_null(id);
  memset(id, 'x', n);
  id[n] = '\0';
  size_t tlen = 2 * n + 64;
  char *text = malloc(tlen);
  assert_non_null(text);
  snprintf(text, tlen, "id,lower,upper,size\n%s,0,1,4\n%s,0,1,4\n", id, id);
  memplan_problem p;
  char err[8192] = "";
  assert_int_equal(read_text(text, false, &p, NULL, err, sizeof err), -1);
  assert_true(strlen(err) < 200);
  assert_non_null(strstr(err, "in.csv:3: column 'id': duplicate id 'xxx"));
  assert_non_null(strstr(err, "...' (first on line 2)"));
  memplan_problem_free(&p);

  memplan_problem_init(&p);
  memplan_problem_add(&p, id, 4, 1, 0, 1);
  memplan_problem_add(&p, id, 4, 1, 0, 1);
  const char *path = tmp_path("longdup");
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), -1);
  assert_true(strlen(err) < 600);
  assert_non_null(strstr(err, "...' and 'xxx"));
  assert_non_null(strstr(err, "with the id 'xxx"));
  memplan_problem_free(&p);
  free(text);
  free(id);
}

static void write_refuses_what_cannot_read_back(void **state) {
  (void)state;
  const char *path = tmp_path("collide");
  unlink(path);
  struct stat st;
  char err[512] = "";
  memplan_problem p;

  memplan_problem_init(&p);
  memplan_problem_add(&p, NULL, 4, 1, 0, 1); /* written as "0" */
  memplan_problem_add(&p, "0", 4, 1, 0, 1);
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, path));
  assert_non_null(strstr(err, "buffers #0 (no id) and '0'"));
  assert_non_null(strstr(err, "id '0'"));
  assert_int_not_equal(stat(path, &st), 0);
  memplan_problem_free(&p);

  /* Same id given twice through the C API, far apart. */
  memplan_problem_init(&p);
  memplan_problem_add(&p, "x", 4, 1, 0, 1);
  for (int i = 0; i < 40; i++)
    memplan_problem_add(&p, NULL, 4, 1, 0, 1);
  memplan_problem_add(&p, "x", 4, 1, 0, 1);
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, "buffers 'x' and 'x'"));
  assert_int_not_equal(stat(path, &st), 0);
  /* Renamed, it is written and reads back with the index ids. */
  free(p.buffers[41].id);
  p.buffers[41].id = strdup("y");
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), 0);
  memplan_problem q;
  memplan_problem_init(&q);
  if (memplan_csv_read(path, false, &q, NULL, err, sizeof err) != 0)
    fail_msg("read back: %s", err);
  assert_string_equal(q.buffers[1].id, "1");
  assert_string_equal(q.buffers[41].id, "y");
  memplan_problem_free(&q);
  unlink(path);
  memplan_problem_free(&p);

  /* A comment line that the reader would take for a directive. */
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 4, 1, 0, 1);
  memplan_csv_info ci;
  memset(&ci, 0, sizeof ci);
  ci.default_alignment = 1;
  ci.comment = "made by hand\n  capacity : 10\nend";
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, &ci, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, "comment line 2 '  capacity : 10' would read back as a directive"));
  assert_int_not_equal(stat(path, &st), 0);
  ci.comment = "made by hand\ncapacity of the arena: see below";
  assert_int_equal(memplan_csv_write(path, &p, &ci, NULL, err, sizeof err), 0);
  memplan_problem_init(&q);
  assert_int_equal(memplan_csv_read(path, false, &q, NULL, err, sizeof err), 0);
  assert_int_equal(q.capacity, 0);
  memplan_problem_free(&q);
  unlink(path);
  memplan_problem_free(&p);

  /* An id that is not UTF-8, and values the reader refuses. */
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a\xff", 4, 1, 0, 1);
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, "cannot write buffer #0: a CSV id must be non-empty UTF-8"));
  memplan_problem_free(&p);
  memplan_problem_init(&p);
  memplan_problem_add(&p, "e", 4, 1, 3, 3);
  err[0] = '\0';
  assert_int_equal(memplan_csv_write(path, &p, NULL, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, "buffer 'e': empty live interval"));
  assert_int_not_equal(stat(path, &st), 0);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(columns_in_any_order),
      cmocka_unit_test(end_column_is_inclusive),
      cmocka_unit_test(row_line_numbers),
      cmocka_unit_test(comments_and_directives),
      cmocka_unit_test(any_alignment),
      cmocka_unit_test(string_ids_crlf_bom),
      cmocka_unit_test(offsets_fix_or_plan),
      cmocka_unit_test(largest_values),
      cmocka_unit_test(each_bad_input_class),
      cmocka_unit_test(unreadable_input),
      cmocka_unit_test(write_read_round_trip),
      cmocka_unit_test(random_round_trip),
      cmocka_unit_test(write_failures_leave_no_file),
      cmocka_unit_test(write_refuses_what_cannot_read_back),
      cmocka_unit_test(long_duplicate_id_cut),
      cmocka_unit_test(utf8_ids),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
