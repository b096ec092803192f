import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recipientCodeQueries } from '../api/profile-queries';

/** The SDI recipient code (codice destinatario), large so it can be read out or copied. */
export function RecipientCodeCard() {
  const { t } = useTranslation(['profile', 'common']);
  const recipientCode = useQuery(recipientCodeQueries.detail());
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('recipientCode.title')}
        subheader={t('recipientCode.description')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {recipientCode.isPending ? <Skeleton variant="text" sx={{ fontSize: 48 }} /> : null}
        {recipientCode.isError ? (
          <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
        ) : null}
        {recipientCode.data ? (
          recipientCode.data.recipient_code ? (
            <Typography
              data-testid="recipient-code"
              sx={{
                fontFamily: '"JetBrains Mono", "SFMono-Regular", Consolas, monospace',
                fontSize: { xs: 36, sm: 48 },
                fontWeight: 700,
                letterSpacing: '0.12em',
                color: 'primary.dark',
              }}
            >
              {recipientCode.data.recipient_code}
            </Typography>
          ) : (
            <Typography color="text.secondary">{t('recipientCode.none')}</Typography>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
