#!/usr/bin/env bash
# filter-vs-jq.sh: whole-process time of `predc filter` against `jq -c 'select(...)'` on the same generated
# 1,000,000-line JSON Lines file. Checks first that both print exactly the same lines (byte for byte), then
# times both with hyperfine (installed from Debian if missing; /usr/bin/time-style fallback otherwise).
#
# Usage: Benchmarks/filter-vs-jq.sh [--lines N] [--runs N] [--export FILE.json]
# Environment: PREDC=/path/to/predc skips building it; FILTER_DATA_DIR (default /tmp/predc-filter-bench).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
lines=1000000
runs=5
export_file=""
while [ $# -gt 0 ]; do
    case "$1" in
        --lines) lines="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --export) export_file="$2"; shift 2 ;;
        *) echo "filter-vs-jq.sh: unknown option $1" >&2; exit 64 ;;
    esac
done

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
    echo "filter-vs-jq.sh: installing $1 from Debian" >&2
    as_root apt-get update >/dev/null && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$1" >/dev/null
}
command -v jq >/dev/null || apt_install jq
command -v hyperfine >/dev/null || apt_install hyperfine || true

# predc, release build, in a scratch directory inside Benchmarks/.build (ignored by git).
if [ -z "${PREDC:-}" ]; then
    swift build -c release --product predc --package-path "$here/.." --scratch-path "$here/.build/predc" >&2
    PREDC="$(swift build -c release --product predc --package-path "$here/.." --scratch-path "$here/.build/predc" --show-bin-path)/predc"
fi

# The data: deterministic, compact JSON as jq -c prints it (so both tools' outputs compare byte for byte).
data_dir="${FILTER_DATA_DIR:-/tmp/predc-filter-bench}"
mkdir -p "$data_dir"
data="$data_dir/people-$lines.jsonl"
if [ ! -s "$data" ]; then
    echo "filter-vs-jq.sh: generating $data" >&2
    python3 - "$lines" "$data" <<'PY'
import json, random, sys
count, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261121)
names = ["Alice", "Bob", "Andrew", "Annie", "Zoe", "Hannah", "Aaron", "Emile", "Chloe", "Anais", "Dmitri",
         "Lee", "Mia", "Noah", "Olivia", "Amelia", "Jack", "Isla", "Arthur", "Ava"]
countries = ["NZ", "AU", "CA", "US", "GB", "FR", "DE", "IE", "JP", "BR"]
languages = ["swift", "go", "rust", "python", "c", "java", "kotlin", "ruby"]
with open(path, "w") as out:
    for i in range(count):
        row = {"id": i, "name": rng.choice(names) + " " + rng.choice(names), "age": rng.randint(12, 90),
               "country": rng.choice(countries), "score": rng.randint(0, 100),
               "languages": rng.sample(languages, rng.randint(0, 3)), "active": rng.random() < 0.8,
               "email": f"user{i}@example.com"}
        out.write(json.dumps(row, separators=(",", ":")) + "\n")
PY
fi

predicate="age >= 30 AND country IN {'NZ', 'AU', 'CA'} AND name BEGINSWITH 'A' AND score > 50 AND active == YES"
jq_filter='select(.age >= 30 and (.country == "NZ" or .country == "AU" or .country == "CA") and (.name | startswith("A")) and .score > 50 and .active == true)'

# Same answers first.
"$PREDC" filter "$predicate" "$data" > "$data_dir/predc.out"
jq -c "$jq_filter" "$data" > "$data_dir/jq.out"
if ! cmp -s "$data_dir/predc.out" "$data_dir/jq.out"; then
    echo "filter-vs-jq.sh: predc and jq print different lines:" >&2
    diff "$data_dir/predc.out" "$data_dir/jq.out" | head -10 >&2
    exit 1
fi
matches=$(wc -l < "$data_dir/predc.out")
bytes=$(wc -c < "$data")
echo "filter-vs-jq.sh: $lines lines ($bytes bytes), both print the same $matches lines" >&2

out_json="${export_file:-$data_dir/filter.json}"
predc_command="$PREDC filter \"$predicate\" $data"
jq_command="jq -c '$jq_filter' $data"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs "$runs" --export-json "$out_json.tmp" \
        -n "predc filter" "$predc_command" -n "jq -c select" "$jq_command" >&2
else
    # Fallback: N timed runs of each, in hyperfine's JSON shape.
    python3 - "$runs" "$out_json.tmp" "$predc_command" "$jq_command" <<'PY'
import json, statistics, subprocess, sys, time
runs, path, commands = int(sys.argv[1]), sys.argv[2], {"predc filter": sys.argv[3], "jq -c select": sys.argv[4]}
results = []
for label, command in commands.items():
    subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    results.append({"command": label, "mean": statistics.mean(times), "stddev": statistics.pstdev(times),
                    "median": statistics.median(times), "min": min(times), "max": max(times), "times": times})
json.dump({"results": results}, open(path, "w"))
PY
fi
# Record what was measured next to the timings (read by Scripts/report.py).
python3 - "$out_json.tmp" "$out_json" "$lines" "$bytes" "$matches" "$predicate" "$jq_filter" <<'PY'
import json, sys
source, target, lines, size, matches, predicate, jq_filter = sys.argv[1:8]
data = json.load(open(source))
data["predc_benchmark"] = {"lines": int(lines), "bytes": int(size), "matches": int(matches),
                           "predc_predicate": predicate, "jq_filter": jq_filter}
json.dump(data, open(target, "w"), indent=1)
PY
rm -f "$out_json.tmp"
echo "filter-vs-jq.sh: timings in $out_json" >&2
