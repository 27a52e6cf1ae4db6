/*
 * Workflow Shadow's GNOME Shell extension (GNOME 42-44). GNOME on Wayland lets no other program read
 * the focused window, and a screenshot only through a portal dialog; this extension runs inside GNOME
 * Shell and serves the app that installed it, over a Unix socket in the user's runtime folder
 * ($XDG_RUNTIME_DIR/workflow-shadow/gnome-shell.sock, mode 0700 folder): the focused window as it
 * changes, the windows and monitors on screen, idle time from Mutter's idle monitor, a
 * screenshot of an area, in memory (never written to a file), and where the stage was repainted
 * since the client last asked (so the app leaves out a screenshot of a screen nobody drew on).
 *
 * Protocol: one JSON object a line each way. Requests {"id": n, "method": "...", "params": {...}};
 * answers {"id": n, "result": ...} or {"id": n, "error": "..."}; events {"event": "focus", "window": ...}
 * after "subscribe". An answer with "bytes": N in its result is followed by N bytes (a PNG).
 */
'use strict';

const { Gio, GLib, Meta, Shell } = imports.gi;
const Main = imports.ui.main;

const PROTOCOL_VERSION = 2;
/** Areas repainted kept per client between two questions; more are merged into their bounding box. */
const MAX_DRAWN_AREAS = 32;

function describeWindow(win) {
  if (!win) return null;
  const rect = win.get_frame_rect();
  return {
    id: String(win.get_id()),
    app: win.get_wm_class() || win.get_gtk_application_id() || null,
    title: win.get_title() || '',
    x: rect.x,
    y: rect.y,
    width: rect.width,
    height: rect.height,
    focused: win === global.display.focus_window,
  };
}

/** Application windows shown on the active workspace, topmost first. */
function visibleWindows() {
  const workspace = global.workspace_manager.get_active_workspace();
  return global
    .get_window_actors()
    .map((actor) => actor.meta_window)
    .filter(
      (win) =>
        win &&
        !win.minimized &&
        win.get_window_type() !== Meta.WindowType.DESKTOP &&
        win.showing_on_its_workspace() &&
        (win.is_on_all_workspaces() || win.get_workspace() === workspace),
    )
    .reverse()
    .map(describeWindow);
}

function monitors() {
  const primary = global.display.get_primary_monitor();
  const list = [];
  for (let i = 0; i < global.display.get_n_monitors(); i++) {
    const rect = global.display.get_monitor_geometry(i);
    list.push({ name: `monitor-${i + 1}`, x: rect.x, y: rect.y, width: rect.width, height: rect.height, primary: i === primary });
  }
  return list;
}

