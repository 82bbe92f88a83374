import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import ocppRpc from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client.js';
import type { Db, Tx } from '../db/client.js';
import type {
  ChargersOcpp,
  OcppChargePoint,
  StatusReport,
} from '../modules/charge-points/charge-points.ocpp.js';
import type { DiagnosticsOcpp } from '../modules/diagnostics/diagnostics.ocpp.js';
import type { DriversOcpp } from '../modules/drivers/drivers.ocpp.js';
import type { MaintenanceOcpp } from '../modules/maintenance/maintenance.ocpp.js';
import type { SecurityOcpp } from '../modules/security/security.ocpp.js';
import type { FirmwareOcpp } from '../modules/firmware/firmware.ocpp.js';
import type { SmartChargingOcpp } from '../modules/smart-charging/smart-charging.ocpp.js';
import type { BookingsOcpp } from '../modules/bookings/bookings.ocpp.js';
import type { CertificateSigningOcpp } from '../modules/security/certificate-signing.ocpp.js';
import type { SessionsOcpp } from '../modules/sessions/sessions.ocpp.js';
import type { SessionTransactions } from '../modules/sessions/sessions.transactions.js';
import type { ChargerLimitsOcpp } from '../modules/charger-limits/charger-limits.ocpp.js';
import type { DeviceModelOcpp } from '../modules/device-model/device-model.ocpp.js';
import type { TariffCost } from './v201/tariff-cost.js';
import type { CaliforniaPricing } from './v16/california-pricing.js';
import type { CustomerInformationOcpp } from '../modules/customer-information/customer-information.ocpp.js';
import type { DisplayMessagesOcpp } from '../modules/display-messages/display-messages.ocpp.js';
import type { MonitoringOcpp } from '../modules/monitoring/monitoring.ocpp.js';
import { GroupCommit, type Lane } from '../lib/coalescer.js';
import type { Metrics } from '../lib/metrics.js';
import { CLOSE_REASONS } from '../lib/close-cause.js';
import type { NatsConnection } from '@nats-io/transport-node';
import { LocalGateway, type ChargerGateway } from './gateway.js';
import { NatsGateway } from './nats-gateway.js';
import { OcppMessageLog } from './message-log.js';
import { DEFAULT_OCPP_LIMITS, limitConnection, type OcppLimits } from './call-limits.js';
import { isRpcError, rpcError } from './rpc-error.js';
import { Handshake, SUBPROTOCOLS, type OcppProtocol, type Session } from './handshake.js';
import { servePendingCharger } from './pending-client.js';
import { SerialQueue } from './serial-queue.js';
import { ocpp16Validator, ocpp201Validator } from './validator.js';
import type { HandlerContext } from './context.js';
import { ADAPTERS } from './adapters.js';
import { ocppEndpoint } from '../lib/ocpp-endpoint.js';
import { v16CallTarget, v201CallTarget } from './v201/commands.js';
import { dbLookups } from './v201/lookups.js';
import type { V201Lookups } from './v201/commands/context.js';
import { connectionWitness } from '../lib/charger-clock.js';

