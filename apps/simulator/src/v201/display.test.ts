import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

async function station(id: string, config: Record<string, string> = {}): Promise<SimCharger201> {
  const s = await startCharger201({ url: csms.url, id, connectors: 1, speed: 20, config });
  stations.push(s);
  await csms.nth(id, 'BootNotification');
  return s;
}

const text = (content: string, format: 'ASCII' | 'HTML' | 'URI' | 'UTF8' = 'UTF8') => ({
  format,
  language: 'en',
  content,
});
const set = (id: string, message: Record<string, unknown>) =>
  csms.call(id, 'SetDisplayMessage', { message: { id: 1, priority: 'NormalCycle', ...message } as never });

describe('OCPP 2.0.1 display messages on the simulated station', () => {
  it('O01 sets a message and refuses formats, priorities and states it does not support, and a full list', async () => {
    await station('O01S', {
      DisplayMessageSupportedPriorities: 'InFront,NormalCycle',
      DisplayMessageSupportedStates: 'Idle,Charging',
      NumberOfDisplayMessages: '2',
    });
    expect(await set('O01S', { message: text('Welcome') })).toEqual({ status: 'Accepted' });
    expect(await set('O01S', { id: 2, message: text('<b>x</b>', 'HTML') })).toEqual({
      status: 'NotSupportedMessageFormat',
    });
    expect(await set('O01S', { id: 2, priority: 'AlwaysFront', message: text('x') })).toEqual({
      status: 'NotSupportedPriority',
    });
    expect(await set('O01S', { id: 2, state: 'Faulted', message: text('x') })).toEqual({
      status: 'NotSupportedState',
    });
    expect(await set('O01S', { id: 2, state: 'Idle', message: text('Second') })).toEqual({
      status: 'Accepted',
    });
    expect(await set('O01S', { id: 3, message: text('Third') })).toEqual({ status: 'Rejected' });
    const count = await csms.call('O01S', 'GetVariables', {
      getVariableData: [
        { component: { name: 'DisplayMessageCtrlr' }, variable: { name: 'DisplayMessages' } },
      ],
    });
    expect(count.getVariableResult[0]).toMatchObject({ attributeStatus: 'Accepted', attributeValue: '2' });
  });

  it('O02 refuses a message for a transaction the station does not run, and drops it when the transaction ends', async () => {
    const s = await station('O02S');
    expect(await set('O02S', { transactionId: 'nope', message: text('x') })).toEqual({
      status: 'UnknownTransaction',
    });
    await s.startSession(1, 'CARD-1');
    const started = await csms.nth('O02S', 'TransactionEvent');
    const transactionId = String(
      (started.payload.transactionInfo as { transactionId: string }).transactionId,
    );
    expect(await set('O02S', { transactionId, message: text('Your session') })).toEqual({
      status: 'Accepted',
    });
    expect(s.displayMessages.size).toBe(1);
    s.stopSession(1);
    expect(await csms.call('O02S', 'GetDisplayMessages', { requestId: 5 })).toEqual({ status: 'Unknown' });
  });

  it('O03 reports every message in parts (tbc on all but the last) after answering Accepted', async () => {
    await station('O03S', { DisplayMessagesPerPart: '2' });
    for (const id of [1, 2, 3]) await set('O03S', { id, message: text(`m${id}`) });
    expect(await csms.call('O03S', 'GetDisplayMessages', { requestId: 7 })).toEqual({ status: 'Accepted' });
    const second = await csms.nth('O03S', 'NotifyDisplayMessages', 2);
    const first = csms.messages('O03S', 'NotifyDisplayMessages')[0];
    expect(first?.payload).toMatchObject({ requestId: 7, tbc: true });
    expect(second.payload).toMatchObject({ requestId: 7, tbc: false });
    const ids = [first, second].flatMap((m) =>
      (m?.payload.messageInfo as Array<{ id: number }>).map((i) => i.id),
    );
    expect(ids).toEqual([1, 2, 3]);
  });

  it('O04 reports only the messages matching every criterion, Unknown when none match', async () => {
    await station('O04S');
    await set('O04S', { id: 1, priority: 'InFront', message: text('a') });
    await set('O04S', { id: 2, priority: 'NormalCycle', state: 'Idle', message: text('b') });
    expect(
      await csms.call('O04S', 'GetDisplayMessages', { requestId: 1, priority: 'InFront', id: [2] }),
    ).toEqual({
      status: 'Unknown',
    });
    expect(await csms.call('O04S', 'GetDisplayMessages', { requestId: 2, state: 'Idle' })).toEqual({
      status: 'Accepted',
    });
    const report = await csms.nth('O04S', 'NotifyDisplayMessages');
    expect(report.payload).toMatchObject({ requestId: 2, tbc: false, messageInfo: [{ id: 2 }] });
  });

  it('O05 clears a message it holds and answers Unknown for one it does not', async () => {
    const s = await station('O05S');
    await set('O05S', { id: 9, message: text('bye') });
    expect(await csms.call('O05S', 'ClearDisplayMessage', { id: 9 })).toEqual({ status: 'Accepted' });
    expect(await csms.call('O05S', 'ClearDisplayMessage', { id: 9 })).toEqual({ status: 'Unknown' });
    expect(s.displayMessages.size).toBe(0);
  });

  it('O06 replaces the message with the same id, even when the list is full', async () => {
    const s = await station('O06S', { NumberOfDisplayMessages: '1' });
    await set('O06S', { id: 4, message: text('old') });
    expect(await set('O06S', { id: 4, priority: 'InFront', message: text('new') })).toEqual({
      status: 'Accepted',
    });
    expect(s.displayMessages.get(4)).toMatchObject({ priority: 'InFront', message: { content: 'new' } });
  });

  it('shows an address (URI) on the display of one of its EVSEs, refuses an EVSE it lacks, and URI once told it has none', async () => {
    const s = await station('O01U');
    const atEvse = (id: number) => ({ name: 'Display', evse: { id } });
    const uri = text('https://example.test/pay/O01U*1', 'URI');
    expect(await set('O01U', { id: 7, state: 'Idle', message: uri, display: atEvse(1) })).toEqual({
      status: 'Accepted',
    });
    expect(s.displayMessages.get(7)).toMatchObject({
      display: { evse: { id: 1 } },
      message: { format: 'URI' },
    });
    expect(await set('O01U', { id: 8, message: uri, display: atEvse(2) })).toEqual({ status: 'Rejected' });
    await station('O01T', { DisplayMessageSupportedFormats: 'ASCII,UTF8' });
    expect(await set('O01T', { message: uri, display: atEvse(1) })).toEqual({
      status: 'NotSupportedMessageFormat',
    });
  });
});
