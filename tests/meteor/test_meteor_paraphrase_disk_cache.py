"""METEOR 1.5's paraphrase table and hash index, kept on disk by the first process
(``ngram_core/meteor/jar/disk_cache.py``): a later process maps the same arrays, finds the
same phrases, and a stale, truncated or foreign cache file is never used."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ngram_core.meteor.jar import disk_cache, paraphrase
from ngram_core.meteor.jar.paraphrase import MAGIC, MAX_PHRASE, ParaphraseTable


def _write_table(path):
    """A table of four phrases (a; a b; b; c), a -> b and a b -> c, in the shipped format."""
    words = np.frombuffer(b"a\nb\nc", dtype=np.uint8)
    phrase_words = np.zeros((MAX_PHRASE, 4), dtype=np.uint16)
    phrase_words[0] = [1, 1, 2, 3]
    phrase_words[1, 1] = 2
    arrays = {"words": words, "phrase_words": phrase_words.ravel(), "group_phrase": np.array([0, 1], np.uint32),
              "group_size": np.array([1, 1], np.uint16), "entry_paraphrase": np.array([2, 3], np.uint32)}
    header = json.dumps([[name, a.dtype.str, a.size] for name, a in arrays.items()]).encode()
    path.write_bytes(gzip.compress(MAGIC + header + b"\n" + b"".join(a.tobytes() for a in arrays.values())))
    return path


@pytest.fixture()
def table_file(tmp_path, monkeypatch):
    monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path / "cache"))
    paraphrase._load.cache_clear()
    yield _write_table(tmp_path / "table.bin.gz")
    paraphrase._load.cache_clear()


def _found(table: ParaphraseTable, compiled_loops: bool):
    words = table.word_ids("a b c x a b b".split())
    finder = table.finder(compiled_loops)
    assert finder is not None
    occ = table.occurrences(words, np.array([0, 4, 7]))
    return [a.tolist() for a in (occ.seq, occ.start, occ.length, occ.phrase)]


def test_a_cached_table_finds_what_the_computed_one_finds(table_file, tmp_path, monkeypatch):
    pytest.importorskip("numba")
    from ngram_core import compiled

    with compiled.preferring(True):
        monkeypatch.setenv(disk_cache.ENV_VAR, "off")
        computed = ParaphraseTable(paraphrase._read_arrays(table_file))
        expected = _found(computed, True), _found(computed, False)
        assert expected[0] == expected[1] and expected[0][2]  # phrases were found
        monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path / "cache"))
        first = paraphrase.paraphrase_table(table_file)  # computes and writes
        assert (_found(first, True), _found(first, False)) == expected
        assert len(list((tmp_path / "cache").glob("*.arrays"))) == 2  # the table and its hash index
        paraphrase._load.cache_clear()
        second = paraphrase.paraphrase_table(table_file)  # maps the files
        assert second is not first
        assert (_found(second, True), _found(second, False)) == expected
        assert np.array_equal(second.phrase_words, computed.phrase_words)


def test_no_cache_file_is_written_when_the_cache_is_off(table_file, tmp_path, monkeypatch):
    monkeypatch.setenv(disk_cache.ENV_VAR, "off")
    assert list(disk_cache.folders()) == []
    paraphrase.paraphrase_table(table_file)
    assert not (tmp_path / "cache").exists()


def test_a_stale_or_truncated_cache_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path))
    source = tmp_path / "source"
    source.write_bytes(b"x")
    arrays = {"a": np.arange(10, dtype=np.int64), "b": np.array([True, False])}
    path = disk_cache.store("t", source, arrays)
    loaded = disk_cache.load("t", source)
    assert loaded["a"].tolist() == list(range(10)) and loaded["b"].tolist() == [True, False]
    loaded["a"][0] = 5  # copy-on-write: writable, and the file keeps its bytes
    assert disk_cache.load("t", source)["a"][0] == 0
    whole = path.read_bytes()
    path.write_bytes(whole[:-8])
    assert disk_cache.load("t", source) is None
    path.write_bytes(whole)
    os.utime(source, ns=(1, 1))  # the resource changed: the file is another's
    assert disk_cache.load("t", source) is None
    path.write_bytes(b"")
    assert disk_cache.load("t", source) is None


def test_an_unwritable_cache_folder_only_costs_the_computation(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_bytes(b"")
    monkeypatch.setenv(disk_cache.ENV_VAR, str(blocker / "cache"))
    source = tmp_path / "source"
    source.write_bytes(b"x")
    assert disk_cache.store("t", source, {"a": np.arange(3)}) is None
    assert disk_cache.load("t", source) is None


WRITER = """
import sys, numpy as np
from pathlib import Path
from ngram_core.meteor.jar import disk_cache
disk_cache.store("t", Path(sys.argv[1]), {"a": np.arange(2_000_000, dtype=np.int64)})
"""


def test_processes_writing_the_same_cache_at_once_leave_a_whole_file(tmp_path, monkeypatch):
    source = tmp_path / "source"
    source.write_bytes(b"x")
    env = dict(os.environ, **{disk_cache.ENV_VAR: str(tmp_path / "cache")})
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(source)], env=env) for _ in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 4
    monkeypatch.setenv(disk_cache.ENV_VAR, str(tmp_path / "cache"))
    assert disk_cache.load("t", source)["a"].sum() == sum(range(2_000_000))
    assert [p.name for p in (tmp_path / "cache").iterdir()] == ["t.v1.arrays"]  # no temporary file left