export interface CentralSystemOptions {
  /** The message log's database. */
  db: Db;
  /**
   * The group commit heartbeats and status reports share with the sessions' meter values
   * (services.ts); its own when absent.
   */
  writes?: GroupCommit<Tx>;
  chargers: ChargersOcpp;
  drivers: DriversOcpp;
  sessions: SessionsOcpp;
  /** Sessions from transaction events (OCPP 2.0.1). */
  transactions?: SessionTransactions;
  /** The device model 2.0.1 chargers report (NotifyReport). */
  deviceModel?: DeviceModelOcpp;
  /** Prices and running costs 2.0.1 chargers show (I02/I03). */
  tariffCost?: TariffCost;
  /** Prices and costs 1.6 chargers show (the OCA California Pricing DataTransfers). */
  californiaPricing?: CaliforniaPricing;
  /** Data-protection requests' answers (NotifyCustomerInformation). */
  customerInformation?: CustomerInformationOcpp;
  /** The display messages 2.0.1 chargers report (NotifyDisplayMessages). */
  displayMessages?: DisplayMessagesOcpp;
  /** Profiles, external limits and car needs 2.0.1 chargers report. */
  chargerLimits?: ChargerLimitsOcpp;
  monitoring?: MonitoringOcpp;
  diagnostics?: DiagnosticsOcpp;
  maintenance: MaintenanceOcpp;
  firmware?: FirmwareOcpp;
  smartCharging?: SmartChargingOcpp;
  /** Bookings the chargers' own reservation ends end (2.0.1 ReservationStatusUpdate). */
  bookings?: BookingsOcpp;
  security: SecurityOcpp;
  /** Security profiles and certificates; absent where not wired (some unit tests). */
  certificates?: CertificateSigningOcpp;
  log: FastifyBaseLogger;
  nodeId: string;
  callTimeoutMs: number;
  /** How long a StopTransaction is retried while the database is unavailable (default 20 s). */
  stopRetryMs?: number;
  /** A process silent this long is gone: a command through it is answered "not connected". */
  nodeTimeoutMs?: number;
  logRetentionDays: number;
  /** Prometheus metrics; absent in some unit tests. */
  metrics?: Metrics;
  /** Several processes: commands for chargers held elsewhere go through NATS (NATS_URL). */
  nats?: { connection: NatsConnection; prefix: string } | null;
  /** Whether this process runs the background jobs (the message log's pruning among them). */
  isLeader?: () => boolean;
  /**
   * Chargers with an id no operator has: held as pending for an Admin (`hold`), or refused; either
   * way at most `perAddressPerMinute` such handshakes an address, the rest refused and not stored.
   * At most `maxPending` are held at once (a new id past it is refused). Default: refused, 30 a
   * minute, 1,000.
   */
  unknownChargers?: { hold: boolean; perAddressPerMinute: number; maxPending?: number };
  /** Frame size and concurrent CALLs per connection (call-limits.ts); defaults when absent. */
  limits?: OcppLimits;
  /** The most of one frame the message log keeps (OCPP_LOG_FRAME_BYTES). */
  logFrameBytes?: number;
  /** PUBLIC_URL: where chargers are told to connect (A05's new network profile). */
  publicUrl?: string;
}

const { RPCServer } = ocppRpc;

/**
 * The OCPP endpoint at /ocpp/{chargePointId}, for OCPP 1.6J and 2.0.1 chargers alike (the
 * subprotocol decides): authenticates chargers at the handshake, runs each incoming CALL through
 * its version's handler (adapters.ts), logs every frame, and holds the sockets the command gateway
 * calls through.
 */
export class CentralSystem {
  /** Sockets this process holds. */
  readonly local: LocalGateway;
  /** Commands to any charger of the network: the local gateway, or the cluster's through NATS. */
  readonly gateway: ChargerGateway;
  private readonly cluster: NatsGateway | null;
  readonly messageLog: OcppMessageLog;
  private readonly heartbeats: Lane<number>;
  private readonly statuses: Lane<StatusReport>;
  private readonly rpc: InstanceType<typeof RPCServer>;
  private readonly sockets = new Map<string, RpcServerClient>();
  private pruneTimer: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly handshake: Handshake;
  private readonly lookups: V201Lookups;

  constructor(private readonly o: CentralSystemOptions) {
    this.local = new LocalGateway(o.callTimeoutMs, o.metrics);
    this.cluster = o.nats
      ? new NatsGateway(this.local, o.nats.connection, {
          nodeId: o.nodeId,
          prefix: o.nats.prefix,
          callTimeoutMs: o.callTimeoutMs,
          nodeTimeoutMs: o.nodeTimeoutMs ?? 15_000,
          log: o.log,
          metrics: o.metrics,
        })
      : null;
    this.gateway = this.cluster ?? this.local;
    this.messageLog = new OcppMessageLog(o.db, o.log, o.metrics, {
      flushMs: 200,
      maxBatch: 2000,
      maxFrameBytes: o.logFrameBytes ?? 16_384,
    });
    this.handshake = new Handshake({ ...o, messageLog: this.messageLog });
    this.lookups = dbLookups(o.db);
    const writes = o.writes ?? new GroupCommit<Tx>((write) => o.db.transaction(write));
    // Each writes one statement: a batch of one kind alone needs no transaction.
    this.statuses = writes.lane((tx, reports) => o.chargers.recordStatuses(reports, tx), {
      oneStatement: true,
    });
    this.heartbeats = writes.lane((tx, ids) => o.chargers.recordHeartbeats(ids, tx), { oneStatement: true });
    this.rpc = new RPCServer({
      protocols: [...SUBPROTOCOLS],
      strictMode: true,
      strictModeValidators: [ocpp16Validator() as never, ocpp201Validator() as never],
      callTimeoutMs: o.callTimeoutMs,
      pingIntervalMs: 60_000,
      deferPingsOnActivity: true,
      respondWithDetailedErrors: false,
      callConcurrency: 1,
      // A larger frame closes the connection with 1009 before it is read whole (ws: 100 MiB).
      wssOptions: { maxPayload: (o.limits ?? DEFAULT_OCPP_LIMITS).maxFrameBytes },
    });
    this.rpc.auth((accept, reject, handshake) => {
      // ocpp-rpc's own parse of the Basic header is a view into one of Node's shared 8 KiB buffer
      // slabs, and the handshake lives as long as the socket: each charger held a slab (6 KiB a
      // connection, issue #17), and its password. Voltline reads the password from the header.
      handshake.password = undefined;
      this.handshake.authenticate(handshake).then(
        (r) => (r.ok ? accept(r.session) : reject(r.code, r.reason)),
        (err: unknown) => {
          o.log.error({ err, identity: handshake.identity }, 'OCPP handshake failed');
          reject(500, 'Internal error');
        },
      );
    });
    this.rpc.on('client', (client: RpcServerClient) =>
      'pending' in (client.session as Session)
        ? servePendingCharger(client, o.chargers, (err) =>
            o.log.error({ err, identity: client.identity }, 'pending charger'),
          )
        : this.onClient(client),
    );
  }

