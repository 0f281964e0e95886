#!/usr/bin/env bash
# Builds the libFuzzer harnesses (reliability.md §8.3, recipe B) and runs one of them.
#   Fuzz/run.sh [harness] [seconds] [extra libFuzzer flags...]
#   harness: FuzzPredicate | FuzzForm | FuzzTypedJSON | all (default: all, each for [seconds])
#   seconds: run time per harness (default 60)
# Environment: FUZZ_CONFIG=debug|release (default release), FUZZ_JOBS=n (libFuzzer -jobs/-workers; unset = one process),
#              FUZZ_BUILD_ONLY=1 (build, don't run), FUZZ_SKIP_BUILD=1 (run the binary already built),
#              FUZZ_ASAN=0 (libFuzzer only, no AddressSanitizer/LeakSanitizer: several times the exec/s for
#              long runs; builds into .build-noasan/ so the ASan binaries stay; traps and timeouts are
#              still findings, memory errors and leaks are not — keep an ASan run for those).
# Findings land in Fuzz/artifacts/<harness>/ (crash-*, timeout-*, leak-*, oom-*); the corpus in
# Fuzz/corpus/<harness>/ grows with new coverage. Exit status: 0 clean, 1 finding or build failure.
set -euo pipefail
cd "$(dirname "$0")"

HARNESS="${1:-all}"
SECONDS_PER_HARNESS="${2:-60}"
shift $(( $# > 2 ? 2 : $# ))
CONFIG="${FUZZ_CONFIG:-release}"
SCRATCH=".build"
SANITIZERS="fuzzer,address"
if [ "${FUZZ_ASAN:-1}" = 0 ]; then SCRATCH=".build-noasan"; SANITIZERS="fuzzer"; fi
ALL=(FuzzPredicate FuzzForm FuzzTypedJSON)

case "$HARNESS" in
    all) HARNESSES=("${ALL[@]}") ;;
    FuzzPredicate|FuzzForm|FuzzTypedJSON) HARNESSES=("$HARNESS") ;;
    *) echo "usage: $0 [FuzzPredicate|FuzzForm|FuzzTypedJSON|all] [seconds] [libFuzzer flags...]" >&2; exit 2 ;;
esac

# The Swift runtime's crash backtracer confuses ASan and can leave a helper process behind (§7.2).
export SWIFT_BACKTRACE=enable=no
# Leaks are findings; ASan's default exit code for them is 23, libFuzzer turns it into a leak-* artifact.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"

status=0
for h in "${HARNESSES[@]}"; do
    if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
    echo "== building $h ($CONFIG, --sanitize=fuzzer -Xswiftc -sanitize=$SANITIZERS, in Fuzz/$SCRATCH)"
    # Exactly the recipe that keeps coverage on 6.3.1: SwiftPM's fuzzer flag (renames the entry point)
    # plus ASan through -Xswiftc. `--sanitize=fuzzer --sanitize=address` builds WITHOUT coverage.
    # A failed build must stop here: running the binary of an earlier build would fuzz stale code.
    # (pipefail: the condition fails when swift build does.)
    if ! swift build -c "$CONFIG" --scratch-path "$SCRATCH" --product "$h" --sanitize=fuzzer -Xswiftc -sanitize="$SANITIZERS" 2>&1 \
        | { grep -v -E "Cannot export local symbol '__asan" || true; }; then
        echo "run.sh: building $h failed" >&2; status=1; continue
    fi
    fi
    bin="$SCRATCH/$CONFIG/$h"
    if [ ! -x "$bin" ]; then echo "run.sh: $bin was not built" >&2; status=1; continue; fi
    [ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && continue

    mkdir -p "corpus/$h" "artifacts/$h"
    dict=()
    [ "$h" = FuzzPredicate ] && dict=(-dict=predicate.dict)
    [ "$h" = FuzzForm ] && dict=(-dict=form.dict)
    [ "$h" = FuzzTypedJSON ] && dict=(-dict=json.dict)
    echo "== running $h for ${SECONDS_PER_HARNESS}s"
    # -timeout: a single input taking 2 s is a finding (hang); -rss_limit_mb: memory blow-up is one too.
    # New corpus entries go to a scratch directory first so the committed seeds stay small.
    mkdir -p ".work/$h"
    # FUZZ_JOBS=n runs n jobs on n workers (libFuzzer fork-per-job mode; output in fuzz-<n>.log).
    jobs=()
    [ -n "${FUZZ_JOBS:-}" ] && jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
    if ! "$bin" "${dict[@]}" -max_total_time="$SECONDS_PER_HARNESS" -timeout=2 -rss_limit_mb=2048 \
        -max_len=4096 "${jobs[@]}" -print_final_stats=1 \
        -artifact_prefix="artifacts/$h/" "$@" ".work/$h" "corpus/$h"; then
        echo "run.sh: $h reported a finding; see Fuzz/artifacts/$h/" >&2
        status=1
    fi
done
exit $status
