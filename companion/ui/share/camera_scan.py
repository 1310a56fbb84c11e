"""Scanning codes with the device's camera inside the app (browser and phones; phones also use their own
camera app, which opens the code's link in the app).

Flet's web camera has no image stream, so the screen takes a still picture about twice a second and reads the
codes in it: zxing-cpp on a desktop or server (the `scan` extra), OpenCV on phones. Parts can be scanned in any
order; progress shows "2 of 3", and each part is kept on the device as it is read.

The camera is a plain control (made once: it holds the device's camera); the words under it are a component over
an observable, so the picture loop says what it read without a refresh.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

import flet as ft
import flet_camera as fc

from companion.core.errors import CompanionError
from companion.session.sharing.incoming import NoCodeFound, ScanUnavailable
from companion.ui.share.scan_screen import camera_available
from companion.ui.shell import App, ScanTarget, app_bar

log = logging.getLogger(__name__)
PAUSE = 0.5  # seconds between pictures


@ft.observable
@dataclass
class CameraNews:
    text: str = "Starting the camera..."


@ft.component
def CameraStatus(news: CameraNews) -> ft.Control:
    return ft.Text(news.text, key="camera-status")


class CameraScanScreen:
    live = True  # its words are a component (the camera control itself is made once)

    def __init__(self, scan: ScanTarget) -> None:
        self.scan = scan  # the collector and the import live there: paste and camera share the same parts
        self.camera = fc.Camera(key="camera", preview_enabled=True, width=320, height=240)
        self.news = CameraNews()
        self.running = False

    def build(self, app: App) -> ft.View:
        if not camera_available(app.page):  # an address typed or reloaded where Flet has no camera (the desktop)
            return ft.View(route=self.route, padding=16, appbar=app_bar(app, "Scan with the camera"), controls=[
                ft.Text("This device has no camera the app can use: paste the link or open a picture instead.",
                        key="camera-status")])
        if not self.running:
            self.running = True
            app.page.run_task(self._run, app)
        return ft.View(route=self.route, padding=16, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                       appbar=app_bar(app, "Scan with the camera"), controls=[
            self.camera, CameraStatus(self.news, key="camera-status")])

    def _say(self, text: str) -> None:
        self.news.text = text  # drawn while the screen is shown (a closed screen's component is gone)

    async def _run(self, app: App) -> None:
        try:
            cameras = await self.camera.get_available_cameras()
            if not cameras:
                self._say("No camera found on this device: paste the link or open a picture instead.")
                return
            back = [c for c in cameras if c.lens_direction == fc.CameraLensDirection.BACK]
            await self.camera.initialize((back or cameras)[0], fc.ResolutionPreset.HIGH, enable_audio=False)
        except Exception as exc:  # no permission, no device, a browser without a camera API
            log.debug("camera failed", exc_info=True)
            self._say(f"The camera could not start ({exc}). Paste the link or open a picture instead.")
            return
        self._say("Point the camera at the code.")
        while self in app.stack:
            await asyncio.sleep(PAUSE)
            if self not in app.stack:
                break
            try:
                picture = await self.camera.take_picture()
                progress = self.scan.incoming_for(app).add_image(picture)
                force = self.scan.incoming_for(app).take_force()
            except NoCodeFound:
                continue
            except ScanUnavailable as exc:
                self._say(str(exc))
                return
            except CompanionError as exc:
                self._say(str(exc))
                continue
            except Exception:  # the page went away mid-picture
                log.debug("picture failed", exc_info=True)
                return
            if force:  # a saved force, not a match: the scanner keeps it and says so
                app.back()
                self.scan.take(app, force)
                return
            if progress.done:
                app.back()
                self.scan.finish(app)
                return
            self._say(f"Read code {progress}. Now the next one.")
