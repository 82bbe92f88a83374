import { describe, expect, it } from 'vitest';
import { COSTMSG_VENDOR, costMessage, type CostDisplay } from './cost-messages.js';

const display = (): CostDisplay => ({ declared: true, messages: [], answer: 'Accepted' });
const send = (d: CostDisplay, messageId: string, data: object) =>
  costMessage(d, { vendorId: COSTMSG_VENDOR, messageId, data: JSON.stringify(data) });

describe("a charger's cost display (OCA California Pricing on 1.6)", () => {
  it('shows a final cost with its receipt as a QR code, or without one', () => {
    const d = display();
    const qrCodeText = 'https://voltline.example/pay/s/5f0c';
    expect(
      send(d, 'FinalCost', { transactionId: 7, cost: 12.5, priceText: 'Total cost: TRY 12.50.', qrCodeText }),
    ).toEqual({ status: 'Accepted' });
    expect(send(d, 'FinalCost', { transactionId: 8, cost: 3, priceText: 'Total cost: TRY 3.00.' })).toEqual({
      status: 'Accepted',
    });
    expect(d.messages.map((m) => m.data.qrCodeText)).toEqual([qrCodeText, undefined]);
  });

  it('refuses a message without a field it reads, or with one of another type', () => {
    const d = display();
    expect(send(d, 'FinalCost', { transactionId: 7, cost: 12.5 })).toEqual({ status: 'Rejected' });
    expect(send(d, 'FinalCost', { transactionId: 7, cost: 1, priceText: 'x', qrCodeText: 42 })).toEqual({
      status: 'Rejected',
    });
    expect(send(d, 'SetUserPrice', { priceText: 'TRY 8.50 per kWh' })).toEqual({ status: 'Rejected' });
    expect(send(d, 'RunningCost', { transactionId: '7', cost: 1 })).toEqual({ status: 'Rejected' });
    expect(d.messages).toEqual([]);
  });
});
