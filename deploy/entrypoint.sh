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
# The booking documents' master key (config/documents.ts): from the environment, else read from
# DOCUMENTS_MASTER_KEY_FILE on the shared volume. Unlike APP_KEY it is never made up unasked: a
# new key cannot open the documents stored so far, so a file gone missing (a lost or swapped
# volume) stops the start instead. It is generated only on the first deployment, when asked
# with DOCUMENTS_MASTER_KEY_GENERATE=true, readable by its owner only. Back that file up:
# without it the stored documents cannot be read.
if [ -z "${DOCUMENTS_MASTER_KEY:-}" ] && [ -n "${DOCUMENTS_MASTER_KEY_FILE:-}" ]; then
  if [ ! -s "$DOCUMENTS_MASTER_KEY_FILE" ]; then
    if [ "${DOCUMENTS_MASTER_KEY_GENERATE:-}" != "true" ]; then
      echo "entrypoint: the booking documents' master key file $DOCUMENTS_MASTER_KEY_FILE is missing or empty." >&2
      echo "entrypoint: a new key would leave every stored document unreadable, so none is generated unasked." >&2
      echo "entrypoint: restore the file from the backups, or set DOCUMENTS_MASTER_KEY; on the first deployment only, set DOCUMENTS_MASTER_KEY_GENERATE=true." >&2
      exit 1
    fi
    candidate="$DOCUMENTS_MASTER_KEY_FILE.$$"
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64'))" >"$candidate")
    # A hard link never replaces an existing file: of two containers racing, the first key stays.
    if ln "$candidate" "$DOCUMENTS_MASTER_KEY_FILE" 2>/dev/null; then
      echo "entrypoint: generated the booking documents' master key in $DOCUMENTS_MASTER_KEY_FILE: back it up." >&2
    fi
    rm -f "$candidate"
  fi
  DOCUMENTS_MASTER_KEY=$(cat "$DOCUMENTS_MASTER_KEY_FILE")
  export DOCUMENTS_MASTER_KEY
fi
exec "$@"
