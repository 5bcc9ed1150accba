#!/usr/bin/env bash
# Builds the server's container image on this machine and runs it: the image serves the API and
# the app, creates a table, keeps it on its volume through a stop (SIGTERM) and a new container,
# and runs as a non-root user. No base image is pulled: `ulti-server` is built here as a static
# musl binary and put in an image FROM scratch (deploy/Containerfile.local, whose runtime stage
# is the Dockerfile's, line for line: checked first). Installs what is missing: podman (and runc
# when crun cannot start containers here) from Debian's apt, the x86_64-unknown-linux-musl target,
# Debian's musl-tools (the C compiler for the bundled SQLite).
#
# The site in the image: the app scripts/tables.sh built (target/tables-site) when present,
# otherwise a one-page stand-in (the real app is built in by the Dockerfile's builder stage).
#
# Usage: scripts/container-test.sh [--image IMAGE] [--engine podman|docker] [--strict-stop] [--lint-only]
#   --image IMAGE   test an image built elsewhere (e.g. `docker build -t IMAGE .`) instead of
#                   building deploy/Containerfile.local; with --engine docker on a Docker host
#   --strict-stop   fail unless SIGTERM stops the server with exit code 0 (its own graceful stop);
#                   without it, exit 143 (ended by SIGTERM's default action) passes with a note
#   --lint-only     only the offline checks of Dockerfile, Containerfile.local and compose.yaml
set -euo pipefail
# shellcheck source=scripts/tools.sh
source "$(dirname "$0")/tools.sh"
cd "$REPO_ROOT"

MUSL=x86_64-unknown-linux-musl
# The user every image runs as (the Dockerfile's USER).
UID_EXPECTED=10001
engine=podman
image=
lint_only=
strict_stop=
while [ $# -gt 0 ]; do
  case "$1" in
    --image) image="$2"; shift 2 ;;
    --engine) engine="$2"; shift 2 ;;
    --lint-only) lint_only=1; shift ;;
    --strict-stop) strict_stop=1; shift ;;
    *) die "unknown argument $1 (see the usage at the top of $0)" ;;
  esac
done

started=$SECONDS
timings=()
# Runs "$@" as a timed step with a header.
timed() {
  local label="$1" t0=$SECONDS
  shift
  step "$label"
  "$@"
  timings+=("$(printf '%5ss  %s' $((SECONDS - t0)) "$label")")
}

work="$(mktemp -d /tmp/ulti-container-test.XXXXXX)"
tag="ulti-server-test:$$"
CTR="ulti-ct-$$"
VOL="ulti-ct-$$"
built_image=
cleanup() {
  if [ -z "$lint_only" ] && command -v "$engine" >/dev/null; then
    "$engine" "${GOPTS[@]}" rm -f "$CTR" >/dev/null 2>&1 || true
    "$engine" "${GOPTS[@]}" volume rm -f "$VOL" >/dev/null 2>&1 || true
    if [ -n "$built_image" ]; then
      "$engine" "${GOPTS[@]}" rmi -f "$built_image" >/dev/null 2>&1 || true
    fi
  fi
  rm -rf "$work"
}
GOPTS=()
trap cleanup EXIT

fail() {
  printf 'FAIL: %s\n' "$*" >&2
  if [ -n "${container_started:-}" ]; then
    printf -- '--- the container log (last 30 lines):\n' >&2
    "$engine" "${GOPTS[@]}" logs --tail 30 "$CTR" >&2 || true
  fi
  exit 1
}

# ---------------------------------------------------------------------------------------------
# Offline checks: what can be said of the files without building anything.

# The lines of a Containerfile from "# ---- runtime" to the end.
runtime_stage() { sed -n '/^# ---- runtime/,$p' "$1"; }

