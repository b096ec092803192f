import { useSearchParams } from 'react-router';
import { PublicPageLayout } from '../../../components/public-page-layout';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';

/** `/reset-password`: the request form, or with `?token=` (the mailed link) the new-password form. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <PublicPageLayout>
      {token ? <NewPasswordForm token={token} /> : <ResetRequestForm />}
    </PublicPageLayout>
  );
}
