import { PendingChargePointsService } from './modules/charge-points/pending.service.js';
import path from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Ocpp, PublicConfig } from '@voltline/contract';
import type { Config } from './config.js';
import type { Database, Tx } from './db/client.js';
import { GroupCommit } from './lib/coalescer.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import { Metrics } from './lib/metrics.js';
import { TokenService } from './lib/tokens.js';
import { ApiKeyAuth } from './modules/api-keys/api-key-auth.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createRoaming } from './modules/roaming/roaming.wiring.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { AuditService } from './modules/audit/audit.query.js';
import { RegistrationLinks } from './modules/auth/registration-link.js';
import { AuthService } from './modules/auth/auth.service.js';
import { ChargersOcpp } from './modules/charge-points/charge-points.ocpp.js';
import { ChargePointsService } from './modules/charge-points/charge-points.service.js';
import { ConnectorsService } from './modules/charge-points/connectors.service.js';
import { ChargePointInsights } from './modules/charge-points/insights.service.js';
import { ReferenceService } from './modules/charge-points/reference.service.js';
import { BookingsService, bookingStarts } from './modules/bookings/bookings.service.js';
import { BookingsOcpp } from './modules/bookings/bookings.ocpp.js';
import { CommandsService } from './modules/commands/commands.service.js';
import { RawCallsService } from './modules/commands/raw-calls.service.js';
import { BulkService } from './modules/bulk/bulk.service.js';
import { RemoteStartOutcomes } from './modules/commands/remote-start.js';
import { authorizeVerdicts } from './ocpp/authorize-answers.js';
import { SearchService } from './modules/search/search.service.js';
import { localListLimits } from './ocpp/local-list-limits.js';
import { TariffCost } from './ocpp/v201/tariff-cost.js';
import { CaliforniaPricing } from './ocpp/v16/california-pricing.js';
import { CustomerInformationOcpp } from './modules/customer-information/customer-information.ocpp.js';
import { CustomerInformationService } from './modules/customer-information/customer-information.service.js';
import { DiagnosticsOcpp } from './modules/diagnostics/diagnostics.ocpp.js';
import { DiagnosticsService } from './modules/diagnostics/diagnostics.service.js';
import { DriverDetailsService } from './modules/drivers/driver-details.service.js';
import { MaintenanceOcpp } from './modules/maintenance/maintenance.ocpp.js';
import { MaintenanceService } from './modules/maintenance/maintenance.service.js';
import { UptimeService } from './modules/uptime/uptime.service.js';
import { LocalFileStore } from './modules/files/file-store.js';
import { FilesService } from './modules/files/files.service.js';
import { LinkSigner } from './modules/files/links.js';
import { CampaignsService } from './modules/firmware/campaigns.service.js';
import { DeviceFirmwareService } from './modules/firmware/devices.service.js';
import { FirmwareOcpp } from './modules/firmware/firmware.ocpp.js';
import { FirmwareService } from './modules/firmware/firmware.service.js';
import { FirmwareRollout } from './modules/firmware/rollout.js';
import { DriversOcpp } from './modules/drivers/drivers.ocpp.js';
import { DriversService } from './modules/drivers/drivers.service.js';
import { HealthService } from './modules/health/health.service.js';
import { OcppLogsService } from './modules/ocpp-logs/ocpp-logs.service.js';
import { EventFeedService } from './modules/events/feed.service.js';
import { OperatorsService } from './modules/operators/operators.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { SecurityOcpp } from './modules/security/security.ocpp.js';
import { pncProvider } from './modules/security/pnc-provider.js';
import { SecurityService } from './modules/security/security.service.js';
import { CERTIFICATE_COMMANDS, prepareCertificateCommand } from './modules/security/certificates.commands.js';
import { CertificateAuthority } from './modules/security/certificate-authority.js';
import { CertificateSigningOcpp } from './modules/security/certificate-signing.ocpp.js';
import { CertificateRenewal } from './modules/security/certificate-renewal.js';
import { SecurityProfiles } from './modules/security/security-profiles.service.js';
import { NetworkProfiles } from './modules/security/network-profiles.service.js';
import { ChargerLimitsOcpp } from './modules/charger-limits/charger-limits.ocpp.js';
import { ChargerLimitsService } from './modules/charger-limits/charger-limits.service.js';
import { DeviceModelOcpp } from './modules/device-model/device-model.ocpp.js';
import { DisplayMessagesOcpp } from './modules/display-messages/display-messages.ocpp.js';
import { DisplayMessagesService } from './modules/display-messages/display-messages.service.js';
import { PayCodeDisplays } from './modules/display-messages/pay-codes.js';
import { displayTextFormat } from './modules/device-model/display-ability.js';
import { MonitoringOcpp } from './modules/monitoring/monitoring.ocpp.js';
import { MonitoringService } from './modules/monitoring/monitoring.service.js';
import { DeviceModelService } from './modules/device-model/device-model.service.js';
import { SessionTransactions } from './modules/sessions/sessions.transactions.js';
import { SessionsOcpp } from './modules/sessions/sessions.ocpp.js';
import { Balancer } from './modules/smart-charging/balancer.js';
import { SmartChargingOcpp } from './modules/smart-charging/smart-charging.ocpp.js';
import { SmartChargingService } from './modules/smart-charging/smart-charging.service.js';
import { activeSessionCounts, hasActiveSession } from './modules/sessions/sessions.repository.js';
import { ReceiptsService } from './modules/receipts/receipts.service.js';
import { StickersService } from './modules/stickers/stickers.service.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { tariffFitsChargePoint } from './modules/tariffs/tariffs.repository.js';
import { groupOfChargePoint } from './modules/smart-charging/smart-charging.repository.js';
import { TariffsService } from './modules/tariffs/tariffs.service.js';
import { createOperatorWithOwner, userInReach } from './modules/users/registration.js';
import { UsersService } from './modules/users/users.service.js';
import { CentralSystem } from './ocpp/central-system.js';
import { ClusterNodes } from './cluster/nodes.js';
import { Leader } from './cluster/leader.js';
import { LeaderWork } from './cluster/leader-work.js';
import { VERSION } from './version.js';
import { IntegrationRetention } from './modules/webhooks/retention.js';
import { WebhookWorker } from './modules/webhooks/worker.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { createPaymentProviders } from './modules/payment-providers/registry.js';
import { dbLedger } from './modules/adhoc/adhoc.repository.js';
import { AdhocPayments } from './modules/adhoc/adhoc.service.js';
import { AlertsService } from './modules/alerts/alerts.service.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** The CA chargers' certificates are signed by (app.ts builds it first: the TLS server trusts it). */
  authority?: CertificateAuthority;
  /** The cluster's NATS link (NATS_URL); none for a single process. */
  nats?: NatsConnection | null;
}

