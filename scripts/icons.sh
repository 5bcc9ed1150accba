#!/usr/bin/env bash
# Renders the app icons (PNG) from icons/icon.svg with rsvg-convert (Debian: librsvg2-bin). The
# PNGs are committed; run this only after changing the SVG. The art is full-bleed with
# everything inside the central safe circle, so icon-512.png is also the maskable icon.
# Usage: scripts/icons.sh
set -euo pipefail
cd "$(dirname "$0")/../icons"
command -v rsvg-convert >/dev/null || {
  echo "error: rsvg-convert not found (apt-get install librsvg2-bin)" >&2
  exit 1
}
for size in 192 512; do
  rsvg-convert -w "$size" -h "$size" icon.svg -o "icon-$size.png"
done
rsvg-convert -w 180 -h 180 icon.svg -o apple-touch-icon.png
ls -l ./*.png
