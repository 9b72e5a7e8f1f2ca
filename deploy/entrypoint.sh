#!/bin/sh
# The container's entrypoint. It runs as the image's non-root user on a read-only root filesystem:
# everything torchpatch writes (the local copy of the served build, the ONNX encoder, scratch files)
# goes to TORCHPATCH_HOME, a tmpfs or volume. The index location (TORCHPATCH_DB) and the API tokens
# (TORCHPATCH_API_TOKENS or TORCHPATCH_API_TOKENS_FILE) come from the environment, never the image.
#
#   serve [OPTIONS]   torchpatch serve --transport http on $TORCHPATCH_BIND:$TORCHPATCH_PORT (0.0.0.0:8765)
#   index [OPTIONS]   torchpatch index: build and publish a new build at $TORCHPATCH_DB
#   anything else     passed to torchpatch as it is (search, whats-new, check, ...)
set -eu

TORCHPATCH_HOME="${TORCHPATCH_HOME:-/var/cache/torchpatch}"
export TORCHPATCH_HOME
if ! mkdir -p "$TORCHPATCH_HOME/tmp" 2>/dev/null || [ ! -w "$TORCHPATCH_HOME" ]; then
    echo "torchpatch: TORCHPATCH_HOME=$TORCHPATCH_HOME is not writable: mount a tmpfs or a volume there" >&2
    exit 64
fi
export TMPDIR="$TORCHPATCH_HOME/tmp"
# The user has no home of its own: libraries that cache under ~ write into TORCHPATCH_HOME instead.
if [ -z "${HOME:-}" ] || [ ! -w "${HOME}" ]; then
    export HOME="$TORCHPATCH_HOME"
fi
export PYTHONDONTWRITEBYTECODE=1

command="${1:-serve}"
[ "$#" -gt 0 ] && shift
case "$command" in
    serve|index)
        if [ -z "${TORCHPATCH_DB:-}" ]; then
            echo "torchpatch: set TORCHPATCH_DB to the index location, e.g. s3://bucket/index" >&2
            exit 64
        fi
        ;;
esac
case "$command" in
    serve) exec torchpatch serve --transport http --host "${TORCHPATCH_BIND:-0.0.0.0}" \
                --port "${TORCHPATCH_PORT:-8765}" "$@" ;;
    *) exec torchpatch "$command" "$@" ;;
esac
