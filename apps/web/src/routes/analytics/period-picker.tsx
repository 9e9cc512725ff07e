import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  ANALYTICS_DEFAULT_PERIOD,
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsPeriod,
  resolveAnalyticsPeriod,
  utcDay,
} from '@siteseer/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

type Preset = keyof typeof ANALYTICS_PERIOD_DAYS;
const PRESETS = Object.keys(ANALYTICS_PERIOD_DAYS) as Preset[];

/**
 * The page's period, from its address (`?period=7d`, or `?from=…&to=…`), so a chosen period
 * survives a reload and can be shared; the default period when the address names none or a bad
 * one. `today` is a UTC day, as the reports count days.
 */
export function usePagePeriod(): {
  period: AnalyticsPeriod;
  choose: (next: { period: Preset } | { from: string; to: string }) => void;
} {
  const [search, setSearch] = useSearchParams();
  const input = {
    period: search.get('period') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  };
  const today = utcDay(new Date());
  const resolved = resolveAnalyticsPeriod(input, today);
  const period = resolved.ok
    ? resolved.value
    : (
        resolveAnalyticsPeriod({ period: ANALYTICS_DEFAULT_PERIOD }, today) as {
          ok: true;
          value: AnalyticsPeriod;
        }
      ).value;
  const choose = (next: { period: Preset } | { from: string; to: string }) =>
    setSearch('period' in next ? { period: next.period } : { from: next.from, to: next.to }, {
      replace: true,
    });
  return { period, choose };
}

/** The frames' query for `period`: named periods by name, custom ones by their days. */
export function periodQuery(period: AnalyticsPeriod): Record<string, string> {
  return period.name === 'custom'
    ? { period: 'custom', from: period.from, to: period.to }
    : { period: period.name };
}

/**
 * The one period chooser of the analytics page: the last 7, 30 or 90 days, or two dates. Every
 * frame on the page shows the period chosen here.
 */
export function PeriodPicker({
  period,
  onChoose,
}: {
  period: AnalyticsPeriod;
  onChoose: ReturnType<typeof usePagePeriod>['choose'];
}) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const today = utcDay(new Date());
  const custom = resolveAnalyticsPeriod({ period: 'custom', from, to }, today);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' } }}
      component="form"
      aria-label="Period"
      onSubmit={(event) => {
        event.preventDefault();
        if (custom.ok) onChoose({ from, to });
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Last days"
        value={period.name === 'custom' ? null : period.name}
        onChange={(_event, name: Preset | null) => {
          if (!name) return;
          onChoose({ period: name });
          const chosen = resolveAnalyticsPeriod({ period: name }, today);
          if (chosen.ok) {
            setFrom(chosen.value.from);
            setTo(chosen.value.to);
          }
        }}
      >
        {PRESETS.map((name) => (
          <ToggleButton key={name} value={name}>
            Last {ANALYTICS_PERIOD_DAYS[name]} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={!custom.ok}
          helperText={custom.ok ? undefined : custom.error}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <Button type="submit" variant="outlined" disabled={!custom.ok}>
          Apply
        </Button>
      </Stack>
    </Stack>
  );
}
