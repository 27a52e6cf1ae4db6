/** Every record number of a text moved on by `shift` (`PLAT-2147` → `PLAT-2247`, `#884` → `#984`): the same work on another item. */
export function renumber(text: string, shift: number): string {
  const move = (digits: string): string => String(Number(digits) + shift).padStart(digits.length, '0');
  return text
    .replace(/(?<![A-Za-z0-9])([A-Z]{1,6}-)(\d{2,})(?!\d)/g, (_m, prefix: string, digits: string) => `${prefix}${move(digits)}`)
    .replace(/#(\d{3,})(?!\d)/g, (_m, d: string) => `#${move(d)}`);
}
