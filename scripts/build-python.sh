#!/bin/sh
# build-python.sh VERSION DEST - build CPython VERSION with frame pointers
# and install it into DEST, so that `perf record -g` (CALLGRAPH=fp) sees
# whole stacks: native frames and, with `-X perf`, every Python frame.
#
# The source is Debian's source package of python3.VERSION (3.11 from
# Debian 12, 3.13 from Debian 13), fetched with `apt-get source` through a
# temporary sources file and temporary apt state: the machine's own apt
# configuration is left as it was.  Only the upstream tarball of the
# package is built (the release Debian ships); Debian's patches are left
# out because they make Debian's /usr layout (dist-packages, multiarch
# paths, a venv without pip), which a prefix install must not have.
#
# Configured as pyenv builds here: --enable-shared (the interpreter is
# libpython3.X.so, a DSO of its own in the profiles, as in the pyenv
# Pythons this project compares against), an rpath to DEST/lib so that no
# LD_LIBRARY_PATH is needed, no --with-pydebug (a debug build profiles
# different code), no PGO or LTO, as the pyenv builds here (Debian's own
# package has both; BUILD_PYTHON_CONFIGURE='--enable-optimizations
# --with-lto' comes closer to it, at many minutes more, and LTO's inlining
# leaves fewer native frames to see).
#
# Guarantees: the build packages are installed with scripts/install-deps.sh
# (root or sudo; no stdin needed); DEST/.perfviews-python exists only
# after a complete install whose CFLAGS carry -fno-omit-frame-pointer, so a
# half-built DEST is never taken for a good one; a failure says which
# step failed and shows the end of its log.  Exit status 0 on success, 1
# on failure, 2 on bad usage.

set -u
me=build-python

usage() {
	cat <<EOF
usage: scripts/build-python.sh VERSION DEST
Build CPython VERSION with -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer
from Debian's source package and install it into DEST (DEST/bin/python3).

VERSION   3.13 (Debian 13, trixie) or 3.11 (Debian 12, bookworm; native
          stacks only: -X perf's Python frames need 3.12 or later); another
          3.X with DEBIAN_SUITE set to a Debian suite that has python3.X
DEST      the installation prefix (made when missing; an absolute path is
          best, a relative one is taken from the current directory)

Environment:
  DEBIAN_SUITE            Debian suite to take python3.VERSION's source from
  DEBIAN_MIRROR           archive (default http://deb.debian.org/debian)
  BUILD_PYTHON_CONFIGURE  more ./configure options (e.g. --enable-optimizations)
  JOBS                    parallel make jobs (default: nproc)

DEST/.perfviews-python is written last, when the build is complete.
Check any Python for frame pointers with:
  PYTHON -c "import sysconfig; print(sysconfig.get_config_var('CFLAGS'))"
EOF
}

say() { echo "$me: $*" >&2; }

die() {
	say "error: $*"
	exit 1
}

# step_failed WHAT LOG: one line saying why (LOG's last error), the end of
# LOG, then exit.
step_failed() {
	why=$(grep -E '^(E:|Err:|W: Failed)|[Ee]rror' "$2" 2>/dev/null | tail -n 1)
	say "error: $1 failed${why:+: $why}"
	say "the end of its log ($2):"
	tail -n 25 "$2" | sed 's/^/    /' >&2
	keep_work=1
	exit 1
}

# now: seconds since the epoch.
now() { date +%s; }

case ${1:-} in
-h | --help)
	usage
	exit 0
	;;
esac
if [ $# -ne 2 ]; then
	usage >&2
	exit 2
fi
version=$1
dest=$2

case $version in
3.11) suite=${DEBIAN_SUITE:-bookworm} ;;
3.13) suite=${DEBIAN_SUITE:-trixie} ;;
3.[0-9] | 3.[0-9][0-9])
	if [ -z "${DEBIAN_SUITE:-}" ]; then
		say "error: no Debian release known for Python $version; give DEBIAN_SUITE (e.g. sid)"
		exit 2
	fi
	suite=$DEBIAN_SUITE
	;;
*)
	say "error: VERSION is 3.X (3.13 or 3.11), not '$version'"
	exit 2
	;;
esac
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
cflags="-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer"
top=$(cd "$(dirname "$0")/.." && pwd)

command -v apt-get >/dev/null 2>&1 ||
	die "apt-get not found: this script takes CPython from Debian's archive"
mkdir -p "$dest" || die "cannot make $dest"
dest=$(cd "$dest" && pwd) || die "cannot enter $dest"
stamp=$dest/.perfviews-python
rm -f "$stamp" || die "cannot write in $dest"

work=$(mktemp -d "${TMPDIR:-/tmp}/perfviews-python.XXXXXX") ||
	die "cannot make a temporary directory"
