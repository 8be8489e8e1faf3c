"""A .env copied from .env.example works both beside a checkout and in the Docker image.

It used to put the database in /app/data/data/ in the image: the relative DATABASE_PATH was taken
from the image's working folder, which was the volume itself.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from bot.config import load_settings
from tests.deploy.test_offline_images import ROOT


def dockerfile_final(keyword: str) -> str:
    found = re.findall(rf"^{keyword} (.+)$", (ROOT / "Dockerfile").read_text(), re.M)
    return found[-1].strip()


def test_env_example_database_lands_in_the_volume_in_the_image_and_in_data_locally():
    settings = load_settings(env={}, env_file=ROOT / ".env.example")
    workdir = PurePosixPath(dockerfile_final("WORKDIR"))
    volume = PurePosixPath(dockerfile_final("VOLUME").strip('[]"'))
    in_image = workdir / settings.db_path
    assert in_image.parent == volume, (workdir, settings.db_path, volume)
    local = ROOT / settings.db_path
    assert local.parent == ROOT / "data" and "data/" in (ROOT / ".gitignore").read_text().split()


def test_the_image_runs_outside_its_sources():
    text = (ROOT / "Dockerfile").read_text()
    assert "rm -rf /src/*" in text and dockerfile_final("WORKDIR") != "/src"
