import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigurationErrors, ParametricConfiguration, Row } from '@siteseer/core';
import { ColumnsTable } from './columns-table.tsx';
import { FiltersTable } from './filters-table.tsx';

/** Step 2 'Fields': the search fields: columns (enable, label, type, order) and filters. */
export function FieldsStep(props: {
  config: ParametricConfiguration;
  rows: readonly Row[];
  /** What the server read otherwise than the file wrote it: shown first, for the user to check. */
  warnings?: readonly string[];
  errors: ConfigurationErrors;
  onChange: (config: ParametricConfiguration) => void;
}) {
  const { warnings = [], ...tables } = props;
  return (
    <Stack spacing={3}>
      {warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>Check how the file was read</AlertTitle>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      <section aria-labelledby="wizard-columns-heading">
        <Typography id="wizard-columns-heading" variant="h3" component="h2" gutterBottom>
          Columns
        </Typography>
        <ColumnsTable {...tables} />
      </section>
      <section aria-labelledby="wizard-filters-heading">
        <Typography id="wizard-filters-heading" variant="h3" component="h2" gutterBottom>
          Filters
        </Typography>
        <FiltersTable config={props.config} errors={props.errors} onChange={props.onChange} />
      </section>
    </Stack>
  );
}