keep_work=0
cleanup() {
	if [ "$keep_work" = 1 ]; then
		# The sources are most of it; the logs say what went wrong.
		rm -rf "$work/src" "$work/apt"
		say "logs kept in $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
started=$(now)

# 1. Build packages.  _ctypes, ssl, sqlite3, lzma, bz2, readline, curses,
# dbm and uuid need their -dev packages; tkinter (tk-dev, large) is left
# out, and make's list of modules it could not build says so.
say "1/5 build packages"
sh "$top/scripts/install-deps.sh" gcc make pkg-config xz-utils \
    libssl-dev libffi-dev zlib1g-dev libbz2-dev liblzma-dev libsqlite3-dev \
    libreadline-dev libncurses-dev libgdbm-dev libgdbm-compat-dev uuid-dev \
    </dev/null ||
	die "cannot install the build packages (see above)"

# 2. The source package, through apt state of our own.  As root, apt
# downloads as user _apt, who must be able to write where it downloads.
say "2/5 python$version's source from Debian $suite ($mirror)"
apt=$work/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/parts" \
    "$work/src"
chmod 755 "$work"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
signed=
[ -r "$keyring" ] && signed="[signed-by=$keyring] "
echo "deb-src $signed$mirror $suite main" >"$apt/sources.list"
if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
	chown _apt "$apt/lists/partial" "$apt/cache/archives/partial" "$work/src"
fi
apt_get() {
	apt-get -q -o Dir::Etc::SourceList="$apt/sources.list" \
	    -o Dir::Etc::SourceParts="$apt/parts" \
	    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
	    -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= "$@" </dev/null
}
# apt-get update succeeds when the archive cannot be reached; no Sources
# list in our state says it could not.
apt_get update >"$work/apt.log" 2>&1
ls "$apt/lists/"*Sources* >/dev/null 2>&1 ||
	step_failed "apt-get update for Debian $suite" "$work/apt.log"
(cd "$work/src" && apt_get source --download-only "python$version") \
    >>"$work/apt.log" 2>&1 ||
	step_failed "apt-get source python$version" "$work/apt.log"
dsc=
orig=
for f in "$work/src/python${version}_"*; do
	case $f in
	*.dsc) dsc=$f ;;
	*.orig.tar.*.asc) ;;
	*.orig.tar.*) orig=$f ;;
	esac
done
[ -n "$dsc" ] && [ -n "$orig" ] ||
	step_failed "finding the upstream tarball in the source package" "$work/apt.log"
debian_version=$(sed -n 's/^Version: //p' "$dsc" | head -n 1)
say "    python$version $debian_version ($(basename "$orig"))"
tar -C "$work/src" -xf "$orig" || die "cannot unpack $orig"
srcdir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'Python-*' |
    head -n 1)
[ -n "$srcdir" ] && [ -x "$srcdir/configure" ] ||
	die "no Python-*/configure in $(basename "$orig")"
downloaded=$(now)

# 3. Configure.
say "3/5 configure (CFLAGS=$cflags --enable-shared ${BUILD_PYTHON_CONFIGURE:-})"
# shellcheck disable=SC2086 # BUILD_PYTHON_CONFIGURE is a list of options
(cd "$srcdir" && ./configure --prefix="$dest" --enable-shared \
    LDFLAGS="-Wl,-rpath,$dest/lib" CFLAGS="$cflags" \
    ${BUILD_PYTHON_CONFIGURE:-}) >"$work/configure.log" 2>&1 ||
	step_failed "configure" "$work/configure.log"

# 4. Build.
say "4/5 make -j$jobs (a few minutes; log: $work/make.log)"
(cd "$srcdir" && make -j"$jobs") >"$work/make.log" 2>&1 ||
	step_failed "make" "$work/make.log"
# What could not be built is worth knowing, not fatal (tkinter, say).
sed -n '/necessary bits to build these optional modules were not found/,/^$/p
    /Following modules built successfully but were removed/,/^$/p
    /Failed to build these modules/,/^$/p' "$work/make.log" |
	sed 's/^/    /' >&2
built=$(now)

# 5. Install, then check what was installed.
say "5/5 install into $dest"
(cd "$srcdir" && make install) >"$work/install.log" 2>&1 ||
	step_failed "make install" "$work/install.log"
python=$dest/bin/python$version
"$python" -c 'import ctypes, ssl, sqlite3, zlib, lzma, bz2, venv' \
    >"$work/check.log" 2>&1 ||
	step_failed "importing the usual modules with $python" "$work/check.log"
built_cflags=$("$python" -c \
    "import sysconfig; print(sysconfig.get_config_var('CFLAGS'))")
case " $built_cflags " in
*" -fno-omit-frame-pointer "*) ;;
*) die "$python was built, but its CFLAGS lack -fno-omit-frame-pointer: $built_cflags" ;;
esac
finished=$(now)

{
	echo "version $("$python" -c 'import platform; print(platform.python_version())')"
	echo "debian_source python$version $debian_version ($suite, upstream tarball only)"
	echo "cflags $built_cflags"
	echo "configure --enable-shared ${BUILD_PYTHON_CONFIGURE:-}"
	echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) in $((finished - started)) s"
} >"$stamp.tmp" && mv "$stamp.tmp" "$stamp" || die "cannot write $stamp"
say "done in $((finished - started)) s (download $((downloaded - started)) s," \
    "build $((built - downloaded)) s, install $((finished - built)) s): $python"
