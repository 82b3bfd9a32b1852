#!/usr/bin/env bash
# `make install DESTDIR=…` puts exactly the binary, the .desktop file, the icon and the man page
# under the prefix, the installed binary runs, the .desktop file and the man page are valid, and
# `make uninstall` takes the four files away again. Run by `make test`, on the debug build the
# Swift tests use (CONFIGURATION=release checks the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${CONFIGURATION:-debug}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

check_prefix() {   # PREFIX, then the four paths expected under DESTDIR
  local prefix=$1 root="$tmp/root"
  shift
  rm -rf "$root"
  make --no-print-directory install DESTDIR="$root" PREFIX="$prefix" CONFIGURATION="$configuration" >/dev/null
  local expected actual
  expected=$(printf '%s\n' "$@" | sort)
  actual=$(cd "$root" && find . -type f | sed 's|^\.||' | sort)
  [ "$actual" = "$expected" ] || fail "installed files differ from the expected four:
$(diff <(echo "$expected") <(echo "$actual") || true)"
  local binary="$root$1" desktop="$root$2" icon="$root$3" man="$root$4"
  [ -x "$binary" ] || fail "$binary is not executable"
  [ "$(stat -c %a "$desktop" "$icon" "$man" | sort -u)" = 644 ] || fail "data files are not mode 644"
  local version shown
  version=$("$binary" --version)
  [ "$version" = "$(./.build/"$configuration"/swivel --version)" ] && [[ $version == "swivel "[0-9]* ]] \
    || fail "the installed binary says '$version'"
  local warnings
  warnings=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $warnings"
  [ -z "$warnings" ] || fail "desktop-file-validate: $warnings"
  grep -qx 'Exec=swivel %F' "$desktop" && grep -qx 'Icon=swivel' "$desktop" || fail "the .desktop file does not start swivel"
  grep -q '<svg ' "$icon" || fail "$icon is not an SVG"
  warnings=$(groff -man -ww -z -Tutf8 "$man" 2>&1) && [ -z "$warnings" ] || fail "groff: $warnings"
  shown=$(groff -man -Tascii -P-cbou "$man" 2>&1)
  [[ $shown == *"--spacing PT"* && $shown != *"troff:"* ]] || fail "the man page in ASCII: $(grep troff: <<<"$shown")"

  make --no-print-directory uninstall DESTDIR="$root" PREFIX="$prefix" >/dev/null
  actual=$(cd "$root" && find . -type f)
  [ -z "$actual" ] || fail "make uninstall left: $actual"
}

check_prefix /usr/local /usr/local/bin/swivel /usr/local/share/applications/swivel.desktop \
  /usr/local/share/icons/hicolor/scalable/apps/swivel.svg /usr/local/share/man/man1/swivel.1
check_prefix /opt/swivel /opt/swivel/bin/swivel /opt/swivel/share/applications/swivel.desktop \
  /opt/swivel/share/icons/hicolor/scalable/apps/swivel.svg /opt/swivel/share/man/man1/swivel.1
echo "check-install: make install and make uninstall put and remove the 4 files under /usr/local and /opt/swivel"
