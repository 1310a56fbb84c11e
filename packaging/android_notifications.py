"""The Android step the clock's scheduled notifications need, run on the Flutter project `flet build apk|aab`
generated (build/flutter) before Gradle builds it (packaging/build_android.sh runs the whole sequence):

    python packaging/android_notifications.py [--project-root build/flutter]

flutter_local_notifications shows a scheduled notification from broadcast receivers declared in the app's
manifest, and needs Java library desugaring; `[tool.flet.android]` can declare neither. flet-notifications ships
the patch (`flet-notifications-patch`, the same code): this script applies it, then checks the result, because
the patch only warns when the generated files lack the lines it anchors on (a changed Flet template): a build
then succeeds and its warnings never fire. Exit 1 names what is missing. Running it twice changes nothing.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ANDROID = "{http://schemas.android.com/apk/res/android}name"
RECEIVERS = ("ScheduledNotificationReceiver", "ScheduledNotificationBootReceiver")
PERMISSIONS = ("POST_NOTIFICATIONS", "SCHEDULE_EXACT_ALARM", "RECEIVE_BOOT_COMPLETED", "VIBRATE")
GRADLE = ("isCoreLibraryDesugaringEnabled = true", "coreLibraryDesugaring(")


def files(project: Path) -> tuple[Path, Path]:
    app = project / "android" / "app"
    return app / "src" / "main" / "AndroidManifest.xml", app / "build.gradle.kts"


def patch(project: Path) -> list[str]:
    """flet-notifications' own patch of the manifest and the Gradle file; what it changed."""
    from flet_notifications.patcher import patch_gradle, patch_manifest

    manifest, gradle = files(project)
    return patch_manifest(manifest) + patch_gradle(gradle)


def missing(project: Path) -> list[str]:
    """What scheduled notifications still lack in the generated project (nothing: ready for Gradle)."""
    manifest, gradle = files(project)
    if not manifest.exists():
        return [f"{manifest} (run `flet build apk` first)"]
    root = ET.parse(manifest).getroot()
    declared = {e.get(ANDROID, "").rsplit(".", 1)[-1] for e in root.iter() if e.tag in ("receiver", "uses-permission")}
    lacking = [f"receiver {r}" for r in RECEIVERS if r not in declared]
    lacking += [f"permission {p}" for p in PERMISSIONS if p not in declared]
    text = gradle.read_text(encoding="utf-8") if gradle.exists() else ""
    lacking += [f"{gradle.name}: {line}" for line in GRADLE if line not in text]
    return lacking


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project-root", type=Path, default=Path("build/flutter"),
                        help="the Flutter project flet build generated (default: build/flutter)")
    args = parser.parse_args(argv)
    if not files(args.project_root)[0].exists():
        print(f"android_notifications: no Android project in {args.project_root}: run `flet build apk` first",
              file=sys.stderr)
        return 1
    try:
        changed = patch(args.project_root)
    except ImportError:
        print("android_notifications: flet-notifications is not installed here: pip install -e '.[notifications]'",
              file=sys.stderr)
        return 1
    print("patched: " + ", ".join(changed) if changed else "already patched")
    lacking = missing(args.project_root)
    if lacking:
        print("android_notifications: still missing (add by hand, see packaging/README.md): " + "; ".join(lacking),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
