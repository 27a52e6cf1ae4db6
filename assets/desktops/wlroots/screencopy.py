"""Screenshots of wlroots outputs (sway, Hyprland, river) for Workflow Shadow, through the
wlr-screencopy protocol, by one long-lived process: grim would start a process and convert every
pixel for each screenshot. Node cannot pass a file descriptor over a Unix socket (wl_shm needs
one), so this part of the Wayland client is Python's standard library; the engine reads the pixels
from the shared memory this process hands to the compositor (/proc/PID/fd/N), never from a file.

Requests on stdin, one JSON object a line: {"outputs": true}, {"grab": "OUTPUT-NAME"} or
{"drawn": "OUTPUT-NAME"}. Answers on stdout, one JSON object a line: {"outputs": [...]},
{"frame": {...}}, {"drawn": {...} or null} or {"error": "..."}.

What was drawn since the last question: beside each screenshot a second frame of one pixel is asked
with copy_with_damage, which the compositor answers only once something on that output was drawn,
with where. A still screen is then told by one round trip, no pixel read (the engine leaves out a
screenshot dedup would drop, as X11's DAMAGE lets it).
"""
import json
import os
import select
import socket
import struct
import sys
import time

WL_DISPLAY = 1
# How long a question waits for the next frame, in which a new watch reports what was drawn while
# the last one was not watching (a 60 Hz output draws one within 17 ms).
NEXT_FRAME_S = 0.05


class WaylandError(Exception):
    pass


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.handlers = {}
        self.free_ids = []
        self.next_id = 2
        self.buffer = b""
        self.fds = []
        self.handlers[WL_DISPLAY] = self.display_event

    def new_id(self, handler):
        object_id = self.free_ids.pop() if self.free_ids else self.next_id
        if object_id == self.next_id:
            self.next_id += 1
        self.handlers[object_id] = handler
        return object_id

    def send(self, object_id, opcode, payload=b"", fds=()):
        header = struct.pack("<II", object_id, ((len(payload) + 8) << 16) | opcode)
        if fds:
            socket.send_fds(self.sock, [header + payload], list(fds))
        else:
            self.sock.sendall(header + payload)

    def display_event(self, opcode, body):
        if opcode == 0:
            object_id, code = struct.unpack_from("<II", body)
            raise WaylandError("the compositor reported error %d on object %d: %s" % (code, object_id, read_string(body, 8)[0]))
        if opcode == 1:
            (object_id,) = struct.unpack_from("<I", body)
            self.handlers.pop(object_id, None)
            self.free_ids.append(object_id)

    def dispatch(self):
        """Reads what the socket has (blocking until something) and hands each whole event to its object."""
        data, fds, _flags, _addr = socket.recv_fds(self.sock, 65536, 8)
        if not data:
            raise WaylandError("the compositor closed the connection")
        for fd in fds:
            os.close(fd)
        self.buffer += data
        while len(self.buffer) >= 8:
            object_id, word = struct.unpack_from("<II", self.buffer)
            size = word >> 16
            if len(self.buffer) < size:
                break
            body, self.buffer = self.buffer[8:size], self.buffer[size:]
            handler = self.handlers.get(object_id)
            if handler:
                handler(word & 0xFFFF, body)

    def dispatch_until(self, done, seconds):
        """Hands on events until `done()` or `seconds` pass with nothing more to read."""
        deadline = time.monotonic() + seconds
        while not done():
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.sock], [], [], left)[0]:
                return
            self.dispatch()

    def roundtrip(self):
        done = []
        callback = self.new_id(lambda opcode, body: done.append(True))
        self.send(WL_DISPLAY, 0, uint(callback))
        while not done:
            self.dispatch()


def uint(*values):
    return struct.pack("<%dI" % len(values), *values)


def string(text):
    data = text.encode() + b"\0"
    return uint(len(data)) + data + b"\0" * (-len(data) % 4)


def read_string(body, offset):
    (length,) = struct.unpack_from("<I", body, offset)
    text = body[offset + 4 : offset + 4 + length - 1].decode("utf-8", "replace")
    return text, offset + 4 + length + (-length % 4)


class Output:
    def __init__(self, global_name):
        self.global_name = global_name
        self.object_id = None
        self.name = None
        self.x = self.y = self.width = self.height = 0
        self.transform = 0
        self.mode = (0, 0)

    def view(self):
        return {"name": self.name, "x": self.x, "y": self.y, "width": self.width, "height": self.height}


