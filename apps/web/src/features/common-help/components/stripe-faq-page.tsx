/** `/help/stripe-faq`: the questions a payment-provider (stripe) account asks first. */
import { HelpPage } from './help-page';

const questions = ['what', 'where', 'create', 'marking', 'rejected', 'credit', 'support'] as const;

export default function StripeFaqPage() {
  return (
    <HelpPage
      page="faq"
      sections={questions}
      other={{ path: '/help/stripe-manual', labelKey: 'faq.toManual' }}
    />
  );
}
