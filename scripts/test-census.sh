#!/bin/sh
# Counts the test set by kind: the tests that run in the test process, the ones that start the real
# binary (offscreen, its output or its exit status the point), and the real-window suites (Xvfb and
# sway, RealWindowSuites), with how long each of the two `swift test` runs takes.
# Usage: scripts/test-census.sh (after `swift build --build-tests`; runs every suite once).
set -eu
census=$(mktemp); list=$(mktemp)
trap 'rm -f "$census" "$list"' EXIT
swift test list --skip-build 2>/dev/null > "$list"
total=$(wc -l < "$list")
window=$(grep -c '^swivelTests.RealWindowSuites' "$list" || true)
start=$(date +%s.%N)
SWIVEL_TEST_CENSUS="$census" swift test --skip-build --skip RealWindowSuites > /dev/null 2>&1 || echo "(some tests failed)"
middle=$(date +%s.%N)
swift test --skip-build --filter RealWindowSuites > /dev/null 2>&1 || echo "(some real-window tests failed)"
end=$(date +%s.%N)
# A parameterised test's cases share its id; a test counts once however many times it starts the app.
binary=$(sed 's/(.*//' "$census" | sort -u | grep -vc '^swivelTests.RealWindowSuites' || true)
echo "tests: $total"
echo "in the test process: $((total - window - binary))"
echo "through the binary, offscreen: $binary"
echo "in a real window (Xvfb, sway): $window"
printf 'the suites but the real-window ones: %.0f s; the real-window suites: %.0f s\n' \
  "$(echo "$middle - $start" | bc)" "$(echo "$end - $middle" | bc)"
