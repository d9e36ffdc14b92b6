# AdmitOne as one image: the web app and the API on port 3000 (`node scripts/start.mjs`), or the job
# worker with `node scripts/start.mjs worker` (run it with `--no-healthcheck`: a worker serves no /api/health).
# See the README's "Production" section and compose.yaml.
#   docker build -t admitone .
#   docker run -p 3000:3000 -v admitone-data:/data admitone        (embedded database in /data)

# Node 22 LTS: the project runs on 20.19+, but Node 20 is past its end of life and some dependencies
# (ical-generator 11, cookie 2) declare node >= 22.
ARG NODE_IMAGE=node:22-bookworm-slim

# The workspace's package files alone, so the dependency layers are rebuilt only when they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/

# Build: every dependency (TypeScript, Vite, esbuild), then `npm run build` (apps/web/dist,
# apps/web/dist-ssr, apps/api/dist).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What runs: production dependencies only (no tsx, Vite, esbuild or test tools).
FROM manifests AS production-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app ./
COPY scripts/start.mjs scripts/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# The embedded database, uploads and written mail (without SMTP_URL) live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
