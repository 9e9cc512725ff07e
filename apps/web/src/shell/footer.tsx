import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The copyright line at the foot of every page. */
export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Siteseer. All rights reserved.
      </Typography>
    </Box>
  );
}
