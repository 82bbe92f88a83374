CREATE TABLE "file_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"max_bytes" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"operator_id" integer NOT NULL,
	"charge_point_id" integer,
	"grant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_grants" ADD CONSTRAINT "file_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_grants_username_uq" ON "file_grants" USING btree ("username");--> statement-breakpoint
CREATE INDEX "file_grants_cp_idx" ON "file_grants" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE INDEX "file_grants_expires_idx" ON "file_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_uq" ON "stored_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "stored_files_cp_idx" ON "stored_files" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_operator_idx" ON "stored_files" USING btree ("operator_id","kind");