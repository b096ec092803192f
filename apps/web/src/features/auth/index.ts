/** The sign-in screens (`/login`, `/reset-password`); their routes are declared in `routes.ts`. */
export { default as LoginPage } from './components/login-page';
export { default as ResetPasswordPage } from './components/reset-password-page';
