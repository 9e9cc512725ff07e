import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { ErrorReport } from '../../shell/error-report.ts';

/** Where 'Try to Reload App' goes: home without a message, logout when the message has 401, else a fresh load. */
export function reloadTarget(message: string | undefined): 'home' | 'logout' | 'reload' {
  if (!message) return 'home';
  return message.includes('401') ? 'logout' : 'reload';
}

/** The error page's content: the message, the server error's details, and 'Try to Reload App'. */
export function ErrorView({ report }: { report: ErrorReport | undefined }) {
  const navigate = useNavigate();
  const onReload = () => {
    const target = reloadTarget(report?.message);
    if (target === 'home') navigate('/');
    else if (target === 'logout') navigate('/logout');
    else window.location.assign('/');
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Something went wrong</Typography>
      {report?.message && <Typography>{report.message}</Typography>}
      {report?.address && (
        <Typography variant="body2">
          <strong>Request:</strong> {report.address}
        </Typography>
      )}
      {report?.errorText && (
        <Typography variant="body2">
          <strong>Error:</strong> {report.errorText}
        </Typography>
      )}
      {report?.body !== undefined && (
        <Box>
          <Typography variant="body2" component="p">
            <strong>Response:</strong>
          </Typography>
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Response body"
            sx={{ p: 2, bgcolor: 'action.hover', overflow: 'auto', fontSize: '0.85rem' }}
          >
            {JSON.stringify(report.body, null, 2)}
          </Box>
        </Box>
      )}
      <Box>
        <Button variant="contained" onClick={onReload}>
          Try to Reload App
        </Button>
      </Box>
    </Stack>
  );
}
