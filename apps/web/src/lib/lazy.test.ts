import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withTimeout } from './lazy';

describe('screen chunk loading', () => {
  it('fails with a load error when the chunk takes longer than the limit', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise<never>(() => undefined), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });

  it('passes a loaded chunk through', async () => {
    await expect(withTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('passes a failed chunk on as an error', async () => {
    await expect(withTimeout(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
