-- Tariffs as OCPI price components (issue #30). Every tariff stored before gets the components
-- that price a session exactly as its old fields did (componentsFromLegacy in the contract):
-- a FLAT fee when it has one, ENERGY up to limit_kwh at price_per_kwh, ENERGY beyond at the
-- over-limit price; a free tariff has no elements. Sessions keep their own snapshot and cost:
-- nothing here touches a past bill. A row written without components (an older seed or tool)
-- is read as the components derived from its fields, the same as written here.
ALTER TABLE "operators" ADD COLUMN "vat_rate" integer DEFAULT 2000 NOT NULL;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "time_zone" text DEFAULT 'Europe/Istanbul' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "components" jsonb;
--> statement-breakpoint
UPDATE "tariffs" SET "components" = CASE
  WHEN "payment_type" = 'Free' THEN '{"elements":[]}'::jsonb
  ELSE jsonb_build_object('elements',
    (CASE WHEN "fixed_price" > 0 THEN jsonb_build_array(jsonb_build_object('priceComponents',
      jsonb_build_array(jsonb_build_object('type', 'FLAT', 'price', "fixed_price", 'stepSize', 1))))
      ELSE '[]'::jsonb END)
    || (CASE WHEN "limit_kwh" IS NOT NULL THEN jsonb_build_array(jsonb_build_object(
      'priceComponents', jsonb_build_array(jsonb_build_object('type', 'ENERGY', 'price', "price_per_kwh", 'stepSize', 1)),
      'restrictions', jsonb_build_object('maxKwh', round("limit_kwh"::numeric, 3))))
      ELSE '[]'::jsonb END)
    || jsonb_build_array(jsonb_build_object('priceComponents', jsonb_build_array(jsonb_build_object(
      'type', 'ENERGY',
      'price', CASE WHEN "limit_kwh" IS NULL THEN "price_per_kwh" ELSE coalesce("over_limit_price_per_kwh", "price_per_kwh") END,
      'stepSize', 1)))))
END;
