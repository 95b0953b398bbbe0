/** Saves `blob` as a file named `name`: its object URL and a click on a hidden a[download]. */
export function saveBlob(win: Window & typeof globalThis, blob: Blob, name: string): void {
  const url = win.URL.createObjectURL(blob);
  const link = win.document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  win.document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is let go once the browser has read it.
  win.setTimeout(() => win.URL.revokeObjectURL(url), 1000);
}
