ALTER TABLE "inquiries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "response" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_idempotency_idx" ON "inquiries" USING btree ("key_id","idempotency_key") WHERE "inquiries"."idempotency_key" IS NOT NULL;