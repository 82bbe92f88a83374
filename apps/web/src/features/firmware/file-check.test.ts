import { describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES } from '@voltline/contract';
import { firmwareFileProblem, formatBytes, shortSha } from './file-check';

describe('firmware file check', () => {
  it('takes .zip and .update files of any case within the size limit', () => {
    expect(firmwareFileProblem({ name: 'voltline-9.9.9.zip', size: 10 })).toBeNull();
    expect(firmwareFileProblem({ name: 'VL.UPDATE', size: FIRMWARE_MAX_BYTES })).toBeNull();
  });

  it('refuses other file types, empty files and files over the limit', () => {
    expect(firmwareFileProblem({ name: 'voltline.bin', size: 10 })).toBe('type');
    expect(firmwareFileProblem({ name: '.zip', size: 10 })).toBe('type');
    expect(firmwareFileProblem({ name: 'voltline.zip.exe', size: 10 })).toBe('type');
    expect(firmwareFileProblem({ name: 'voltline.zip', size: 0 })).toBe('empty');
    expect(firmwareFileProblem({ name: 'voltline.zip', size: FIRMWARE_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('sizes and hashes', () => {
  it('shows sizes in binary units', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(256 * 1024 * 1024, 'en')).toBe('256 MB');
    expect(formatBytes(1536, 'tr')).toBe('1,5 KB');
  });

  it('shortens a SHA-256 to its ends', () => {
    const sha = 'a'.repeat(8) + 'b'.repeat(48) + 'c'.repeat(8);
    expect(shortSha(sha)).toBe('aaaaaaaa…cccccccc');
  });
});
