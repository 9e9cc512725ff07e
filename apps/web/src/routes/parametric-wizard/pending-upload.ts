// The file picked on the dashboard's 'Add a New Parametric Search Engine' card, handed to the wizard.
// Kept in memory: a File does not survive a reload anyway, and history state may not clone it.
let pending: File | undefined;

/** Leaves the picked file for the wizard. */
export function setPendingUpload(file: File): void {
  pending = file;
}

/** The picked file, if any (read during render, so it must not change anything). */
export function peekPendingUpload(): File | undefined {
  return pending;
}

/** Forgets the picked file once the wizard holds it. */
export function clearPendingUpload(): void {
  pending = undefined;
}
