/** Whether a path is absolute on Linux and macOS (`/…`) or Windows (`C:\…`, `C:/…`), wherever the code runs. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}
