"""Passing matches between devices: share codes and QR, scanned parts collected across launches."""
