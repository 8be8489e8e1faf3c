#!/bin/sh
# No Docker Hub? Build the two base images compose.yaml needs from Debian packages.
#
#   sh deploy/offline-images.sh            (as root: debootstrap needs it)
#   PYTHON_IMAGE=meeplecord-base/python:3.11 POSTGRES_IMAGE=meeplecord-base/postgres:15 docker compose up
#
# 1. debootstrap a minimal Debian (bookworm: Python 3.11, PostgreSQL 15) from a Debian mirror and
#    `docker import` it as the base; 2. on it, a Python 3.11 image (Debian's python3 in a venv whose
#    `python`/`pip` come first on PATH, like python:3.11-slim) and a PostgreSQL 15 image (Debian's
#    postgresql-15, an entrypoint honouring POSTGRES_USER/PASSWORD/DB like postgres:15).
# Needs: docker, debootstrap, a reachable Debian mirror (MIRROR) and PyPI (for pip). The base is
# reused when it already exists (REBUILD_BASE=1 to make it again). Behind a TLS-inspecting proxy,
# CA_CERTS="/path/ca.crt ..." adds those certificates to the images' trust store (pip uses it).
# Every step must succeed: the first that fails stops the script with its name and a non-zero exit
# (the Python image's build checks that pip reaches the package index, so an unreachable index
# fails here, not in the next build).
set -eu

step() {
    echo "== $*"
    "$@" || { status=$?; echo "offline-images.sh: FAILED (exit $status): $*" >&2; exit "$status"; }
}

SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${SECURITY_MIRROR:-http://deb.debian.org/debian-security}
BASE_IMAGE=${BASE_IMAGE:-meeplecord-base/debian:$SUITE}
PYTHON_IMAGE=${PYTHON_IMAGE:-meeplecord-base/python:3.11}
POSTGRES_IMAGE=${POSTGRES_IMAGE:-meeplecord-base/postgres:15}
here=$(cd "$(dirname "$0")" && pwd)

if [ -n "${REBUILD_BASE:-}" ] || ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
    command -v docker >/dev/null || { echo "offline-images.sh: docker is missing" >&2; exit 1; }
    command -v debootstrap >/dev/null || { echo "offline-images.sh: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    root="$work/rootfs"
    step debootstrap --variant=minbase "$SUITE" "$root" "$MIRROR"
    # The suite, its updates and security fixes; services never start inside an image build.
    cat > "$root/etc/apt/sources.list" <<LIST
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
LIST
    printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
    chmod 755 "$root/usr/sbin/policy-rc.d"
    printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' > "$root/etc/apt/apt.conf.d/90meeplecord"
    for cert in ${CA_CERTS:-}; do
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp "$cert" "$root/usr/local/share/ca-certificates/extra-$(basename "$cert" .crt).crt"
    done
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/var/log/*.log
    # A file, not a pipe: a failing tar must stop the script (sh has no pipefail).
    step tar --numeric-owner -C "$root" -cf "$work/rootfs.tar" .
    step docker import \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'ENV LANG=C.UTF-8' \
        --change 'CMD ["bash"]' \
        "$work/rootfs.tar" "$BASE_IMAGE"
fi

step docker build --build-arg "BASE=$BASE_IMAGE" -t "$PYTHON_IMAGE" -f "$here/offline/python.Dockerfile" "$here/offline"
step docker build --build-arg "BASE=$BASE_IMAGE" -t "$POSTGRES_IMAGE" -f "$here/offline/postgres.Dockerfile" "$here/offline"

echo
echo "Built $PYTHON_IMAGE and $POSTGRES_IMAGE. Use them with:"
echo "  PYTHON_IMAGE=$PYTHON_IMAGE POSTGRES_IMAGE=$POSTGRES_IMAGE docker compose up --build"
