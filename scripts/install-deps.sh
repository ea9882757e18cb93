#!/bin/sh
# install-deps.sh [--optional] ITEM... - install the Debian packages that
# are missing, with apt-get, as root or through sudo.  Used by `make deps`
# and `make check`.
#
# An ITEM is PACKAGE, or PACKAGE:COMMAND when a command on the PATH also
# satisfies it (node and npm may come from elsewhere than Debian, and
# Debian's npm package then conflicts).  With --optional, a package that
# cannot be installed is a warning: the tests that need it say SKIP.
optional=0
if [ "${1:-}" = --optional ]; then
	optional=1
	shift
fi
missing=
for item in "$@"; do
	pkg=${item%%:*}
	cmd=
	[ "$pkg" != "$item" ] && cmd=${item#*:}
	[ -n "$cmd" ] && command -v "$cmd" >/dev/null 2>&1 && continue
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' &&
		continue
	missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
# Another apt (a machine's own updates, another install) holds dpkg's
# lock for a while: wait for it rather than fail (a fresh machine's check
# once lost chromium so, and its browser tests said SKIP).
apt="apt-get -o DPkg::Lock::Timeout=600"
echo "perfviews: installing$missing" >&2
$sudo $apt update -qq >&2
if $sudo $apt install -y -qq --no-install-recommends $missing >&2; then
	exit 0
fi
# One package that cannot be had must not keep the others out.
status=0
for pkg in $missing; do
	$sudo $apt install -y -qq --no-install-recommends "$pkg" >&2 && continue
	if [ $optional = 1 ]; then
		echo "perfviews: could not install $pkg; tests that need it will say SKIP" >&2
	else
		echo "perfviews: could not install $pkg" >&2
		status=1
	fi
done
exit $status
