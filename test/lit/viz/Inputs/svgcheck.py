"""Parses an SVG with python's XML parser (an independent reader) and prints
facts for FileCheck: the number of buffer rectangles (class c<k>), of
merged-coverage runs, of peak / lower-bound / marker lines, the texts of the
line labels, and the file size in bytes."""
import os
import re
import sys
import xml.etree.ElementTree as ET

path = sys.argv[1]
NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(path).getroot()
assert root.tag == NS + "svg", root.tag
rects = [e for e in root.iter(NS + "rect") if re.fullmatch(r"c\d+( ns)?", e.get("class", ""))]
cov = [e for g in root.iter(NS + "g") if g.get("class") == "cov" for e in g.iter(NS + "rect")]
lines = {}
for e in root.iter(NS + "line"):
    lines[e.get("class")] = lines.get(e.get("class"), 0) + 1
print("rects=%d coverage=%d" % (len(rects), len(cov)))
print("peak-lines=%d lb-lines=%d marks=%d" % (lines.get("peak", 0), lines.get("lb", 0), lines.get("mark", 0)))
for e in root.iter(NS + "text"):
    if e.get("class") in ("pk", "lbt", "t", "s", "lab"):
        print("text[%s]: %s" % (e.get("class"), e.text))
for e in rects:
    t = e.find(NS + "title")
    if t is not None and len(rects) <= 10:
        print("title: %s" % t.text)
print("bytes=%d" % os.path.getsize(path))
