import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * The dashboard's empty state: what to do first when the viewer has no engine yet. Viewers who may
 * create one are pointed at the add cards below it; the others at whoever may.
 */
export function FirstEngineNote({ canCreate }: { canCreate: boolean }) {
  return (
    <Alert severity="info" variant="outlined" component="section" aria-label="Getting started">
      <AlertTitle component="h2">Create your first search engine</AlertTitle>
      {canCreate
        ? 'Upload a CSV or XLSX file below to search a table (parametric), or enter the address of your site to crawl it (keyword). When it is published, Preview shows it and Install gives the code for your pages.'
        : 'Your role cannot create search engines. Ask an owner or admin of your account to create one; it shows here once it exists.'}
    </Alert>
  );
}
