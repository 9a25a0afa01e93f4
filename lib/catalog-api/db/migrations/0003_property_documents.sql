CREATE TABLE "property_documents" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"detail" text NOT NULL
);
