import { describe, expect, it, vi } from 'vitest';
import { attachNoticeHost, notices, onNoticeWaiting } from './notices';

describe('notices', () => {
  it('keeps notices raised before the host loads and shows them in order once it does', () => {
    const load = vi.fn();
    onNoticeWaiting(load);
    notices.error('Wrong password');
    expect(load).toHaveBeenCalled();
    notices.success('Saved');
    const shown: string[] = [];
    attachNoticeHost({
      success: (t) => shown.push(`ok:${t}`),
      warning: (t) => shown.push(`warn:${t}`),
      error: (t) => shown.push(`err:${t}`),
    });
    expect(shown).toEqual(['err:Wrong password', 'ok:Saved']);
    const error = vi.fn();
    attachNoticeHost({ success: vi.fn(), warning: vi.fn(), error });
    notices.error('Later');
    expect(error).toHaveBeenCalledWith('Later');
    attachNoticeHost(null);
  });
});
