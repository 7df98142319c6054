/** How long a saved file's object URL lives: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 30_000;

/** Offers a file the page holds (a Blob) for download under `filename`, as a link click would. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
