# Curio: one image for the web process and the job worker.
#   docker build -t curio .
#   docker run -p 3000:3000 -v curio-data:/app/data curio                  # embedded database
#   docker compose -f deploy/compose.yaml up                                # PostgreSQL, MinIO, 2 web, 1 worker, Caddy

# ---- build: every dependency, the web app (Vite) and the compiled server (esbuild) ----
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only (the server's and the root's; none of the web app's: its server-side bundle carries them) ----
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace=@curio/server --include-workspace-root --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime ----
FROM node:20-slim
# MALLOC_ARENA_MAX: glibc's per-thread memory arenas, left half used by the image library's threads,
# hold 50–70 MB more resident memory per process under uploads than two arenas do (docs/benchmarks.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# Fonts the studio generator draws placard titles in: DejaVu for Latin scripts, Noto CJK for Chinese
# (and Japanese, Korean) titles; without them a slim image draws no text, or boxes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk fontconfig \
 && rm -rf /var/lib/apt/lists/*
# node_modules and the workspaces' package.json files (nested node_modules too, if npm made any)
COPY --from=deps /app ./
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The web app's server-side bundle and its worker: a guest's profile arrives rendered (with jsdom, a server dependency).
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The web process; the worker is the same image with `node apps/server/dist/worker.js`,
# the admin tool `node apps/server/dist/admin.js`.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
