import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { connect } from '@nats-io/transport-node';
import { Leader } from '../src/cluster/leader.js';
import { LeaderWork } from '../src/cluster/leader-work.js';

// Background jobs run in one process of a cluster: the one holding a PostgreSQL advisory lock.
// This needs a PostgreSQL server (the suite's PostgreSQL run); the embedded database always leads.

const url = process.env.TEST_DATABASE_URL;
const log = pino({ level: 'silent' });
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
};

describe('the leader of background jobs', () => {
  it('is the only process on the embedded database', async () => {
    const only = new Leader({ databaseUrl: null, log });
    await only.start();
    expect(only.isLeader).toBe(true);
    await only.stop();
  });

  it.skipIf(!url)(
    'is one process of several on PostgreSQL, and another takes over when it stops',
    async () => {
      const changes: string[] = [];
      const first = new Leader({
        databaseUrl: url ?? null,
        log,
        retryMs: 200,
        onChange: (l) => changes.push(`first ${l}`),
      });
      const second = new Leader({
        databaseUrl: url ?? null,
        log,
        retryMs: 200,
        onChange: (l) => changes.push(`second ${l}`),
      });
      try {
        await first.start();
        await second.start();
        expect(first.isLeader).toBe(true);
        expect(second.isLeader).toBe(false);
        // Still one leader after several attempts of the other.
        await new Promise((r) => setTimeout(r, 600));
        expect([first.isLeader, second.isLeader]).toEqual([true, false]);

        await first.stop();
        await until(() => second.isLeader);
        expect(changes).toEqual(['first true', 'first false', 'second true']);
      } finally {
        await first.stop();
        await second.stop();
      }
    },
  );
});

const NATS_URL = process.env.CLUSTER_NATS_URL ?? 'nats://127.0.0.1:4222';
const natsUp = await new Promise<boolean>((resolve) => {
  const u = new URL(NATS_URL);
  const socket = connectTcp(Number(u.port || 4222), u.hostname);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(process.env.REQUIRE_CLUSTER_TESTS === '1'));
});

describe('work handed to the leader', () => {
  it('is done at once by a process alone', async () => {
    const done: number[] = [];
    const work = new LeaderWork({
      leader: new Leader({ databaseUrl: null, log }),
      nats: null,
      prefix: 'x',
      log,
    });
    const send = work.on('balance', (id) => {
      done.push(id);
      return Promise.resolve();
    });
    await send(7);
    expect(done).toEqual([7]);
  });

  it.skipIf(!natsUp)('is done by the leader when another process hears of it (NATS)', async () => {
    const prefix = `test_${randomBytes(4).toString('hex')}`;
    const [ncLeader, ncOther] = await Promise.all([
      connect({ servers: NATS_URL }),
      connect({ servers: NATS_URL }),
    ]);
    // A process that never took the lock: not the leader.
    const follower = new Leader({ databaseUrl: 'postgres://unused.invalid/x', log });
    const done: string[] = [];
    const make = (leader: Leader, nc: typeof ncLeader, name: string) => {
      const work = new LeaderWork({ leader, nats: nc, prefix, log });
      return {
        work,
        send: work.on('balance', (id) => {
          done.push(`${name} ${id}`);
          return Promise.resolve();
        }),
      };
    };
    const lead = make(new Leader({ databaseUrl: null, log }), ncLeader, 'leader');
    const other = make(follower, ncOther, 'follower');
    try {
      await ncLeader.flush();
      await other.send(42);
      await lead.send(43);
      await until(() => done.length >= 2);
      await new Promise((r) => setTimeout(r, 200));
      expect(done.sort()).toEqual(['leader 42', 'leader 43']);
    } finally {
      lead.work.close();
      other.work.close();
      await Promise.all([ncLeader.close(), ncOther.close()]);
    }
  });
});
