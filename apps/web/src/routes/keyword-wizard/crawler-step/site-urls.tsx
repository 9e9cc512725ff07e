import { addSiteUrl, canRemoveSiteUrl, removeSiteUrl, validateSiteUrlInput } from '@siteseer/core';
import { useState } from 'react';
import { ListEditor } from './list-editor.tsx';

/**
 * The sites to crawl: a URL is checked as it is typed and added on Enter or Add URL (trimmed; a
 * duplicate replaces the entry it repeats). When editing, the last site cannot be removed, and
 * the step says so under its greyed-out remove button.
 */
export function SiteUrls({
  urls,
  newUrl,
  mode,
  listError,
  onUrls,
  onNewUrl,
}: {
  urls: readonly string[];
  newUrl: string;
  mode: 'create' | 'edit';
  listError: string | undefined;
  onUrls: (urls: string[]) => void;
  onNewUrl: (value: string) => void;
}) {
  const [removeError, setRemoveError] = useState<string | undefined>();
  const add = () => {
    const added = addSiteUrl(urls, newUrl);
    // A refused URL stays in the box with its message (shown as it is typed).
    if (!added.ok) return;
    setRemoveError(undefined);
    if (newUrl.trim() !== '') onUrls(added.value);
    onNewUrl('');
  };
  return (
    <ListEditor
      label="Site URL"
      addText="Add URL"
      listLabel="Sites to crawl"
      placeholder="https://www.example.com"
      items={urls}
      value={newUrl}
      onValueChange={(value) => {
        setRemoveError(undefined);
        onNewUrl(value);
      }}
      inputError={validateSiteUrlInput(newUrl)}
      hint="The protocol is optional (https is assumed)."
      onAdd={add}
      onRemove={(url) => {
        const removed = removeSiteUrl(urls, url, mode);
        if (removed.ok) onUrls(removed.value);
        else setRemoveError(removed.error);
      }}
      canRemove={canRemoveSiteUrl(urls, mode)}
      cannotRemoveText="A published engine keeps at least one site: add another to remove this one."
      listError={removeError ?? listError}
      emptyText="No sites yet."
    />
  );
}
