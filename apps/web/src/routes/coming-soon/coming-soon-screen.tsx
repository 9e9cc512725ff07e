import Typography from '@mui/material/Typography';
import { MESSAGES } from '@siteseer/core';
import { useRouteName } from '../../shell/page-title.ts';

/** The report and preview routes: placeholders (the engine's preview itself opens from its card). */
export function Component() {
  const name = useRouteName();
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {name === 'report' ? 'Feedback Report' : 'Search Preview'}
      </Typography>
      <Typography>{MESSAGES.comingSoon}</Typography>
    </>
  );
}
