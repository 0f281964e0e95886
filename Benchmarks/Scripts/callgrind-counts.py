#!/usr/bin/env python3
"""Deterministic per-evaluation counts for Evaluate cases (the anchors' §3.1 method): runs EvaluateProbe at N and
2N iterations under valgrind and divides the differences by N, so start-up cost cancels out.

  Ir/eval          instructions executed (callgrind)
  retain, release  calls of swift_retain / swift_release and their variants (callgrind call-edge counts)
  allocs/eval      heap allocations (memcheck "total heap usage")

Usage: Scripts/callgrind-counts.py [-n N] CASE:ENGINE ...   e.g.  P1:predicatelang P1:hand-written P1:foundation
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RETAIN = re.compile(r"^swift_(nonatomic_)?(retain|bridgeObjectRetain|unknownObjectRetain)(_n)?$")
RELEASE = re.compile(r"^swift_(nonatomic_)?(release|bridgeObjectRelease|unknownObjectRelease)(_n)?$")


def callgrind(probe, case, engine, iterations, workdir):
    out = os.path.join(workdir, f"cg.{iterations}")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", probe, case, engine,
                    str(iterations)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names, total, retains, releases = {}, 0, 0, 0
    callee = None
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
            elif line.startswith("calls="):
                count = int(line[6:].split()[0])
                if callee and RETAIN.match(callee):
                    retains += count
                elif callee and RELEASE.match(callee):
                    releases += count
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    return total, retains, releases


def heap_allocations(probe, case, engine, iterations):
    result = subprocess.run(["valgrind", "--tool=memcheck", probe, case, engine, str(iterations)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    match = re.search(r"total heap usage: ([\d,]+) allocs", result.stderr)
    if not match:
        sys.exit("callgrind-counts: memcheck printed no heap summary")
    return int(match.group(1).replace(",", ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=20000, help="iterations of the shorter run (default 20000)")
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
    with tempfile.TemporaryDirectory() as workdir:
        for spec in args.specs:
            case, _, engine = spec.rpartition(":")
            ir1, rt1, rl1 = callgrind(probe, case, engine, n, workdir)
            ir2, rt2, rl2 = callgrind(probe, case, engine, 2 * n, workdir)
            a1 = heap_allocations(probe, case, engine, n // 10)
            a2 = heap_allocations(probe, case, engine, 2 * (n // 10))
            print(f"| `{spec}` | {(ir2 - ir1) / n:.1f} | {(rt2 - rt1) / n:.2f} | {(rl2 - rl1) / n:.2f} "
                  f"| {(a2 - a1) / (n // 10):.2f} |", flush=True)


if __name__ == "__main__":
    main()
