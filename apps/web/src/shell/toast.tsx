import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, use, useCallback, useState } from 'react';

/** A short message after an action: what happened (success) or what did not (error). */
export interface Toast {
  message: string;
  severity?: 'success' | 'error';
}

type RaiseToast = (toast: Toast | string) => void;

const ToastContext = createContext<RaiseToast | null>(null);

const SHOWN_MS = 6_000;

/**
 * The portal's one toast: a snackbar at the bottom, announced politely to screen readers (a status
 * region, so it does not interrupt), replaced by the next one raised.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(Toast & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const raise = useCallback<RaiseToast>((next) => {
    setToast({ ...(typeof next === 'string' ? { message: next } : next), key: Date.now() });
    setOpen(true);
  }, []);
  return (
    <ToastContext value={raise}>
      {children}
      <Snackbar
        key={toast?.key}
        open={open}
        autoHideDuration={SHOWN_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          role="status"
          aria-live="polite"
          severity={toast?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext>
  );
}

/** Raises a toast; a no-op outside ToastProvider (a screen rendered alone in a test). */
export function useToast(): RaiseToast {
  return use(ToastContext) ?? noToast;
}

const noToast: RaiseToast = () => {};
