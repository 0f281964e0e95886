#!/usr/bin/env bash
# Builds the DocC documentation of PredicateLang and FormEngine without any package dependency:
# `swift build`, `swift package dump-symbol-graph`, then `docc convert` per module with
# `--warnings-as-errors`, so a broken ``symbol`` or <doc:article> link fails the build.
# Output: .build/docs/<Module>/, laid out for static hosting under /<Module>/ (python3 -m http.server -d
# .build/docs, then open http://localhost:8000/PredicateLang/documentation/predicatelang/).
#   scripts/build-docs.sh            build both modules
#   scripts/build-docs.sh FormEngine build one
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then modules=(PredicateLang FormEngine); fi

echo "== swift build"
swift build 2>&1 | tail -n 1
echo "== swift package dump-symbol-graph"
graphs="$(swift build --show-bin-path)/../symbolgraph"
rm -rf "$graphs"
# dump-symbol-graph also tries the test modules, which `swift build` does not build, and then exits
# non-zero after writing the library graphs; what counts is that every module's graph was written.
log="$(mktemp)"
swift package dump-symbol-graph >"$log" 2>&1 || true
for module in "${modules[@]}"; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        cat "$log" >&2
        echo "build-docs: no symbol graph for $module in $graphs" >&2
        rm -f "$log"
        exit 1
    fi
done
rm -f "$log"

mkdir -p .build/docs
for module in "${modules[@]}"; do
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || { echo "build-docs: no catalog $catalog" >&2; exit 64; }
    # Give docc only this module's graphs (PredicateLang.symbols.json, FormEngine.symbols.json, and
    # the extension graphs FormEngine@PredicateLang.symbols.json), as the docc plugin does.
    module_graphs="$(mktemp -d)"
    trap 'rm -rf "$module_graphs"' EXIT
    cp "$graphs/$module".symbols.json "$module_graphs"/
    cp "$graphs/$module"@*.symbols.json "$module_graphs"/ 2>/dev/null || true
    echo "== docc convert $module"
    docc convert "$catalog" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.predicatelang.$module" \
        --additional-symbol-graph-dir "$module_graphs" \
        --output-path ".build/docs/$module" \
        --transform-for-static-hosting --hosting-base-path "$module" \
        --warnings-as-errors --analyze
    rm -rf "$module_graphs"
    trap - EXIT
done
echo "== documentation in .build/docs/"
