-- users.business_partner_id keeps its foreign key (made in 0001); from here on it is declared in SQL
-- only, not in the drizzle schema, so that users/schema.ts and business-partners/schema.ts do not import
-- each other (issue 16: no circular imports). drizzle-kit generated a DROP here; the key stays. This
-- statement fails if the key were ever missing.
ALTER TABLE "users" VALIDATE CONSTRAINT "users_business_partner_id_business_partners_id_fk";
