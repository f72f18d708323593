/*===-- io/svg.c - Pictures of memory plans (SVG) -------------------------===*\
|*                                                                            *|
|* See memplan/svg.h for what the picture shows. Implementation notes:        *|
|*                                                                            *|
|* Size control. A plan of 10^5 buffers written naively is ~10 MB of SVG      *|
|* that browsers render slowly and nobody can read. Most of those rectangles  *|
|* are below a pixel anyway, so we draw individually only the max_rects       *|
|* largest ones (by on-screen area) and paint the rest into a coverage grid   *|
|* of CELL x CELL pixels, emitted as horizontal runs. The grid is bounded by  *|
|* the picture size, so the file is too. The profile is sampled per pixel     *|
|* column taking the maximum, which keeps every peak visible.                 *|
|*                                                                            *|
|* Colours are CSS classes (.c0 .. .c11) defined once in <style>, so each     *|
|* rectangle carries a short class name instead of a fill colour.             *|
|*                                                                            *|
|* Y is flipped: SVG grows downwards, memory offsets grow upwards in the      *|
|* picture (offset 0 at the bottom, like the usual allocator diagrams).       *|
|*                                                                            *|
|* Any int64 step and any uint64 byte count must give a picture of bounded    *|
|* size. Two things break that with naive arithmetic: the span t1 - t0        *|
|* overflows int64 (steps from INT64_MIN to 0), and double loses whole steps  *|
|* beyond 2^53 (9007199254740992 + 1 == 9007199254740992 in double, so a      *|
|* `t += step` loop never ends and positions divide by a zero span). So       *|
|* steps are placed by their exact distance from t0 as uint64 (rel()), every  *|
|* tick loop counts its ticks, and every coordinate written is clamped.       *|
\*===----------------------------------------------------------------------===*/


#include "core/error.h"
#include "memplan/svg.h"
#include "memplan/output.h"
#include "io/utf8.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { CELL = 2, NCOLORS = 12, MAX_TICKS = 40 };

/* Colour-blind-friendly-ish qualitative palette (Tableau-like hues, chosen
 * by hand), light enough for dark label text to stay readable. */
static const char *const palette[NCOLORS] = {
    "#8ecae6", "#ffb703", "#90be6d", "#f4a3a8", "#b8b8f0", "#f9c74f",
    "#76c7b7", "#e5a4cb", "#cdb4db", "#a3c4f3", "#ffd6a5", "#bde0a8"};

/* Layout geometry in pixels. */
typedef struct geom {
  double left, right, top;    /* margins of the plot area */
  double w, h;                /* layout plot area */
  double ph, ptop;            /* profile plot area height and top */
  double total_h, total_w;
  int64_t t0, t1;             /* time range [t0, t1), t0 < t1 */
  uint64_t span;              /* t1 - t0, exact (may exceed INT64_MAX) */
  double ymax;                /* bytes at the top of the axis */
} geom;

/* Steps from t0 to t, exact, with t clamped into [t0, t1] (a buffer of an
 * unchecked problem may end before it starts). */
static uint64_t rel(const geom *g, int64_t t) {
  if (t <= g->t0)
    return 0;
  if (t >= g->t1)
    return g->span;
  return (uint64_t)t - (uint64_t)g->t0;
}

/* x of a point `r` steps (possibly fractional) right of t0. */
static double xrel(const geom *g, double r) {
  return g->left + r * g->w / (double)g->span;
}
static double xpix(const geom *g, int64_t t) {
  return xrel(g, (double)rel(g, t));
}
static double ypix(const geom *g, double bytes) {
  return g->top + g->h - bytes * g->h / g->ymax;
}
static double ppix(const geom *g, double bytes) {
  return g->ptop + g->ph - bytes * g->ph / g->ymax;
}

/* Compact coordinates: one decimal, no trailing ".0". Clamped far outside
 * any picture (20000 px at most), so that llround is always defined. */
static void num(FILE *f, double v) {
  if (!(v >= -1e7)) /* also NaN */
    v = -1e7;
  if (v > 1e7)
    v = 1e7;
  long long t = llround(v * 10.0);
  if (t % 10 == 0)
    fprintf(f, "%lld", t / 10);
  else
    fprintf(f, "%s%lld.%lld", t < 0 ? "-" : "", llabs(t) / 10, llabs(t) % 10);
}