class Screencopy:
    def __init__(self, conn):
        self.conn = conn
        self.globals = {}
        self.outputs = {}
        self.registry = conn.new_id(self.registry_event)
        conn.send(WL_DISPLAY, 1, uint(self.registry))
        conn.roundtrip()
        missing = [name for name in ("wl_shm", "zwlr_screencopy_manager_v1", "zxdg_output_manager_v1") if name not in self.globals]
        if missing:
            raise WaylandError("the compositor does not offer %s" % ", ".join(missing))
        self.shm = self.bind("wl_shm", 1)
        self.manager = self.bind("zwlr_screencopy_manager_v1", min(3, self.globals["zwlr_screencopy_manager_v1"][1]))
        self.xdg_outputs = self.bind("zxdg_output_manager_v1", min(3, self.globals["zxdg_output_manager_v1"][1]))
        for output in list(self.outputs.values()):
            self.describe(output)
        conn.roundtrip()
        self.version = min(3, self.globals["zwlr_screencopy_manager_v1"][1])
        self.screens = SharedMemory(conn, self.shm, "workflow-shadow-screencopy")
        self.watch_pixels = SharedMemory(conn, self.shm, "workflow-shadow-screencopy-watch")
        self.watches = {}

    def bind(self, interface, version, handler=lambda opcode, body: None, global_name=None):
        name = global_name if global_name is not None else self.globals[interface][0]
        object_id = self.conn.new_id(handler)
        self.conn.send(self.registry, 0, uint(name) + string(interface) + uint(version, object_id))
        return object_id

    def registry_event(self, opcode, body):
        if opcode == 0:
            (name,) = struct.unpack_from("<I", body)
            interface, offset = read_string(body, 4)
            (version,) = struct.unpack_from("<I", body, offset)
            self.globals[interface] = (name, version)
            if interface == "wl_output":
                self.outputs[name] = Output(name)
                if hasattr(self, "xdg_outputs"):
                    self.describe(self.outputs[name])
        elif opcode == 1:
            (name,) = struct.unpack_from("<I", body)
            gone = self.outputs.pop(name, None)
            if gone is not None:
                self.watches.pop(gone.name, None)

    def describe(self, output):
        def output_event(opcode, body):
            if opcode == 0:
                (output.transform,) = struct.unpack_from("<i", body, len(body) - 4)
            elif opcode == 1:
                flags, width, height = struct.unpack_from("<Iii", body)
                if flags & 1:
                    output.mode = (width, height)

        output.object_id = self.bind("wl_output", 1, output_event, global_name=output.global_name)

        def xdg_event(opcode, body):
            if opcode == 0:
                output.x, output.y = struct.unpack_from("<ii", body)
            elif opcode == 1:
                output.width, output.height = struct.unpack_from("<ii", body)
            elif opcode == 3:
                output.name = read_string(body, 0)[0]

        xdg = self.conn.new_id(xdg_event)
        self.conn.send(self.xdg_outputs, 1, uint(xdg, output.object_id))

    def listing(self):
        self.conn.roundtrip()
        return [output.view() for output in self.outputs.values() if output.name]

    def output_named(self, name):
        output = next((o for o in self.outputs.values() if o.name == name), None)
        if output is None:
            raise WaylandError("no output named %s" % name)
        return output

    def grab(self, name):
        output = self.output_named(name)
        if self.version >= 2 and not self.watching(name):
            # Asked before the screenshot, so nothing drawn from the screenshot on can be missed.
            self.watch(output)
        shot = Frame(self, output, self.screens)
        shot.start()
        shot.wait()
        if shot.failed:
            raise WaylandError("the compositor could not copy output %s" % name)
        watch = self.watches.get(name)
        if watch is not None:
            self.conn.roundtrip()
            if watch.done and watch.presented <= shot.presented:
                # Answered by the screenshot's frame or one before: what it says was drawn is in the screenshot.
                self.watch(output)
        return {
            "format": shot.format,
            "width": shot.width,
            "height": shot.height,
            "stride": shot.stride,
            "yInvert": bool(shot.flags & 1),
            "pixels": self.screens.path(),
        }

    def drawn(self, name):
        """Where output `name` was drawn on since the last question, in its buffer's pixels; None when not known."""
        output = self.output_named(name)
        watch = self.watches.get(name)
        # The damage is in the output's buffer: read here only where that is the picture upright.
        if watch is None or output.transform != 0 or 0 in output.mode:
            return None
        self.conn.roundtrip()
        if watch.failed:
            del self.watches[name]
            return None
        if not watch.done:
            return {"boxes": []}
        boxes = list(watch.damage)
        # What was drawn after it answered is known only to the next watch: it answers at the next
        # frame if anything was, and its damage is part of this answer.
        late = self.watch(output)
        self.conn.dispatch_until(lambda: late.done or late.failed, NEXT_FRAME_S)
        if late.done:
            boxes.extend(late.damage)
            self.watch(output)
        width, height = output.mode
        return {"boxes": boxes, "width": width, "height": height}

    def watching(self, name):
        watch = self.watches.get(name)
        return watch is not None and not watch.done and not watch.failed

    def watch(self, output):
        watch = self.watches[output.name] = Frame(self, output, self.watch_pixels, watch=True)
        watch.start()
        return watch


