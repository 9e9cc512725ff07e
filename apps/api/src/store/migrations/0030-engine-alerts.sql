-- Engine alerts (ADR 0048): where an engine's alerts go (a webhook and/or e-mail addresses) with
-- their thresholds, and every alert to deliver or delivered. Tenant-owned: account_id leads every
-- key, and every query filters by it.

-- One row per engine that set alerts. webhook_secret signs the webhook's bodies, so it is kept
-- usable (not hashed); it moves to the sealed secret store once there is one.
CREATE TABLE engine_alerts (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  webhook_url text,
  webhook_secret text,
  emails text[] NOT NULL DEFAULT '{}',
  -- Percent of a finished crawl's fetched URLs answering 4xx/5xx past which it alerts.
  error_share_percent smallint NOT NULL DEFAULT 10 CHECK (error_share_percent BETWEEN 1 AND 100),
  -- Percent of the last 7 days' searches finding nothing past which it alerts, with enough searches.
  zero_result_percent smallint NOT NULL DEFAULT 30 CHECK (zero_result_percent BETWEEN 1 AND 100),
  zero_result_min_searches integer NOT NULL DEFAULT 100 CHECK (zero_result_min_searches >= 1),
  -- When the zero-result rate last alerted; cleared when the rate falls back under the threshold.
  zero_results_alerted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, engine_id),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);

-- The durable delivery queue and its log at once: a row per alert per channel (the webhook, or
-- one e-mail to all addresses), pending until delivered or out of attempts. A process takes a due
-- row by moving next_attempt_at past its attempt, so a process that dies mid-attempt leaves a row
-- that comes due again, never a lost alert.
CREATE TABLE alert_deliveries (
  account_id uuid NOT NULL,
  engine_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  event text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('webhook', 'email')),
  target text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  status_code integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, engine_id, id),
  FOREIGN KEY (account_id, engine_id) REFERENCES engines (account_id, id) ON DELETE CASCADE
);
-- Deliveries due, across accounts (a scheduler, not a tenant's query).
CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at) WHERE state = 'pending';
