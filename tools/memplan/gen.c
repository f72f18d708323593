/*===-- gen.c - `memplan gen`: seeded random problems ---------------------===*\
|*                                                                            *|
|* Random instances for studies and benchmarks: the `random` family here,     *|
|* the `packing` families (known optima) in gen_packing.c. The generator is splitmix64   *|
|* (Steele, Lea, Flood: "Fast splittable pseudorandom number generators",     *|
|* OOPSLA 2014) and every draw is integer arithmetic, so the same options     *|
|* give the same file byte for byte on every machine. The options are echoed  *|
|* into the file's header comment, so a file says how to regenerate it.       *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"
#include "memplan/csv.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "gen";

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Uniform in [lo, hi] without modulo bias: draws past the last whole
 * multiple of the span are rejected (at most half of them, usually none). */
uint64_t memplan_cli_uniform(uint64_t *state, uint64_t lo, uint64_t hi) {
  uint64_t span = hi - lo + 1;
  if (span == 0) /* the whole 64-bit range */
    return splitmix64(state);
  uint64_t limit = UINT64_MAX - UINT64_MAX % span;
  uint64_t r;
  do
    r = splitmix64(state);
  while (r >= limit);
  return lo + r % span;
}

static unsigned floor_log2(uint64_t v) {
  unsigned k = 0;
  while (v >>= 1)
    ++k;
  return k;
}

static const char *const dist_names[] = {"uniform", "skewed", "pow2"};

/* uniform: [1, max]. skewed: log-uniform, i.e. first an octave 2^k (each
 * equally likely), then uniform inside it, so small buffers are as common
 * as in real models' activation lists. pow2: 2^k, k uniform. */
static uint64_t draw_size(uint64_t *state, memplan_cli_size_dist d, uint64_t max) {
  if (d == MEMPLAN_CLI_SIZE_UNIFORM)
    return memplan_cli_uniform(state, 1, max);
  unsigned k = (unsigned)memplan_cli_uniform(state, 0, floor_log2(max));
  uint64_t lo = (uint64_t)1 << k;
  if (d == MEMPLAN_CLI_SIZE_POW2)
    return lo;
  uint64_t hi = k == 63 ? UINT64_MAX : (lo << 1) - 1;
  if (hi > max)
    hi = max;
  return memplan_cli_uniform(state, lo, hi);
}

int memplan_cli_random_problem(memplan_problem *p, uint64_t count,
                               uint64_t seed, const memplan_cli_random *r) {
  uint64_t horizon = r->horizon ? r->horizon : (count ? count : 1);
  uint64_t max_life = r->max_life ? r->max_life : (horizon / 4 ? horizon / 4 : 1);
  uint64_t alignment = r->alignment ? r->alignment : 1;
  uint64_t state = seed;
  char id[32];
  for (uint64_t i = 0; i < count; ++i) {
    /* Draw order is part of the file format's reproducibility: do not
     * reorder these three calls. */
    uint64_t lower = memplan_cli_uniform(&state, 0, horizon - 1);
    uint64_t life = memplan_cli_uniform(&state, 1, max_life);
    uint64_t size = draw_size(&state, r->dist, r->max_size);
    uint64_t upper = life > horizon - lower ? horizon : lower + life;
    snprintf(id, sizeof id, "t%" PRIu64, i);
    if (memplan_problem_add(p, id, size, alignment, (int64_t)lower,
                            (int64_t)upper) < 0)
      return -1;
  }
  return 0;
}

