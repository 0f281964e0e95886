#!/usr/bin/env bash
# run.sh: the one command that runs every benchmark and prints the results table.
#   1. swift package benchmark (all suites, stored as baseline "current" in .benchmarkBaselines/)
#   2. swift package benchmark thresholds check: the zero-allocation gates in Thresholds/ (exit 2 on regression)
#   3. filter-vs-jq.sh: predc filter against jq on a generated 1,000,000-line file; then the first compile in 15
#      fresh processes (EvaluateProbe first-compile)
#   4. Scripts/callgrind-counts.py: instructions, retains/releases and allocations per evaluation (valgrind) for
#      the Objects cases and P1 in form mode and on a dictionary, and per form change and form load (issue 16)
#   5. Scripts/report.py: one markdown table of medians and ratios against the targets, written to
#      results/results.md, plus results/forms-change-cost.svg
# Usage: Benchmarks/run.sh [--no-filter-vs-jq] [--no-counts] [--filter REGEX] [other `swift package benchmark` options]
# Exit status: non-zero when a suite fails its equal-answer check, an allocation gate fails, or a step fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

run_filter=1
run_counts=1
benchmark_args=()
for argument in "$@"; do
    case "$argument" in
        --no-filter-vs-jq) run_filter=0 ;;
        --no-counts) run_counts=0 ;;
        *) benchmark_args+=("$argument") ;;
    esac
done
baseline=current
raw=.build/results
load_start="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
mkdir -p "$raw" results
status=0

echo "== 1/5 swift package benchmark (baseline '$baseline')" >&2
if ! swift package --allow-writing-to-package-directory benchmark baseline update "$baseline" --no-progress \
    ${benchmark_args[@]+"${benchmark_args[@]}"} >&2; then
    echo "run.sh: a benchmark failed (see the CHECK FAILED message above)" >&2
    exit 1
fi

echo "== 2/5 allocation thresholds (Thresholds/*.p90.json)" >&2
swift package benchmark thresholds check "$baseline" --no-progress >&2
threshold_status=$?
if [ "$threshold_status" -ne 0 ]; then
    echo "run.sh: allocation thresholds check failed (exit $threshold_status)" >&2
    status=2
fi

rm -f "$raw/$baseline.jmh.json"
swift package --allow-writing-to-directory "$raw" benchmark baseline read "$baseline" --format jmh --path "$raw" \
    --no-progress >/dev/null 2>&1 || { echo "run.sh: cannot export the baseline" >&2; exit 1; }

filter_json=""
if [ "$run_filter" -eq 1 ]; then
    echo "== 3/5 predc filter vs jq" >&2
    if ./filter-vs-jq.sh --export "$raw/filter.json"; then
        filter_json="$raw/filter.json"
    else
        echo "run.sh: filter-vs-jq.sh failed" >&2
        status=1
    fi
fi

# The first compile in a process (issue 16: no spike above 50 µs): one sample per fresh process.
first_compile_json="$raw/first-compile.json"
rm -f "$first_compile_json"
if swift build -c release --product EvaluateProbe >/dev/null 2>&1; then
    probe="$(swift build -c release --show-bin-path)/EvaluateProbe"
    if ! (echo "["; for run in $(seq 1 15); do
        "$probe" first-compile || exit 1
        if [ "$run" -lt 15 ]; then echo ","; fi
    done; echo "]") > "$first_compile_json"; then
        echo "run.sh: first-compile probe failed" >&2
        rm -f "$first_compile_json"
        status=1
    fi
else
    echo "run.sh: cannot build EvaluateProbe for the first-compile samples" >&2
    status=1
fi

counts_json=""
if [ "$run_counts" -eq 1 ]; then
    echo "== 4/5 instruction counts (valgrind)" >&2
    if ! command -v valgrind >/dev/null; then
        echo "run.sh: valgrind is not installed; skipping the instruction counts" >&2
    else
        count_specs=(P1:predicatelang P1:predicatelang-keypath P2:predicatelang P3:predicatelang
            P1:hand-written P2:hand-written P3:hand-written)
        for case in O1 O2 O3 O4 O5 O6; do
            count_specs+=("$case:predicatelang-schema" "$case:predicatelang-schema-count" "$case:predicatelang-schema-batch"
                "$case:hand-written")
        done
        count_specs+=(O4:hand-tuned)
        rm -f "$raw/counts.json" "$raw/counts-evaluate.json" "$raw/counts-forms-"*.json
        # Issue 16's form targets: one change (2,000 changes per run) and one load from JSON (a few loads
        # per run), counted apart because their iteration counts differ; the rows are joined for the report.
        if Scripts/callgrind-counts.py --json "$raw/counts-evaluate.json" "${count_specs[@]}" >&2 \
            && Scripts/callgrind-counts.py -n 2000 --json "$raw/counts-forms-change.json" \
                forms-change:100 forms-change:1000 forms-change:10000 forms-change:100000 >&2 \
            && Scripts/callgrind-counts.py -n 4 --json "$raw/counts-forms-load-1k.json" forms-load-json:1000 >&2 \
            && Scripts/callgrind-counts.py -n 2 --json "$raw/counts-forms-load-10k.json" forms-load-json:10000 >&2 \
            && python3 -c 'import json, sys; json.dump(sum((json.load(open(p)) for p in sys.argv[2:]), []), open(sys.argv[1], "w"), indent=1)' \
                "$raw/counts.json" "$raw/counts-evaluate.json" "$raw/counts-forms-change.json" \
                "$raw/counts-forms-load-1k.json" "$raw/counts-forms-load-10k.json"; then
            counts_json="$raw/counts.json"
        else
            echo "run.sh: callgrind-counts.py failed" >&2
            status=1
        fi
    fi
fi

echo "== 5/5 report" >&2
cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
header="# PredicateLang benchmark results

Machine: $(nproc) × ${cpu:-unknown CPU}, $(uname -sr); $(swift --version 2>/dev/null | head -1).
Date: $(date -u '+%Y-%m-%d %H:%M UTC'). Command: \`Benchmarks/run.sh${*:+ $*}\` (release build, medians).
Load average (1, 5, 15 min) at the start: $load_start; at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
(the machine has $(nproc) cores shared with other work: wall-clock figures include that contention)."
python3 Scripts/report.py --baseline "$baseline" --jmh "$raw/$baseline.jmh.json" \
    ${filter_json:+--filter "$filter_json"} ${counts_json:+--counts "$counts_json"} \
    $([ -f "$first_compile_json" ] && echo --first-compile "$first_compile_json") \
    --svg results/forms-change-cost.svg --header "$header" \
    > results/results.md || status=2
cat results/results.md
exit "$status"
