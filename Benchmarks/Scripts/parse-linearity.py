#!/usr/bin/env python3
"""Parsing and compiling are linear in the source: instruction counts (callgrind, deterministic) of
`predc format` (lex, parse, print) and `predc eval` (lex, parse, compile, evaluate) on inputs of size N and 2N
for each shape that was once quadratic, with the start-up cost (a one-comparison predicate) subtracted. A linear
pass doubles (ratio 2.0); a quadratic one quadruples. The script fails when a ratio exceeds --max-ratio.

Usage: Scripts/parse-linearity.py [--predc PATH] [--max-ratio 2.6]
       (builds `predc` in release mode from the root package unless --predc is given; needs valgrind)
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def key_path(n):
    return ".".join(f"a{i % 100}" for i in range(n)) + " == 1"


def and_chain(n):
    return " AND ".join(f"k{i}.x == {i}" for i in range(n))


def variables(n):
    return " OR ".join(f"$v{i} == {i}" for i in range(n))


def aggregate(n):
    return "a IN {" + ", ".join(f"'s{i}'" for i in range(n)) + "}"


def strings(n):
    return " OR ".join("a == '" + "x" * 4096 + "'" for _ in range(n))


# (name, builder, N): 2N is at or near the limits (64 KiB of source, 10,000 nodes, 1,000 elements).
SHAPES = [
    ("key path (components)", key_path, 8000),
    ("AND chain of distinct key paths (terms)", and_chain, 1500),
    ("OR chain of variables (terms)", variables, 1600),
    ("aggregate (elements)", aggregate, 500),
    ("4 KiB strings (literals)", strings, 7),
]


def instructions(predc, command, text, workdir):
    out = os.path.join(workdir, "cg.out")
    arguments = [predc, command, text] + (["--object", "{}"] if command == "eval" else [])
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + arguments,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    with open(out, errors="replace") as handle:
        for line in handle:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError(f"no callgrind totals for {command}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--predc", help="a release build of predc (default: build one)")
    parser.add_argument("--max-ratio", type=float, default=2.6)
    options = parser.parse_args()
    predc = options.predc
    if not predc:
        subprocess.run(["swift", "build", "-c", "release", "--product", "predc"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        predc = os.path.join(ROOT, ".build", "release", "predc")
    failed = False
    with tempfile.TemporaryDirectory() as workdir:
        print(f"{'shape':42} {'command':8} {'N':>6} {'bytes N':>8} {'Ir(N)':>14} {'Ir(2N)':>14} {'ratio':>6}")
        for command in ["format", "eval"]:
            base = instructions(predc, command, "a == 1", workdir)
            for name, build, n in SHAPES:
                small, large = build(n), build(2 * n)
                first = instructions(predc, command, small, workdir) - base
                second = instructions(predc, command, large, workdir) - base
                ratio = second / max(first, 1)
                failed |= ratio > options.max_ratio
                print(f"{name:42} {command:8} {n:>6} {len(small.encode()):>8} {first:>14,} {second:>14,} {ratio:>6.2f}")
    if failed:
        print(f"FAILED: a ratio above {options.max_ratio} (2.0 is linear, 4.0 quadratic)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
