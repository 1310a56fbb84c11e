"""Scanning codes with the device's camera inside the app (browser and phones; phones also use their own
camera app, which opens the code's link in the app).

Flet's web camera has no image stream, so the screen takes a still picture about twice a second and reads the
codes in it: zxing-cpp on a desktop or server (the `scan` extra), OpenCV on phones. Parts can be scanned in any
order; progress shows "2 of 3", and each part is kept on the device as it is read.
"""

from __future__ import annotations

import asyncio
import logging

import flet as ft
import flet_camera as fc

from companion.core.errors import CompanionError
from companion.session.sharing.incoming import NoCodeFound, ScanUnavailable
from companion.ui.shell import App, ScanTarget, app_bar

log = logging.getLogger(__name__)
PAUSE = 0.5  # seconds between pictures


class CameraScanScreen:
    def __init__(self, scan: ScanTarget) -> None:
        self.scan = scan  # the collector and the import live there: paste and camera share the same parts
        self.route = "/scan/camera"
        self.camera = fc.Camera(key="camera", preview_enabled=True, width=320, height=240)
        self.status = "Starting the camera..."
        self.running = False

    def build(self, app: App) -> ft.View:
        if not self.running:
            self.running = True
            app.page.run_task(self._run, app)
        return ft.View(route=self.route, padding=16, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                       appbar=app_bar(app, "Scan with the camera"), controls=[
            self.camera, ft.Text(self.status, key="camera-status")])

    def _say(self, app: App, text: str) -> None:
        self.status = text
        if self in app.screens:
            app.refresh()

    async def _run(self, app: App) -> None:
        try:
            cameras = await self.camera.get_available_cameras()
            if not cameras:
                self._say(app, "No camera found on this device: paste the link or open a picture instead.")
                return
            back = [c for c in cameras if c.lens_direction == fc.CameraLensDirection.BACK]
            await self.camera.initialize((back or cameras)[0], fc.ResolutionPreset.HIGH, enable_audio=False)
        except Exception as exc:  # no permission, no device, a browser without a camera API
            log.debug("camera failed", exc_info=True)
            self._say(app, f"The camera could not start ({exc}). Paste the link or open a picture instead.")
            return
        self._say(app, "Point the camera at the code.")
        while self in app.screens:
            await asyncio.sleep(PAUSE)
            if self not in app.screens:
                break
            try:
                picture = await self.camera.take_picture()
                progress = self.scan.incoming_for(app).add_image(picture)
            except NoCodeFound:
                continue
            except ScanUnavailable as exc:
                self._say(app, str(exc))
                return
            except CompanionError as exc:
                self._say(app, str(exc))
                continue
            except Exception:  # the page went away mid-picture
                log.debug("picture failed", exc_info=True)
                return
            if progress.done:
                app.back()
                self.scan.finish(app)
                return
            self._say(app, f"Read code {progress}. Now the next one.")
