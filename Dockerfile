# meeplecord: the Discord bot in a small image.
#   docker build -t meeplecord .
#   docker run -d --env-file .env -v meeplecord-data:/app/data meeplecord
# No Docker Hub? deploy/offline-images.sh builds a stand-in from Debian packages:
#   docker build --build-arg PYTHON_IMAGE=meeplecord-base/python:3.11 -t meeplecord .
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/app/data/meeplecord.sqlite3

WORKDIR /app

# libfribidi0: Pillow's text layout (libraqm) loads it to place Thai vowel and tone marks in names.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

# The dependencies first, exactly as locked (versions and hashes; `make lock` rewrites the file),
# PostgreSQL's driver included; then the package itself (games, renderers with their fonts, bot
# with its migrations) without resolving anything again.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
RUN pip install --no-deps . \
    && useradd --create-home --uid 10001 meeple \
    && mkdir -p /app/data \
    && chown meeple:meeple /app/data

USER meeple
# The SQLite database lives here: mount a volume to keep games across upgrades.
VOLUME ["/app/data"]

# Run from outside the source tree so the installed package is the one used.
WORKDIR /app/data
CMD ["python", "-m", "bot"]
