-- The invitations an account sent: one row per invited login and account, with how its last
-- link went out ('sending' while the e-mail is on its way, 'sent', 'failed', or 'link' when no
-- SMTP server is configured and the link is only shown in the portal). The login's own status
-- (INVITED) says whether it is still pending; its tokens are in password_tokens.
CREATE TABLE invitations (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  delivery text NOT NULL CHECK (delivery IN ('sending', 'sent', 'failed', 'link')),
  PRIMARY KEY (account_id, user_id)
);
CREATE INDEX invitations_user_id ON invitations (user_id);

-- When the account's API key last authenticated a call (written at most once a minute).
ALTER TABLE accounts ADD COLUMN api_key_last_used_at timestamptz;
