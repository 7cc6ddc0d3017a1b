-- A product's `brand` is the one it shows, lists, filters and exports: the caller's or a person's
-- when one was given (`brand_set_by`), else the one its latest generation's facts agree on, which
-- each generation sets again. A brand that was given is never replaced by a generation.
-- Every brand stored until now was the caller's. Products created before this take their facts'
-- brand at their next generation.
ALTER TABLE products ADD COLUMN brand_set_by text CHECK (brand_set_by IN ('caller', 'person'));
UPDATE products SET brand_set_by = 'caller' WHERE brand IS NOT NULL;
