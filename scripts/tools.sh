# shellcheck shell=bash
# Install logic shared by scripts/serve.sh and scripts/test.sh (sourced, not run).
#
# Each `ensure_*` function installs one tool only when it is missing or at another version, so a
# second run costs a few milliseconds. Pinned versions: see shared TOOLCHAIN notes and README.
# Everything works from a machine that has only rustup and cargo (plus Debian's apt for Node,
# Python and Chromium when those are missing).

TRUNK_VERSION=0.21.14
# The user guide's builder (docs/), without its serve and watch features.
MDBOOK_VERSION=0.5.4
BINARYEN_VERSION=132.0.0
# The Python package's build and test tools (crates/ulti-py), in .tools/py-venv.
PY_TOOLS="maturin==1.16.0 pytest==9.2.0 ray==2.60.0"

# The repository root (this file lives in scripts/).
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Local, git-ignored install prefix for npm-provided tools (wasm-opt).
TOOLS_DIR="$REPO_ROOT/.tools"

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in *":$CARGO_BIN:"*) ;; *) export PATH="$CARGO_BIN:$PATH" ;; esac

# Prints a step header.
step() { printf '\n==> %s\n' "$*"; }
# Prints a note under a step.
note() { printf '    %s\n' "$*"; }
# Prints an error and exits.
die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

# Runs a command as root (directly when already root, else through sudo).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

APT_UPDATED=
# Installs Debian packages (runs `apt-get update` once per script run).
apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found; install by hand: $*"
  if [ -z "$APT_UPDATED" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

# The wasm32 target for the installed toolchain.
ensure_wasm_target() {
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    note "wasm32-unknown-unknown target: present"
  else
    rustup target add wasm32-unknown-unknown
  fi
}

# trunk at exactly $TRUNK_VERSION (0.22 needs a newer rustc than this project pins).
ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
    note "trunk $TRUNK_VERSION: present"
  else
    note "installing trunk $TRUNK_VERSION (about 10 minutes on 2 cores)"
    cargo install trunk --locked --version "$TRUNK_VERSION"
  fi
}

# mdBook at exactly $MDBOOK_VERSION: builds the user guide (docs/), which every trunk build puts
# in guide/ beside the app (Trunk.toml).
ensure_mdbook() {
  if [ "$(mdbook --version 2>/dev/null)" = "mdbook v$MDBOOK_VERSION" ]; then
    note "mdbook $MDBOOK_VERSION: present"
  else
    note "installing mdbook $MDBOOK_VERSION (about 4 minutes on 2 cores)"
    cargo install mdbook --locked --version "$MDBOOK_VERSION" --no-default-features --features search
  fi
}

