import { Output, type OutputOptions, type Writer } from './output.ts';

/** An Output that records what it prints, for tests. */
export function memoryOutput(
  options: Partial<Omit<OutputOptions, 'stdout' | 'stderr'>> & { isTTY?: boolean } = {},
) {
  const chunks = { stdout: '', stderr: '' };
  const writer = (key: 'stdout' | 'stderr'): Writer => ({
    isTTY: options.isTTY ?? false,
    write(chunk) {
      chunks[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    },
  });
  const output = new Output({
    stdout: writer('stdout'),
    stderr: writer('stderr'),
    json: options.json ?? false,
    color: options.color ?? false,
    interactive: options.interactive ?? false,
    verbose: options.verbose ?? false,
  });
  return {
    output,
    get stdout() {
      return chunks.stdout;
    },
    get stderr() {
      return chunks.stderr;
    },
  };
}
