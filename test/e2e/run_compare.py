#!/usr/bin/env python3
"""End-to-end equivalence check for memplan-static.

Given a bufferized MLIR module, run it unplanned and planned (through the
lowering of ../shared/notes/mlir-facts.md and mlir-runner) and compare what it
prints.  Exit status: 0 equal, 1 different (a diff is printed), 2 tool error
(the pass, mlir-opt or the unplanned run failed; the check proves nothing).

Why a harness: real models are library functions (inputs as arguments, result
returned), not programs.  The harness is a generated function @e2e_main that
fills every memref argument with a deterministic pattern, calls the entry
function, and then prints, for every memref argument (out-params included) and
every result, an exact 64-bit polynomial hash of the element bit patterns, the
element count, the sum as f64, and the first elements.  The hash
h = h * M + bits (mod 2^64, M odd) changes whenever any single element changes,
so a plan that corrupts one value is caught even in a 1000-element output.

Why the harness is added after planning: the pass must plan the program as the
user gives it, not a program whose buffers escape into a harness call.  Both
versions get byte-identical harness text.

Elided weights (dense_resource<__elided__>) become deterministic splats first,
so the module can run at all.

Negative controls: --corrupt=zero-views rewrites every memref.view that the
pass created so that its byte offset is 0 (every planned buffer on top of the
others); --corrupt=hoist-arenas moves every per-iteration arena of a parallel
body to the function's entry (iterations share it); --corrupt=split-partial,
split-stale-views, in-place-live, spill-overlap, copies-fill-late and order-ignore-effects
make the pass itself do a wrong rewrite (its test-corrupt option: split a buffer's live range
at a partial write; leave a later value's uses through views made before its split point on the
earlier value's bytes; write an element-wise output over an input that is
read again later; give a spilled buffer the offset of another spilled buffer
live at the same time; remove a copy but leave its destination's fill after
the source's writers; reorder ops by their SSA uses alone, ignoring memory
effects), and carried-one-slot (both parities of a loop-carried
buffer select the same slot). Each fails as a tool error when it changes nothing in the
planned IR; --corrupt=loop-overlap gives every view made inside a loop of blocks
the offset of the first view of the entry block (what a liveness blind to
back edges would do); --expect-different then demands a DIFFERENCE.  --self-plan=linear|zero
is a textual planner in this script (no pass needed) used to test the harness
itself: `linear` (no reuse) must be equal, `zero` (all buffers at offset 0)
must differ.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
import time

LLVM_BIN = "/usr/lib/llvm-22/bin"
RUNNER_LIBS = ("/usr/lib/llvm-22/lib/libmlir_runner_utils.so,"
               "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so")
# mlir-facts.md's lowering, plus what real models need: math ops (fpowi, erf,
# rsqrt, tanh) have no direct LLVM lowering everywhere, vectors appear as
# element types (case 14), ub.poison may come from canonicalization, and
# affine.for loops (deepseek decode) must become scf before scf-to-cf runs
# (expand-strided-metadata makes affine.apply later: lower-affine twice).
LOWERING = [
    "--convert-linalg-to-loops", "--lower-affine", "--convert-math-to-funcs", "--math-expand-ops",
    "--convert-math-to-libm", "--convert-scf-to-cf", "--expand-strided-metadata",
    "--lower-affine", "--convert-vector-to-llvm", "--finalize-memref-to-llvm",
    "--convert-math-to-llvm", "--convert-arith-to-llvm", "--convert-index-to-llvm",
    "--convert-cf-to-llvm", "--convert-ub-to-llvm", "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]
# --parallel=async: scf.forall and scf.parallel run on the async runtime's
# worker threads (upstream's async-parallel-for outlines each body into a
# function that several threads call at once), async.execute too.
ASYNC_LOWERING = [
    "--scf-forall-to-parallel", "--async-parallel-for=async-dispatch=false num-workers=4 min-task-size=1",
    "--async-to-async-runtime", "--async-runtime-ref-counting", "--async-runtime-ref-counting-opt",
    "--arith-expand", "--convert-async-to-llvm",
]
ASYNC_RUNTIME = "/usr/lib/llvm-22/lib/libmlir_async_runtime.so"
HARNESS_ENTRY = "e2e_main"
PRINT_ELEMS = 64          # elements printed in full per buffer (after the hash)
HASH_MUL = 1099511628211  # odd (FNV prime): multiplication is invertible mod 2^64

ELEM_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "index": 8,
              "f16": 2, "bf16": 2, "f32": 4, "f64": 8}
FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


class ToolError(Exception):
    pass


# ---------------------------------------------------------------- types

def split_top(s, sep=","):
    """Split at `sep` outside (), <>, [], {} (types and attribute dicts nest)."""
    out, depth, cur = [], 0, []
    i = 0
    while i < len(s):
        c = s[i]
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            # `->` is not a closing bracket
            if not (c == ">" and i > 0 and s[i - 1] == "-"):
                depth -= 1
        if c == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        out.append("".join(cur))
    return [x.strip() for x in out]


def strip_attrs(t):
    """`memref<4xf32> {mhlo.sharding = ...}` -> `memref<4xf32>`."""
    depth = 0
    for i, c in enumerate(t):
        if c in "(<[":
            depth += 1
        elif c in ")>]":
            depth -= 1
        elif c == "{" and depth == 0:
            return t[:i].strip()
    return t.strip()


class MemRefType:
    def __init__(self, text):
        self.text = text
        m = re.fullmatch(r"memref<(.*)>", text)
        if not m:
            raise ToolError("not a memref type: " + text)
        parts = split_top(m.group(1))
        shape_elem = parts[0]
        self.layout = parts[1:]  # non-empty: strided layout or memory space
        # split dims from element type: dims are `?` or digits followed by `x`
        dims = []
        rest = shape_elem
        while True:
            mm = re.match(r"(\?|\d+)x", rest)
            if not mm:
                break
            dims.append(None if mm.group(1) == "?" else int(mm.group(1)))
            rest = rest[mm.end():]
        self.dims = dims
        self.elem = rest
        self.lanes = None
        vm = re.fullmatch(r"vector<(\d+)x(\w+)>", rest)
        if vm:
            self.lanes = int(vm.group(1))
            self.scalar = vm.group(2)
        else:
            self.scalar = rest
        if self.scalar not in ELEM_BYTES:
            raise ToolError("unsupported element type %s in %s" % (rest, text))

    @property
    def identity(self):
        return not self.layout


def parse_signature(text, entry):
    """Return (name, [arg types], [result types]) of the entry function.

    Without --entry: the defined function with the most memref.alloc ops (the
    model's body; helpers and existing @main drivers have fewer)."""
    funcs = []
    for m in re.finditer(r"^\s*func\.func\s+(?:public\s+|private\s+|nested\s+)?@([\w$.]+)\(",
                         text, re.M):
        name = m.group(1)
        i = m.end()
        depth = 1
        j = i
        while depth:
            c = text[j]
            if c in "(<[{":
                depth += 1
            elif c in ")>]}":
                if not (c == ">" and text[j - 1] == "-"):
                    depth -= 1
            j += 1
        args = text[i:j - 1]
        line_end = text.index("\n", j) if "\n" in text[j:] else len(text)
        tail = text[j:line_end]
        defined = tail.rstrip().endswith("{")
        results = []
        tm = re.match(r"\s*->\s*", tail)
        if tm:
            r = tail[tm.end():]
            if r.startswith("("):
                depth, k = 1, 1
                while depth:
                    c = r[k]
                    if c in "(<[{":
                        depth += 1
                    elif c in ")>]}":
                        if not (c == ">" and r[k - 1] == "-"):
                            depth -= 1
                    k += 1
                results = [strip_attrs(x) for x in split_top(r[1:k - 1])]
            else:
                # single result: up to ` attributes`, ` {` at depth 0
                r = re.sub(r"\s+attributes\s.*$", "", r)
                r = re.sub(r"\s*\{\s*$", "", r)
                results = [strip_attrs(r)]
        argtypes = []
        for a in (split_top(args) if defined else []):
            am = re.match(r"%[\w$.#-]+\s*:\s*(.*)$", a, re.S)
            if not am:
                raise ToolError("cannot parse argument '%s' of @%s" % (a, name))
            argtypes.append(strip_attrs(am.group(1)))
        body_start = line_end
        nxt = re.search(r"^\s*func\.func\s", text[body_start:], re.M)
        body = text[body_start: body_start + nxt.start()] if nxt else text[body_start:]
        funcs.append((name, argtypes, results, defined, body.count("memref.alloc(")))
    if entry:
        for f in funcs:
            if f[0] == entry:
                return f[0], f[1], f[2]
        raise ToolError("entry function @%s not found" % entry)
    cands = [f for f in funcs if f[3] and f[0] != HARNESS_ENTRY]
    if not cands:
        raise ToolError("no defined function in the module")
    best = max(cands, key=lambda f: f[4])  # first of the maximal ones
    return best[0], best[1], best[2]


# ---------------------------------------------------------------- harness

class Emitter:
    def __init__(self):
        self.lines = []
        self.n = 0

    def fresh(self, p="v"):
        self.n += 1
        return "%%e2e_%s%d" % (p, self.n)

    def op(self, s, indent=4):
        self.lines.append(" " * indent + s)


def const_index(em, v, cache):
    if v not in cache:
        name = em.fresh("c")
        em.op("%s = arith.constant %d : index" % (name, v))
        cache[v] = name
    return cache[v]


def scalar_from_i64(em, t, scalar, ind, weight=False):
    """Map a small non-negative i64 pattern value t in [0, 29) to element type
    `scalar`: floats t/29 + 1/29 in (0, 1] for arguments; t/290 + 1/100 for
    weights.  Positive, because models take batch-norm variances as
    arguments or weights and feed them to rsqrt (a negative one makes every
    output NaN, and an all-NaN output cannot reveal a bad plan); weights
    small so that deep networks do not overflow."""
    if scalar in FLOAT_BITS:
        f = em.fresh()
        em.op("%s = arith.sitofp %s : i64 to %s" % (f, t, scalar), ind)
        d = em.fresh()
        em.op("%s = arith.constant %s : %s" % (d, "2.900000e+02" if weight else "2.900000e+01", scalar), ind)
        q = em.fresh()
        em.op("%s = arith.divf %s, %s : %s" % (q, f, d, scalar), ind)
        o = em.fresh()
        em.op("%s = arith.constant %s : %s" % (o, "-1.000000e-02" if weight else "-3.448276e-02", scalar), ind)
        r = em.fresh()
        em.op("%s = arith.subf %s, %s : %s" % (r, q, o, scalar), ind)
        return r
    if scalar == "index":
        r = em.fresh()
        em.op("%s = arith.index_cast %s : i64 to index" % (r, t), ind)
        return r
    if scalar == "i64":
        return t
    if scalar == "i1":
        two = em.fresh()
        em.op("%s = arith.constant 2 : i64" % two, ind)
        m = em.fresh()
        em.op("%s = arith.remui %s, %s : i64" % (m, t, two), ind)
        t = m
    r = em.fresh()
    em.op("%s = arith.trunci %s : i64 to %s" % (r, t, scalar), ind)
    return r


def bits_and_f64(em, v, scalar, ind):
    """(i64 of the exact bit pattern, f64 value) of one element."""
    if scalar in FLOAT_BITS:
        w = FLOAT_BITS[scalar]
        b = em.fresh()
        em.op("%s = arith.bitcast %s : %s to i%d" % (b, v, scalar, w), ind)
        if w < 64:
            e = em.fresh()
            em.op("%s = arith.extui %s : i%d to i64" % (e, b, w), ind)
            b = e
        if scalar == "f64":
            f = v
        else:
            f = em.fresh()
            em.op("%s = arith.extf %s : %s to f64" % (f, v, scalar), ind)
        return b, f
    if scalar == "index":
        b = em.fresh()
        em.op("%s = arith.index_cast %s : index to i64" % (b, v), ind)
    elif scalar == "i64":
        b = v
    else:
        b = em.fresh()
        em.op("%s = arith.extui %s : %s to i64" % (b, v, scalar), ind)
    f = em.fresh()
    em.op("%s = arith.sitofp %s : i64 to f64" % (f, b), ind)
    return b, f


def flat_view(em, buf, mt, cache):
    """A 1-D memref<?xT> over all elements of an identity-layout buffer, and
    its element count (an index value)."""
    c0 = const_index(em, 0, cache)
    n = const_index(em, 1, cache)
    for d, size in enumerate(mt.dims):
        if size is None:
            di = const_index(em, d, cache)
            dv = em.fresh()
            em.op("%s = memref.dim %s, %s : %s" % (dv, buf, di, mt.text))
        else:
            dv = const_index(em, size, cache)
        m = em.fresh()
        em.op("%s = arith.muli %s, %s : index" % (m, n, dv))
        n = m
    flat = em.fresh("flat")
    em.op("%s = memref.reinterpret_cast %s to offset: [0], sizes: [%s], strides: [1] : %s to memref<?x%s>"
          % (flat, buf, n, mt.text, mt.elem))
    return flat, n, c0


def emit_fill(em, buf, mt, k, cache, weight=False):
    flat, n, c0 = flat_view(em, buf, mt, cache)
    c1 = const_index(em, 1, cache)
    iv = em.fresh("i")
    em.op("scf.for %s = %s to %s step %s {" % (iv, c0, n, c1))
    ind = 6
    i64 = em.fresh()
    em.op("%s = arith.index_cast %s : index to i64" % (i64, iv), ind)
    lanes = mt.lanes or 1
    vals = []
    for lane in range(lanes):
        # t = (i*7*lanes + lane*7 + 13*k + 1) mod 29: small, non-negative
        # (usable as an index into embeddings), different per argument.
        a = em.fresh()
        em.op("%s = arith.constant %d : i64" % (a, 7 * lanes), ind)
        m = em.fresh()
        em.op("%s = arith.muli %s, %s : i64" % (m, i64, a), ind)
        b = em.fresh()
        em.op("%s = arith.constant %d : i64" % (b, 7 * lane + 13 * k + 1), ind)
        s = em.fresh()
        em.op("%s = arith.addi %s, %s : i64" % (s, m, b), ind)
        p = em.fresh()
        em.op("%s = arith.constant 29 : i64" % p, ind)
        t = em.fresh()
        em.op("%s = arith.remui %s, %s : i64" % (t, s, p), ind)
        vals.append(scalar_from_i64(em, t, mt.scalar, ind, weight))
    if mt.lanes:
        v = em.fresh()
        em.op("%s = vector.from_elements %s : %s" % (v, ", ".join(vals), mt.elem), ind)
    else:
        v = vals[0]
    em.op("memref.store %s, %s[%s] : memref<?x%s>" % (v, flat, iv, mt.elem), ind)
    em.op("}")


def emit_report(em, tag, buf, mt, cache):
    """Print `tag, count, hash, sum` then up to PRINT_ELEMS elements."""
    if not mt.identity:
        # copy into an identity-layout buffer of the same shape first
        dyn = []
        for d, size in enumerate(mt.dims):
            if size is None:
                dv = em.fresh()
                em.op("%s = memref.dim %s, %s : %s" % (dv, buf, const_index(em, d, cache), mt.text))
                dyn.append(dv)
        shape = "".join(("?" if s is None else str(s)) + "x" for s in mt.dims)
        idt = MemRefType("memref<%s%s>" % (shape, mt.elem))
        cp = em.fresh("cp")
        em.op("%s = memref.alloc(%s) : %s" % (cp, ", ".join(dyn), idt.text))
        em.op("memref.copy %s, %s : %s to %s" % (buf, cp, mt.text, idt.text))
        buf, mt = cp, idt
    flat, n, c0 = flat_view(em, buf, mt, cache)
    c1 = const_index(em, 1, cache)
    h0 = em.fresh()
    em.op("%s = arith.constant %d : i64" % (h0, 14695981039346656037 - (1 << 64)))
    s0 = em.fresh()
    em.op("%s = arith.constant 0.000000e+00 : f64" % s0)
    mul = em.fresh()
    em.op("%s = arith.constant %d : i64" % (mul, HASH_MUL))
    iv, ha, sa = em.fresh("i"), em.fresh("h"), em.fresh("s")
    res = em.fresh("r")
    em.op("%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (i64, f64) {"
          % (res, iv, c0, n, c1, ha, h0, sa, s0))
    ind = 6
    v = em.fresh()
    em.op("%s = memref.load %s[%s] : memref<?x%s>" % (v, flat, iv, mt.elem), ind)
    h, s = ha, sa
    for lane in range(mt.lanes or 1):
        if mt.lanes:
            x = em.fresh()
            em.op("%s = vector.extract %s[%d] : %s from %s" % (x, v, lane, mt.scalar, mt.elem), ind)
        else:
            x = v
        b, f = bits_and_f64(em, x, mt.scalar, ind)
        hm = em.fresh()
        em.op("%s = arith.muli %s, %s : i64" % (hm, h, mul), ind)
        h2 = em.fresh()
        em.op("%s = arith.addi %s, %s : i64" % (h2, hm, b), ind)
        s2 = em.fresh()
        em.op("%s = arith.addf %s, %s : f64" % (s2, s, f), ind)
        h, s = h2, s2
    em.op("scf.yield %s, %s : i64, f64" % (h, s), ind)
    em.op("}")
    tg = em.fresh()
    em.op("%s = arith.constant %d : i64" % (tg, tag))
    n64 = em.fresh()
    em.op("%s = arith.index_cast %s : index to i64" % (n64, n))
    em.op("func.call @printI64(%s) : (i64) -> ()" % tg)
    em.op("func.call @printComma() : () -> ()")
    em.op("func.call @printI64(%s) : (i64) -> ()" % n64)
    em.op("func.call @printComma() : () -> ()")
    em.op("func.call @printU64(%s#0) : (i64) -> ()" % res)
    em.op("func.call @printComma() : () -> ()")
    em.op("func.call @printF64(%s#1) : (f64) -> ()" % res)
    em.op("func.call @printNewline() : () -> ()")
    # the first elements in full, for a readable diff
    lim = const_index(em, PRINT_ELEMS, cache)
    m = em.fresh()
    em.op("%s = arith.minui %s, %s : index" % (m, n, lim))
    iv = em.fresh("i")
    em.op("scf.for %s = %s to %s step %s {" % (iv, c0, m, c1))
    v = em.fresh()
    em.op("%s = memref.load %s[%s] : memref<?x%s>" % (v, flat, iv, mt.elem), ind)
    for lane in range(mt.lanes or 1):
        if mt.lanes:
            x = em.fresh()
            em.op("%s = vector.extract %s[%d] : %s from %s" % (x, v, lane, mt.scalar, mt.elem), ind)
        else:
            x = v
        _, f = bits_and_f64(em, x, mt.scalar, ind)
        em.op("func.call @printF64(%s) : (f64) -> ()" % f, ind)
        em.op("func.call @printComma() : () -> ()", ind)
    em.op("}")
    em.op("func.call @printNewline() : () -> ()")


def emit_scalar_report(em, tag, v, t):
    tg = em.fresh()
    em.op("%s = arith.constant %d : i64" % (tg, tag))
    em.op("func.call @printI64(%s) : (i64) -> ()" % tg)
    em.op("func.call @printComma() : () -> ()")
    b, f = bits_and_f64(em, v, t, 4)
    em.op("func.call @printU64(%s) : (i64) -> ()" % b)
    em.op("func.call @printComma() : () -> ()")
    em.op("func.call @printF64(%s) : (f64) -> ()" % f)
    em.op("func.call @printNewline() : () -> ()")


RUNTIME_DECLS = {
    "printI64": "(i64)", "printU64": "(i64)", "printF64": "(f64)",
    "printComma": "()", "printNewline": "()",
}


GLOBAL_SPLAT_RE = re.compile(
    r'^(\s*memref\.global\s+(?:"private"\s+)?)constant\s+(@[\w$.]+)\s*:\s*(memref<[^>]*>)\s*=\s*dense<([^\[\]<>"]*)>(.*)$')
MIN_PATTERN_ELEMS = 64


def pattern_weights(text):
    """Splat weight globals (placeholders in most models: every channel equal,
    so outputs are nearly constant and a wrong plan could go unnoticed) become
    uninitialized mutable globals that the harness fills with a pattern.
    Small ones (scalars like 0.0 for relu, epsilons) keep their value; real
    weights (dense arrays, resource blobs) are not splats and are kept;
    integer globals are often indices (token types, positions) and are kept,
    an out-of-range pattern value would make the model read out of bounds."""
    out, names = [], []
    for line in text.split("\n"):
        m = GLOBAL_SPLAT_RE.match(line)
        if m:
            mt = MemRefType(m.group(3))
            n = 1
            for d in mt.dims:
                n *= d or 0
            if mt.identity and n >= MIN_PATTERN_ELEMS and mt.scalar in FLOAT_BITS and not mt.lanes:
                line = "%s%s : %s = uninitialized%s" % (m.group(1), m.group(2), m.group(3), m.group(5))
                names.append((m.group(2), mt))
        out.append(line)
    return "\n".join(out), names


def arena_arguments(text, entry, nargs):
    """arena=arg: the arena arguments the pass appended to the entry function
    of the planned `text` (its arguments after the first `nargs`), as
    [(type, alignment)], and the name of its size function; ([], None) when
    there are none.  The alignments are the function's
    memplan.arena_alignments."""
    _, pargs, _ = parse_signature(text, entry)
    extra = pargs[nargs:]
    if not extra:
        return [], None
    m = re.search(r"func\.func\s+(?:public\s+|private\s+)?@%s\(.*memplan\.arena_alignments = "
                  r"array<i64: ([\d, ]+)>" % re.escape(entry), text)
    if not m:
        raise ToolError("@%s has %d more arguments after planning but no memplan.arena_alignments"
                        % (entry, len(extra)))
    aligns = [int(x) for x in m.group(1).split(",")]
    sm = re.search(r"func\.func\s+(?:public\s+|private\s+)?@(%s_arena_size(?:_v\d+)?)\(\)"
                   % re.escape(entry), text)
    if not sm or len(aligns) != len(extra):
        raise ToolError("@%s: arena arguments without a size function or alignments" % entry)
    return list(zip(extra, aligns)), sm.group(1)


def emit_arenas(em, arenas, size_fn, cache):
    """What a runtime does for arena=arg: asks the size function, allocates
    each arena with that size and the function's alignment, and checks that
    the size is the one of the argument's type (cf.assert: a size function
    that lied would otherwise go unnoticed).  Returns (operands, to free)."""
    sizes = em.fresh("sz")
    res = ", ".join("index" for _ in arenas)
    em.op("%s%s = func.call @%s() : () -> (%s)"
          % (sizes, ":%d" % len(arenas) if len(arenas) > 1 else "", size_fn, res))
    operands, frees = [], []
    for k, (t, align) in enumerate(arenas):
        n = sizes if len(arenas) == 1 else "%s#%d" % (sizes, k)
        mt = re.fullmatch(r"memref<(\d+)xi8(, .*)?>", t)
        if not mt:
            raise ToolError("unexpected arena argument type " + t)
        want = const_index(em, int(mt.group(1)), cache)
        eq = em.fresh()
        em.op("%s = arith.cmpi eq, %s, %s : index" % (eq, n, want))
        em.op('cf.assert %s, "the size function disagrees with the arena argument"' % eq)
        dyn = "memref<?xi8%s>" % (mt.group(2) or "")
        a = em.fresh("arena")
        em.op("%s = memref.alloc(%s) {alignment = %d : i64} : %s" % (a, n, align, dyn))
        c = em.fresh("arena")
        em.op("%s = memref.cast %s : %s to %s" % (c, a, dyn, t))
        operands.append(c)
        if not mt.group(2):  # other spaces: a dealloc may not lower (rewrite.h)
            frees.append((a, dyn))
    return operands, frees


def make_harness(text, entry, args, results, opts, globals_to_fill=(), name=HARNESS_ENTRY, decls=True,
                 indirect=False, arenas=(), size_fn=None):
    em = Emitter()
    cache = {}
    for g, (gname, mt) in enumerate(globals_to_fill):
        v = em.fresh("w")
        em.op("%s = memref.get_global %s : %s" % (v, gname, mt.text))
        emit_fill(em, v, mt, 100 + g, cache, weight=True)
    operands = []
    mtypes = []
    for k, t in enumerate(args):
        if t.startswith("memref<"):
            mt = MemRefType(t)
            if not mt.identity:
                raise ToolError("entry argument %d has a non-identity layout: %s" % (k, t))
            dyn = [const_index(em, opts.dyn_dim, cache) for d in mt.dims if d is None]
            a = em.fresh("arg")
            em.op("%s = memref.alloc(%s) {alignment = 64 : i64} : %s" % (a, ", ".join(dyn), t))
            emit_fill(em, a, mt, k, cache)
            operands.append(a)
            mtypes.append((k, a, mt))
        elif t == "index":
            operands.append(const_index(em, opts.scalar_index, cache))
        elif t in FLOAT_BITS:
            c = em.fresh()
            em.op("%s = arith.constant %s : %s" % (c, "1.500000e+00", t))
            operands.append(c)
        elif re.fullmatch(r"i\d+", t):
            c = em.fresh()
            em.op("%s = arith.constant %d : %s" % (c, 1 if t == "i1" else opts.scalar_index, t))
            operands.append(c)
        else:
            raise ToolError("unsupported entry argument type %s" % t)
    frees = []
    if arenas:
        extra, frees = emit_arenas(em, arenas, size_fn, cache)
        operands += extra
        args = list(args) + [t for t, _ in arenas]
    rs = ""
    if results:
        rs = em.fresh("res")
        lhs = rs + (":%d" % len(results) if len(results) > 1 else "") + " = "
    else:
        lhs = ""
    ftype = "(%s) -> (%s)" % (", ".join(args), ", ".join(results))
    if indirect:
        # one harness for many functions of one signature (random_check.py)
        em.op("%sfunc.call_indirect %%e2e_fn(%s) : %s" % (lhs, ", ".join(operands), ftype))
    else:
        em.op("%sfunc.call @%s(%s) : %s" % (lhs, entry, ", ".join(operands), ftype))
    for a, t in frees:
        em.op("memref.dealloc %s : %s" % (a, t))
    for k, a, mt in mtypes:
        emit_report(em, k, a, mt, cache)
    for j, t in enumerate(results):
        v = rs if len(results) == 1 else "%s#%d" % (rs, j)
        if t.startswith("memref<"):
            emit_report(em, 1000 + j, v, MemRefType(t), cache)
        elif t in ELEM_BYTES:
            emit_scalar_report(em, 1000 + j, v, t)
        else:
            raise ToolError("unsupported result type %s" % t)
    param = "%%e2e_fn: %s" % ftype if indirect else ""
    out = ["  func.func @%s(%s) {" % (name, param)] + em.lines + ["    return", "  }"]
    if decls:
        out.append(runtime_decls(text))
    return "\n".join(out) + "\n"


def runtime_decls(text):
    """Declarations of the runtime print functions the module lacks."""
    out = []
    for fn, sig in RUNTIME_DECLS.items():
        if not re.search(r"func\.func\s+(private\s+)?@%s\(" % fn, text):
            out.append("  func.func private @%s%s" % (fn, sig))
    return "\n".join(out)


def drop_driver(text):
    """Remove a zero-argument `func.func @main()` driver that came with the
    model: it prints wall-clock timings (never equal twice) and its
    vector.print lowering clashes with the harness's runtime declarations."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)func\.func\s+(?:public\s+)?@main\(\)\s*\{\s*$", line)
        if m:
            ind = m.group(1)
            for j in range(i + 1, len(lines)):
                if lines[j] == ind + "}":
                    return "\n".join(lines[:i] + lines[j + 1:]), True
    return text, False


def input_bytes(args):
    """Bytes the harness allocates for the entry's memref arguments."""
    total = 0
    for t in args:
        if t.startswith("memref<"):
            mt = MemRefType(t)
            n = 1
            for d in mt.dims:
                n *= 16 if d is None else d
            total += n * ELEM_BYTES[mt.scalar] * (mt.lanes or 1)
    return total


STRIDED_ALLOC_RE = re.compile(
    r"^(\s*)(%[\w$.#-]+) = memref\.alloc\(\)\s*(\{[^}]*\})?\s*:\s*(memref<.*>)\s*$")


def lowerable_allocs(text):
    """Write each static memref.alloc whose strided layout is the identity's
    (offset 0, row-major strides: memref<3x4xf32, strided<[4, 1]>>) as an
    alloc of the plain type and a memref.cast to the alloc's type.

    MLIR's memref-to-LLVM lowering refuses an alloc with any layout but the
    identity map, strided layouts equal to it included, so the unplanned
    program would not run; the cast describes the same bytes in the same
    layout.  The pass plans such allocs into a view and the same cast, so in
    a planned program only those it left alone are rewritten here."""
    out, n = [], 0
    for line in text.split("\n"):
        m = STRIDED_ALLOC_RE.match(line)
        if m and "strided<" in m.group(4):
            try:
                mt = MemRefType(m.group(4))
            except ToolError:  # an element type the harness does not size
                out.append(line)
                continue
            sm = re.fullmatch(r"strided<\[([\d, ]*)\](?:, offset: 0)?>", mt.layout[0]) \
                if mt.layout else None
            if sm and None not in mt.dims:
                strides = [int(x) for x in sm.group(1).split(",") if x.strip()]
                want, prod = [], 1
                for d in reversed(mt.dims):
                    want.insert(0, prod)
                    prod *= d
                if strides == want:
                    inner = split_top(mt.text[len("memref<"):-1])
                    plain = "memref<%s>" % ", ".join([inner[0]] + inner[2:])
                    ind, name = m.group(1), m.group(2)
                    tmp = "%%e2e_plain_%d" % n
                    n += 1
                    out.append("%s%s = memref.alloc() %s: %s"
                               % (ind, tmp, (m.group(3) + " ") if m.group(3) else "", plain))
                    out.append("%s%s = memref.cast %s : %s to %s"
                               % (ind, name, tmp, plain, mt.text))
                    continue
        out.append(line)
    return "\n".join(out)


def insert_into_module(text, extra):
    """Insert `extra` before the closing brace of the (printed) module: the
    last line that is a lone `}` (a resource section `{-# ... #-}` may follow)."""
    i = text.rfind("\n}")
    if i < 0:
        raise ToolError("cannot find the end of the module")
    return text[:i + 1] + extra + text[i + 1:]


# ---------------------------------------------------------------- elided weights

def replace_elided(text):
    """dense_resource<__elided__> -> a deterministic splat of the element type."""
    count = [0]

    def splat(line):
        m = re.search(r":\s*(memref|tensor)<([^=]*?)>\s*=\s*dense_resource<__elided__>", line)
        if not m:
            raise ToolError("cannot find the type of an elided weight: " + line.strip()[:200])
        elem = m.group(2).split("x")[-1].split(",")[0].strip()
        count[0] += 1
        k = count[0]
        if elem in FLOAT_BITS:
            v = "%.6e" % ((k % 7 + 1) / 64.0)
        elif elem == "i1":
            v = "true"
        elif re.fullmatch(r"i\d+", elem):
            v = str(k % 5 + 1)
        else:
            raise ToolError("elided weight of unsupported type " + elem)
        return line.replace("dense_resource<__elided__>", "dense<%s>" % v)

    out = []
    for line in text.split("\n"):
        if "dense_resource<__elided__>" in line:
            line = splat(line)
        out.append(line)
    return "\n".join(out), count[0]


# ---------------------------------------------------------------- textual plans

ALLOC_RE = re.compile(r"^(\s*)(%[\w$.#-]+) = memref\.alloc\(\)\s*(\{[^}]*\})?\s*:\s*(memref<[^>]*>)\s*$")


def self_plan(text, mode):
    """A planner in this script, for testing the harness without the pass.

    `linear`: every static identity-layout alloc gets its own bytes in one
    arena (no reuse; must compute the same values).  `zero`: all at offset 0
    (buffers overlap; must compute different values).  Deallocs of the
    replaced allocs are removed; the arena is allocated at function entry."""
    out = []
    sizes = []        # arena bytes per function, by function ordinal
    replaced = set()
    for line in text.split("\n"):
        if re.match(r"^\s*func\.func\s.*\{\s*$", line):
            out.append(line)
            sizes.append(0)
            out.append("    %%e2e_arena = memref.alloc() {alignment = 64 : i64} : memref<ARENA%dxi8>"
                       % (len(sizes) - 1))
            continue
        m = ALLOC_RE.match(line)
        if m and sizes:
            mt = MemRefType(m.group(4))
            if mt.identity and None not in mt.dims:
                n = 1
                for d in mt.dims:
                    n *= d
                size = (n * ELEM_BYTES[mt.scalar] * (mt.lanes or 1) + 63) // 64 * 64
                if mode == "zero":
                    off = 0
                    sizes[-1] = max(sizes[-1], size)
                else:
                    off = sizes[-1]
                    sizes[-1] += size
                ind, name = m.group(1), m.group(2)
                c = "%%e2e_off_%d" % len(out)
                out.append("%s%s = arith.constant %d : index" % (ind, c, off))
                out.append("%s%s = memref.view %%e2e_arena[%s][] : memref<ARENA%dxi8> to %s"
                           % (ind, name, c, len(sizes) - 1, mt.text))
                replaced.add(name)
                continue
        dm = re.match(r"^\s*memref\.dealloc (%[\w$.#-]+)\s*:", line)
        if dm and dm.group(1) in replaced:
            continue
        out.append(line)
    res = "\n".join(out)
    for i, s in enumerate(sizes):
        res = res.replace("ARENA%dxi8>" % i, "%dxi8>" % max(s, 64))
    return res, len(replaced)


def corrupt_zero_views(planned_text):
    """Rewrite every memref.view whose source is a 1-D i8 arena (an alloc or
    get_global of memref<Nxi8>, or an arena=arg argument marked
    {memplan.arena}) to byte offset 0."""
    arenas = set()
    for m in re.finditer(r"^\s*(%[\w$.#-]+) = memref\.(?:alloc|alloca|get_global)\b[^\n]*:\s*memref<\d+xi8>\s*$",
                         planned_text, re.M):
        arenas.add(m.group(1))
    out, n, arg_arenas = [], 0, set()
    for line in planned_text.split("\n"):
        if re.match(r"^\s*func\.func\s", line):
            # arena=arg: this function's arena arguments
            arg_arenas = set(re.findall(r"(%[\w$.#-]+): memref<\d+xi8[^>]*> \{memplan\.arena\}", line))
        m = re.match(r"^(\s*)(%[\w$.#-]+) = memref\.view (%[\w$.#-]+)\[(%[\w$.#-]+)\]", line)
        if m and (m.group(3) in arenas or m.group(3) in arg_arenas):
            z = "%%e2e_zero_%d" % n
            n += 1
            out.append("%s%s = arith.constant 0 : index" % (m.group(1), z))
            line = line[:m.start(4)] + z + line[m.end(4):]
        out.append(line)
    return "\n".join(out), n


def corrupt_hoist_arenas(planned_text):
    """Move every per-iteration arena (an alloc marked {memplan.arena} in a
    nested region: the body of a parallel loop or async.execute) to the entry
    of its function and drop its dealloc, so all iterations share one arena:
    what a planner that ignored parallel bodies would do. Iterations that
    run at the same time then overwrite each other's buffers."""
    lines = planned_text.split("\n")
    out, n, entry, renames = [], 0, None, {}
    alloc_re = re.compile(r"^(\s*)(%[\w$.#-]+) = (memref\.alloc\(\) \{[^}]*memplan\.arena\} : memref<\d+xi8>)\s*$")
    for line in lines:
        if re.match(r"^\s*func\.func\s.*\{\s*$", line):
            out.append(line)
            entry, renames = len(out), {}
            continue
        m = alloc_re.match(line)
        if m and entry is not None and len(m.group(1)) > 4:
            new = "%%e2e_hoisted_%d" % n
            n += 1
            renames[m.group(2)] = new
            out.insert(entry, "    %s = %s" % (new, m.group(3)))
            entry += 1
            continue
        d = re.match(r"^\s*memref\.dealloc (%[\w$.#-]+) :", line)
        if d and d.group(1) in renames:
            del renames[d.group(1)]
            continue
        for old, new in renames.items():
            line = re.sub(re.escape(old) + r"(?![\w$.#-])", new, line)
        out.append(line)
    return "\n".join(out), n


def _arena_names(text):
    return set(m.group(1) for m in re.finditer(
        r"^\s*(%[\w$.#-]+) = memref\.(?:alloc|alloca|get_global)\b[^\n]*:\s*memref<\d+xi8>\s*$",
        text, re.M))


def _blocks(func_lines):
    """Split a function body's lines into the blocks of its own region:
    [(label or None, [line indexes])]; nested regions (a linalg.generic's
    ^bb0) stay in the block of the op that holds them."""
    blocks = [(None, [])]
    depth = 0
    for i, line in enumerate(func_lines):
        m = re.match(r"^\s*(\^[\w$.-]+)[(:]", line)
        if m and depth == 0:
            blocks.append((m.group(1), []))
        blocks[-1][1].append(i)
        depth += line.count("{") - line.count("}")
    return blocks


def _in_cycle(blocks, lines):
    """Indexes of the blocks on a cycle of the CFG (the ^labels that each
    block's last top-level op names)."""
    index = {label: k for k, (label, _) in enumerate(blocks) if label}
    succ = []
    for label, idx in blocks:
        depth, last = 0, ""
        for i in idx:
            if depth == 0 and lines[i].strip() and not re.match(r"^\s*\^", lines[i]):
                last = lines[i].split("//")[0]
            depth += lines[i].count("{") - lines[i].count("}")
        succ.append([index[t] for t in re.findall(r"\^[\w$.-]+", last) if t in index])
    cyc = set()
    for k in range(len(blocks)):
        seen, work = set(), list(succ[k])
        while work:
            j = work.pop()
            if j not in seen:
                seen.add(j)
                work.extend(succ[j])
        if k in seen:
            cyc.add(k)
    return cyc


def corrupt_loop_overlap(planned_text):
    """What a liveness blind to back edges would do: in each function, every
    arena view made in a block on a CFG cycle gets the byte offset of the
    first arena view of the entry block (a buffer allocated before the loop
    and, in the inputs that use this control, read in every iteration)."""
    arenas = _arena_names(planned_text)
    lines = planned_text.split("\n")
    out, n, k = [], 0, 0
    view_re = re.compile(r"^(\s*)(%[\w$.#-]+) = memref\.view (%[\w$.#-]+)\[(%[\w$.#-]+)\]")
    while k < len(lines):
        if not re.match(r"^\s*func\.func\b.*\{\s*$", lines[k]):
            out.append(lines[k])
            k += 1
            continue
        start, depth, end = k, 0, k
        for end in range(k, len(lines)):
            depth += lines[end].count("{") - lines[end].count("}")
            if depth == 0:
                break
        body = lines[start + 1:end]
        blocks = _blocks(body)
        cyc = _in_cycle(blocks, body)
        entry_off = None
        for i in blocks[0][1]:
            m = view_re.match(body[i])
            if m and m.group(3) in arenas:
                entry_off = m.group(4)
                break
        if entry_off is not None:
            for b in cyc:
                for i in blocks[b][1]:
                    m = view_re.match(body[i])
                    if m and m.group(3) in arenas and m.group(4) != entry_off:
                        body[i] = body[i][:m.start(4)] + entry_off + body[i][m.end(4):]
                        n += 1
        out.extend(lines[start:start + 1] + body + lines[end:end + 1])
        k = end + 1
    return "\n".join(out), n


CORRUPTIONS = {"zero-views": corrupt_zero_views, "hoist-arenas": corrupt_hoist_arenas,
               "loop-overlap": corrupt_loop_overlap}


# ---------------------------------------------------------------- running

# glibc fills each block malloc returns with ~165 and each freed block with
# 165, so a program that reads bytes it never wrote (what a wrong plan does)
# reads that pattern. Without it, such a read can find the right values:
# random_check runs many programs, planned and unplanned, in one process,
# and a freed buffer of one may become another's arena. A negative control
# then passes or fails by the heap's history (e2e/negative-control.test
# failed that way twice under load, and passed alone). Memory written
# before it is read, as in every correct program, is unaffected.
RUN_ENV = dict(os.environ, MALLOC_PERTURB_="165")


def run(cmd, timeout, what, stdin=None):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout,
                           env=RUN_ENV)
    except subprocess.TimeoutExpired:
        raise ToolError("%s timed out after %ss: %s" % (what, timeout, " ".join(cmd)[:300]))
    return p


