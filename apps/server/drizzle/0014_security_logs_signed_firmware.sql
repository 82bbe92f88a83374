CREATE SEQUENCE "public"."signed_firmware_request_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1 CYCLE;--> statement-breakpoint
DROP INDEX "firmware_targets_open_idx";--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD COLUMN "log_type" text;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "signing_certificate" text;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "signature" text;--> statement-breakpoint
CREATE INDEX "firmware_targets_open_idx" ON "firmware_campaign_targets" USING btree ("state") WHERE state not in ('confirmed','cancelled','DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut','InvalidCertificate','InvalidSignature','InstallVerificationFailed');