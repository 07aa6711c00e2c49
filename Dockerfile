# The Kindling service as a container image: `docker build -t kindling .` from the repository root.
# Two stages: `build` installs the workspace with its build tools and builds every package, then
# `pnpm deploy` gathers @kindling/server with its production dependencies only (the workspace
# packages as built, better-sqlite3's native module compiled for this Node); `runtime` is Node's slim
# image with that folder alone, run as the unprivileged `node` user. The SQLite files live in the
# /data volume (or set REDIS_URL and the volume stays empty). docs/operations.md says how to run,
# back up and upgrade it; e2e/container-image.test.ts checks what this file must keep.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles its native module when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10
WORKDIR /src
COPY . .
ENV CI=true
RUN pnpm install --frozen-lockfile
RUN pnpm build
RUN pnpm --filter @kindling/server deploy --prod --legacy /app

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  KINDLING_DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /data
VOLUME ["/data"]
EXPOSE 3000
# Ready: not starting or stopping, and the store reads and takes a write (/readyz, README "Configuration").
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) finishes the requests in flight and closes the stores; give it the time.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/bin/kindling.mjs"]
CMD ["start"]
