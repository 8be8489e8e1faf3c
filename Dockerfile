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
    DATABASE_PATH=/app/data/meeplecord.sqlite3 \
    METRICS_HOST=0.0.0.0

# libfribidi0: Pillow's text layout (libraqm) loads it to place Thai vowel and tone marks in names.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

# The dependencies first, exactly as locked (versions and hashes; `make lock` rewrites the file),
# PostgreSQL's driver included; then the package itself (games, renderers with their fonts, bot
# with its migrations) without resolving anything again.
# The sources are built in /src and removed: the installed package is the one that runs.
WORKDIR /src
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
RUN pip install --no-deps . \
    && rm -rf /src/* \
    && useradd --create-home --uid 10001 meeple \
    && mkdir -p /app/data \
    && chown meeple:meeple /app/data

USER meeple
# The SQLite database lives in /app/data: mount a volume to keep games across upgrades. The bot runs
# in /app, so the relative DATABASE_PATH of .env.example (data/meeplecord.sqlite3) lands in that
# volume here as it lands in ./data beside a checkout.
VOLUME ["/app/data"]
WORKDIR /app
# docker stop sends SIGTERM: the bot finishes the moves in flight (SHUTDOWN_GRACE, 10 s), closes the
# database and exits 0; give it `docker stop --time 30` or compose's stop_grace_period before a SIGKILL.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
