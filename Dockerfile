# syntax=docker/dockerfile:1
#
# One image for every role in docker-compose.yml (docs/deploy.md): the backend
# (compiled: backend/build/bin/server.js), the storefront's gateway (storefront/server.ts) and the
# deploy step (scripts/migrate.ts). The first stage installs the workspaces and builds the backend
# and the two front ends with the compilers a native module may need; the second carries the
# result on a slim Node 24.

FROM node:24-bookworm AS build
WORKDIR /app
# The manifests first: the install is cached until a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY database/package.json database/
COPY backend/package.json backend/
COPY storefront/package.json storefront/
COPY backoffice/package.json backoffice/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# Freed large blocks (scrypt's 16 MB per password hash) go back to the system: see scripts/backend-server.ts.
ENV NODE_ENV=production TZ=UTC MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Where the deploy step keeps the APP_KEY it generates when none is given (deploy/entrypoint.sh).
RUN mkdir -p /var/lib/aero && chown node:node /var/lib/aero && chmod +x /app/deploy/entrypoint.sh
USER node
ENTRYPOINT ["/app/deploy/entrypoint.sh"]
WORKDIR /app/backend
EXPOSE 3333 3000
CMD ["node", "build/bin/server.js"]
