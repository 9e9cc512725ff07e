import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef } from 'react';

export interface ListEditorProps {
  /** The input's label ('Site URL'). */
  label: string;
  /** The add button's text ('Add URL'). */
  addText: string;
  /** The list's accessible name ('Sites to crawl'). */
  listLabel: string;
  items: readonly string[];
  /** The text being typed (held by the caller, which may check it). */
  value: string;
  onValueChange: (value: string) => void;
  /** The typed text's problem, shown under the input. */
  inputError?: string | undefined;
  /** Help shown under the input when there is no problem. */
  hint?: string | undefined;
  placeholder?: string | undefined;
  /** Adds the typed text (Enter or the add button). */
  onAdd: () => void;
  onRemove: (item: string) => void;
  /** Whether the entries' remove buttons are enabled. */
  canRemove: boolean;
  /** Why the remove buttons are off, shown under the list while they are. */
  cannotRemoveText?: string | undefined;
  /** The list's problem ('At least one site must be added.'). */
  listError?: string | undefined;
  emptyText: string;
  disabled?: boolean;
}

/**
 * A list of texts with an input that adds to it on Enter or with the add button, each entry with a
 * remove button named after it. Entries are shown as text, never as markup.
 */
export function ListEditor(props: ListEditorProps) {
  const { items, disabled = false } = props;
  const inputId = useId();
  const listErrorId = useId();
  // A removed entry takes its focused button with it, which sent a keyboard user back to the top of
  // the page. Focus goes to the entry now in its place (or the one before), else to the input.
  const listRef = useRef<HTMLUListElement>(null);
  const removedAt = useRef<{ index: number; count: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const removed = removedAt.current;
    removedAt.current = undefined;
    if (!removed || items.length !== removed.count - 1) return;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
    ];
    (buttons[Math.min(removed.index, buttons.length - 1)] ?? document.getElementById(inputId))?.focus();
  }, [items.length, inputId]);
  // The list's problem ('At least one site must be added.') is the input's too: it is where the
  // fix is typed, so it is marked invalid and described by the message (a keyboard or screen reader
  // user sent back to this step lands on a field that says what is wrong).
  const describedBy = [
    props.inputError || props.hint ? `${inputId}-helper-text` : '',
    props.listError ? listErrorId : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={inputId}
          label={props.label}
          size="small"
          fullWidth
          disabled={disabled}
          placeholder={props.placeholder}
          value={props.value}
          error={!!props.inputError || !!props.listError}
          helperText={props.inputError ?? props.hint}
          slotProps={{
            // The hint stays readable (full contrast) while the input is off.
            formHelperText: { disabled: false },
            htmlInput: { 'aria-describedby': describedBy || undefined },
          }}
          onChange={(event) => props.onValueChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            props.onAdd();
          }}
        />
        <Button variant="outlined" disabled={disabled} onClick={props.onAdd} sx={{ flexShrink: 0 }}>
          {props.addText}
        </Button>
      </Stack>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {props.emptyText}
        </Typography>
      ) : (
        <List ref={listRef} dense aria-label={props.listLabel} disablePadding>
          {items.map((item, index) => (
            <ListItem
              key={item}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${item}`}
                  disabled={disabled || !props.canRemove}
                  onClick={() => {
                    removedAt.current = { index, count: items.length };
                    props.onRemove(item);
                  }}
                >
                  <Delete />
                </IconButton>
              }
            >
              <ListItemText primary={item} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      {items.length > 0 && !props.canRemove && props.cannotRemoveText && (
        <FormHelperText>{props.cannotRemoveText}</FormHelperText>
      )}
      {props.listError && (
        <FormHelperText id={listErrorId} error>
          {props.listError}
        </FormHelperText>
      )}
    </Stack>
  );
}