/**
 * The composition root: every service is built here, once, from what it uses. The HTTP routes
 * and the OCPP endpoint receive the same instances, and a test can build any of them without
 * HTTP. Lower modules learn about higher ones only through the narrow functions wired here.
 */
export function createServices({
  config,
  database,
  mailer,
  log,
  clock = systemClock,
  authority = new CertificateAuthority(config.ca),
  nats = null,
}: ServiceDeps) {
  const { db } = database;
  // One process of a cluster runs the background jobs: the holder of a PostgreSQL advisory lock.
  const nodeTimeoutMs = config.CLUSTER_NODE_TIMEOUT_SECONDS * 1000;
  const leader = new Leader({
    databaseUrl: database.kind === 'postgres' ? (config.DATABASE_URL ?? null) : null,
    log,
    retryMs: Math.max(500, Math.floor(nodeTimeoutMs / 3)),
  });
  // Balancing and campaign steps heard of by any process are done by the leader.
  const leaderWork = new LeaderWork({ leader, nats, prefix: config.NATS_SUBJECT_PREFIX, log });
  const tokens = new TokenService(
    config.JWT_SECRET,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.TOKEN_REFRESH_GRACE_SECONDS,
    clock,
  );
  // A StartTransaction with a reservationId uses its booking, in the start's own transaction.
  // Meter values, status reports, heartbeats, starts and stops of all chargers share transactions;
  // at light traffic the first waits up to 25 ms for others (a transaction per message cost most:
  // 1,000 chargers at 200 msg/s took 2.2 ms of CPU per message with 10 ms, 1.45 with 25, and 50
  // gained nothing more; docs/benchmarks.md), and a second transaction starts beside a running
  // one only for 100 items or more.
  const ocppWrites = new GroupCommit<Tx>(
    (write) => db.transaction(write),
    { maxBatch: 1000, concurrency: 2, waitMs: 25, spillAt: 100 },
    (write) => write(db),
  );
  const sessionsOcpp = new SessionsOcpp(db, bookingStarts, ocppWrites);
  // The same sessions as the chargers that report transaction events (OCPP 2.0.1) see them.
  const sessionTransactions = new SessionTransactions(db, bookingStarts, ocppWrites);
  const files = new FilesService({
    db,
    store: new LocalFileStore(path.join(config.DATA_DIR, 'files')),
    clock,
    log,
    links: new LinkSigner(config.JWT_SECRET),
    publicUrl: config.PUBLIC_URL,
    ftpHost: config.ftp.publicHost,
    maxUploadBytes: config.ftp.maxUploadBytes,
  });
  // The charger's side of diagnostics reaches the service lazily: the service needs the gateway.
  const diagnosticsOcpp: DiagnosticsOcpp = new DiagnosticsOcpp(db, {
    removeFiles: (tx, files, expire): Promise<void> => diagnostics.removeFiles(tx, files, expire),
  });
  // Firmware campaigns hear of chargers' statuses and boots from the OCPP side, and send through it.
  const firmwareOcpp: FirmwareOcpp = new FirmwareOcpp(
    db,
    {
      advance: leaderWork.on('campaignAdvance', (id) => rollout.advance(id)),
      reachable: leaderWork.on('campaignReachable', (id) => rollout.reachable(id)),
    },
    log,
  );
  // CertificateSigned goes out as a recorded command: the security side reaches the commands lazily.
  const certificates = new CertificateSigningOcpp({
    db,
    ca: authority,
    cpoName: config.ca.cpoName,
    send: (cp, action, payload, opts) => commands.sendRecorded(cp, action, payload, opts),
    log,
  });
  // The balancer hears of sessions and connections from the OCPP side and sends through the commands.
  const balancer: Balancer = new Balancer({
    db,
    clock,
    log,
    send: (cp, action, payload) =>
      commands.sendRecorded(cp, action, payload, { logged: payload, userId: null }),
  });
  const smartChargingOcpp = new SmartChargingOcpp(
    { nudgeChargePoint: leaderWork.on('balanceChargePoint', (id) => balancer.nudgeChargePoint(id)) },
    log,
  );
  const balanceGroup = leaderWork.on('balanceGroup', (id) => {
    balancer.nudge(id);
    return Promise.resolve();
  });
  // The leader reads each charger's group from a cache: a change of members made here clears it there.
  const membersChanged = leaderWork.on('groupMembersChanged', () => {
    balancer.membersChanged();
    return Promise.resolve();
  });
  const securityProfiles = new SecurityProfiles(db, clock, config.tls !== null, config.PUBLIC_URL);
  const deviceModelOcpp = new DeviceModelOcpp(db);
  const displayMessagesOcpp = new DisplayMessagesOcpp(db);
  const chargerLimitsOcpp = new ChargerLimitsOcpp(
    db,
    async (id) => (await groupOfChargePoint(db, id)) !== null,
    clock,
  );
  const metrics = new Metrics(config.nodeId);
  const driversOcpp = new DriversOcpp(db, config.DEFAULT_LOCALE);
  const ocpp = new CentralSystem({
    db,
    writes: ocppWrites,
    metrics,
    chargers: new ChargersOcpp(db),
    drivers: driversOcpp,
    sessions: sessionsOcpp,
    transactions: sessionTransactions,
    deviceModel: deviceModelOcpp,
    customerInformation: new CustomerInformationOcpp(db),
    // CostUpdated goes straight through the gateway: a running cost is no staff command to record.
    tariffCost: new TariffCost({
      db,
      clock,
      send: (chargePointId, payload): Promise<unknown> =>
        ocpp.gateway.call(chargePointId, 'CostUpdated', payload),
    }),
    // The 1.6 counterpart: DataTransfers of the OCA California Pricing note, also unrecorded.
    californiaPricing: new CaliforniaPricing({
      db,
      clock,
      log,
      send: (chargePointId, payload): Promise<Ocpp.DataTransferResponse> =>
        ocpp.gateway.call(chargePointId, 'DataTransfer', payload),
      getConfiguration: (chargePointId, key): Promise<Ocpp.GetConfigurationResponse> =>
        ocpp.gateway.call(chargePointId, 'GetConfiguration', { key }),
      // An ad-hoc session's receipt is on its payment's page (adhoc is made below, asked later).
      receiptUrl: (sessionId) => adhoc.receiptUrlOf(sessionId),
    }),
    displayMessages: displayMessagesOcpp,
    chargerLimits: chargerLimitsOcpp,
    monitoring: new MonitoringOcpp(db),
    diagnostics: diagnosticsOcpp,
    maintenance: new MaintenanceOcpp(db, log),
    firmware: firmwareOcpp,
    smartCharging: smartChargingOcpp,
    bookings: new BookingsOcpp(db),
    security: new SecurityOcpp(db, pncProvider(config)),
    certificates,
    log,
    nodeId: config.nodeId,
    callTimeoutMs: config.OCPP_CALL_TIMEOUT_SECONDS * 1000,
    stopRetryMs: config.OCPP_STOP_RETRY_SECONDS * 1000,
    nodeTimeoutMs,
    logRetentionDays: config.OCPP_LOG_RETENTION_DAYS,
    unknownChargers: {
      hold: config.OCPP_PENDING_CHARGERS,
      perAddressPerMinute: config.OCPP_UNKNOWN_PER_ADDRESS_PER_MINUTE,
      maxPending: config.OCPP_PENDING_CHARGERS_MAX,
    },
    limits: {
      maxFrameBytes: config.OCPP_MAX_FRAME_BYTES,
      maxPendingCalls: config.OCPP_MAX_PENDING_CALLS,
      floodCloseAfter: config.OCPP_FLOOD_CLOSE_AFTER,
    },
    logFrameBytes: config.OCPP_LOG_FRAME_BYTES,
    publicUrl: config.PUBLIC_URL,
    nats: nats ? { connection: nats, prefix: config.NATS_SUBJECT_PREFIX } : null,
    isLeader: () => leader.isLeader,
  });
  const nodes = new ClusterNodes({
    db,
    nodeId: config.nodeId,
    version: VERSION,
    timeoutMs: nodeTimeoutMs,
    log,
    held: () => ocpp.heldIds(),
  });
  const diagnostics = new DiagnosticsService({
    db,
    files,
    clock,
    log,
    isConnected: (id) => ocpp.gateway.isConnected(id),
  });
  files.onUploaded((file) => diagnosticsOcpp.fileArrived(file));
  const commands: CommandsService = new CommandsService(
    db,
    ocpp.gateway,
    config.nodeId,
    diagnostics,
    securityProfiles,
    {
      handles: (command) => CERTIFICATE_COMMANDS.has(command),
      prepare: (cp, command, request) => prepareCertificateCommand(db, cp, command, request),
    },
    localListLimits(db),
  );
  const deviceModel = new DeviceModelService(db, ocpp.gateway, commands, securityProfiles);
  const networkProfiles = new NetworkProfiles(db, commands, securityProfiles);
  const chargerLimits = new ChargerLimitsService(db, ocpp.gateway, commands, clock);
  // At each boot: the model asked for when unknown, else the pay codes shown (issue #30); a model
  // that comes in later shows them then.
  deviceModelOcpp.onAccepted = async (cp) => {
    await deviceModel.requestIfUnknown(cp);
    await payCodes.show(cp);
  };
  deviceModelOcpp.onFirstModel = (cp) => payCodes.show(cp);
  const rollout: FirmwareRollout = new FirmwareRollout({
    db,
    clock,
    commands,
    files,
    log,
    installAllowanceMs: config.FIRMWARE_INSTALL_MINUTES * 60_000,
  });
  const chargePointQueries = { hasActiveSession, activeSessionCounts, tariffFitsChargePoint };
  const publicConfig: PublicConfig = {
    registrationEnabled: config.REGISTRATION_ENABLED,
    defaultLocale: config.DEFAULT_LOCALE,
    version: VERSION,
    mapTileUrl: config.MAP_TILE_URL === 'none' ? null : config.MAP_TILE_URL,
    mapAttribution: config.MAP_TILE_ATTRIBUTION,
  };

  // Webhooks: every process sends (each delivery claimed by one), from deliveries stored first.
  const webhookWorker = new WebhookWorker({
    db,
    clock,
    mailer,
    log,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    pollMs: config.WEBHOOK_POLL_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    defaultLocale: config.DEFAULT_LOCALE,
    publicUrl: config.PUBLIC_URL,
  });

  metrics.observe({
    connectedChargers: () => ocpp.connectedCount(),
    pool: () => database.poolStats?.() ?? null,
    logQueueDepth: () => ocpp.messageLog.queueDepth,
    leader: () => leader.isLeader,
  });

  const chargePointsService = new ChargePointsService({
    db,
    publicUrl: config.PUBLIC_URL,
    chargers: ocpp.gateway,
    queries: chargePointQueries,
    approved: async (cp, userId) => {
      if (!(await ocpp.gateway.isConnected(cp.chargePointId))) return;
      const payload = { requestedMessage: 'BootNotification' as const };
      await commands.sendRecorded(cp, 'TriggerMessage', payload, { logged: payload, userId });
    },
  });
  const driversService = new DriversService(db);
  const connectorsService = new ConnectorsService(db, chargePointQueries);

  const sessionsService = new SessionsService({ db, clock, staleHours: config.SESSION_STALE_HOURS });
  const smartChargingService = new SmartChargingService({
    db,
    clock,
    balancer: {
      nudge: (id) => void balanceGroup(id),
      settled: (id) => balancer.settled(id),
      clear: (cps) => balancer.clear(cps),
      membersChanged: () => {
        balancer.membersChanged();
        void membersChanged(0);
      },
    },
    log,
    send: (cp, action, payload) =>
      commands.sendRecorded(cp, action, payload, { logged: payload, userId: null }),
  });

  // Ad-hoc payment (issue #30): the providers keep captures and refunds in the database ledger;
  // the sandbox tells the flow of each card at once, as a provider's webhook would.
  const paymentProviders = createPaymentProviders(config.payments, {
    publicUrl: config.PUBLIC_URL,
    ledger: dbLedger(db),
    secretSeed: config.JWT_SECRET,
    notify: (body, headers) => {
      adhoc
        .webhook('sandbox', body, headers)
        .catch((err: unknown) => log.error({ err }, 'sandbox webhook failed'));
    },
  });
  if (config.payments.defaultProvider === 'sandbox' && config.PUBLIC_URL.startsWith('https://')) {
    // A public address with the sandbox: strangers' charges are "paid" with test cards.
    log.warn(
      'PAYMENT_PROVIDER is sandbox: ad-hoc payments take test cards and no money. Choose stripe or iyzico for real payments (docs/payments.md).',
    );
  }
  const payCodes = new PayCodeDisplays({
    db,
    clock,
    log,
    providers: paymentProviders,
    publicUrl: config.PUBLIC_URL,
    displayFormat: (id) => displayTextFormat(db, id),
    send: (cp, action, payload) =>
      commands.sendRecorded(cp, action, payload, { logged: payload, userId: null }),
  });
  const receipts = new ReceiptsService({ db, clock, sessions: sessionsService, drivers: driversService });
  const adhoc: AdhocPayments = new AdhocPayments({
    db,
    clock,
    log,
    providers: paymentProviders,
    publicUrl: config.PUBLIC_URL,
    send: (cp, action, payload) =>
      commands.sendRecorded(cp, action, payload, { logged: payload, userId: null }),
    receipt: (language, sessionId) => receipts.ownReceipt(language, sessionId),
    mailer,
    startTimeoutSeconds: config.payments.adhoc.startTimeoutSeconds,
    cardTimeoutSeconds: config.payments.adhoc.cardTimeoutSeconds,
    showPaymentPage: (cp, evse, transactionId, path) => payCodes.showSession(cp, evse, transactionId, path),
  });
  // Roaming is the top layer: the OCPP side reaches its real-time authorization by one function.
  const roamingServices = createRoaming(db, clock, config, log, {
    isConnected: (id) => ocpp.gateway.isConnected(id),
    sendRecorded: (cp, action, payload, opts) => commands.sendRecorded(cp, action, payload, opts),
  });
  driversOcpp.roamingRealtime = roamingServices.roamingRealtime;
  return {
    bulk: new BulkService({
      db,
      chargePoints: chargePointsService,
      connectors: connectorsService,
      commands,
      drivers: driversService,
      driverDetails: new DriverDetailsService(db),
      sessions: sessionsService,
      smartCharging: smartChargingService,
    }),
    clock,
    tokens,
    apiKeys: new ApiKeysService(db, clock),
    ...roamingServices,
    apiKeyAuth: new ApiKeyAuth(db, clock),
    ocpp,
    rawCalls: new RawCallsService(db, ocpp.gateway, config.nodeId),
    metrics,
    leader,
    leaderWork,
    nodes,
    nats,
    sessionsOcpp,
    publicConfig,
    health: new HealthService(database, nats),
    auth: new AuthService({
      db,
      config,
      tokens,
      mailer,
      clock,
      createAccount: createOperatorWithOwner,
      registrationLinks: new RegistrationLinks(config.JWT_SECRET),
      log,
    }),
    users: new UsersService(db),
    audit: new AuditService(db, userInReach),
    operators: new OperatorsService(db),
    chargePoints: chargePointsService,
    pendingChargePoints: new PendingChargePointsService(db),
    connectors: connectorsService,
    insights: new ChargePointInsights(db),
    reference: new ReferenceService(db),
    tariffs: new TariffsService(db),
    drivers: driversService,
    driverDetails: new DriverDetailsService(db),
    customerInformation: new CustomerInformationService(db, (cp, action, payload, opts) =>
      commands.sendRecorded(cp, action, payload, opts),
    ),
    sessions: sessionsService,
    receipts,
    adhoc,
    stickers: new StickersService({ chargePoints: chargePointsService, publicUrl: config.PUBLIC_URL }),
    payments: new PaymentsService(db, undefined, (tx, line, amount, key, locale) =>
      adhoc.refundLine(tx, line, amount, key, locale),
    ),
    analytics: new AnalyticsService(db),
    commands,
    remoteStarts: new RemoteStartOutcomes(
      db,
      clock,
      config.REMOTE_START_TIMEOUT_SECONDS,
      (identity, idTag, since) => authorizeVerdicts(db, identity, idTag, since),
    ),
    search: new SearchService(db),
    bookings: new BookingsService({
      db,
      clock,
      send: (cp, action, payload, opts) => commands.sendRecorded(cp, action, payload, opts),
      isConnected: (id) => ocpp.gateway.isConnected(id),
    }),
    securityProfiles,
    networkProfiles,
    deviceModel,
    displayMessages: new DisplayMessagesService(db, (ctx, body) =>
      commands.send(ctx, 'setDisplayMessage', body),
    ),
    chargerLimits,
    monitoring: new MonitoringService(db, ocpp.gateway, commands),
    ocppLogs: new OcppLogsService(db, config.OCPP_LOG_FRAME_BYTES),
    eventFeed: new EventFeedService(db),
    maintenance: new MaintenanceService(db),
    uptime: new UptimeService(db),
    security: new SecurityService(db),
    certificateRenewal: new CertificateRenewal({
      db,
      clock,
      send: (cp, action, payload, opts) => commands.sendRecorded(cp, action, payload, opts),
    }),
    files,
    diagnostics,
    rollout,
    firmware: new FirmwareService({ db, store: files.store, maxBytes: config.FIRMWARE_MAX_MB * 1024 * 1024 }),
    campaigns: new CampaignsService(db, rollout, log),
    deviceFirmware: new DeviceFirmwareService(db),
    balancer,
    webhookWorker,
    integrationRetention: new IntegrationRetention({
      db,
      clock,
      eventDays: config.EVENTS_RETENTION_DAYS,
      deliveryDays: config.WEBHOOK_LOG_RETENTION_DAYS,
    }),
    webhooks: new WebhooksService({
      db,
      clock,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      nudge: () => webhookWorker.nudge(),
    }),
    smartCharging: smartChargingService,
    paymentProviders,
    alerts: new AlertsService({
      db,
      clock,
      mailer,
      log,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LOCALE,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
