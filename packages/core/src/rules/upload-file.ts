import { LIMITS } from '../constants.ts';
import { validateEngineName } from './engine-name.ts';
import type { FileLike } from './file-type.ts';
import { hasExtension } from './file-type.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors } from './rule-result.ts';
import type { WizardMode } from './wizard-mode.ts';

/** Where the parametric file is asked for: the wizard mode and, in edit mode, the update tick box. */
export interface UploadContext {
  mode: WizardMode;
  /** "I'd like to update the file" (edit mode only). */
  updateFile?: boolean;
}

/** Whether the step needs a file at all: always when creating, when ticked when editing. */
export function isFileRequired(context: UploadContext): boolean {
  return context.mode === 'create' || context.updateFile === true;
}

/**
 * The message for the parametric upload, or undefined when acceptable. 10240 KB is 10240 × 1024 bytes,
 * inclusive. An empty file is refused because it holds no table to import (Siteseer's addition).
 */
export function validateUploadFile(
  file: FileLike | null | undefined,
  context: UploadContext = { mode: 'create' },
): string | undefined {
  if (!isFileRequired(context)) return undefined;
  if (!file) return MESSAGES.fileRequired;
  if (!hasExtension(file.name, LIMITS.uploadExtensions)) return MESSAGES.fileTypeCsvXlsx;
  if (file.size > LIMITS.uploadMaxBytes) return MESSAGES.fileTooLarge;
  if (file.size <= 0) return MESSAGES.fileEmpty;
  return undefined;
}

/** The parametric wizard's step 1 ('Name'): account, engine name and file. */
export interface NameAndDataStep extends UploadContext {
  accountId: string | null | undefined;
  searchEngineName: string | null | undefined;
  file: FileLike | null | undefined;
}

/** Step 1's verdict: the per-field errors, and the spec's summary message when any exists. */
export interface NameAndDataStepResult {
  valid: boolean;
  errors: FieldErrors<'accountId' | 'searchEngineName' | 'file'>;
  message?: string;
}

/** Validates parametric step 1: valid only with an account, a valid name and (when needed) a valid file. */
export function validateNameAndDataStep(step: NameAndDataStep): NameAndDataStepResult {
  const errors: NameAndDataStepResult['errors'] = {};
  if (!step.accountId?.trim()) errors.accountId = MESSAGES.accountRequired;
  const nameError = validateEngineName(step.searchEngineName);
  if (nameError) errors.searchEngineName = nameError;
  const fileError = validateUploadFile(step.file, step);
  if (fileError) errors.file = fileError;
  const valid = Object.keys(errors).length === 0;
  return valid ? { valid, errors } : { valid, errors, message: MESSAGES.nameAndFileInvalid };
}
