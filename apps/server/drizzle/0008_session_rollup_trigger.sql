-- Written by hand: Drizzle cannot express functions or triggers.
-- Keeps session_stats, charge_point_usage and session_stats_meta (migration 0007) in step with
-- every closed session (stop time set, state not active): a trigger adds a closed session once,
-- takes the old figures out and puts the new ones in when a closed session changes, and takes a
-- deleted one out, in the transaction that made the change. Running sessions stay out: the
-- dashboard reads them live, so MeterValues never touch a rollup row.

-- sign is +1 to add the session, -1 to take it out. A session counts for at most 400 days of use.
CREATE OR REPLACE FUNCTION session_rollup_apply(s charging_sessions, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  stop timestamptz := least(s.stopped_at, s.started_at + interval '400 days');
  day_start timestamptz := date_trunc('day', s.started_at, 'UTC');
BEGIN
  INSERT INTO session_stats AS t (operator_id, bucket, sessions, energy_wh, revenue)
  VALUES (
    s.operator_id,
    date_bin('15 minutes', s.started_at, timestamptz '2000-01-01 00:00:00+00'),
    sign,
    sign * coalesce(s.energy_wh, greatest(coalesce(s.last_meter_wh, s.meter_start) - s.meter_start, 0)),
    sign * coalesce(s.cost, 0)
  )
  ON CONFLICT (bucket, operator_id) DO UPDATE SET
    sessions = t.sessions + excluded.sessions,
    energy_wh = t.energy_wh + excluded.energy_wh,
    revenue = t.revenue + excluded.revenue;

  -- A session stopped before it started (a charger's clock) uses no time.
  WHILE day_start < stop AND s.started_at < stop LOOP
    INSERT INTO charge_point_usage AS u (charge_point_id, day, seconds)
    VALUES (
      s.charge_point_id,
      (day_start AT TIME ZONE 'UTC')::date,
      sign * extract(epoch FROM least(stop, day_start + interval '24 hours') - greatest(s.started_at, day_start))
    )
    ON CONFLICT (day, charge_point_id) DO UPDATE SET seconds = u.seconds + excluded.seconds;
    day_start := day_start + interval '24 hours';
  END LOOP;

  IF sign > 0 AND stop > s.started_at THEN
    UPDATE session_stats_meta SET longest_seconds = extract(epoch FROM stop - s.started_at)
    WHERE id = 1 AND longest_seconds < extract(epoch FROM stop - s.started_at);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.stopped_at IS NOT NULL AND OLD.state <> 'active' THEN
    PERFORM session_rollup_apply(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.stopped_at IS NOT NULL AND NEW.state <> 'active' THEN
    PERFORM session_rollup_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The WHEN clauses keep the function out of the hot path: updates of running sessions (live meter
-- figures) and of closed sessions' other columns (driver, notes) do not call it.
CREATE TRIGGER charging_sessions_rollup_insert AFTER INSERT ON charging_sessions FOR EACH ROW
  WHEN (NEW.stopped_at IS NOT NULL AND NEW.state <> 'active')
  EXECUTE FUNCTION session_rollup();
--> statement-breakpoint
CREATE TRIGGER charging_sessions_rollup_update AFTER UPDATE ON charging_sessions FOR EACH ROW
  WHEN (((OLD.stopped_at IS NOT NULL AND OLD.state <> 'active') OR (NEW.stopped_at IS NOT NULL AND NEW.state <> 'active'))
    AND (OLD.state, OLD.operator_id, OLD.charge_point_id, OLD.started_at, OLD.stopped_at, OLD.meter_start,
         OLD.energy_wh, OLD.last_meter_wh, OLD.cost)
      IS DISTINCT FROM (NEW.state, NEW.operator_id, NEW.charge_point_id, NEW.started_at, NEW.stopped_at, NEW.meter_start,
         NEW.energy_wh, NEW.last_meter_wh, NEW.cost))
  EXECUTE FUNCTION session_rollup();
--> statement-breakpoint
CREATE TRIGGER charging_sessions_rollup_delete AFTER DELETE ON charging_sessions FOR EACH ROW
  WHEN (OLD.stopped_at IS NOT NULL AND OLD.state <> 'active')
  EXECUTE FUNCTION session_rollup();
--> statement-breakpoint
-- The sessions already stored.
INSERT INTO session_stats (operator_id, bucket, sessions, energy_wh, revenue)
SELECT operator_id, date_bin('15 minutes', started_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
  sum(coalesce(energy_wh, greatest(coalesce(last_meter_wh, meter_start) - meter_start, 0))), sum(coalesce(cost, 0))
FROM charging_sessions WHERE stopped_at IS NOT NULL AND state <> 'active'
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO charge_point_usage (charge_point_id, day, seconds)
SELECT s.charge_point_id, (d AT TIME ZONE 'UTC')::date,
  sum(extract(epoch FROM least(s.stop, d + interval '24 hours') - greatest(s.started_at, d)))
FROM (
  SELECT charge_point_id, started_at, least(stopped_at, started_at + interval '400 days') AS stop
  FROM charging_sessions WHERE stopped_at IS NOT NULL AND state <> 'active' AND stopped_at > started_at
) s,
LATERAL generate_series(date_trunc('day', s.started_at, 'UTC'), s.stop - interval '1 microsecond', interval '24 hours') d
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO session_stats_meta (id, longest_seconds)
SELECT 1, coalesce(max(extract(epoch FROM least(stopped_at, started_at + interval '400 days') - started_at)), 0)
FROM charging_sessions WHERE stopped_at IS NOT NULL AND state <> 'active' AND stopped_at > started_at;
