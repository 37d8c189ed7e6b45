/** Hands a file made in the browser (a calendar reminder) to the user as a download. */
export function downloadFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click handler has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
