import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigurationErrors, ParametricConfiguration, Row } from '@siteseer/core';
import { ColumnsTable } from './columns-table.tsx';
import { FiltersTable } from './filters-table.tsx';

/** Step 2 'Fields': the search fields: columns (enable, label, type, order) and filters. */
export function FieldsStep(props: {
  config: ParametricConfiguration;
  rows: readonly Row[];
  errors: ConfigurationErrors;
  onChange: (config: ParametricConfiguration) => void;
}) {
  return (
    <Stack spacing={3}>
      <section aria-labelledby="wizard-columns-heading">
        <Typography id="wizard-columns-heading" variant="h3" component="h2" gutterBottom>
          Columns
        </Typography>
        <ColumnsTable {...props} />
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
