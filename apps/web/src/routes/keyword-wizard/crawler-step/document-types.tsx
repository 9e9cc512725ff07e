import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { DOCUMENT_TYPES, type DocumentType } from '@siteseer/core';
import { useId } from 'react';

/** Each document type as the Crawler step names it. */
const LABELS: Record<DocumentType, string> = {
  pdf: 'PDF',
  docx: 'Word (DOCX)',
  pptx: 'PowerPoint (PPTX)',
  xlsx: 'Excel (XLSX)',
  odt: 'OpenDocument text (ODT)',
};

/**
 * The document types the crawler indexes besides web pages (`documentTypes`): a checkbox each, in
 * the contract's order; none checked turns documents off.
 */
export function DocumentTypes({
  types,
  onTypes,
}: {
  types: readonly DocumentType[];
  onTypes: (types: DocumentType[]) => void;
}) {
  const helpId = useId();
  return (
    <FormControl component="fieldset" aria-describedby={helpId}>
      <FormLabel component="legend">Documents to index</FormLabel>
      <FormGroup row>
        {DOCUMENT_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            label={LABELS[type]}
            control={
              <Checkbox
                checked={types.includes(type)}
                onChange={(event) =>
                  onTypes(
                    DOCUMENT_TYPES.filter((t) => (t === type ? event.target.checked : types.includes(t))),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helpId}>
        Documents linked from your pages or listed in your sitemaps are searched by their text. Each may be up
        to 5 MB and 500 pages.
      </FormHelperText>
    </FormControl>
  );
}