static void gen_usage(FILE *out) {
  fprintf(out,
          "usage: memplan gen --count=N --seed=S [OPTIONS]\n"
          "       memplan gen --family=packing|packing-gap --seed=S "
          "[OPTIONS]\n"
          "\n"
          "Writes a random problem as CSV (id,lower,upper,size): N buffers "
          "t0..tN-1,\neach starting at a uniform step in [0, T) and living "
          "a uniform 1..L steps\n(cut at T), with sizes drawn as "
          "--size-dist says. Same options, same file.\n"
          "\n"
          "options:\n"
          "  -n, --count=N          number of buffers (required)\n"
          "  -s, --seed=S           seed of the generator (required)\n"
          "      --max-size=B       largest size in bytes (default 4096)\n"
          "      --size-dist=D      uniform (1..B), skewed (log-uniform, the "
          "default)\n"
          "                         or pow2 (powers of two up to B)\n"
          "      --horizon=T        number of schedule steps (default N)\n"
          "      --max-life=L       longest live interval in steps (default "
          "max(1, T/4))\n"
          "      --alignment=A      '# alignment: A' for every buffer "
          "(default 1)\n"
          "  -o, --output=OUT.csv   output file (default stdout)\n"
          "  -h, --help             this help\n"
          "\n"
          "--family=packing: a perfect packing, whose optimum is known (the "
          "header's\n'# optimum:' line): a H x T rectangle (units x steps) "
          "cut into N buffers\n(guillotine cuts and pinwheels), some dropped "
          "as holes but never one live at\na witness step, so optimum = "
          "max-live = H x unit. --family=packing-gap adds\nthree buffers "
          "whose alignments force the optimum one sixth of a unit above\n"
          "max-live (docs/algorithms.md). Every option not given is drawn "
          "from the seed\nand written into the header:\n"
          "  -n, --count=N          buffers (drawn in 150..500)\n"
          "      --height=H         rectangle height in units (default "
          "1024)\n"
          "      --horizon=T        rectangle width in steps (drawn in "
          "64..512)\n"
          "      --unit=U           bytes per unit (default 1024; packing-gap: "
          "6144,\n"
          "                         a multiple of 6)\n"
          "      --holes=P          percent of N dropped after the cut "
          "(drawn in 0..30)\n"
          "      --pinwheels=P      percent of pinwheel cuts (drawn in "
          "0..30)\n"
          "      --time-cuts=P      percent of straight cuts in time (drawn in "
          "20..50)\n"
          "      --aligned=P        percent of buffers aligned to U x 2^k "
          "(drawn in 0..50)\n"
          "      --layers=K         thin strips kept over the whole horizon "
          "(drawn in 0..20)\n"
          "      --planted=PLAN.csv also write the planted plan (peak = the "
          "optimum)\n"
          "\n"
          "exit status: 0 written; 2 usage error or the file cannot be "
          "written.\n");
}

/* The packing options given on the command line (given[k]) and the
 * values; the others are drawn from a stream of their own, so that a file
 * regenerated from its header's explicit options is the same file. */
enum {
  PK_COUNT, PK_HOLES, PK_PINWHEELS, PK_TIME_CUTS, PK_ALIGNED, PK_LAYERS,
  PK_HORIZON, PK_N
};

static void draw_packing(uint64_t seed, const bool given[PK_N],
                         memplan_cli_packing *g) {
  uint64_t st = seed ^ 0x6a09e667f3bcc909u; /* not the cut's stream */
  uint64_t v[PK_N];
  v[PK_COUNT] = memplan_cli_uniform(&st, 150, 500);
  v[PK_HOLES] = memplan_cli_uniform(&st, 0, 30);
  v[PK_PINWHEELS] = memplan_cli_uniform(&st, 0, 30);
  v[PK_TIME_CUTS] = memplan_cli_uniform(&st, 20, 50);
  v[PK_ALIGNED] = memplan_cli_uniform(&st, 0, 50);
  v[PK_LAYERS] = memplan_cli_uniform(&st, 0, 20);
  v[PK_HORIZON] = memplan_cli_uniform(&st, 64, 512);
  if (!given[PK_COUNT])
    g->count = v[PK_COUNT];
  if (!given[PK_HOLES])
    g->holes = (unsigned)v[PK_HOLES];
  if (!given[PK_PINWHEELS])
    g->pinwheels = (unsigned)v[PK_PINWHEELS];
  if (!given[PK_TIME_CUTS])
    g->time_cuts = (unsigned)v[PK_TIME_CUTS];
  if (!given[PK_ALIGNED])
    g->aligned = (unsigned)v[PK_ALIGNED];
  if (!given[PK_LAYERS])
    g->layers = (unsigned)v[PK_LAYERS];
  if (!given[PK_HORIZON])
    g->horizon = v[PK_HORIZON];
}

/* A percentage option: 0..100. */
static int percent(const char *opt, const char *arg, unsigned *out) {
  uint64_t v;
  if (memplan_cli_u64(CMD, opt, arg, &v))
    return 2;
  if (v > 100)
    return memplan_cli_usage_error(CMD, "--%s: must be in 0..100", opt);
  *out = (unsigned)v;
  return 0;
}

