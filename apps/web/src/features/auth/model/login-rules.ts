/**
 * The login form's rules: the contract's own schema (`loginRequestSchema`), loaded apart from the
 * page (`login-page.tsx` imports it when the user first submits, or ahead once the page has
 * painted), so the login page's first load carries no schema library.
 */
import { loginRequestSchema, type LoginRequest } from '@fiscus/contracts';

export type LoginField = keyof LoginRequest;

/** Each field's first message (English, as the contract words it), or the values to send. */
export type LoginCheck =
  { ok: true; values: LoginRequest } | { ok: false; errors: Partial<Record<LoginField, string>> };

export function checkLogin(values: { email: string; password: string }): LoginCheck {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}
