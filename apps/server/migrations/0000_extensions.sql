-- Extensions the schema needs: pg_trgm for fuzzy search (typo-tolerant product and business search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
