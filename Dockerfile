# syntax=docker/dockerfile:1
# The production image: `docker build -t minerva .` (compose.yaml builds it the same way).
# Node 22 LTS on Debian slim: glibc, for the prebuilt argon2 binary.
ARG NODE_IMAGE=node:22-bookworm-slim

# The workspace manifests alone: the dependency layers below stay cached until one changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/

# The web app and the back office, built by Vite with a .br and a .gz beside each file.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/admin apps/admin
RUN npm run build

# The server's production dependencies only (tsx runs the TypeScript; no Vite, React or test tools).
FROM manifests AS server-deps
RUN npm ci --omit=dev --workspace apps/server --include-workspace-root --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=server-deps /app/node_modules node_modules
COPY package.json ./
COPY packages/contracts packages/contracts
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
# DATA_DIR: PGlite's files when no DATABASE_URL is set (a trial), and that trial's webhook secret.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready: the database answers and the instance is not draining for a shutdown.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, to finish the requests in flight.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
