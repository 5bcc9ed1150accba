# syntax=docker/dockerfile:1
# The live-table server with the web app built in: one image, one port (8787), the tables in one
# SQLite file on the volume /data. Build and run (docs/src/hosting.md):
#   docker build -t ulti-server .
#   docker run --init -p 8787:8787 -v ulti-tables:/data ulti-server
# Configuration: every ulti-server flag is also an ULTI_* environment variable
# (`docker run --rm ulti-server --help` lists them). deploy/compose.yaml runs it behind Caddy.
#
# Three stages: `builder` (the app with trunk, the server as a static musl binary), `rootfs` (the
# files the image holds, under /out) and the runtime image, FROM scratch: no shell, no libc, no
# package manager, only the binary, the app and an empty /data owned by the server's user.

ARG RUST_VERSION=1.95.0

# ---- builder -------------------------------------------------------------------------------
FROM rust:${RUST_VERSION}-bookworm AS builder
# musl-tools: the C compiler for the bundled SQLite of the static build. Node and npm: wasm-opt
# from npm binaryen (Debian's binaryen is too old for the app, scripts/tools.sh).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends musl-tools nodejs npm \
 && rm -rf /var/lib/apt/lists/* \
 && rustup target add wasm32-unknown-unknown x86_64-unknown-linux-musl
WORKDIR /src
# The pinned tools, installed exactly as scripts/serve.sh and scripts/test.sh install them: trunk,
# wasm-bindgen-cli at the Cargo.lock version, mdbook (the guide beside the app) and wasm-opt (into
# /src/.tools). Only these two files decide them, so this layer stays cached across source edits.
COPY scripts/tools.sh scripts/tools.sh
COPY Cargo.lock Cargo.lock
RUN bash -c 'set -euo pipefail; source scripts/tools.sh; ensure_trunk; ensure_wasm_bindgen; ensure_mdbook; ensure_wasm_opt'
ENV PATH=/src/.tools/binaryen/node_modules/.bin:$PATH
# Native x86-64 builds assume x86-64-v2 (.cargo/config.toml says why; it names only the gnu target).
ENV CARGO_TARGET_X86_64_UNKNOWN_LINUX_MUSL_RUSTFLAGS="-C target-cpu=x86-64-v2"
COPY . .
# The app at the site's root (as scripts/tables.sh builds it), the server for musl (static: it
# runs FROM scratch). The registry and target/ are cache mounts, so the results are copied out.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    trunk build --release --locked --dist /out/site \
 && test -f /out/site/index.html \
 && cargo build --release --locked -p ulti-server --bin ulti-server --target x86_64-unknown-linux-musl \
 && cp target/x86_64-unknown-linux-musl/release/ulti-server /out/ulti-server \
 && strip /out/ulti-server \
 && /out/ulti-server --version \
 && mkdir -p /out/data

# ---- rootfs: what the runtime stage copies, under /out -----------------------------------------
# deploy/Containerfile.local has a stage of the same name built from prebuilt files instead.
FROM scratch AS rootfs
COPY --from=builder /out/ /out/

# ---- runtime -------------------------------------------------------------------------------
# This stage must stay identical, line for line, to the one in deploy/Containerfile.local (the
# image scripts/container-test.sh builds and runs here); that script checks it.
FROM scratch
COPY --from=rootfs /out/ulti-server /usr/local/bin/ulti-server
COPY --from=rootfs /out/site/ /app/site/
# The volume's mount point, owned by the server's user: a new named volume takes this ownership.
COPY --from=rootfs --chown=10001:10001 /out/data/ /data/
# The working directory is writable too, which SQLite needs for a temporary file (no /tmp here).
WORKDIR /data
USER 10001:10001
ENV ULTI_LISTEN=0.0.0.0:8787 \
    ULTI_DB=/data/tables.sqlite \
    ULTI_SITE=/app/site
VOLUME ["/data"]
EXPOSE 8787
# SIGTERM: the server closes every WebSocket with 1001, flushes the log and exits; each table
# resumes from the log at the next start. No HEALTHCHECK: scratch has no program to run one
# with; probe GET /healthz from outside (docs/src/hosting.md, Operations).
STOPSIGNAL SIGTERM
LABEL org.opencontainers.image.title="ulti-server" \
      org.opencontainers.image.description="Ulti Solver live tables (ulti-table/1) with the web app" \
      org.opencontainers.image.licenses="MIT"
ENTRYPOINT ["/usr/local/bin/ulti-server"]
