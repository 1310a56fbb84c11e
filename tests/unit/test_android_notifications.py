"""packaging/android_notifications.py on a generated Android project shaped like Flet 1.0's build template (its
app/build.gradle.kts has `compileOptions {`, `defaultConfig {` and an empty `dependencies {}`): the receivers,
permissions and desugaring are added once, checked, and a template the patch can't anchor on fails loudly."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("flet_notifications")
ROOT = Path(__file__).resolve().parents[2]

MANIFEST = """<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android">
    <uses-permission android:name="android.permission.CAMERA" />
    <application android:label="Tabletop Companion" android:name="${applicationName}">
        <activity android:name=".MainActivity" android:exported="true" />
    </application>
</manifest>
"""
GRADLE = """plugins {
    id("com.android.application")
}

android {
    namespace = "org.tabletopcompanion.companion"
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    defaultConfig {
        applicationId = "org.tabletopcompanion.companion"
    }
}

flutter {
    source = "../.."
}

dependencies {}
"""


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("android_notifications", ROOT / "packaging" /
                                                  "android_notifications.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def project(tmp_path: Path, gradle: str = GRADLE) -> Path:
    app = tmp_path / "build" / "flutter" / "android" / "app"
    (app / "src" / "main").mkdir(parents=True)
    (app / "src" / "main" / "AndroidManifest.xml").write_text(MANIFEST)
    (app / "build.gradle.kts").write_text(gradle)
    return tmp_path / "build" / "flutter"


def test_the_patch_adds_what_scheduled_notifications_need_once(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    s = script()
    root = project(tmp_path)
    assert "receiver ScheduledNotificationReceiver" in s.missing(root)
    assert s.main(["--project-root", str(root)]) == 0
    assert s.missing(root) == []
    manifest, gradle = s.files(root)
    patched = (manifest.read_text(), gradle.read_text())
    assert "android.permission.CAMERA" in patched[0] and ".MainActivity" in patched[0]  # what was there stays
    assert "desugar_jdk_libs" in patched[1] and "multiDexEnabled = true" in patched[1]
    capsys.readouterr()
    assert s.main(["--project-root", str(root)]) == 0
    assert capsys.readouterr().out.strip() == "already patched"
    assert (manifest.read_text(), gradle.read_text()) == patched  # a second run changes nothing


def test_a_template_the_patch_cannot_anchor_on_fails_and_says_what_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = script()
    root = project(tmp_path, GRADLE.replace("    compileOptions {", "    javaOptions {"))
    assert s.main(["--project-root", str(root)]) == 1
    assert "isCoreLibraryDesugaringEnabled = true" in capsys.readouterr().err


def test_no_generated_project_says_to_build_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert script().main(["--project-root", str(tmp_path / "nothing")]) == 1
    assert "run `flet build apk` first" in capsys.readouterr().err
