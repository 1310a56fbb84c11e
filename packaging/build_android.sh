#!/usr/bin/env bash
# An Android build with the clock's scheduled notifications: flet build, the notifications patch, Gradle again.
#   bash packaging/build_android.sh apk      # or: aab (Google Play); other flet build options follow
# Run from the repository root with flet-cli and flet-notifications installed (pip install -e ".[test]").
set -euo pipefail
target="${1:-apk}"
shift || true
case "$target" in
  apk) task=assembleRelease; out=build/flutter/build/app/outputs/apk/release ;;
  aab) task=bundleRelease; out=build/flutter/build/app/outputs/bundle/release ;;
  *) echo "build_android.sh: apk or aab, not '$target'" >&2; exit 2 ;;
esac

# 1. flet generates build/flutter (and builds it once, without the receivers: that first package is not shipped)
flet build "$target" --yes "$@"
# 2. the receivers, permissions and desugaring flutter_local_notifications needs, checked
python packaging/android_notifications.py --project-root build/flutter
# 3. Gradle builds the patched project (signing comes from the same FLET_ANDROID_SIGNING_* variables flet uses)
(cd build/flutter/android && ./gradlew "$task")
echo "built: $out"
