#!/usr/bin/env bash
# Rebuilds the ICU-derived data of the MATCHES engine from the ICU installed here: the Unicode tables
# (Sources/PredicateLang/Text/Regex/RegexUnicodeData+*.swift) and the ICU agreement pairs
# (Tests/Conformance/icu-regex-oracle.jsonl, read by RegexOracleTests). Needs a C compiler, pkg-config and
# ICU's headers (Debian: libicu-dev); the oracle is built in a temporary directory, and the package itself
# never links ICU.
#   scripts/icu-oracle/regenerate.sh            tables and pairs
#   scripts/icu-oracle/regenerate.sh --pairs    the pairs only
set -euo pipefail
cd "$(dirname "$0")/../.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046 # pkg-config prints several flags
cc -O2 -Wall -o "$work/icu-oracle" scripts/icu-oracle/icu-oracle.c $(pkg-config --cflags --libs icu-uc icu-i18n)
echo "ICU: $("$work/icu-oracle" version)"

if [ "${1:-}" != "--pairs" ]; then
    "$work/icu-oracle" tables | python3 scripts/icu-oracle/generate-tables.py Sources/PredicateLang/Text/Regex
fi
python3 scripts/icu-oracle/generate-pairs.py "$work/icu-oracle" Tests/Conformance/icu-regex-oracle.jsonl