lint() {
  local rt
  rt="$(runtime_stage Dockerfile)"
  [ -n "$rt" ] || fail "Dockerfile has no '# ---- runtime' stage"
  if ! diff <(echo "$rt") <(runtime_stage deploy/Containerfile.local) >"$work/stage.diff"; then
    cat "$work/stage.diff" >&2
    fail "the runtime stages of Dockerfile and deploy/Containerfile.local differ (above): they must stay identical"
  fi
  note "runtime stages identical ($(echo "$rt" | wc -l) lines)"
  # The runtime stage: from scratch, a numeric user that is not root, the server's address,
  # database and site, the volume and the port.
  echo "$rt" | grep -qx 'FROM scratch' || fail "the runtime stage is not FROM scratch"
  local user
  user="$(echo "$rt" | sed -n 's/^USER //p')"
  [[ "$user" =~ ^[0-9]+(:[0-9]+)?$ ]] || fail "USER '$user' is not numeric (uid:gid)"
  [ "${user%%:*}" != 0 ] || fail "USER is root"
  [ "${user%%:*}" = "$UID_EXPECTED" ] || fail "USER $user: this script expects $UID_EXPECTED"
  local want
  for want in 'ULTI_LISTEN=0.0.0.0:8787' 'ULTI_DB=/data/tables.sqlite' 'ULTI_SITE=/app/site' \
    'VOLUME \["/data"\]' 'EXPOSE 8787' 'ENTRYPOINT \["/usr/local/bin/ulti-server"\]' \
    "--chown=$UID_EXPECTED:$UID_EXPECTED /out/data/ /data/"; do
    echo "$rt" | grep -qE -- "$want" || fail "the runtime stage lacks: $want"
  done
  # The builder: the app with trunk in release, the pinned tools of scripts/tools.sh, a static
  # musl server.
  for want in 'ensure_trunk' 'ensure_wasm_bindgen' 'ensure_wasm_opt' 'trunk build --release --locked' \
    "--target $MUSL" 'rustup target add wasm32-unknown-unknown x86_64-unknown-linux-musl'; do
    grep -qF -- "$want" Dockerfile || fail "the Dockerfile's builder lacks: $want"
  done
  # .dockerignore keeps the build outputs out of the context.
  for want in target .git .tools node_modules site; do
    grep -qx "$want" .dockerignore || fail ".dockerignore lacks $want"
  done
  # compose: the trusted proxy range is the compose network's subnet, the volume is on /data.
  local subnet trusted
  subnet="$(sed -n 's/^ *- subnet: *\([^ #]*\).*/\1/p' deploy/compose.yaml)"
  trusted="$(sed -n 's/^ *ULTI_TRUSTED_PROXY: *"\{0,1\}\([^" #]*\).*/\1/p' deploy/compose.yaml)"
  [ -n "$subnet" ] && [ "$subnet" = "$trusted" ] ||
    fail "deploy/compose.yaml: ULTI_TRUSTED_PROXY ($trusted) is not the network's subnet ($subnet)"
  grep -qE '^ *- tables:/data$' deploy/compose.yaml || fail "deploy/compose.yaml: no named volume on /data"
  grep -qE 'reverse_proxy +ulti-server:8787' deploy/Caddyfile || fail "deploy/Caddyfile: no reverse_proxy to ulti-server:8787"
  note "Dockerfile, .dockerignore, compose.yaml and Caddyfile: as expected (trusted proxy $trusted)"
}

# ---------------------------------------------------------------------------------------------
# Tools.

ensure_engine() {
  if command -v "$engine" >/dev/null; then
    note "$engine: $("$engine" --version)"
  elif [ "$engine" = podman ]; then
    apt_install podman
  else
    die "$engine is missing"
  fi
}

ensure_musl() {
  if rustup target list --installed 2>/dev/null | grep -qx "$MUSL"; then
    note "$MUSL target: present"
  else
    rustup target add "$MUSL"
  fi
  if command -v musl-gcc >/dev/null; then
    note "musl-gcc: present"
  else
    apt_install musl-tools
  fi
}

# python3 (free ports, JSON) and curl (the requests).
ensure_client() {
  ensure_python
  command -v curl >/dev/null || apt_install curl
}

install_tools() {
  ensure_engine
  ensure_musl
  ensure_client
}

# ---------------------------------------------------------------------------------------------
# The image.

build_server() {
  # x86-64-v2 as in .cargo/config.toml (which names only the gnu target) and the Dockerfile.
  CARGO_TARGET_X86_64_UNKNOWN_LINUX_MUSL_RUSTFLAGS="-C target-cpu=x86-64-v2" \
    nice -n 10 cargo build --release --locked -p ulti-server --bin ulti-server --target "$MUSL"
  local bin
  bin="$(cargo_target_dir)/$MUSL/release/ulti-server"
  if file "$bin" 2>/dev/null | grep -q 'dynamically linked'; then
    fail "$bin is dynamically linked; FROM scratch needs a static binary"
  fi
  mkdir -p "$work/ctx/out/data"
  cp "$bin" "$work/ctx/out/ulti-server"
  strip "$work/ctx/out/ulti-server"
  note "ulti-server (musl, static, stripped): $(du -h "$work/ctx/out/ulti-server" | cut -f1)"
}

# The stand-in site's text, when the image holds the stand-in (else GET / must be the app's page).
SITE_MARKER=
build_image() {
  local app
  app="$(cargo_target_dir)/tables-site"
  if [ -f "$app/index.html" ]; then
    cp -r "$app" "$work/ctx/out/site"
    note "site: the app in $app (scripts/tables.sh)"
  else
    mkdir -p "$work/ctx/out/site"
    SITE_MARKER="ulti-container-test stand-in site"
    printf '<!doctype html><title>%s</title><p>%s</p>\n' "$SITE_MARKER" "$SITE_MARKER" \
      >"$work/ctx/out/site/index.html"
    note "site: a one-page stand-in (no $app/index.html; scripts/tables.sh builds the app there)"
  fi
  # No intermediate image of the rootfs stage is kept (podman keeps one unless told).
  local -a layers=()
  [ "$engine" = podman ] && layers=(--layers=false)
  "$engine" "${GOPTS[@]}" build --quiet "${layers[@]}" -f deploy/Containerfile.local -t "$tag" "$work/ctx" >/dev/null
  built_image="$tag"
  image="$tag"
  note "built $tag: $("$engine" "${GOPTS[@]}" image inspect --format '{{.Size}}' "$tag" |
    awk '{printf "%.1f MB", $1 / 1e6}')"
}

# The image's configuration: the user, environment, volume and port it declares.
check_config() {
  local user env vols ports
  user="$("$engine" "${GOPTS[@]}" image inspect --format '{{.Config.User}}' "$image")"
  env="$("$engine" "${GOPTS[@]}" image inspect --format '{{json .Config.Env}}' "$image")"
  vols="$("$engine" "${GOPTS[@]}" image inspect --format '{{json .Config.Volumes}}' "$image")"
  ports="$("$engine" "${GOPTS[@]}" image inspect --format '{{json .Config.ExposedPorts}}' "$image")"
  [ "$user" = "$UID_EXPECTED:$UID_EXPECTED" ] || fail "image user is '$user', not $UID_EXPECTED:$UID_EXPECTED"
  for want in '"ULTI_LISTEN=0.0.0.0:8787"' '"ULTI_DB=/data/tables.sqlite"' '"ULTI_SITE=/app/site"'; do
    [[ "$env" == *"$want"* ]] || fail "image environment lacks $want: $env"
  done
  [[ "$vols" == *'"/data"'* ]] || fail "image declares no volume /data: $vols"
  [[ "$ports" == *'"8787/tcp"'* ]] || fail "image exposes no 8787/tcp: $ports"
  note "image config: User $user, volume /data, port 8787, ULTI_LISTEN/ULTI_DB/ULTI_SITE set"
}

# ---------------------------------------------------------------------------------------------
# Running it.

RUN_OPTS=()
# Finds the options under which this machine can start a container: none at all on a normal
# host; here (a sandbox) podman's default limits cannot be set (RLIMIT_NOFILE above the hard
# limit, RLIMIT_NPROC), and crun refuses the hybrid cgroup layout, so runc is tried too.
probe_runtime() {
  local nofile err
  nofile="$(ulimit -Hn)"
  [ "$nofile" = unlimited ] && nofile=1048576
  local -a limits=(--ulimit "nofile=$nofile:$nofile" --ulimit nproc=4096:4096)
  local attempt
  for attempt in default limits runc; do
    case "$attempt" in
      default) GOPTS=(); RUN_OPTS=() ;;
      limits) GOPTS=(); RUN_OPTS=("${limits[@]}") ;;
      runc)
        [ "$engine" = podman ] || break
        command -v runc >/dev/null || apt_install runc
        GOPTS=(--runtime runc); RUN_OPTS=("${limits[@]}") ;;
    esac
    if err="$("$engine" "${GOPTS[@]}" run --rm "${RUN_OPTS[@]}" "$image" --version 2>&1)" &&
      [[ "$err" == ulti-server* ]]; then
      note "containers start with: $engine ${GOPTS[*]} run ${RUN_OPTS[*]} ($err)"
      return 0
    fi
    note "$engine ${GOPTS[*]} run ${RUN_OPTS[*]}: $(echo "$err" | tail -n 1)"
  done
  fail "no way found to start a container here (each attempt's error above); the offline checks passed"
}

