/* SVG pictures (memplan/svg.h): the document is well formed (tags balance,
 * every '&' starts a known entity, hostile ids are escaped), carries one
 * rectangle per drawn buffer, the peak and lower-bound lines with their
 * values, the lower-bound step marker, and stays small for 10^5 buffers.
 * The full XML parse of CLI output is in test/lit/viz (python xml.etree). */
#define _GNU_SOURCE /* fopencookie: a stream that stops a runaway picture */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "memplan/svg.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Renders into a malloc'ed, NUL-terminated string (*len: its length).
 * The text is copied into a block of our own malloc because open_memstream
 * takes &buf: gcc's points-to analysis then assumes buf may point at buf
 * itself, and once render is inlined it reports every later read of the
 * text as a use of a dangling pointer to buf (-Wdangling-pointer, gcc 12
 * at -O3). A fresh malloc's result points nowhere else. */
static char *render(const memplan_problem *p, const uint64_t *offs,
                    const memplan_svg_options *o, size_t *len) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  assert_non_null(f);
  char err[256];
  assert_int_equal(memplan_svg_fprint(f, p, offs, o, err, sizeof err), 0);
  assert_int_equal(fclose(f), 0);
  char *text = malloc(n + 1);
  assert_non_null(text);
  memcpy(text, buf, n + 1); /* open_memstream keeps buf[n] == '\0' */
  free(buf);
  if (len)
    *len = n;
  return text;
}

static size_t count(const char *s, const char *needle) {
  size_t n = 0;
  for (const char *q = strstr(s, needle); q; q = strstr(q + 1, needle))
    n++;
  return n;
}

/* A small well-formedness check: balanced, properly nested elements;
 * attributes quoted; '&' only as one of the five XML entities; no '<'
 * inside text or attribute values. Returns NULL or what is wrong. */
static const char *xml_check(const char *s) {
  const char *stack[64];
  size_t depth = 0, lens[64];
  bool root_seen = false;
  while (*s) {
    if (*s == '&') {
      static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
      bool ok = false;
      for (int i = 0; i < 5; i++)
        ok |= strncmp(s, ents[i], strlen(ents[i])) == 0;
      if (!ok)
        return "bare '&'";
      s++;
      continue;
    }
    if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t' && *s != '\r')
      return "control character";
    if (*s != '<') {
      s++;
      continue;
    }
    if (s[1] == '?') {
      s = strstr(s, "?>");
      if (!s)
        return "unterminated <?";
      s += 2;
      continue;
    }
    if (s[1] == '/') {
      const char *name = s + 2;
      size_t len = strcspn(name, ">");
      if (depth == 0 || lens[depth - 1] != len || strncmp(stack[depth - 1], name, len))
        return "mismatched end tag";
      depth--;
      s = name + len + 1;
      continue;
    }
    const char *name = s + 1;
    size_t len = strcspn(name, " />");
    if (len == 0)
      return "empty tag name";
    if (depth == 0 && root_seen)
      return "second root element";
    const char *q = name + len;
    bool in_attr = false;
    for (; *q && (in_attr || (*q != '>')); q++) {
      if (*q == '"')
        in_attr = !in_attr;
      else if (*q == '<')
        return "'<' inside a tag";
    }
    if (!*q)
      return "unterminated tag";
    if (q[-1] != '/') {
      if (depth == 64)
        return "too deep";
      stack[depth] = name;
      lens[depth++] = len;
    }
    root_seen = true;
    s = q + 1;
  }
  return depth ? "unclosed element" : NULL;
}

/* Individual buffer rectangles carry a colour class "c<k>". */
static size_t buffer_rects(const char *svg) {
  size_t n = 0;
  for (const char *q = strstr(svg, "class=\"c"); q; q = strstr(q + 1, "class=\"c"))
    n += q[8] >= '0' && q[8] <= '9';
  return n;
}

