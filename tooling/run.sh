#!/usr/bin/env bash
# The project's entry point: bootstraps Node 24 and pnpm from the npm registry
# into a git-ignored cache inside the repo (nothing global changes), installs
# dependencies, then runs one job: `test` (every test) or `demo`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$root/.cache/toolchain"
node_version="$(tr -d 'v \n' < "$root/.nvmrc")"
pnpm_version="$(node -p "require('$root/package.json').packageManager.split('@')[1]")"

log() { printf '[shipbridge] %s\n' "$*" >&2; }

major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 22 ]; then
  if [ ! -x "$cache/node/node_modules/.bin/node" ] || \
     [ "$("$cache/node/node_modules/.bin/node" -p process.version)" != "v$node_version" ]; then
    log "Node $(node -v) is older than 22: installing Node $node_version from the npm registry into .cache/"
    mkdir -p "$cache/node"
    npm install --prefix "$cache/node" --no-save --no-audit --no-fund --loglevel=error "node@$node_version" >&2
  fi
  export PATH="$cache/node/node_modules/.bin:$PATH"
fi

if [ ! -x "$cache/pnpm/node_modules/.bin/pnpm" ] || \
   [ "$("$cache/pnpm/node_modules/.bin/pnpm" --version)" != "$pnpm_version" ]; then
  log "installing pnpm $pnpm_version from the npm registry into .cache/"
  mkdir -p "$cache/pnpm"
  npm install --prefix "$cache/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$pnpm_version" >&2
fi
export PATH="$cache/pnpm/node_modules/.bin:$PATH"
export npm_config_nodedir=""   # npm-only setting; pnpm warns about it otherwise

cd "$root"
log "node $(node -v), pnpm $(pnpm --version)"
if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only >&2
else
  pnpm install --prefer-offline --reporter=append-only >&2
fi

job="${1:-}"
shift || true
case "$job" in
  test) exec node tooling/test-all.mjs "$@" ;;
  demo) exec pnpm --silent demo "$@" ;;
  sandbox) exec pnpm --silent sandbox "$@" ;;
  pnpm) exec pnpm "$@" ;;
  *) echo "usage: bash tooling/run.sh test|demo|sandbox|pnpm ..." >&2; exit 2 ;;
esac
