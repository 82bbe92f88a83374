-- Open data (issue #31, EU AFIR Art. 20): an operator chooses to publish its charge points (and
-- those of its sub-operators) and their tariffs on the public, unauthenticated /api/public routes.
ALTER TABLE "operators" ADD COLUMN "publish_open_data" boolean DEFAULT false NOT NULL;
