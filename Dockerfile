# Curio: one image for the web process, the job worker and the operator's commands.
#   docker build -t curio .
#   docker run -p 3000:3000 -v curio-data:/app/data curio                  # embedded database
#   docker compose -f deploy/compose.yaml up -d --build                     # PostgreSQL, SeaweedFS, 2 web, 1 worker, Caddy
#
# Build arguments:
#   NODE_IMAGE    the Node.js base image of every stage (a Debian bookworm one: the runtime installs
#                 Debian's packages); pinned by version
#   VERSION, REVISION
#                 the OCI labels' version and source revision (npm run test:containers passes both)
# A build behind a proxy with its own certificate authority: put that CA's PEM file(s) as
# deploy/build-ca/*.crt (git-ignored). The build stages trust them for npm; the runtime image never
# holds them.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- build: every dependency, the web app (Vite) and the compiled server (esbuild) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY deploy/build-ca/ /tmp/build-ca/
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN if ls /tmp/build-ca/*.crt >/dev/null 2>&1; then cat /tmp/build-ca/*.crt > /tmp/build-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/build-ca.pem; fi \
 && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only (the server's and the root's; none of the web app's: its server-side bundle carries them) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY deploy/build-ca/ /tmp/build-ca/
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN if ls /tmp/build-ca/*.crt >/dev/null 2>&1; then cat /tmp/build-ca/*.crt > /tmp/build-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/build-ca.pem; fi \
 && npm ci --omit=dev --workspace=@curio/server --include-workspace-root --no-audit --no-fund \
 && npm cache clean --force \
 # npm keeps the packages a production one names as an optional peer that a development one needs (the
 # build tools: tsx, esbuild, TypeScript, Vite, drizzle-kit), marked devOptional in the lock: none is
 # needed at run time.
 && node -e "const l=require('./package-lock.json');for(const [p,v] of Object.entries(l.packages))if(v.devOptional)require('fs').rmSync(p,{recursive:true,force:true})" \
 && find node_modules/.bin -xtype l -delete \
 # The segmentation runtime ships every platform's binaries (about 100 MB of macOS and Windows ones):
 # keep this image's own.
 && ort=node_modules/onnxruntime-node/bin/napi-v3 \
 && case "$(dpkg --print-architecture)" in amd64) keep=x64 ;; arm64) keep=arm64 ;; *) keep=none ;; esac \
 && rm -rf "$ort/darwin" "$ort/win32" \
 && for dir in "$ort"/linux/*; do [ "$(basename "$dir")" = "$keep" ] || rm -rf "$dir"; done

# ---- runtime ----
FROM ${NODE_IMAGE}
ARG NODE_IMAGE
ARG VERSION=0.2.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="Curio" \
      org.opencontainers.image.description="A display shelf for collectors: styled images of their figures, models and toys" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.licenses="AGPL-3.0-only" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
# MALLOC_ARENA_MAX: glibc's per-thread memory arenas, left half used by the image library's threads,
# hold 50–70 MB more resident memory per process under uploads than two arenas do (docs/benchmarks.md).
# MALLOC_MMAP_THRESHOLD_: blocks of 128 KiB and more (image buffers) get a mapping of their own, returned to the
# system when freed; glibc's moving threshold otherwise keeps them in the heap after the first large free.
# NODE_OPTIONS: V8's memory settings of every Curio process, as `npm start` sets them
# (apps/server/src/lib/runtime.ts, NODE_MEMORY_OPTIONS: Node.js 24 sizes its heap from the machine's memory).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    NODE_OPTIONS="--max-semi-space-size=16 --max-old-space-size=512" \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# tini: process 1 passes signals on and reaps zombies (the cut-out and page-renderer children).
# Fonts the studio generator draws placard titles in: DejaVu for Latin scripts, Noto CJK for Chinese
# (and Japanese, Korean) titles; without them a slim image draws no text, or boxes.
# postgresql-client: pg_dump, pg_restore and psql for `node apps/server/dist/backup.js` (Debian
# bookworm's 15, the major of the PostgreSQL deploy/compose.yaml runs: pg_dump refuses a newer server).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini fonts-dejavu-core fonts-noto-cjk fontconfig postgresql-client \
 && rm -rf /var/lib/apt/lists/*
# node_modules and the workspaces' package.json files (nested node_modules too, if npm made any)
COPY --from=deps /app ./
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The web app's server-side bundle and its worker: a guest's profile arrives rendered (React's server renderer).
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# Owner-only folders for the data and for backups; mount a named volume on each (deploy/compose.yaml
# does). No VOLUME line: it would leave an anonymous volume behind every container run without one.
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups && chmod 700 /app/data /app/backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# The web process. The job worker is the same image with `node apps/server/dist/worker.js` (its liveness
# check: `node apps/server/dist/worker.js --alive`), the admin tool `node apps/server/dist/admin.js`,
# backups `node apps/server/dist/backup.js [restore DIR]`, the bucket `node apps/server/dist/create-bucket.js`.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
