import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { canSetMaintenance, MaintenanceForm } from '@siteseer/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { problemText, unwrap } from '../../api/portal-api.ts';
import { queryKeys } from '../../api/queries.ts';
import { useServices } from '../services.tsx';

type FormInput = z.input<typeof MaintenanceForm>;
type FormOutput = z.output<typeof MaintenanceForm>;

/** A datetime-local value (local time) as an ISO timestamp. */
function toIso(local: string): string {
  return new Date(local).toISOString();
}

/**
 * The super admin's maintenance form: title optional; message, start and end required (core's
 * rules); the Set button stays disabled until they are valid.
 */
export function MaintenanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api, queryClient } = useServices();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(MaintenanceForm),
    mode: 'onTouched',
    defaultValues: { title: '', message: '', start: '', end: '' },
  });
  const values = form.watch();
  const save = useMutation({
    mutationFn: async (notice: FormOutput) =>
      unwrap(
        await api.maintenance.set({
          title: notice.title,
          message: notice.message,
          start: toIso(notice.start),
          end: toIso(notice.end),
        }),
      ),
    onSuccess: (notice) => {
      queryClient.setQueryData(queryKeys.maintenance, notice);
      form.reset();
      onClose();
    },
  });
  const { errors } = form.formState;
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="maintenance-dialog-title">
      <form noValidate onSubmit={form.handleSubmit((notice) => save.mutate(notice))}>
        <DialogTitle id="maintenance-dialog-title">Set maintenance message</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Title" {...form.register('title')} />
            <TextField
              label="Message"
              required
              multiline
              minRows={2}
              error={!!errors.message}
              helperText={errors.message?.message}
              {...form.register('message')}
            />
            <TextField
              label="Start"
              type="datetime-local"
              required
              error={!!errors.start}
              helperText={errors.start?.message}
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register('start')}
            />
            <TextField
              label="End"
              type="datetime-local"
              required
              error={!!errors.end}
              helperText={errors.end?.message}
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register('end')}
            />
            {save.error && <Alert severity="error">{problemText(save.error.message) ?? 'Failed'}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSetMaintenance(values) || save.isPending}>
            Set
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
