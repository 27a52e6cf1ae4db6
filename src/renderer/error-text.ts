/** The message to show for anything thrown or rejected (API errors carry the server's readable message). */
export function errorText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
