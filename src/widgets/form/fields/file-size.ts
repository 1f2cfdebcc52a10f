/** A byte count as people read it: B, kB, MB, GB, TB (requirements WIDGET-LIMITS), powers of 1024. */
export function formatFileSize(bytes: number, lang: string, units: readonly string[] = ['B', 'kB', 'MB', 'GB', 'TB']): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
