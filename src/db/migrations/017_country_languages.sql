-- The language an account's records are written in per country, where it is not the country's
-- default ({"be": "fr", "ch": "it"}). Checked by the service; the column only holds an object.
ALTER TABLE accounts ADD COLUMN country_languages jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE accounts ADD CONSTRAINT accounts_country_languages_object CHECK (jsonb_typeof(country_languages) = 'object');
