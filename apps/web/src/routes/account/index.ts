// What the administration's account page shares with My Account.
export { AccountButtons } from './account-buttons.tsx';
export type { AccountDraft } from './account-draft.ts';
export { changedFields, draftOf, hasUnsavedChanges } from './account-draft.ts';
export { ApiKeyGenerator } from './api-key-generator.tsx';
export { useLeaveGuard } from './leave-guard.ts';
export { pendingToNewUsers } from './pending-users.ts';
export { ProductsEditor } from './products-editor.tsx';
export { saveFailureText } from './save-failure.ts';
export { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
export { UsersSection } from './users-section.tsx';
