import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../api/portal-api.ts';
import { queryKeys } from '../../api/queries.ts';
import { formatDateTime } from '../date-time.ts';
import { useServices } from '../services.tsx';
import { useProfile } from '../session-data.ts';
import { useMaintenance } from './use-maintenance.ts';

/**
 * The maintenance banner every signed-in user sees while a notice is scheduled or active. A super
 * admin can end it early.
 */
export function MaintenanceBanner() {
  const { api, queryClient } = useServices();
  const profile = useProfile();
  const { notice, state } = useMaintenance();
  const end = useMutation({
    mutationFn: async () => unwrap(await api.maintenance.clear()),
    onSuccess: () => queryClient.setQueryData(queryKeys.maintenance, null),
  });
  if (!notice || state === 'none') return null;
  const title = notice.title || (state === 'active' ? 'Maintenance in progress' : 'Scheduled maintenance');
  return (
    <Alert
      severity={state === 'active' ? 'warning' : 'info'}
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        profile.isBZAdmin ? (
          <Button color="inherit" size="small" disabled={end.isPending} onClick={() => end.mutate()}>
            End maintenance now
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      <Box component="p" sx={{ m: 0 }}>
        {notice.message}
      </Box>
      <Box component="p" sx={{ m: 0 }}>
        {state === 'active'
          ? `Until ${formatDateTime(notice.end)}`
          : `From ${formatDateTime(notice.start)} until ${formatDateTime(notice.end)}`}
      </Box>
    </Alert>
  );
}
