#!/bin/sh
# version.sh - nfsweep's version: the VERSION file, plus "+g<commit>" (and
# ".dirty" for uncommitted changes) when built from a git checkout with git.
top=$(cd "$(dirname "$0")/.." && pwd)
v=$(cat "$top/VERSION")
if command -v git >/dev/null 2>&1 && [ -e "$top/.git" ]; then
	c=$(git -C "$top" describe --always --dirty=.dirty --abbrev=12 --match=NONE 2>/dev/null) &&
		v="$v+g$c"
fi
echo "$v"
