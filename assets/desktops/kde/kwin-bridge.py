"""KWin's windows and screenshots for Workflow Shadow on KDE Plasma (Wayland), by one long-lived
process. KWin tells the windows only to a KWin script, and a script can hand them on only by calling
a D-Bus service; KWin's screenshots (org.kde.KWin.ScreenShot2) are written into a file descriptor
passed over D-Bus. Node can do neither without a native module, so this process (python3-dbus and
python3-gi, which KDE Plasma's own tools depend on) owns a name on the session bus, loads a small
KWin script that reports the windows to it whenever they change, and takes the screenshots.

argv[1]: the KWin script (kwin-script.js). Requests on stdin, one JSON object a line:
{"id": N, "method": "subscribe"} answers with the windows once the script reported them;
{"id": N, "method": "screenshot", "params": {"x", "y", "width", "height"}} answers
{"width", "height", "channels": 3, "bytes": B} followed by B bytes of RGB pixels;
{"id": N, "method": "drawn"} answers {"areas": [...]} where windows were drawn on since the last
such question (layout pixels), or {"areas": null} when that is not known (windows moved, opened,
closed or restacked meanwhile, or the script has not answered).
Events on stdout between answers: {"event": "windows", "windows": [...], "monitors": [...]}.
Errors: {"id": N, "error": "...", "code": "..."} (code "not-authorized": KWin refuses screenshots to this
program); {"event": "fatal", "error": "...", "code": "..."} when the helper cannot serve at all.
"""
import json
import os
import sys
import tempfile

try:
    import dbus
    import dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
except ImportError as error:
    sys.stdout.write(json.dumps({"event": "fatal", "error": "python3-dbus or python3-gi is not installed (%s)" % error, "code": "no-dbus"}) + "\n")
    sys.stdout.flush()
    sys.exit(1)

INTERFACE = "app.workflowshadow.KWinBridge"
PLUGIN = "workflow-shadow-bridge-%d" % os.getpid()
# Screens are stored as 32-bit words 0xAARRGGBB (QImage RGB32, ARGB32, ARGB32_Premultiplied).
WORD_FORMATS = {4, 5, 6}
REPORT_WAIT_MS = 10000
# The script's pending Drawn call is answered at least this often (D-Bus gives up on a call after 25 s).
DRAWN_HOLD_MS = 10000
# How long a question waits for the script's next Drawn call once the pending one is answered.
DRAWN_WAIT_MS = 1000

out = sys.stdout.buffer


def send(message, payload=None):
    out.write((json.dumps(message) + "\n").encode())
    if payload is not None:
        out.write(payload)
    out.flush()


class Bridge(dbus.service.Object):
    def __init__(self, bus, path):
        super().__init__(bus, path)
        self.state = None
        self.waiting = []
        # Where windows were drawn on since the engine last asked; None: not known (anything may have changed).
        self.drawn = None
        self.pending_drawn = None
        self.asking = []
        GLib.timeout_add(DRAWN_HOLD_MS, self.release_drawn)

    @dbus.service.method(INTERFACE, in_signature="s", out_signature="")
    def Report(self, state_json):
        state = json.loads(state_json)
        self.state = state
        # Windows moved, opened, closed or restacked: what changed on screen is not told by damage.
        self.drawn = None
        send({"event": "windows", "windows": state["windows"], "monitors": state["monitors"]})
        for request_id in self.waiting:
            send({"id": request_id, "result": state})
        self.waiting = []

    @dbus.service.method(INTERFACE, in_signature="s", out_signature="", async_callbacks=("reply", "error"))
    def Drawn(self, areas_json, reply, error):
        """The script's areas drawn on since its last call; the answer is held until wanted (see kwin-script.js)."""
        if self.drawn is not None:
            self.drawn.extend(json.loads(areas_json))
        self.pending_drawn = reply
        for request_id in self.asking:
            self.answer_drawn(request_id)
        self.asking = []

    def ask_drawn(self, request_id):
        """Answers the script's pending call, so it sends what was drawn since; the engine gets it then."""
        if self.release_drawn_now():
            self.asking.append(request_id)

            def late():
                if request_id in self.asking:
                    self.asking.remove(request_id)
                    self.drawn = None
                    self.answer_drawn(request_id)
                return False

            GLib.timeout_add(DRAWN_WAIT_MS, late)
        else:
            # The script has no call pending (not started yet, or its chain broke): not known.
            self.drawn = None
            self.answer_drawn(request_id)

    def answer_drawn(self, request_id):
        send({"id": request_id, "result": {"areas": self.drawn}})
        self.drawn = []

    def release_drawn_now(self):
        reply, self.pending_drawn = self.pending_drawn, None
        if reply is None:
            return False
        reply()
        return True

    def release_drawn(self):
        self.release_drawn_now()
        return True


def rgb_of(data, width, height, stride):
    row = width * 4
    if stride != row:
        data = b"".join(data[y * stride : y * stride + row] for y in range(height))
    rgb = bytearray(width * height * 3)
    rgb[0::3] = data[2::4]
    rgb[1::3] = data[1::4]
    rgb[2::3] = data[0::4]
    return rgb