def mlir_opt(opts, args, src, what):
    p = run([opts.mlir_opt] + args + ["-"], opts.timeout, what, stdin=src)
    if p.returncode != 0:
        raise ToolError("%s failed (exit %d):\n%s" % (what, p.returncode, p.stderr[-3000:]))
    if "Failed to load passes" in p.stderr:
        raise ToolError("%s: the pass plugin did not load:\n%s" % (what, p.stderr[-2000:]))
    return p.stdout, p.stderr


ADDR_RE = re.compile(r"base@ = 0x[0-9a-fA-F]+")


def execute(opts, text, label, workdir):
    """Lower and run; return (ok, stdout or error text)."""
    lowering = (ASYNC_LOWERING if getattr(opts, "parallel", "") == "async" else []) + LOWERING
    lowered, _ = mlir_opt(opts, lowering, lowerable_allocs(text), "lowering (%s)" % label)
    path = os.path.join(workdir, label + ".ll.mlir")
    with open(path, "w") as f:
        f.write(lowered)
    entry = opts.run_entry or HARNESS_ENTRY
    cmd = [opts.mlir_runner, "-e", entry, "-entry-point-result=void",
           "-shared-libs=" + RUNNER_LIBS + ("," + ASYNC_RUNTIME if getattr(opts, "parallel", "") == "async" else ""),
           "-" + opts.opt_level, path]
    p = run(cmd, opts.timeout, "mlir-runner (%s)" % label)
    if p.returncode != 0:
        return False, "exit %d\n%s" % (p.returncode, p.stderr[-2000:])
    return True, ADDR_RE.sub("base@ = <addr>", p.stdout)


