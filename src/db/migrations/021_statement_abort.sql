-- A create writes its products, generations, jobs, debit and ledger row in one statement, which
-- commits on its own when nothing else shares its transaction (one round trip, and the account's
-- balance row is locked only until that statement's own commit). When its guarded debit does not
-- apply, the statement must not keep the rest: it raises through this function, which undoes the
-- whole statement, and the caller reads the account to say why. `detail` carries what the caller
-- needs back (the price), since a raised statement returns no rows.
CREATE FUNCTION vetrina_abort(code text, message text, detail text) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message, DETAIL = coalesce(detail, '');
END
$$;
