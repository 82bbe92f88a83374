import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('redirect after sign-in', () => {
  it('follows a portal path with its query', () => {
    expect(safeRedirect('/portal/management/user?index=2')).toBe('/portal/management/user?index=2');
  });
  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/auth/login'])(
    'falls back to the root for %s',
    (value) => expect(safeRedirect(value)).toBe('/'),
  );
});