PORT=
NET_OPTS=()
container_started=
# Starts a container of the image on the volume; waits until GET /api answers (at most 30 s).
start_container() {
  local t0=$SECONDS
  "$engine" "${GOPTS[@]}" rm -f "$CTR" >/dev/null 2>&1 || true
  # --init as compose.yaml's `init: true`: a small init forwards SIGTERM to the server.
  "$engine" "${GOPTS[@]}" run -d --name "$CTR" --init "${RUN_OPTS[@]}" "${NET_OPTS[@]}" \
    -v "$VOL:/data" "$image" >/dev/null
  container_started=1
  for _ in $(seq 1 300); do
    if [ "$("$engine" "${GOPTS[@]}" inspect --format '{{.State.Running}}' "$CTR")" != true ]; then
      fail "the container stopped at start"
    fi
    if curl -fsS -m 2 "http://127.0.0.1:$PORT/api" >"$work/api.json" 2>/dev/null; then
      note "answering on 127.0.0.1:$PORT after $((SECONDS - t0)) s"
      return 0
    fi
    sleep 0.1
  done
  return 1
}

# The first start: a published port on 127.0.0.1 (the server listens on 0.0.0.0:8787 inside),
# else the host's network with the server told to listen on 127.0.0.1 only.
first_start() {
  PORT="$(free_port)"
  NET_OPTS=(-p "127.0.0.1:$PORT:8787")
  if start_container; then
    return 0
  fi
  note "no answer through a published port; trying the host's network on 127.0.0.1"
  PORT="$(free_port)"
  NET_OPTS=(--network=host -e "ULTI_LISTEN=127.0.0.1:$PORT")
  start_container || fail "the server never answered GET /api"
}

