import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ALERT_EVENT_LABELS, type AlertDelivery } from '@siteseer/core';
import { formatDateTime } from '../../shell/date-time.ts';

const STATES: Record<AlertDelivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What the last attempt got: the error, the HTTP status, or nothing yet. */
function answerOf(delivery: AlertDelivery): string {
  if (delivery.error) return delivery.error;
  if (delivery.statusCode !== null) return `HTTP ${delivery.statusCode}`;
  return delivery.state === 'delivered' ? 'Sent' : '';
}

/** The engine's latest alert deliveries, newest first: a real table, every cell plain text. */
export function AlertDeliveriesTable({ deliveries }: { deliveries: readonly AlertDelivery[] }) {
  if (deliveries.length === 0) return <Typography>No alert has been sent yet.</Typography>;
  return (
    <TableContainer>
      <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0, typography: 'subtitle2' } }}>
        <caption>The latest {deliveries.length} deliveries, newest first</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Time
            </TableCell>
            <TableCell component="th" scope="col">
              Event
            </TableCell>
            <TableCell component="th" scope="col">
              Sent to
            </TableCell>
            <TableCell component="th" scope="col">
              State
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Attempts
            </TableCell>
            <TableCell component="th" scope="col">
              Answer
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{formatDateTime(delivery.createdAt)}</TableCell>
              <TableCell>{ALERT_EVENT_LABELS[delivery.event]}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {delivery.channel === 'webhook' ? 'Webhook' : 'E-mail'}: {delivery.target}
              </TableCell>
              <TableCell>
                {STATES[delivery.state]}
                {delivery.nextAttemptAt && ` (next try ${formatDateTime(delivery.nextAttemptAt)})`}
              </TableCell>
              <TableCell align="right">{delivery.attempts}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{answerOf(delivery)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
