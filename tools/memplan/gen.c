/*===-- gen.c - `memplan gen`: seeded random problems ---------------------===*\
|*                                                                            *|
|* Random instances for studies and benchmarks. The generator is splitmix64   *|
|* (Steele, Lea, Flood: "Fast splittable pseudorandom number generators",     *|
|* OOPSLA 2014) and every draw is integer arithmetic, so the same options     *|
|* give the same file byte for byte on every machine. The options are echoed  *|
|* into the file's header comment, so a file says how to regenerate it.       *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"
#include "memplan/csv.h"

#include <getopt.h>
#include <inttypes.h>
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
static uint64_t uniform(uint64_t *state, uint64_t lo, uint64_t hi) {
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
    return uniform(state, 1, max);
  unsigned k = (unsigned)uniform(state, 0, floor_log2(max));
  uint64_t lo = (uint64_t)1 << k;
  if (d == MEMPLAN_CLI_SIZE_POW2)
    return lo;
  uint64_t hi = k == 63 ? UINT64_MAX : (lo << 1) - 1;
  if (hi > max)
    hi = max;
  return uniform(state, lo, hi);
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
    uint64_t lower = uniform(&state, 0, horizon - 1);
    uint64_t life = uniform(&state, 1, max_life);
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
          "exit status: 0 written; 2 usage error or the file cannot be "
          "written.\n");
}

int memplan_cmd_gen(int argc, char **argv) {
  enum { OPT_MAXSIZE = 256, OPT_DIST, OPT_HORIZON, OPT_LIFE, OPT_ALIGN };
  static const struct option longopts[] = {
      {"count", required_argument, NULL, 'n'},
      {"seed", required_argument, NULL, 's'},
      {"max-size", required_argument, NULL, OPT_MAXSIZE},
      {"size-dist", required_argument, NULL, OPT_DIST},
      {"horizon", required_argument, NULL, OPT_HORIZON},
      {"max-life", required_argument, NULL, OPT_LIFE},
      {"alignment", required_argument, NULL, OPT_ALIGN},
      {"output", required_argument, NULL, 'o'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  uint64_t count = 0, seed = 0, max_size = 4096, horizon = 0, max_life = 0,
           alignment = 1;
  bool have_count = false, have_seed = false;
  memplan_cli_size_dist dist = MEMPLAN_CLI_SIZE_SKEWED;
  const char *out_path = "-";
  int c;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":n:s:o:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'n':
      if (memplan_cli_u64(CMD, "count", optarg, &count))
        return 2;
      have_count = true;
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
      break;
    }
    case OPT_HORIZON:
      if (memplan_cli_u64(CMD, "horizon", optarg, &horizon))
        return 2;
      if (horizon == 0 || horizon > (uint64_t)INT64_MAX)
        return memplan_cli_usage_error(
            CMD, "--horizon: must be in 1..%" PRId64, INT64_MAX);
      break;
    case OPT_LIFE:
      if (memplan_cli_u64(CMD, "max-life", optarg, &max_life))
        return 2;
      if (max_life == 0)
        return memplan_cli_usage_error(CMD, "--max-life: must be >= 1");
      break;
    case OPT_ALIGN:
      if (memplan_cli_u64(CMD, "alignment", optarg, &alignment))
        return 2;
      if (alignment == 0)
        return memplan_cli_usage_error(CMD, "--alignment: must be >= 1");
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
  }
  if (optind < argc)
    return memplan_cli_usage_error(CMD, "unexpected argument '%s'",
                                   argv[optind]);
  if (!have_count || !have_seed)
    return memplan_cli_usage_error(CMD, "--count and --seed are required");
  if (!*out_path)
    return memplan_cli_usage_error(CMD, "-o: empty file name");
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
  memplan_csv_info info;
  memset(&info, 0, sizeof info);
  info.default_alignment = alignment;
  info.comment = comment;
  int code = 0;
  if (memplan_csv_write(out_path, &p, &info, NULL, err, sizeof err) != 0)
    code = memplan_cli_fail(CMD, 2, "%s", err);
  memplan_problem_free(&p);
  return code;
}
