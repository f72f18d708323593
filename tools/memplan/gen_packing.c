/*===-- gen_packing.c - `memplan gen --family=packing`: known optima ------===*\
|*                                                                            *|
|* Instances whose optimum is known by construction (docs/algorithms.md,      *|
|* "Generated instances with known optima"):                                  *|
|*                                                                            *|
|*  - packing: a height x horizon rectangle (units of bytes x steps) is cut   *|
|*    into rectangles by guillotine cuts (one straight cut through a piece,   *|
|*    in space or in time) and pinwheels (five pieces around a centre, no     *|
|*    straight cut through them); each piece is a buffer: its rows are its    *|
|*    bytes, its columns its live interval. Some pieces are dropped (holes),  *|
|*    never one live at a chosen witness step, whose column stays full. The   *|
|*    cut is a plan of peak = height; at the witness step the live bytes sum  *|
|*    to height, so no plan is lower: optimum = max-live = height.            *|
|*  - packing-gap: the same, plus three buffers of g = unit / 6 bytes live    *|
|*    around the witness step, one aligned to 2g and two to 3g, while every   *|
|*    piece live there is aligned to a multiple of the unit 6g. Max-live is   *|
|*    height + 3g; the optimum is height + 4g (proof in docs/algorithms.md):  *|
|*    an optimum known to sit above max-live.                                 *|
|*                                                                            *|
|* The pieces are chosen with probability proportional to their area, so      *|
|* sizes and lives spread over orders of magnitude and are anticorrelated,    *|
|* as in MiniMalloc's challenging suite (long thin buffers, short large       *|
|* ones). Integer arithmetic and splitmix64 only: same options, same file.    *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"

#include <stdlib.h>
#include <string.h>

typedef struct rect {
  uint64_t x0, x1; /* rows [x0, x1) in units */
  uint64_t t0, t1; /* steps [t0, t1) */
  bool layer;      /* a strip over the whole horizon, never cut again */
} rect;

typedef struct pieces {
  rect *r;
  size_t n, cap;
} pieces;

static int push(pieces *P, rect r) {
  if (P->n == P->cap) {
    size_t cap = P->cap ? 2 * P->cap : 64;
    rect *g = realloc(P->r, cap * sizeof *g);
    if (!g)
      return -1;
    P->r = g;
    P->cap = cap;
  }
  P->r[P->n++] = r;
  return 0;
}

/* The area of a piece that may be cut (0 for a layer). */
static uint64_t area(const rect *r) {
  return r->layer ? 0 : (r->x1 - r->x0) * (r->t1 - r->t0);
}

/* A piece drawn with probability proportional to its area among those
 * that can be cut (at least 2 units or 2 steps); SIZE_MAX when none. */
static size_t draw_piece(const pieces *P, uint64_t *st) {
  uint64_t total = 0;
  for (size_t k = 0; k < P->n; ++k)
    if (area(&P->r[k]) > 1)
      total += area(&P->r[k]);
  if (total == 0)
    return SIZE_MAX;
  uint64_t x = memplan_cli_uniform(st, 0, total - 1);
  for (size_t k = 0; k < P->n; ++k) {
    uint64_t a = area(&P->r[k]);
    if (a <= 1)
      continue;
    if (x < a)
      return k;
    x -= a;
  }
  return SIZE_MAX; /* not reached */
}

/* Cuts piece k in two by one straight cut: in time with probability
 * time_cuts percent (when it lives 2 steps or more), else in space. */
static int guillotine(pieces *P, size_t k, unsigned time_cuts, uint64_t *st) {
  rect r = P->r[k], s = r;
  uint64_t w = r.x1 - r.x0, d = r.t1 - r.t0;
  bool in_time = d >= 2 && (w < 2 || memplan_cli_uniform(st, 0, 99) < time_cuts);
  if (in_time) {
    uint64_t c = r.t0 + memplan_cli_uniform(st, 1, d - 1);
    r.t1 = s.t0 = c;
  } else {
    uint64_t c = r.x0 + memplan_cli_uniform(st, 1, w - 1);
    r.x1 = s.x0 = c;
  }
  P->r[k] = r;
  return push(P, s);
}