# --corrupt modes done by the pass (its test-corrupt option), not by this script
PASS_CORRUPTIONS = ("split-partial", "split-stale-views", "in-place-live", "spill-overlap",
                    "carried-one-slot", "copies-fill-late", "order-ignore-effects")


def plan_cmd(opts, planner, corrupt=None):
    popts = "planner=" + planner
    if opts.pass_options:
        popts += " " + opts.pass_options.replace(",", " ")
    if corrupt:
        popts += " test-corrupt=" + corrupt
    if opts.tool == "plugin":
        return [opts.mlir_opt, "--load-pass-plugin=" + opts.plugin,
                "--pass-pipeline=builtin.module(memplan-static{%s})" % popts]
    return [opts.memplan_opt, "--memplan-static=" + popts.replace(" ", " ")]


def plan(opts, planner, text, corrupt=None):
    cmd = plan_cmd(opts, planner, corrupt)
    p = run(cmd + ["-"], opts.timeout, "memplan-static planner=" + planner, stdin=text)
    if p.returncode != 0 or "Failed to load passes" in p.stderr or not p.stdout.strip():
        raise ToolError("planning with %s failed (exit %d):\n%s"
                        % (planner, p.returncode, p.stderr[-3000:]))
    return p.stdout


def corrupt_plan(opts, planner, text, planned):
    """The planned IR corrupted as --corrupt says; a ToolError when the
    corruption finds nothing to corrupt (the control would prove nothing)."""
    if opts.corrupt in CORRUPTIONS:
        planned, n = CORRUPTIONS[opts.corrupt](planned)
        if n == 0:
            raise ToolError("--corrupt=%s: nothing to corrupt in the planned IR"
                            % opts.corrupt)
        return planned
    bad = plan(opts, planner, text, opts.corrupt)
    if bad == planned:
        raise ToolError("--corrupt=%s changed nothing in the planned IR" % opts.corrupt)
    return bad


