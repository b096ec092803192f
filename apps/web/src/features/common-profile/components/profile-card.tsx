import type { Profile } from '@fiscus/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const shownFields = [
  'email',
  'fullname',
  'invoicing_name',
  'invoicing_vat_number',
  'invoicing_fiscal_id',
  'invoicing_address',
  'invoicing_city',
  'invoicing_province',
  'invoicing_cap',
  'invoicing_country',
  'statistics_scope',
  'credit_alert_email',
  'pre_sale_alert_threshold',
] as const satisfies readonly (keyof Profile)[];

export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
    <Card>
      <CardHeader
        title={profile.fullname || profile.email}
        subheader={profile.invoicing_name ?? undefined}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Grid container component="dl" spacing={2} sx={{ m: 0 }}>
          {shownFields.map((field) => {
            const value = profile[field];
            return (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {t(`fields.${field}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value === null || value === '' ? '—' : String(value)}
                </Typography>
              </Grid>
            );
          })}
        </Grid>
      </CardContent>
    </Card>
  );
}
