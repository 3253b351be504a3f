#!/usr/bin/env bash
# The project's entry point: bootstraps Node 24 and pnpm from the npm registry
# into the git-ignored .cache/ folder inside the repo, installs dependencies,
# then runs one job: `test` (every test) or `demo` (the build, then the demo).
# Nothing global is needed beyond Node >= 20 and npm, and nothing outside the
# repo changes: npm's and pnpm's caches and store, and every tool's config and
# state, live in .cache/ (the demo's state in .demo-data/).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$root/.cache"
toolchain="$cache/toolchain"
log() { printf '[shipbridge] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

command -v node >/dev/null 2>&1 || die "Node.js >= 20 with npm is needed to bootstrap (node was not found on PATH)."
command -v npm >/dev/null 2>&1 || die "npm is needed to bootstrap (npm was not found on PATH)."

# Keep every cache, store and config of npm, pnpm and turbo inside the repo.
export npm_config_cache="$cache/npm"
export npm_config_store_dir="$cache/pnpm-store"
export npm_config_cache_dir="$cache/pnpm-cache"
export npm_config_state_dir="$cache/pnpm-state"
export npm_config_update_notifier=false
export XDG_CONFIG_HOME="$cache/config" XDG_CACHE_HOME="$cache/xdg-cache" XDG_DATA_HOME="$cache/data" XDG_STATE_HOME="$cache/state"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1

node_version="$(tr -d 'v \n' < "$root/.nvmrc")"
pnpm_version="$(node -p "require(process.argv[1]).packageManager.split('@')[1]" "$root/package.json")"
# The Node the workspace states and CI runs (packages' engines say >=24);
# an older machine Node only bootstraps Node 24 into .cache/.
min_node="24.0.0"

# Every network step is bounded and retried: a hung registry connection must
# not hold a run. retry LIMIT_SECONDS COMMAND...
retry() {
  local limit="$1" attempt
  shift
  for attempt in 1 2 3; do
    timeout --kill-after=10 "$limit" "$@" && return 0
    log "attempt $attempt of: $1 ${2:-} failed or timed out; retrying"
    sleep $((attempt * 5))
  done
  return 1
}
npm_net=(--fetch-timeout=60000 --fetch-retries=2 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=10000)

version_at_least() { # $1 >= $2, both x.y.z
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

current="$(node -p 'process.versions.node')"
if ! version_at_least "$current" "$min_node"; then
  bin="$toolchain/node/node_modules/.bin/node"
  if [ ! -x "$bin" ] || [ "$("$bin" -p process.version 2>/dev/null)" != "v$node_version" ]; then
    log "Node $current is older than $min_node: installing Node $node_version from the npm registry into .cache/"
    rm -rf "$toolchain/node" && mkdir -p "$toolchain/node"
    # The node package brings its binary through an install script.
    retry 300 npm install --prefix "$toolchain/node" --no-save --no-audit --no-fund --ignore-scripts=false \
      --loglevel=error "${npm_net[@]}" "node@$node_version" >&2 || die "installing Node $node_version failed three times"
    [ "$("$bin" -p process.version 2>/dev/null)" = "v$node_version" ] ||
      die "installing Node $node_version from the npm registry did not give a working node binary"
  fi
  export PATH="$toolchain/node/node_modules/.bin:$PATH"
fi

pnpm_bin="$toolchain/pnpm/node_modules/.bin/pnpm"
if [ ! -x "$pnpm_bin" ] || [ "$("$pnpm_bin" --version 2>/dev/null)" != "$pnpm_version" ]; then
  log "installing pnpm $pnpm_version from the npm registry into .cache/"
  rm -rf "$toolchain/pnpm" && mkdir -p "$toolchain/pnpm"
  retry 300 npm install --prefix "$toolchain/pnpm" --no-save --no-audit --no-fund --loglevel=error \
    "${npm_net[@]}" "pnpm@$pnpm_version" >&2 || die "installing pnpm $pnpm_version failed three times"
  [ "$("$pnpm_bin" --version 2>/dev/null)" = "$pnpm_version" ] || die "installing pnpm $pnpm_version did not work"
fi
export PATH="$toolchain/pnpm/node_modules/.bin:$PATH"

cd "$root"
log "node $(node -v), pnpm $(pnpm --version)"
retry 900 pnpm install --frozen-lockfile --reporter=append-only --config.confirmModulesPurge=false \
  --config.fetch-timeout=60000 \
  --config.fetch-retries=2 >&2 || die "pnpm install failed three times"

# The browser tests drive Debian's chromium (the browser builds that
# playwright downloads cannot be fetched here), and the cluster test runs two
# Medusa servers and a worker on Debian's redis-server (started by the test on
# a free port, never as a service). Each is installed when missing, bounded
# and retried; when it cannot be, the test command says so (through the named
# variable) and counts the tests that need it as failed.
#   ensure_debian_package <binary> <package> <variable> <which tests>
ensure_debian_package() {
  local bin=$1 package=$2 variable=$3 tests=$4
  [ -x "$bin" ] && return 0
  local sudo=() why=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      why="$bin is missing, and installing Debian's $package needs root or sudo without a password"
    fi
  fi
  if [ -z "$why" ] && ! command -v apt-get >/dev/null 2>&1; then
    why="$bin is missing, and this machine has no apt-get to install Debian's $package"
  fi
  if [ -z "$why" ]; then
    log "installing Debian's $package for $tests"
    # policy-rc.d answers 101: a package's own service is never started.
    local policy=/usr/sbin/policy-rc.d added_policy=""
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null && "${sudo[@]}" chmod 755 "$policy" && added_policy=1
    fi
    local ok=""
    if retry 600 "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2 &&
      retry 900 "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$package" >&2 &&
      [ -x "$bin" ]; then
      ok=1
    fi
    [ -n "$added_policy" ] && "${sudo[@]}" rm -f "$policy"
    [ -n "$ok" ] && return 0
    why="installing Debian's $package failed three times"
  fi
  export "$variable=$why"
  log "$why: $tests will not run and count as failed"
}

job="${1:-}"
shift || true
case "$job" in
  test)
    ensure_debian_package /usr/bin/chromium chromium SHIPBRIDGE_BROWSER_MISSING "the browser tests"
    ensure_debian_package /usr/bin/redis-server redis-server SHIPBRIDGE_REDIS_MISSING "the cluster test"
    exec node tooling/test-all.mjs "$@" ;;
  demo)
    log "building the workspace (cached after the first run), then starting the demo"
    exec pnpm --silent demo "$@" ;;
  sandbox) exec pnpm --silent sandbox "$@" ;;
  *) echo "usage: bash tooling/run.sh test|demo|sandbox [args]" >&2; exit 2 ;;
esac
