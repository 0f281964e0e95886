#!/usr/bin/env python3
"""Deterministic per-evaluation counts for Evaluate cases (the anchors' §3.1 method): runs EvaluateProbe at N and
2N iterations under valgrind and divides the differences by N, so start-up cost cancels out.

  Ir/eval          instructions executed (callgrind)
  retain, release  calls of swift_retain / swift_release and their variants (callgrind call-edge counts), from
                   outside the runtime: the swift_retain that swift_bridgeObjectRetain makes is the same
                   retain, so calls made by one of these functions are not counted again
  allocs/eval      heap allocations (memcheck "total heap usage")

Usage: Scripts/callgrind-counts.py [-n N] [--json PATH] CASE:ENGINE ...   e.g.  P1:predicatelang P1:hand-written
       (form probes: forms-change:CONDITIONS counts one change, forms-load-json:CONDITIONS one load from JSON;
       give loads a small -n, e.g. -n 4)
       (--json also writes the rows as a JSON list, which Scripts/report.py --counts reads)
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Swift seeds its hash function per process; a fixed seed makes dictionary probes, and so the counts, repeatable.
PROBE_ENVIRONMENT = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
RETAIN = re.compile(r"^swift_(nonatomic_)?(retain|bridgeObjectRetain|unknownObjectRetain)(_n)?$")
RELEASE = re.compile(r"^swift_(nonatomic_)?(release|bridgeObjectRelease|unknownObjectRelease)(_n)?$")


def callgrind(probe, case, engine, iterations, workdir):
    out = os.path.join(workdir, f"cg.{iterations}")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", probe, case, engine,
                    str(iterations)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=PROBE_ENVIRONMENT)
    names, total, retains, releases = {}, 0, 0, 0
    caller = callee = None
    with open(out, errors="replace") as handle:
        for line in handle:
            if line.startswith(("fn=", "cfn=")):
                key, _, rest = line.rstrip("\n").partition("=")
                match = re.match(r"\((\d+)\)(?: (.*))?$", rest)
                if match:
                    if match.group(2):
                        names[match.group(1)] = match.group(2)
                    name = names.get(match.group(1), "")
                else:
                    name = rest
                if key == "cfn":
                    callee = name
                else:
                    caller = name
            elif line.startswith("calls="):
                count = int(line[6:].split()[0])
                if caller and (RETAIN.match(caller) or RELEASE.match(caller)):
                    pass
                elif callee and RETAIN.match(callee):
                    retains += count
                elif callee and RELEASE.match(callee):
                    releases += count
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    return total, retains, releases


def heap_allocations(probe, case, engine, iterations):
    result = subprocess.run(["valgrind", "--tool=memcheck", probe, case, engine, str(iterations)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
                            env=PROBE_ENVIRONMENT)
    match = re.search(r"total heap usage: ([\d,]+) allocs", result.stderr)
    if not match:
        sys.exit("callgrind-counts: memcheck printed no heap summary")
    return int(match.group(1).replace(",", ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=20000, help="iterations of the shorter run (default 20000)")
    parser.add_argument("--json", help="also write the rows to this JSON file")
    parser.add_argument("specs", nargs="+", metavar="CASE:ENGINE")
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "EvaluateProbe"], cwd=HERE, check=True,
                   stdout=sys.stderr)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, check=True,
                              capture_output=True, text=True).stdout.strip()
    probe = os.path.join(bin_path, "EvaluateProbe")
    n = args.n
    print(f"| case:engine | Ir/eval | retain/eval | release/eval | allocs/eval |")
    print(f"|---|---|---|---|---|")
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for spec in args.specs:
            case, _, engine = spec.rpartition(":")
            ir1, rt1, rl1 = callgrind(probe, case, engine, n, workdir)
            ir2, rt2, rl2 = callgrind(probe, case, engine, 2 * n, workdir)
            m = max(1, n // 10)
            a1 = heap_allocations(probe, case, engine, m)
            a2 = heap_allocations(probe, case, engine, 2 * m)
            row = {"spec": spec, "ir": (ir2 - ir1) / n, "retain": (rt2 - rt1) / n, "release": (rl2 - rl1) / n,
                   "allocs": (a2 - a1) / m, "iterations": n}
            rows.append(row)
            print(f"| `{spec}` | {row['ir']:.1f} | {row['retain']:.2f} | {row['release']:.2f} "
                  f"| {row['allocs']:.2f} |", flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
