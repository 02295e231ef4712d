// Runs in a worker (lib/intlTables.ts): the first formatter of a page's process builds the tables of
// ICU's locales, which the process then shares with the page.
self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data;
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.RelativeTimeFormat(locale).format(-1, 'minute');
  self.close();
};
