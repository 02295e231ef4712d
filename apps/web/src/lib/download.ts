/**
 * Offers `text` as a file download, named `filename`, through a link to a blob (kept apart from the
 * pure modules that build files, so tests replace it).
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Later, not at once: some browsers start reading the blob only after the click's task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