def read_all(fd):
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


# KWin's ScreenShot2 object, made once: a new proxy introspects KWin's object (a round trip and an XML
# document parsed on both sides) before its first call, which per screenshot cost more than the call.
screenshot_proxies = {}


def screenshot(bus, params):
    shots = screenshot_proxies.get(bus)
    if shots is None:
        shots = dbus.Interface(bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2"), "org.kde.KWin.ScreenShot2")
        screenshot_proxies[bus] = shots
    read_end, write_end = os.pipe()
    try:
        try:
            result = shots.CaptureArea(
                int(params["x"]), int(params["y"]), int(params["width"]), int(params["height"]),
                {"native-resolution": True}, dbus.types.UnixFd(write_end), timeout=15,
            )
        finally:
            os.close(write_end)
        data = read_all(read_end)
    finally:
        os.close(read_end)
    width, height, stride = int(result["width"]), int(result["height"]), int(result["stride"])
    if str(result.get("type", "raw")) != "raw" or int(result.get("format", -1)) not in WORD_FORMATS:
        raise ValueError("KWin wrote a screenshot in a form this helper does not read: %s" % dict(result))
    if len(data) < stride * height:
        raise ValueError("KWin wrote %d bytes for a %dx%d screenshot" % (len(data), width, height))
    return width, height, rgb_of(data, width, height, stride)


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = "%s.p%d" % (INTERFACE, os.getpid())
    owned = dbus.service.BusName(name, bus, do_not_queue=True)
    bridge = Bridge(owned, "/Bridge")
    with open(sys.argv[1], encoding="utf-8") as source:
        script = source.read().replace("__SERVICE__", name).replace("__INTERFACE__", INTERFACE)
    script_file = tempfile.NamedTemporaryFile("w", suffix=".js", prefix="workflow-shadow-kwin-", delete=False)
    script_file.write(script)
    script_file.close()
    scripting = dbus.Interface(bus.get_object("org.kde.KWin", "/Scripting"), "org.kde.kwin.Scripting")
    try:
        if scripting.isScriptLoaded(PLUGIN):
            scripting.unloadScript(PLUGIN)
        script_id = int(scripting.loadScript(script_file.name, PLUGIN, signature="ss"))
        if script_id < 0:
            raise RuntimeError("KWin refused to load the script")
        scripting.start()
    except BaseException:
        os.unlink(script_file.name)
        raise

    loop = GLib.MainLoop()

    def unload():
        # KWin reads the script once it runs it, some time after start(): the file stays until then.
        os.unlink(script_file.name)
        try:
            scripting.unloadScript(PLUGIN)
        except dbus.DBusException:
            pass

    def on_request(line):
        try:
            request = json.loads(line)
        except ValueError:
            send({"id": None, "error": "not JSON: %s" % line[:200]})
            return
        request_id = request.get("id")
        method = request.get("method")
        try:
            if method == "subscribe":
                if bridge.state is not None:
                    send({"id": request_id, "result": bridge.state})
                else:
                    bridge.waiting.append(request_id)

                    def late():
                        if request_id in bridge.waiting:
                            bridge.waiting.remove(request_id)
                            send({"id": request_id, "error": "the KWin script did not report the windows"})
                        return False

                    GLib.timeout_add(REPORT_WAIT_MS, late)
            elif method == "drawn":
                bridge.ask_drawn(request_id)
            elif method == "screenshot":
                width, height, rgb = screenshot(bus, request.get("params", {}))
                send({"id": request_id, "result": {"width": width, "height": height, "channels": 3, "bytes": len(rgb)}}, rgb)
            else:
                send({"id": request_id, "error": "unknown method %s" % method})
        except dbus.DBusException as error:
            code = "not-authorized" if error.get_dbus_name() == "org.kde.KWin.ScreenShot2.Error.NoAuthorized" else None
            send({"id": request_id, "error": "%s: %s" % (error.get_dbus_name(), error.get_dbus_message()), "code": code})
        except (ValueError, KeyError, OSError) as error:
            send({"id": request_id, "error": str(error)})

    pending = [b""]

    def on_stdin(fd, condition):
        chunk = os.read(fd, 65536) if condition & GLib.IO_IN else b""
        if not chunk:
            loop.quit()
            return False
        pending[0] += chunk
        while b"\n" in pending[0]:
            line, pending[0] = pending[0].split(b"\n", 1)
            if line.strip():
                on_request(line.decode("utf-8", "replace"))
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR, on_stdin)
    # The engine leaving closes stdin; KWin closing the bus ends the loop through the exception below.
    bus.add_signal_receiver(lambda *args: loop.quit(), signal_name="Disconnected", dbus_interface="org.freedesktop.DBus.Local")
    try:
        loop.run()
    finally:
        unload()


if __name__ == "__main__":
    try:
        main()
    except dbus.DBusException as error:
        send({"event": "fatal", "error": "KWin could not be asked: %s: %s" % (error.get_dbus_name(), error.get_dbus_message()), "code": "kwin"})
        sys.exit(1)
    except (RuntimeError, OSError) as error:
        send({"event": "fatal", "error": str(error), "code": "kwin"})
        sys.exit(1)