/* Writes the problem (and, for the packings, the planted plan). */
static int write_out(const char *out_path, const char *planted_path,
                     const memplan_problem *p, uint64_t alignment,
                     const char *comment, const uint64_t *planted) {
  char err[1024];
  memplan_csv_info info;
  memset(&info, 0, sizeof info);
  info.default_alignment = alignment;
  info.comment = comment;
  if (memplan_csv_write(out_path, p, &info, NULL, err, sizeof err) != 0)
    return memplan_cli_fail(CMD, 2, "%s", err);
  if (planted_path &&
      memplan_csv_write(planted_path, p, &info, planted, err, sizeof err) != 0)
    return memplan_cli_fail(CMD, 2, "%s", err);
  return 0;
}

static int gen_packing(uint64_t seed, memplan_cli_packing *g,
                       const char *out_path, const char *planted_path) {
  if (g->gap && g->unit % 6 != 0)
    return memplan_cli_usage_error(
        CMD, "--unit: packing-gap needs a multiple of 6 (its g is unit / 6)");
  if (g->height > UINT64_MAX / g->unit / 2 ||
      g->horizon > (uint64_t)INT64_MAX || g->count > ((uint64_t)1 << 24))
    return memplan_cli_usage_error(
        CMD, "--height x --unit, --horizon or --count too large");
  memplan_problem p;
  memplan_problem_init(&p);
  uint64_t *planted = NULL, optimum = 0;
  int rc = memplan_cli_packing_problem(&p, seed, g, &planted, &optimum);
  if (rc != 0) {
    memplan_problem_free(&p);
    if (rc < 0)
      return memplan_cli_fail(CMD, 2, "out of memory");
    if (rc == 2)
      return memplan_cli_usage_error(
          CMD, "--holes=%u (given or drawn): too few of the pieces lie outside "
          "the witness step of a horizon of %" PRIu64 " to drop %u %% of %" PRIu64
          " buffers (fewer holes or a longer horizon)", g->holes, g->horizon,
          g->holes, g->count);
    return memplan_cli_usage_error(
        CMD, "a %" PRIu64 " x %" PRIu64 " rectangle cannot be cut into %" PRIu64
        " buffers", g->height, g->horizon, g->count);
  }
  uint64_t maxlive = optimum - (g->gap ? g->unit / 6 : 0);
  char comment[1024];
  snprintf(comment, sizeof comment,
           "generated by: memplan gen --family=%s --seed=%" PRIu64
           " --count=%" PRIu64 " --height=%" PRIu64 " --horizon=%" PRIu64
           " --unit=%" PRIu64 " --holes=%u --pinwheels=%u --time-cuts=%u"
           " --aligned=%u --layers=%u\noptimum: %" PRIu64 " (max-live %" PRIu64 "%s)",
           g->gap ? "packing-gap" : "packing", seed, g->count, g->height,
           g->horizon, g->unit, g->holes, g->pinwheels, g->time_cuts,
           g->aligned, g->layers, optimum, maxlive,
           g->gap ? "; docs/algorithms.md proves the optimum"
                  : ": a perfect packing");
  rc = write_out(out_path, planted_path, &p, 1, comment, planted);
  free(planted);
  memplan_problem_free(&p);
  return rc;
}

