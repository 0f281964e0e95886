#!/usr/bin/env python3
"""Where one case's instructions go, per evaluation: runs EvaluateProbe under callgrind collecting only inside
its measured loop (`--toggle-collect` on the probe's loop functions, so start-up and data generation are left
out), then prints the functions with the most instructions including their callees (inclusive Ir; recursive
calls are counted at every level), the functions and the source lines that execute the most instructions
themselves (exclusive Ir), and the functions that call swift_retain / swift_release or allocate (swift_allocObject,
swift_slowAlloc, malloc), each divided by the number of evaluations, with Swift names demangled.

Usage: Scripts/callgrind-profile.py [-n N] [--top K] CASE:ENGINE ...   e.g.  O3:predicatelang-schema
       (form changes: forms-change:CONDITIONS or forms-chain:LENGTH, one change per evaluation; form loads:
       forms-load:CONDITIONS or forms-load-json:CONDITIONS, one load per evaluation; compiles: compile:CASE
       or compile:O100 or compile:O100-arguments, one compile per evaluation; the compile cache: cache-hit:CASE, one lookup)
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNTIME = re.compile(r"^swift_(nonatomic_)?(retain|release|bridgeObjectRetain|bridgeObjectRelease|"
                            r"unknownObjectRetain|unknownObjectRelease)(_n)?$|^swift_allocObject$|^swift_slowAlloc$|"
                            r"^malloc$")
# The probe's measured loops (the Evaluate cases' `run`, the Objects cases' `runOrders`, the form changes'
# `ChangeFixture.run`, the compiles' `compileRepeatedly` and `compileCorpus`, the cache lookups' `lookUpRepeatedly`, the loads'
# `loadForms`); each runs once for the 16-evaluation warm-up and once for the measured iterations, except the
# loads' (no warm-up: one load is thousands of compiles).
LOOPS = ["$s13EvaluateProbe3runySiSbSiXE_SitF", "$s13EvaluateProbe9runOrdersySiSbSiXE_SitF",
         "$s16BenchmarkSupport13ChangeFixtureC3runyySi10FormEngine0F5ErrorVYKF",
         "$s13EvaluateProbe17compileRepeatedly_7symbols_SiSS_13PredicateLang11SymbolTableVSgSitF",
         "$s13EvaluateProbe17compileRepeatedly_9arguments_SiSS_Say13PredicateLang5ValueOGSitF",
         "$s13EvaluateProbe13compileCorpusySiSay16BenchmarkSupport0D9PredicateVG_SitF",
         "$s13EvaluateProbe16lookUpRepeatedly__7symbols_Si13PredicateLang0G5CacheC_SSAD11SymbolTableVSitF",
         "$s13EvaluateProbe9loadForms_4json_y10FormEngine0F10DefinitionV_SSSgSitF"]
WARM_UP = 16
NO_WARM_UP = ("forms-load", "forms-load-json")
# Swift seeds its hash function per process; a fixed seed makes dictionary probes, and so the counts, repeatable.
PROBE_ENVIRONMENT = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")


def parse(path):
    """(function -> self Ir, (file, line, function) -> self Ir, (caller, callee) -> runtime calls, total Ir)
    from an uncompressed callgrind file."""
    by_function, by_line, retainers = collections.Counter(), collections.Counter(), collections.Counter()
    inclusive = collections.Counter()
    total = 0
    file_name = function = callee = ""
    skip_next_cost = False
    runtime_calls = 0
    with open(path, errors="replace") as handle:
        for raw in handle:
            line = raw.rstrip("\n")
            if not line:
                continue
            if line.startswith(("fl=", "fi=", "fe=")):
                file_name = line[3:]
            elif line.startswith("fn="):
                function = line[3:]
            elif line.startswith("cfn="):
                callee = line[4:]
            elif line.startswith("calls="):
                skip_next_cost = True  # the next cost line is the call's inclusive cost, at the call's line
                runtime_calls = int(line[6:].split()[0]) if RUNTIME.match(callee) and not RUNTIME.match(function) else 0
            elif line[0].isdigit():
                fields = line.split()
                if len(fields) < 2:
                    continue
                cost = int(fields[1])
                inclusive[function] += cost
                if skip_next_cost:
                    skip_next_cost = False
                    if runtime_calls:
                        retainers[(function, callee, f"{short(file_name)}:{fields[0]}")] += runtime_calls
                    continue
                by_function[function] += cost
                by_line[(file_name, int(fields[0]), function)] += cost
                total += cost
    return inclusive, by_function, by_line, retainers, total


def demangle(names):
    """Swift-demangles `names` in one `swift demangle` call (unchanged when it is not available)."""
    try:
        result = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True,
                                text=True, check=True)
        lines = result.stdout.split("\n")
        return lines[:len(names)] if len(lines) >= len(names) else names
    except (OSError, subprocess.CalledProcessError):
        return names


def short(path):
    for marker in ("/Sources/", "/Benchmarks/"):
        if marker in path:
            return path[path.index(marker) + 1:]
    return os.path.basename(path) if path else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=20000, help="measured iterations (default 20000)")
    parser.add_argument("--top", type=int, default=15, help="rows per table (default 15)")
    parser.add_argument("specs", nargs="+", metavar="CASE:ENGINE")
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "EvaluateProbe"], cwd=HERE, check=True,
                   stdout=sys.stderr)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, check=True,
                              capture_output=True, text=True).stdout.strip()
    probe = os.path.join(bin_path, "EvaluateProbe")
    with tempfile.TemporaryDirectory() as workdir:
        for spec in args.specs:
            case, _, engine = spec.rpartition(":")
            evaluations = args.n + (0 if case in NO_WARM_UP else WARM_UP)
            out = os.path.join(workdir, "cg.out")
            command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--compress-strings=no",
                       "--compress-pos=no"] + [f"--toggle-collect={loop}" for loop in LOOPS]
            subprocess.run(command + [probe, case, engine, str(args.n)], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=PROBE_ENVIRONMENT)
            inclusive, by_function, by_line, retainers, total = parse(out)
            print(f"\n### `{spec}`: {total / evaluations:.1f} Ir per evaluation (inside the loop)\n")
            # The loop and its callers include everything; list what runs inside it.
            functions = [item for item in inclusive.most_common() if item[1] < total][:args.top]
            names = demangle([name for name, _ in functions])
            print("| Ir/eval | share | function (inclusive) |")
            print("|---|---|---|")
            for (_, cost), name in zip(functions, names):
                print(f"| {cost / evaluations:.1f} | {100 * cost / total:.1f}% | `{name[:160]}` |")
            print()
            functions = by_function.most_common(args.top)
            names = demangle([name for name, _ in functions])
            print("| Ir/eval | share | function (exclusive) |")
            print("|---|---|---|")
            for (_, cost), name in zip(functions, names):
                print(f"| {cost / evaluations:.1f} | {100 * cost / total:.1f}% | `{name[:160]}` |")
            lines = [item for item in by_line.most_common() if item[0][1] > 0][:args.top]
            names = demangle([function for (_, _, function), _ in lines])
            print("\n| Ir/eval | share | source line (exclusive) | in |")
            print("|---|---|---|---|")
            for ((file_name, number, _), cost), name in zip(lines, names):
                print(f"| {cost / evaluations:.1f} | {100 * cost / total:.1f}% | `{short(file_name)}:{number}` "
                      f"| `{name[:100]}` |")
            callers = retainers.most_common(args.top)
            if callers:
                names = demangle([caller for (caller, _, _), _ in callers])
                print("\n| calls/eval | callee | caller | at |")
                print("|---|---|---|---|")
                for ((_, callee, site), count), name in zip(callers, names):
                    print(f"| {count / evaluations:.2f} | `{callee}` | `{name[:120]}` | `{site}` |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