def check_tool(opts):
    """Raises ToolError naming the option that is missing or wrong, and what
    it must point to, when the pass tool of --tool cannot be found."""
    if opts.tool == "plugin":
        exe, option, name = opts.plugin, "--plugin", "MemPlanPlugin.so"
        rel = os.path.join("lib", name)
    else:
        exe, option, name = opts.memplan_opt, "--memplan-opt", "memplan-opt"
        rel = os.path.join("bin", name)
    if not exe:
        raise ToolError("missing option: --tool=%s needs %s; give --build=DIR, a memplan "
                        "build directory holding DIR/%s (or set MEMPLAN_BUILD=DIR), or "
                        "%s=PATH to %s itself" % (opts.tool, name, rel, option, name))
    if not os.path.exists(exe):
        if opts.build and not getattr(opts, "explicit_" + opts.tool.replace("-", "_")):
            raise ToolError("--build=%s: %s not found; --build (or MEMPLAN_BUILD) must "
                            "name a memplan build directory in which %s is built"
                            % (opts.build, exe, name))
        raise ToolError("%s=%s: file not found; %s must point to %s (DIR/%s in a "
                        "memplan build directory)" % (option, exe, option, name, rel))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("--entry", help="entry function (default: the one with most allocs)")
    ap.add_argument("--no-wrap", action="store_true",
                    help="the module has its own driver; run --run-entry (default main)")
    ap.add_argument("--run-entry", help="function mlir-runner calls (with --no-wrap)")
    ap.add_argument("--planner", default="greedy-size",
                    help="comma-separated planners; each planned version is compared")
    ap.add_argument("--tool", choices=["plugin", "memplan-opt"], default="plugin")
    ap.add_argument("--build", default=os.environ.get("MEMPLAN_BUILD"),
                    help="memplan build dir (plugin and memplan-opt)")
    ap.add_argument("--plugin")
    ap.add_argument("--memplan-opt", dest="memplan_opt")
    ap.add_argument("--pass-options", default="", help="extra pass options, e.g. 'arena=global'")
    ap.add_argument("--self-plan", choices=["linear", "zero"],
                    help="plan with this script's textual planner instead of the pass")
    ap.add_argument("--corrupt", choices=sorted(CORRUPTIONS) + list(PASS_CORRUPTIONS),
                    help="negative control: corrupt the planned IR before running")
    ap.add_argument("--expect-different", action="store_true",
                    help="exit 0 iff every planned run differs (negative control)")
    ap.add_argument("--weights", choices=["pattern", "keep"], default="pattern",
                    help="pattern: splat weight globals get a deterministic pattern")
    ap.add_argument("--dyn-dim", type=int, default=16, help="size of dynamic argument dims")
    ap.add_argument("--scalar-index", type=int, default=3, help="value of index/int scalar args")
    ap.add_argument("--parallel", choices=["sequential", "async"], default="sequential",
                    help="how scf.forall/scf.parallel/async.execute run: one iteration after "
                    "another, or on the async runtime's threads")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--opt-level", default="O0", choices=["O0", "O1", "O2", "O3"])
    ap.add_argument("--keep", help="write intermediate files into this directory")
    ap.add_argument("--mlir-opt", dest="mlir_opt", default=os.path.join(LLVM_BIN, "mlir-opt"))
    ap.add_argument("--mlir-runner", dest="mlir_runner", default=os.path.join(LLVM_BIN, "mlir-runner"))
    ap.add_argument("--quiet", "-q", action="store_true")
    ap.add_argument("--summary-json", help="write results and timings as JSON here")
    ap.add_argument("--max-input-bytes", type=float, default=0,
                    help="refuse (exit 2) models whose arguments need more memory")
    opts = ap.parse_args()
    opts.explicit_plugin, opts.explicit_memplan_opt = bool(opts.plugin), bool(opts.memplan_opt)
    if opts.build:
        opts.plugin = opts.plugin or os.path.join(opts.build, "lib", "MemPlanPlugin.so")
        opts.memplan_opt = opts.memplan_opt or os.path.join(opts.build, "bin", "memplan-opt")

    def log(msg):
        if not opts.quiet:
            print(msg, flush=True)

    summary = {"input": opts.input, "planners": {}}
    workdir = opts.keep or tempfile.mkdtemp(prefix="e2e-")
    os.makedirs(workdir, exist_ok=True)
    try:
        # The tool first: a missing option is a usage error whatever the input.
        if not opts.self_plan:
            check_tool(opts)
        with open(opts.input) as f:
            src = f.read()
        src, nel = replace_elided(src)
        # canonical printed form: one op per line, module braces explicit
        prepared, _ = mlir_opt(opts, [], src, "parsing the input")
        if not opts.no_wrap:
            entry, args, results = parse_signature(prepared, opts.entry)
            gl = []
            if opts.weights == "pattern":
                prepared, gl = pattern_weights(prepared)
            if entry != "main":
                prepared, dropped = drop_driver(prepared)
                if dropped:
                    log("dropped the module's own driver @main() (it prints timings)")
            need = input_bytes(args)
            summary["input_bytes"] = need
            if opts.max_input_bytes and need > opts.max_input_bytes:
                raise ToolError("inputs need %.2f GB, more than --max-input-bytes" % (need / 1e9))
            harness = make_harness(prepared, entry, args, results, opts, gl)
        else:
            harness = ""
            entry = opts.run_entry = opts.run_entry or "main"
        t0 = time.time()
        base_text = insert_into_module(prepared, harness)
        with open(os.path.join(workdir, "unplanned.mlir"), "w") as f:
            f.write(base_text)
        ok, base_out = execute(opts, base_text, "unplanned", workdir)
        if not ok:
            raise ToolError("the unplanned program does not run: " + base_out)
        t_base = time.time() - t0
        log("unplanned: ran in %.2fs (entry @%s, %d elided weights replaced, %d splat weights patterned)"
            % (t_base, entry, nel, 0 if opts.no_wrap else len(gl)))
        summary["unplanned_run_s"] = round(t_base, 3)
        planners = [opts.self_plan] if opts.self_plan else opts.planner.split(",")
        status = 0
        for planner in planners:
            t0 = time.time()
            if opts.self_plan:
                planned, nrep = self_plan(prepared, opts.self_plan)
                label = "self-" + planner
            else:
                planned = plan(opts, planner, prepared)
                label = "planned-" + planner
            if opts.corrupt:
                if opts.self_plan and opts.corrupt not in CORRUPTIONS:
                    raise ToolError("--corrupt needs the pass, not --self-plan")
                planned = corrupt_plan(opts, planner, prepared, planned)
                label += "-corrupt"
            t_plan = time.time() - t0
            h = harness
            if not opts.no_wrap and not opts.self_plan:
                # arena=arg: the harness passes the arenas as a runtime would
                arenas, size_fn = arena_arguments(planned, entry, len(args))
                if arenas:
                    h = make_harness(prepared, entry, args, results, opts, gl,
                                     arenas=arenas, size_fn=size_fn)
            text = insert_into_module(planned, h)
            with open(os.path.join(workdir, label + ".mlir"), "w") as f:
                f.write(text)
            t0 = time.time()
            ok, out = execute(opts, text, label, workdir)
            t_run = time.time() - t0
            if not ok:
                log("%s: DIFFERENT: the planned program failed while the unplanned one ran: %s"
                    % (planner, out[-1000:]))
                differ = True
            else:
                differ = out != base_out
                if differ:
                    diff = difflib.unified_diff(base_out.splitlines(), out.splitlines(),
                                                "unplanned", label, lineterm="", n=1)
                    dl = list(diff)
                    log("%s: DIFFERENT (%d diff lines)\n%s" % (planner, len(dl), "\n".join(dl[:40])))
                else:
                    log("%s: EQUAL (%d output lines; plan %.2fs, run %.2fs)"
                        % (planner, len(out.splitlines()), t_plan, t_run))
            summary["planners"][planner] = {
                "result": ("crashed" if not ok else "different" if differ else "equal"),
                "plan_s": round(t_plan, 3), "run_s": round(t_run, 3)}
            if differ != opts.expect_different:
                status = 1
        if opts.expect_different:
            log("negative control: %s" % ("every corrupted plan was caught" if status == 0
                                          else "a corrupted plan was NOT caught"))
        summary["status"] = status
        return status
    except (ToolError, OSError) as e:
        print("run_compare: error: %s" % e, file=sys.stderr)
        summary["status"] = 2
        summary["error"] = str(e).splitlines()[0][:300] if str(e) else "error"
        return 2
    finally:
        if opts.summary_json:
            import json
            with open(opts.summary_json, "w") as f:
                json.dump(summary, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
