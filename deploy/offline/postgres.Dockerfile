# PostgreSQL 15 from Debian's postgresql-15, standing in for postgres:15: the same data directory,
# port and POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB settings (see docker-entrypoint.sh).
ARG BASE
FROM ${BASE}
ARG DEBIAN_FRONTEND=noninteractive
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data \
    LANG=C.UTF-8
# postgresql-common first, told not to create Debian's "main" cluster: the entrypoint makes PGDATA.
RUN apt-get update \
    && apt-get install -y postgresql-common \
    && sed -ri 's/^#? *create_main_cluster *=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf \
    && apt-get install -y postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p "$PGDATA" /var/run/postgresql \
    && chown postgres:postgres "$PGDATA" /var/run/postgresql
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
# A fast shutdown (no waiting for clients to leave) on `docker stop`.
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
