/** The stripe help pages (`/help/stripe-faq`, `/help/stripe-manual`); routes in `routes.ts`. */
export { default as StripeFaqPage } from './components/stripe-faq-page';
export { default as StripeManualPage } from './components/stripe-manual-page';
