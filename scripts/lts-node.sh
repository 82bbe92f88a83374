#!/usr/bin/env bash
# Prints the folder holding a `node` binary of the given LTS major version (default 24), fetched
# once from the npm registry's `node` package into a cache when the machine's Node is another
# version. CI uses it to run the suites on the supported LTS releases (22 and 24) wherever the
# machine's own Node is older.
#   PATH="$(scripts/lts-node.sh 24):$PATH" npm test
set -euo pipefail
major="${1:-24}"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi
cache="${VOLTLINE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voltline/node-$major}"
bin="$cache/node_modules/node/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "node@$major" >&2
fi
"$bin/node" -e "if (process.versions.node.split('.')[0] !== '$major') process.exit(1)" \
  || { echo "Node $major could not be installed into $cache" >&2; exit 1; }
echo "$bin"