/* v as an index in [0, max]: negative (or NaN) is 0, beyond max is max. A
 * double that does not fit size_t must not reach the cast. */
static size_t to_index(double v, size_t max) {
  if (!(v > 0))
    return 0;
  return v >= (double)max ? max : (size_t)v;
}

int memplan_svg_escape(FILE *out, const char *s) {
  if (!s)
    return 0;
  const unsigned char *c = (const unsigned char *)s;
  while (*c) {
    uint32_t cp;
    size_t n = memplan_utf8_decode(c, &cp);
    if (n == 0) {
      /* Not UTF-8 (an id from the C API): the document must stay text. */
      fputs(MEMPLAN_UTF8_REPLACEMENT, out);
      c++;
      continue;
    }
    switch (cp) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&apos;", out); break;
    default:
      if (cp < 0x20 && cp != '\t' && cp != '\n')
        fputc('?', out); /* XML 1.0 forbids these even as references */
      else if (cp == 0xFFFE || cp == 0xFFFF)
        fputs(MEMPLAN_UTF8_REPLACEMENT, out); /* not XML 1.0 characters */
      else
        fwrite(c, 1, n, out);
    }
    c += n;
  }
  return ferror(out) ? -1 : 0;
}

/* Bytes in binary units, e.g. "1.5 MiB", "800 B". */
static void fmt_bytes(char *buf, size_t n, double v) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (v >= 1024.0 && u < 6) {
    v /= 1024.0;
    u++;
  }
  if (u == 0 || v >= 100.0 || v == floor(v))
    snprintf(buf, n, "%.0f %s", v, units[u]);
  else
    snprintf(buf, n, "%.1f %s", v, units[u]);
}

/* A "nice" tick step (1, 2 or 5 times a power of ten) giving about `want`
 * ticks over `range`. */