int memplan_cmd_gen(int argc, char **argv) {
  enum {
    OPT_MAXSIZE = 256, OPT_DIST, OPT_HORIZON, OPT_LIFE, OPT_ALIGN,
    OPT_FAMILY, OPT_HEIGHT, OPT_UNIT, OPT_HOLES, OPT_PINWHEELS,
    OPT_TIME_CUTS, OPT_ALIGNED, OPT_LAYERS, OPT_PLANTED
  };
  static const struct option longopts[] = {
      {"count", required_argument, NULL, 'n'},
      {"seed", required_argument, NULL, 's'},
      {"max-size", required_argument, NULL, OPT_MAXSIZE},
      {"size-dist", required_argument, NULL, OPT_DIST},
      {"horizon", required_argument, NULL, OPT_HORIZON},
      {"max-life", required_argument, NULL, OPT_LIFE},
      {"alignment", required_argument, NULL, OPT_ALIGN},
      {"family", required_argument, NULL, OPT_FAMILY},
      {"height", required_argument, NULL, OPT_HEIGHT},
      {"unit", required_argument, NULL, OPT_UNIT},
      {"holes", required_argument, NULL, OPT_HOLES},
      {"pinwheels", required_argument, NULL, OPT_PINWHEELS},
      {"time-cuts", required_argument, NULL, OPT_TIME_CUTS},
      {"aligned", required_argument, NULL, OPT_ALIGNED},
      {"layers", required_argument, NULL, OPT_LAYERS},
      {"planted", required_argument, NULL, OPT_PLANTED},
      {"output", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  uint64_t count = 0, seed = 0, max_size = 4096, horizon = 0, max_life = 0,
           alignment = 1, unit = 0;
  bool have_count = false, have_seed = false, random_only = false;
  bool given[PK_N] = {false};
  int family = 0; /* 0 random, 1 packing, 2 packing-gap */
  memplan_cli_packing pk;
  memset(&pk, 0, sizeof pk);
  pk.height = 1024;
  memplan_cli_size_dist dist = MEMPLAN_CLI_SIZE_SKEWED;
  const char *out_path = "-", *planted_path = NULL;
  const char *packing_only = NULL;
  int c, e = 0;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":n:s:o:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'n':
      if (memplan_cli_u64(CMD, "count", optarg, &count))
        return 2;
      have_count = given[PK_COUNT] = true;
      break;
    case 's':
      if (memplan_cli_u64(CMD, "seed", optarg, &seed))
        return 2;
      have_seed = true;
      break;
    case OPT_MAXSIZE:
      if (memplan_cli_u64(CMD, "max-size", optarg, &max_size))
        return 2;
      if (max_size == 0)
        return memplan_cli_usage_error(CMD, "--max-size: must be >= 1");
      random_only = true;
      break;
    case OPT_DIST: {
      int d;
      for (d = 0; d < 3; ++d)
        if (strcmp(optarg, dist_names[d]) == 0)
          break;
      if (d == 3)
        return memplan_cli_usage_error(
            CMD, "--size-dist: '%s' is not uniform, skewed or pow2", optarg);
      dist = (memplan_cli_size_dist)d;
      random_only = true;
      break;
    }
    case OPT_HORIZON:
      if (memplan_cli_u64(CMD, "horizon", optarg, &horizon))
        return 2;
      if (horizon == 0 || horizon > (uint64_t)INT64_MAX)
        return memplan_cli_usage_error(
            CMD, "--horizon: must be in 1..%" PRId64, INT64_MAX);
      given[PK_HORIZON] = true;
      break;
    case OPT_LIFE:
      if (memplan_cli_u64(CMD, "max-life", optarg, &max_life))
        return 2;
      if (max_life == 0)
        return memplan_cli_usage_error(CMD, "--max-life: must be >= 1");
      random_only = true;
      break;
    case OPT_ALIGN:
      if (memplan_cli_u64(CMD, "alignment", optarg, &alignment))
        return 2;
      if (alignment == 0)
        return memplan_cli_usage_error(CMD, "--alignment: must be >= 1");
      random_only = true;
      break;
    case OPT_FAMILY:
      if (strcmp(optarg, "random") == 0)
        family = 0;
      else if (strcmp(optarg, "packing") == 0)
        family = 1;
      else if (strcmp(optarg, "packing-gap") == 0)
        family = 2;
      else
        return memplan_cli_usage_error(
            CMD, "--family: '%s' is not random, packing or packing-gap",
            optarg);
      break;
    case OPT_HEIGHT:
      if (memplan_cli_u64(CMD, "height", optarg, &pk.height))
        return 2;
      if (pk.height == 0)
        return memplan_cli_usage_error(CMD, "--height: must be >= 1");
      packing_only = "--height";
      break;
    case OPT_UNIT:
      if (memplan_cli_u64(CMD, "unit", optarg, &unit))
        return 2;
      if (unit == 0)
        return memplan_cli_usage_error(CMD, "--unit: must be >= 1");
      packing_only = "--unit";
      break;
    case OPT_HOLES:
      e = percent("holes", optarg, &pk.holes);
      given[PK_HOLES] = true;
      packing_only = "--holes";
      break;
    case OPT_PINWHEELS:
      e = percent("pinwheels", optarg, &pk.pinwheels);
      given[PK_PINWHEELS] = true;
      packing_only = "--pinwheels";
      break;
    case OPT_TIME_CUTS:
      e = percent("time-cuts", optarg, &pk.time_cuts);
      given[PK_TIME_CUTS] = true;
      packing_only = "--time-cuts";
      break;
    case OPT_ALIGNED:
      e = percent("aligned", optarg, &pk.aligned);
      given[PK_ALIGNED] = true;
      packing_only = "--aligned";
      break;
    case OPT_LAYERS: {
      uint64_t v;
      if (memplan_cli_u64(CMD, "layers", optarg, &v))
        return 2;
      if (v > 1000)
        return memplan_cli_usage_error(CMD, "--layers: must be in 0..1000");
      pk.layers = (unsigned)v;
      given[PK_LAYERS] = true;
      packing_only = "--layers";
      break;
    }
    case OPT_PLANTED:
      planted_path = optarg;
      packing_only = "--planted";
      break;
    case 'o':
      out_path = optarg;
      break;
    case 'h':
      gen_usage(stdout);
      return 0;
    case ':':
      return memplan_cli_usage_error(CMD, "option '%s' needs a value",
                                     argv[optind - 1]);
    default:
      return memplan_cli_usage_error(CMD, "unknown option '%s'",
                                     argv[optind - 1]);
    }
    if (e)
      return e;
  }
  if (optind < argc)
    return memplan_cli_usage_error(CMD, "unexpected argument '%s'",
                                   argv[optind]);
  if (!*out_path || (planted_path && !*planted_path))
    return memplan_cli_usage_error(CMD, "-o: empty file name");
  if (family != 0) {
    if (!have_seed)
      return memplan_cli_usage_error(CMD, "--seed is required");
    if (random_only)
      return memplan_cli_usage_error(
          CMD, "--max-size, --size-dist, --max-life and --alignment are for "
               "--family=random");
    if (have_count && count == 0)
      return memplan_cli_usage_error(CMD, "--count: must be >= 1");
    if (planted_path &&
        memplan_cli_distinct(CMD, "-o", out_path, false, "--planted",
                             planted_path) != 0)
      return 2;
    pk.count = count;
    pk.horizon = horizon;
    pk.gap = family == 2;
    pk.unit = unit ? unit : pk.gap ? 6144 : 1024;
    draw_packing(seed, given, &pk);
    return gen_packing(seed, &pk, out_path, planted_path);
  }
  if (packing_only)
    return memplan_cli_usage_error(CMD, "%s is for --family=packing",
                                   packing_only);
  if (!have_count || !have_seed)
    return memplan_cli_usage_error(CMD, "--count and --seed are required");
  if (!horizon)
    horizon = count ? count : 1;
  if (!max_life)
    max_life = horizon / 4 ? horizon / 4 : 1;

  memplan_problem p;
  memplan_problem_init(&p);
  memplan_cli_random r = {max_size, dist, horizon, max_life, alignment};
  if (memplan_cli_random_problem(&p, count, seed, &r) != 0) {
    size_t at = p.count;
    memplan_problem_free(&p);
    return memplan_cli_fail(CMD, 2, "out of memory at buffer %zu", at);
  }
  char err[1024];
  if (memplan_problem_check(&p, err, sizeof err) != 0) {
    memplan_problem_free(&p);
    return memplan_cli_fail(CMD, 2,
                            "these options give an unusable problem: %s "
                            "(lower --count or --max-size)",
                            err);
  }
  char comment[512];
  snprintf(comment, sizeof comment,
           "generated by: memplan gen --count=%" PRIu64 " --seed=%" PRIu64
           " --max-size=%" PRIu64 " --size-dist=%s --horizon=%" PRIu64
           " --max-life=%" PRIu64 " --alignment=%" PRIu64,
           count, seed, max_size, dist_names[dist], horizon, max_life,
           alignment);
  int code = write_out(out_path, NULL, &p, alignment, comment, NULL);
  memplan_problem_free(&p);
  return code;
}
