import { describe, expect, it } from 'vitest';
import { qrStickersBlock, qrStickersFileName } from './qr-stickers';

describe('the QR payment stickers of a charge point', () => {
  it('are offered only while a connector is in use', () => {
    expect(qrStickersBlock({ connectors: [] })).toBe('noConnectors');
    const connector = (archived: boolean) =>
      ({ connectorId: 1, archived }) as Parameters<typeof qrStickersBlock>[0]['connectors'][number];
    expect(qrStickersBlock({ connectors: [connector(true)] })).toBe('noConnectors');
    expect(qrStickersBlock({ connectors: [connector(true), connector(false)] })).toBeNull();
  });

  it('download under the name the server gives the sheet', () => {
    expect(qrStickersFileName({ chargePointId: 'CP-001' })).toBe('qr-stickers-CP-001.pdf');
  });
});
