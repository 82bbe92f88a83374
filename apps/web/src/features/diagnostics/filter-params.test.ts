import { describe, expect, it } from 'vitest';
import { formatBytes } from './components/diagnostics-table';
import { filterFromParams, filterToParams } from './filter-params';

describe('diagnostics filters in the address', () => {
  it('round-trips every filter and the page', () => {
    const view = {
      index: 1,
      filter: {
        chargePointId: 'CP-1',
        operatorId: 3,
        status: 'Uploaded' as const,
        kind: 'SecurityLog' as const,
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-31T23:59:59.000Z',
      },
    };
    expect(filterFromParams(filterToParams(view))).toEqual(view);
  });

  it('drops what is not a filter value', () => {
    const params = new URLSearchParams('operatorId=x&status=Deleted&kind=AuditLog&from=soon&index=-2');
    expect(filterFromParams(params)).toEqual({ index: 0, filter: {} });
  });
});

describe('file sizes', () => {
  it('reads in bytes, kilobytes and megabytes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
