/**
 * The login form's rules: the contract's own schema (`loginRequestSchema`), loaded apart from the
 * page (`login-page.tsx` imports it when the user first submits, or ahead once the page has
 * painted), so the login page's first load carries no schema library.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@fiscus/contracts';
import type { z } from 'zod';

export type LoginFormInput = z.input<typeof loginRequestSchema>;
export type LoginFormOutput = z.output<typeof loginRequestSchema>;

export const loginResolver = zodResolver(loginRequestSchema);
