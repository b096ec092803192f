/**
 * The layout of a help page: a title, an introduction and its sections (a heading and one or
 * more paragraphs each), every text from the `help` namespace, with a link to the other page.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface HelpPageProps {
  /** Key prefix of the page in the `help` namespace (`faq`, `manual`). */
  page: 'faq' | 'manual';
  /** Ids of the sections, in order: `<page>.sections.<id>.title` and `.body` (paragraphs). */
  sections: readonly string[];
  /** The other help page, linked under the sections. */
  other: { path: string; labelKey: string };
}

export function HelpPage({ page, sections, other }: HelpPageProps) {
  const { t } = useTranslation('help');
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography variant="h4" component="h1">
          {t(`${page}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`${page}.intro`)}</Typography>
      </Stack>
      {sections.map((id) => (
        <Card key={id} component="section" aria-labelledby={`help-${page}-${id}`}>
          <CardContent>
            <Typography id={`help-${page}-${id}`} variant="h6" component="h2" gutterBottom>
              {t(`${page}.sections.${id}.title`)}
            </Typography>
            {t(`${page}.sections.${id}.body`)
              .split('\n')
              .map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1, '&:last-child': { mb: 0 } }}>
                  {paragraph}
                </Typography>
              ))}
          </CardContent>
        </Card>
      ))}
      <div>
        <Button component={RouterLink} to={other.path} variant="outlined">
          {t(other.labelKey)}
        </Button>
      </div>
    </Stack>
  );
}
