"""Checks an SVG written by memplan render: parses it as XML (expat: also
rejects bytes that are not UTF-8), checks that it is at most MAX_BYTES long,
and prints "well-formed", the text of each x-axis tick label ("x label T",
the labels centred under the plot: class "ax", text-anchor "middle") and
"end". Exits 1 with the reason otherwise.

usage: svg-check.py FILE.svg MAX_BYTES"""
import os
import sys
import xml.etree.ElementTree as ET

path, limit = sys.argv[1], int(sys.argv[2])
size = os.path.getsize(path)
if size > limit:
    sys.exit("%s: %d bytes, more than %d" % (path, size, limit))
try:
    root = ET.parse(path).getroot()
except ET.ParseError as e:
    sys.exit("%s: not well-formed: %s" % (path, e))
print("well-formed")
ns = "{http://www.w3.org/2000/svg}"
for t in root.iter(ns + "text"):
    if t.get("class") == "ax" and t.get("text-anchor") == "middle" and t.text != "schedule step":
        print("x label %s" % t.text)
for t in root.iter(ns + "title"):
    print("title %s" % t.text)
print("end")
