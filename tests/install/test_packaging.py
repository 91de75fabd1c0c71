"""How the package is built and under which licences, said the same way in the modules, the
licence files and setup.cfg.

The METEOR 1.5 port is LGPL-2.1 inside an Apache-2.0 package: each of its modules says so
in its first line, and no other module does. The CoreNLP-derived tokenizer (GPL) is not in
the package at all but in its own distribution, ``plugins/ngram-core-coco/``. The wheel's
metadata is checked in ``test_install.py``, which builds it.
"""
from __future__ import annotations

import configparser
from pathlib import Path

from helpers.data import REPO

LGPL_HEADER = "# SPDX-License-Identifier: LGPL-2.1-only"
GPL_HEADER = "# SPDX-License-Identifier: GPL-3.0-or-later"
PLUGIN = REPO / "plugins" / "ngram-core-coco"
# the METEOR 1.5 port, as README.md's License section lists it
PORT_GLOBS = ("ngram_core/meteor/jar/*.py", "ngram_core/meteor/jar/stemmers/*.py")


def setup_cfg(folder: Path = REPO) -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(folder / "setup.cfg", encoding="utf-8")
    return config


def metadata(folder: Path = REPO) -> configparser.SectionProxy:
    return setup_cfg(folder)["metadata"]


def test_setup_cfg_lists_every_package_and_maps_the_metric_folders():
    options = setup_cfg()["options"]
    listed = options["packages"].split()
    tree = [".".join(path.parent.relative_to(REPO).parts) for path in (REPO / "ngram_core").rglob("__init__.py")]
    folders = [f"ngram_core.metrics.{path.parent.name}" for path in REPO.glob("*_custom/*_custom.py")]
    assert len(folders) == 7  # bleu, nist, meteor, chrf, rouge_l, cider, ter
    assert sorted(listed) == sorted(tree + folders), "add the new package to setup.cfg's [options] packages"
    mapped = dict(line.split(" = ") for line in options["package_dir"].strip().splitlines())
    assert mapped == {package: package.rsplit(".", 1)[1] for package in folders}
    assert not (REPO / "setup.py").exists()  # one place for the metadata: setup.cfg


def test_exactly_the_meteor15_port_carries_the_lgpl_header():
    port = {path for pattern in PORT_GLOBS for path in REPO.glob(pattern)}
    headed = {path for path in (REPO / "ngram_core").rglob("*.py")
              if path.read_text(encoding="utf-8").startswith(LGPL_HEADER + "\n")}
    assert len(port) > 20
    assert sorted(map(str, port - headed)) == [], "ported modules without the LGPL header"
    assert sorted(map(str, headed - port)) == [], "LGPL headers outside the port's globs (README's License table)"


def test_readme_names_the_port_where_it_lives():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for pattern in PORT_GLOBS:
        assert f"`{pattern.removesuffix('*.py')}`" in readme or f"`{pattern}`" in readme, pattern


def test_setup_cfg_names_every_licence_and_ships_its_text():
    meta = metadata()
    assert meta["license"].split(" AND ") == ["Apache-2.0", "LGPL-2.1-only", "LicenseRef-WordNet-3.0"]
    files = meta["license_files"].split()
    assert [path for path in files if not (REPO / path).is_file()] == []
    texts = {path: (REPO / path).read_text(encoding="utf-8") for path in files}
    assert "Apache License" in texts["LICENSE"] and "Version 2.0, January 2004" in texts["LICENSE"]
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts["LICENSE.LGPL-2.1"] and "Version 2.1" in texts["LICENSE.LGPL-2.1"]
    assert all("WordNet 3.0 Copyright 2006 by Princeton University" in texts[path]
               for path in files if "wordnet" in path)


def test_the_gpl_tokenizer_is_only_in_its_own_distribution():
    modules = sorted(PLUGIN.rglob("*.py"))
    assert len(modules) >= 3
    unheaded = [str(path) for path in modules
                if GPL_HEADER not in path.read_text(encoding="utf-8").splitlines()[:2]]  # after a #! line
    assert unheaded == []
    assert [str(path) for path in (REPO / "ngram_core").rglob("*.py") if GPL_HEADER in path.read_text(encoding="utf-8")] == []
    assert metadata(PLUGIN)["license"] == "GPL-3.0-or-later"
    gpl = (PLUGIN / metadata(PLUGIN)["license_files"].strip()).read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in gpl and "Version 3, 29 June 2007" in gpl


def test_readme_is_read_in_one_go():
    """At most 350 lines: the long benchmark logs live in benchmarks/README.md, linked from it."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 350
    for section in ("## Install", "## Quickstart", "## Comparing systems", "## Performance", "## License", "## Citation"):
        assert f"\n{section}" in readme, section
    assert "(benchmarks/README.md)" in readme and (REPO / "benchmarks" / "README.md").is_file()


def test_the_repository_ships_no_third_party_wheel_and_the_benchmark_peers_come_from_the_bench_extra():
    """A wheel in the tree is a binary nobody reviews; the peers are pinned in setup.cfg's bench extra."""
    tracked = [path.relative_to(REPO) for path in REPO.rglob("*.whl") if ".git" not in path.parts]
    assert tracked == []
    bench = setup_cfg()["options.extras_require"]["bench"]
    assert "bleuscore==0.2.0" in bench
    assert ".[bench]" in (REPO / "benchmarks" / "README.md").read_text(encoding="utf-8")
