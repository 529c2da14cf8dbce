# Self-hosting: the site behind nginx with the same configuration the tests
# and `npm run serve` use (plugins/delivery), and the docs MCP server (packages/docs-mcp/)
# as a Node.js process beside it, to which nginx proxies /mcp.
#   docker build -t zip-docs --build-arg ZIP_SITE_URL=https://docs.example.com .
#   docker run --rm -p 8080:8080 zip-docs
# The container serves plain HTTP on 8080; put TLS in front of it.

# The Node.js version in .nvmrc.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /site
# The install applies patches/ (postinstall), so they come with the lock file.
COPY package.json package-lock.json ./
COPY packages/model/package.json ./packages/model/
COPY packages/test-mode/package.json ./packages/test-mode/
COPY packages/docs-mcp/package.json ./packages/docs-mcp/
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
ARG ZIP_SITE_URL
ARG ZIP_GTAG_ID
ARG ZIP_METRICS_ID
# true for a staging server: every answer says X-Robots-Tag: noindex.
ARG ZIP_NOINDEX=false
RUN npm run build \
 && npm run nginx:config -- --build build --root /srv/zip-docs --listen 0.0.0.0:8080 \
      --runtime-dir /run/zip-docs --out /site/nginx.conf --mcp-upstream 127.0.0.1:8081 \
      $([ "$ZIP_NOINDEX" = true ] && echo --noindex) \
 && npx esbuild packages/docs-mcp/src/serve.ts --bundle --platform=node --format=esm --outfile=/site/mcp-server.mjs \
      --banner:js="import {createRequire} from 'node:module'; const require = createRequire(import.meta.url);"

FROM debian:bookworm-slim AS serve
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /run/zip-docs \
 && chown www-data:www-data /run/zip-docs
COPY --from=build /site/build /srv/zip-docs
COPY --from=build /site/nginx.conf /etc/zip-docs/nginx.conf
# The MCP server: one bundled file, run by the build stage's Node.js (both stages are bookworm).
COPY --from=build /usr/local/bin/node /usr/local/bin/node
COPY --from=build /site/mcp-server.mjs /opt/zip-docs/mcp-server.mjs
# Starts both and supervises them: one stopping stops the container (scripts/container-start.sh).
COPY --chmod=755 scripts/container-start.sh /opt/zip-docs/start.sh
USER www-data
EXPOSE 8080
CMD ["/opt/zip-docs/start.sh"]