static void example(memplan_problem *p, uint64_t offs[3]) {
  memplan_problem_init(p);
  memplan_problem_add(p, "a", 10, 1, 0, 2);
  memplan_problem_add(p, "b", 20, 1, 1, 3);
  memplan_problem_add(p, "c", 15, 1, 2, 4);
  /* best-fit's plan in the seed: peak 45 against the bound 35. */
  offs[0] = 0;
  offs[1] = 10;
  offs[2] = 30;
}

static void test_small_plan(void **state) {
  (void)state;
  memplan_problem p;
  uint64_t offs[3];
  example(&p, offs);
  char *svg = render(&p, offs, NULL, NULL);
  const char *bad = xml_check(svg);
  assert_null(bad);
  assert_int_equal(buffer_rects(svg), 3);
  assert_int_equal(count(svg, "<title>a: 10 B at 0, steps [0, 2)</title>"), 1);
  assert_int_equal(count(svg, "<title>c: 15 B at 30, steps [2, 4)</title>"), 1);
  /* Peak and lower-bound lines in both panels, with their values. */
  assert_int_equal(count(svg, "<line class=\"peak\""), 2);
  assert_int_equal(count(svg, "<line class=\"lb\""), 2);
  assert_non_null(strstr(svg, ">peak 45 B<"));
  assert_non_null(strstr(svg, ">lower bound 35 B<"));
  assert_non_null(strstr(svg, "peak 45 B (45 B), lower bound 35 B (35 B), gap 28.57 %"));
  /* The bound is reached at step 2 (b + c = 35). */
  assert_non_null(strstr(svg, ">max live at step 2<"));
  assert_int_equal(count(svg, "<line class=\"mark\""), 1);
  /* Profile panel present; no coverage needed for 3 buffers. */
  assert_int_equal(count(svg, "<path class=\"live\""), 1);
  assert_int_equal(count(svg, "<path class=\"high\""), 1);
  assert_null(strstr(svg, "class=\"cov\""));
  free(svg);

  memplan_svg_options o;
  memset(&o, 0, sizeof o);
  o.no_profile = true;
  o.no_labels = true;
  svg = render(&p, offs, &o, NULL);
  assert_null(xml_check(svg));
  assert_int_equal(count(svg, "class=\"live\""), 0);
  assert_int_equal(count(svg, "<line class=\"peak\""), 1);
  assert_int_equal(count(svg, "class=\"lab\""), 0);
  free(svg);
  memplan_problem_free(&p);
}

static void test_escaping(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "<a&\"b'>", 100, 1, 0, 10);
  memplan_problem_add(&p, "x\x01y", 100, 1, 0, 10);
  uint64_t offs[2] = {0, 100};
  memplan_svg_options o;
  memset(&o, 0, sizeof o);
  o.title = "T&<";
  o.subtitle = "]]> \"q\"";
  char *svg = render(&p, offs, &o, NULL);
  assert_null(xml_check(svg));
  assert_non_null(strstr(svg, "&lt;a&amp;&quot;b&apos;&gt;"));
  assert_null(strstr(svg, "<a&"));
  assert_non_null(strstr(svg, "x?y"));
  assert_non_null(strstr(svg, ">T&amp;&lt;<"));
  assert_non_null(strstr(svg, "]]&gt; &quot;q&quot;"));
  free(svg);
  memplan_problem_free(&p);
}

static void test_zero_size_and_empty(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char *svg = render(&p, NULL, NULL, NULL);
  assert_null(xml_check(svg));
  assert_int_equal(buffer_rects(svg), 0);
  free(svg);
  memplan_problem_add(&p, "z", 0, 1, 0, 5);
  memplan_problem_add(&p, "w", 8, 1, 2, 4);
  uint64_t offs[2] = {0, 0};
  svg = render(&p, offs, NULL, NULL);
  assert_null(xml_check(svg));
  assert_int_equal(buffer_rects(svg), 1);
  assert_non_null(strstr(svg, "zero-size buffers not drawn"));
  free(svg);
  memplan_problem_free(&p);
}

