import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  addRelevanceRule,
  deleteRelevanceRule,
  type FieldErrors,
  LIMITS,
  type RelevanceRule,
  updateRelevanceRule,
  validateRelevanceRule,
} from '@siteseer/core';
import { useId, useRef, useState } from 'react';
import { useFocusAfterRemove } from '../../../shell/use-focus-after-remove.ts';
import { AddEntryField } from './add-entry-field.tsx';
import type { CrawledPages } from './crawled-url-field.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/** The weight a new rule starts with: within the "2 to 10 is usually enough" of the guidance. */
const NEW_RULE_WEIGHT = 5;

const EMPTY_FORM = { matches: '', weight: NEW_RULE_WEIGHT };

/**
 * Relevance rules (KW_WIZARD_RELEVANCE): a table of URL patterns and weights, and an editor in add
 * mode, or in edit mode for the selected row (Update and Delete); deselecting resets the editor.
 * Each row also has its own Delete, as the result ranking table does.
 */
export function RelevanceRules({
  rules,
  pages,
  onChange,
}: {
  rules: RelevanceRule[];
  /** The engine whose crawled page URLs are suggested for the pattern. */
  pages?: CrawledPages | undefined;
  onChange: (rules: RelevanceRule[]) => void;
}) {
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors<'matches' | 'weight'>>({});
  const headingId = useId();
  const weightLabelId = useId();
  const guidanceId = useId();
  const selected = rules.find((rule) => rule.id === selectedId);
  const patternInput = useRef<HTMLInputElement>(null);
  const removal = useFocusAfterRemove<HTMLTableElement>(rules.length, () => patternInput.current);
  // Delete and Cancel go away with edit mode: focus goes to the pattern of the rule to add next,
  // rather than to the top of the page.
  const backToAdding = () => {
    reset();
    patternInput.current?.focus();
  };

  const reset = () => {
    setSelectedId(undefined);
    setForm(EMPTY_FORM);
    setErrors({});
  };
  const toggle = (rule: RelevanceRule) => {
    if (rule.id === selectedId) {
      reset();
      return;
    }
    setSelectedId(rule.id);
    setForm({ matches: rule.matches, weight: rule.weight });
    setErrors({});
  };
  const remove = (rule: RelevanceRule, index: number) => {
    removal.removing(index);
    if (rule.id === selectedId) reset();
    onChange(deleteRelevanceRule(rules, rule.id));
  };
  const submit = () => {
    const fieldErrors = validateRelevanceRule(form);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    const result = selected ? updateRelevanceRule(rules, selected.id, form) : addRelevanceRule(rules, form);
    if (!result.ok) {
      setErrors({ matches: result.error });
      return;
    }
    onChange(result.value);
    reset();
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h2" gutterBottom>
        Relevance
      </Typography>
      <Typography gutterBottom>
        Pages whose URL matches a pattern rank higher by the rule's weight. Select a rule to edit it.
      </Typography>
      {rules.length === 0 ? (
        <Typography sx={{ my: 2 }}>No relevance rules yet.</Typography>
      ) : (
        <Table ref={removal.containerRef} size="small" aria-label="Relevance rules" sx={{ my: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  Selected
                </Box>
              </TableCell>
              <TableCell>URL pattern</TableCell>
              <TableCell>Weight</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.map((rule, index) => (
              <TableRow
                key={rule.id}
                hover
                selected={rule.id === selectedId}
                aria-selected={rule.id === selectedId}
                onClick={() => toggle(rule)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rule.id === selectedId}
                    slotProps={{ input: { 'aria-label': `Select rule ${rule.matches}` } }}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => toggle(rule)}
                  />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{rule.matches}</TableCell>
                <TableCell>{rule.weight}</TableCell>
                <TableCell>
                  <Button
                    color="error"
                    aria-label={`Delete rule ${rule.matches}`}
                    data-remove
                    onClick={(event) => {
                      // The row's click selects it; this one only deletes.
                      event.stopPropagation();
                      remove(rule, index);
                    }}
                  >
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Typography variant="subtitle1" component="h3">
          {selected ? 'Edit rule' : 'Add a rule'}
        </Typography>
        <Box>
          {/* The slider is named 'Weight' alone: its value is its own (aria-valuenow), and a name
              that changed with it ('Weight: 5') could not be found by its label. */}
          <Typography gutterBottom>
            <span id={weightLabelId}>Weight</span>: {form.weight}
          </Typography>
          <Slider
            value={form.weight}
            min={LIMITS.relevanceWeightMin}
            max={LIMITS.relevanceWeightMax}
            step={LIMITS.relevanceWeightStep}
            valueLabelDisplay="auto"
            slotProps={{ input: { 'aria-labelledby': weightLabelId, 'aria-describedby': guidanceId } }}
            onChange={(_event, value) => setForm({ ...form, weight: value as number })}
          />
          <Typography id={guidanceId} variant="body2">
            A weight of 1 has no effect; 2 to 10 is usually enough.
          </Typography>
          {errors.weight && (
            <Typography variant="body2" color="error">
              {errors.weight}
            </Typography>
          )}
        </Box>
        {/* The weight comes first: the pattern's row ends with the button that adds the rule. */}
        <AddEntryField
          label="URL pattern"
          addText={selected ? 'Update' : 'Add Rule'}
          crawled={{ pages }}
          inputRef={patternInput}
          required
          value={form.matches}
          error={errors.matches}
          helperText="A URL wildcard: * matches any text, e.g. */docs/*"
          onChange={(matches) => setForm((current) => ({ ...current, matches }))}
          onAdd={submit}
        >
          {selected && (
            <>
              <Button
                color="error"
                onClick={() => {
                  onChange(deleteRelevanceRule(rules, selected.id));
                  backToAdding();
                }}
              >
                Delete
              </Button>
              <Button onClick={backToAdding}>Cancel</Button>
            </>
          )}
        </AddEntryField>
      </Stack>
    </Box>
  );
}
