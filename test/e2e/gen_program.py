#!/usr/bin/env python3
"""Random bufferized programs for end-to-end tests of memplan-static.

    gen_program.py SEED [-o FILE] [--stmts N] [--depth D]

prints one module with `func.func @prog(%in: memref<64xf32>, %out_<T>: memref<64xT>...)`:
static allocs of element types f32, f16, i32, i8, i1, i64; views of every kind
(subview, expand_shape, collapse_shape, cast, reinterpret_cast, transpose,
view, arith.select between buffers, buffers yielded out of scf.if and carried
through scf.for); nested scf.for / scf.if / scf.while (with --parallel-bodies
also scf.forall / scf.parallel) with allocs inside and outside; memref.copy,
memref.load/store and linalg ops (fill, generic, add, copy, matmul); buffers
that get a new value written in full (bufferization's reuse of one alloc),
sometimes read through a view made before that write; element-wise chains of
fresh buffers; concatenation by copies into halves.  Every buffer is fully
written before it is read; results reach
the outputs by accumulating (+ or xor) buffers into the out-params, so a
wrong plan that lets two live buffers share bytes changes what run_compare.py
prints.  Deallocs follow the upstream pipeline: top-level buffers are freed just
before the return, buffers of a region at the end of their block.

Extra shapes (--shape, comma-separated; none by default, so the seeds of the
plain programs never change):
  early-return  the body splits in two blocks: a data-dependent cf.cond_br
                returns early, after writing some buffers to the outputs
                (random_check.py --pre=--convert-scf-to-cf makes every loop
                a loop of blocks too).
  calls         buffers passed to private functions of the module
                (@prog__hN): some keep nothing (they read one argument and
                update the other through a scratch buffer of their own), some
                return their argument, so the caller's buffer is kept by the
                call and its result is a view of it.
  alloca        some buffers are memref.alloca (freed by the return, never
                by a dealloc).
  carried-alloc recurrences over scf.for: each iteration allocates a new
                buffer from the one the previous iteration handed on through
                an iter_arg, and frees the old one under an ownership flag
                (what --buffer-deallocation-pipeline makes).
  pad           copies whose source dies at them, as bufferized CNNs and
                concatenations make: a temporary computed by a generic, then
                copied into the interior of a fresh buffer filled with a
                constant (a padded feature map), or two temporaries copied
                into the halves of a fresh buffer.
  concat        with pad: half the time the two halves overlap (the later
                copy wins where they meet), and half the time a padded
                buffer is allocated before its temporary and written, after
                the temporary's writer, through a view made before it
                (within or apart from the copy's slice).
  early-fill    buffers filled at the start of the body, half of them read
                only at its end (the op order moves their fills down), half
                used by the statements in between (their fills stay first).

The same SEED always gives the same text (Python's random.Random(SEED)).
"""
import argparse
import random
import sys

TYPES = ["f32", "f16", "i32", "i8", "i1", "i64"]
FLOATS = {"f32": 32, "f16": 16}
INT_BITS = {"i1": 1, "i8": 8, "i32": 32, "i64": 64}
BYTES = {"f32": 4, "f16": 2, "i32": 4, "i8": 1, "i1": 1, "i64": 8}
OUT_N = 64
# element counts and the shapes that hold them; every buffer's count is one
# of these, so any two buffers of the same count can be combined elementwise
SHAPES = {
    16: [(16,), (4, 4), (2, 8), (2, 2, 4)],
    32: [(32,), (4, 8), (8, 4), (2, 4, 4)],
    64: [(64,), (8, 8), (4, 16), (4, 4, 4)],
}


def mtype(shape, elem, layout=None):
    dims = "".join("%sx" % ("?" if d is None else d) for d in shape)
    if layout:
        return "memref<%s%s, %s>" % (dims, elem, layout)
    return "memref<%s%s>" % (dims, elem)


class Buf:
    """A memref value the program may read and write: identity layout, static
    shape (unless `dyn`), fully initialized."""

    def __init__(self, name, shape, elem):
        self.name, self.shape, self.elem = name, shape, elem

    @property
    def n(self):
        k = 1
        for d in self.shape:
            k *= d
        return k

    @property
    def type(self):
        return mtype(self.shape, self.elem)


SHAPES_EXTRA = ("early-return", "calls", "alloca", "carried-alloc", "pad", "early-fill",
                "concat")