# HTTP status of a request; the body goes to $work/body.
http() {
  curl -sS -m 10 -o "$work/body" -w '%{http_code}' "$@"
}

# The process(es) of the container, seen from the host: every one runs as the image's user.
check_user() {
  local pid pids uid comm found=
  pid="$("$engine" "${GOPTS[@]}" inspect --format '{{.State.Pid}}' "$CTR")"
  [ -r "/proc/$pid/status" ] || { note "cannot see the container's processes (pid $pid): user checked in the image config only"; return 0; }
  pids="$pid $(cat /proc/"$pid"/task/*/children 2>/dev/null || true)"
  for p in $pids; do
    uid="$(awk '/^Uid:/ {print $2}' "/proc/$p/status")"
    comm="$(cat "/proc/$p/comm")"
    [ "$uid" = "$UID_EXPECTED" ] || fail "process $p ($comm) runs as uid $uid"
    [ "$comm" = ulti-server ] && found=1
  done
  [ -n "$found" ] || fail "no ulti-server process among $pids"
  note "every process of the container runs as uid $UID_EXPECTED: $(for p in $pids; do printf '%s ' "$(cat /proc/"$p"/comm)"; done)"
}

TABLE=
check_first_run() {
  python3 - "$work/api.json" <<'PY' || fail "GET /api: $(cat "$work/api.json")"
import json, sys
assert json.load(open(sys.argv[1])) == {"protocol": "ulti-table/1"}
PY
  note "GET /api: {\"protocol\":\"ulti-table/1\"}"
  local code
  # /healthz counts only when the server itself answers it: with --site, a path the server
  # does not know may be an app route, answered with the app's index.html.
  code="$(http -D "$work/headers" "http://127.0.0.1:$PORT/healthz")"
  if [ "$code" = 200 ] && ! grep -qi '^content-type: *text/html' "$work/headers"; then
    note "GET /healthz: 200 ($(head -c 80 "$work/body"))"
  else
    note "GET /healthz: $code $(grep -i '^content-type' "$work/headers" | tr -d '\r') (not in this build: GET /api stands in for it)"
  fi
  code="$(http "http://127.0.0.1:$PORT/")"
  [ "$code" = 200 ] || fail "GET / (the site): $code"
  if [ -n "$SITE_MARKER" ]; then
    grep -qF "$SITE_MARKER" "$work/body" || fail "GET / is not the site's index.html"
  else
    grep -qi '<html' "$work/body" || fail "GET / is not the app's index.html"
  fi
  note "GET /: 200, the site's index.html (ULTI_SITE=/app/site)"
  check_user
  code="$(http -X POST -H 'Content-Type: application/json' \
    -d '{"seats":["human","computer:easy","computer:easy"]}' "http://127.0.0.1:$PORT/api/tables")"
  [ "$code" = 201 ] || fail "POST /api/tables: $code $(cat "$work/body")"
  TABLE="$(python3 -c 'import json, sys; t = json.load(open(sys.argv[1])); assert t["tokens"]["0"]; print(t["table"])' "$work/body")" ||
    fail "POST /api/tables answered $(cat "$work/body")"
  code="$(http "http://127.0.0.1:$PORT/api/tables/$TABLE")"
  [ "$code" = 200 ] || fail "GET /api/tables/$TABLE: $code"
  cp "$work/body" "$work/before.json"
  note "POST /api/tables: 201, table $TABLE; GET /api/tables/$TABLE: 200"
}

