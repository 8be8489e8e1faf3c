# Python 3.11 from Debian's python3, standing in for python:3.11-slim: `python` and `pip` on
# PATH are a venv's (Debian's own interpreter refuses system-wide pip installs). pip trusts the
# system's certificate store (with any CA_CERTS the base was given), not only its own copy.
# `pip install --upgrade pip` succeeds even when the index cannot be reached (the pip already
# there satisfies it), so the build then downloads pip for real: no index, no image.
ARG BASE
FROM ${BASE}
ARG DEBIAN_FRONTEND=noninteractive
ENV PATH=/opt/python/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt
RUN apt-get update \
    && apt-get install -y python3 python3-venv ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && python3 -m venv /opt/python \
    && /opt/python/bin/pip install --no-cache-dir --upgrade pip \
    && /opt/python/bin/pip download --no-cache-dir --no-deps --dest /tmp/index-check pip \
    && rm -rf /tmp/index-check \
    && python --version && pip --version
CMD ["python3"]
