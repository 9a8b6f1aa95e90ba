CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"vehicle_id" text,
	"folder_id" uuid,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "folders_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "installer_guide_vehicles" (
	"guide_id" text NOT NULL,
	"vehicle_id" text NOT NULL,
	CONSTRAINT "installer_guide_vehicles_guide_id_vehicle_id_pk" PRIMARY KEY("guide_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "installer_guides" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"steps" jsonb NOT NULL,
	"document_id" text
);
--> statement-breakpoint
CREATE TABLE "product_features" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"is_cloning" boolean NOT NULL,
	"keys_for_install" integer NOT NULL,
	"keys_for_programming" integer NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"accessory_skus" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"variant" text,
	"position" integer NOT NULL,
	"wires" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instructions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "vehicle_categories_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "vehicle_external_wiring" (
	"vehicle_id" text PRIMARY KEY NOT NULL,
	"auto_mob_wiring" jsonb NOT NULL,
	"ads_wiring" jsonb NOT NULL,
	"ads_products" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_makes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vehicle_makes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" text PRIMARY KEY NOT NULL,
	"make_id" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"make_id" text NOT NULL,
	"model_id" text NOT NULL,
	"description" text,
	"vehicle_description" text,
	"mirrors_vehicle_id" text,
	"image" text,
	"t_harness_skus" text[] DEFAULT '{}' NOT NULL,
	"product_skus" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_guide_vehicles" ADD CONSTRAINT "installer_guide_vehicles_guide_id_installer_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."installer_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_guide_vehicles" ADD CONSTRAINT "installer_guide_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_guides" ADD CONSTRAINT "installer_guides_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_features" ADD CONSTRAINT "product_features_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_categories" ADD CONSTRAINT "vehicle_categories_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_external_wiring" ADD CONSTRAINT "vehicle_external_wiring_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_mirrors_vehicle_id_vehicles_id_fk" FOREIGN KEY ("mirrors_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_vehicle_idx" ON "documents" USING btree ("vehicle_id","position");--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents" USING btree ("folder_id","position");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "installer_guide_vehicles_vehicle_idx" ON "installer_guide_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_categories_vehicle_idx" ON "vehicle_categories" USING btree ("vehicle_id","kind","position");--> statement-breakpoint
CREATE INDEX "vehicle_models_make_idx" ON "vehicle_models" USING btree ("make_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_year_make_model_idx" ON "vehicles" USING btree ("year","make_id","model_id");--> statement-breakpoint
CREATE INDEX "vehicles_t_harness_skus_idx" ON "vehicles" USING gin ("t_harness_skus");