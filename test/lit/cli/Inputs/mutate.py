"""Feeds `memplan solve` seeded random mutations of valid CSV files and
checks that every run ends with exit 0, 1 or 2 (never a crash or a hang),
that a failed run leaves no output file, and that exit 2 comes with a
'FILE:LINE:' or 'FILE:' message naming the input.
usage: mutate.py MEMPLAN WORKDIR SEED COUNT INPUT.csv..."""
import os, random, subprocess, sys

memplan, work, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
seeds = [open(f, "rb").read() for f in sys.argv[5:]]
rng = random.Random(seed)
os.makedirs(work, exist_ok=True)
TOKENS = [b",", b"\n", b"\r\n", b"-", b"#", b"# alignment: ", b"# capacity: ", b"0",
          b"18446744073709551616", b"9223372036854775807", b"-9223372036854775808",
          b"", b" ", b"\x00", b"\xff", b"id", b"size", b"offset", b"end", b"upper",
          b"alignment", b"3", b"64"]
codes = {0: 0, 1: 0, 2: 0}
bad = 0
for i in range(count):
    data = bytearray(rng.choice(seeds))
    for _ in range(rng.randint(1, 4)):
        pos = rng.randint(0, len(data))
        op = rng.randint(0, 2)
        if op == 0 and data:
            del data[pos:pos + rng.randint(1, 8)]
        elif op == 1:
            data[pos:pos] = rng.choice(TOKENS)
        else:
            data[pos:pos] = bytes([rng.randint(0, 255)])
    inp = os.path.join(work, "in.csv")
    out = os.path.join(work, "out.csv")
    with open(inp, "wb") as f:
        f.write(data)
    if os.path.exists(out):
        os.remove(out)
    planner = rng.choice(["linear", "greedy-size", "best-fit"])
    r = subprocess.run([memplan, "solve", inp, "--planner=" + planner, "-o", out],
                       capture_output=True, timeout=60)
    if r.returncode not in codes:
        print("FAIL case %d: exit %d: %r" % (i, r.returncode, r.stderr[-300:]))
        bad += 1
        continue
    codes[r.returncode] += 1
    if r.returncode != 0 and os.path.exists(out):
        print("FAIL case %d: output written on exit %d" % (i, r.returncode))
        bad += 1
    if r.returncode == 2 and (inp + ":").encode() not in r.stderr:
        print("FAIL case %d: message lacks the file name: %r" % (i, r.stderr))
        bad += 1
    if r.returncode == 0:
        c = subprocess.run([memplan, "check", out], capture_output=True, timeout=60)
        if c.returncode != 0:
            print("FAIL case %d: written plan does not check: %r" % (i, c.stderr))
            bad += 1
print("mutate: %d runs, %d failures" % (count, bad))
print("mutate: some accepted: %s, some refused: %s" % (codes[0] > 0, codes[2] > 0))
sys.exit(1 if bad else 0)