/* Cuts piece k into a pinwheel (needs 3 units and 3 steps): two cuts xa <
 * xb in space and ta < tb in time, four arms turning around the centre
 * [xa, xb) x [ta, tb). No straight line crosses the piece between them. */
static int pinwheel(pieces *P, size_t k, uint64_t *st) {
  rect r = P->r[k];
  uint64_t xa = memplan_cli_uniform(st, r.x0 + 1, r.x1 - 2);
  uint64_t xb = memplan_cli_uniform(st, xa + 1, r.x1 - 1);
  uint64_t ta = memplan_cli_uniform(st, r.t0 + 1, r.t1 - 2);
  uint64_t tb = memplan_cli_uniform(st, ta + 1, r.t1 - 1);
  rect arms[5] = {
      {r.x0, xb, r.t0, ta, false}, /* low rows, early */
      {xb, r.x1, r.t0, tb, false}, /* high rows, early to middle */
      {xa, r.x1, tb, r.t1, false}, /* high rows, late */
      {r.x0, xa, ta, r.t1, false}, /* low rows, middle to late */
      {xa, xb, ta, tb, false},     /* the centre */
  };
  P->r[k] = arms[0];
  for (int a = 1; a < 5; ++a)
    if (push(P, arms[a]) != 0)
      return -1;
  return 0;
}

/* Cuts until there are `want` pieces (pinwheels only when allowed). 0, -1
 * out of memory, 1 when no piece can be cut any more. */
static int cut_to(pieces *P, size_t want, const memplan_cli_packing *g,
                  bool allow_pinwheels, uint64_t *st) {
  while (P->n < want) {
    size_t k = draw_piece(P, st);
    if (k == SIZE_MAX)
      return 1;
    const rect *r = &P->r[k];
    bool pw = allow_pinwheels && P->n + 4 <= want && r->x1 - r->x0 >= 3 &&
              r->t1 - r->t0 >= 3 &&
              memplan_cli_uniform(st, 0, 99) < g->pinwheels;
    if ((pw ? pinwheel(P, k, st) : guillotine(P, k, g->time_cuts, st)) != 0)
      return -1;
  }
  return 0;
}

/* Peels `layers` thin strips off the whole rectangle (piece 0), each at
 * most 1/32 of what is left of it and over the whole horizon, and keeps
 * them whole: long-lived buffers, as MiniMalloc's C and D have (9 and 17
 * live from the first step to the last). */
static int peel_layers(pieces *P, unsigned layers, uint64_t *st) {
  for (unsigned k = 0; k < layers; ++k) {
    rect *r = &P->r[0];
    uint64_t h = r->x1 - r->x0;
    if (h < 64)
      return 0;
    uint64_t w = memplan_cli_uniform(st, 1, h / 32);
    rect strip = *r;
    strip.layer = true;
    if (memplan_cli_uniform(st, 0, 1)) {
      strip.x1 = strip.x0 + w;
      r->x0 += w;
    } else {
      strip.x0 = strip.x1 - w;
      r->x1 -= w;
    }
    if (push(P, strip) != 0)
      return -1;
  }
  return 0;
}

/* The largest k <= 3 with 2^k dividing x (3 for x = 0). */
static unsigned twos(uint64_t x) {
  unsigned k = 0;
  while (k < 3 && (x == 0 || x % ((uint64_t)2 << k) == 0))
    ++k;
  return k;
}

