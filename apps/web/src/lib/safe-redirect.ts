/**
 * `redirect_to` comes from the address bar, so anyone can craft it: only same-site paths are
 * followed, never another origin (`//evil.test`, `https://…`), to avoid an open redirect.
 */
export function safeRedirectTarget(value: string | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  // Going back to the login page after logging in would look like a failed login.
  if (value === '/login' || value.startsWith('/login?')) return fallback;
  return value;
}
