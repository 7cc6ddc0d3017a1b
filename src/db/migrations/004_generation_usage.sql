-- What each generation cost and how it went (engine, provider, model, prompt version, tokens,
-- latency, repair rounds): written when it settles, shown on the product and in its history.
ALTER TABLE generations ADD COLUMN usage jsonb;
