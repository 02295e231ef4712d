/**
 * The first `Intl.NumberFormat` or `Intl.DateTimeFormat` of a page costs some 30 ms of a desktop's
 * CPU, whatever its locale and options: V8 builds its table of ICU's locales then, once for the
 * whole process. The page's first amounts would pay it inside a redraw, some 120 ms of a phone's
 * main thread. A worker of the same process builds the tables instead, while the first screen
 * loads; the page's formatters then take a fraction of a millisecond (docs/decisions.md).
 */
export function buildIntlTablesAside(locale: string): void {
  if (typeof Worker === 'undefined') return;
  new Worker(new URL('./intlTables.worker.ts', import.meta.url), { type: 'module' }).postMessage(locale);
}
