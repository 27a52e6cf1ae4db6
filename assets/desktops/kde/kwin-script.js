// Loaded into KWin by kwin-bridge.py: reports the windows on screen (topmost first, the active one
// marked) and the screens to the bridge's D-Bus name whenever something about them changes, and
// where windows were drawn on (damaged) whenever the bridge asks for it.
var SERVICE = '__SERVICE__';
var INTERFACE = '__INTERFACE__';

function isApp(window) {
  return (window.normalWindow || window.dialog || window.utility) && !window.deleted;
}

function shown(window) {
  return !window.minimized && (window.onAllDesktops || window.desktop === workspace.currentDesktop);
}

function describe(window) {
  var area = window.frameGeometry;
  var app = String(window.resourceClass || '');
  return {
    id: String(window.internalId),
    app: app.length > 0 ? app : null,
    title: String(window.caption || ''),
    x: Math.round(area.x),
    y: Math.round(area.y),
    width: Math.round(area.width),
    height: Math.round(area.height),
    focused: window === workspace.activeClient,
  };
}

function report() {
  // Topmost first: KWin 5.27 gives each window its place in the stack (stackingOrder), not the stack.
  var windows = workspace
    .clientList()
    .filter(function (window) {
      return isApp(window) && shown(window);
    })
    .sort(function (a, b) {
      return b.stackingOrder - a.stackingOrder;
    })
    .map(describe);
  var monitors = [];
  for (var s = 0; s < workspace.numScreens; s++) {
    var area = workspace.clientArea(KWin.ScreenArea, s, workspace.currentDesktop);
    monitors.push({ name: 'screen-' + s, x: area.x, y: area.y, width: area.width, height: area.height });
  }
  callDBus(SERVICE, '/Bridge', INTERFACE, 'Report', JSON.stringify({ windows: windows, monitors: monitors }));
}

// Where windows were drawn on since the bridge last asked. One Drawn call is always pending: the
// bridge answers it when the engine asks (or every few seconds), and its answer sends the next, with
// what was drawn meanwhile: nothing crosses D-Bus per frame drawn, however busy the screen.
var MAX_DRAWN_AREAS = 32;
var drawn = [];

function noteDrawn(window) {
  var area = window.frameGeometry;
  var x = Math.floor(area.x);
  var y = Math.floor(area.y);
  drawn.push({ x: x, y: y, width: Math.ceil(area.x + area.width) - x, height: Math.ceil(area.y + area.height) - y });
  if (drawn.length > MAX_DRAWN_AREAS) drawn = [boundingBox(drawn)];
}

function boundingBox(areas) {
  var left = areas[0].x;
  var top = areas[0].y;
  var right = left + areas[0].width;
  var bottom = top + areas[0].height;
  areas.forEach(function (a) {
    left = Math.min(left, a.x);
    top = Math.min(top, a.y);
    right = Math.max(right, a.x + a.width);
    bottom = Math.max(bottom, a.y + a.height);
  });
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function sendDrawn() {
  var areas = drawn;
  drawn = [];
  callDBus(SERVICE, '/Bridge', INTERFACE, 'Drawn', JSON.stringify(areas), sendDrawn);
}

function watch(window) {
  window.damaged.connect(function () {
    noteDrawn(window);
  });
  window.captionChanged.connect(report);
  window.frameGeometryChanged.connect(report);
  window.desktopChanged.connect(report);
  window.stackingOrderChanged.connect(report);
}

workspace.clientList().forEach(watch);
workspace.clientAdded.connect(function (window) {
  watch(window);
  report();
});
workspace.clientRemoved.connect(report);
workspace.clientActivated.connect(report);
workspace.clientMinimized.connect(report);
workspace.clientUnminimized.connect(report);
workspace.currentDesktopChanged.connect(report);
workspace.numberScreensChanged.connect(report);
workspace.virtualScreenGeometryChanged.connect(report);
report();
sendDrawn();
