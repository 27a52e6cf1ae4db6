declare module 'screenshot-desktop' {
  interface ScreenshotOptions {
    format?: 'png' | 'jpg';
    screen?: string | number;
    filename?: string;
  }
  /** A screen as the platform lists it; on Linux (xrandr) with its offset on the root window. */
  export interface Display {
    id: string | number;
    name?: string;
    primary?: boolean;
    offsetX?: number;
    offsetY?: number;
    /** `WxH+X+Y`, as `import -crop` takes it. */
    crop?: string;
  }
  function screenshot(options?: ScreenshotOptions): Promise<Buffer>;
  namespace screenshot {
    function listDisplays(): Promise<Display[]>;
  }
  export default screenshot;
}
