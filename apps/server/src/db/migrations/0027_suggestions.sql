CREATE TABLE "search_completions" (
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_completions_key" ON "search_completions" USING btree ("kind","key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_completions_source" ON "search_completions" USING btree ("source_id");--> statement-breakpoint
CREATE FUNCTION "search_completions_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	w text[];
BEGIN
	-- TG_ARGV: the kind, the column holding the display text. One row per word-suffix of the key.
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM "search_completions" WHERE "source_id" = OLD."id" AND "kind" = TG_ARGV[0];
	END IF;
	IF TG_OP <> 'DELETE' AND NEW."search_key" IS NOT NULL AND NEW."search_key" <> '' THEN
		w := string_to_array(NEW."search_key", ' ');
		INSERT INTO "search_completions" ("kind", "source_id", "key", "text")
			SELECT TG_ARGV[0], NEW."id", array_to_string(w[i:], ' '), to_jsonb(NEW) ->> TG_ARGV[1]
			FROM generate_subscripts(w, 1) AS i;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_completions" AFTER INSERT OR DELETE OR UPDATE OF "search_key", "name" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "search_completions_sync"('product', 'name');
--> statement-breakpoint
CREATE TRIGGER "sellers_search_completions" AFTER INSERT OR DELETE OR UPDATE OF "search_key", "store_name" ON "sellers"
	FOR EACH ROW EXECUTE FUNCTION "search_completions_sync"('store', 'store_name');
--> statement-breakpoint
CREATE TRIGGER "streams_search_completions" AFTER INSERT OR DELETE OR UPDATE OF "search_key", "title" ON "streams"
	FOR EACH ROW EXECUTE FUNCTION "search_completions_sync"('show', 'title');
--> statement-breakpoint
INSERT INTO "search_completions" ("kind", "source_id", "key", "text")
	SELECT 'product', t."id", array_to_string((string_to_array(t."search_key", ' '))[i:], ' '), t."name"
	FROM "products" t, generate_subscripts(string_to_array(t."search_key", ' '), 1) AS i WHERE t."search_key" <> ''
	UNION ALL
	SELECT 'store', t."id", array_to_string((string_to_array(t."search_key", ' '))[i:], ' '), t."store_name"
	FROM "sellers" t, generate_subscripts(string_to_array(t."search_key", ' '), 1) AS i WHERE t."search_key" <> ''
	UNION ALL
	SELECT 'show', t."id", array_to_string((string_to_array(t."search_key", ' '))[i:], ' '), t."title"
	FROM "streams" t, generate_subscripts(string_to_array(t."search_key", ' '), 1) AS i WHERE t."search_key" <> '';