# The wasm-bindgen crate version recorded in Cargo.lock (the CLI must match it exactly).
wasm_bindgen_lock_version() {
  awk '
    /^\[\[package\]\]/ { in_pkg = 0 }
    /^name = "wasm-bindgen"$/ { in_pkg = 1; next }
    in_pkg && /^version = / { gsub(/"/, "", $3); print $3; exit }
  ' "$REPO_ROOT/Cargo.lock"
}

# wasm-bindgen-cli at the Cargo.lock version of the wasm-bindgen crate (trunk would otherwise
# try to download one, which fails offline).
ensure_wasm_bindgen() {
  local version
  version="$(wasm_bindgen_lock_version)"
  [ -n "$version" ] || die "Cargo.lock has no wasm-bindgen package; is the web app in the workspace?"
  if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ]; then
    note "wasm-bindgen-cli $version: present"
  else
    note "installing wasm-bindgen-cli $version (about 5 minutes)"
    cargo install wasm-bindgen-cli --version "$version" --locked ||
      cargo install wasm-bindgen-cli --version "$version"
  fi
}

# Node.js and npm (Debian's packages when missing).
ensure_node() {
  if command -v node >/dev/null && command -v npm >/dev/null; then
    note "node $(node --version): present"
  else
    apt_install nodejs npm
  fi
}

# wasm-opt from npm binaryen@$BINARYEN_VERSION, in .tools/, put on PATH (release builds only;
# Debian's binaryen is too old and produces a page that throws at start).
ensure_wasm_opt() {
  ensure_node
  local prefix="$TOOLS_DIR/binaryen"
  local installed=
  if [ -f "$prefix/node_modules/binaryen/package.json" ]; then
    installed="$(node -p "require('$prefix/node_modules/binaryen/package.json').version")"
  fi
  if [ "$installed" = "$BINARYEN_VERSION" ]; then
    note "wasm-opt (binaryen $BINARYEN_VERSION): present"
  else
    note "installing binaryen@$BINARYEN_VERSION from npm into .tools/binaryen"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error \
      "binaryen@$BINARYEN_VERSION"
  fi
  export PATH="$prefix/node_modules/.bin:$PATH"
  wasm-opt --version >/dev/null || die "wasm-opt from binaryen@$BINARYEN_VERSION does not run"
}

# Python 3 (serves the built site for the end-to-end tests).
ensure_python() {
  if command -v python3 >/dev/null; then
    note "python3: present"
  else
    apt_install python3
  fi
}

# .tools/py-venv: a virtual environment holding the Python package's build and test tools
# ($PY_TOOLS), reinstalled when that list changes. The package itself is never installed here:
# each test run installs the wheel into a fresh environment.
ensure_py_tools() {
  ensure_python
  local venv="$TOOLS_DIR/py-venv"
  local stamp="$venv/.py-tools"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$PY_TOOLS" ]; then
    note "python tools ($PY_TOOLS): present"
    return
  fi
  python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' 2>/dev/null ||
    apt_install python3-venv
  rm -rf "$venv"
  python3 -m venv "$venv"
  note "installing $PY_TOOLS into .tools/py-venv"
  # shellcheck disable=SC2086 # a list of requirements
  "$venv/bin/pip" install --quiet --disable-pip-version-check $PY_TOOLS
  echo "$PY_TOOLS" >"$stamp"
}

# Debian's Chromium and ChromeDriver (headless browser for the end-to-end tests), unless
# $CHROMIUM names another Chromium-based browser to use (e.g. google-chrome on GitHub's Ubuntu).
ensure_chromium() {
  if [ -n "${CHROMIUM:-}" ] && [ -x "$CHROMIUM" ]; then
    note "browser: $CHROMIUM (from \$CHROMIUM)"
  elif [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    note "chromium: present"
  else
    apt_install chromium chromium-driver
  fi
}

# tests/e2e/node_modules via `npm ci`, redone when package-lock.json changed since the last one.
ensure_e2e_deps() {
  ensure_node
  local dir="$REPO_ROOT/tests/e2e"
  local stamp="$dir/node_modules/.lock-sha256"
  local want
  want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    note "tests/e2e/node_modules: up to date"
  else
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    printf '%s\n' "$want" >"$stamp"
  fi
}

# The cargo target directory (honours CARGO_TARGET_DIR and .cargo/config.toml).
cargo_target_dir() {
  cargo metadata --format-version 1 --no-deps --locked |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
}

# Prints a free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

STATIC_SERVER_PID=
STATIC_SERVER_PORT=
# Serves directory $1 on 127.0.0.1 at a free port with scripts/pages-server.py (like GitHub
# Pages: a missing path gets the nearest 404.html, so app routes load), and waits until
# URL path $2 answers 200. Sets STATIC_SERVER_PID and STATIC_SERVER_PORT; stop it with
# stop_static_server (callers trap EXIT). Retries with another port if the chosen one was taken.
start_static_server() {
  local dir="$1" probe="$2" log="$3" attempt
  for attempt in 1 2 3; do
    STATIC_SERVER_PORT="$(free_port)"
    python3 "$(dirname "${BASH_SOURCE[0]}")/pages-server.py" "$STATIC_SERVER_PORT" "$dir" >"$log" 2>&1 &
    STATIC_SERVER_PID=$!
    for _ in $(seq 1 100); do
      if ! kill -0 "$STATIC_SERVER_PID" 2>/dev/null; then
        break
      fi
      if python3 - "http://127.0.0.1:$STATIC_SERVER_PORT$probe" <<'PY' 2>/dev/null; then
import sys, urllib.request
sys.exit(0 if urllib.request.urlopen(sys.argv[1], timeout=2).status == 200 else 1)
PY
        note "serving $dir on http://127.0.0.1:$STATIC_SERVER_PORT (pid $STATIC_SERVER_PID)"
        return 0
      fi
      sleep 0.1
    done
    stop_static_server
    note "server attempt $attempt on port $STATIC_SERVER_PORT failed: $(tail -n 3 "$log")"
  done
  die "could not serve $dir (see $log)"
}

# Stops the server started by start_static_server (if any).
stop_static_server() {
  if [ -n "$STATIC_SERVER_PID" ]; then
    kill "$STATIC_SERVER_PID" 2>/dev/null || true
    wait "$STATIC_SERVER_PID" 2>/dev/null || true
    STATIC_SERVER_PID=
  fi
}
