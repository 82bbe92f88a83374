CREATE TABLE "cluster_nodes" (
	"node_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cluster_nodes_seen_at_idx" ON "cluster_nodes" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "charge_points_connected_node_idx" ON "charge_points" USING btree ("connected_node") WHERE "charge_points"."connected_node" IS NOT NULL;