import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../../test/handlers/http';
import { renderWithProviders } from '../../../test/render-with-providers';
import { server } from '../../../test/server';
import { PeppolStatisticsPanel } from './peppol-statistics';

describe('PeppolStatisticsPanel', () => {
  it('shows the year’s documents of the Belgian domain: sent, received and failed', async () => {
    server.use(
      http.get(apiUrl('peppol', '/be/statistics'), () =>
        HttpResponse.json({
          year: 2026,
          months: Array.from({ length: 12 }, (_, index) => ({
            month: index + 1,
            outgoing: index === 10 ? 12 : 0,
            incoming: index === 10 ? 1_250 : 0,
            failed: index === 10 ? 2 : 0,
          })),
        }),
      ),
    );
    await renderWithProviders(<PeppolStatisticsPanel domain="be" />, {
      namespaces: ['peppolDocuments'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Belgian Peppol documents in 2026' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('peppol-stats-outgoing')).getByText('12')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('peppol-stats-incoming')).getByText('1,250'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('peppol-stats-failed')).getByText('2')).toBeInTheDocument();
  });
});