class Gen:
    def __init__(self, seed, stmts, depth, parallel=False, shape=""):
        self.shape = set(x for x in shape.split(",") if x)
        unknown = self.shape - set(SHAPES_EXTRA)
        if unknown:
            raise ValueError("unknown shape(s): %s" % ", ".join(sorted(unknown)))
        self.r = random.Random(seed)
        self.parallel = parallel
        self.lines = []
        self.ind = 4
        self.k = 0
        self.stmts = stmts
        self.max_depth = depth
        self.consts = {}
        self.uses = {t: 0 for t in TYPES}
        self.helpers = []  # lines of the private functions (shape calls)

    # ---- helpers
    def fresh(self, p="v"):
        self.k += 1
        return "%%%s%d" % (p, self.k)

    def emit(self, s):
        self.lines.append(" " * self.ind + s)

    def cidx(self, v):
        # index constants live in the entry block (they dominate everything)
        if v not in self.consts:
            self.consts[v] = "%%c%d" % v
        return self.consts[v]

    def scalar_const(self, elem, v):
        name = self.fresh("k")
        if elem in FLOATS:
            self.emit("%s = arith.constant %s : %s" % (name, "%.6e" % v, elem))
        elif elem == "i1":
            self.emit("%s = arith.constant %s" % (name, "true" if int(v) % 2 else "false"))
        else:
            self.emit("%s = arith.constant %d : %s" % (name, int(v), elem))
        return name

    def conv(self, v, src, dst, out):
        """Convert one scalar in a region body; deterministic for every value
        (floats go to integers by bit pattern: fptosi of a large value is poison)."""
        if src == dst:
            return v
        r = self.fresh("x")
        if src in FLOATS and dst in FLOATS:
            op = "arith.extf" if FLOATS[dst] > FLOATS[src] else "arith.truncf"
            out.append("%s = %s %s : %s to %s" % (r, op, v, src, dst))
            return r
        if src in FLOATS:  # float -> int via bits
            b = self.fresh("x")
            out.append("%s = arith.bitcast %s : %s to i%d" % (b, v, src, FLOATS[src]))
            return self.conv(b, "i%d" % FLOATS[src], dst, out)
        sb = INT_BITS.get(src, int(src[1:]))
        if dst in FLOATS:
            op = "arith.uitofp" if src == "i1" else "arith.sitofp"
            out.append("%s = %s %s : %s to %s" % (r, op, v, src, dst))
            return r
        db = INT_BITS[dst]
        if db > sb:
            op = "arith.extui" if src == "i1" else "arith.extsi"
            out.append("%s = %s %s : %s to %s" % (r, op, v, src, dst))
        else:
            out.append("%s = arith.trunci %s : %s to %s" % (r, v, src, dst))
        return r

    def combine(self, a, b, elem, out):
        """A binary op that keeps values bounded enough (no division)."""
        r = self.fresh("x")
        if elem in FLOATS:
            op = self.r.choice(["arith.addf", "arith.subf", "arith.maximumf", "arith.minimumf", "mulhalf"])
            if op == "mulhalf":
                h = self.fresh("x")
                out.append("%s = arith.constant 5.000000e-01 : %s" % (h, elem))
                s = self.fresh("x")
                out.append("%s = arith.addf %s, %s : %s" % (s, a, b, elem))
                out.append("%s = arith.mulf %s, %s : %s" % (r, s, h, elem))
            else:
                out.append("%s = %s %s, %s : %s" % (r, op, a, b, elem))
        elif elem == "i1":
            op = self.r.choice(["arith.xori", "arith.ori", "arith.andi"])
            out.append("%s = %s %s, %s : i1" % (r, op, a, b))
        else:
            op = self.r.choice(["arith.addi", "arith.subi", "arith.xori", "arith.muli", "arith.maxsi"])
            out.append("%s = %s %s, %s : %s" % (r, op, a, b, elem))
        return r

    # ---- views: every way of looking at a buffer as 1-D or 2-D
    def view1d(self, b, allow_dyn=True):
        """A 1-D view (name, type) over all of b's elements."""
        choices = ["self" if len(b.shape) == 1 else "collapse", "reinterpret"]
        if allow_dyn:
            choices.append("cast")
        how = self.r.choice(choices)
        n = b.n
        t1 = mtype((n,), b.elem)
        v = self.fresh("w")
        if how == "self":
            return b.name, b.type
        if how == "collapse":
            grp = ", ".join(str(i) for i in range(len(b.shape)))
            self.emit("%s = memref.collapse_shape %s [[%s]] : %s into %s" % (v, b.name, grp, b.type, t1))
            return v, t1
        if how == "reinterpret":
            self.emit("%s = memref.reinterpret_cast %s to offset: [0], sizes: [%d], strides: [1] : %s to %s"
                      % (v, b.name, n, b.type, t1))
            return v, t1
        # cast to a dynamic size (after flattening if needed)
        src, st = (b.name, b.type) if len(b.shape) == 1 else self.view1d(b, allow_dyn=False)
        td = mtype((None,), b.elem)
        self.emit("%s = memref.cast %s : %s to %s" % (v, src, st, td))
        return v, td

    def generic(self, ins, outv, body_fn, rank=1):
        """ins: [(name, type, elem)], outv: (name, type, elem).  body_fn gets
        the block args (ins..., out) and returns the yielded value."""
        ids = "affine_map<(d0) -> (d0)>" if rank == 1 else "affine_map<(d0, d1) -> (d0, d1)>"
        maps = ", ".join([ids] * (len(ins) + 1))
        its = ", ".join(['"parallel"'] * rank)
        insl = ", ".join(x[0] for x in ins)
        inst = ", ".join(x[1] for x in ins)
        hdr = "linalg.generic {indexing_maps = [%s], iterator_types = [%s]}" % (maps, its)
        if ins:
            hdr += " ins(%s : %s)" % (insl, inst)
        hdr += " outs(%s : %s) {" % (outv[0], outv[1])
        self.emit(hdr)
        args = [self.fresh("e") for _ in ins] + [self.fresh("e")]
        self.emit("^bb0(%s):" % ", ".join("%s: %s" % (a, x[2]) for a, x in zip(args, ins + [outv])))
        body = []
        res = body_fn(args, body)
        for line in body:
            self.emit("  " + line)
        self.emit("  linalg.yield %s : %s" % (res, outv[2]))
        self.emit("}")

    # ---- statements
    def pick(self, pool, pred=lambda b: True):
        c = [b for b in pool if pred(b)]
        return self.r.choice(c) if c else None

    def new_buffer(self, pool, scope, n=None, elem=None):
        n = n or self.r.choice(sorted(SHAPES))
        elem = elem or self.r.choice(TYPES)
        shape = self.r.choice(SHAPES[n])
        b = Buf(self.fresh("b"), shape, elem)
        align = self.r.choice(["", "", " {alignment = 64 : i64}", " {alignment = 128 : i64}", " {alignment = 16 : i64}"])
        if "alloca" in self.shape and self.r.random() < 0.35:
            # freed by the function's return: not in scope
            self.emit("%s = memref.alloca()%s : %s" % (b.name, align, b.type))
        else:
            self.emit("%s = memref.alloc()%s : %s" % (b.name, align, b.type))
            scope.append(b.name)
        self.uses[elem] += 1
        src = self.pick(pool, lambda x: x.n == n)
        how = self.r.choice(["fill", "generic", "copy", "generic"]) if src else "fill"
        self.write_all(b, pool, how)
        pool.append(b)
        return b

    def early_fill(self, pool, scope):
        """Shape early-fill: buffers written at the start of the body. Half
        are read only after every other statement (the op order may move
        their writer down to the reader); the others join the pool at once,
        so statements in between may read or overwrite them (their writer
        must stay before those)."""
        late = []
        for _ in range(self.r.randint(1, 3)):
            held = []
            b = self.new_buffer(held, scope)
            if self.r.random() < 0.5:
                late.append(b)
            else:
                pool.append(b)
        return late

    # ---- patterns of issue 16: values reusing one alloc, element-wise
    # chains, views read across an overwrite, concatenation by copies
    def write_all(self, b, pool, how):
        """Write every element of b without reading it: a fill, a generic
        from another buffer of b's element count, or a copy from one of b's
        type. Returns how it was written (a copy may become a generic)."""
        src = self.pick(pool, lambda x: x.n == b.n)
        if how == "copy":
            same = self.pick(pool, lambda x: x.shape == b.shape and x.elem == b.elem)
            if same is None:
                how = "generic"
            else:
                self.emit("memref.copy %s, %s : %s to %s" % (same.name, b.name, same.type, b.type))
        if how == "generic" and src is None:
            how = "fill"
        if how == "fill":
            c = self.scalar_const(b.elem, self.r.randint(-5, 9) * 0.75 if b.elem in FLOATS
                                  else self.r.randint(-7, 11))
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, b.elem, b.name, b.type))
        elif how == "generic":
            sv, st = self.view1d(src)
            dv, dt = self.view1d(b)
            self.generic([(sv, st, src.elem)], (dv, dt, b.elem),
                         lambda a, out: self.conv(a[0], src.elem, b.elem, out))
        return how

    def alias_view(self, pool, x):
        """A view of x with another shape, added to the pool: it names x's
        bytes, whatever value they hold when it is used."""
        v = self.fresh("av")
        if len(x.shape) > 1:
            grp = ", ".join(str(i) for i in range(len(x.shape)))
            b = Buf(v, (x.n,), x.elem)
            self.emit("%s = memref.collapse_shape %s [[%s]] : %s into %s" % (v, x.name, grp, x.type, b.type))
        else:
            shape = self.r.choice([s for s in SHAPES[x.n] if len(s) == 2])
            b = Buf(v, shape, x.elem)
            self.emit("%s = memref.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                      % (v, x.name, shape[0], shape[1], x.type, b.type))
        pool.append(b)
        return b

    def overwrite(self, pool):
        """A new value in a buffer that already holds one (bufferization
        reuses one alloc for many values). Sometimes a view of it is taken
        first, so that a later statement may read the new value through a
        view made before the overwrite."""
        x = self.pick(pool, lambda b: not b.name.startswith("%in"))
        if x is None:
            return
        if self.r.random() < 0.4:
            self.alias_view(pool, x)
        self.write_all(x, pool, self.r.choice(["generic", "generic", "fill", "copy"]))

    def ew_chain(self, pool, scope):
        """t1 = f(x), t2 = g(t1, y), ...: element-wise ops on fresh buffers,
        each intermediate read once by the next op (an output may take its
        input's bytes there), sometimes read again later (then it may not)."""
        x = self.pick(pool)
        cur = x
        for _ in range(self.r.randint(2, 4)):
            same = [e for e in TYPES if BYTES[e] == BYTES[cur.elem]]
            elem = self.r.choice(same) if self.r.random() < 0.8 else self.r.choice(TYPES)
            t = Buf(self.fresh("b"), self.r.choice(SHAPES[cur.n]), elem)
            self.emit("%s = memref.alloc() : %s" % (t.name, t.type))
            scope.append(t.name)
            self.uses[elem] += 1
            ins = [cur]
            other = self.pick(pool, lambda b: b.n == cur.n and b is not cur)
            if other is not None and self.r.random() < 0.4:
                ins.append(other)
            views = [self.view1d(b) + (b.elem,) for b in ins]
            tv, tt = self.view1d(t)

            def body(a, out, ins=ins, elem=elem):
                v = self.conv(a[0], ins[0].elem, elem, out)
                if len(ins) > 1:
                    v = self.combine(v, self.conv(a[1], ins[1].elem, elem, out), elem, out)
                return v
            self.generic(views, (tv, tt, elem), body)
            if cur is not x and self.r.random() < 0.25:
                pool.append(cur)  # read again later: no in-place there
            cur = t
        pool.append(cur)

    def concat(self, pool, scope):
        """dst = concat(x, y) by memref.copy into two halves of a fresh
        buffer; x is sometimes a temporary made just before, dying at its
        copy."""
        x = self.pick(pool, lambda b: b.n <= OUT_N // 2)
        if x is None:
            return
        y = self.pick(pool, lambda b: b.n == x.n and b.elem == x.elem)
        if self.r.random() < 0.5:
            t = Buf(self.fresh("b"), (x.n,), x.elem)
            self.emit("%s = memref.alloc() : %s" % (t.name, t.type))
            scope.append(t.name)
            self.write_all(t, pool, "generic")
            x = t
        n = 2 * x.n
        d = Buf(self.fresh("cat"), (n,), x.elem)
        self.emit("%s = memref.alloc() : %s" % (d.name, d.type))
        scope.append(d.name)
        self.uses[x.elem] += 1
        for src, off in ((x, 0), (y, x.n)):
            sv, st = self.view1d(src, allow_dyn=False)
            dt = mtype((x.n,), x.elem, "strided<[1], offset: %d>" % off)
            s = self.fresh("s")
            self.emit("%s = memref.subview %s[%d] [%d] [1] : %s to %s" % (s, d.name, off, x.n, d.type, dt))
            self.emit("memref.copy %s, %s : %s to %s" % (sv, s, st, dt))
        pool.append(d)

    def update(self, pool):
        """x = combine(x, conv(y)) elementwise through 1-D views."""
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.n == x.n)
        xv, xt = self.view1d(x)
        yv, yt = self.view1d(y)
        if y is x:
            yv, yt = xv, xt
        self.generic([(yv, yt, y.elem)], (xv, xt, x.elem),
                     lambda a, out: self.combine(a[1], self.conv(a[0], y.elem, x.elem, out), x.elem, out))

    def sub_update(self, pool):
        """Write half of x from half of y through strided subviews."""
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.n == x.n)
        n, h = x.n, x.n // 2
        xv, xt = self.view1d(x, allow_dyn=False)
        yv, yt = self.view1d(y, allow_dyn=False)

        def sub(v, t, elem):
            kind = self.r.choice(["lo", "hi", "even", "odd"])
            off, stride = {"lo": (0, 1), "hi": (h, 1), "even": (0, 2), "odd": (1, 2)}[kind]
            st = mtype((h,), elem, "strided<[%d], offset: %d>" % (stride, off))
            s = self.fresh("s")
            self.emit("%s = memref.subview %s[%d] [%d] [%d] : %s to %s" % (s, v, off, h, stride, t, st))
            return s, st
        xs, xst = sub(xv, xt, x.elem)
        ys, yst = sub(yv, yt, y.elem)
        self.generic([(ys, yst, y.elem)], (xs, xst, x.elem),
                     lambda a, out: self.combine(a[1], self.conv(a[0], y.elem, x.elem, out), x.elem, out))

    def transpose_update(self, pool):
        """x (as a x b) += transpose(y as b x a): expand_shape + transpose."""
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.n == x.n)
        n = x.n
        a = {16: 4, 32: 4, 64: 8}[n]
        bdim = n // a
        xv, xt = self.view1d(x, allow_dyn=False)
        yv, yt = self.view1d(y, allow_dyn=False)
        x2, y2, yt2 = self.fresh("w"), self.fresh("w"), self.fresh("w")
        x2t = mtype((a, bdim), x.elem)
        y2t = mtype((bdim, a), y.elem)
        self.emit("%s = memref.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                  % (x2, xv, a, bdim, xt, x2t))
        self.emit("%s = memref.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                  % (y2, yv, bdim, a, yt, y2t))
        ytt = mtype((a, bdim), y.elem, "strided<[1, %d]>" % a)
        self.emit("%s = memref.transpose %s (d0, d1) -> (d1, d0) : %s to %s" % (yt2, y2, y2t, ytt))
        self.generic([(yt2, ytt, y.elem)], (x2, x2t, x.elem),
                     lambda a_, out: self.combine(a_[1], self.conv(a_[0], y.elem, x.elem, out), x.elem, out),
                     rank=2)

    def named_update(self, pool):
        """linalg.add / linalg.copy / linalg.matmul on same-typed buffers."""
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.n == x.n and b.elem == x.elem)
        kind = self.r.choice(["add", "copy", "matmul"] if x.elem == "f32" and x.n in (16, 64) else ["add", "copy"])
        if kind == "matmul":
            a = 4 if x.n == 16 else 8
            t2 = mtype((a, a), "f32")
            vs = []
            for b in (x, y):
                v1, t1 = self.view1d(b, allow_dyn=False)
                w = self.fresh("w")
                self.emit("%s = memref.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                          % (w, v1, a, a, t1, t2))
                vs.append(w)
            # the product goes into a fresh scratch buffer: matmul accumulates
            tmp = self.fresh("b")
            self.emit("%s = memref.alloc() : %s" % (tmp, t2))
            z = self.scalar_const("f32", 0.0)
            self.emit("linalg.fill ins(%s : f32) outs(%s : %s)" % (z, tmp, t2))
            self.emit("linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s)" % (vs[1], vs[1], t2, t2, tmp, t2))
            # scale down and add into x
            self.generic([(tmp, t2, "f32")], (vs[0], t2, "f32"),
                         lambda a_, out: self.combine(a_[1], a_[0], "f32", out), rank=2)
            self.emit("memref.dealloc %s : %s" % (tmp, t2))
            return
        xv, xt = self.view1d(x)
        yv, yt = self.view1d(y)
        if kind == "add" and x.elem != "i1":
            self.emit("linalg.add ins(%s, %s : %s, %s) outs(%s : %s)" % (yv, xv, yt, xt, xv, xt))
        else:
            self.emit("linalg.copy ins(%s : %s) outs(%s : %s)" % (yv, yt, xv, xt))

    def raw_views(self, pool, scope):
        """One i8 buffer, two typed memref.view windows into it."""
        n = self.r.choice(sorted(SHAPES))
        e1, e2 = self.r.choice(TYPES), self.r.choice(TYPES)
        b1 = n * BYTES[e1]
        off2 = (b1 + 63) // 64 * 64 + self.r.choice([0, 64])
        total = off2 + n * BYTES[e2] + self.r.choice([0, 8, 100])
        raw = self.fresh("raw")
        self.emit("%s = memref.alloc() : memref<%dxi8>" % (raw, total))
        scope.append(raw)
        out = []
        for e, off in ((e1, 0), (e2, off2)):
            shape = self.r.choice([s for s in SHAPES[n]])
            v = Buf(self.fresh("rv"), shape, e)
            self.emit("%s = memref.view %s[%s][] : memref<%dxi8> to %s" % (v.name, raw, self.cidx(off), total, v.type))
            c = self.scalar_const(e, self.r.randint(1, 6) * (0.5 if e in FLOATS else 1))
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, e, v.name, v.type))
            out.append(v)
        pool.extend(out)

    def select(self, pool, conds):
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.type == x.type and b is not x)
        if y is None:
            return
        c = self.r.choice(conds)
        s = Buf(self.fresh("sel"), x.shape, x.elem)
        self.emit("%s = arith.select %s, %s, %s : %s" % (s.name, c, x.name, y.name, x.type))
        pool.append(s)

    def scalar_io(self, pool):
        """load one element, fill or store it elsewhere (scalar data flow)."""
        x = self.pick(pool)
        y = self.pick(pool)
        xi = [self.cidx(self.r.randrange(d)) for d in x.shape]
        v = self.fresh("ld")
        self.emit("%s = memref.load %s[%s] : %s" % (v, x.name, ", ".join(xi), x.type))
        body = []
        cv = self.conv(v, x.elem, y.elem, body)
        for line in body:
            self.emit(line)
        if self.r.random() < 0.5:
            yi = [self.cidx(self.r.randrange(d)) for d in y.shape]
            self.emit("memref.store %s, %s[%s] : %s" % (cv, y.name, ", ".join(yi), y.type))
        else:
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (cv, y.elem, y.name, y.type))

    def accumulate(self, x):
        """out_T[off : off + n] += x (xor for i1) through a subview."""
        off = self.r.choice([0, OUT_N - x.n, (OUT_N - x.n) // 2])
        st = mtype((x.n,), x.elem, "strided<[1], offset: %d>" % off)
        s = self.fresh("s")
        ot = mtype((OUT_N,), x.elem)
        self.emit("%s = memref.subview %%out_%s[%d] [%d] [1] : %s to %s" % (s, x.elem, off, x.n, ot, st))
        xv, xt = self.view1d(x)

        def body(a, out):
            r = self.fresh("x")
            if x.elem in FLOATS:
                out.append("%s = arith.addf %s, %s : %s" % (r, a[1], a[0], x.elem))
            elif x.elem == "i1":
                out.append("%s = arith.xori %s, %s : i1" % (r, a[1], a[0]))
            else:
                out.append("%s = arith.addi %s, %s : %s" % (r, a[1], a[0], x.elem))
            return r
        self.generic([(xv, xt, x.elem)], (s, st, x.elem), body)

    def retire(self, pool):
        """Emit a buffer into the outputs and never touch it again (this is
        what makes lifetimes end and memory reusable)."""
        x = self.pick(pool)
        self.accumulate(x)
        pool.remove(x)

    def block(self, pool, depth, nstmts, conds):
        """A sequence of statements; buffers allocated here are freed at its end."""
        local = list(pool)
        scope = []
        for _ in range(2):
            self.new_buffer(local, scope)
        exit_at = nstmts // 2 if depth == 0 and "early-return" in self.shape else -1
        late = self.early_fill(local, scope) if depth == 0 and "early-fill" in self.shape else []
        for k in range(nstmts):
            if k == exit_at:
                self.early_exit(local, scope)
            if "calls" in self.shape and self.r.random() < 0.15:
                self.call(local)
                continue
            if "pad" in self.shape and self.r.random() < 0.15:
                self.pad(local, scope)
                continue
            r = self.r.random()
            if r < 0.12:
                self.new_buffer(local, scope)
            elif r < 0.20:
                self.update(local)
            elif r < 0.27:
                self.overwrite(local)
            elif r < 0.32:
                self.ew_chain(local, scope) if self.r.random() < 0.7 else self.concat(local, scope)
            elif r < 0.40:
                self.sub_update(local)
            elif r < 0.46:
                self.transpose_update(local)
            elif r < 0.53:
                self.named_update(local)
            elif r < 0.57:
                self.raw_views(local, scope)
            elif r < 0.61:
                self.select(local, conds)
            elif r < 0.66:
                self.scalar_io(local)
            elif r < 0.76 and len(local) > 2:
                self.retire(local)
            elif depth < self.max_depth:
                self.region(local, scope, depth + 1, conds)
            else:
                self.update(local)
        local += late
        # everything made here reaches the output before it dies
        for b in local:
            if b not in pool and self.r.random() < 0.7:
                self.accumulate(b)
        return scope

    # ---- shape pad: copies whose source dies at them
    def temp_from(self, x, scope):
        """A fresh 1-D temporary t = f(x), written by a generic straight
        into t (no view), freed at the end of the scope."""
        t = Buf(self.fresh("tmp"), (x.n,), x.elem)
        self.emit("%s = memref.alloc() : %s" % (t.name, t.type))
        scope.append(t.name)
        xv, xt = self.view1d(x)
        self.generic([(xv, xt, x.elem)], (t.name, t.type, t.elem),
                     lambda e, out: self.combine(e[0], e[0], x.elem, out))
        return t

    def pad(self, pool, scope):
        x = self.pick(pool, lambda b: b.n <= OUT_N // 2)
        if x is None:
            return
        n = 2 * x.n
        both = self.r.random() < 0.4
        if not both and "concat" in self.shape and self.r.random() < 0.5:
            self.pad_written_early(x, pool, scope)
            return
        temps = [self.temp_from(x, scope)]
        if both:
            y = self.pick(pool, lambda b: b.n == x.n and b.elem == x.elem)
            temps.append(self.temp_from(y, scope))
        if both:
            offs = [0, x.n]
            if "concat" in self.shape and self.r.random() < 0.5:
                offs[1] -= self.r.randint(1, max(1, x.n // 2))  # overlapping halves
                n = offs[1] + x.n  # every element written
        p = Buf(self.fresh("pad"), (n,), x.elem)
        self.emit("%s = memref.alloc() : %s" % (p.name, p.type))
        scope.append(p.name)
        self.uses[x.elem] += 1
        if not both:
            c = self.scalar_const(x.elem, self.r.randint(-3, 5))
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, x.elem, p.name, p.type))
            offs = [self.r.randint(0, x.n)]
        for t, off in zip(temps, offs):
            dt = mtype((x.n,), x.elem, "strided<[1], offset: %d>" % off)
            s = self.fresh("s")
            self.emit("%s = memref.subview %s[%d] [%d] [1] : %s to %s" % (s, p.name, off, x.n, p.type, dt))
            self.emit("memref.copy %s, %s : %s to %s" % (t.name, s, t.type, dt))
        pool.append(p)

    def pad_written_early(self, x, pool, scope):
        """Shape concat: the padded buffer p comes first, with a view e of
        it; the temporary t = f(x) is computed, then e is filled, then t is
        copied into its slice of p. Where e and the slice meet, t's values
        must win: the copy cannot become t's writer writing the slice."""
        n = 2 * x.n
        p = Buf(self.fresh("pad"), (n,), x.elem)
        self.emit("%s = memref.alloc() : %s" % (p.name, p.type))
        scope.append(p.name)
        self.uses[x.elem] += 1
        c = self.scalar_const(x.elem, self.r.randint(-3, 5))
        self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, x.elem, p.name, p.type))
        eoff, en = self.r.randint(0, n - x.n // 2), max(1, x.n // 2)
        et = mtype((en,), x.elem, "strided<[1], offset: %d>" % eoff)
        e = self.fresh("e")
        self.emit("%s = memref.subview %s[%d] [%d] [1] : %s to %s" % (e, p.name, eoff, en, p.type, et))
        t = self.temp_from(x, scope)
        c2 = self.scalar_const(x.elem, self.r.randint(-3, 5))
        self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c2, x.elem, e, et))
        off = self.r.randint(0, x.n)
        dt = mtype((x.n,), x.elem, "strided<[1], offset: %d>" % off)
        s = self.fresh("s")
        self.emit("%s = memref.subview %s[%d] [%d] [1] : %s to %s" % (s, p.name, off, x.n, p.type, dt))
        self.emit("memref.copy %s, %s : %s to %s" % (t.name, s, t.type, dt))
        pool.append(p)

    # ---- shape calls: private functions of the module
    def call(self, pool):
        """Either func.call @prog__hN(%x, %y), which keeps nothing: y = f(y,
        g(x)) through a scratch buffer the callee allocates and frees; or
        %r = func.call @prog__hN(%x), which returns its argument: the
        caller's buffer is kept by the call, and %r (a view of it) joins the
        pool."""
        x = self.pick(pool)
        y = self.pick(pool, lambda b: b.n == x.n and b is not x)
        name = "@prog__h%d" % (len(self.helpers) + 1)
        saved = self.lines, self.ind
        self.lines, self.ind = [], 4
        if y is None or self.r.random() < 0.3:
            self.emit("func.func private %s(%%a: %s) -> %s {" % (name, x.type, x.type))
            self.emit("  return %%a : %s" % x.type)
            self.emit("}")
            helper, self.lines, self.ind = self.lines, saved[0], saved[1]
            r = self.fresh("cr")
            self.emit("%s = func.call %s(%s) : (%s) -> %s" % (r, name, x.name, x.type, x.type))
            pool.append(Buf(r, x.shape, x.elem))
        else:
            self.emit("func.func private %s(%%a: %s, %%b: %s) {" % (name, x.type, y.type))
            self.ind += 2
            a, b = Buf("%a", x.shape, x.elem), Buf("%b", y.shape, y.elem)
            t = Buf(self.fresh("t"), y.shape, y.elem)
            self.emit("%s = memref.alloc() : %s" % (t.name, t.type))
            av, at = self.view1d(a)
            tv, tt = self.view1d(t)
            self.generic([(av, at, a.elem)], (tv, tt, t.elem),
                         lambda e, out: self.conv(e[0], a.elem, t.elem, out))
            tv, tt = self.view1d(t)
            bv, bt = self.view1d(b)
            self.generic([(tv, tt, t.elem)], (bv, bt, b.elem),
                         lambda e, out: self.combine(e[1], e[0], b.elem, out))
            self.emit("memref.dealloc %s : %s" % (t.name, t.type))
            self.emit("return")
            self.ind -= 2
            self.emit("}")
            helper, self.lines, self.ind = self.lines, saved[0], saved[1]
            self.emit("func.call %s(%s, %s) : (%s, %s) -> ()" % (name, x.name, y.name, x.type, y.type))
        self.helpers.append(helper)

    def early_exit(self, pool, scope):
        """Shape early-return: the function's body splits into two blocks; a
        condition on the input's data (the harness fills %in with values in
        (0, 1]) returns early after writing some buffers to the outputs and
        freeing what the top level allocated so far."""
        self.early_exits = getattr(self, "early_exits", 0) + 1
        n = self.early_exits
        x = self.fresh("x")
        self.emit("%s = memref.load %%in[%s] : memref<64xf32>" % (x, self.cidx(self.r.randrange(64))))
        lim = self.scalar_const("f32", self.r.choice([0.25, 0.5, 0.75]))
        p = self.fresh("p")
        self.emit("%s = arith.cmpf ogt, %s, %s : f32" % (p, x, lim))
        self.emit("cf.cond_br %s, ^exit%d, ^cont%d" % (p, n, n))
        self.emit("^exit%d:" % n)
        for b in pool:
            if b.name != "%in" and self.r.random() < 0.6:
                self.accumulate(b)
        self.free(scope)
        self.emit("return")
        self.emit("^cont%d:" % n)

    def reverse_add(self, src, dst):
        """dst[j] += src[n-1-j] (xor for i1), element by element: one buffer
        for both would read elements it has already changed."""
        sv, st = self.view1d(src)
        dv, dt = self.view1d(dst)
        j, k, x, y, r = (self.fresh("j"), self.fresh("k"), self.fresh("x"), self.fresh("x"),
                         self.fresh("x"))
        op = "arith.addf" if src.elem in FLOATS else "arith.xori" if src.elem == "i1" else "arith.addi"
        self.emit("scf.for %s = %s to %s step %s {" % (j, self.cidx(0), self.cidx(src.n), self.cidx(1)))
        self.emit("  %s = arith.subi %s, %s : index" % (k, self.cidx(src.n - 1), j))
        self.emit("  %s = memref.load %s[%s] : %s" % (x, sv, k, st))
        self.emit("  %s = memref.load %s[%s] : %s" % (y, dv, j, dt))
        self.emit("  %s = %s %s, %s : %s" % (r, op, y, x, src.elem))
        self.emit("  memref.store %s, %s[%s] : %s" % (r, dv, j, dt))
        self.emit("}")

    def for_recur(self, pool, depth, n, conds):
        """A recurrence as bufferization makes it: every iteration allocates
        its new buffer from the previous one (reached through the iter_arg,
        read while the new one is written) and frees the previous one under
        an ownership flag that starts false; the result goes back to an
        outer buffer."""
        a = self.pick(pool)
        iv, cur, own, res, y = (self.fresh("i"), self.fresh("cur"), self.fresh("own"),
                                self.fresh("rec"), self.fresh("y"))
        fl, tr = self.fresh("f"), self.fresh("t")
        self.emit("%s = arith.constant false" % fl)
        self.emit("%s = arith.constant true" % tr)
        self.emit("%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (%s, i1) {"
                  % (res, iv, self.cidx(self.r.randint(0, 1)), self.cidx(self.r.randint(4, 6)),
                     self.cidx(self.r.choice([1, 2])), cur, a.name, own, fl, a.type))
        self.ind += 2
        self.emit("%s = memref.alloc() : %s" % (y, a.type))
        self.emit("memref.copy %s, %s : %s to %s" % (cur, y, a.type, a.type))
        cb, yb = Buf(cur, a.shape, a.elem), Buf(y, a.shape, a.elem)
        scope = self.block([x for x in pool if x is not a] + [cb, yb], depth, n, conds)
        self.reverse_add(cb, yb)
        self.free(scope)
        self.emit("scf.if %s {" % own)
        self.emit("  memref.dealloc %s : %s" % (cur, a.type))
        self.emit("}")
        self.emit("scf.yield %s, %s : %s, i1" % (y, tr, a.type))
        self.ind -= 2
        self.emit("}")
        self.emit("memref.copy %s#0, %s : %s to %s" % (res, a.name, a.type, a.type))
        self.accumulate(Buf("%s#0" % res, a.shape, a.elem))  # observed in the outputs
        self.emit("scf.if %s#1 {" % res)
        self.emit("  memref.dealloc %s#0 : %s" % (res, a.type))
        self.emit("}")

    def region(self, pool, scope_out, depth, conds):
        kinds = ["for", "for_carried", "if", "if_yield", "while"]
        if self.parallel:  # a list of its own: other seeds keep their programs
            kinds += ["forall", "parallel"]
        if "carried-alloc" in self.shape:  # issue 17: recurrences over scf.for
            kinds += ["for_recur"]
        kind = self.r.choice(kinds)
        n = self.r.randint(2, 5)
        if kind in ("forall", "parallel"):
            # Per-iteration buffers (allocated and freed in the body). The
            # body may update outer buffers and the outputs from every
            # iteration: racy if iterations ran at once, deterministic in the
            # sequential lowering random_check.py uses.
            iv, k = self.fresh("i"), self.r.randint(2, 3)
            if kind == "forall":
                self.emit("scf.forall (%s) in (%d) {" % (iv, k))
            else:
                self.emit("scf.parallel (%s) = (%s) to (%s) step (%s) {"
                          % (iv, self.cidx(0), self.cidx(k), self.cidx(1)))
            self.ind += 2
            c = self.fresh("p")
            self.emit("%s = arith.cmpi eq, %s, %s : index" % (c, iv, self.cidx(1)))
            scope = self.block(pool, depth, n, conds + [c])
            self.free(scope)
            if kind == "parallel":
                self.emit("scf.reduce")
            self.ind -= 2
            self.emit("}")
        elif kind == "for":
            iv = self.fresh("i")
            self.emit("scf.for %s = %s to %s step %s {" % (iv, self.cidx(0), self.cidx(self.r.randint(2, 3)), self.cidx(1)))
            self.ind += 2
            c = self.fresh("p")
            self.emit("%s = arith.cmpi eq, %s, %s : index" % (c, iv, self.cidx(1)))
            scope = self.block(pool, depth, n, conds + [c])
            self.free(scope)
            self.ind -= 2
            self.emit("}")
        elif kind == "for_carried":
            # ping-pong: two outer buffers of one type swap roles every iteration
            a = self.pick(pool)
            b = self.pick(pool, lambda x: x.type == a.type and x is not a)
            if b is None:
                b = self.new_buffer(pool, scope_out, n=a.n, elem=a.elem)
                if b.type != a.type:
                    return
            iv, cur, nxt, res = self.fresh("i"), self.fresh("cur"), self.fresh("nxt"), self.fresh("res")
            self.emit("%s:2 = scf.for %s = %s to %s step %s iter_args(%s = %s, %s = %s) -> (%s, %s) {"
                      % (res, iv, self.cidx(0), self.cidx(self.r.randint(2, 4)), self.cidx(1),
                         cur, a.name, nxt, b.name, a.type, a.type))
            self.ind += 2
            cb, nb = Buf(cur, a.shape, a.elem), Buf(nxt, a.shape, a.elem)
            inner = [x for x in pool if x is not a and x is not b] + [cb, nb]
            scope = self.block(inner, depth, n, conds)
            # nxt = f(nxt, cur)
            nv, nt = self.view1d(nb)
            cv, ct = self.view1d(cb)
            self.generic([(cv, ct, a.elem)], (nv, nt, a.elem),
                         lambda e, out: self.combine(e[1], e[0], a.elem, out))
            self.free(scope)
            self.emit("scf.yield %s, %s : %s, %s" % (nxt, cur, a.type, a.type))
            self.ind -= 2
            self.emit("}")
            pool.append(Buf("%s#0" % res, a.shape, a.elem))
            pool.append(Buf("%s#1" % res, a.shape, a.elem))
        elif kind == "for_recur":
            self.for_recur(pool, depth, n, conds)
        elif kind in ("if", "if_yield"):
            c = self.r.choice(conds)
            x = self.pick(pool)
            y = self.pick(pool, lambda b: b.type == x.type and b is not x) if kind == "if_yield" else None
            if y is not None:
                r = self.fresh("ifr")
                self.emit("%s = scf.if %s -> (%s) {" % (r, c, x.type))
            else:
                self.emit("scf.if %s {" % c)
            for branch, yv in (("then", x), ("else", y)):
                self.ind += 2
                scope = self.block(pool, depth, n, conds)
                self.free(scope)
                if y is not None:
                    self.emit("scf.yield %s : %s" % (yv.name, x.type))
                self.ind -= 2
                self.emit("} else {" if branch == "then" else "}")
            if y is not None:
                pool.append(Buf(r, x.shape, x.elem))
        else:
            w, i0, i1 = self.fresh("wl"), self.fresh("j"), self.fresh("j")
            lim = self.cidx(self.r.randint(2, 3))
            self.emit("%s = scf.while (%s = %s) : (index) -> index {" % (w, i0, self.cidx(0)))
            self.ind += 2
            c = self.fresh("p")
            self.emit("%s = arith.cmpi slt, %s, %s : index" % (c, i0, lim))
            self.emit("scf.condition(%s) %s : index" % (c, i0))
            self.ind -= 2
            self.emit("} do {")
            self.emit("^bb0(%s: index):" % i1)
            self.ind += 2
            c2 = self.fresh("p")
            self.emit("%s = arith.cmpi eq, %s, %s : index" % (c2, i1, self.cidx(0)))
            scope = self.block(pool, depth, n, conds + [c2])
            self.free(scope)
            nx = self.fresh("j")
            self.emit("%s = arith.addi %s, %s : index" % (nx, i1, self.cidx(1)))
            self.emit("scf.yield %s : index" % nx)
            self.ind -= 2
            self.emit("}")

    def free(self, scope):
        for name in scope:
            self.emit("memref.dealloc %s : %s" % (name, self.alloc_types[name]))

    def module(self):
        self.alloc_types = _TypeLookup(self)
        pool = [Buf("%in", (64,), "f32")]
        t = self.fresh("p")
        self.emit("%s = arith.constant true" % t)
        f = self.fresh("p")
        self.emit("%s = arith.constant false" % f)
        scope = self.block(pool, 0, self.stmts, [t, f])
        self.free(scope)
        self.emit("return")
        consts = ["    %s = arith.constant %d : index" % (n, v) for v, n in sorted(self.consts.items())]
        outs = ", ".join("%%out_%s: %s" % (e, mtype((OUT_N,), e)) for e in TYPES)
        head = ["module {", "  func.func @prog(%%in: memref<64xf32>, %s) {" % outs]
        helpers = [line for h in self.helpers for line in h]
        return "\n".join(head + consts + self.lines + ["  }"] + helpers + ["}"]) + "\n"


class _TypeLookup(dict):
    """alloc name -> type, read from the emitted text on demand."""

    def __init__(self, gen):
        super().__init__()
        self.gen = gen

    def __getitem__(self, name):
        for line in reversed(self.gen.lines):
            s = line.strip()
            if s.startswith(name + " = memref.alloc()"):
                return s.rsplit(" : ", 1)[1]
        raise KeyError(name)


def main():
    ap = argparse.ArgumentParser(description="random bufferized program for memplan e2e tests")
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--stmts", type=int, default=14, help="statements at top level")
    ap.add_argument("--depth", type=int, default=2, help="maximum region nesting")
    ap.add_argument("--parallel-bodies", action="store_true",
                    help="also scf.forall and scf.parallel regions with buffers of their own")
    ap.add_argument("--shape", default="",
                    help="comma-separated extra shapes: " + ", ".join(SHAPES_EXTRA))
    a = ap.parse_args()
    text = Gen(a.seed, a.stmts, a.depth, a.parallel_bodies, a.shape).module()
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