class SharedMemory:
    """A memfd the compositor copies into, with a wl_buffer per size (the engine reads it through /proc)."""

    def __init__(self, conn, shm, label):
        self.conn = conn
        self.shm = shm
        self.label = label
        self.memfd = None
        self.size = 0
        self.pool = None
        self.buffers = {}

    def path(self):
        return "/proc/%d/fd/%d" % (os.getpid(), self.memfd)

    def buffer(self, fmt, width, height, stride):
        key = (fmt, width, height, stride)
        if key not in self.buffers:
            self.reserve(stride * height)
            buffer = self.conn.new_id(lambda opcode, body: None)
            self.conn.send(self.pool, 0, uint(buffer) + struct.pack("<iiii", 0, width, height, stride) + uint(fmt))
            self.buffers[key] = buffer
        return self.buffers[key]

    def reserve(self, size):
        if self.memfd is None:
            self.memfd = os.memfd_create(self.label, os.MFD_CLOEXEC)
        if size <= self.size:
            return
        os.ftruncate(self.memfd, size)
        if self.pool is None:
            self.pool = self.conn.new_id(lambda opcode, body: None)
            self.conn.send(self.shm, 0, uint(self.pool) + uint(size), fds=[self.memfd])
        else:
            self.conn.send(self.pool, 2, uint(size))
        self.size = size
        for buffer in self.buffers.values():
            self.conn.send(buffer, 0)
        self.buffers = {}


class Frame:
    """One zwlr_screencopy_frame_v1: a screenshot of an output, or a watch for what is drawn on it.

    A watch asks for one pixel with copy_with_damage: the compositor answers once the output has
    damage (since this client's last such copy), with the damage's extent in the output's pixels."""

    def __init__(self, copier, output, memory, watch=False):
        self.copier = copier
        self.output = output
        self.memory = memory
        self.watch = watch
        self.format = self.width = self.height = self.stride = None
        self.flags = 0
        self.damage = []
        self.presented = None
        self.done = False
        self.failed = False
        self.buffer_known = False
        self.object_id = None

    def start(self):
        conn, copier = self.copier.conn, self.copier
        self.object_id = conn.new_id(self.event)
        if self.watch:
            # capture_output_region of one pixel: the damage it reports is the whole output's.
            conn.send(copier.manager, 1, uint(self.object_id) + struct.pack("<i", 0) + uint(self.output.object_id) + struct.pack("<iiii", 0, 0, 1, 1))
        else:
            conn.send(copier.manager, 0, uint(self.object_id) + struct.pack("<i", 0) + uint(self.output.object_id))
        while not self.failed and not self.buffer_known:
            conn.dispatch()
        if self.failed:
            return
        buffer = self.memory.buffer(self.format, self.width, self.height, self.stride)
        # copy (0), or copy_with_damage (2): answered once something on the output was drawn.
        conn.send(self.object_id, 2 if self.watch else 0, uint(buffer))

    def wait(self):
        while not self.done and not self.failed:
            self.copier.conn.dispatch()

    def event(self, opcode, body):
        if opcode == 0:
            self.format, self.width, self.height, self.stride = struct.unpack_from("<IIII", body)
            if self.copier.version < 3:
                self.buffer_known = True
        elif opcode == 1:
            (self.flags,) = struct.unpack_from("<I", body)
        elif opcode == 2:
            self.presented = struct.unpack_from("<III", body)
            self.finish()
            self.done = True
        elif opcode == 3:
            self.finish()
            self.failed = True
        elif opcode == 4:
            self.damage.append(list(struct.unpack_from("<IIII", body)))
        elif opcode == 6:
            self.buffer_known = True

    def finish(self):
        self.copier.conn.send(self.object_id, 1)


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    display = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    path = display if display.startswith("/") else os.path.join(os.environ.get("XDG_RUNTIME_DIR", ""), display)
    try:
        copier = Screencopy(Connection(path))
    except (OSError, WaylandError) as error:
        answer({"error": str(error)})
        return 1
    answer({"outputs": copier.listing()})
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if "grab" in request:
                answer({"frame": copier.grab(request["grab"])})
            elif "drawn" in request:
                answer({"drawn": copier.drawn(request["drawn"])})
            else:
                answer({"outputs": copier.listing()})
        except WaylandError as error:
            answer({"error": str(error)})
        except OSError as error:
            answer({"error": "the Wayland connection failed: %s" % error})
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