/* 50 equal buffers stacked over the same interval: every rectangle is large
 * on screen, so max_rects alone decides which are drawn one by one. */
static void test_max_rects(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  uint64_t offs[50];
  for (int i = 0; i < 50; i++) {
    memplan_problem_add(&p, NULL, 100, 1, 0, 10);
    offs[i] = 100 * (uint64_t)i;
  }
  memplan_svg_options o;
  memset(&o, 0, sizeof o);
  o.max_rects = 10;
  char *svg = render(&p, offs, &o, NULL);
  assert_null(xml_check(svg));
  assert_int_equal(buffer_rects(svg), 10);
  assert_non_null(strstr(svg, "<title>40 small buffers merged</title>"));
  free(svg);
  memplan_problem_free(&p);
}

/* 10^5 random buffers, stacked without reuse: the file must stay bounded by
 * the picture size, not grow with the buffer count. */
static void test_large_plan_size(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  tu_random_problem(&p, 7, 100000, 1 << 20, 200000, 1);
  uint64_t *offs = malloc(p.count * sizeof *offs);
  uint64_t top = 0;
  for (size_t i = 0; i < p.count; i++) {
    offs[i] = top;
    top += p.buffers[i].size;
  }
  size_t len = 0;
  char *svg = render(&p, offs, NULL, &len);
  assert_null(xml_check(svg));
  assert_true(buffer_rects(svg) <= 5000);
  assert_non_null(strstr(svg, "class=\"cov\""));
  assert_true(len < 2u * 1024 * 1024);
  /* Deterministic: the same picture byte for byte. */
  size_t len2 = 0;
  char *again = render(&p, offs, NULL, &len2);
  assert_int_equal(len, len2);
  assert_memory_equal(svg, again, len);
  free(again);
  free(svg);
  free(offs);
  memplan_problem_free(&p);
}

static void test_write_file(void **state) {
  (void)state;
  memplan_problem p;
  uint64_t offs[3];
  example(&p, offs);
  char dir[] = "/tmp/memplan-svg-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256], bad[300], err[512] = "";
  snprintf(path, sizeof path, "%s/layout.svg", dir);
  assert_int_equal(memplan_svg_write(path, &p, offs, NULL, err, sizeof err), 0);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_true(st.st_size > 1000);
  snprintf(bad, sizeof bad, "%s/missing/layout.svg", dir);
  assert_int_equal(memplan_svg_write(bad, &p, offs, NULL, err, sizeof err), -1);
  assert_non_null(strstr(err, bad));
  assert_int_equal(memplan_svg_write("", &p, offs, NULL, err, sizeof err), -1);
  unlink(path);
  assert_int_equal(rmdir(dir), 0); /* empty: no temporary left behind */
  memplan_problem_free(&p);
}

/* As for JSON reports: /dev/null stays a device, links are followed. */
static void test_write_special_files(void **state) {
  (void)state;
  memplan_problem p;
  uint64_t offs[3];
  example(&p, offs);
  char err[512] = "";
  struct stat st;
  assert_int_equal(memplan_svg_write("/dev/null", &p, offs, NULL, err, sizeof err), 0);
  assert_int_equal(stat("/dev/null", &st), 0);
  assert_true(S_ISCHR(st.st_mode));
  char dir[] = "/tmp/memplan-svg-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char target[256], link[256];
  snprintf(target, sizeof target, "%s/t.svg", dir);
  snprintf(link, sizeof link, "%s/l.svg", dir);
  FILE *old = fopen(target, "w");
  fputs("old\n", old);
  fclose(old);
  assert_int_equal(symlink("t.svg", link), 0);
  assert_int_equal(memplan_svg_write(link, &p, offs, NULL, err, sizeof err), 0);
  assert_int_equal(lstat(link, &st), 0);
  assert_true(S_ISLNK(st.st_mode));
  assert_int_equal(stat(target, &st), 0);
  assert_true(S_ISREG(st.st_mode) && st.st_size > 1000);
  unlink(link);
  unlink(target);
  assert_int_equal(rmdir(dir), 0);
  memplan_problem_free(&p);
}