int memplan_cli_packing_problem(memplan_problem *p, uint64_t seed,
                                const memplan_cli_packing *g,
                                uint64_t **planted, uint64_t *optimum) {
  uint64_t st = seed;
  pieces P = {NULL, 0, 0};
  *planted = NULL;
  size_t holes = (size_t)(g->count * g->holes / 100);
  int rc = push(&P, (rect){0, g->height, 0, g->horizon, false});
  if (rc == 0 && g->layers < g->count)
    rc = peel_layers(&P, g->layers, &st);
  if (rc == 0)
    rc = cut_to(&P, (size_t)g->count + holes, g, true, &st);
  /* The witness step's column stays full: no piece live there is dropped. */
  uint64_t witness = memplan_cli_uniform(&st, 0, g->horizon - 1);
  if (rc == 0) {
    /* Candidates (not live at the witness) to the front, in their order. */
    size_t cand = 0;
    for (size_t k = 0; k < P.n; ++k) {
      const rect *r = &P.r[k];
      if (witness < r->t0 || witness >= r->t1) {
        rect t = P.r[cand];
        P.r[cand++] = *r;
        P.r[k] = t;
      }
    }
    /* Drop `holes` of them, chosen uniformly (a partial Fisher-Yates that
     * moves each dropped one to the front), then close the gap. */
    if (cand < holes) {
      /* Every piece but these few is live at the witness step (say a
       * horizon of a step or two, or many holes beside full-horizon
       * layers): dropping fewer would leave more than count. */
      free(P.r);
      return 2;
    }
    size_t drop = holes;
    for (size_t d = 0; d < drop; ++d) {
      size_t a = (size_t)memplan_cli_uniform(&st, d, cand - 1);
      rect t = P.r[a];
      P.r[a] = P.r[d];
      P.r[d] = t;
    }
    memmove(P.r, P.r + drop, (P.n - drop) * sizeof *P.r);
    P.n -= drop;
    rc = cut_to(&P, (size_t)g->count, g, false, &st);
  }
  if (rc != 0) {
    free(P.r);
    return rc;
  }
  /* Shuffle, so that the input order tells nothing of the cut. */
  for (size_t k = P.n; k > 1; --k) {
    size_t a = (size_t)memplan_cli_uniform(&st, 0, k - 1);
    rect t = P.r[a];
    P.r[a] = P.r[k - 1];
    P.r[k - 1] = t;
  }
  uint64_t u = g->unit, gg = u / 6;
  size_t total = P.n + (g->gap ? 3 : 0);
  uint64_t *off = malloc((total ? total : 1) * sizeof *off);
  if (!off) {
    free(P.r);
    return -1;
  }
  char id[32];
  for (size_t k = 0; k < P.n && rc == 0; ++k) {
    const rect *r = &P.r[k];
    uint64_t align = 1;
    if (memplan_cli_uniform(&st, 0, 99) < g->aligned) {
      unsigned kmax = twos(r->x0);
      align = kmax ? u << memplan_cli_uniform(&st, 1, kmax) : u;
    }
    /* packing-gap's proof needs every piece live at the witness step on a
     * multiple of the unit. */
    if (g->gap && align == 1 && witness >= r->t0 && witness < r->t1)
      align = u;
    snprintf(id, sizeof id, "b%zu", k);
    off[k] = r->x0 * u;
    rc = memplan_problem_add(p, id, (r->x1 - r->x0) * u, align,
                             (int64_t)r->t0, (int64_t)r->t1) < 0 ? -1 : 0;
  }
  *optimum = g->height * u;
  if (g->gap && rc == 0) {
    /* Live around the witness: b at height, a at height + 2g (aligned to
     * 2g), c at height + 3g (aligned to 3g, as b): peak height + 4g. */
    uint64_t w0 = memplan_cli_uniform(&st, 0, witness);
    uint64_t w1 = memplan_cli_uniform(&st, witness + 1, g->horizon);
    static const char *const names[3] = {"gap-a", "gap-b", "gap-c"};
    static const uint64_t aligns[3] = {2, 3, 3}, at[3] = {2, 0, 3};
    for (int k = 0; k < 3 && rc == 0; ++k) {
      off[P.n + (size_t)k] = *optimum + at[k] * gg;
      rc = memplan_problem_add(p, names[k], gg, aligns[k] * gg, (int64_t)w0,
                               (int64_t)w1) < 0 ? -1 : 0;
    }
    *optimum += 4 * gg;
  }
  free(P.r);
  if (rc != 0) {
    free(off);
    return rc;
  }
  *planted = off;
  return 0;
}