  async start(server: Server) {
    await this.o.chargers.disconnectAllOfNode(this.o.nodeId);
    this.messageLog.start();
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (!path.startsWith('/ocpp/')) {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      void this.rpc.handleUpgrade(req, socket as never, head);
    });
    // One process of a cluster prunes: the one leading the background jobs.
    const prune = () => {
      if (this.o.isLeader && !this.o.isLeader()) return;
      void this.messageLog
        .prune(this.o.logRetentionDays)
        .catch((err: unknown) => this.o.log.error({ err }, 'OCPP log prune failed'));
    };
    prune();
    this.pruneTimer = setInterval(prune, 3_600_000);
    this.pruneTimer.unref();
  }

  async stop() {
    this.stopping = true;
    clearInterval(this.pruneTimer);
    await this.rpc.close({ code: 1001, reason: CLOSE_REASONS.serverStopped, force: true });
    // One statement for every charger this process held: one per socket (10,000 of them) queued
    // ahead of the message log's last flush and outlasted the shutdown timeout.
    await this.o.chargers
      .disconnectAllOfNode(this.o.nodeId, `1001 ${CLOSE_REASONS.serverStopped}`)
      .catch((err: unknown) => this.o.log.error({ err }, 'could not record disconnections'));
    await this.messageLog.stop();
  }

  connectedCount() {
    return this.sockets.size;
  }

  /** Database ids of the chargers whose sockets this process holds. */
  heldIds(): number[] {
    return [...this.sockets.values()].map((c) => (c.session as { cp: OcppChargePoint }).cp.id);
  }

  private onClient(client: RpcServerClient) {
    const cp = (client.session as { cp: OcppChargePoint }).cp;
    const protocol = client.protocol as OcppProtocol;
    const adapter = ADAPTERS[protocol];
    const key = cp.chargePointId.toLowerCase();
    // A child logger costs about half a KiB a connection (its bindings and level methods, issue
    // #17), and most connections never log more than their connecting and closing: made when needed.
    let childLog: FastifyBaseLogger | undefined;
    const log = () => (childLog ??= this.o.log.child({ chargePointId: cp.chargePointId }));
    const chargePointId = cp.chargePointId;
    // Everything below is attached before the first message is read.
    const limits = limitConnection(client, this.o.limits ?? DEFAULT_OCPP_LIMITS, {
      metrics: this.o.metrics,
      note: (payload) => this.messageLog.note(chargePointId, 'Limit', payload),
      warn: (payload, text) => log().warn(payload, text),
    });
    client.on('message', ({ message, outbound }: { message: Buffer | string; outbound: boolean }) => {
      // Frames still read from a connection closed for flooding are counted, not logged.
      if (limits.closing) return this.o.metrics?.ocppFramesUnlogged.inc();
      this.messageLog.frame(cp.chargePointId, message.toString(), outbound);
    });
    // Each charger hears CALLERROR codes as its OCPP version spells them (adapters.ts). Only a
    // CALLERROR (a frame starting `[4,`) is looked at.
    const sendRaw = client.sendRaw.bind(client);
    client.sendRaw = (message: string) =>
      sendRaw(message.startsWith('[4,') ? adapter.callError(message) : message);
    client.on('strictValidationFailure', (e: { method: string; outbound: boolean; error: Error }) =>
      log().warn({ action: e.method, outbound: e.outbound, error: e.error.message }, 'OCPP schema violation'),
    );
    const ctx: HandlerContext = {
      cp,
      link: connectionWitness(cp),
      chargers: this.o.chargers,
      drivers: this.o.drivers,
      sessions: this.o.sessions,
      transactions: this.o.transactions,
      deviceModel: this.o.deviceModel,
      customerInformation: this.o.customerInformation,
      tariffCost: this.o.tariffCost,
      californiaPricing: this.o.californiaPricing,
      displayMessages: this.o.displayMessages,
      chargerLimits: this.o.chargerLimits,
      monitoring: this.o.monitoring,
      diagnostics: this.o.diagnostics,
      maintenance: this.o.maintenance.forConnection(),
      firmware: this.o.firmware,
      smartCharging: this.o.smartCharging,
      bookings: this.o.bookings,
      security: this.o.security,
      certificates: this.o.certificates,
      heartbeats: this.heartbeats,
      statuses: this.statuses,
      stopRetryMs: this.o.stopRetryMs ?? 20_000,
      get log() {
        return log();
      },
    };
    const queue = new SerialQueue();
    // Each CALL passes the connection's bound of concurrent CALLs first (call-limits.ts).
    const handleCall = async ({ method, params }: { method?: string; params?: unknown }) => {
      const handler = method ? adapter.handlers[method] : undefined;
      if (!handler) throw rpcError('NotImplemented', `${method ?? 'This action'} is not supported`);
      if (
        adapter.beforeAcceptance &&
        cp.registrationStatus !== 'accepted' &&
        !adapter.beforeAcceptance.has(method ?? '')
      ) {
        throw rpcError(
          'SecurityError',
          'This charging station is not accepted yet: only BootNotification may be sent',
        );
      }
      const run = () => handler(params as never, ctx);
      const done = this.o.metrics?.handler(method ?? '');
      try {
        const answer = (await (adapter.ordered.has(method ?? '') ? queue.run(run) : run())) as Record<
          string,
          unknown
        >;
        done?.('answered');
        return answer;
      } catch (err) {
        if (isRpcError(err)) {
          done?.('callError');
          throw err;
        }
        done?.('failed');
        log().error({ err, action: method }, 'OCPP handler failed');
        throw rpcError('InternalError', 'The central system could not process this message');
      }
    };
    client.handle((call) => limits.run(() => handleCall(call)));

    const previous = this.sockets.get(key);
    this.sockets.set(key, client);
    // Commands reach the charger through its version's adapter: the network's command language
    // translated for a 2.0.1 charger, 2.0.1's own actions refused for a 1.6 one.
    this.local.clients.set(
      key,
      protocol === 'ocpp2.0.1'
        ? v201CallTarget(client, cp, this.lookups, (profile) =>
            ocppEndpoint(this.o.publicUrl ?? 'http://localhost:3000', profile),
          )
        : v16CallTarget(client, cp),
    );
    if (previous) void previous.close({ code: 1000, reason: CLOSE_REASONS.replaced });
    // Every other process closes an older socket of this charger.
    this.cluster?.attach(key, async () => {
      await client.close({ code: 1000, reason: CLOSE_REASONS.replaced });
    });
    void this.o.chargers
      .markConnected(cp.id, this.o.nodeId, client.handshake.remoteAddress ?? null, protocol)
      .then(async () => {
        // A charger that now speaks another OCPP version (a firmware upgrade) keeps its record.
        if (cp.ocppProtocol !== protocol) await this.o.chargers.protocolChanged(cp, protocol);
        this.o.firmware?.connected(cp.id, cp.registrationStatus === 'accepted');
        this.o.smartCharging?.connected(cp.id);
      })
      .catch((err: unknown) => log().error({ err }, 'could not record connection'));
    this.o.log.info({ chargePointId, protocol }, 'charger connected');

    client.once('close', ({ code, reason }: { code?: number; reason?: string }) => {
      if (this.sockets.get(key) !== client) return; // replaced: the new socket owns the state
      this.sockets.delete(key);
      this.local.clients.delete(key);
      this.cluster?.detach(key);
      this.messageLog.forget(cp.chargePointId);
      if (this.stopping) return; // stop() records every disconnection at once
      void this.o.chargers
        .markDisconnected(cp.id, this.o.nodeId, `${code ?? ''} ${reason ?? ''}`.trim())
        .then(() => this.o.smartCharging?.disconnected(cp.id))
        .catch((err: unknown) => log().error({ err }, 'could not record disconnection'));
      this.o.log.info({ chargePointId, code, reason }, 'charger disconnected');
    });
  }
}