/* A stream that fails the test (cmocka's longjmp) once more than `cap`
 * bytes reach it, so that a picture that would never end fails instead of
 * filling memory or the disk; the first bytes are kept to be checked. */
typedef struct capped {
  size_t cap, n;
  char *buf;
} capped;

static ssize_t capped_write(void *cookie, const char *data, size_t len) {
  capped *c = cookie;
  if (c->n + len > c->cap)
    fail_msg("picture exceeds %zu bytes", c->cap);
  memcpy(c->buf + c->n, data, len);
  c->n += len;
  c->buf[c->n] = '\0';
  return (ssize_t)len;
}

/* Renders into at most 256 KiB (a normal picture of a few buffers is about
 * 5 KiB); returns the document, malloc'ed, NUL-terminated. */
static char *render_capped(const memplan_problem *p, const uint64_t *offs,
                           const memplan_svg_options *o) {
  static capped c;
  c.cap = 256 * 1024;
  c.n = 0;
  c.buf = malloc(c.cap + 1);
  assert_non_null(c.buf);
  c.buf[0] = '\0';
  cookie_io_functions_t io = {NULL, capped_write, NULL, NULL};
  FILE *f = fopencookie(&c, "w", io);
  assert_non_null(f);
  char err[256] = "";
  int rc = memplan_svg_fprint(f, p, offs, o, err, sizeof err);
  assert_int_equal(fclose(f), 0);
  assert_int_equal(rc, 0);
  return c.buf;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Steps anywhere in int64 and bytes anywhere in uint64: the picture stays
 * bounded and complete, and the axis labels are exact. Steps beyond 2^53
 * (where double cannot tell t from t + 1) and spans beyond INT64_MAX once
 * made the tick loop run forever. */
static void test_extreme_steps_and_sizes(void **state) {
  (void)state;
  static const struct {
    int64_t start, end;
    uint64_t size, offset;
    const char *label; /* an x-axis label that must be there */
  } cases[] = {
      {INT64_C(9007199254740992), INT64_C(9007199254740993), 8, 0,
       ">9007199254740993<"},
      {INT64_MIN, 0, 5, 0, ">-8000000000000000000<"},
      {INT64_MIN, INT64_MAX, UINT64_MAX, 0, ">0<"},
      {INT64_MAX - 1, INT64_MAX, 1, UINT64_MAX - 1, ">9223372036854775807<"},
      {INT64_MIN, INT64_MIN + 1, UINT64_MAX / 2, UINT64_MAX / 2,
       ">-9223372036854775808<"},
      {-3, INT64_C(4611686018427387904), 1, 0, ">4000000000000000000<"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    for (int profile = 0; profile < 2; profile++) {
      memplan_problem p;
      memplan_problem_init(&p);
      memplan_problem_add(&p, "a", cases[k].size, 1, cases[k].start, cases[k].end);
      uint64_t off = cases[k].offset;
      memplan_svg_options o;
      memset(&o, 0, sizeof o);
      o.no_profile = profile == 0;
      char *svg = render_capped(&p, &off, &o);
      assert_null(xml_check(svg));
      assert_true(ends_with(svg, "</svg>\n"));
      if (!strstr(svg, cases[k].label))
        fail_msg("case %zu: no x-axis label %s", k, cases[k].label);
      free(svg);
      memplan_problem_free(&p);
    }
  }

  /* Both ends of int64 at once, with offsets whose end overflows uint64 (an
   * unchecked plan: the picture need not be of a valid one). */
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "lo", UINT64_MAX, 1, INT64_MIN, INT64_MIN + 2);
  memplan_problem_add(&p, "hi", UINT64_MAX, 1, INT64_MAX - 2, INT64_MAX);
  uint64_t offs[2] = {UINT64_MAX, 1};
  char *svg = render_capped(&p, offs, NULL);
  assert_null(xml_check(svg));
  assert_true(ends_with(svg, "</svg>\n"));
  assert_non_null(strstr(svg, "steps -9223372036854775808..9223372036854775807"));
  assert_non_null(strstr(svg, ">0<"));
  free(svg);
  memplan_problem_free(&p);
}

/* Ids that are not UTF-8 (the C API does not check them) come out with
 * U+FFFD per bad byte, so the document is still text; so do the title and
 * subtitle, and the two code points XML 1.0 excludes. */
static void test_invalid_utf8(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a\xff\xfe", 100, 1, 0, 10);
  memplan_problem_add(&p, "b\xc3", 100, 1, 0, 10);      /* truncated */
  memplan_problem_add(&p, "c\xed\xa0\x80", 100, 1, 0, 10); /* surrogate */
  memplan_problem_add(&p, "d\xc0\xaf", 100, 1, 0, 10);  /* overlong '/' */
  memplan_problem_add(&p, "e\xef\xbf\xbe", 100, 1, 0, 10); /* U+FFFE */
  memplan_problem_add(&p, "f\xc3\xa9\xf0\x9f\x99\x82", 100, 1, 0, 10); /* valid */
  uint64_t offs[6] = {0, 100, 200, 300, 400, 500};
  memplan_svg_options o;
  memset(&o, 0, sizeof o);
  o.title = "t\x80";
  char *svg = render_capped(&p, offs, &o);
  assert_null(xml_check(svg));
#define R "\xef\xbf\xbd"
  assert_non_null(strstr(svg, "<title>a" R R ": 100 B"));
  assert_non_null(strstr(svg, "<title>b" R ": 100 B"));
  assert_non_null(strstr(svg, "<title>c" R R R ": 100 B"));
  assert_non_null(strstr(svg, "<title>d" R R ": 100 B"));
  assert_non_null(strstr(svg, "<title>e" R ": 100 B"));
  assert_non_null(strstr(svg, "<title>f\xc3\xa9\xf0\x9f\x99\x82: 100 B"));
  assert_non_null(strstr(svg, ">t" R "<"));
#undef R
  /* No byte of a bad sequence is left anywhere. */
  assert_null(strchr(svg, '\xff'));
  assert_null(strstr(svg, "\xc3:"));
  assert_null(strstr(svg, "\xed\xa0"));
  assert_null(strstr(svg, "\xc0"));
  assert_null(strstr(svg, "\xef\xbf\xbe"));
  assert_null(strstr(svg, "t\x80"));
  free(svg);
  memplan_problem_free(&p);
}

/* A fixed buffer is outlined and says so; a capacity gets its own line. */
static void test_fixed_and_capacity(void **state) {
  (void)state;
  memplan_problem p;
  uint64_t offs[3];
  example(&p, offs);
  p.buffers[1].fixed = true;
  p.buffers[1].offset = 10;
  p.capacity = 50;
  char *svg = render(&p, offs, NULL, NULL);
  assert_null(xml_check(svg));
  assert_int_equal(count(svg, " fx\""), 1);
  assert_non_null(strstr(svg, "<title>b: 20 B at 10 (fixed), steps [1, 3)</title>"));
  assert_int_equal(count(svg, "<line class=\"cap\""), 1);
  assert_non_null(strstr(svg, ">capacity 50 B<"));
  free(svg);
  /* A far capacity (more than 1.5 x the peak) is left out of the scale. */
  p.capacity = 1000;
  svg = render(&p, offs, NULL, NULL);
  assert_int_equal(count(svg, "<line class=\"cap\""), 0);
  free(svg);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_small_plan),
      cmocka_unit_test(test_escaping),
      cmocka_unit_test(test_fixed_and_capacity),
      cmocka_unit_test(test_zero_size_and_empty),
      cmocka_unit_test(test_max_rects),
      cmocka_unit_test(test_large_plan_size),
      cmocka_unit_test(test_write_file),
      cmocka_unit_test(test_write_special_files),
      cmocka_unit_test(test_extreme_steps_and_sizes),
      cmocka_unit_test(test_invalid_utf8),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
