"""Write the share models' learnt tables into the package (companion/share/codes/learnt/, read by
codes/learnt_tables.py): run it after changing the name model's word list, a preset dictionary or a model.
tests/unit/test_share_tables.py fails until it has been run (a stale file is never read: the app learns instead).

    PYTHONPATH=. .venv/bin/python packaging/share_tables.py
"""

from __future__ import annotations

from companion.share.codes import context_coder, learnt_tables, name_model
from companion.share.codes.dictionary import APP_V1, APP_V2, preset


def shipped() -> list[tuple[str, bytes, learnt_tables.Learnt]]:
    """Each model and text the app codes with, learnt the slow way: the name model's word list, format 4's body
    model after dictionary 2 (every code written now) and format 3's after dictionary 1 (older codes read)."""
    words = name_model.primer()
    return [("names", words, name_model.learn(words).state()),
            (context_coder.kind(True), preset(APP_V2), context_coder.learn(preset(APP_V2), True).state()),
            (context_coder.kind(False), preset(APP_V1), context_coder.learn(preset(APP_V1), False).state())]


def main() -> None:
    learnt_tables.FOLDER.mkdir(exist_ok=True)
    for old in learnt_tables.FOLDER.glob("*.bin"):
        old.unlink()
    for kind, text, learnt in shipped():
        target = learnt_tables.path(kind, text)
        target.write_bytes(learnt_tables.dump(text, learnt))
        print(f"{target.relative_to(learnt_tables.FOLDER.parents[3])}: {target.stat().st_size:,} B")


if __name__ == "__main__":
    main()
