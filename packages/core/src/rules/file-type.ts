/** The shape of an uploaded file that rules need: works for a DOM File, a multipart part or a path. */
export interface FileLike {
  name: string;
  size: number;
}

/** The lowercased extension after the last dot of a file name, or '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Whether a file name ends with one of the extensions, case-insensitively ('DATA.CSV' is a CSV). */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const extension = fileExtension(name);
  return extension !== '' && extensions.includes(extension);
}
