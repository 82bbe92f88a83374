import { and, arrayOverlaps, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { users, webhookEndpoints } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { translate } from '../../lib/messages.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { Dispatcher } from './dispatch.js';
import { claimDue, recordDelivered, recordTry, sendOnce } from './sender.js';

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  timeoutMs: number;
  pollMs: number;
  allowPrivate: boolean;
  defaultLocale: Locale;
  publicUrl: string;
}

/** Deliveries sent at once by one process. */
const PARALLEL = 200;

/**
 * Sends webhooks: in every process of a cluster, each pass stores deliveries for new events, then
 * claims due deliveries (one process each) and sends them. Everything it sends was stored first, so
 * a process that stops or dies loses nothing: an unfinished claim runs out and another pass resends.
 */
export class WebhookWorker {
  readonly dispatcher: Dispatcher;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: WorkerDeps) {
    this.dispatcher = new Dispatcher(deps.db);
  }

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Something new to send (a test event, a replay): a pass now rather than at the next poll. */
  nudge() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** One pass: dispatch, then send until nothing is due (tests call it to step the worker). */
  async tick(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.pass().finally(() => (this.running = null));
    await this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.tick()
        .catch((err: unknown) => this.deps.log.error({ err }, 'webhook pass failed'))
        .finally(() => {
          if (this.stopped) return;
          const next = this.again ? 0 : this.deps.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  private async pass() {
    const { db, clock } = this.deps;
    await this.dispatcher.run(clock.now());
    for (;;) {
      const batch = await claimDue(db, clock.now(), PARALLEL);
      if (batch.length === 0) return;
      const now = () => this.deps.clock.now();
      const opts = { timeoutMs: this.deps.timeoutMs, allowPrivate: this.deps.allowPrivate };
      const done = await Promise.all(
        batch.map(async (d) => ({ d, r: await sendOnce(d, { ...opts, now: now() }) })),
      );
      await recordDelivered(db, done, now());
      for (const { d, r } of done) {
        if (r.status !== null && r.status >= 200 && r.status < 300) continue;
        // One delivery's record failing must not keep the others' from being recorded.
        try {
          if (await recordTry(db, d, r, now())) await this.switchOff(d.endpointId);
        } catch (err) {
          this.deps.log.error({ err, deliveryId: d.id }, 'recording a webhook try failed');
        }
      }
      if (this.stopped) return;
    }
  }

  /** A day of failures without one success: the endpoint is switched off and its admins told. */
  private async switchOff(endpointId: number) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const endpoint = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning();
      if (!row) return null;
      await audit(tx, NO_USER, {
        action: 'webhook.switchedOff',
        entity: 'webhookEndpoint',
        entityId: row.id,
        subjectOperatorId: row.operatorId,
        summary: { url: row.url, failingSince: row.failingSince?.toISOString() ?? null },
      });
      return row;
    });
    if (!endpoint) return;
    const admins = await db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(
        and(
          eq(users.operatorId, endpoint.operatorId),
          eq(users.active, true),
          isNull(users.deletedAt),
          arrayOverlaps(users.roles, ['Admin', 'Main Operator']),
        ),
      );
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/portal/integrations/webhooks`;
    for (const admin of admins) {
      const locale: Locale =
        admin.locale === 'tr' || admin.locale === 'en' ? admin.locale : this.deps.defaultLocale;
      await this.deps.mailer
        .send({
          to: admin.email,
          subject: translate(locale, 'webhook.mail.switchedOffSubject'),
          text: translate(locale, 'webhook.mail.switchedOffText', { url: endpoint.url, link }),
        })
        .catch((err: unknown) => this.deps.log.error({ err }, 'webhook switch-off e-mail failed'));
    }
    this.deps.log.warn(
      { endpointId, url: endpoint.url },
      'webhook endpoint switched off after a day of failures',
    );
  }
}
