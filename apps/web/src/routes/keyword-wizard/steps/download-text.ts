import { saveBlob } from '../../../shell/download-file.ts';

/** Saves text the wizard holds (the current ranking, synonyms...) as a file download. */
export function saveText(text: string, fileName: string, type: 'text/csv' | 'text/plain'): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}
