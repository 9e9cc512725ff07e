import Button from '@mui/material/Button';
import { type Ref, useId, useRef } from 'react';

/**
 * A button that opens the file picker, with the input itself hidden but labelled (tests and
 * assistive technology reach it by its label). The input is cleared after each pick, so picking the
 * same file again (after fixing it) is a new pick.
 */
export function FileButton({
  children,
  inputLabel,
  accept,
  disabled = false,
  describedBy,
  buttonRef,
  onFile,
}: {
  children: string;
  /** The accessible name of the hidden file input. */
  inputLabel: string;
  accept: string;
  disabled?: boolean;
  /** The id of text that says what loading a file does (that it replaces the current entries). */
  describedBy?: string;
  /** The visible button, for a caller that moves focus to it. */
  buttonRef?: Ref<HTMLButtonElement>;
  onFile: (file: File) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        ref={buttonRef}
        variant="outlined"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}
