#!/usr/bin/env python3
"""Writes arena ARENA of a memplan-static JSON report as a CSV problem with
the plan's offsets (id,lower,upper,size,alignment,offset), for `memplan
check`: the independent validator re-checks what the pass planned."""
import json
import sys

report, arena = json.load(open(sys.argv[1])), int(sys.argv[2])
a = [x for x in report["arenas"] if x["arena"] == arena][0]
print("id,lower,upper,size,alignment,offset")
for b in a["buffers"]:
    print("%s,%d,%d,%d,%d,%d" % (b["id"].lstrip("%").replace("@", "_").replace(":", "_"),
                                b["start"], b["end"], b["size"], b["alignment"], b["offset"]))
