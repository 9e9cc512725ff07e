import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { KeywordSettings } from '@siteseer/core';
import { useState } from 'react';
import { ListEditor } from './list-editor.tsx';
import { selectorProblem } from './selector-check.ts';

type TargetSettings = Pick<
  KeywordSettings,
  'useContentTarget' | 'contentTarget' | 'useExcludeTarget' | 'excludeContentTargets'
>;

/**
 * The content target (the CSS selector of the part of each page that is indexed) and the exclude
 * targets (selectors of parts left out), each behind its switch. A selector is checked as typed; an
 * exclude target that does not parse is not added.
 */
export function ContentTargets({
  settings,
  onChange,
}: {
  settings: TargetSettings;
  onChange: (patch: Partial<TargetSettings>) => void;
}) {
  const [typed, setTyped] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const targets = settings.excludeContentTargets;
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.useContentTarget}
            onChange={(event) => onChange({ useContentTarget: event.target.checked })}
          />
        }
        label="Use a content target"
      />
      <TextField
        label="Content target (CSS selector)"
        size="small"
        placeholder="main"
        disabled={!settings.useContentTarget}
        value={settings.contentTarget}
        error={settings.useContentTarget && !!selectorProblem(settings.contentTarget)}
        helperText={
          (settings.useContentTarget && selectorProblem(settings.contentTarget)) ||
          'Only the text inside the elements it matches is indexed.'
        }
        onChange={(event) => onChange({ contentTarget: event.target.value })}
        // The hint stays readable (full contrast) while the field is off.
        slotProps={{ formHelperText: { disabled: false } }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={settings.useExcludeTarget}
            onChange={(event) => onChange({ useExcludeTarget: event.target.checked })}
          />
        }
        label="Exclude content targets"
      />
      <ListEditor
        label="Exclude target (CSS selector)"
        addText="Add Target"
        listLabel="Exclude targets"
        placeholder="nav, footer"
        disabled={!settings.useExcludeTarget}
        items={targets}
        value={typed}
        onValueChange={(value) => {
          setTyped(value);
          setAddError(undefined);
        }}
        inputError={addError ?? selectorProblem(typed)}
        hint="The text inside the elements it matches is left out."
        onAdd={() => {
          const value = typed.trim();
          const problem = selectorProblem(value);
          if (problem) {
            setAddError(problem);
            return;
          }
          if (value !== '' && !targets.includes(value))
            onChange({ excludeContentTargets: [...targets, value] });
          setTyped('');
        }}
        onRemove={(target) => onChange({ excludeContentTargets: targets.filter((t) => t !== target) })}
        canRemove
        emptyText="No exclude targets."
      />
    </Stack>
  );
}
