#!/usr/bin/env bash
# Re-runs the `predc` tour of README.md and checks that every command still prints exactly what the
# README shows (stdout and stderr together) and exits with the status its `# exit status N` comment
# names (0 when there is none). A block whose output shows `...` is checked from there to its end.
# Only blocks whose first command starts with `predc`, `printf` or `sed` are run (not `ldd`).
#   PREDC=.build/debug/predc scripts/check-readme-tour.sh      (default: build the debug predc)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${PREDC:-}" ]; then
    swift build --product predc 2>&1 | tail -n 1
    PREDC="$(swift build --show-bin-path)/predc"
fi
command -v jq >/dev/null || { echo "check-readme-tour: jq is needed (one example pipes through it)" >&2; exit 69; }
PREDC_DIR="$(cd "$(dirname "$PREDC")" && pwd)" ROOT="$PWD" python3 - <<'PY'
import os, re, subprocess, sys, tempfile

root = os.environ["ROOT"]
text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
blocks = re.findall(r"```console\n(.*?)```", text, re.S)
env = dict(os.environ, PATH=os.environ["PREDC_DIR"] + os.pathsep + os.environ["PATH"], NO_COLOR="1")
work = tempfile.mkdtemp()
os.symlink(os.path.join(root, "Examples"), os.path.join(work, "Examples"))
failures, checked = 0, 0
for block in blocks:
    lines = block.rstrip("\n").split("\n")
    if not re.match(r"\$ (predc|printf|sed) ", lines[0]):
        continue
    i = 0
    while i < len(lines):
        command = lines[i][2:]
        while command.endswith("\\"):
            i += 1
            command = command[:-1] + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        status = re.search(r"# exit status (\d+)\s*$", command)
        want = int(status.group(1)) if status else 0
        run = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True)
        actual = (run.stdout + run.stderr).rstrip("\n").split("\n") if (run.stdout + run.stderr) else []
        if "..." in expected:
            tail = expected[expected.index("...") + 1:]
            ok = actual[len(actual) - len(tail):] == tail
        else:
            ok = actual == expected
        checked += 1
        if not ok or run.returncode != want:
            failures += 1
            print(f"check-readme-tour: MISMATCH: $ {command}\n  exit status {run.returncode} (README: {want})")
            print("  README:\n    " + "\n    ".join(expected) + "\n  actual:\n    " + "\n    ".join(actual))
print(f"check-readme-tour: {checked} commands, {failures} mismatches")
sys.exit(1 if failures else 0)
PY