static double nice_step(double range, int want) {
  if (range <= 0)
    return 1;
  double raw = range / want;
  double p = pow(10.0, floor(log10(raw)));
  double m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static unsigned color_class(const memplan_problem *p, size_t i,
                            memplan_svg_color how) {
  if (how == MEMPLAN_SVG_COLOR_ID) {
    /* FNV-1a of the id (or the index for unnamed buffers): stable across
     * runs and independent of buffer order. */
    uint64_t h = 1469598103934665603ull;
    if (p->buffers[i].id) {
      for (const unsigned char *c = (const unsigned char *)p->buffers[i].id; *c; c++)
        h = (h ^ *c) * 1099511628211ull;
    } else {
      h = (h ^ i) * 1099511628211ull;
    }
    return (unsigned)((h >> 17) % NCOLORS);
  }
  uint64_t s = p->buffers[i].size;
  unsigned lg = 0;
  while (s >>= 1)
    lg++;
  return lg % NCOLORS;
}

/* Per pixel column maxima of the live-bytes and highest-byte profiles. */
typedef struct event {
  int64_t t;
  size_t i;
  int kind; /* 0 = free (end), 1 = alloc (start): frees first at equal t */
} event;

static int cmp_event(const void *a, const void *b) {
  const event *x = a, *y = b;
  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  if (x->kind != y->kind)
    return x->kind - y->kind;
  return x->i < y->i ? -1 : x->i > y->i;
}

/* Max-heap of (top, end) for the highest byte in use; entries whose buffer
 * has ended are dropped lazily when they reach the root. */
typedef struct hitem {
  double top;
  int64_t end;
} hitem;

static void heap_push(hitem *h, size_t *n, hitem v) {
  size_t k = (*n)++;
  while (k > 0 && h[(k - 1) / 2].top < v.top) {
    h[k] = h[(k - 1) / 2];
    k = (k - 1) / 2;
  }
  h[k] = v;
}
static void heap_pop(hitem *h, size_t *n) {
  hitem v = h[--*n];
  size_t k = 0;
  for (;;) {
    size_t c = 2 * k + 1;
    if (c >= *n)
      break;
    if (c + 1 < *n && h[c + 1].top > h[c].top)
      c++;
    if (h[c].top <= v.top)
      break;
    h[k] = h[c];
    k = c;
  }
  if (*n)
    h[k] = v;
}

/* Fills live[c] and high[c] (ncol columns over [t0, t1)) with the maximum
 * live bytes / highest in-use byte during the steps of column c. */
static int profile(const memplan_problem *p, const uint64_t *off, const geom *g,
                   size_t ncol, double *live, double *high) {
  size_t n = p->count, ne = 0;
  event *ev = malloc(sizeof *ev * (2 * n + 1));
  hitem *heap = malloc(sizeof *heap * (n + 1));
  if (!ev || !heap) {
    free(ev);
    free(heap);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    if (p->buffers[i].size == 0)
      continue;
    ev[ne++] = (event){p->buffers[i].start, i, 1};
    ev[ne++] = (event){p->buffers[i].end, i, 0};
  }
  qsort(ev, ne, sizeof *ev, cmp_event);
  for (size_t c = 0; c < ncol; c++)
    live[c] = high[c] = 0;
  double span = (double)g->span;
  double cur = 0;
  size_t hn = 0;
  for (size_t k = 0; k < ne;) {
    int64_t t = ev[k].t;
    for (; k < ne && ev[k].t == t; k++) {
      const memplan_buffer *b = &p->buffers[ev[k].i];
      if (ev[k].kind == 0) {
        cur -= (double)b->size;
      } else {
        cur += (double)b->size;
        heap_push(heap, &hn,
                  (hitem){(double)off[ev[k].i] + (double)b->size, b->end});
      }
    }
    while (hn && heap[0].end <= t)
      heap_pop(heap, &hn);
    if (k == ne)
      break; /* nothing live after the last event */
    /* The state holds on [t, next): every column it touches sees it. */
    int64_t next = ev[k].t;
    double top = hn ? heap[0].top : 0;
    size_t c0 = to_index(floor((double)rel(g, t) / span * (double)ncol), ncol);
    size_t c1 = to_index(ceil((double)rel(g, next) / span * (double)ncol), ncol);
    for (size_t c = c0; c < c1; c++) {
      if (cur > live[c])
        live[c] = cur;
      if (top > high[c])
        high[c] = top;
    }
  }
  free(ev);
  free(heap);
  return 0;
}

/* Appends " L x y" vertices of the step function v[0..ncol) (one value per
 * pixel column) to a path whose pen is at the left edge, at height v[0]
 * (or at 0 when `from_zero`), ending at the right edge. */
static void step_path(FILE *f, const geom *g, const double *v, size_t ncol,
                      bool from_zero) {
  double prev = from_zero ? 0 : v[0];
  for (size_t c = 0; c <= ncol; c++) {
    double cur = c < ncol ? v[c] : prev;
    if (c < ncol && cur == prev)
      continue;
    double x = g->left + (double)c * g->w / (double)ncol;
    fputs(" L", f);
    num(f, x);
    fputc(' ', f);
    num(f, ppix(g, prev));
    if (c < ncol) {
      fputs(" L", f);
      num(f, x);
      fputc(' ', f);
      num(f, ppix(g, cur));
    }
    prev = cur;
  }
}

typedef struct rinfo {
  double area;
  size_t i;
} rinfo;

static int cmp_rinfo(const void *a, const void *b) {
  const rinfo *x = a, *y = b;
  if (x->area != y->area)
    return x->area > y->area ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

static void hline(FILE *f, const geom *g, double y, const char *cls) {
  fputs("<line class=\"", f);
  fputs(cls, f);
  fputs("\" x1=\"", f);
  num(f, g->left);
  fputs("\" x2=\"", f);
  num(f, g->left + g->w);
  fputs("\" y1=\"", f);
  num(f, y);
  fputs("\" y2=\"", f);
  num(f, y);
  fputs("\"/>\n", f);
}

/* The outline of a panel. */
static void frame(FILE *f, double x, double y, double w, double h) {
  fputs("<rect class=\"frame\" x=\"", f);
  num(f, x);
  fputs("\" y=\"", f);
  num(f, y);
  fputs("\" width=\"", f);
  num(f, w);
  fputs("\" height=\"", f);
  num(f, h);
  fputs("\"/>\n", f);
}

static void text(FILE *f, double x, double y, const char *cls,
                 const char *anchor, const char *s) {
  fputs("<text x=\"", f);
  num(f, x);
  fputs("\" y=\"", f);
  num(f, y);
  fprintf(f, "\" class=\"%s\"", cls);
  if (anchor)
    fprintf(f, " text-anchor=\"%s\"", anchor);
  fputc('>', f);
  memplan_svg_escape(f, s);
  fputs("</text>\n", f);
}

/* Y axis ticks in the unit that suits ymax, labels at the left margin. */
static void y_axis(FILE *f, const geom *g, double top, double height) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double scale = 1;
  int u = 0;
  while (g->ymax / scale >= 4096.0 && u < 6) {
    scale *= 1024.0;
    u++;
  }
  double range = g->ymax / scale;
  double step = nice_step(range, height < 200 ? 3 : 6);
  /* Counted: v += step would stall once step is below v's precision. */
  for (int k = 0; k <= MAX_TICKS && k * step <= range + 1e-9; k++) {
    double v = k * step;
    double y = top + height - v * scale * height / g->ymax;
    hline(f, g, y, "grid");
    char lab[48];
    snprintf(lab, sizeof lab, "%g %s", v, units[u]);
    text(f, g->left - 6, y + 4, "ax", "end", lab);
  }
}

/* The step `r` steps after t0 (r <= span, so the result is in [t0, t1];
 * split in two when r exceeds INT64_MAX, which needs t0 < 0). */
static int64_t step_at(const geom *g, uint64_t r) {
  if (r <= (uint64_t)INT64_MAX)
    return g->t0 + (int64_t)r;
  return (g->t0 + INT64_MAX) + (int64_t)(r - (uint64_t)INT64_MAX);
}

/* Ticks at the multiples of a nice integer step, computed in exact integer
 * arithmetic relative to t0 and counted, so that any int64 range gives at
 * most MAX_TICKS labels (see the header comment). */
static void x_axis(FILE *f, const geom *g, double ybottom) {
  /* Fewer ticks for longer labels (up to 20 characters), so that they do
   * not run into each other: about 6.5 px per character plus a gap, and
   * nice_step may give 1.5 times the ticks asked for. */
  char a[32], b[32];
  int la = snprintf(a, sizeof a, "%" PRId64, g->t0);
  int lb = snprintf(b, sizeof b, "%" PRId64, g->t1);
  int chars = la > lb ? la : lb;
  int want = (int)(g->w / (6.5 * chars + 20) / 1.5);
  want = want < 2 ? 2 : want > 10 ? 10 : want;
  double stepd = nice_step((double)g->span, want);
  /* At most 1e19 (nice_step of a span below 2^64 with want >= 2), which
   * fits uint64; below 1 means every step. */
  uint64_t step = stepd < 1 ? 1 : stepd >= 1e19 ? (uint64_t)1e19 : (uint64_t)stepd;
  /* Distance from t0 to the first multiple of step at or after it. */
  uint64_t first;
  if (g->t0 >= 0) {
    uint64_t m = (uint64_t)g->t0 % step;
    first = m ? step - m : 0;
  } else {
    first = (0 - (uint64_t)g->t0) % step;
  }
  uint64_t r = first;
  for (int k = 0; k < MAX_TICKS && r <= g->span; k++) {
    char lab[32];
    snprintf(lab, sizeof lab, "%" PRId64, step_at(g, r));
    text(f, xrel(g, (double)r), ybottom + 14, "ax", "middle", lab);
    if (g->span - r < step)
      break;
    r += step;
  }
}

int memplan_svg_fprint(FILE *f, const memplan_problem *p,
                       const uint64_t *off, const memplan_svg_options *opt,
                       char *err, size_t err_len) {
  /* A failed memplan_solve leaves plan.offsets NULL; drawing it would read
   * through NULL. There is no plan to draw: say so. */
  if (!off && p->count)
    return memplan_internal_errorf(err, err_len,
                                   "no plan to draw (offsets is NULL for %zu "
                                   "buffers)", p->count);
  memplan_svg_options o;
  if (opt)
    o = *opt;
  else
    memset(&o, 0, sizeof o);
  unsigned width = o.width ? o.width : 1200;
  unsigned height = o.height ? o.height : 560;
  width = width < MEMPLAN_SVG_WIDTH_MIN   ? MEMPLAN_SVG_WIDTH_MIN
          : width > MEMPLAN_SVG_WIDTH_MAX ? MEMPLAN_SVG_WIDTH_MAX
                                          : width;
  height = height < MEMPLAN_SVG_HEIGHT_MIN   ? MEMPLAN_SVG_HEIGHT_MIN
           : height > MEMPLAN_SVG_HEIGHT_MAX ? MEMPLAN_SVG_HEIGHT_MAX
                                             : height;
  size_t max_rects = o.max_rects ? o.max_rects : 5000;

  /* Extent of the picture and the statistics line. */
  size_t n = p->count, nzero = 0;
  double peak = 0;
  int64_t t0 = 0, t1 = 1;
  for (size_t i = 0; i < n; i++) {
    const memplan_buffer *b = &p->buffers[i];
    if (i == 0 || b->start < t0)
      t0 = b->start;
    if (i == 0 || b->end > t1)
      t1 = b->end;
    if (b->size == 0)
      nzero++;
    double top = (double)off[i] + (double)b->size;
    if (top > peak) /* the peak of memplan.h: zero-size buffers count too */
      peak = top;
  }
  if (t1 <= t0) { /* no buffers, or none with start < end */
    if (t0 == INT64_MAX)
      t0--;
    t1 = t0 + 1;
  }
  /* Saturated: an unchecked plan may have offset + size beyond 2^64. */
  uint64_t peak_u = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t top;
    if (__builtin_add_overflow(off[i], p->buffers[i].size, &top))
      top = UINT64_MAX;
    if (top > peak_u)
      peak_u = top;
  }
  int64_t lb_step = 0;
  uint64_t load = memplan_lower_bound(p, &lb_step);
  /* A planner's proven bound may be higher; the marker stays at the load. */
  uint64_t lb = o.lower_bound > load ? o.lower_bound : load;

  geom g;
  g.left = 78;
  g.right = 40;
  g.top = 62;
  g.total_w = width;
  g.w = width - g.left - g.right;
  g.h = height;
  g.ph = o.no_profile ? 0 : floor(height / 3.0);
  g.ptop = g.top + g.h + 62;
  g.total_h = o.no_profile ? g.top + g.h + 40 : g.ptop + g.ph + 52;
  g.t0 = t0;
  g.t1 = t1;
  g.span = (uint64_t)t1 - (uint64_t)t0;
  double ymax = peak;
  if ((double)lb > ymax)
    ymax = (double)lb;
  if (p->capacity && (double)p->capacity > ymax && (double)p->capacity < 1.5 * ymax)
    ymax = (double)p->capacity; /* show a nearby capacity; a far one squashes the plot */
  g.ymax = ymax > 0 ? ymax * 1.06 : 1;

  fprintf(f,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%.0f\" "
          "viewBox=\"0 0 %u %.0f\" font-family=\"sans-serif\">\n",
          width, g.total_h, width, g.total_h);
  fputs("<style>\n"
        "rect{stroke:#333;stroke-width:.4}\n"
        ".cov{fill:#c4c4c4;stroke:none}\n"
        ".bg{fill:#fff;stroke:none}\n"
        ".frame{fill:none;stroke:#444;stroke-width:1}\n"
        ".grid{stroke:#e4e4e4;stroke-width:1}\n"
        ".peak{stroke:#d62728;stroke-width:1.6}\n"
        ".lb{stroke:#1f5fbf;stroke-width:1.6;stroke-dasharray:7 4}\n"
        ".cap{stroke:#555;stroke-width:1.2;stroke-dasharray:2 3}\n"
        ".mark{stroke:#1f5fbf;stroke-width:1.2;stroke-dasharray:3 3}\n"
        ".live{fill:#b9cfe0;stroke:#4a6f8f;stroke-width:1}\n"
        ".high{fill:none;stroke:#e07b00;stroke-width:1.4}\n"
        "text{font-size:11px;fill:#222}\n"
        ".ax{font-size:11px;fill:#555}\n"
        ".lab{font-size:10px;fill:#111}\n"
        ".t{font-size:17px;font-weight:bold}\n"
        ".s{font-size:12px;fill:#444}\n"
        ".pk{fill:#d62728;font-size:11px}\n"
        ".lbt{fill:#1f5fbf;font-size:11px}\n"
        /* a white halo keeps line labels readable over dense rectangles */
        ".pk,.lbt{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}\n"
        ".ns{stroke:none}\n"
        /* fixed buffers: a heavy outline, since the planner did not choose them */
        ".fx{stroke:#000;stroke-width:2}\n",
        f);
  for (int c = 0; c < NCOLORS; c++)
    fprintf(f, ".c%d{fill:%s}\n", c, palette[c]);
  fputs("</style>\n", f);
  fprintf(f, "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"%u\" height=\"%.0f\"/>\n",
          width, g.total_h);

  /* Title and statistics. */
  text(f, g.left, 24, "t", NULL, o.title && *o.title ? o.title : "memplan layout");
  /* stats holds the longest line the format allows (305 bytes: 20-digit
   * numbers and full pk, lbs and gaps), so it is never cut; gcc checks this
   * at -Os (-Wformat-truncation). */
  char pk[32], lbs[32], stats[320];
  fmt_bytes(pk, sizeof pk, (double)peak_u);
  fmt_bytes(lbs, sizeof lbs, (double)lb);
  /* Only an invalid plan can have its peak below the lower bound: no gap
   * then, rather than a gap of 0 that would read as "optimal". */
  char gaps[64];
  if (peak_u >= lb)
    snprintf(gaps, sizeof gaps, "gap %.2f %%",
             lb ? ((double)peak_u - (double)lb) / (double)lb * 100.0 : 0.0);
  else
    snprintf(gaps, sizeof gaps, "peak below the lower bound");
  snprintf(stats, sizeof stats,
           "%zu buffers, steps %" PRId64 "..%" PRId64 ", peak %" PRIu64
           " B (%s), lower bound %" PRIu64 " B (%s), %s%s",
           n, t0, t1, peak_u, pk, lb, lbs, gaps,
           nzero ? ", zero-size buffers not drawn" : "");
  if (o.subtitle && *o.subtitle) {
    text(f, g.left, 42, "s", NULL, stats);
    text(f, g.left, 56, "s", NULL, o.subtitle);
  } else {
    text(f, g.left, 44, "s", NULL, stats);
  }

  y_axis(f, &g, g.top, g.h);
  x_axis(f, &g, g.top + g.h);
  text(f, g.left + g.w / 2, g.top + g.h + 30, "ax", "middle", "schedule step");

  /* Rectangles: the largest on screen individually, the rest as coverage. */
  rinfo *ri = malloc(sizeof *ri * (n + 1));
  size_t gw = (size_t)ceil(g.w / CELL) + 1, gh = (size_t)ceil(g.h / CELL) + 1;
  unsigned char *grid = calloc(gw * gh, 1);
  double *live = NULL, *high = NULL;
  size_t ncol = (size_t)ceil(g.w);
  if (!o.no_profile) {
    live = malloc(sizeof *live * ncol);
    high = malloc(sizeof *high * ncol);
  }
  if (!ri || !grid || (!o.no_profile && (!live || !high))) {
    free(ri);
    free(grid);
    free(live);
    free(high);
    if (err && err_len)
      snprintf(err, err_len, "svg: out of memory");
    return -1;
  }
  size_t nr = 0;
  for (size_t i = 0; i < n; i++) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size == 0)
      continue;
    double w = xpix(&g, b->end) - xpix(&g, b->start);
    double h = (double)b->size * g.h / g.ymax;
    ri[nr++] = (rinfo){w * h, i};
  }
  qsort(ri, nr, sizeof *ri, cmp_rinfo);
  /* Merged buffers first, under the individual rectangles: a coverage run
   * overstates a sub-pixel buffer, and must not hide a real one. */
  size_t ncov = 0;
  for (size_t k = 0; k < nr; k++) {
    if (k < max_rects && ri[k].area >= 1.0)
      continue;
    size_t i = ri[k].i;
    const memplan_buffer *b = &p->buffers[i];
    double x0 = xpix(&g, b->start), x1 = xpix(&g, b->end);
    double ytop = ypix(&g, (double)off[i] + (double)b->size);
    double ybot = ypix(&g, (double)off[i]);
    /* Paint every cell the rectangle overlaps, at least one, so that no
     * buffer vanishes from the picture. */
    double yt = ytop < g.top ? g.top : ytop;
    size_t cx0 = to_index((x0 - g.left) / CELL, gw - 1);
    size_t cx1 = to_index((x1 - g.left) / CELL, gw - 1);
    size_t cy0 = to_index((yt - g.top) / CELL, gh - 1);
    size_t cy1 = to_index((ybot - g.top) / CELL, gh - 1);
    if (cx0 > cx1) cx0 = cx1;
    if (cy0 > cy1) cy0 = cy1;
    for (size_t cy = cy0; cy <= cy1; cy++)
      memset(grid + cy * gw + cx0, 1, cx1 - cx0 + 1);
    ncov++;
  }
  if (ncov) {
    fprintf(f, "<g class=\"cov\"><title>%zu small buffers merged</title>\n", ncov);
    for (size_t cy = 0; cy < gh; cy++) {
      for (size_t cx = 0; cx < gw;) {
        if (!grid[cy * gw + cx]) {
          cx++;
          continue;
        }
        size_t e = cx;
        while (e < gw && grid[cy * gw + e])
          e++;
        fputs("<rect x=\"", f);
        num(f, g.left + (double)cx * CELL);
        fputs("\" y=\"", f);
        num(f, g.top + (double)cy * CELL);
        fprintf(f, "\" width=\"%zu\" height=\"%d\"/>\n", (e - cx) * CELL, CELL);
        cx = e;
      }
    }
    fputs("</g>\n", f);
  }
  bool tooltips = nr <= 20000;
  fputs("<g>\n", f);
  for (size_t k = 0; k < nr && k < max_rects && ri[k].area >= 1.0; k++) {
    size_t i = ri[k].i;
    const memplan_buffer *b = &p->buffers[i];
    double x0 = xpix(&g, b->start), x1 = xpix(&g, b->end);
    double ytop = ypix(&g, (double)off[i] + (double)b->size);
    double ybot = ypix(&g, (double)off[i]);
    fputs("<rect x=\"", f);
    num(f, x0);
    fputs("\" y=\"", f);
    num(f, ytop);
    fputs("\" width=\"", f);
    num(f, x1 - x0 < 0.1 ? 0.1 : x1 - x0);
    fputs("\" height=\"", f);
    num(f, ybot - ytop < 0.1 ? 0.1 : ybot - ytop);
    /* Outlines on rectangles a few pixels thin would paint them all dark. */
    bool thin = x1 - x0 < 3 || ybot - ytop < 3;
    fprintf(f, "\" class=\"c%u%s\"", color_class(p, i, o.color),
            b->fixed ? " fx" : thin ? " ns" : "");
    char name[24];
    const char *id = memplan_buffer_name(p, i, name);
    if (tooltips) {
      fputs("><title>", f);
      memplan_svg_escape(f, id);
      fprintf(f, ": %" PRIu64 " B at %" PRIu64 "%s, steps [%" PRId64 ", %" PRId64 ")</title></rect>\n",
              b->size, off[i], b->fixed ? " (fixed)" : "", b->start, b->end);
    } else {
      fputs("/>\n", f);
    }
    /* A label fits when the text (about 6 px per character at 10 px)
     * and a little padding fit in the rectangle. */
    size_t len = strlen(id);
    if (!o.no_labels && ybot - ytop >= 12 && x1 - x0 >= 6.0 * (double)len + 6 && len)
      text(f, (x0 + x1) / 2, (ytop + ybot) / 2 + 3.5, "lab", "middle", id);
  }
  fputs("</g>\n", f);

  /* Lines over the rectangles: capacity, lower bound, peak, marker. */
  char lab[128];
  if (p->capacity && (double)p->capacity <= g.ymax) {
    hline(f, &g, ypix(&g, (double)p->capacity), "cap");
    fmt_bytes(pk, sizeof pk, (double)p->capacity);
    snprintf(lab, sizeof lab, "capacity %s", pk);
    text(f, g.left + 4, ypix(&g, (double)p->capacity) - 4, "ax", NULL, lab);
  }
  double ylb = ypix(&g, (double)lb), ypk = ypix(&g, (double)peak_u);
  hline(f, &g, ylb, "lb");
  hline(f, &g, ypk, "peak");
  fmt_bytes(pk, sizeof pk, (double)peak_u);
  snprintf(lab, sizeof lab, "peak %s", pk);
  text(f, g.left + g.w - 4, ypk - 4, "pk", "end", lab);
  snprintf(lab, sizeof lab, "lower bound %s", lbs);
  /* Keep the two labels apart when the lines (nearly) coincide. */
  text(f, g.left + g.w - 4, ylb - ypk < 14 ? ypk + 13 : ylb - 4, "lbt", "end", lab);
  double xm = xrel(&g, (double)rel(&g, lb_step) + 0.5);
  double ybottom = o.no_profile ? g.top + g.h : g.ptop + g.ph;
  fputs("<line class=\"mark\" x1=\"", f);
  num(f, xm);
  fputs("\" x2=\"", f);
  num(f, xm);
  fputs("\" y1=\"", f);
  num(f, ypix(&g, (double)load) - 8);
  fputs("\" y2=\"", f);
  num(f, ybottom);
  fputs("\"/>\n", f);
  snprintf(lab, sizeof lab, "max live at step %" PRId64, lb_step);
  bool right_half = xm > g.left + g.w * 0.75;
  text(f, xm + (right_half ? -4 : 4), ypix(&g, (double)load) - 10, "lbt",
       right_half ? "end" : NULL, lab);
  frame(f, g.left, g.top, g.w, g.h);

  /* Profile panel. */
  int rc = 0;
  if (!o.no_profile) {
    if (profile(p, off, &g, ncol, live, high) != 0) {
      rc = -1;
    } else {
      text(f, g.left, g.ptop - 8, "s", NULL,
           "live bytes (blue area), highest byte in use (orange), arena = peak (red): "
           "space between the blue area and the red line is fragmentation");
      y_axis(f, &g, g.ptop, g.ph);
      /* Step paths with a vertex only where the value changes: a flat
       * profile costs a few bytes, not one vertex pair per pixel column. */
      fputs("<path class=\"live\" d=\"M", f);
      num(f, g.left);
      fputc(' ', f);
      num(f, ppix(&g, 0));
      step_path(f, &g, live, ncol, true);
      fputs(" L", f);
      num(f, g.left + g.w);
      fputc(' ', f);
      num(f, ppix(&g, 0));
      fputs("Z\"/>\n<path class=\"high\" d=\"M", f);
      num(f, g.left);
      fputc(' ', f);
      num(f, ppix(&g, high[0]));
      step_path(f, &g, high, ncol, false);
      fputs("\"/>\n", f);
      geom pg = g;
      pg.top = g.ptop;
      pg.h = g.ph;
      hline(f, &pg, ppix(&g, (double)peak_u), "peak");
      hline(f, &pg, ppix(&g, (double)lb), "lb");
      x_axis(f, &g, g.ptop + g.ph);
      frame(f, g.left, g.ptop, g.w, g.ph);
    }
  }
  fputs("</svg>\n", f);
  free(ri);
  free(grid);
  free(live);
  free(high);
  if (rc != 0) {
    if (err && err_len)
      snprintf(err, err_len, "svg: out of memory");
    return -1;
  }
  if (ferror(f)) {
    if (err && err_len)
      snprintf(err, err_len, "svg: write failed: %s", strerror(errno));
    return -1;
  }
  return 0;
}

int memplan_svg_write(const char *path, const memplan_problem *p,
                      const uint64_t *offsets, const memplan_svg_options *o,
                      char *err, size_t err_len) {
  if (!path || !*path) {
    if (err && err_len)
      snprintf(err, err_len, "svg: no output path");
    return -1;
  }
  if (!offsets && p->count) {
    /* Refused before anything is created. */
    if (err && err_len)
      snprintf(err, err_len, "%s: no plan to draw (offsets is NULL for %zu "
               "buffers)", path, p->count);
    return -1;
  }
  memplan_output out;
  if (memplan_output_open(&out, path, err, err_len) != 0)
    return -1;
  char e2[256] = "";
  if (memplan_svg_fprint(out.stream, p, offsets, o, e2, sizeof e2) != 0) {
    /* A failed write is reported as every output reports it ("PATH: write
     * error: ...", or standard output's message); closing with keep = true
     * says so and still removes the temporary. */
    if (ferror(out.stream)) {
      memplan_output_close(&out, true, err, err_len);
      return -1;
    }
    memplan_output_close(&out, false, NULL, 0);
    if (err && err_len)
      snprintf(err, err_len, "%s: %s", path, e2);
    return -1;
  }
  return memplan_output_close(&out, true, err, err_len);
}
