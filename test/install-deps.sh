#!/bin/sh
# Install the Debian packages named as arguments that are not installed yet.
# Used by `make deps`; runs apt-get as root, or through sudo.
missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "perfviews: installing$missing" >&2
if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq &&
	$sudo apt-get install -y -qq --no-install-recommends $missing >&2 ||
	{ echo "perfviews: could not install$missing" >&2; exit 1; }
