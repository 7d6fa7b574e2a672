/** How long the browser keeps a download's object URL (spec §9). */
const OBJECT_URL_LIFETIME_MS = 1000;

/** Hands a file the API answered (a spreadsheet, an invoice) to the browser, under this name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
