#!/usr/bin/env bash
# Prepares the peer (UltiArena's Cython solver, github.com/sztriga/ultiarena) for
# scripts/bench-peer.sh: its source in PEER/src, a venv in PEER/venv with Cython, and its
# extension ultisolver._solver_core built in place (the Cython directives of the peer's own
# setup_cython.py, -O3).
# Usage: scripts/peer/build.sh SOURCE PEER
#   SOURCE: a checkout of sztriga/ultiarena (measured: 90f6515, 2026-08-13), or a bare git
#           repository of it (its HEAD is exported); PEER: the directory to prepare.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 SOURCE PEER" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
src=$1 peer=$2
mkdir -p "$peer/src"
peer=$(cd "$peer" && pwd)
if [ -f "$src/ultisolver/_solver_core.pyx" ]; then
  cp -r "$src/ultisolver" "$peer/src/"
else
  git -C "$src" archive HEAD ultisolver | tar -x -C "$peer/src"
fi
[ -x "$peer/venv/bin/python" ] || python3 -m venv "$peer/venv"
"$peer/venv/bin/pip" install -q cython==3.3.1 setuptools==65.5.0
PEER_SRC="$peer/src" "$peer/venv/bin/python" "$here/setup.py" build_ext --inplace >/dev/null
echo "peer built in $peer/src/ultisolver"
