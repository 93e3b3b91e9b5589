#!/bin/sh
# The image's entrypoint (Dockerfile): runs the container's command, with APP_KEY set.
# APP_KEY signs and encrypts cookies and must be the same on every instance. Taken from the
# environment when given; otherwise, with APP_KEY_FILE (a volume shared by the instances), the
# key generated there once for this deployment: the first container to start writes it (the
# deploy step, which runs before the instances), every later one reads it.
set -eu
if [ -z "${APP_KEY:-}" ] && [ -n "${APP_KEY_FILE:-}" ]; then
  if [ ! -s "$APP_KEY_FILE" ]; then
    candidate="$APP_KEY_FILE.$$"
    node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))" >"$candidate"
    # A hard link never replaces an existing file: of two containers racing, the first key stays.
    ln "$candidate" "$APP_KEY_FILE" 2>/dev/null || true
    rm -f "$candidate"
  fi
  APP_KEY=$(cat "$APP_KEY_FILE")
  export APP_KEY
fi
# The booking documents' master key (config/documents.ts), the same way: from the environment,
# else generated once into DOCUMENTS_MASTER_KEY_FILE on the shared volume. Back that file up:
# without it the stored documents cannot be read.
if [ -z "${DOCUMENTS_MASTER_KEY:-}" ] && [ -n "${DOCUMENTS_MASTER_KEY_FILE:-}" ]; then
  if [ ! -s "$DOCUMENTS_MASTER_KEY_FILE" ]; then
    candidate="$DOCUMENTS_MASTER_KEY_FILE.$$"
    node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64'))" >"$candidate"
    ln "$candidate" "$DOCUMENTS_MASTER_KEY_FILE" 2>/dev/null || true
    rm -f "$candidate"
  fi
  DOCUMENTS_MASTER_KEY=$(cat "$DOCUMENTS_MASTER_KEY_FILE")
  export DOCUMENTS_MASTER_KEY
fi
exec "$@"
