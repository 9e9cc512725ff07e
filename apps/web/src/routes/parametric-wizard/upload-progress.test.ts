import { describe, expect, it } from 'vitest';
import { uploadPercent, uploadProgressText } from './upload-progress.tsx';

describe('upload progress text', () => {
  it.each([
    [{ loaded: 4_404_020, total: 10 * 1024 * 1024 }, 'Uploading… 42% (4.2 of 10 MB)'],
    [{ loaded: 10 * 1024 * 1024, total: 10 * 1024 * 1024 }, 'Uploading… 100% (10 of 10 MB)'],
    [{ loaded: 512 * 1024, total: 800 * 1024 }, 'Uploading… 64% (512 of 800 KB)'],
    [{ loaded: 0, total: 300 }, 'Uploading… 0% (0 of 300 bytes)'],
    [{ loaded: 700, total: 600 }, 'Uploading… 100% (600 of 600 bytes)'],
  ])('Given %j, then it reads %s', (progress, text) => {
    expect(uploadProgressText(progress)).toBe(text);
  });

  it('Given an unknown total, then the percentage is 0; it reaches 100 only when all is sent', () => {
    expect(uploadPercent({ loaded: 5, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 999, total: 1000 })).toBe(99);
  });
});
