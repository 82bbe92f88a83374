import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read at scrape time from the parts that hold it. */
export interface MetricsProbes {
  connectedChargers(): number;
  /** The database pool (PostgreSQL only): connections open, idle, and requests waiting for one. */
  pool(): { total: number; idle: number; waiting: number } | null;
  /** OCPP frames waiting to be written to the message log. */
  logQueueDepth(): number;
  /** Whether this process runs the background jobs. */
  leader(): boolean;
}

/** Seconds: from a fast heartbeat (1 ms) to a handler stuck behind the database (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics (`GET /metrics`): Node's own (CPU, memory, event loop, GC) and
 * Voltline's: chargers connected, OCPP frames per action, handler and command latency, the database
 * pool, the message log's queue and flushes. One registry per app, labelled with NODE_ID, so
 * several processes scraped together tell themselves apart and tests can build many apps.
 */
export class Metrics {
  readonly registry = new Registry();
  private probes: MetricsProbes | undefined;

  readonly ocppMessages = new Counter({
    name: 'voltline_ocpp_messages_total',
    help: 'OCPP frames crossing chargers’ sockets, by direction (in: from chargers), type and action',
    labelNames: ['direction', 'type', 'action'] as const,
    registers: [this.registry],
  });

  readonly handlerSeconds = new Histogram({
    name: 'voltline_ocpp_handler_seconds',
    help: 'Time from reading a charger’s CALL to having its answer, by action and outcome',
    labelNames: ['action', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly commands = new Counter({
    name: 'voltline_commands_total',
    help: 'Commands sent to chargers, by action, route (local: the charger’s socket is in this process) and outcome',
    labelNames: ['action', 'route', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly commandSeconds = new Histogram({
    name: 'voltline_command_round_trip_seconds',
    help: 'Time from sending a command to a charger to its answer, by route',
    labelNames: ['route'] as const,
    buckets: [...LATENCY_BUCKETS, 30, 60],
    registers: [this.registry],
  });

  readonly logFlushSeconds = new Histogram({
    name: 'voltline_message_log_flush_seconds',
    help: 'Time to write one batch of OCPP frames to the message log',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly logRowsWritten = new Counter({
    name: 'voltline_message_log_rows_written_total',
    help: 'OCPP frames written to the message log',
    registers: [this.registry],
  });

  readonly ocppLimitCloses = new Counter({
    name: 'voltline_ocpp_limit_closes_total',
    help: 'Charger connections closed for passing a limit: frameTooLarge (1009) or callFlood (1008)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly ocppCallsRefused = new Counter({
    name: 'voltline_ocpp_calls_refused_total',
    help: 'Chargers’ CALLs refused unhandled because too many of the same charger were in progress',
    registers: [this.registry],
  });

  readonly ocppFramesUnlogged = new Counter({
    name: 'voltline_ocpp_frames_unlogged_total',
    help: 'Frames read from a connection already being closed for flooding, counted but not logged',
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'voltline_background_job_runs_total',
    help: 'Background job runs in this process (only the leader runs them), by job',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  /**
   * Handshakes with an id no operator has, by outcome: pending (held for approval, one row per id),
   * limited (past the per-address limit: refused, nothing stored), full (a new id while the
   * pending list is full: refused), refused (pending chargers off).
   */
  readonly unknownChargers = new Counter({
    name: 'voltline_ocpp_unknown_charger_handshakes_total',
    help: 'Handshakes of chargers no operator has, by outcome (pending, limited, full, refused)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(nodeId: string) {
    this.registry.setDefaultLabels({ node: nodeId });
    collectDefaultMetrics({ register: this.registry, prefix: 'voltline_' });
    const probe = <T>(read: (p: MetricsProbes) => T, fallback: T): T =>
      this.probes ? read(this.probes) : fallback;
    new Gauge({
      name: 'voltline_connected_chargers',
      help: 'Chargers whose socket this process holds',
      registers: [this.registry],
      collect() {
        this.set(probe((p) => p.connectedChargers(), 0));
      },
    });
    new Gauge({
      name: 'voltline_leader',
      help: 'Whether this process runs the background jobs (1) or another process of the cluster does (0)',
      registers: [this.registry],
      collect() {
        this.set(probe((p) => (p.leader() ? 1 : 0), 0));
      },
    });
    new Gauge({
      name: 'voltline_message_log_queue_depth',
      help: 'OCPP frames read but not yet written to the message log',
      registers: [this.registry],
      collect() {
        this.set(probe((p) => p.logQueueDepth(), 0));
      },
    });
    new Gauge({
      name: 'voltline_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle, waiting: queries waiting for a connection)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = probe((p) => p.pool(), null);
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /** Connects the gauges to what they read (the central system and the database exist after the metrics). */
  observe(probes: MetricsProbes): void {
    this.probes = probes;
  }

  /** Starts a timer for a handler; call the result with the outcome when it has answered. */
  handler(action: string): (outcome: 'answered' | 'callError' | 'failed') => void {
    const end = this.handlerSeconds.startTimer({ action });
    return (outcome) => end({ outcome });
  }

  /** Starts a timer for a command; call the result with the outcome when it has ended. */
  command(action: string, route: 'local' | 'remote'): (outcome: string) => void {
    const started = performance.now();
    return (outcome) => {
      this.commands.inc({ action, route, outcome });
      if (outcome === 'answered' || outcome === 'callError') {
        this.commandSeconds.observe({ route }, (performance.now() - started) / 1000);
      }
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
