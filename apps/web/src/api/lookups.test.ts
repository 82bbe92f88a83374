import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '../lib/api-client';
import { chargePointChoices, driverChoices } from './lookups';

describe('charge point and driver pickers', () => {
  it('ask the server for one page of 10 rows, as every list does', async () => {
    const post = vi
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { data: { items: [], total: 0, index: 0, size: 10 } } });
    await driverChoices.find('');
    await chargePointChoices.find('IST');
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls.map((call) => (call[2] as { params?: unknown }).params)).toEqual([
      { index: 0, size: 10 },
      { index: 0, size: 10 },
    ]);
  });
});
