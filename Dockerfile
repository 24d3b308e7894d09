# Darsi's production image (docs/guides/deploy.md). Built in two stages: the first installs every package and
# builds the web app and the server bundle; the second keeps only what runs: production packages, the bundle,
# migrations, translations, help content, and the programs video and PDFs need (ffmpeg, Chromium).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# chromium: code cards and certificates as PDF (src/server/core/pdf.ts); ffmpeg (with ffprobe): lesson videos;
# tar: npm run backup. Same Debian packages as on a bare server (.ci/run installs them the same way).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium ffmpeg tar ca-certificates \
  && apt-get clean && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY package.json package-lock.json ./
# Production packages without install scripts: the only one they have is the npm package `node`'s, which would put a
# second Node (the pin that `npm start` uses on a bare machine, 189 MB) in node_modules; here the base image's Node
# runs Darsi (decision 113). npm's cache goes to a scratch folder, not into a layer.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --cache /tmp/npm-cache && rm -rf /tmp/npm-cache
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY content ./content
COPY public ./public
COPY scripts/backup.mjs ./scripts/backup.mjs
# Runs as the image's unprivileged "node" user; DATA_DIR is a volume it owns (shared by every instance).
# /pages: the landing pages written for nginx (LANDING_FILES_DIR in deploy/compose.yaml, decision 220).
RUN mkdir -p /data /pages && chown node:node /data /pages
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: a database outage shows on /api/health/ready (the proxy's check), and must not restart Darsi.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The V8 flags of `npm start` (package.json; measured in bench/results/memory.md, docs/guides/operations.md).
CMD ["node", "--max-semi-space-size=4", "--liftoff-only", "dist/server/main.mjs"]
