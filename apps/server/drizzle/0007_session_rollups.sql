CREATE TABLE "charge_point_usage" (
	"charge_point_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" double precision NOT NULL,
	CONSTRAINT "charge_point_usage_day_charge_point_id_pk" PRIMARY KEY("day","charge_point_id")
);
--> statement-breakpoint
CREATE TABLE "session_stats" (
	"operator_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sessions" integer NOT NULL,
	"energy_wh" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "session_stats_bucket_operator_id_pk" PRIMARY KEY("bucket","operator_id")
);
--> statement-breakpoint
CREATE TABLE "session_stats_meta" (
	"id" integer PRIMARY KEY NOT NULL,
	"longest_seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "charging_sessions_live_idx" ON "charging_sessions" USING btree ("started_at") WHERE "charging_sessions"."stopped_at" IS NULL OR "charging_sessions"."state" = 'active';