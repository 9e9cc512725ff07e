import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Feature } from '@siteseer/core';
import { featureAllowed, MESSAGES } from '@siteseer/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { featuresQuery } from '../../api/queries.ts';
import { useServices } from '../../shell/services.tsx';
import { ROLE_COLUMNS } from './feature-roles.ts';
import { useFeatureToggle } from './use-feature-toggle.ts';

/**
 * The feature's name, with its description as a tooltip. The name takes keyboard focus so the
 * tooltip opens for keyboard users too; closed, the description is the name's title (its
 * accessible description), open, the tooltip describes it.
 */
function FeatureName({ feature }: { feature: Feature }) {
  if (!feature.description) return feature.name;
  return (
    <Tooltip title={feature.description} describeChild>
      <Box
        component="span"
        tabIndex={0}
        sx={{ textDecoration: 'underline dotted', textUnderlineOffset: '0.2em', cursor: 'help' }}
      >
        {feature.name}
      </Box>
    </Tooltip>
  );
}

/** 'Toggle Features': one row per feature, one switch per role, each saved as it is flipped. */
export function FeaturesTable() {
  const { api } = useServices();
  // Read again on every visit: another super admin may have changed the switches since sign-in.
  const { data: features } = useSuspenseQuery({ ...featuresQuery(api), refetchOnMount: 'always' });
  const { toggle, failure, dismiss } = useFeatureToggle();
  const headingId = useId();

  return (
    <Stack spacing={3}>
      <Typography variant="h1" id={headingId}>
        Toggle Features
      </Typography>
      {failure && (
        <Alert severity="error" onClose={dismiss}>
          {failure}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Feature
              </TableCell>
              {ROLE_COLUMNS.map(({ role, label }) => (
                <TableCell key={role} component="th" scope="col" align="center">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {features.length === 0 ? (
              <TableRow>
                <TableCell colSpan={ROLE_COLUMNS.length + 1}>{MESSAGES.noFeatures}</TableCell>
              </TableRow>
            ) : (
              features.map((feature) => (
                <TableRow key={feature._id} hover>
                  <TableCell component="th" scope="row">
                    <FeatureName feature={feature} />
                  </TableCell>
                  {ROLE_COLUMNS.map(({ role, label }) => (
                    <TableCell key={role} align="center">
                      <Switch
                        checked={featureAllowed(feature, role)}
                        onChange={(event) => toggle(feature._id, role, event.target.checked)}
                        slotProps={{ input: { 'aria-label': `${feature.name} for ${label}` } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
