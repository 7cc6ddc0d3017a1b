-- An admin token manages the instance (/api/v1/admin/…). It may belong to an account (then it is
-- also that account's token) or to none: the operator's credential, which has no balance to spend.
-- A token that is not an admin one always belongs to an account.
ALTER TABLE api_tokens ADD COLUMN is_admin boolean NOT NULL DEFAULT false;
ALTER TABLE api_tokens ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_account_unless_admin CHECK (is_admin OR account_id IS NOT NULL);
