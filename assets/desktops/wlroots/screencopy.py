"""Screenshots of wlroots outputs (sway, Hyprland, river) for Workflow Shadow, through the
wlr-screencopy protocol, by one long-lived process: grim would start a process and convert every
pixel for each screenshot. Node cannot pass a file descriptor over a Unix socket (wl_shm needs
one), so this part of the Wayland client is Python's standard library; the engine reads the pixels
from the shared memory this process hands to the compositor (/proc/PID/fd/N), never from a file.

Requests on stdin, one JSON object a line: {"outputs": true} or {"grab": "OUTPUT-NAME"}.
Answers on stdout, one JSON object a line: {"outputs": [...]}, {"frame": {...}} or {"error": "..."}.
"""
import json
import os
import socket
import struct
import sys

WL_DISPLAY = 1


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
        self.memfd = None
        self.memfd_size = 0
        self.pool = None
        self.buffers = {}

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
            self.outputs.pop(name, None)

    def describe(self, output):
        output.object_id = self.bind("wl_output", 1, global_name=output.global_name)

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

    def shared_memory(self, size):
        if self.memfd is None:
            self.memfd = os.memfd_create("workflow-shadow-screencopy", os.MFD_CLOEXEC)
        if size > self.memfd_size:
            os.ftruncate(self.memfd, size)
            if self.pool is None:
                self.pool = self.conn.new_id(lambda opcode, body: None)
                self.conn.send(self.shm, 0, uint(self.pool) + uint(size), fds=[self.memfd])
            else:
                self.conn.send(self.pool, 2, uint(size))
            self.memfd_size = size
            for buffer in self.buffers.values():
                self.conn.send(buffer, 0)
            self.buffers = {}

    def buffer(self, fmt, width, height, stride):
        key = (fmt, width, height, stride)
        if key not in self.buffers:
            self.shared_memory(stride * height)
            buffer = self.conn.new_id(lambda opcode, body: None)
            self.conn.send(self.pool, 0, uint(buffer) + struct.pack("<iiii", 0, width, height, stride) + uint(fmt))
            self.buffers[key] = buffer
        return self.buffers[key]

    def grab(self, name):
        output = next((o for o in self.outputs.values() if o.name == name), None)
        if output is None:
            raise WaylandError("no output named %s" % name)
        state = {}

        def frame_event(opcode, body):
            if opcode == 0:
                state["format"], state["width"], state["height"], state["stride"] = struct.unpack_from("<IIII", body)
            elif opcode == 1:
                (state["flags"],) = struct.unpack_from("<I", body)
            elif opcode == 2:
                state["ready"] = True
            elif opcode == 3:
                state["failed"] = True
            elif opcode == 6:
                state["buffer_done"] = True

        frame = self.conn.new_id(frame_event)
        self.conn.send(self.manager, 0, uint(frame) + struct.pack("<i", 0) + uint(output.object_id))
        version = min(3, self.globals["zwlr_screencopy_manager_v1"][1])
        while not state.get("failed") and not (("buffer_done" in state) if version >= 3 else ("format" in state)):
            self.conn.dispatch()
        if not state.get("failed"):
            buffer = self.buffer(state["format"], state["width"], state["height"], state["stride"])
            self.conn.send(frame, 0, uint(buffer))
            while not state.get("ready") and not state.get("failed"):
                self.conn.dispatch()
        self.conn.send(frame, 1)
        if state.get("failed"):
            raise WaylandError("the compositor could not copy output %s" % name)
        return {
            "format": state["format"],
            "width": state["width"],
            "height": state["height"],
            "stride": state["stride"],
            "yInvert": bool(state.get("flags", 0) & 1),
            "pixels": "/proc/%d/fd/%d" % (os.getpid(), self.memfd),
        }


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
