#!/bin/bash
# Makes the image deploy/Containerfile starts FROM (debian:bookworm-slim) from
# Debian's own mirror with mmdebstrap, for machines where no container
# registry answers; a machine that can pull it needs none of this.
set -euo pipefail
name=debian:bookworm-slim
if podman image exists "$name"; then exit 0; fi
if podman pull -q "docker.io/library/$name" >/dev/null 2>&1; then exit 0; fi
tar=$(mktemp --suffix=.tar)
trap 'rm -f "$tar"' EXIT
mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$tar"
podman import -q "$tar" "localhost/$name" >/dev/null
echo "made localhost/$name with mmdebstrap"
