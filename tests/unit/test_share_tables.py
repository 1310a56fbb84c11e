"""The share models' stored tables (codes/learnt_tables.py) are exactly what learning gives, for every text the
app codes with, and they are what a fresh process reads: they can't drift from the word list, the dictionaries
or the models (run packaging/share_tables.py after changing any of them)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.share.codes import context_coder, learnt_tables, name_model

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("share_tables", ROOT / "packaging" / "share_tables.py")
assert _spec and _spec.loader
share_tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(share_tables)
SHIPPED = share_tables.shipped()


@pytest.mark.parametrize(("kind", "text", "learnt"), SHIPPED, ids=[kind for kind, _, _ in SHIPPED])
def test_the_stored_tables_are_a_fresh_learning(kind: str, text: bytes, learnt: learnt_tables.Learnt) -> None:
    assert learnt_tables.load(kind, text) == learnt


def test_only_the_shipped_tables_are_stored() -> None:
    assert sorted(learnt_tables.FOLDER.glob("*.bin")) == sorted(learnt_tables.path(kind, text)
                                                                 for kind, text, _ in SHIPPED)


def test_a_text_without_stored_tables_is_learnt() -> None:
    assert learnt_tables.load("names", name_model.primer() + b"Arbiter\n") is None
    assert learnt_tables.load(context_coder.kind(True), b"made up") is None
    plain = b"\xa2dunit\x01dname" * 3
    assert context_coder.unpack(context_coder.pack(plain, b"made up"), len(plain), b"made up") == plain


def test_another_texts_or_a_damaged_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file under a text's name that was learnt from another text (copied by hand, say), or a damaged one, is
    left alone: the model learns instead."""
    words = name_model.primer()
    monkeypatch.setattr(learnt_tables, "FOLDER", tmp_path)
    learnt_tables.path("names", words).write_bytes(learnt_tables.dump(b"other words\n", SHIPPED[0][2]))
    assert learnt_tables.load("names", words) is None
    learnt_tables.path("names", words).write_bytes(learnt_tables.dump(words, SHIPPED[0][2])[:-40])  # damaged
    assert learnt_tables.load("names", words) is None


def test_a_fresh_process_reads_them_instead_of_learning() -> None:
    """Making and reading a code in a fresh process never learns (the golden codes of test_share_codes.py are
    made from the stored tables too)."""
    probe = ("from companion.share.codes import context_coder, name_model\n"
             "from companion.share.codes.dictionary import APP_V1, APP_V2, preset\n"
             "def refuse(*args):\n    raise AssertionError('learnt')\n"
             "name_model.learn = context_coder.learn = refuse\n"
             "plain = b'Ana\\nMaster Chief\\n\\n' + preset(APP_V2)[:200]\n"
             "assert name_model.unpack(name_model.pack(plain, preset(APP_V2)), len(plain), preset(APP_V2)) == plain\n"
             "context_coder.learnt(preset(APP_V1), shaped=False)\n"
             "print('read')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split() == ["read"]
