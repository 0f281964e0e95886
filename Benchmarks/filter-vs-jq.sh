#!/usr/bin/env bash
# filter-vs-jq.sh: whole-process time of `predc filter` against `jq -c 'select(...)'`, `gojq -c 'select(...)'`
# and DuckDB's `read_json` (one thread, the matching rows written as JSON Lines) on the same generated
# 1,000,000-line JSON Lines file. Checks first that jq prints exactly predc's lines (byte for byte) and that
# gojq (which sorts keys) and DuckDB select the same ids, then times them all with hyperfine (installed from
# Debian if missing; /usr/bin/time-style fallback otherwise). gojq (Debian) and duckdb (PyPI) are installed
# when missing; a tool that cannot be installed is left out of the timing with a message.
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
command -v gojq >/dev/null || apt_install gojq || true
python3 -c 'import duckdb' 2>/dev/null || python3 -m pip install --quiet duckdb >&2 || true

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
ids() { python3 -c 'import json,sys; print("\n".join(str(json.loads(l)["id"]) for l in open(sys.argv[1])))' "$1"; }
ids "$data_dir/predc.out" > "$data_dir/predc.ids"
duckdb_script="$data_dir/duckdb-filter.py"
cat > "$duckdb_script" <<'PY'
import sys, duckdb
source, target = sys.argv[1], sys.argv[2]
connection = duckdb.connect()
connection.execute("SET threads = 1")
connection.execute(
    "COPY (SELECT * FROM read_json(?, format = 'newline_delimited') "
    "WHERE age >= 30 AND country IN ('NZ', 'AU', 'CA') AND starts_with(name, 'A') AND score > 50 AND active "
    "ORDER BY id) TO '" + target.replace("'", "''") + "' (FORMAT json)", [source])
PY
extra_names=()
extra_commands=()
gojq_filter="$jq_filter"
if command -v gojq >/dev/null; then
    gojq -c "$gojq_filter" "$data" > "$data_dir/gojq.out"
    if ids "$data_dir/gojq.out" | cmp -s - "$data_dir/predc.ids"; then
        extra_names+=("gojq -c select")
        extra_commands+=("gojq -c '$gojq_filter' $data")
    else
        echo "filter-vs-jq.sh: gojq selects other records than predc" >&2
        exit 1
    fi
else
    echo "filter-vs-jq.sh: gojq is not installed; left out" >&2
fi
if python3 -c 'import duckdb' 2>/dev/null; then
    python3 "$duckdb_script" "$data" "$data_dir/duckdb.out"
    if ids "$data_dir/duckdb.out" | cmp -s - "$data_dir/predc.ids"; then
        extra_names+=("duckdb read_json (1 thread)")
        extra_commands+=("python3 $duckdb_script $data $data_dir/duckdb.out")
    else
        echo "filter-vs-jq.sh: DuckDB selects other records than predc" >&2
        exit 1
    fi
else
    echo "filter-vs-jq.sh: the duckdb Python package is not installed; left out" >&2
fi
matches=$(wc -l < "$data_dir/predc.out")
bytes=$(wc -c < "$data")
echo "filter-vs-jq.sh: $lines lines ($bytes bytes), all tools select the same $matches records" >&2

out_json="${export_file:-$data_dir/filter.json}"
predc_command="$PREDC filter \"$predicate\" $data"
jq_command="jq -c '$jq_filter' $data"
if command -v hyperfine >/dev/null; then
    named=()
    for index in "${!extra_names[@]}"; do named+=(-n "${extra_names[$index]}" "${extra_commands[$index]}"); done
    hyperfine --warmup 1 --runs "$runs" --export-json "$out_json.tmp" \
        -n "predc filter" "$predc_command" -n "jq -c select" "$jq_command" ${named[@]+"${named[@]}"} >&2
else
    # Fallback: N timed runs of each, in hyperfine's JSON shape.
    pairs=()
    for index in "${!extra_names[@]}"; do pairs+=("${extra_names[$index]}" "${extra_commands[$index]}"); done
    python3 - "$runs" "$out_json.tmp" "predc filter" "$predc_command" "jq -c select" "$jq_command" ${pairs[@]+"${pairs[@]}"} <<'PY'
import json, statistics, subprocess, sys, time
runs, path = int(sys.argv[1]), sys.argv[2]
commands = dict(zip(sys.argv[3::2], sys.argv[4::2]))
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
