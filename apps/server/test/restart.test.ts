import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommandRecord } from '@voltline/contract';
import { buildApp } from '../src/app.js';
import { chargePoints } from '../src/db/schema/index.js';
import { createTestApp } from './helper.js';
import { connectClient, listen, registerChargePoint } from './ocpp-helper.js';

// After a kill -9 the database showed every charger as connected until it reconnected, and a
// remote command in flight during the crash was neither retried nor recorded. A process that
// starts again under the same NODE_ID now marks what the dead one held.

const PW = 'restart-charger-secret-1';

describe('a process that starts again after a crash', () => {
  it('records as lost a command whose answer never came because its process stopped, and the process’s chargers as disconnected', async () => {
    // A process that waits a minute for answers, so the command is still in flight at the restart.
    const b = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '60', NODE_ID: 'node-b' });
    const bCp = (await registerChargePoint(b, 'REC-B', PW)).id;
    const silent = await connectClient(await listen(b), 'REC-B', PW);
    silent.handle('TriggerMessage', () => new Promise(() => undefined));
    const bAdmin = await b.login('admin@voltline.local');
    const records = async () =>
      (
        await b.call<{ data: { items: CommandRecord[] } }>('GET', `/api/portal/ChargePoint/${bCp}/commands`, {
          token: bAdmin,
        })
      ).body.data.items;
    const connected = async () =>
      (await b.database.db.select().from(chargePoints).where(eq(chargePoints.id, bCp)))[0]?.connected;
    try {
      const pending = b.call('POST', '/api/ocpp/RemoteTrigger/triggerMessage', {
        token: bAdmin,
        body: { chargePointId: 'REC-B', requestedMessage: 'Heartbeat' },
      });
      while ((await records()).length === 0) await new Promise((r) => setTimeout(r, 50));
      expect(await records()).toMatchObject([{ action: 'TriggerMessage', outcome: 'sent' }]);
      expect(await connected()).toBe(true);

      // The same node starts again on the same database, as after a kill -9.
      const again = await buildApp({ config: b.config, database: b.database });
      await again.ready();
      await again.close();
      expect(await records()).toMatchObject([
        {
          action: 'TriggerMessage',
          outcome: 'lost',
          error: 'Voltline restarted before the charger answered',
        },
      ]);
      expect(await connected()).toBe(false);
      await silent.close({ force: true });
      expect((await pending).status).toBe(409);
    } finally {
      await silent.close({ force: true });
      await b.close();
    }
  });
});
