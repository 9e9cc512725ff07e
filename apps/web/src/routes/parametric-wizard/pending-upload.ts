// The file picked on the dashboard's 'Add a New Parametric Search Engine' card, handed to the wizard.
// Kept in memory: a File does not survive a reload anyway, and history state may not clone it.
let pending: File | undefined;

/** Leaves the picked file for the wizard. */
export function setPendingUpload(file: File): void {
  pending = file;
}

/** Takes the picked file, once. */
export function takePendingUpload(): File | undefined {
  const file = pending;
  pending = undefined;
  return file;
}
