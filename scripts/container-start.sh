#!/bin/bash
# The self-hosting container's two processes (Dockerfile): the docs MCP server
# and nginx, which proxies /mcp to it. When either stops, the other is stopped
# and the container exits with the first one's status, so that whatever runs
# the container restarts it whole; TERM and INT (docker stop) stop both.
set -u

node /opt/zip-docs/mcp-server.mjs --build /srv/zip-docs --listen 127.0.0.1:8081 &
mcp_server=$!
# The generated configuration keeps nginx in the foreground (daemon off).
nginx -p /run/zip-docs -c /etc/zip-docs/nginx.conf -e stderr &
web_server=$!

trap 'kill -TERM "$mcp_server" "$web_server" 2>/dev/null' TERM INT
wait -n "$mcp_server" "$web_server"
status=$?
kill -TERM "$mcp_server" "$web_server" 2>/dev/null
wait
exit "$status"
