import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/**
 * The toasts of the signed-in console (saved, deleted, failed). Only the shell's pages show them,
 * so notistack (and its CSS-in-JS) stays out of the login page's first load.
 *
 * The spec caps simultaneous snackbars at 3. Bottom centre: the sticky submit bars keep their
 * buttons on the right, where a toast would cover them.
 */
export function ToastsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      {children}
    </SnackbarProvider>
  );
}
