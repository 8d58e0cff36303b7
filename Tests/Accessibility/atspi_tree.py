#!/usr/bin/python3
"""Reads an application's accessibility (AT-SPI) tree and drives its keyboard, for
AccessibilityTreeTests: what a screen reader sees of the viewer, as JSON on a line of stdout starting with "ATSPI-JSON ".

  atspi_tree.py APP tree          every window: each node's path, role, name, states, extents
  atspi_tree.py APP tab COUNT     presses Tab COUNT times; after each, the focused node
  atspi_tree.py APP key KEYSYM    presses one key (X keysym, e.g. 0xff0d for Return)
  atspi_tree.py APP tabto NAME MAX  presses Tab until the node named NAME has the focus

Keys go through the X server's XTEST extension (libXtst, what at-spi2-core itself uses), to
whichever window has the keyboard. Needs at-spi2-core and python3-pyatspi (Debian).
"""
import ctypes
import json
import sys
import time

import pyatspi

TAB = 0xFF09


def find_app(name, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == name:
                return app
        time.sleep(0.2)
    sys.exit(f"no application named {name} on the accessibility bus")


def extents(node):
    try:
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return [box.x, box.y, box.width, box.height]
    except NotImplementedError:
        return None


def describe(node, path):
    return {
        "path": path,
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates()),
        "extents": extents(node),
    }


def walk(node, path, out):
    out.append(describe(node, path))
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            walk(child, path + [i], out)


def tree(app):
    windows = []
    for i in range(app.childCount):
        window = app.getChildAtIndex(i)
        if window is None:
            continue
        nodes = []
        walk(window, [i], nodes)
        windows.append({"name": window.name or "", "role": window.getRoleName(), "nodes": nodes})
    return {"windows": windows}


def focused(app):
    def search(node, path):
        if node.getState().contains(pyatspi.STATE_FOCUSED) and node.getRoleName() not in ("frame", "dialog"):
            return describe(node, path)
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                found = search(child, path + [i])
                if found:
                    return found
        return None
    for i in range(app.childCount):
        window = app.getChildAtIndex(i)
        if window is not None and window.getState().contains(pyatspi.STATE_ACTIVE):
            found = search(window, [i])
            if found:
                return found
    return None


class Keyboard:
    def __init__(self):
        self.x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
        self.xtst = ctypes.cdll.LoadLibrary("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.display = ctypes.c_void_p(self.x11.XOpenDisplay(None))
        if not self.display:
            sys.exit("cannot open the X display")

    def press(self, keysym):
        code = self.x11.XKeysymToKeycode(self.display, ctypes.c_ulong(keysym))
        self.xtst.XTestFakeKeyEvent(self.display, code, True, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, False, 0)
        self.x11.XFlush(self.display)


def emit(value):
    """One line the test looks for, whatever else GLib prints around it."""
    print("ATSPI-JSON " + json.dumps(value), flush=True)


def main():
    name, command = sys.argv[1], sys.argv[2]
    app = find_app(name)
    if command == "tree":
        emit(tree(app))
    elif command == "tab":
        keyboard = Keyboard()
        stops = []
        first = None
        for _ in range(int(sys.argv[3])):
            keyboard.press(TAB)
            time.sleep(0.15)
            stop = focused(app)
            stops.append(stop)
            # Back at the first stop: the cycle is whole (each press walks the tree over D-Bus,
            # which takes most of a second on a loaded machine).
            if stop and first and stop["path"] == first["path"]:
                break
            first = first or stop
        emit(stops)
    elif command == "tabto":
        keyboard = Keyboard()
        stop = None
        for _ in range(int(sys.argv[4])):
            keyboard.press(TAB)
            time.sleep(0.1)
            stop = focused(app)
            if stop and stop["name"] == sys.argv[3]:
                break
        emit(stop)
    elif command == "key":
        Keyboard().press(int(sys.argv[3], 0))
        emit([])
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