STOP_NOTE=
# Stops the container (SIGTERM, 15 s before SIGKILL, as compose.yaml's stop_grace_period).
stop_container() {
  local t0 code secs
  t0="$(date +%s.%N)"
  "$engine" "${GOPTS[@]}" stop --time 15 "$CTR" >/dev/null
  secs="$(python3 -c "import sys; print(f'{$(date +%s.%N) - $t0:.1f}')")"
  code="$("$engine" "${GOPTS[@]}" inspect --format '{{.State.ExitCode}}' "$CTR")"
  case "$code" in
    0) STOP_NOTE="exit 0 after $secs s (graceful)" ;;
    143)
      [ -z "$strict_stop" ] || fail "stop (SIGTERM): exit 143 after $secs s, not a graceful exit 0 (--strict-stop)"
      STOP_NOTE="exit 143 after $secs s: SIGTERM ended the server by its default action (no SIGTERM handler in this build)" ;;
    *) fail "stop (SIGTERM): exit $code after $secs s (137: SIGKILL after the 15 s grace period)" ;;
  esac
  note "stopped with SIGTERM: $STOP_NOTE"
}

# The volume's files seen from the host: the database, owned by the image's user.
check_volume() {
  local dir owner
  dir="$("$engine" "${GOPTS[@]}" volume inspect --format '{{.Mountpoint}}' "$VOL")"
  owner="$(as_root stat -c %u "$dir/tables.sqlite" 2>/dev/null)" ||
    fail "no tables.sqlite on the volume ($dir): $(as_root ls -la "$dir" 2>&1)"
  [ "$owner" = "$UID_EXPECTED" ] || fail "$dir/tables.sqlite is owned by uid $owner"
  note "volume $VOL: tables.sqlite owned by uid $owner ($(as_root du -sh "$dir" | cut -f1) in $dir)"
}

check_restart() {
  local code
  code="$(http "http://127.0.0.1:$PORT/api/tables/$TABLE")"
  [ "$code" = 200 ] || fail "after the restart, GET /api/tables/$TABLE: $code $(cat "$work/body")"
  python3 - "$work/before.json" "$work/body" <<'PY' || fail "the table changed across the restart"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["table"] == b["table"], (a, b)
assert [s.get("kind") for s in a["seats"]] == [s.get("kind") for s in b["seats"]], (a, b)
PY
  note "a new container on the same volume: GET /api/tables/$TABLE 200, the same table"
}

run_checks() {
  "$engine" "${GOPTS[@]}" volume create "$VOL" >/dev/null
  first_start
  check_first_run
  stop_container
  check_volume
  "$engine" "${GOPTS[@]}" rm -f "$CTR" >/dev/null
  container_started=
  start_container || fail "the second container never answered GET /api"
  check_restart
  stop_container
}

timed "offline checks: Dockerfile, Containerfile.local, compose.yaml" lint
if [ -n "$lint_only" ]; then
  printf '\noffline checks passed (--lint-only: nothing built or run)\n'
  exit 0
fi
if [ -z "$image" ]; then
  timed "tools (installed only when missing)" install_tools
  timed "ulti-server for $MUSL (release)" build_server
  timed "the image (deploy/Containerfile.local, FROM scratch)" build_image
else
  ensure_engine
  ensure_client
  note "testing $image (built elsewhere)"
fi
timed "the image's configuration" check_config
timed "a container runtime that works here" probe_runtime
timed "run: /api, the site, the user, a table; SIGTERM; a new container on the same volume" run_checks

step "timings"
printf '  %s\n' "${timings[@]}"
printf '  %5ss  total\n' $((SECONDS - started))
printf '\ncontainer test passed (stop: %s)\n' "$STOP_NOTE"
