import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomTag, FieldErrors, KeywordSettings, TabIcon } from '@siteseer/core';
import { MESSAGES, TAB_ICONS } from '@siteseer/core';
import { useRef, useState } from 'react';
import { useFocusAfterRemove } from '../../../shell/use-focus-after-remove.ts';
import { selectorProblem } from './selector-check.ts';

type TagSettings = Pick<KeywordSettings, 'customTagsSelector' | 'customTagsAttributeName' | 'customTags'>;

/**
 * A tag added to the list: a name already listed (compared case-insensitively) gets the new icon in
 * its place rather than a second row.
 */
export function withCustomTag(tags: readonly CustomTag[], tag: CustomTag): CustomTag[] {
  const key = tag.name.toLowerCase();
  const at = tags.findIndex((t) => t.name.toLowerCase() === key);
  return at < 0 ? [...tags, tag] : tags.map((t, i) => (i === at ? tag : t));
}

/**
 * Custom tags: the elements that carry a page's tags (a CSS selector), the attribute holding the
 * value (the element's text when empty), and the tags, each with a name and an icon.
 */
export function CustomTags({
  settings,
  onChange,
}: {
  settings: TagSettings;
  onChange: (patch: Partial<TagSettings>) => void;
}) {
  const [name, setName] = useState('');
  const [icon, setIcon] = useState<TabIcon | ''>('');
  const [errors, setErrors] = useState<FieldErrors<'name' | 'icon'>>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const removal = useFocusAfterRemove<HTMLTableElement>(settings.customTags.length, () => nameInput.current);
  const add = () => {
    const trimmed = name.trim();
    const problems: FieldErrors<'name' | 'icon'> = {};
    if (trimmed === '') problems.name = MESSAGES.customTagNameRequired;
    if (icon === '') problems.icon = MESSAGES.customTagIconRequired;
    setErrors(problems);
    if (trimmed === '' || icon === '') return;
    onChange({ customTags: withCustomTag(settings.customTags, { name: trimmed, icon }) });
    setName('');
    setIcon('');
  };
  return (
    <Stack spacing={2}>
      <TextField
        label="Custom tags selector"
        size="small"
        placeholder='meta[name="category"]'
        value={settings.customTagsSelector}
        error={!!selectorProblem(settings.customTagsSelector)}
        helperText={
          selectorProblem(settings.customTagsSelector) ??
          'The CSS selector of the elements that carry the tags.'
        }
        onChange={(event) => onChange({ customTagsSelector: event.target.value })}
      />
      <TextField
        label="Custom tags attribute name"
        size="small"
        placeholder="content"
        value={settings.customTagsAttributeName}
        helperText="The attribute holding a tag's value; leave it empty to read the element's text."
        onChange={(event) => onChange({ customTagsAttributeName: event.target.value })}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Tag name"
          inputRef={nameInput}
          size="small"
          value={name}
          error={!!errors.name}
          helperText={errors.name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <TextField
          select
          label="Tag icon"
          size="small"
          value={icon}
          error={!!errors.icon}
          helperText={errors.icon}
          onChange={(event) => setIcon(event.target.value as TabIcon)}
          sx={{ minWidth: 200 }}
        >
          {TAB_ICONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={add} sx={{ flexShrink: 0 }}>
          Add Tag
        </Button>
      </Stack>
      {settings.customTags.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No custom tags.
        </Typography>
      ) : (
        <Table ref={removal.containerRef} size="small" aria-label="Custom tags">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Icon</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settings.customTags.map((tag, index) => (
              <TableRow key={tag.name}>
                <TableCell>{tag.name}</TableCell>
                <TableCell>{tag.icon}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={`Remove tag ${tag.name}`}
                    data-remove
                    onClick={() => {
                      removal.removing(index);
                      onChange({ customTags: settings.customTags.filter((t) => t !== tag) });
                    }}
                  >
                    <Delete />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
