/** Hands a downloaded file to the browser's save dialog. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `users-2025-01-31.xlsx` */
export function datedFileName(prefix: string, ext = 'xlsx'): string {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.${ext}`;
}
