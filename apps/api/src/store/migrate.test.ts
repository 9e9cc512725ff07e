import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { MigrationError } from './errors.ts';
import { defaultMigrationsDir, readMigrations } from './migrate.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dirWith(files: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'siteseer-read-migrations-'));
  dirs.push(dir);
  for (const file of files) await writeFile(join(dir, file), 'SELECT 1;');
  return dir;
}

describe('readMigrations', () => {
  test('reads NNNN-name.sql files in number order and ignores other files', async () => {
    const dir = await dirWith(['0010-later.sql', '0002-first.sql', '.gitkeep', 'README.md']);
    const migrations = await readMigrations(dir);
    expect(migrations.map((m) => [m.version, m.name, m.file])).toEqual([
      [2, 'first', '0002-first.sql'],
      [10, 'later', '0010-later.sql'],
    ]);
  });

  test('a misnamed file is refused, naming it', async () => {
    const error = await readMigrations(await dirWith(['1-create.sql'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect(error).toMatchObject({ file: '1-create.sql' });
  });

  test('two files with one number are refused', async () => {
    await expect(readMigrations(await dirWith(['0001-a.sql', '0001-b.sql']))).rejects.toThrow(
      /0001-a\.sql and 0001-b\.sql have the same number/,
    );
  });

  test('the default directory is readable and holds only well-named migrations', async () => {
    await expect(readMigrations(defaultMigrationsDir)).resolves.toBeInstanceOf(Array);
  });
});
