-- The balance gets a row of its own. On the accounts row, every debit made a new version of the
-- row that each product, generation and ledger row's foreign key check then locks (KEY SHARE):
-- under concurrent creates of one account those checks walked a chain of row versions, each with
-- a multixact to look up, and a 100-code create spent about a fifth of its database CPU there
-- (perf, bench/results/create.md, 2026-11-26). Nothing references this table, so a debit here
-- leaves the row the foreign keys point at unchanged. The CHECK stays the last line of defence.
CREATE TABLE account_balances (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0)
);
INSERT INTO account_balances (account_id, credits) SELECT id, credits FROM accounts;
ALTER TABLE accounts DROP COLUMN credits;
