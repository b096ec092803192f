/** `/help/stripe-manual`: how a payment-provider (stripe) account uses the console, step by step. */
import { HelpPage } from './help-page';

const chapters = ['account', 'sent', 'details', 'files', 'received', 'profile'] as const;

export default function StripeManualPage() {
  return (
    <HelpPage
      page="manual"
      sections={chapters}
      other={{ path: '/help/stripe-faq', labelKey: 'manual.toFaq' }}
    />
  );
}