function boundingBox(areas) {
  const left = Math.min(...areas.map((a) => a.x));
  const top = Math.min(...areas.map((a) => a.y));
  const right = Math.max(...areas.map((a) => a.x + a.width));
  const bottom = Math.max(...areas.map((a) => a.y + a.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The rectangles of a repaint's clip (a cairo region), or null when the whole view was repainted. */
function clipAreas(clip) {
  if (!clip) return null;
  const areas = [];
  for (let i = 0; i < clip.numRectangles(); i++) {
    const { x, y, width, height } = clip.getRectangle(i);
    areas.push({ x, y, width, height });
  }
  return areas;
}

class Client {
  constructor(server, connection) {
    this._server = server;
    this._connection = connection;
    this._input = Gio.DataInputStream.new(connection.get_input_stream());
    this._output = connection.get_output_stream();
    this._writes = [];
    this._writing = false;
    this.subscribed = false;
    /** Areas repainted since the last "drawn": undefined before the first (not watched), null once not known. */
    this.drawn = undefined;
    this._readLine();
  }

  /** The stage repainted `areas` (stage pixels), or all of it (null). */
  addDrawn(areas) {
    if (this.drawn === null || this.drawn === undefined) return;
    if (areas === null) {
      this.drawn = null;
      return;
    }
    this.drawn.push(...areas);
    if (this.drawn.length > MAX_DRAWN_AREAS) this.drawn = [boundingBox(this.drawn)];
  }

  /** What was repainted since the last call (null the first time: from here on it is watched). */
  takeDrawn() {
    const drawn = this.drawn === undefined ? null : this.drawn;
    this.drawn = [];
    return drawn;
  }

  send(message, bytes = null) {
    this._writes.push(new GLib.Bytes(new TextEncoder().encode(`${JSON.stringify(message)}\n`)));
    if (bytes) this._writes.push(bytes);
    this._flush();
  }

  close() {
    try {
      this._connection.close(null);
    } catch (e) {
      // already closed
    }
  }

  _flush() {
    if (this._writing || this._writes.length === 0) return;
    this._writing = true;
    const bytes = this._writes.shift();
    this._output.write_all_async(bytes.toArray(), GLib.PRIORITY_DEFAULT, null, (stream, result) => {
      this._writing = false;
      try {
        stream.write_all_finish(result);
      } catch (e) {
        this._server.drop(this);
        return;
      }
      this._flush();
    });
  }

  _readLine() {
    this._input.read_line_async(GLib.PRIORITY_DEFAULT, null, (stream, result) => {
      let line;
      try {
        [line] = stream.read_line_finish_utf8(result);
      } catch (e) {
        this._server.drop(this);
        return;
      }
      if (line === null) {
        this._server.drop(this);
        return;
      }
      this._server.handle(this, line);
      this._readLine();
    });
  }
}

class Server {
  constructor() {
    this._clients = new Set();
    this._signals = [];
    this._focused = null;
    this._titleSignal = 0;
  }

  start() {
    const dir = GLib.build_filenamev([GLib.get_user_runtime_dir(), 'workflow-shadow']);
    GLib.mkdir_with_parents(dir, 0o700);
    this._path = GLib.build_filenamev([dir, 'gnome-shell.sock']);
    GLib.unlink(this._path);
    this._service = new Gio.SocketService();
    this._service.add_address(Gio.UnixSocketAddress.new(this._path), Gio.SocketType.STREAM, Gio.SocketProtocol.DEFAULT, null);
    this._service.connect('incoming', (service, connection) => {
      this._clients.add(new Client(this, connection));
      return true;
    });
    this._service.start();
    this._signals.push(global.display.connect('notify::focus-window', () => this._focusChanged()));
    try {
      // After each view is painted, with the part of the stage repainted (stage pixels).
      this._paintSignal = global.stage.connect_after('paint-view', (stage, view, clip) => this._painted(clip));
    } catch (e) {
      this._paintSignal = 0;
    }
    this._focusChanged();
  }

  stop() {
    for (const id of this._signals) global.display.disconnect(id);
    this._signals = [];
    if (this._paintSignal) global.stage.disconnect(this._paintSignal);
    this._paintSignal = 0;
    this._watchFocused(null);
    for (const client of this._clients) client.close();
    this._clients.clear();
    this._service.stop();
    this._service.close();
    GLib.unlink(this._path);
  }

  _painted(clip) {
    let areas;
    for (const client of this._clients) {
      if (!client.drawn) continue;
      if (areas === undefined) {
        try {
          areas = clipAreas(clip);
        } catch (e) {
          areas = null;
        }
      }
      client.addDrawn(areas);
    }
  }

  drop(client) {
    client.close();
    this._clients.delete(client);
  }

  handle(client, line) {
    let request;
    try {
      request = JSON.parse(line);
    } catch (e) {
      client.send({ error: 'not JSON' });
      return;
    }
    const { id, method, params } = request;
    try {
      switch (method) {
        case 'hello':
          client.send({ id, result: { protocol: PROTOCOL_VERSION, shell: imports.misc.config.PACKAGE_VERSION } });
          break;
        case 'subscribe':
          client.subscribed = true;
          client.send({ id, result: { window: describeWindow(global.display.focus_window) } });
          break;
        case 'windows':
          client.send({ id, result: { windows: visibleWindows(), monitors: monitors() } });
          break;
        case 'idle':
          client.send({ id, result: { idleMs: global.backend.get_core_idle_monitor().get_idletime() } });
          break;
        case 'drawn':
          // Not known where the stage's repaints cannot be followed (a Shell without the signal).
          client.send({ id, result: { areas: this._paintSignal ? client.takeDrawn() : null } });
          break;
        case 'screenshot':
          this._screenshot(client, id, params);
          break;
        default:
          client.send({ id, error: `unknown method ${method}` });
      }
    } catch (e) {
      client.send({ id, error: String(e) });
    }
  }

  _screenshot(client, id, { x, y, width, height }) {
    // In the overview windows are shown as moved, scaled thumbnails: the app could not black out the
    // excluded ones by their place on screen, so no screenshot is taken while it is open.
    if (Main.overview.visible) {
      client.send({ id, error: "GNOME's overview is open, so no screenshot is taken" });
      return;
    }
    const stream = Gio.MemoryOutputStream.new_resizable();
    const shooter = new Shell.Screenshot();
    shooter.screenshot_area(x, y, width, height, stream, (source, result) => {
      try {
        source.screenshot_area_finish(result);
        stream.close(null);
        const bytes = stream.steal_as_bytes();
        client.send({ id, result: { bytes: bytes.get_size() } }, bytes);
      } catch (e) {
        client.send({ id, error: `the screenshot failed: ${e}` });
      }
    });
  }

  _focusChanged() {
    this._watchFocused(global.display.focus_window);
    this._broadcast();
  }

  /** The focused window's title and app id are watched while it has the focus. */
  _watchFocused(win) {
    if (this._focused && this._titleSignal) {
      this._focused.disconnect(this._titleSignal);
      this._focused.disconnect(this._classSignal);
    }
    this._focused = win;
    this._titleSignal = 0;
    if (!win) return;
    this._titleSignal = win.connect('notify::title', () => this._broadcast());
    this._classSignal = win.connect('notify::wm-class', () => this._broadcast());
  }

  _broadcast() {
    const window = describeWindow(global.display.focus_window);
    for (const client of this._clients) if (client.subscribed) client.send({ event: 'focus', window });
  }
}

class Extension {
  enable() {
    this._server = new Server();
    this._server.start();
  }

  disable() {
    this._server.stop();
    this._server = null;
  }
}

function init() {
  return new Extension();
}
